"""Replay files: one finished (or unfinished) hand as (ruleset, options, seed, deal, actions).

The file holds no tiles at all beyond the seed: the engine rebuilds the wall and
every event from it, so a replay can't disagree with the rules that made it.
Format (JSON)::

    {"format": "majiang-replay/1", "ruleset": "anqing", "options": {...},
     "seed": "…", "dealer": 0, "streak": 0, "hand_no": 1, "dealer_dice": [3, 5],
     "actions": [[0, {"type": "discard", "tile": 5}], …],
     "settlement": {...} | null}
"""

from __future__ import annotations

from typing import Any

import msgspec

from majiang.core.actions import Action
from majiang.core.settlement import Settlement
from majiang.engine.hand import Hand
from majiang.rules.base import Ruleset

FORMAT = "majiang-replay/1"


class ReplayFile(msgspec.Struct, kw_only=True):
    format: str = FORMAT
    ruleset: str
    options: dict[str, Any]
    seed: str
    dealer: int
    streak: int
    hand_no: int = 1
    dealer_dice: tuple[int, ...] = ()  # hand 1: the roll that picked the first dealer
    round_wind: int = 0  # 圈风 (0 东 1 南 2 西 3 北)
    actions: list[tuple[int, Action]]
    settlement: Settlement | None = None


def to_replay(hand: Hand) -> ReplayFile:
    return ReplayFile(
        ruleset=hand.ruleset.name,
        options=hand.ruleset.options_dict(),
        seed=hand.seed,
        dealer=hand.dealer,
        streak=hand.streak,
        hand_no=hand.hand_no,
        dealer_dice=hand.dealer_dice,
        round_wind=hand.round_wind,
        actions=list(hand.log),
        settlement=hand.settlement,
    )


def encode(replay: ReplayFile) -> bytes:
    return msgspec.json.encode(replay)


def decode(data: bytes | str) -> ReplayFile:
    try:
        replay = msgspec.json.decode(data, type=ReplayFile)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise ValueError(f"not a replay file: {e}") from None
    if replay.format != FORMAT:
        raise ValueError(f"unsupported replay format {replay.format!r} (expected {FORMAT})")
    return replay


def rebuild(replay: ReplayFile, ruleset: Ruleset, upto: int | None = None) -> Hand:
    """The hand after the first ``upto`` actions (all of them by default). ``ruleset`` is the file's
    (``make_ruleset(replay.ruleset, replay.options)`` from :mod:`majiang.rules.registry`): the engine
    knows the ruleset interface only, never the concrete rulesets."""
    actions = replay.actions if upto is None else replay.actions[:upto]
    return Hand.replay(ruleset, replay.seed, actions, dealer=replay.dealer, streak=replay.streak,
                       hand_no=replay.hand_no, dealer_dice=replay.dealer_dice, round_wind=replay.round_wind)
