"""Lazily memoized lookup tables, one family per suit shape.

A hand splits into four independent groups: the three suits (keyed by their 9
counts) and the honors (keyed by their 7 counts). Sets never cross groups, so
everything the engine needs is a per-group fact looked up by the group's count
tuple:

* :class:`NeedTable` — ``(s, d, n)``: ``n`` = tiles in the group (so the caller
  gets the part's size without a ``sum``), ``s`` = fewest wilds that turn the group into
  sets only; ``s + d`` = fewest wilds for sets plus exactly one pair. ``d`` is at
  most 2 (two wilds can always be the pair) and at least -1 (a natural pair plus
  one wild is a pung), so "some group holds the pair" is ``sum(s) + min(d)``.
* :class:`BlockTable` — the group's tile count, seven-pairs pairs and the
  Pareto-best ``(sets, partial sets, pair)`` block counts it can show, for shanten.

Entries are computed on first use and kept; a miss validates the key (counts in
0..4, no tile outside the tile set), so the hot path never has to check single
counts — any key already in a table was validated when it got there.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from majiang.tiles import TileError

Key = tuple[int, ...]
Block = tuple[int, int, int]

_INF = 99


def chow_starts(ranks: Iterable[int], length: int) -> frozenset[int]:
    """Rank indexes a chow may start at: all three ranks exist in the tile set."""
    rs = set(ranks)
    return frozenset(a for a in range(length - 2) if a in rs and a + 1 in rs and a + 2 in rs)


class _GroupTable(dict):  # type: ignore[type-arg]
    """Shared validation for a group's count-tuple keys."""

    def __init__(self, present: Iterable[int], length: int, starts: frozenset[int], label: str) -> None:
        super().__init__()
        self.present = frozenset(present)
        self.length = length
        self.starts = starts
        self.label = label

    def check(self, key: Key) -> None:
        if len(key) != self.length:
            raise TileError(f"{self.label}: expected {self.length} counts, got {len(key)}")
        for r, c in enumerate(key):
            if type(c) is not int and not isinstance(c, int):
                raise TileError(f"{self.label}: count {c!r} is not an integer")
            if not 0 <= c <= 4:
                raise TileError(f"{self.label}: count {c} at rank {r + 1} out of range (0-4)")
            if c and r not in self.present:
                raise TileError(f"{self.label}: rank {r + 1} is not in the tile set but the hand holds {c}")


class NeedTable(_GroupTable):
    """key -> (s, d, n): fewest wilds for sets only, the extra for adding the pair, tile count."""

    def __init__(self, present: Iterable[int], length: int, starts: frozenset[int], label: str) -> None:
        super().__init__(present, length, starts, label)
        self._memo: dict[tuple[Key, bool], int] = {}

    def __missing__(self, key: Key) -> tuple[int, int, int]:
        self.check(key)
        key = tuple(int(c) for c in key)
        s = self._need(key, False)
        d = min(self._need(key, True) - s, 2)
        value = (s, d, sum(key))
        self[key] = value
        return value

    def _need(self, c: Key, pair: bool) -> int:
        memo_key = (c, pair)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        i = next((r for r, x in enumerate(c) if x), -1)
        if i < 0:
            best = 2 if pair else 0  # the pair made of two wilds
        else:
            best = _INF
            # By exchange, a group that can use a natural tile should: swapping a
            # wild for a natural never costs more, so each option takes every
            # natural it can.
            k = min(c[i], 3)
            best = 3 - k + self._need(_take(c, i, k), pair)
            if pair:
                k = min(c[i], 2)
                best = min(best, 2 - k + self._need(_take(c, i, k), False))
            # Chows holding rank i; ranks below i are empty so wilds fill them.
            for a in (i - 2, i - 1, i):
                if a in self.starts:
                    rest = list(c)
                    wilds = i - a
                    rest[i] -= 1
                    for j in range(i + 1, a + 3):
                        if rest[j]:
                            rest[j] -= 1
                        else:
                            wilds += 1
                    best = min(best, wilds + self._need(tuple(rest), pair))
        self._memo[memo_key] = best
        return best


BlockEntry = tuple[int, int, tuple[Block, ...]]


