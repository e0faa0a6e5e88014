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


# Readings of the tiles (the view's wild, stand-in and wild kinds), from the first view of a seeded hand:
# Anqing (a suit tile wild, 红中 its stand-in), Hefei (no wild, 2-8 only), baida (one wild kind; two
# with seven_baida; three flowers).
READINGS = [("anqing", {"mode": "A"}, "x0"), ("anqing", {"mode": "B"}, "x5"), ("hefei", {}, "x0"),
            ("baida", {}, "x1"), ("baida", {"seven_baida": True}, "x3"), ("baida", {}, "x9")]


@pytest.mark.parametrize("ruleset,options,seed", READINGS)
def test_the_c_path_finds_the_useful_draws_of_the_python_path(ruleset: str, options: dict[str, object],
                                                              seed: str) -> None:
    """PartTable on shanten_draws (bit masks) against PartTable on DrawFinder, random parts of the
    reading's physical tiles (wilds, stand-ins and flowers among them), live and dead sizes."""
    from majiang.bots.analysis import PartTable, Reader
    from majiang.engine import Hand, seat_view
    from majiang.hand.codes import ACCELERATED
    from majiang.rules.registry import make_ruleset

    if not ACCELERATED:
        pytest.skip("the C accelerator is not built or MAJIANG_PURE is set")
    hand = Hand(make_ruleset(ruleset, options), seed)
    view = seat_view(hand, hand.to_act()[0])
    reader = Reader(view)
    fast, slow = PartTable(reader), PartTable(reader)
    slow.accelerated = False
    physical = [t for t in reader.kinds if t < 34 or t in reader.wilds]
    pool = [t for t in physical for _ in range(1 if t >= 34 else 4)]
    rng = random.Random(seed)
    wilds_seen = 0
    for _ in range(600):
        tiles = rng.sample(pool, rng.choice([1, 4, 7, 10, 13, 13, 13, 12]))
        natural, jokers = reader.split(tiles)
        key = tuple(natural)
        wilds_seen += jokers > 0
        assert fast.shanten(key, jokers) == slow.shanten(key, jokers), tiles
        kinds = slow.useful_kinds(key, jokers)
        assert fast.useful_kinds(key, jokers) == kinds, tiles
        assert fast.useful_mask(key, jokers) == sum(1 << t for t in kinds if t < 34), tiles
    assert wilds_seen > 100 or reader.wild is None
    if reader.stand_in is not None:  # 红中 plays as the wild's face: drawing one can help
        assert any(reader.stand_in in fast.useful_kinds(*k) for k in fast._masks)


@pytest.mark.parametrize(
    "ruleset,options",
    [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
     ("hefei", {"room": "bubaoting"}), ("baida", {}), ("baida", {"seven_baida": True})],
)
def test_fast_greedy_makes_the_choices_of_greedy_v1(ruleset: str, options: dict[str, object]) -> None:
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
