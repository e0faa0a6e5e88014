"""The wild tile (钻牌) and its companions, from the turned-up indicator (翻牌).

Wild = indicator + 1 within its group (suits 9→1, winds 北→东, dragons 中→发→白→中). When the wild is not a
dragon, 红中 plays as the wild's own face and 发/白 are 杠牌; when it is a dragon, the other two dragons are
杠牌 and nothing stands in.
"""

from __future__ import annotations

from majiang.tiles import DRAGONS, RED, WINDS, TileError

__all__ = ["gangpai_of", "stand_in_of", "wild_of"]


def _check(indicator: int) -> None:
    if not isinstance(indicator, int) or not 0 <= indicator < 34:
        raise TileError(f"indicator {indicator!r} is not a tile id 0-33")


def wild_of(indicator: int) -> int:
    """The wild (钻) tile id for a turned-up ``indicator``."""
    _check(indicator)
    if indicator < 27:
        base = indicator - indicator % 9
        return base + (indicator % 9 + 1) % 9
    if indicator in WINDS:
        return WINDS[0] + (indicator - WINDS[0] + 1) % 4
    return DRAGONS[0] + (indicator - DRAGONS[0] + 1) % 3


def stand_in_of(indicator: int) -> int | None:
    """红中 when it plays as the wild's face (the wild is not a dragon), else None."""
    return RED if wild_of(indicator) not in DRAGONS else None


def gangpai_of(indicator: int) -> frozenset[int]:
    """The two 杠牌 kinds: the dragons that are neither the wild nor the stand-in."""
    wild = wild_of(indicator)
    return frozenset(t for t in DRAGONS if t != wild and t != stand_in_of(indicator))
