"""Shanten (tiles away from ready) for the 国标 hand forms, as the competition's tools count it.

Regular form: four sets and a pair, ``8 - 2·sets - min(partial sets, 4 - sets) - pair`` maximised
over the ways to read the tiles (a partial set: two tiles of a pung or of a chow). Each suit is
read on its own (memoised on its nine counts), then the suits and honours are combined. 七对,
十三幺, 全不靠 / 七星不靠 count what the form still lacks; 组合龙 is the knitted tiles missing plus
the regular shanten of the rest with three sets already made. Tiles are calculator codes here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final

from majiang.rules.guobiao_fans.codes import HONOR, KNITTED, ORPHANS, TABLE_SIZE

Options = frozenset[tuple[int, int, int]]  # (sets, partial sets, pair) readings, none dominated


def _prune(opts: set[tuple[int, int, int]]) -> Options:
    keep = set()
    for o in opts:
        # (only readings with as many sets compete: a set too many is no use beside four)
        if not any(q != o and q[0] == o[0] and q[1] >= o[1] and q[2] >= o[2] for q in opts):
            keep.add(o)
    return frozenset(keep)


@lru_cache(maxsize=1 << 17)  # (bounded: a long-running server sees many suits)
def suit_options(counts: tuple[int, ...]) -> Options:
    """The undominated readings of one suit's nine counts."""
    i = next((k for k, n in enumerate(counts) if n), -1)
    if i < 0:
        return frozenset({(0, 0, 0)})
    c = list(counts)
    out: set[tuple[int, int, int]] = set()

    def take(delta: tuple[int, int, int], *idx: int) -> None:
        for k in idx:
            c[k] -= 1
        for m, t, p in suit_options(tuple(c)):
            if p + delta[2] <= 1:
                out.add((m + delta[0], t + delta[1], p + delta[2]))
        for k in idx:
            c[k] += 1

    take((0, 0, 0), i)  # the tile left alone
    if c[i] >= 3:
        take((1, 0, 0), i, i, i)
    if c[i] >= 2:
        take((0, 0, 1), i, i)
        take((0, 1, 0), i, i)
    if i + 1 < 9 and c[i + 1]:
        take((0, 1, 0), i, i + 1)
        if i + 2 < 9 and c[i + 2]:
            take((1, 0, 0), i, i + 1, i + 2)
    if i + 2 < 9 and c[i + 2]:
        take((0, 1, 0), i, i + 2)
    return _prune(out)


def _honor_options(n: int) -> Options:
    # (a pung may also be read as less than a set: beside four sets a fifth is of no use)
    if n >= 3:
        return frozenset({(1, 0, 0), (0, 1, 0), (0, 0, 1)})
    if n == 2:
        return frozenset({(0, 1, 0), (0, 0, 1)})
    return frozenset({(0, 0, 0)})


_HONOR_OPTS: Final = tuple(_honor_options(n) for n in range(6))


def _combine(acc: dict[tuple[int, int], int], opts: Options, max_sets: int) -> dict[tuple[int, int], int]:
    """(sets, pair) -> the most partial sets, over the readings of ``acc`` joined with ``opts``
    (sets beyond ``max_sets`` dropped: beside four sets a fifth is of no use)."""
    out: dict[tuple[int, int], int] = {}
    for (m0, p0), t0 in acc.items():
        for m1, t1, p1 in opts:
            m, p = m0 + m1, p0 + p1
            if p > 1 or m > max_sets:
                continue
            t = min(t0 + t1, 4)
            if out.get((m, p), -1) < t:
                out[(m, p)] = t
    return out


def regular_from_table(cnt: list[int], fixed: int) -> int:
    """Regular-form shanten of the tiles in ``cnt`` (calculator codes) beside ``fixed`` sets."""
    if fixed >= 4:
        return -1 if any(n > 1 for n in cnt) else 0
    room = 4 - fixed
    acc: dict[tuple[int, int], int] = {(0, 0): 0}
    for base in (0x11, 0x21, 0x31):
        suit = tuple(cnt[base:base + 9])
        if any(suit):
            acc = _combine(acc, suit_options(suit), room)
    for h in HONOR:
        if cnt[h] >= 2:
            acc = _combine(acc, _HONOR_OPTS[min(cnt[h], 5)], room)
    best = 8
    for (m, p), t in acc.items():
        sets = fixed + m
        best = min(best, 8 - 2 * sets - min(t, 4 - sets) - p)
    return best


def knitted_straight(tiles: list[int], bound: int = 99) -> int:
    """组合龙 shanten; a 组合龙 that cannot beat ``bound`` is not worked out (the answer is then
    ``bound`` or more)."""
    cnt = [0] * TABLE_SIZE
    for t in tiles:
        cnt[t] += 1
    fixed = (13 - len(tiles)) // 3
    best = 99
    for seq in KNITTED:
        have = sum(1 for t in seq if cnt[t])
        if 8 - have >= min(best, bound):  # (the rest is at best complete: -1)
            continue
        rest = list(cnt)
        for t in seq:
            if rest[t]:
                rest[t] -= 1
        best = min(best, 9 - have + regular_from_table(rest, fixed + 3))
    return best if best < 99 else bound


def regular(tiles: list[int]) -> int:
    cnt = [0] * TABLE_SIZE
    for t in tiles:
        cnt[t] += 1
    return regular_from_table(cnt, (13 - len(tiles)) // 3)


def seven_pairs(tiles: list[int]) -> int:
    cnt = [0] * TABLE_SIZE
    pairs = 0
    for t in tiles:
        cnt[t] += 1
        if cnt[t] == 2:
            pairs += 1
            cnt[t] = 0
    return 6 - pairs


def thirteen_orphans(tiles: list[int]) -> int:
    have = set(tiles)
    kinds = sum(1 for t in ORPHANS if t in have)
    pair = any(tiles.count(t) > 1 for t in ORPHANS)
    return (12 if pair else 13) - kinds


def honors_and_knitted(tiles: list[int]) -> int:
    have = set(tiles)
    honors = sum(1 for t in HONOR if t in have)
    return min(13 - honors - sum(1 for t in seq if t in have) for seq in KNITTED)
