"""Speed of the hand engine against the riichi ``mahjong`` package (a benchmark, not a test).

    .venv/bin/python bench/hand.py [--quick]
    MAJIANG_PURE=1 .venv/bin/python bench/hand.py [--quick]   # the pure-Python path

Same generated hands (fixed seed) for every contender; prints calls/s and ratios.
Tables are lazily filled per group shape (never per hand), so one untimed pass
warms them first (the cold figure is printed too). Contenders compared by a ratio
run slice by slice, back to back, with the same number of tries; ratios are medians
over the slices (robust to bursts of outside load on a shared machine).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from majiang.hand import codes, is_win, shanten, waits

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


CHUNK = 250  # hands per timed slice


class Timings:
    """Times of contenders run slice by slice, interleaved (see :func:`rates`)."""

    def __init__(self, calls: int, times: dict[str, list[list[float]]]) -> None:
        self.calls = calls
        self.times = times  # name -> [round][slice] seconds

    def rate(self, name: str) -> float:
        """Calls/s from each slice's best round, summed over the slices."""
        return self.calls / sum(min(col) for col in zip(*self.times[name], strict=True))

    def ratio(self, slow: str, fast: str) -> float:
        """Median of time(slow) / time(fast) over every (round, slice): each pair ran back to back."""
        pairs = zip(self.times[slow], self.times[fast], strict=True)
        return statistics.median(a / b for ra, rb in pairs for a, b in zip(ra, rb, strict=True))


def rates(contenders: dict[str, Callable[[int, int], object]], calls: int, rounds: int) -> Timings:
    """Time every contender on each slice of ``CHUNK`` hands in turn, ``rounds`` times.

    The machine is shared and outside load comes in bursts of milliseconds: timing
    the contenders back to back on small slices puts both sides of a ratio under
    the same load, and the median over all slices ignores the unlucky ones. Every
    contender gets the same hands and the same number of tries.
    """
    times: dict[str, list[list[float]]] = {name: [] for name in contenders}
    for _ in range(rounds):
        for row in times.values():
            row.append([])
        for lo in range(0, calls, CHUNK):
            hi = min(lo + CHUNK, calls)
            for name, fn in contenders.items():
                start = time.perf_counter()
                fn(lo, hi)
                times[name][-1].append(time.perf_counter() - start)
    return Timings(calls, times)


def brute_is_win(counts: Sequence[int], jokers: int) -> bool:
    for subst in combinations_with_replacement(range(34), jokers):
        c = list(counts)
        for t in subst:
            c[t] += 1
        if Agari().is_agari(c):
            return True
    return False


def path_in_use() -> str:
    if codes.ACCELERATED:
        return f"C accelerator ({codes.speedups.__file__ if codes.speedups else '?'})"
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return "pure Python (MAJIANG_PURE is set)"
    return "pure Python (the C accelerator is not built: no compiler at install time?)"


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
    random14 = [random_hand(rnd, 14) for _ in range(n)]

    print(f"hand engine path: {path_in_use()}")
    print(f"hands per measurement: {n} (seed {args.seed})")
    start = time.perf_counter()
    for h in complete + thirteen + ready + random14:
        is_win(h) if sum(h) == 14 else shanten(h)
    for h in ready:
        waits(h)
    for h in wild4:
        is_win(h, 4)
    print(f"cold pass filling the tables: {time.perf_counter() - start:.2f} s")

    agari = Agari()
    rounds = 7
    r = rates(
        {
            "list": lambda a, b: [is_win(h) for h in complete[a:b]],
            "agari": lambda a, b: [agari.is_agari(h) for h in complete[a:b]],
            "wild": lambda a, b: [is_win(h, 4) for h in wild4[a:b]],
            "tuple": lambda a, b: [is_win(h) for h in tuples[a:b]],
            "random": lambda a, b: [is_win(h) for h in random14[a:b]],
            "agari_random": lambda a, b: [agari.is_agari(h) for h in random14[a:b]],
        },
        n,
        rounds,
    )
    few = wild4[:3]
    r_brute = rate(lambda: [brute_is_win(with_wilds(rnd, h, 0)[:], 3) for h in few], len(few), repeat=1)
    print(f"\nis_win, complete 14-tile hands ({rounds} rounds of interleaved slices: best rates, median ratios)")
    print(f"  ours (list input)     {r.rate('list'):12,.0f} /s")
    print(f"  ours (tuple input)    {r.rate('tuple'):12,.0f} /s")
    speedup = r.ratio("agari", "list")
    print(f"  mahjong Agari         {r.rate('agari'):12,.0f} /s   ratio {speedup:6.1f}x  (target >= 10x)")
    slowdown = r.ratio("wild", "list")
    print(f"  ours, 4 wilds         {r.rate('wild'):12,.0f} /s   time vs no wilds {slowdown:4.2f}  (target <= 1.5)")
    print(f"  brute force, 3 wilds  {r_brute:12,.1f} /s   (substitute every tile, Agari each)")
    print("is_win, random 14-tile hands (almost never complete: the engine's usual question)")
    print(f"  ours                  {r.rate('random'):12,.0f} /s")
    speedup = r.ratio("agari_random", "random")
    print(f"  mahjong Agari         {r.rate('agari_random'):12,.0f} /s   ratio {speedup:6.1f}x")

    s = rates(
        {
            "ours": lambda a, b: [shanten(h) for h in thirteen[a:b]],
            "theirs": lambda a, b: [Shanten.calculate_shanten(h, use_kokushi=False) for h in thirteen[a:b]],
        },
        n,
        3,
    )
    print("\nshanten, random 13-tile hands (3 rounds of interleaved slices)")
    print(f"  ours                  {s.rate('ours'):12,.0f} /s")
    speedup = s.ratio("theirs", "ours")
    print(f"  mahjong Shanten       {s.rate('theirs'):12,.0f} /s   ratio {speedup:6.1f}x  (target >= 5x)")

    w_ours = rate(lambda: [waits(h) for h in ready], n)
    print("\nwaits, ready 13-tile hands")
    print(f"  ours                  {w_ours:12,.0f} hands/s  (target >= 30,000)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
