"""The four independent groups of a hand (m, p, s, honors) and their tables per tile set.

Besides the tuple-valued tables (:mod:`majiang.hand.tables`) each tile set gets
*packed* need tables for ``is_win``'s hot path: plain dicts (so CPython's
specialised dict subscript applies) mapping a group's count tuple to one small
int whose bit fields add up across the four groups without carrying:

    bits  0-7   s            (honors entries carry a bias of 64, see below)
    bits  8-15  n            tiles in the group
    bits 16-18  d <= -1      1 if the group can take the pair for one wild less
    bits 19-21  d <= 0       than sets alone, etc.: summed, these count groups,
    bits 22-24  d <= 1       and min(d) is the lowest level with a non-zero count
    bits 25-    odd kinds    held 1 or 3 times (seven pairs)

So the sum of four lookups holds ``sum(s)``, the part's size, ``min(d)`` (via
the counts) and the seven-pairs shortfall. Adding ``J * JOKER_STEP`` moves the
wilds into the size (``n + J``) and out of the need (``s - J``; the bias keeps
that field non-negative), and :data:`VERDICT` maps the low 25 bits straight to
the answer. Entries are added only for keys of hands that passed full
validation (at most 14 tiles per group, so ``s <= 28`` and no field overflows);
a key that is not there sends the caller to its validating slow path.

With the C accelerator each tile set also gets ``flat``: complete flat tables
of its group shapes, built in C when the tile set is first used (at import for
the full set), which is_win, shanten and waits read instead (see
``majiang/hand/_speedups.c``). The packed dicts then only serve the pure path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from majiang.hand import codes, tablefile
from majiang.hand.codes import ACCELERATED, speedups
from majiang.hand.tables import BlockTable, Key, NeedTable, block_table, chow_starts, need_table
from majiang.hand.tileset import TileSet
from majiang.tiles import NUM_KINDS, TileError

# Where each group sits in the 34-count array.
GROUP_SLICES = ((0, 9), (9, 18), (18, 27), (27, 34))
# Concealed-part sizes (counting wilds) that exist: 3n+2 complete, 3n+1 waiting, n = 0..4.
COMPLETE_SIZES = frozenset({2, 5, 8, 11, 14})
WAITING_SIZES = frozenset({1, 4, 7, 10, 13})
ANY_SIZE = COMPLETE_SIZES | WAITING_SIZES
MAX_SIZE = 14

# Packed need values (see the module docstring).
N_SHIFT = 8
D_SHIFT = 16
ODD_SHIFT = 25
LOW_MASK = (1 << ODD_SHIFT) - 1
S_BIAS = 64  # > MAX_SIZE: s - J never borrows from the size field
JOKER_STEP = (1 << N_SHIFT) - 1  # + J to the size, - J to the need
if (MAX_SIZE, MAX_SIZE) != (codes.MAX_JOKERS, codes.MAX_GROUP_TILES):  # the C accelerator's limits
    raise RuntimeError("majiang.hand.codes disagrees with the sizes in majiang.hand.groups")


def pack(s: int, d: int, n: int, odd: int, bias: int = 0) -> int:
    """One group's packed need value (``bias`` is S_BIAS for exactly one group: the honors)."""
    if not (0 <= s <= 2 * MAX_SIZE and -1 <= d <= 2 and 0 <= n <= MAX_SIZE):
        raise ValueError(f"need value out of packing range: s={s} d={d} n={n}")
    return (
        (s + bias)
        | n << N_SHIFT
        | (d <= -1) << D_SHIFT
        | (d <= 0) << (D_SHIFT + 3)
        | (d <= 1) << (D_SHIFT + 6)
        | odd << ODD_SHIFT
    )


