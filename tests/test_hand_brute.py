"""Slow, obviously-correct references for the hand engine tests (no tables)."""

from __future__ import annotations

import random
from functools import lru_cache
from itertools import combinations_with_replacement

from majiang.hand import TileSet


def _chow_ok(a: int, kinds: frozenset[int]) -> bool:
    return a < 27 and a % 9 <= 6 and a in kinds and a + 1 in kinds and a + 2 in kinds


@lru_cache(maxsize=200_000)
def regular(c: tuple[int, ...], pair: bool, kinds: frozenset[int]) -> bool:
    """Split exactly into sets (and one pair if ``pair``): try every group at the lowest tile."""
    i = next((t for t, x in enumerate(c) if x), -1)
    if i < 0:
        return not pair
    lst = list(c)
    if pair and c[i] >= 2:
        lst[i] -= 2
        if regular(tuple(lst), False, kinds):
            return True
        lst[i] += 2
    if c[i] >= 3:
        lst[i] -= 3
        if regular(tuple(lst), pair, kinds):
            return True
        lst[i] += 3
    if _chow_ok(i, kinds) and c[i + 1] and c[i + 2]:
        lst[i] -= 1
        lst[i + 1] -= 1
        lst[i + 2] -= 1
        if regular(tuple(lst), pair, kinds):
            return True
    return False


def natural_win(c: tuple[int, ...], seven_pairs: bool, kinds: frozenset[int]) -> bool:
    if any(x and t not in kinds for t, x in enumerate(c)):
        return False
    if regular(c, True, kinds):
        return True
    return seven_pairs and sum(c) == 14 and all(x % 2 == 0 for x in c)


def brute_is_win(counts: list[int], jokers: int, seven_pairs: bool = True, tileset: TileSet | None = None) -> bool:
    """Substitute every wild by every kind of the tile set, exhaustively."""
    ts = tileset or TileSet.FULL
    for subst in combinations_with_replacement(ts.sorted_kinds, jokers):
        c = list(counts)
        for t in subst:
            c[t] += 1
        if natural_win(tuple(c), seven_pairs, ts.kinds):
            return True
    return False


def brute_waits(counts: list[int], jokers: int, seven_pairs: bool = True, tileset: TileSet | None = None) -> list[int]:
    ts = tileset or TileSet.FULL
    out = []
    for t in ts.sorted_kinds:
        if counts[t] < 4:
            c = list(counts)
            c[t] += 1
            if brute_is_win(c, jokers, seven_pairs, ts):
                out.append(t)
    return out


def random_complete(rnd: random.Random, n_sets: int, tileset: TileSet, jokers: int) -> list[int] | None:
    """A random complete part (n sets + pair) with ``jokers`` of its tiles turned wild; None if >4 copies."""
    kinds = tileset.sorted_kinds
    tiles: list[int] = []
    for _ in range(n_sets):
        t = rnd.choice(kinds)
        if _chow_ok(t, tileset.kinds) and rnd.random() < 0.6:
            tiles += [t, t + 1, t + 2]
        else:
            tiles += [t, t, t]
    p = rnd.choice(kinds)
    tiles += [p, p]
    if rnd.random() < 0.1 and n_sets == 4:  # seven pairs sometimes
        tiles = []
        for _ in range(7):
            p = rnd.choice(kinds)
            tiles += [p, p]
    rnd.shuffle(tiles)
    tiles = tiles[jokers:]
    counts = [0] * 34
    for t in tiles:
        counts[t] += 1
    return counts if max(counts) <= 4 else None


def perturb(rnd: random.Random, counts: list[int], tileset: TileSet, replace: int, remove: int) -> list[int] | None:
    """Replace some tiles by random ones and remove others (to make waiting or broken parts)."""
    c = list(counts)
    kinds = tileset.sorted_kinds
    for _ in range(remove + replace):
        held = [t for t in range(34) if c[t]]
        if not held:
            return None
        c[rnd.choice(held)] -= 1
    for _ in range(replace):
        c[rnd.choice(kinds)] += 1
    return c if max(c) <= 4 else None


