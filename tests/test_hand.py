"""Hand-written cases for the hand engine, and agreement with the riichi ``mahjong`` package."""

from __future__ import annotations

import random

import pytest
from mahjong.agari import Agari
from mahjong.shanten import Shanten

from majiang.hand import TileSet, decompositions, is_win, shanten, waits
from majiang.hand.types import Group
from majiang.tiles import TileError, parse_tiles, tiles_to_counts


def c(text: str) -> list[int]:
    return tiles_to_counts(parse_tiles(text))


def ids(text: str) -> list[int]:
    return sorted(parse_tiles(text))


@pytest.mark.parametrize(
    "hand",
    ["123m456p789s11122z", "11122233344455z", "123456789m12399p", "22m", "111m22z", "234m456p678s22m",
     "11223344556677z"],
)
def test_standard_wins(hand):
    assert is_win(c(hand))
    assert shanten(c(hand)) == -1


@pytest.mark.parametrize("hand", ["123m456p789s1123z", "1112345678999m1z", "1122334455667z7m", "13m"])
def test_not_wins(hand):
    assert not is_win(c(hand))
    assert shanten(c(hand)) >= 0


def test_seven_pairs_counts_four_of_a_kind_as_two_pairs():
    hand = c("1111m2233p4455s66z")
    assert is_win(hand)
    assert not is_win(hand, seven_pairs=False)
    (dec,) = decompositions(hand)
    assert dec.form == "seven_pairs"
    assert dec.groups.count(Group("pair", (0, 0), (False, False))) == 2


def test_seven_pairs_needs_fourteen_tiles():
    assert not is_win(c("11335577m"))  # four pairs in 8 tiles: only the regular form applies
    assert not is_win(c("1133m"))  # a waiting size is never complete


def test_nine_gates_waits_on_every_character():
    assert waits(c("1112345678999m")) == list(range(9))
    assert shanten(c("1112345678999m")) == 0


def test_thirteen_naturals_plus_one_wild():
    assert is_win(c("123m456p789s1z"), 1)  # the wild pairs the 1z
    assert waits(c("123m456p789s"), 1) == list(range(34))  # any drawn tile pairs with the wild
    # The wild pairs 1z (wait 6s/9s) or completes 78s (wait 1z).
    assert waits(c("123m456p78s1z"), 1) == ids("69s1z")


def test_wild_fills_a_gap_and_is_marked():
    decs = decompositions(c("13m456p789s111z22z"), 1)
    assert any(Group("chow", (0, 1, 2), (False, True, False)) in d.groups for d in decs)


def test_four_wilds_make_a_dragon_and_pungs_available():
    # 1 2 _ 4 _ 6 7 _ 9 m + 44p pair... wilds fill 3m 5m 8m and one more: scoring wants 一条龙 readings.
    decs = decompositions(c("124679m44p11z"), 4)
    dragon = (Group("chow", (0, 1, 2), (False, False, True)), Group("chow", (3, 4, 5), (False, True, False)),
              Group("chow", (6, 7, 8), (False, True, False)))
    assert any(all(g in d.groups for g in dragon) for d in decs)
    assert all(sum(g.jokers for g in d.groups) == 4 for d in decs)


def test_only_wild_groups_are_enumerated_over_the_tile_set():
    decs = decompositions(c("11m"), 3)
    wild_sets = {d.groups[0] for d in decs if d.groups[-1] == Group("pair", (0, 0), (False, False))}
    assert len(wild_sets) == 34 + 21  # every pung and every chow
    hefei = decompositions(c("22m"), 3, tileset=TileSet.HEFEI)
    wild_sets = {d.groups[0] for d in hefei if d.groups[-1] == Group("pair", (1, 1), (False, False))}
    assert len(wild_sets) == 21 + 15


def test_decompositions_of_fourteen_tiles_with_four_wilds_are_quick():
    import time

    start = time.perf_counter()
    decs = decompositions(c("1m5p9s1z2z3z7z2m9p1s"), 4)
    assert time.perf_counter() - start < 1.0
    assert decs == []
    start = time.perf_counter()
    decs = decompositions(c("123m456p78s11z"), 4)
    assert time.perf_counter() - start < 1.0
    assert decs


def test_hefei_has_no_terminal_chows():
    hefei = TileSet.HEFEI
    assert waits(c("2345m"), tileset=hefei) == ids("25m")
    assert waits(c("2345m")) == ids("25m")
    assert waits(c("2355m"), tileset=hefei) == ids("4m")  # no 1m in Hefei
    assert waits(c("2355m")) == ids("14m")
    assert waits(c("3m"), tileset=hefei) == ids("3m")
    assert is_win(c("23m44p"), 1, tileset=hefei)
    assert not is_win(c("23m44p"), 0, tileset=hefei)
    # The wild in 2-3 may only be 4m in Hefei (there is no 1m).
    decs = decompositions(c("23m44p"), 1, tileset=hefei)
    assert [d.groups[0] for d in decs] == [Group("chow", (1, 2, 3), (False, False, True))]
    with pytest.raises(TileError, match="not in the tile set"):
        is_win(c("123m44p"), 0, tileset=hefei)


