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


@pytest.mark.parametrize(
    "ruleset,options",
    [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
     ("hefei", {"room": "bubaoting"})],
)
def test_fast_greedy_makes_the_choices_of_greedy_v1(ruleset: str, options: dict[str, str]) -> None:
    from majiang.bots import make_bot
    from majiang.engine import Hand, seat_view
    from majiang.rules.registry import make_ruleset

    rules = make_ruleset(ruleset, options)
    decisions = 0
    for i in range(12):
        hand = Hand(rules, f"same{i}", dealer=i % 4)
        new = [make_bot("greedy", s) for s in range(4)]
        old = [make_bot("greedy_v1", s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            choice = old[seat].choose(view)
            assert new[seat].choose(view) == choice
            decisions += len(view.legal) > 1
            hand.apply(seat, choice)
    assert decisions > 150
