"""The 国标麻将 (Chinese Official rules) fan calculator: pure computation over majiang.tiles codes.

The ruleset (majiang/rules/guobiao.py) builds a :class:`GbHand` from a finished hand and calls
:func:`score_hand`; the result lists every fan that counts, after the combination principles
(不重复, 不拆移, 不得相同, 就高不就低, 套算一次) have struck the implied ones. The scores match
PyMahjongGB's ``MahjongFanCalculator`` hand by hand (tests/test_guobiao_differential.py).

Tiles are majiang.tiles ids: 0-8 万, 9-17 筒, 18-26 条, 27-30 东南西北, 31-33 中发白.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from majiang.rules.guobiao_fans.table import FAN_BY_ID, FANS, FanInfo

__all__ = [
    "FANS",
    "FAN_BY_ID",
    "FanInfo",
    "FanLine",
    "GbHand",
    "GbHandError",
    "GbMeld",
    "fan_total",
    "fans_without_flowers",
    "honors_and_knitted_shanten",
    "knitted_straight_shanten",
    "regular_shanten",
    "score_hand",
    "seven_pairs_shanten",
    "shanten",
    "thirteen_orphans_shanten",
]

MeldKind = Literal["chi", "peng", "kong", "concealed_kong"]


class GbHandError(ValueError):
    """A hand that cannot exist (wrong tile count, a fifth copy, a malformed meld); says what."""


@dataclass(frozen=True, slots=True)
class GbMeld:
    """A declared set.

    ``tiles``: the meld's tiles (three for chi/peng, four for a kong), majiang.tiles ids.
    ``offer``: where it came from, in PyMahjongGB's convention: for a chi, which of its three
    tiles (1, 2, 3 in rank order) was the claimed one; for a peng or melded kong, the seat it
    was claimed from relative to the claimer (1 = the player before, 2 = opposite, 3 = after);
    0 for a concealed kong. The fans themselves only depend on claimed versus concealed.
    """

    kind: MeldKind
    tiles: tuple[int, ...]
    offer: int = 1


@dataclass(frozen=True, slots=True)
class GbHand:
    """A winning situation.

    ``concealed``: the hand tiles WITHOUT the winning tile (13 minus three per meld).
    ``last_copy``: 和绝张 — the winning tile is the last copy (the other three are visible).
    ``last_tile``: the wall's last tile: 妙手回春 when self-drawn, 海底捞月 when not.
    ``kong_win``: 杠上开花 when self-drawn, 抢杠和 when not.
    Winds: 0..3 = 东 南 西 北. ``flowers``: the number of flowers set aside (花牌, 1 fan each).
    """

    concealed: tuple[int, ...]
    melds: tuple[GbMeld, ...]
    win_tile: int
    self_drawn: bool = False
    last_copy: bool = False
    last_tile: bool = False
    kong_win: bool = False
    seat_wind: int = 0
    prevalent_wind: int = 0
    flowers: int = 0


@dataclass(frozen=True, slots=True)
class FanLine:
    """One fan of a scored hand: ``value`` fan each, ``count`` times (e.g. 喜相逢 twice)."""

    fan: str
    zh: str
    en: str
    value: int
    count: int

    @property
    def total(self) -> int:
        return self.value * self.count


def score_hand(hand: GbHand) -> tuple[FanLine, ...] | None:
    """Every fan of ``hand``, highest first; None when the tiles do not form a winning hand.

    Raises :class:`GbHandError` for a hand that cannot exist.
    """
    raise NotImplementedError("guobiao fan calculator: landing")


def fan_total(lines: Iterable[FanLine]) -> int:
    """All fans, flowers included."""
    return sum(line.value * line.count for line in lines)


def fans_without_flowers(lines: Iterable[FanLine]) -> int:
    """The sum the 8-fan minimum is checked against: 花牌 does not count toward it."""
    return sum(line.value * line.count for line in lines if line.fan != "flower_tiles")


def shanten(concealed: tuple[int, ...], melds: int) -> int:
    """Tiles away from ready (0 = ready, -1 = complete): the minimum over the regular form,
    七对, 十三幺, 全不靠 (七星不靠 included) and 组合龙 (the last three only without melds... see
    the per-form functions). ``concealed``: 13 - 3*melds tiles (or one more, after a draw)."""
    raise NotImplementedError("guobiao shanten: landing")


def regular_shanten(concealed: tuple[int, ...], melds: int) -> int:
    """Four sets and a pair (``melds`` of the sets declared)."""
    raise NotImplementedError("guobiao shanten: landing")


def seven_pairs_shanten(concealed: tuple[int, ...]) -> int:
    """七对 (a concealed hand of 13/14 tiles)."""
    raise NotImplementedError("guobiao shanten: landing")


def thirteen_orphans_shanten(concealed: tuple[int, ...]) -> int:
    """十三幺."""
    raise NotImplementedError("guobiao shanten: landing")


def honors_and_knitted_shanten(concealed: tuple[int, ...]) -> int:
    """全不靠 / 七星不靠 (honours and knitted tiles, no pair)."""
    raise NotImplementedError("guobiao shanten: landing")


def knitted_straight_shanten(concealed: tuple[int, ...], melds: int) -> int:
    """组合龙 plus one set and a pair (the set may be declared)."""
    raise NotImplementedError("guobiao shanten: landing")
