"""Speed of the hand engine against the riichi ``mahjong`` package (a benchmark, not a test).

    .venv/bin/python bench/hand.py [--quick]

Same generated hands (fixed seed) for every contender; prints calls/s and ratios.
Tables are lazily filled, so one untimed pass warms them first (the cold figure is
printed too).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from majiang.hand import is_win, shanten, waits

Counts = list[int]


def complete_hand(rnd: random.Random) -> Counts:
    while True:
        tiles: list[int] = []
        for _ in range(4):
            t = rnd.randrange(34)
            tiles += [t, t + 1, t + 2] if t < 27 and t % 9 < 7 and rnd.random() < 0.6 else [t] * 3
        p = rnd.randrange(34)
        tiles += [p, p]
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if max(counts) <= 4:
            return counts


def random_hand(rnd: random.Random, size: int) -> Counts:
    wall = [t for t in range(34) for _ in range(4)]
    counts = [0] * 34
    for t in rnd.sample(wall, size):
        counts[t] += 1
    return counts


def with_wilds(rnd: random.Random, counts: Counts, k: int) -> Counts:
    c = list(counts)
    for _ in range(k):
        t = rnd.choice([t for t in range(34) if c[t]])
        c[t] -= 1
    return c


def rate(fn: Callable[[], object], calls: int, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return calls / best


def brute_is_win(counts: Sequence[int], jokers: int) -> bool:
    for subst in combinations_with_replacement(range(34), jokers):
        c = list(counts)
        for t in subst:
            c[t] += 1
        if Agari().is_agari(c):
            return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer hands")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    n = 2000 if args.quick else 20000
    rnd = random.Random(args.seed)

    complete = [complete_hand(rnd) for _ in range(n)]
    wild4 = [with_wilds(rnd, h, 4) for h in complete]
    thirteen = [random_hand(rnd, 13) for _ in range(n)]
    ready = []
    while len(ready) < n:
        h = complete_hand(rnd)
        h[rnd.choice([t for t in range(34) if h[t]])] -= 1
        ready.append(h)
    tuples = [tuple(h) for h in complete]

    print(f"hands per measurement: {n} (seed {args.seed})")
    start = time.perf_counter()
    for h in complete + thirteen + ready:
        is_win(h) if sum(h) == 14 else shanten(h)
    for h in ready:
        waits(h)
    for h in wild4:
        is_win(h, 4)
    print(f"cold pass filling the tables: {time.perf_counter() - start:.2f} s")

    agari = Agari()
    r_ours = rate(lambda: [is_win(h) for h in complete], n)
    r_tuple = rate(lambda: [is_win(h) for h in tuples], n)
    r_theirs = rate(lambda: [agari.is_agari(h) for h in complete], n, repeat=1)
    r_wild = rate(lambda: [is_win(h, 4) for h in wild4], n)
    few = wild4[:3]
    r_brute = rate(lambda: [brute_is_win(with_wilds(rnd, h, 0)[:], 3) for h in few], len(few), repeat=1)
    print("\nis_win, complete 14-tile hands")
    print(f"  ours (list input)     {r_ours:12,.0f} /s")
    print(f"  ours (tuple input)    {r_tuple:12,.0f} /s")
    print(f"  mahjong Agari         {r_theirs:12,.0f} /s   ratio {r_ours / r_theirs:6.1f}x  (target >= 10x)")
    print(f"  ours, 4 wilds         {r_wild:12,.0f} /s   time vs no wilds {r_ours / r_wild:4.2f}  (target <= 1.5)")
    print(f"  brute force, 3 wilds  {r_brute:12,.1f} /s   (substitute every tile, Agari each)")

    s_ours = rate(lambda: [shanten(h) for h in thirteen], n)
    s_theirs = rate(lambda: [Shanten.calculate_shanten(h, use_kokushi=False) for h in thirteen], n, repeat=1)
    print("\nshanten, random 13-tile hands")
    print(f"  ours                  {s_ours:12,.0f} /s")
    print(f"  mahjong Shanten       {s_theirs:12,.0f} /s   ratio {s_ours / s_theirs:6.1f}x  (target >= 5x)")

    w_ours = rate(lambda: [waits(h) for h in ready], n)
    print("\nwaits, ready 13-tile hands")
    print(f"  ours                  {w_ours:12,.0f} hands/s  (target >= 30,000)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