# ---------------------------------------------------------------------------
# Property tests: the table-driven engine against the references above.
# ---------------------------------------------------------------------------

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from majiang.hand import decompositions, is_win, shanten, waits  # noqa: E402

TILESETS = st.sampled_from([TileSet.FULL, TileSet.FULL, TileSet.HEFEI])
FAST = settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
SLOW = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])


@st.composite
def complete_parts(draw: st.DrawFn, max_jokers: int) -> tuple[list[int], int, TileSet]:
    """Near-complete parts of 3n+2 tiles: a random complete hand, wilds swapped in, some tiles replaced."""
    rnd = random.Random(draw(st.integers(0, 2**32)))
    ts = draw(TILESETS)
    n_sets = draw(st.sampled_from([4, 4, 4, 3, 2, 1, 0]))
    jokers = draw(st.integers(0, min(max_jokers, 3 * n_sets + 2)))
    counts = random_complete(rnd, n_sets, ts, jokers)
    assume(counts is not None)
    counts = perturb(rnd, counts, ts, replace=draw(st.sampled_from([0, 0, 1, 1, 2])), remove=0)
    assume(counts is not None)
    return counts, jokers, ts


@st.composite
def waiting_parts(draw: st.DrawFn, max_jokers: int) -> tuple[list[int], int, TileSet]:
    counts, jokers, ts = draw(complete_parts(max_jokers))
    rnd = random.Random(draw(st.integers(0, 2**32)))
    if sum(counts) == 0:
        assume(jokers > 0)
        return counts, jokers - 1, ts
    c = perturb(rnd, counts, ts, replace=0, remove=1)
    assume(c is not None)
    return c, jokers, ts


@FAST
@given(complete_parts(max_jokers=1), st.booleans())
def test_is_win_matches_brute_force_up_to_one_wild(part, seven_pairs):
    counts, jokers, ts = part
    assert is_win(counts, jokers, seven_pairs, ts) == brute_is_win(counts, jokers, seven_pairs, ts)


@SLOW
@given(complete_parts(max_jokers=3), st.booleans())
def test_is_win_matches_brute_force_up_to_three_wilds(part, seven_pairs):
    counts, jokers, ts = part
    assert is_win(counts, jokers, seven_pairs, ts) == brute_is_win(counts, jokers, seven_pairs, ts)


@FAST
@given(waiting_parts(max_jokers=1), st.booleans())
def test_waits_match_brute_force(part, seven_pairs):
    counts, jokers, ts = part
    assert waits(counts, jokers, seven_pairs, ts) == brute_waits(counts, jokers, seven_pairs, ts)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(waiting_parts(max_jokers=2))
def test_waits_match_brute_force_two_wilds(part):
    counts, jokers, ts = part
    assert waits(counts, jokers, True, ts) == brute_waits(counts, jokers, True, ts)


def _sub_multisets(counts: list[int], size: int, start: int = 0):
    if size == 0:
        yield []
        return
    for t in range(start, 34):
        if counts[t]:
            counts[t] -= 1
            for rest in _sub_multisets(counts, size - 1, t):
                yield [t, *rest]
            counts[t] += 1


def brute_shanten(counts: list[int], jokers: int, seven_pairs: bool, ts: TileSet) -> int:
    """Fewest draws k (each with a discard) after which some choice completes the part, minus one.

    A drawn tile that fits is as good as a wild, so "k draws" = "k extra wilds and
    k discards" (k - 1 discards for a waiting part, which is one tile short).
    """
    waiting = (sum(counts) + jokers) % 3 == 1
    for k in range(0, 9):
        discards = k - 1 if waiting else k
        if discards < 0:
            continue
        for d in _sub_multisets(list(counts), discards):
            c = list(counts)
            for t in d:
                c[t] -= 1
            if is_win(c, jokers + k, seven_pairs, ts):
                return k - 1
    raise AssertionError("unreachable")


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.one_of(complete_parts(max_jokers=2), waiting_parts(max_jokers=2)), st.booleans())
def test_shanten_matches_draw_search(part, seven_pairs):
    counts, jokers, ts = part
    expected = brute_shanten(counts, jokers, seven_pairs, ts)
    assert shanten(counts, jokers, seven_pairs, ts) == expected