@pytest.mark.parametrize(
    ("counts", "jokers", "match"),
    [
        ([0] * 33, 0, "34 entries"),
        ([0] * 33 + [-1], 3, "out of range"),
        ([5] + [0] * 33, 0, "out of range"),
        ([2] + [0] * 33, -1, "non-negative"),
        ([3] + [0] * 33, 0, "concealed part of"),
        ([4] * 4 + [0] * 30, 0, "concealed part of"),
    ],
)
def test_bad_input_raises_tile_error(counts, jokers, match):
    for fn in (is_win, shanten, decompositions):
        with pytest.raises(TileError, match=match):
            fn(counts, jokers)


def test_waits_refuses_complete_parts():
    with pytest.raises(TileError, match="waits needs"):
        waits(c("11m"))


def test_shanten_examples():
    assert shanten(c("1m")) == 0
    assert shanten(c("19m19p19s1234567z")) == 6  # far from both forms (no kokushi here)
    assert shanten(c("123m456p789s1z"), 0) == 0
    assert shanten(c("123m456p789s"), 1) == 0
    assert shanten(c("1m9p"), 2) == 0


# --- agreement with the riichi package (no wilds) ---------------------------------------------

KOKUSHI = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]


def _random_hands(seed: int, count: int, size: int):
    rnd = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for i in range(count):
        if i % 2:
            # Near-complete: a complete hand with a tile or two swapped.
            tiles: list[int] = []
            for _ in range(4):
                t = rnd.randrange(34)
                tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rnd.random() < 0.6 else [t] * 3
            p = rnd.randrange(34)
            tiles += [p, p]
            for _ in range(rnd.randrange(3)):
                tiles[rnd.randrange(14)] = rnd.randrange(34)
            tiles = tiles[:size]
        else:
            tiles = rnd.sample(wall, size)
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            yield counts


def _seven_pairs_with_quad(counts: list[int]) -> bool:
    return 4 in counts


def test_is_win_agrees_with_mahjong_agari():
    agari = Agari()
    checked = 0
    for counts in _random_hands(1, 4000, 14):
        if all(counts[t] for t in KOKUSHI):
            continue
        ours = is_win(counts)
        if _seven_pairs_with_quad(counts) and ours and not is_win(counts, seven_pairs=False):
            continue  # our seven pairs accepts a quad; see test_seven_pairs_rule_differs_from_riichi
        assert ours == agari.is_agari(counts), counts
        checked += 1
    assert checked > 3000


@pytest.mark.parametrize("size", [13, 14, 10, 8, 5])
def test_shanten_agrees_with_mahjong_shanten(size):
    for counts in _random_hands(size, 1500, size):
        if 4 in counts:
            continue  # four of a kind: see test_shanten_counts_a_fifth_copy_unlike_riichi
        theirs_regular = Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False)
        assert shanten(counts, seven_pairs=False) == theirs_regular, counts
        if size >= 13:
            theirs = Shanten.calculate_shanten(counts, use_chiitoitsu=True, use_kokushi=False)
            assert shanten(counts) == theirs, counts


@pytest.mark.parametrize(
    "hand",
    ["1111m2233p4455s66z", "1111m2222p3333s11z", "11112222333344m"],
)
def test_seven_pairs_rule_differs_from_riichi(hand):
    """Riichi's chiitoitsu wants seven distinct pairs; here four of a kind is two pairs, on purpose."""
    counts = c(hand)
    assert is_win(counts)
    theirs_seven = Shanten.calculate_shanten_for_chiitoitsu_hand(counts)
    assert theirs_seven > -1
    assert shanten(counts) == -1
    if not is_win(counts, seven_pairs=False):
        assert not Agari().is_agari(counts)


@pytest.mark.parametrize("hand", ["999m2226666p888s", "1111456m111p222s", "567m4444678p789s"])
def test_shanten_counts_a_fifth_copy_unlike_riichi(hand):
    """Shanten here counts shapes, as if a fifth copy could arrive (a wild can be one): 6666p + 13
    complete tiles is "ready" on 6p although no natural 6p is left. Riichi adds one; waits() agrees
    with riichi by leaving out kinds held four times."""
    counts = c(hand)
    assert shanten(counts, seven_pairs=False) == 0
    assert Shanten.calculate_shanten(counts, use_chiitoitsu=False, use_kokushi=False) == 1
    assert waits(counts, seven_pairs=False) == []
    assert is_win(counts, 1, seven_pairs=False)  # a wild as the fifth copy completes it
