"""The C accelerator's complete flat tables hold exactly the pure-Python reference's values.

Every group shape the engine builds (a full suit, Hefei's 2-8 suit, the honors, Hefei's empty
honors) is compared entry by entry with ``NeedTable`` and ``BlockTable`` (majiang/hand/tables.py,
the lazily memoized searches that define the values): every key of at most 8 tiles plus a random
sample of larger ones here; every key of at most 10 tiles in the ``slow`` test, and every key of
at most 14 tiles (all of them: 405,350 per suit) with ``MAJIANG_EXHAUSTIVE=1`` (about a minute and
~1 GB for the Python side's memos, so not in CI).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from majiang.hand import codes
from majiang.hand.groups import FULL_TABLES, flat_shape, tables_for
from majiang.hand.tables import BlockTable, NeedTable, block_table, need_table
from majiang.hand.tileset import TileSet

pytestmark = pytest.mark.skipif(not codes.ACCELERATED, reason="the C accelerator is not built or MAJIANG_PURE is set")

FULL_SUIT = frozenset(range(9))
HEFEI_SUIT = frozenset(range(1, 8))
# (kind, ranks present, length): every shape the two rulesets' tile sets use.
SHAPES = [
    ("suit", FULL_SUIT, 9),
    ("suit", HEFEI_SUIT, 9),
    ("honors", frozenset(range(7)), 7),
    ("honors", frozenset(), 7),
]
SHAPE_IDS = ["suit-1-9", "suit-2-8", "honors", "no-honors"]


def keys(length: int, present: frozenset[int], max_tiles: int, min_tiles: int = 0) -> Iterator[tuple[int, ...]]:
    """Every group key (counts 0..4 on the present ranks, 0 elsewhere) with min..max tiles."""

    def rec(prefix: list[int], r: int, left: int) -> Iterator[tuple[int, ...]]:
        if r == length:
            if max_tiles - left >= min_tiles:
                yield tuple(prefix)
            return
        for c in range(min(4, left) + 1 if r in present else 1):
            prefix.append(c)
            yield from rec(prefix, r + 1, left - c)
            prefix.pop()

    yield from rec([], 0, max_tiles)


def random_key(rnd: random.Random, length: int, present: frozenset[int], tiles: int) -> tuple[int, ...]:
    counts = [0] * length
    pool = [r for r in sorted(present) for _ in range(4)]
    for r in rnd.sample(pool, min(tiles, len(pool))):
        counts[r] += 1
    return tuple(counts)


def reference_blocks(table: BlockTable, key: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """BlockTable's Pareto options as the C layout reads them: for p = 0 and 1 and m = 0..4, the most
    partials (capped at 4) of an option with at least p pairs and m sets, -1 if none."""
    options = table[key][2]
    rows = []
    for p in (0, 1):
        rows.append(tuple(max((min(ot, 4) for om, ot, op in options if om >= m and op >= p), default=-1)
                          for m in range(5)))
    return rows[0], rows[1]


def c_blocks_at_least(shape: object, key: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The C entry (exactly p pairs) turned into the same 'at least p pairs' form."""
    exact0, exact1 = shape.blocks(key)  # type: ignore[attr-defined]
    return tuple(max(a, b) for a, b in zip(exact0, exact1, strict=True)), exact1


def compare(kind: str, present: frozenset[int], key_list: list[tuple[int, ...]]) -> int:
    shape = flat_shape(kind, present)
    need: NeedTable = need_table(kind, present, 0)
    blocks: BlockTable = block_table(kind, present, 0)
    for key in key_list:
        s, d, n = need[key]
        assert n == sum(key)
        assert shape.need(key) == (s, d), key
        assert c_blocks_at_least(shape, key) == reference_blocks(blocks, key), key
    return len(key_list)


@pytest.mark.parametrize(("kind", "present", "length"), SHAPES, ids=SHAPE_IDS)
def test_every_small_key_and_a_random_sample_match_the_python_tables(kind, present, length):
    small = list(keys(length, present, 8))
    rnd = random.Random(len(present) * 7 + length)
    sample = [random_key(rnd, length, present, rnd.randint(9, 14)) for _ in range(3000)] if present else []
    checked = compare(kind, present, small + sample)
    expected_small = {9: 22330, 7: 5595}[len(present)] if len(present) in (9, 7) else 1
    assert len(small) == expected_small and checked == len(small) + len(sample)


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "present", "length"), SHAPES, ids=SHAPE_IDS)
def test_every_key_matches_the_python_tables(kind, present, length):
    """All keys up to 10 tiles (74,396 per suit); up to 14 (all of them) with MAJIANG_EXHAUSTIVE=1."""
    max_tiles = 14 if os.environ.get("MAJIANG_EXHAUSTIVE", "") not in ("", "0") else 10
    assert compare(kind, present, list(keys(length, present, max_tiles, min_tiles=9))) > (1000 if present else -1)


