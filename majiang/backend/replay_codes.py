"""回放码 (replay codes) and what an old hand's replay says of who won how: below the platform, because
migration 0005 gives the hands kept before it their codes and records the way the live hook does."""

from __future__ import annotations

import re
import secrets

from majiang.core.events import Won
from majiang.engine.replay import decode as decode_replay
from majiang.engine.replay import rebuild as rebuild_replay
from majiang.rules.registry import make_ruleset

# No 0/O, 1/I/L: a code is read out over the phone. 31 ** 8 is about 8.5e11 codes: at the lookup limit
# (a burst, then one every few seconds per address) a guesser would need millions of years per hit.
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
CODE_LEN = 8
_LOOKS_LIKE = re.compile(f"[{ALPHABET}]{{{CODE_LEN}}}")


def new_replay_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LEN))


def clean_replay_code(text: object) -> str | None:
    """The code in canonical form (upper case, spaces and dashes dropped), or None if it cannot be one."""
    if not isinstance(text, str) or len(text) > 32:
        return None
    code = re.sub(r"[\s\-]", "", text).upper()
    return code if _LOOKS_LIKE.fullmatch(code) else None


def hand_wins_of(replay: str | bytes) -> tuple[set[int], int | None]:
    """(the seats that self-drew, the seat dealt in) of a stored hand, from its replay (old hands)."""
    try:
        record = decode_replay(replay)
        won = [e for e in rebuild_replay(record, make_ruleset(record.ruleset, record.options)).events
               if isinstance(e, Won)]
    except Exception:  # a replay this version cannot rebuild: the hand still counts, without the how
        return set(), None
    return {e.seat for e in won if e.self_draw}, next((e.from_seat for e in won if not e.self_draw), None)
