"""Our 国标 fan calculator against PyMahjongGB's MahjongFanCalculator, hand by hand (short form).

The hands come from tests/guobiao_hands.py (fixed seeds, generators aimed at every fan); both
calculators score the same situation and must agree on every fan, its count and the total.
The full run (100,000+ hands, every fan 200+ times, shanten too, speed) is
``python bench/guobiao_differential.py``.
"""

from __future__ import annotations

from collections import Counter

import MahjongGB  # pymahjonggb, in the dev extra: a missing one fails the test, never skips it
import pytest

from majiang.rules.guobiao_fans import (
    GbHand,
    fan_total,
    honors_and_knitted_shanten,
    knitted_straight_shanten,
    regular_shanten,
    score_hand,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
)
from tests.guobiao_hands import gb_tile, shanten_hands, simulated_situations, to_pymahjonggb, winning_hands

# PyMahjongGB names the three waits "独听・…" (a wait on one tile alone); the rule book does not.
RENAME = {"独听・单钓": "单钓将", "独听・嵌张": "坎张", "独听・边张": "边张"}


def theirs(hand: GbHand) -> tuple[tuple[str, int, int], ...] | None:
    try:
        got = MahjongGB.MahjongFanCalculator(**to_pymahjonggb(hand))
    except TypeError as e:
        if "ERROR_NOT_WIN" in str(e):
            return None
        raise
    return tuple(sorted((RENAME.get(zh, zh), value, count) for value, count, zh, _en in got))


def ours(hand: GbHand) -> tuple[tuple[str, int, int], ...] | None:
    lines = score_hand(hand)
    if lines is None:
        return None
    return tuple(sorted((line.zh, line.value, line.count) for line in lines))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_fans_match_pymahjonggb(seed: int) -> None:
    seen: Counter[str] = Counter()
    differences = []
    for hand in winning_hands(seed, 1500):
        a, b = ours(hand), theirs(hand)
        if a != b:
            differences.append((hand, a, b))
        for zh, _v, _n in b or ():
            seen[zh] += 1
    assert not differences, f"{len(differences)} differences, first: {differences[0]}"
    assert len(seen) >= 70, f"the generators reached only {len(seen)} fans: {sorted(seen)}"


def test_situations_from_simulated_games_match_pymahjonggb() -> None:
    situations = simulated_situations(3)
    assert len(situations) > 100, "the games asked the calculator about too few winning hands"
    differences = [(h, ours(h), theirs(h)) for h in situations if ours(h) != theirs(h)]
    assert not differences, f"{len(differences)} of {len(situations)} differ, first: {differences[0]}"


def test_totals_agree_with_the_lines() -> None:
    for hand in winning_hands(7, 300):
        lines = score_hand(hand)
        assert lines is not None
        b = theirs(hand)
        assert b is not None
        assert fan_total(lines) == sum(v * n for _zh, v, n in b)


def shanten_differences(hand: tuple[int, ...]) -> list[tuple[str, int, int]]:
    """(form, theirs, ours) for every form whose shanten differs on ``hand``."""
    gb = tuple(gb_tile(t) for t in hand)
    melds = (13 - len(hand)) // 3
    pairs = [("all", MahjongGB.MahjongShanten(pack=(("PENG", "J1", 1),) * melds, hand=gb), shanten(hand, melds)),
             ("regular", MahjongGB.RegularShanten(gb)[0], regular_shanten(hand))]
    if len(hand) == 13:
        pairs += [("seven_pairs", MahjongGB.SevenPairsShanten(gb)[0], seven_pairs_shanten(hand)),
                  ("thirteen_orphans", MahjongGB.ThirteenOrphansShanten(gb)[0], thirteen_orphans_shanten(hand)),
                  ("honors_and_knitted", MahjongGB.HonorsAndKnittedTilesShanten(gb)[0],
                   honors_and_knitted_shanten(hand))]
    if len(hand) in (13, 10):
        pairs.append(("knitted_straight", MahjongGB.KnittedStraightShanten(gb)[0], knitted_straight_shanten(hand)))
    return [p for p in pairs if p[1] != p[2]]


def test_shanten_matches_pymahjonggb() -> None:
    bad = [(hand, d) for hand in shanten_hands(11, 3000) if (d := shanten_differences(hand))]
    assert not bad, f"{len(bad)} hands differ, first: {bad[0]}"
