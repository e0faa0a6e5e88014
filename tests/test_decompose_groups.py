"""``decompositions`` found group by group (``_regular_keys``) is the whole-hand search's set.

The search (``_regular``, still what ``iter_decompositions`` walks) places the lowest natural left each
time; ``_decompositions`` now covers each group's naturals on its own and joins the groups. Both are
compared here on random complete parts of every size, with 0 to 5 wilds, in the full and the Hefei
tile sets (the remembered ways of a group are used warm and cold).
"""

from __future__ import annotations

import random

from majiang.hand import TileSet, decompositions
from majiang.hand import decompose as D
from majiang.hand.groups import tables_for
from majiang.hand.types import Group
from majiang.hand.win import is_win


def _searched(counts: list[int], jokers: int, tileset: TileSet | None) -> set[tuple[Group, ...]]:
    return {(*sorted(g[:-1]), g[-1]) for g in D._regular(list(counts), jokers, True, tables_for(tileset), [])}


def test_group_by_group_is_the_search() -> None:
    rng = random.Random(28)
    checked = 0
    while checked < 800:
        tileset = rng.choice([None, TileSet.HEFEI])
        kinds = list(tileset.sorted_kinds) if tileset is not None else list(range(34))
        size = rng.choice([2, 5, 8, 11, 14, 14, 14])
        jokers = min(size, rng.choice([0, 0, 1, 1, 2, 3, 4, 5]))
        tiles: list[int] = []
        while len(tiles) < size - jokers:
            k = rng.choice(kinds)
            if rng.random() < 0.4 and k < 27 and k + 2 in kinds and k // 9 == (k + 2) // 9:
                tiles += [k, k + 1, k + 2]
            else:
                tiles += [k] * rng.choice([1, 2, 3])
        counts = [0] * 34
        for t in tiles[:size - jokers]:
            counts[t] += 1
        if max(counts) > 4 or not is_win(counts, jokers, True, tileset):
            continue
        if rng.random() < 0.1:
            D._PARTS.clear()
        assert D._regular_keys(counts, jokers, tables_for(tileset)) == _searched(counts, jokers, tileset), (
            counts, jokers, tileset)
        if jokers <= 2:
            assert [d.groups for d in decompositions(counts, jokers, True, tileset) if d.form == "regular"] == \
                sorted(_searched(counts, jokers, tileset))
        checked += 1