def _assert_valid_decomposition(dec, counts, jokers, ts) -> None:
    natural = [0] * 34
    wild = 0
    for g in dec.groups:
        assert len(g.tiles) == len(g.wild)
        assert all(t in ts.kinds for t in g.tiles)
        if g.kind == "pair":
            assert len(g.tiles) == 2 and g.tiles[0] == g.tiles[1]
        elif g.kind == "pung":
            assert len(g.tiles) == 3 and len(set(g.tiles)) == 1
        else:
            a = g.tiles[0]
            assert g.tiles == (a, a + 1, a + 2) and _chow_ok(a, ts.kinds)
        for t, w in zip(g.tiles, g.wild, strict=True):
            if w:
                wild += 1
            else:
                natural[t] += 1
    assert natural == list(counts)
    assert wild == jokers
    if dec.form == "regular":
        assert [g.kind for g in dec.groups].count("pair") == 1 and dec.groups[-1].kind == "pair"
        assert len(dec.groups) == (sum(counts) + jokers - 2) // 3 + 1
    else:
        assert len(dec.groups) == 7 and all(g.kind == "pair" for g in dec.groups)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_parts(max_jokers=4), st.booleans())
def test_every_decomposition_reassembles_the_hand(part, seven_pairs):
    counts, jokers, ts = part
    decs = decompositions(counts, jokers, seven_pairs, ts)
    assert bool(decs) == is_win(counts, jokers, seven_pairs, ts)
    assert len(set(decs)) == len(decs)
    assert decs == decompositions(counts, jokers, seven_pairs, ts)  # deterministic
    for dec in decs:
        _assert_valid_decomposition(dec, counts, jokers, ts)


@FAST
@given(complete_parts(max_jokers=4), st.booleans())
def test_lazy_decompositions_are_the_same_set(part, seven_pairs):
    """iter_decompositions yields decompositions()'s set; with any_wild_filling, one filling per
    placement of the natural tiles (what the groups made only of wilds are is left out)."""
    from majiang.hand.decompose import iter_decompositions

    counts, jokers, ts = part
    full = decompositions(counts, jokers, seven_pairs, ts)
    lazy = list(iter_decompositions(counts, jokers, seven_pairs, ts))
    assert sorted(lazy) == sorted(full) and len(set(lazy)) == len(lazy)

    def naturals(dec):  # the decomposition without its all-wild groups
        return dec.form, tuple(sorted(g for g in dec.groups if not all(g.wild)))

    one = list(iter_decompositions(counts, jokers, seven_pairs, ts, any_wild_filling=True))
    assert {naturals(d) for d in one} == {naturals(d) for d in full}
    for dec in one:
        _assert_valid_decomposition(dec, counts, jokers, ts)


def _wilds_as_tiles(dec) -> list[int]:
    return sorted(t for g in dec.groups for t, w in zip(g.tiles, g.wild, strict=True) if w)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(complete_parts(max_jokers=2))
def test_decompositions_cover_every_substitution(part):
    """Each way of reading the wilds as tiles that wins appears as some decomposition's wild tiles."""
    counts, jokers, ts = part
    decs = decompositions(counts, jokers, True, ts)
    readings = {tuple(_wilds_as_tiles(d)) for d in decs}
    for subst in combinations_with_replacement(ts.sorted_kinds, jokers):
        c = list(counts)
        for t in subst:
            c[t] += 1
        assert natural_win(tuple(c), True, ts.kinds) == (tuple(subst) in readings)