class BlockTable(_GroupTable):
    """key -> (n, seven-pairs pairs, Pareto-maximal (sets, partials, pair) options), for shanten.

    ``n`` (tiles in the group) and the pairs a seven-pairs hand can show (a quad is
    two) are additive over groups, so shanten needs no ``sum`` or ``count`` over the
    34 entries.
    """

    def __init__(self, present: Iterable[int], length: int, starts: frozenset[int], label: str) -> None:
        super().__init__(present, length, starts, label)
        self._memo: dict[Key, frozenset[Block]] = {}
        # A two-tile partial (i, i+1) or (i, i+2) only counts if some chow completes it.
        self._adjacent = frozenset(i for i in range(length - 1) if i in starts or i - 1 in starts)

    def __missing__(self, key: Key) -> BlockEntry:
        self.check(key)
        key = tuple(int(c) for c in key)
        pairs = key.count(2) + key.count(3) + 2 * key.count(4)
        value = (sum(key), pairs, tuple(sorted(self._blocks(key), reverse=True)))
        self[key] = value
        return value

    def _blocks(self, c: Key) -> frozenset[Block]:
        hit = self._memo.get(c)
        if hit is not None:
            return hit
        i = next((r for r, x in enumerate(c) if x), -1)
        if i < 0:
            return frozenset({(0, 0, 0)})
        found: set[Block] = set(self._blocks(_take(c, i, 1)))  # tile i left alone
        n = c[i]

        def add(rest: Key, dm: int, dt: int, dp: int) -> None:
            for m, t, p in self._blocks(rest):
                if p + dp <= 1:
                    found.add((m + dm, t + dt, p + dp))

        if n >= 3:
            add(_take(c, i, 3), 1, 0, 0)
        if n >= 2:
            rest = _take(c, i, 2)
            add(rest, 0, 1, 0)
            add(rest, 0, 0, 1)
        if i in self.starts and c[i + 1] and c[i + 2]:
            add(_take3(c, i, i + 1, i + 2), 1, 0, 0)
        if i in self._adjacent and c[i + 1]:
            add(_take3(c, i, i + 1), 0, 1, 0)
        if i in self.starts and c[i + 2]:
            add(_take3(c, i, i + 2), 0, 1, 0)
        result = frozenset(_pareto(found))
        self._memo[c] = result
        return result


def _take(c: Key, i: int, k: int) -> Key:
    return (*c[:i], c[i] - k, *c[i + 1 :])


def _take3(c: Key, *idx: int) -> Key:
    rest = list(c)
    for j in idx:
        rest[j] -= 1
    return tuple(rest)


def _pareto(options: set[Block]) -> list[Block]:
    return [
        o
        for o in options
        if not any(q != o and q[0] >= o[0] and q[1] >= o[1] and q[2] >= o[2] for q in options)
    ]


_SUIT_LABELS = ("characters (m)", "dots (p)", "bamboo (s)")
_need_cache: dict[tuple[str, frozenset[int], int], NeedTable] = {}
_block_cache: dict[tuple[str, frozenset[int], int], BlockTable] = {}


_Table = TypeVar("_Table", "NeedTable", "BlockTable")


def _shared(cache: dict[tuple[str, frozenset[int], int], _Table], cls: type[_Table], kind: str,
            present: frozenset[int], suit_index: int) -> _Table:
    """One table per (kind, ranks present, suit), built on first use: a suit's or the honors' (no chows)."""
    cache_key = (kind, present, suit_index if kind == "suit" else 3)
    table = cache.get(cache_key)
    if table is None:
        if kind == "suit":
            table = cls(present, 9, chow_starts(present, 9), _SUIT_LABELS[suit_index])
        else:
            table = cls(present, 7, frozenset(), "honors (z)")
        cache[cache_key] = table
    return table


def need_table(kind: str, present: frozenset[int], suit_index: int) -> NeedTable:
    """The shared table for a suit (``kind='suit'``, ranks present) or the honors (no chows)."""
    return _shared(_need_cache, NeedTable, kind, present, suit_index)


def block_table(kind: str, present: frozenset[int], suit_index: int) -> BlockTable:
    return _shared(_block_cache, BlockTable, kind, present, suit_index)
