"""Speed of the hand engine against the riichi ``mahjong`` package (a benchmark, not a test).

    .venv/bin/python bench/hand.py [--quick]
    MAJIANG_PURE=1 .venv/bin/python bench/hand.py [--quick]   # the pure-Python path

Every timed slice runs on hands generated for it and never seen before in the process:
no untimed pass fills anything first. Ours and ``mahjong`` 2.1 run back to back on the
same slice (in alternating order), and a ratio is the median over the slices of the
per-slice ratio, so both sides of it ran under the same load on a shared machine.

Printed: the cold figure of a fresh interpreter (a subprocess: import, then its first
hands, ours and ``Agari`` interleaved), is_win on unseen complete hands (with 0-4 wilds:
time vs none), on unseen random hands, shanten on unseen 13-tile hands, waits on unseen
ready hands, and the old warm figure (the same hands again after an untimed pass) beside
them. The functions timed are the public ones (``majiang.hand.is_win`` etc.); with the
C accelerator they are C functions, so there is no Python wrapper to subtract.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from itertools import combinations_with_replacement
from pathlib import Path

Counts = list[int]
Slice = Callable[[Sequence[Counts]], object]

CHUNK = 250  # hands per timed slice
COLD_CHUNK = 100  # hands per slice in the fresh process
COLD_HANDS = 3000


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


def ready_hand(rnd: random.Random) -> Counts:
    h = complete_hand(rnd)
    h[rnd.choice([t for t in range(34) if h[t]])] -= 1
    return h


def with_wilds(rnd: random.Random, counts: Counts, k: int) -> Counts:
    """The same part with ``k`` of its natural tiles replaced by wilds (removed from the counts)."""
    c = list(counts)
    for _ in range(k):
        t = rnd.choice([t for t in range(34) if c[t]])
        c[t] -= 1
    return c


def timed(fn: Slice, hands: Sequence[Counts]) -> float:
    start = time.perf_counter()
    fn(hands)
    return time.perf_counter() - start


class Paired:
    """Per-slice times of contenders that ran back to back on the same unseen hands."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.calls = 0

    def run(self, contenders: dict[str, Slice], hands: Sequence[Counts], slice_no: int) -> None:
        names = list(contenders)
        if slice_no % 2:
            names.reverse()  # neither side always runs first
        for name in names:
            self.times.setdefault(name, []).append(timed(contenders[name], hands))
        self.calls += len(hands)

    def rate(self, name: str) -> float:
        """Calls/s of the median slice (each slice timed once, every hand unseen; the median
        ignores the slices that caught a burst of outside load)."""
        return self.calls / len(self.times[name]) / statistics.median(self.times[name])

    def ratio(self, slow: str, fast: str) -> float:
        """Median over the slices of time(slow) / time(fast)."""
        return statistics.median(a / b for a, b in zip(self.times[slow], self.times[fast], strict=True))


def path_in_use() -> str:
    from majiang.hand import codes

    if codes.ACCELERATED:
        return f"C accelerator ({codes.speedups.__file__ if codes.speedups else '?'})"
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return "pure Python (MAJIANG_PURE is set)"
    return "pure Python (the C accelerator is not built: no compiler at install time?)"


def cold_child(seed: int) -> None:
    """Run in a fresh interpreter: time the imports, then the first hands (ours and Agari interleaved)."""
    rnd = random.Random(seed)
    hands = [complete_hand(rnd) for _ in range(COLD_HANDS)]
    start = time.perf_counter()
    from majiang.hand import is_win

    import_ours = time.perf_counter() - start
    start = time.perf_counter()
    from mahjong.agari import Agari

    agari = Agari()
    import_theirs = time.perf_counter() - start
    first = timed(lambda hs: [is_win(h) for h in hs], hands[:1])  # the very first call
    first_theirs = timed(lambda hs: [agari.is_agari(h) for h in hs], hands[:1])
    paired = Paired()
    for i, lo in enumerate(range(1, COLD_HANDS, COLD_CHUNK)):
        paired.run({"ours": lambda hs: [is_win(h) for h in hs], "agari": lambda hs: [agari.is_agari(h) for h in hs]},
                   hands[lo:lo + COLD_CHUNK], i)
    print(json.dumps({"import_ours": import_ours, "import_theirs": import_theirs, "first": first,
                      "first_theirs": first_theirs, "ours": paired.times["ours"], "agari": paired.times["agari"],
                      "calls": paired.calls}))


