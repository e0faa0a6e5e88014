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
from operator import add
from typing import Literal

from majiang.rules.guobiao_fans import calc, shanten_forms
from majiang.rules.guobiao_fans.codes import CODE_OF
from majiang.rules.guobiao_fans.table import ALL_FANS, FAN_BY_ID, FANS, FanInfo

__all__ = [
    "ALL_FANS",
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
    table = calc.calculate(situation(hand))
    if table is None:
        return None
    lines = [_line(i, n) for i, n in enumerate(table) if n]
    if hand.flowers:
        lines.append(_line(calc.FLOWER_TILES, hand.flowers))
    lines.sort(key=_by_value)  # (stable: the rule book's order within a value)
    return tuple(lines)


_LINES: dict[tuple[int, int], FanLine] = {}


def _line(i: int, n: int) -> FanLine:
    """The (immutable, so shared) line of fan ``i`` counted ``n`` times."""
    line = _LINES.get((i, n))
    if line is None:
        f = ALL_FANS[i]
        line = _LINES[(i, n)] = FanLine(f.fan, f.zh, f.en, f.value, n)
    return line


def _by_value(line: FanLine) -> int:
    return -line.value


_TILE_IDS = frozenset(range(34))
_CODE = CODE_OF
_MELD_SIZE = {"chi": 3, "peng": 3, "kong": 4, "concealed_kong": 4}


def _check_tile(t: object, what: str) -> int:
    if not isinstance(t, int) or isinstance(t, bool) or not 0 <= t < 34:
        raise GbHandError(f"{what}: {t!r} is not a tile id 0-33 (flowers go in `flowers`)")
    return t


def _meld_pack(m: GbMeld) -> int:
    if m.kind not in _MELD_SIZE:
        raise GbHandError(f"meld kind {m.kind!r} is not one of chi, peng, kong, concealed_kong")
    tiles = sorted(_check_tile(t, f"{m.kind} tile") for t in m.tiles)
    if len(tiles) != _MELD_SIZE[m.kind]:
        raise GbHandError(f"a {m.kind} has {_MELD_SIZE[m.kind]} tiles, not {len(tiles)}: {m.tiles!r}")
    if m.kind == "chi":
        lo = tiles[0]
        if lo >= 27 or lo % 9 > 6 or tiles != [lo, lo + 1, lo + 2]:
            raise GbHandError(f"chi {m.tiles!r} is not three consecutive tiles of one suit")
        if m.offer not in (1, 2, 3):
            raise GbHandError(f"chi offer {m.offer!r}: which tile was claimed, 1-3")
        return calc.pack(calc.CHOW, CODE_OF[lo + 1], melded=True)
    if len(set(tiles)) != 1:
        raise GbHandError(f"{m.kind} {m.tiles!r} is not {len(tiles)} copies of one tile")
    if m.kind == "concealed_kong":
        return calc.pack(calc.KONG, CODE_OF[tiles[0]])
    if m.offer not in (1, 2, 3):
        raise GbHandError(f"{m.kind} offer {m.offer!r}: the seat claimed from, 1-3")
    return calc.pack(calc.PUNG if m.kind == "peng" else calc.KONG, CODE_OF[tiles[0]], melded=True)


def situation(hand: GbHand) -> calc.Situation:
    """Check ``hand`` and turn it into the calculator's inputs (flags corrected as the tiles imply)."""
    if len(hand.melds) > 4:
        raise GbHandError(f"{len(hand.melds)} melds: a hand has at most 4")
    concealed = list(hand.concealed)
    if not _TILE_IDS.issuperset(concealed):
        for t in concealed:
            _check_tile(t, "concealed tile")
    win = _check_tile(hand.win_tile, "winning tile")
    if len(concealed) + 3 * len(hand.melds) != 13:
        raise GbHandError(f"{len(concealed)} concealed tiles with {len(hand.melds)} melds: "
                          f"expected {13 - 3 * len(hand.melds)} (the winning tile apart)")
    for name in ("seat_wind", "prevalent_wind"):
        w = getattr(hand, name)
        if w not in (0, 1, 2, 3):
            raise GbHandError(f"{name} {w!r}: 0-3 for east, south, west, north")
    if not 0 <= hand.flowers <= 8:
        raise GbHandError(f"flowers {hand.flowers!r}: 0-8")
    fixed = [_meld_pack(m) for m in hand.melds]
    counts = [0] * 34
    for t in concealed:
        counts[t] += 1
    counts[win] += 1
    in_melds = [0] * 34
    for m in hand.melds:
        for t in m.tiles:
            in_melds[t] += 1
    if max(map(add, counts, in_melds)) > 4:
        t = next(t for t in range(34) if counts[t] + in_melds[t] > 4)
        raise GbHandError(f"five or more copies of tile {t}")
    win_code = CODE_OF[win]
    fourth = hand.last_copy and win not in concealed
    if in_melds[win] == 3:  # the other three are in the hand's own melds: it was the last copy
        fourth = True
    about_kong = hand.kong_win
    if about_kong:
        if hand.self_drawn:
            about_kong = any(m.kind in ("kong", "concealed_kong") for m in hand.melds)
        else:
            about_kong = in_melds[win] == 0 and win not in concealed
    return calc.Situation(fixed, [_CODE[t] for t in concealed], win_code, hand.self_drawn, fourth,
                          about_kong, hand.last_tile, hand.seat_wind, hand.prevalent_wind)


def fan_total(lines: Iterable[FanLine]) -> int:
    """All fans, flowers included."""
    return sum(line.value * line.count for line in lines)


def fans_without_flowers(lines: Iterable[FanLine]) -> int:
    """The sum the 8-fan minimum is checked against: 花牌 does not count toward it."""
    return sum(line.value * line.count for line in lines if line.fan != "flower_tiles")


def _codes(concealed: tuple[int, ...], counts: tuple[int, ...]) -> list[int]:
    tiles = [_check_tile(t, "concealed tile") for t in concealed]
    if len(tiles) not in counts:
        raise GbHandError(f"{len(tiles)} concealed tiles: this form takes {' or '.join(map(str, counts))}")
    seen = [0] * 34
    for t in tiles:
        seen[t] += 1
        if seen[t] > 4:
            raise GbHandError(f"five or more copies of tile {t}")
    return [CODE_OF[t] for t in tiles]


def shanten(concealed: tuple[int, ...], melds: int) -> int:
    """Tiles away from ready (0 = ready): the least over the regular form, 七对, 十三幺,
    全不靠 / 七星不靠 and 组合龙, each where the tile count allows it (PyMahjongGB's
    ``MahjongShanten``). ``concealed``: the 13 - 3 * ``melds`` tiles held besides the melds."""
    if not 0 <= melds <= 4:
        raise GbHandError(f"{melds} melds: 0-4")
    codes = _codes(concealed, (13 - 3 * melds,))
    best = shanten_forms.regular(codes)
    if melds == 0:
        best = min(best, shanten_forms.seven_pairs(codes), shanten_forms.thirteen_orphans(codes),
                   shanten_forms.honors_and_knitted(codes))
    if melds <= 1:
        best = min(best, shanten_forms.knitted_straight(codes, best))
    return best


def _counts_for(melds: int | None, allowed: tuple[int, ...]) -> tuple[int, ...]:
    if melds is None:
        return allowed
    if 13 - 3 * melds not in allowed:
        raise GbHandError(f"{melds} melds: this form takes {' or '.join(str((13 - n) // 3) for n in allowed)}")
    return (13 - 3 * melds,)


def regular_shanten(concealed: tuple[int, ...], melds: int | None = None) -> int:
    """Four sets and a pair; ``concealed`` holds 13, 10, 7, 4 or 1 tiles (the rest declared;
    ``melds``, when given, must agree)."""
    return shanten_forms.regular(_codes(concealed, _counts_for(melds, (13, 10, 7, 4, 1))))


def seven_pairs_shanten(concealed: tuple[int, ...]) -> int:
    """七对 (13 concealed tiles)."""
    return shanten_forms.seven_pairs(_codes(concealed, (13,)))


def thirteen_orphans_shanten(concealed: tuple[int, ...]) -> int:
    """十三幺 (13 concealed tiles)."""
    return shanten_forms.thirteen_orphans(_codes(concealed, (13,)))


def honors_and_knitted_shanten(concealed: tuple[int, ...]) -> int:
    """全不靠 / 七星不靠 (13 concealed tiles)."""
    return shanten_forms.honors_and_knitted(_codes(concealed, (13,)))


def knitted_straight_shanten(concealed: tuple[int, ...], melds: int | None = None) -> int:
    """组合龙 with a set and a pair (13 concealed tiles, or 10 beside one declared set)."""
    return shanten_forms.knitted_straight(_codes(concealed, _counts_for(melds, (13, 10))))
