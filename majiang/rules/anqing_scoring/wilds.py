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


# Option ``flowers`` (seed 001: "中、发、白以及东风均算花"): these are flowers, but the wild stays wild.
FLOWERS = (*DRAGONS, WINDS[0])


def stand_in_of(indicator: int, flowers: bool = False) -> int | None:
    """红中 when it plays as the wild's face (the wild is not a dragon, and 红中 is no flower), else None."""
    return RED if wild_of(indicator) not in DRAGONS and not flowers else None


def gangpai_of(indicator: int, flowers: bool = False) -> frozenset[int]:
    """The 杠牌 kinds, laid open with a replacement: the dragons that are neither the wild nor the
    stand-in; with ``flowers``, 中 发 白 and 东 except the wild."""
    wild = wild_of(indicator)
    if flowers:
        return frozenset(t for t in FLOWERS if t != wild)
    return frozenset(t for t in DRAGONS if t != wild and t != stand_in_of(indicator))
