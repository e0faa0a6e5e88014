"""The bots' group-by-group draw finder agrees with the hand engine's shanten."""

from __future__ import annotations

import random

import pytest

from majiang.bots.draws import DrawFinder
from majiang.hand import TileSet, shanten

TILESETS = [(None, True), (TileSet.HEFEI, True)]


def _random_part(rng: random.Random, kinds: list[int], size: int) -> tuple[int, ...]:
    counts = [0] * 34
    pool = [k for k in kinds for _ in range(4)]
    for t in rng.sample(pool, size):
        counts[t] += 1
    return tuple(counts)


@pytest.mark.parametrize("tileset,seven_pairs", TILESETS)
def test_needed_and_lowering_draws_match_the_engine(tileset: TileSet | None, seven_pairs: bool) -> None:
    rng = random.Random(13)
    kinds = sorted(tileset.kinds) if tileset is not None else list(range(34))
    finder = DrawFinder(tileset, seven_pairs)
    for _ in range(300):
        jokers = rng.choice([0, 0, 0, 1, 2])
        size = rng.choice([1, 4, 7, 10, 13]) - jokers
        if size < 0:
            continue
        part = _random_part(rng, kinds, size)
        base = shanten(part, jokers, seven_pairs, tileset)
        assert finder.needed(part, jokers) - 1 == base
        need, lowering = finder.lowering(part, jokers, kinds)
        assert need - 1 == base
        expected = []
        for v in kinds:
            if part[v] >= 4:
                continue
            after = list(part)
            after[v] += 1
            if shanten(tuple(after), jokers, seven_pairs, tileset) < base:
                expected.append(v)
        assert lowering == expected, (part, jokers)
