"""What a match keeps of each finished hand (a msgspec struct, so not in the compiled match module)."""

from __future__ import annotations

import msgspec

from majiang.core.actions import Action
from majiang.core.settlement import Settlement


class HandRecord(msgspec.Struct):
    hand_no: int
    dealer: int
    streak: int
    seed: str
    actions: list[tuple[int, Action]]
    settlement: Settlement
    dealer_dice: tuple[int, ...] = ()
    round_wind: int = 0  # 圈风 of the hand (0 东 … 3 北)