def cold_figure(seed: int, runs: int = 3) -> dict[str, float]:
    """Each figure's median over ``runs`` fresh interpreters (different hands each)."""
    figures = [cold_run(seed + k) for k in range(runs)]
    return {key: statistics.median(f[key] for f in figures) for key in figures[0]}


def cold_run(seed: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--cold-child", "--seed", str(seed)],
                         capture_output=True, text=True, check=True, env=os.environ.copy())
    data = json.loads(out.stdout)
    ours, agari = sum(data["ours"]), sum(data["agari"])
    return {
        "import_ours": data["import_ours"],
        "import_theirs": data["import_theirs"],
        "first": data["first"],
        "first_theirs": data["first_theirs"],
        "rate": data["calls"] / ours,
        "rate_theirs": data["calls"] / agari,
        "ratio": statistics.median(a / b for a, b in zip(data["agari"], data["ours"], strict=True)),
        "first_slice_ratio": data["agari"][0] / data["ours"][0],
        # The first N+1 hands with the import included, against Agari's with its own import.
        "with_import": (data["calls"] + 1) / (data["import_ours"] + data["first"] + ours),
        "with_import_theirs": (data["calls"] + 1) / (data["import_theirs"] + data["first_theirs"] + agari),
    }


def brute_is_win(counts: Sequence[int], jokers: int) -> bool:
    from mahjong.agari import Agari

    for subst in combinations_with_replacement(range(34), jokers):
        c = list(counts)
        for t in subst:
            c[t] += 1
        if Agari().is_agari(c):
            return True
    return False


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="fewer slices")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--cold-child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.cold_child:
        cold_child(args.seed)
        return 0
    slices = 8 if args.quick else 60
    rnd = random.Random(args.seed)

    cold = cold_figure(args.seed + 1000)  # before this process imports anything of ours
    from mahjong.agari import Agari
    from mahjong.shanten import Shanten

    from majiang.hand import codes, groups, is_win, shanten, waits

    _shapes = getattr(groups, "_shapes", {})  # (absent before the flat tables: lets this time older commits)

    print(f"hand engine path: {path_in_use()}")
    if codes.ACCELERATED:
        mb = sum(shape.nbytes for shape in _shapes.values()) / 2**20
        print(f"flat tables in this process: {mb:.1f} MB ({len(_shapes)} group shapes)")
    print(f"unseen hands: {slices} slices of {CHUNK} per measurement, each generated for its slice (seed {args.seed})")

    print(f"\ncold: a fresh interpreter, its first {COLD_HANDS} complete hands ({COLD_CHUNK}-hand slices, interleaved;"
          " medians of 3 interpreters)")
    print(f"  import majiang.hand   {cold['import_ours'] * 1e3:8.1f} ms   (mahjong's imports: "
          f"{cold['import_theirs'] * 1e3:.1f} ms)")
    print(f"  first call            {cold['first'] * 1e6:8.1f} us   (Agari: {cold['first_theirs'] * 1e6:.1f} us)")
    print(f"  ours                  {cold['rate']:12,.0f} /s   {cold['with_import']:12,.0f} /s counting the import")
    print(f"  mahjong Agari         {cold['rate_theirs']:12,.0f} /s   {cold['with_import_theirs']:12,.0f} /s "
          "counting its import")
    print(f"  ratio                 {cold['ratio']:8.1f}x median, {cold['first_slice_ratio']:.1f}x on the first slice"
          "  (target >= 10x)")

    agari = Agari()
    win, random14, wild, shan, wait = Paired(), Paired(), Paired(), Paired(), Paired()
    for i in range(slices):
        complete = [complete_hand(rnd) for _ in range(CHUNK)]
        win.run({"ours": lambda hs: [is_win(h) for h in hs], "agari": lambda hs: [agari.is_agari(h) for h in hs]},
                complete, i)
        tuples = [tuple(complete_hand(rnd)) for _ in range(CHUNK)]
        win.times.setdefault("tuple", []).append(timed(lambda hs: [is_win(h) for h in hs], tuples))
        base = [complete_hand(rnd) for _ in range(CHUNK)]
        variants = {k: [with_wilds(rnd, h, k) for h in base] for k in range(5)}
        for k in (range(5) if i % 2 else range(4, -1, -1)):  # the same parts with k of their tiles wild
            wild.times.setdefault(f"w{k}", []).append(timed(lambda hs, k=k: [is_win(h, k) for h in hs], variants[k]))
        wild.calls += CHUNK
        noise = [random_hand(rnd, 14) for _ in range(CHUNK)]
        random14.run({"ours": lambda hs: [is_win(h) for h in hs], "agari": lambda hs: [agari.is_agari(h) for h in hs]},
                     noise, i)
        thirteen = [random_hand(rnd, 13) for _ in range(CHUNK)]
        shan.run({"ours": lambda hs: [shanten(h) for h in hs],
                  "theirs": lambda hs: [Shanten.calculate_shanten(h, use_kokushi=False) for h in hs]}, thirteen, i)
        ready = [ready_hand(rnd) for _ in range(CHUNK)]
        wait.run({"ours": lambda hs: [waits(h) for h in hs]}, ready, i)

    print("\nis_win, unseen complete 14-tile hands")
    print(f"  ours (list input)     {win.rate('ours'):12,.0f} /s")
    print(f"  ours (tuple input)    {CHUNK / statistics.median(win.times['tuple']):12,.0f} /s")
    print(f"  mahjong Agari         {win.rate('agari'):12,.0f} /s   ratio {win.ratio('agari', 'ours'):6.1f}x"
          "  (target >= 10x)")
    for k in range(1, 5):
        print(f"  ours, {k} wild{'s' if k > 1 else ' '}        {wild.rate(f'w{k}'):12,.0f} /s   time vs no wilds "
              f"{wild.ratio(f'w{k}', 'w0'):4.2f}  (target <= 1.5)")
    few = [with_wilds(rnd, complete_hand(rnd), 3) for _ in range(3)]
    r_brute = len(few) / timed(lambda hs: [brute_is_win(h, 3) for h in hs], few)
    print(f"  brute force, 3 wilds  {r_brute:12,.1f} /s   (substitute every tile, Agari each)")
    print("is_win, unseen random 14-tile hands (almost never complete)")
    print(f"  ours                  {random14.rate('ours'):12,.0f} /s")
    print(f"  mahjong Agari         {random14.rate('agari'):12,.0f} /s   ratio {random14.ratio('agari', 'ours'):6.1f}x")

    print("\nshanten, unseen random 13-tile hands")
    print(f"  ours                  {shan.rate('ours'):12,.0f} /s")
    print(f"  mahjong Shanten       {shan.rate('theirs'):12,.0f} /s   ratio {shan.ratio('theirs', 'ours'):6.1f}x"
          "  (target >= 10x)")

    print("\nwaits, unseen ready 13-tile hands")
    print(f"  ours                  {wait.rate('ours'):12,.0f} hands/s  (target >= 100,000)")

    # The old bench's figure: one fixed set of hands, an untimed pass, then the same hands again.
    same = [complete_hand(rnd) for _ in range(2000)]
    for h in same:
        is_win(h)
    warm = Paired()
    for i in range(3 * len(same) // CHUNK):
        lo = (i * CHUNK) % len(same)
        warm.run({"ours": lambda hs: [is_win(h) for h in hs], "agari": lambda hs: [agari.is_agari(h) for h in hs]},
                 same[lo:lo + CHUNK], i)
    print("\nwarm (the old figure): the same 2,000 complete hands again after an untimed pass")
    print(f"  ours                  {warm.rate('ours'):12,.0f} /s")
    print(f"  mahjong Agari         {warm.rate('agari'):12,.0f} /s   ratio {warm.ratio('agari', 'ours'):6.1f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
