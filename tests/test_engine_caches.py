"""The engine's fast paths against the slow ones they replace, on random positions.

Each optimised answer is held to the reference it stands for: the per-seat "which discards
complete this hand" table (baida) against ``is_win`` on the counts plus each kind; the
Hefei 报听 Declare list (one ``discard_shantens`` call) against ``is_ready`` per held kind; the C
``held_kinds`` / ``top_count`` against ``compress`` / ``max``.
"""

from __future__ import annotations

import random
from itertools import compress

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.core.actions import Declare
from majiang.engine.hand import Hand
from majiang.hand import is_win
from majiang.hand.counts import held_kinds, held_kinds_pure, top_count, top_count_pure
from majiang.rules.baida import Baida
from majiang.rules.hefei import HEFEI_KINDS, Hefei


def _deal_into(hand: Hand, seat: int, tiles: list[int]) -> None:
    """Give ``seat`` exactly ``tiles`` as its concealed part (the rest of the state as dealt)."""
    s = hand.seat_state[seat]
    s.counts = [0] * len(s.counts)
    for t in tiles:
        s.counts[t] += 1
    s.held = sorted(tiles)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.sampled_from([1, 4, 7, 10, 13]), near=st.booleans(),
       plain=st.booleans())
def test_baida_discard_shapes_match_is_win(seed: int, size: int, near: bool, plain: bool) -> None:
    rules = Baida()
    hand = Hand(rules, f"cache:{seed}")
    rng = random.Random(seed)
    # Suit runs and pairs make near-complete parts (the interesting ones); wilds and flowers mixed in.
    pool = [k for k in range(42) for _ in range(1 if k >= 34 else 4)]
    if near:
        pool = [k for k in range(9) for _ in range(4)] + [k for k in range(34, 42)] + list(hand.info.wilds) * 2
    tiles = rng.sample(pool, size)
    if any(tiles.count(k) > (1 if k >= 34 else 4) for k in tiles):
        return
    _deal_into(hand, 1, tiles)
    # The seat holds the indicator's own tile (a plain one) when it holds its kind, half the time.
    ind = hand.info.indicator
    plain = hand.seat_state[1].plain_indicator = plain and ind is not None and ind < 34 and ind in tiles
    shapes = rules._discard_shapes(hand, 1)
    counts = hand.seat_state[1].counts
    stray = rules._stray_flower(hand, counts)
    for t in range(34):
        natural, jokers = rules._analysis(hand, counts, plain)
        if plain:
            assert natural[ind] == 1  # the plain tile is itself, the other copies 百搭
        if natural[t] >= 4:
            assert not shapes[t]
            continue
        natural[t] += 1
        assert shapes[t] == (not stray and is_win(natural, jokers, True, None)), (tiles, t)
    assert rules._discard_shapes(hand, 1) is shapes  # kept while the tiles are the same
    seat = hand.seat_state[1]
    seat.take(tiles[0])  # (counts and the sorted held list change together)
    again = rules._discard_shapes(hand, 1)
    key = "discard_shapes_plain" if plain else "discard_shapes"
    assert seat.memo[key][0] == seat.held  # worked out again once the tiles change
    assert again == rules._discard_shapes_of(hand, seat.counts, plain)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_hefei_declares_match_is_ready_per_kind(seed: int) -> None:
    rules = Hefei({"room": "baoting"})
    hand = Hand(rules, f"declare:{seed}")
    rng = random.Random(seed)
    seat = hand.current
    kinds = [k for k in HEFEI_KINDS if k < 9 or rng.random() < 0.3]
    size = len(hand.seat_state[seat].held)
    _deal_into(hand, seat, rng.sample([k for k in kinds for _ in range(4)], size))
    counts = hand.seat_state[seat].counts
    expected = []
    for t in range(34):
        if counts[t]:
            rest = list(counts)
            rest[t] -= 1
            if rules.is_ready(hand, seat, rest):
                expected.append(Declare(tile=t))
    got = [a for a in rules.turn_options(hand, seat) if isinstance(a, Declare)]
    assert got == expected


@given(counts=st.lists(st.integers(0, 4), min_size=1, max_size=42))
def test_count_helpers_match_the_builtins(counts: list[int]) -> None:
    items = tuple(range(100, 142))
    assert held_kinds(counts, items) == held_kinds_pure(counts, items) == list(compress(items, counts))
    assert top_count(counts) == top_count_pure(counts) == max(counts)
    assert top_count(tuple(counts)) == max(counts)


@given(counts=st.lists(st.one_of(st.integers(0, 4), st.integers(-(2**70), 2**70)), min_size=1, max_size=42))
def test_count_helpers_with_any_ints(counts: list[int]) -> None:
    """Counts 0–4 are read by identity (CPython's cached small ints); any other int by value: the
    same object as ``max`` either way (the first of the largest), the same kinds as ``compress``."""
    items = tuple(range(100, 142))
    assert held_kinds(counts, items) == list(compress(items, counts))
    assert top_count(counts) is max(counts)
    assert top_count(tuple(counts)) is max(counts)
