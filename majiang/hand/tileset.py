"""Which tile kinds exist in a ruleset: all 34 (安庆) or 2-8 of the three suits (合肥, 84 tiles)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from majiang.tiles import NUM_KINDS, TileError


class TileSet:
    """An immutable set of tile kinds (ids 0..33).

    Sets, waits and wild substitutions only ever use kinds in the set. The per-suit
    ``suit_ranks`` (rank indexes 0-8 present in each suit) key the lookup tables, so
    two tile sets with the same shape per suit share tables.
    """

    __slots__ = ("_hash", "honors", "hot_tables", "kinds", "name", "suit_ranks")

    FULL: ClassVar[TileSet]
    HEFEI: ClassVar[TileSet]

    def __init__(self, kinds: Iterable[int], name: str = "custom") -> None:
        ks = frozenset(kinds)
        if not ks:
            raise TileError("a tile set needs at least one kind")
        for k in ks:
            if not isinstance(k, int) or not 0 <= k < NUM_KINDS:
                raise TileError(f"tile kind {k!r} out of range (0-33)")
        self.kinds: frozenset[int] = ks
        self.name = name
        # Rank indexes (0-8) present in suit m, p, s; honors as ids.
        self.suit_ranks: tuple[frozenset[int], ...] = tuple(
            frozenset(k - 9 * s for k in ks if 9 * s <= k < 9 * s + 9) for s in range(3)
        )
        self.honors: frozenset[int] = frozenset(k for k in ks if k >= 27)
        self._hash = hash(ks)
        # Cache slot for majiang.hand.groups: the tables this set's hot calls read (the
        # C accelerator's flat tables, or the packed need dicts of the pure path),
        # filled on first use so is_win skips a lookup keyed by TileSet.
        self.hot_tables: Any = None

    @property
    def sorted_kinds(self) -> tuple[int, ...]:
        return tuple(sorted(self.kinds))

    def __contains__(self, kind: object) -> bool:
        return kind in self.kinds

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TileSet) and other.kinds == self.kinds

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[type[TileSet], tuple[tuple[int, ...], str]]:
        # Pickle/copy the kinds only, never the hot_tables cache (thousands of
        # entries); the copy finds the shared tables again on first use.
        return (TileSet, (self.sorted_kinds, self.name))

    def __repr__(self) -> str:
        return f"TileSet({self.name}, {len(self.kinds)} kinds)"


TileSet.FULL = TileSet(range(NUM_KINDS), "full")
TileSet.HEFEI = TileSet([s * 9 + r for s in range(3) for r in range(1, 8)], "hefei")