def _verdicts() -> dict[int, bool | None]:
    """Low 25 bits of (sum of four packed values + J * JOKER_STEP) -> answer.

    True = regular win; False = not complete (a waiting size, or a complete size
    below 14 that fails); None = 14 tiles without a regular win: the caller checks
    seven pairs. Covers every reachable key of a valid part: size n + J in
    ANY_SIZE, and s - J in [-size, 28] because s <= 2n (a lone tile plus two
    wilds is a pung). A key of an invalid size is absent.
    """
    table: dict[int, bool | None] = {}
    for size in ANY_SIZE:
        for need in range(-size, 2 * MAX_SIZE + 1):  # sum(s) - J
            for a in range(5):  # groups with d <= -1
                for b in range(a, 5):  # d <= 0
                    for c in range(b, 5):  # d <= 1
                        min_d = -1 if a else 0 if b else 1 if c else 2
                        key = (
                            (need + S_BIAS)
                            | size << N_SHIFT
                            | a << D_SHIFT
                            | b << (D_SHIFT + 3)
                            | c << (D_SHIFT + 6)
                        )
                        if size in COMPLETE_SIZES and need + min_d <= 0:
                            table[key] = True
                        else:
                            table[key] = None if size == MAX_SIZE else False
    return table


#: Filled by :func:`fill_verdicts` on the pure path's first slow call, not at import: building it
#: costs several ms, and with the C accelerator the pure is_win runs only when asked for by name.
#: An empty table only sends the pure is_win to its slow path, which answers and fills it.
VERDICT: dict[int, bool | None] = {}


def fill_verdicts() -> None:
    if not VERDICT:
        VERDICT.update(_verdicts())


Bucket = tuple[int, int, tuple[int, ...]]


class SuccessorTable(dict):  # type: ignore[type-arg]
    """key -> (odd kinds, ((s, d, tile ids), ...)): the need values after adding one tile of each rank.

    ``waits`` reads a whole group's candidate tiles from one entry instead of
    building a key per tile. Ranks already held four times are left out: a fifth
    natural copy cannot be drawn. ``odd`` = kinds held 1 or 3 times (seven pairs),
    so waits needs no ``count`` over 34 entries.
    """

    def __init__(self, need: NeedTable, base: int) -> None:
        super().__init__()
        self.need = need
        self.base = base
        self.ranks = tuple(sorted(need.present))

    def __missing__(self, key: Key) -> tuple[int, tuple[Bucket, ...]]:
        self.need[key]  # validates the key
        buckets: dict[tuple[int, int], list[int]] = {}
        for r in self.ranks:
            if key[r] < 4:
                s, d, _ = self.need[(*key[:r], key[r] + 1, *key[r + 1 :])]
                buckets.setdefault((s, d), []).append(self.base + r)
        value = (key.count(1) + key.count(3), tuple((s, d, tuple(ids)) for (s, d), ids in sorted(buckets.items())))
        self[key] = value
        return value


class GroupTables:
    """Everything table-shaped the engine needs for one tile set.

    (A plain class with slots, not a dataclass: importing dataclasses costs more than the whole
    rest of ``import majiang.hand``.)
    """

    __slots__ = ("blocks", "flat", "kinds", "need", "packed", "successors", "tileset")

    def __init__(
        self,
        tileset: TileSet,
        kinds: tuple[int, ...],
        need: tuple[NeedTable, NeedTable, NeedTable, NeedTable],
        blocks: tuple[BlockTable, BlockTable, BlockTable, BlockTable],
        successors: tuple[SuccessorTable, SuccessorTable, SuccessorTable, SuccessorTable],
        packed: tuple[dict[Key, int], dict[Key, int], dict[Key, int], dict[Key, int]],
        flat: Any,
    ) -> None:
        self.tileset = tileset
        self.kinds = kinds  # the tile set's kinds, ascending
        self.need = need
        self.blocks = blocks
        self.successors = successors
        # Packed need values (plain dicts, filled by :func:`read`); suits of the same shape share one.
        self.packed = packed
        # The C accelerator's complete flat tables (a ``_speedups.Tables``), None on the pure path.
        self.flat = flat

    @property
    def hot(self) -> Any:
        """What the active is_win path reads: the flat C tables, or the packed dicts on the pure path."""
        return self.flat if ACCELERATED else self.packed


_shapes: dict[tuple[str, frozenset[int]], Any] = {}


def _load_stored_shapes() -> None:
    """The full tile set's shapes from the table file the build wrote (majiang/hand/tablefile.py),
    mapped rather than built: this is most of what `import majiang.hand` would otherwise cost."""
    if speedups is None:
        return
    stored = tablefile.load(speedups)
    if stored is not None:
        suit, honors = stored
        _shapes["suit", frozenset(range(9))] = suit
        _shapes["honors", frozenset(range(7))] = honors


