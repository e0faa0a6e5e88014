"""The fast path of ``is_win`` (the C function on the flat tables, or without the accelerator the
packed-dict path) agrees with its validating slow path and never lets bad input through, even
when the tables already know every group of it."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from majiang.hand import TileSet, is_win, shanten, waits
from majiang.hand.tables import chow_starts
from majiang.hand.win import _is_win_slow
from majiang.tiles import TileError, parse_tiles, tiles_to_counts


def c(text: str) -> list[int]:
    return tiles_to_counts(parse_tiles(text))


def _complete(rnd: random.Random, tileset: TileSet, sets: int) -> list[int]:
    """A complete natural part of ``sets`` sets and a pair, all kinds in the tile set."""
    kinds = tileset.sorted_kinds
    chows = [s * 9 + a for s in range(3) for a in sorted(chow_starts(tileset.suit_ranks[s], 9))]
    while True:
        tiles: list[int] = []
        for _ in range(sets):
            if chows and rnd.random() < 0.6:
                a = rnd.choice(chows)
                tiles += [a, a + 1, a + 2]
            else:
                tiles += [rnd.choice(kinds)] * 3
        tiles += [rnd.choice(kinds)] * 2
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            return counts


def _parts(seed: int, tileset: TileSet, count: int):
    """Complete parts with 0-4 naturals turned into wilds, some disturbed, and random parts."""
    rnd = random.Random(seed)
    kinds = tileset.sorted_kinds
    for _ in range(count):
        counts = _complete(rnd, tileset, rnd.choice([0, 1, 2, 3, 4, 4, 4]))
        jokers = min(rnd.choice([0, 0, 1, 2, 3, 4]), sum(counts))
        for _ in range(jokers):
            counts[rnd.choice([t for t in kinds if counts[t]])] -= 1
        if rnd.random() < 0.4:  # move one natural: mostly no longer complete
            held = [t for t in kinds if counts[t]]
            free = [t for t in kinds if counts[t] < 4]
            if held and free:
                counts[rnd.choice(held)] -= 1
                counts[rnd.choice(free)] += 1
        if rnd.random() < 0.2:  # a waiting-size part
            held = [t for t in kinds if counts[t]]
            if held:
                counts[rnd.choice(held)] -= 1
            else:
                jokers -= 1 if jokers else 0
        yield counts, jokers
    for _ in range(count // 4):  # random 13/14-tile parts, wilds included
        jokers = rnd.randrange(5)
        counts = [0] * 34
        for t in rnd.sample([k for k in kinds for _ in range(4)], rnd.choice([13, 14]) - jokers):
            counts[t] += 1
        yield counts, jokers


@pytest.mark.parametrize("tileset", [None, TileSet.FULL, TileSet.HEFEI], ids=["none", "full", "hefei"])
def test_fast_path_agrees_with_slow_path(tileset):
    wins = 0
    for counts, jokers in _parts(11, tileset or TileSet.FULL, 3000):
        for seven_pairs in (True, False):
            expected = _is_win_slow(counts, jokers, seven_pairs, tileset)  # also fills the tables
            assert is_win(counts, jokers, seven_pairs, tileset) == expected, (counts, jokers, seven_pairs)
            assert is_win(tuple(counts), jokers, seven_pairs, tileset) == expected, (counts, jokers)
            wins += expected
    assert wins > 1000  # the sample is not all losers


def test_seven_pairs_through_the_fast_path():
    seven = c("1133m557799p11s22z")
    assert is_win(seven) and is_win(seven)
    assert not is_win(seven, seven_pairs=False)
    odd = c("1133m557799p1s22z")  # 13 naturals, one odd kind: one wild completes it
    assert is_win(odd, 1) and not is_win(odd, 1, seven_pairs=False)
    three_odd = c("1113m557799p1s22z")  # 1m held 3 times, 3m and 1s once: three wilds needed
    assert not is_win(three_odd, 1)  # 1113m + 1 wild: not a regular form either


@pytest.mark.parametrize(
    ("counts", "jokers", "match"),
    [
        ([*c("123m456p789s11122z"), 0], 0, "34 entries"),
        (c("123m456p789s11122z")[:33], 0, "34 entries"),
        (c("123m456p789s11122z"), -1, "non-negative"),
        (c("123m456p789s11122z"), 3, "concealed part of"),
        (c("123m456p789s11122z"), 15, "concealed part of"),
        (c("123m456p789s11122z"), 1000, "concealed part of"),
        (c("123m456p789s112z"), 0, "concealed part of"),
        ([5, 0, 0, 0, 1, 1, 1, 1, 1, *c("456p789s11122z")[9:]], 0, "out of range"),
        ([-1, 1, *c("123m456p789s11122z")[2:]], 0, "out of range"),
    ],
)
def test_bad_input_raises_even_when_the_tables_know_its_groups(counts, jokers, match):
    assert is_win(c("123m456p789s11122z"))  # warm every group these parts share
    assert is_win(c("123m456p789s1112z"), 1)
    for fn in (is_win, shanten):
        with pytest.raises(TileError, match=match):
            fn(counts, jokers)


def test_tile_set_checks_survive_warm_tables():
    hand = c("123m44p")
    assert is_win(hand)  # known to the full tile set's tables
    with pytest.raises(TileError, match="not in the tile set"):
        is_win(hand, tileset=TileSet.HEFEI)
    with pytest.raises(TileError, match="not in the tile set"):
        is_win(hand, tileset=TileSet.HEFEI)
    with pytest.raises(TileError, match="tileset must be a TileSet"):
        is_win(c("234m44p"), tileset="hefei")  # type: ignore[arg-type]


def test_an_equal_tile_set_object_shares_the_answers():
    copy = TileSet(TileSet.HEFEI.kinds, "hefei copy")
    for hand, jokers in [("234m44p", 0), ("23m44p", 1), ("2345m", 0), ("2344m", 0)]:
        counts = c(hand)
        expected = is_win(counts, jokers, tileset=TileSet.HEFEI)
        assert is_win(counts, jokers, tileset=copy) == expected
        assert is_win(counts, jokers, tileset=copy) == expected
    assert waits(c("2345m"), tileset=copy) == waits(c("2345m"), tileset=TileSet.HEFEI)


def test_is_win_accepts_tuples_and_bool_wilds():
    hand = c("123m456p789s1122z")
    assert is_win(tuple(hand), True)
    assert is_win(hand, 1)
    assert not is_win(hand, False)


def test_tile_sets_pickle_and_copy_without_their_table_cache():
    assert is_win(c("234m44p"), tileset=TileSet.HEFEI)  # fills the cache slot
    for clone in (pickle.loads(pickle.dumps(TileSet.HEFEI)), copy.deepcopy(TileSet.HEFEI)):
        assert clone == TileSet.HEFEI and clone.name == "hefei" and clone.hot_tables is None
        assert is_win(c("234m44p"), tileset=clone)
        assert not is_win(c("234m45p"), tileset=clone)
    assert len(pickle.dumps(TileSet.HEFEI)) < 400
