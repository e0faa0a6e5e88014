"""Stacked walls for flow tests: write the hands and the draws, get a hand dealt exactly so."""

from __future__ import annotations

import random
from collections import Counter

from majiang.core.deal import TableInfo, WallSetup
from majiang.engine import Hand
from majiang.rules.base import Ruleset, copies
from majiang.tiles import parse_tiles


def stacked_wall(
    ruleset: Ruleset,
    hands: list[str],
    *,
    dealer: int = 0,
    draws: str = "",
    tail: str = "",
    indicator: str | None = None,
) -> WallSetup:
    """A wall whose deal gives ``hands[seat]`` (the dealer's has 14 tiles), whose next draws from the
    head are ``draws`` in order, and whose replacements from the tail are ``tail`` in order.
    ``indicator`` (Anqing) is placed where the third dice roll turns a tile up; the rest is filler."""
    n = ruleset.seats
    per_seat = [parse_tiles(h) for h in hands]
    for s, tiles in enumerate(per_seat):
        want = 14 if s == dealer else 13
        assert len(tiles) == want, f"seat {s} needs {want} tiles, got {len(tiles)}"
    order = [(dealer + i) % n for i in range(n)]
    head: list[int] = []
    pos = [0] * n
    for _ in range(3):
        for s in order:
            head.extend(per_seat[s][pos[s] : pos[s] + 4])
            pos[s] += 4
    for s in order:
        head.append(per_seat[s][pos[s]])
        pos[s] += 1
    head.append(per_seat[dealer][pos[dealer]])
    head.extend(parse_tiles(draws))
    tail_tiles = parse_tiles(tail)
    ind = parse_tiles(indicator) if indicator else []
    used = Counter(head) + Counter(tail_tiles) + Counter(ind)
    pool = [k for k in ruleset.kinds for _ in range(copies(k))]  # (a flower is one tile)
    rest = Counter(pool) - used
    assert not (used - Counter(pool)), f"more copies than exist: {used - Counter(pool)}"
    filler = sorted(rest.elements())
    random.Random(7).shuffle(filler)
    size = len(pool)
    # The indicator lies face up just before the tail's replacement tiles; the first replacement is last.
    wall = head + filler + ind + list(reversed(tail_tiles))
    indicator_index = len(head) + len(filler) if ind else None
    assert len(wall) == size, (len(wall), size)
    assert Counter(wall) == Counter(pool), "stacked wall is not a full set"
    return WallSetup(tiles=wall, dice=(1, 1), indicator_index=indicator_index)


def stacked_hand(ruleset: Ruleset, wall: WallSetup, *, dealer: int = 0, streak: int | None = None,
                 round_wind: int = 0) -> Hand:
    """A Hand dealt from ``wall`` instead of a shuffled one."""
    original = type(ruleset)

    class Stacked(original):  # type: ignore[misc, valid-type]
        def build_wall(self, rng: random.Random, dealer: int) -> WallSetup:
            return wall

        def table_info(self, w: WallSetup) -> TableInfo:
            return original.table_info(self, w)

    Stacked.__name__ = original.__name__
    rs = Stacked(ruleset.options)
    return Hand(rs, "stacked", dealer=dealer, streak=streak, round_wind=round_wind)