_load_stored_shapes()


def flat_shape(kind: str, present: frozenset[int]) -> Any:
    """The C tables of one group shape (``kind`` 'suit' or 'honors', the ranks present), built once."""
    shape = _shapes.get((kind, present))
    if shape is None:
        assert speedups is not None
        starts = chow_starts(present, 9) if kind == "suit" else frozenset()
        shape = _shapes[kind, present] = speedups.Shape(
            9 if kind == "suit" else 7, sum(1 << r for r in present), sum(1 << a for a in starts)
        )
    return shape


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
    shared: dict[frozenset[int], dict[Key, int]] = {}
    m, p, s = (shared.setdefault(tileset.suit_ranks[i], {}) for i in range(3))
    flat = None
    if ACCELERATED:
        assert speedups is not None
        flat = speedups.Tables(*(flat_shape("suit", r) for r in tileset.suit_ranks), flat_shape("honors", honors))
    return GroupTables(tileset, tileset.sorted_kinds, need, blocks, successors, (m, p, s, {}), flat)


_by_tileset: dict[TileSet, GroupTables] = {}
FULL_TABLES = _build(TileSet.FULL)
_by_tileset[TileSet.FULL] = FULL_TABLES
TileSet.FULL.hot_tables = FULL_TABLES.hot


def tables_for(tileset: TileSet | None) -> GroupTables:
    if tileset is None:
        return FULL_TABLES
    tables = _by_tileset.get(tileset)
    if tables is None:
        if not isinstance(tileset, TileSet):
            raise TileError(f"tileset must be a TileSet or None, got {type(tileset).__name__}")
        tables = _by_tileset[tileset] = _build(tileset)
    # Equal tile sets share tables; caching them on the object saves is_win a
    # lookup through TileSet.__hash__ (a Python-level method).
    tileset.hot_tables = tables.hot
    return tables


NeedValue = tuple[int, int, int]


def read(
    tables: GroupTables, counts: object, jokers: int, allowed: frozenset[int], what: str
) -> tuple[tuple[int, ...], tuple[NeedValue, NeedValue, NeedValue, NeedValue], int]:
    """Validate a part fully and return (counts tuple, the four need values, size with wilds).

    Raises TileError naming the first fault: length, jokers, a count (range or tile
    set, from the need tables), then the size. A valid part's keys are added to
    the packed tables, so the next call with the same group shapes stays on the
    fast path.
    """
    try:
        ok = len(counts) == NUM_KINDS and jokers >= 0  # type: ignore[arg-type,operator]
    except TypeError:
        ok = False
    if not ok:
        raise bad_size(counts, jokers, allowed, what)
    c: tuple[int, ...] = tuple(cast("Sequence[int]", counts))  # (its length was checked just above)
    keys = (c[0:9], c[9:18], c[18:27], c[27:34])
    need = tables.need
    values = (need[0][keys[0]], need[1][keys[1]], need[2][keys[2]], need[3][keys[3]])
    total = values[0][2] + values[1][2] + values[2][2] + values[3][2] + jokers
    if total not in allowed:
        raise bad_size(counts, jokers, allowed, what)
    for g, (key, (s, d, n)) in enumerate(zip(keys, values, strict=True)):
        packed = tables.packed[g]
        if key not in packed:
            value = pack(s, d, n, key.count(1) + key.count(3), S_BIAS if g == 3 else 0)
            # A few hundred distinct values serve thousands of keys: sharing one int
            # object per value keeps the objects the hot path reads in cache.
            packed[key] = _shared_ints.setdefault(value, value)
    return c, values, total


_shared_ints: dict[int, int] = {}


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
    for t, c in enumerate(cast("Sequence[object]", counts)):  # (a sized sequence: len() passed)
        if not isinstance(c, int) or not 0 <= c <= 4:
            return TileError(f"count {c!r} for tile id {t} out of range (0-4)")
    total = sum(cast("Sequence[int]", counts)) + jokers  # (every count is an int in range by now)
    sizes = ", ".join(str(s) for s in sorted(allowed))
    return TileError(f"{what} needs a concealed part of {sizes} tiles (wilds included), got {total}")
