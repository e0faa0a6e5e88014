"""Each seat's record over a match, from the match's finished hands as the store keeps them.

The ranking screen shows wins / 自摸 / 点炮 / best hand per seat. It is computed here from the
stored hands (settlement and replay), so every browser shows the same figures, after a reload too.
How a hand was won (self-drawn or off whose discard) is not in the settlement itself (a hand stored
since the settlement carried ``wins`` says it, older ones do not), so each hand's replay is rebuilt once
to read its ``won`` events, which serves both."""

from __future__ import annotations

import json
from typing import Any

from majiang.core.events import Won
from majiang.engine.replay import decode as decode_replay
from majiang.engine.replay import rebuild as rebuild_replay
from majiang.rules.registry import make_ruleset
from majiang.server.table_state import SEATS


def hand_wins(replay: bytes | str) -> list[Won]:
    """The ``won`` events of one finished hand (none after a draw)."""
    record = decode_replay(replay)
    hand = rebuild_replay(record, make_ruleset(record.ruleset, record.options))
    return [e for e in hand.events if isinstance(e, Won)]


def match_stats(rows: list[dict[str, Any]]) -> list[dict[str, int]]:
    """Per seat: ``wins``, ``self_draws`` (自摸), ``deal_ins`` (点炮: discards others won on; a discard
    that several won on counts once) and ``best`` (the largest gain of one hand, 0 if none), from the
    store's hand rows (``settlement`` JSON and ``replay``)."""
    stats = [{"wins": 0, "self_draws": 0, "deal_ins": 0, "best": 0} for _ in range(SEATS)]
    for row in rows:
        settlement = json.loads(row["settlement"])
        if row["draw"] or not settlement.get("winners"):
            continue
        totals = settlement.get("totals") or [0] * SEATS
        for w in settlement["winners"]:
            stats[w]["wins"] += 1
            stats[w]["best"] = max(stats[w]["best"], totals[w])
        dealt_in: set[int] = set()
        for won in hand_wins(row["replay"]):
            if won.self_draw:
                stats[won.seat]["self_draws"] += 1
            elif won.from_seat is not None:
                dealt_in.add(won.from_seat)
        for s in dealt_in:
            stats[s]["deal_ins"] += 1
    return stats