def test_groups_of_more_than_14_tiles_have_no_entry():
    shape = flat_shape("suit", FULL_SUIT)
    assert shape.need((4, 4, 4, 3, 0, 0, 0, 0, 0)) is None and shape.blocks((4, 4, 4, 3, 0, 0, 0, 0, 0)) is None
    # 14 tiles: four 123 chows and 44, which needs one wild as a pung (s = 1) or none as the pair (d = -1)
    assert shape.need((4, 4, 4, 2, 0, 0, 0, 0, 0)) == (1, -1)


def test_shapes_are_shared_and_their_memory_is_bounded():
    """One flat table per shape, whatever tile set uses it; the full set's under 16 MB in all."""
    assert tables_for(TileSet.HEFEI).flat is tables_for(TileSet([*TileSet.HEFEI.kinds], "copy")).flat
    suit, honors = flat_shape("suit", FULL_SUIT), flat_shape("honors", frozenset(range(7)))
    assert (suit.size, honors.size) == (5**9, 5**7)
    assert suit.nbytes + honors.nbytes < 16 * 2**20
    assert flat_shape("suit", HEFEI_SUIT).size == 5**7  # only the ranks present are digits
    assert FULL_TABLES.flat is not None


@pytest.mark.parametrize(("kind", "present", "length"), SHAPES[1:], ids=SHAPE_IDS[1:])
def test_the_dense_tables_are_need_and_cls_of_the_groups_of_at_most_14_tiles(kind, present, length):
    """is_win and 13/14-tile shanten read need and cls by a dense index (the groups of <= 14 tiles
    numbered in code order, docs/hand.md): a dump's dense part is exactly those entries, in that
    order. (The full suit's 5**9 codes are too many for a Python loop here; its dense index is
    held to the reference by every is_win and shanten answer the other hand tests compare.)"""
    assert codes.speedups is not None
    shape = flat_shape(kind, present)
    digits = len(present)
    dense = codes.speedups.DENSE_SIZES[digits]
    dump = shape.dump()
    fixed, size = codes.speedups.DUMP_FIXED_BYTES, shape.size
    assert len(dump) == fixed + 6 * size + 2 * dense
    need = dump[fixed + 4 * size : fixed + 5 * size]
    cls = dump[fixed + 5 * size : fixed + 6 * size]
    small = [code for code in range(size) if sum(code // 5**j % 5 for j in range(digits)) <= 14]
    assert len(small) == dense
    assert dump[fixed + 6 * size : fixed + 6 * size + dense] == bytes(need[c] for c in small)
    assert dump[fixed + 6 * size + dense :] == bytes(cls[c] for c in small)


def test_dense_sizes_count_the_groups_of_at_most_14_tiles():
    assert codes.speedups is not None
    assert codes.speedups.DENSE_SIZES[9] == len(list(keys(9, FULL_SUIT, 14))) == 405_350
    assert codes.speedups.DENSE_SIZES[7] == len(list(keys(7, frozenset(range(7)), 14))) == 43_130


# ---------------------------------------------------------------- the table file (majiang/hand/tablefile.py)


def test_the_table_file_holds_the_tables_built_in_memory(tmp_path: Path) -> None:
    """What the build writes and an import maps is byte for byte what Shape builds; the mapped shapes
    answer like built ones (the entry-by-entry tests above run on whichever the import chose)."""
    from majiang.hand import tablefile

    assert codes.speedups is not None
    path = str(tmp_path / "tables.bin")
    tablefile.write(codes.speedups, path)
    loaded = tablefile.load(codes.speedups, path)
    assert loaded is not None
    for shape, args in zip(loaded, tablefile.SHAPES, strict=True):
        built = codes.speedups.Shape(*args)
        assert shape.loaded and not built.loaded
        assert shape.size == built.size and shape.dump() == built.dump()
        assert shape.need((0,) * args[0]) == built.need((0,) * args[0])


def test_a_table_file_of_another_build_or_size_is_not_used(tmp_path: Path) -> None:
    from majiang.hand import tablefile

    assert codes.speedups is not None
    path = tmp_path / "tables.bin"
    assert tablefile.load(codes.speedups, str(path)) is None  # missing
    tablefile.write(codes.speedups, str(path))
    data = path.read_bytes()
    path.write_bytes(data[:4] + b"v0" + data[6:])  # another build's TABLES_ID
    assert tablefile.load(codes.speedups, str(path)) is None
    path.write_bytes(data[:-1])  # truncated
    assert tablefile.load(codes.speedups, str(path)) is None
    with pytest.raises(ValueError, match="data must be"):
        codes.speedups.Shape(9, 511, 127, b"\0" * 10)


def test_the_full_tile_set_maps_the_installed_table_file() -> None:
    """The install (setup.py) writes majiang/hand/data/tables.bin, so the import maps it instead of
    building 10 MB of tables (CI installs fresh: the file must be there and used)."""
    from majiang.hand import tablefile

    if not os.path.exists(tablefile.PATH) and os.environ.get("CI", "") != "true":
        pytest.skip("no table file in this checkout (installed before the build wrote one)")
    assert all(flat_shape(kind, ranks).loaded for kind, ranks, _ in (SHAPES[0], SHAPES[2]))
    assert not flat_shape("suit", HEFEI_SUIT).loaded  # (built on first use: 2 ms)
