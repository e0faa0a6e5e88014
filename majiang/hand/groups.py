"""The four independent groups of a hand (m, p, s, honors) and their tables per tile set."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.hand.tables import BlockTable, Key, NeedTable, block_table, need_table
from majiang.hand.tileset import TileSet
from majiang.tiles import NUM_KINDS, TileError

# Where each group sits in the 34-count array.
GROUP_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))
# Concealed-part sizes (counting wilds) that exist: 3n+2 complete, 3n+1 waiting, n = 0..4.
COMPLETE_SIZES = frozenset({2, 5, 8, 11, 14})
WAITING_SIZES = frozenset({1, 4, 7, 10, 13})


class SuccessorTable(dict):  # type: ignore[type-arg]
    """key -> ((s, d), tile ids) buckets: the need values after adding one tile of each rank.

    ``waits`` reads a whole group's candidate tiles from one entry instead of
    building a key per tile. Ranks already held four times are left out: a fifth
    natural copy cannot be drawn.
    """

    def __init__(self, need: NeedTable, base: int) -> None:
        super().__init__()
        self.need = need
        self.base = base
        self.ranks = tuple(sorted(need.present))

    def __missing__(self, key: Key) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
        self.need[key]  # validates the key
        buckets: dict[tuple[int, int], list[int]] = {}
        for r in self.ranks:
            if key[r] < 4:
                s, d, _ = self.need[(*key[:r], key[r] + 1, *key[r + 1 :])]
                buckets.setdefault((s, d), []).append(self.base + r)
        value = tuple((s, d, tuple(ids)) for (s, d), ids in sorted(buckets.items()))
        self[key] = value
        return value


@dataclass(frozen=True)
class GroupTables:
    """Everything table-shaped the engine needs for one tile set."""

    tileset: TileSet
    need: tuple[NeedTable, NeedTable, NeedTable, NeedTable]
    blocks: tuple[BlockTable, BlockTable, BlockTable, BlockTable]
    successors: tuple[SuccessorTable, SuccessorTable, SuccessorTable, SuccessorTable]


def _build(tileset: TileSet) -> GroupTables:
    honors = frozenset(k - 27 for k in tileset.honors)
    need = (
        need_table("suit", tileset.suit_ranks[0], 0),
        need_table("suit", tileset.suit_ranks[1], 1),
        need_table("suit", tileset.suit_ranks[2], 2),
        need_table("honors", honors, 3),
    )
    blocks = (
        block_table("suit", tileset.suit_ranks[0], 0),
        block_table("suit", tileset.suit_ranks[1], 1),
        block_table("suit", tileset.suit_ranks[2], 2),
        block_table("honors", honors, 3),
    )
    successors = (
        SuccessorTable(need[0], 0),
        SuccessorTable(need[1], 9),
        SuccessorTable(need[2], 18),
        SuccessorTable(need[3], 27),
    )
    return GroupTables(tileset, need, blocks, successors)


_by_tileset: dict[TileSet, GroupTables] = {}
FULL_TABLES = _build(TileSet.FULL)
_by_tileset[TileSet.FULL] = FULL_TABLES


def tables_for(tileset: TileSet | None) -> GroupTables:
    if tileset is None:
        return FULL_TABLES
    tables = _by_tileset.get(tileset)
    if tables is None:
        if not isinstance(tileset, TileSet):
            raise TileError(f"tileset must be a TileSet or None, got {type(tileset).__name__}")
        tables = _by_tileset[tileset] = _build(tileset)
    return tables


def bad_size(counts: object, jokers: int, allowed: frozenset[int], what: str) -> TileError:
    """Build the error for a count array that failed the cheap length/sum checks."""
    try:
        n = len(counts)  # type: ignore[arg-type]
    except TypeError:
        return TileError(f"counts must be a sequence of {NUM_KINDS} integers, got {type(counts).__name__}")
    if n != NUM_KINDS:
        return TileError(f"a count array has {NUM_KINDS} entries, got {n}")
    if not isinstance(jokers, int) or jokers < 0:
        return TileError(f"jokers must be a non-negative integer, got {jokers!r}")
    for t, c in enumerate(counts):  # type: ignore[arg-type]
        if not isinstance(c, int) or not 0 <= c <= 4:
            return TileError(f"count {c!r} for tile id {t} out of range (0-4)")
    total = sum(counts) + jokers  # type: ignore[arg-type]
    sizes = ", ".join(str(s) for s in sorted(allowed))
    return TileError(f"{what} needs a concealed part of {sizes} tiles (wilds included), got {total}")
