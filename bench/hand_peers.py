"""The hand engine against RiichiEnv's Rust core, in one process (a benchmark, not a test).

    .venv/bin/python bench/hand_peers.py [--quick] [--callgrind]

RiichiEnv (``pip install riichienv``) is the strongest compiled peer with a Python API:
``calculate_shanten(tiles)`` takes a list of 136-tile ids and answers the riichi shanten (regular
form, seven pairs, thirteen orphans). It has no win test of its own on a bare hand, so the peer of
``is_win`` is ``calculate_shanten(tiles) == -1``; it has no wilds, so the peer of a call with ``k``
wilds is its call on the same hand with every tile natural. Each side gets its own input format,
built untimed: our 34 counts (a list), their sorted tile ids.

Every slice (250 hands) is generated for itself, never seen before in the process, and every
contender runs on it back to back, the order rotated from slice to slice; a ratio is the median of
the per-slice ratios (time theirs / time ours: above 1 we are faster), so both sides ran under the
same load on a shared machine. Targets (issue 28): shanten >= 1.2x, the win test >= 2x.

The batch rows time ``majiang.hand.batch`` (one call for a whole (n, 34) uint8 array) in ns per hand
against the single call in a Python loop and RiichiEnv in a loop. ``--callgrind`` adds instructions
per call (valgrind's callgrind: steady under load) for 2,000 13-tile hands, ours and theirs, each
in a child process, the loop's own cost subtracted (an empty loop over the same hands).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import callgrind
from hand import complete_hand, random_hand, ready_hand, with_wilds

CHUNK = 250
Counts = list[int]


def tile_ids(counts: Sequence[int], wilds: Sequence[int] = ()) -> list[int]:
    """136-ids of a count array (copy j of kind k = 4k + j), plus the natural tiles in ``wilds``."""
    c = list(counts)
    for k in wilds:
        c[k] += 1
    return [4 * k + j for k in range(34) for j in range(c[k])]


def calls(fn: Callable[..., object], items: Sequence[object], *extra: object) -> Callable[[], object]:
    """A contender: ``fn(item, *extra)`` over ``items``."""
    return lambda: [fn(x, *extra) for x in items]


def timed(fn: Callable[[], object]) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


class Rotated:
    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.calls = 0

    def run(self, contenders: dict[str, Callable[[], object]], n: int, slice_no: int) -> None:
        names = list(contenders)
        k = slice_no % len(names)
        for name in names[k:] + names[:k]:
            self.times.setdefault(name, []).append(timed(contenders[name]))
        self.calls += n

    def ns(self, name: str) -> float:
        return statistics.median(self.times[name]) / (self.calls / len(self.times[name])) * 1e9

    def ratio(self, slow: str, fast: str) -> float:
        return statistics.median(a / b for a, b in zip(self.times[slow], self.times[fast], strict=True))


def cases(rnd: random.Random) -> dict[str, Callable[[], tuple[list[Counts], list[list[int]], int]]]:
    """name -> a maker of (our parts, their tile lists, wilds in ours)."""

    def plain(make: Callable[[], Counts]) -> Callable[[], tuple[list[Counts], list[list[int]], int]]:
        def build() -> tuple[list[Counts], list[list[int]], int]:
            hands = [make() for _ in range(CHUNK)]
            return hands, [tile_ids(h) for h in hands], 0

        return build

    def wild(make: Callable[[], Counts], k: int) -> Callable[[], tuple[list[Counts], list[list[int]], int]]:
        def build() -> tuple[list[Counts], list[list[int]], int]:
            full = [make() for _ in range(CHUNK)]
            return [with_wilds(rnd, h, k) for h in full], [tile_ids(h) for h in full], k

        return build

    return {
        "shanten, random 13": plain(lambda: random_hand(rnd, 13)),
        "shanten, random 14": plain(lambda: random_hand(rnd, 14)),
        "shanten, ready 13": plain(lambda: ready_hand(rnd)),
        "shanten, random 13, 2 wilds": wild(lambda: random_hand(rnd, 13), 2),
        "shanten, ready 13, 1 wild": wild(lambda: ready_hand(rnd), 1),
        "shanten, random 14, 2 wilds": wild(lambda: random_hand(rnd, 14), 2),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--seed", type=int, default=2028)
    ap.add_argument("--callgrind", action="store_true")
    ap.add_argument("--callgrind-child", choices=["ours", "theirs", "none"], help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.callgrind_child:
        return callgrind_child(args.callgrind_child, args.seed)
    import riichienv

    from majiang.hand import codes, is_win, shanten

    theirs = riichienv.calculate_shanten

    def their_win(tiles: list[int]) -> bool:
        return bool(theirs(tiles) == -1)
    slices = 10 if args.quick else 40
    rnd = random.Random(args.seed)
    print(f"hand engine: {'C accelerator' if codes.ACCELERATED else 'pure Python'}; RiichiEnv "
          f"{getattr(riichienv, '__version__', '?')}; {slices} slices of {CHUNK} unseen hands each; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'measurement':<34} {'ours ns':>8} {'theirs ns':>10} {'ratio':>7}  (theirs time / ours, median of slices)")
    for name, build in cases(rnd).items():
        r = Rotated()
        for i in range(slices):
            ours_in, theirs_in, k = build()
            r.run({"ours": calls(shanten, ours_in, k), "theirs": calls(theirs, theirs_in)}, CHUNK, i)
        print(f"{name:<34} {r.ns('ours'):8.0f} {r.ns('theirs'):10.0f} {r.ratio('theirs', 'ours'):6.2f}x")
    for name, make, k in (("win test, complete 14", lambda: complete_hand(rnd), 0),
                          ("win test, random 14", lambda: random_hand(rnd, 14), 0),
                          ("win test, complete 14, 2 wilds", lambda: complete_hand(rnd), 2)):
        r = Rotated()
        for i in range(slices):
            full = [make() for _ in range(CHUNK)]
            ours_in = [with_wilds(rnd, h, k) for h in full] if k else full
            theirs_in = [tile_ids(h) for h in full]
            r.run({"ours": calls(is_win, ours_in, k), "theirs": calls(their_win, theirs_in)}, CHUNK, i)
        print(f"{name:<34} {r.ns('ours'):8.0f} {r.ns('theirs'):10.0f} {r.ratio('theirs', 'ours'):6.2f}x")
    batch_rows(rnd, slices, theirs)
    if args.callgrind:
        callgrind_rows(args.seed)
    return 0


def batch_rows(rnd: random.Random, slices: int, theirs: Callable[[list[int]], int]) -> None:
    try:
        import numpy as np

        from majiang.hand import batch
    except ImportError as e:
        print(f"batch: not available ({e})")
        return
    from majiang.hand import is_win, shanten

    n = 4 * CHUNK
    for what, single, many, make in (
        ("shanten, random 13", shanten, batch.shanten, lambda: random_hand(rnd, 13)),
        ("win test, complete 14", is_win, batch.is_win, lambda: complete_hand(rnd)),
    ):
        r = Rotated()
        for i in range(slices):
            hands = [make() for _ in range(n)]
            arr = np.array(hands, dtype=np.uint8)
            ids = [tile_ids(h) for h in hands]
            r.run({"batch": calls(many, [arr]), "single": calls(single, hands), "theirs": calls(theirs, ids)}, n, i)
        print(f"batch {what:<28} {r.ns('batch'):8.0f} ns/hand; single calls {r.ns('single'):.0f} "
              f"({r.ratio('single', 'batch'):.1f}x the batch); RiichiEnv in a loop {r.ns('theirs'):.0f} "
              f"({r.ratio('theirs', 'batch'):.1f}x)")


def callgrind_child(who: str, seed: int) -> int:
    """The same imports and hands in every child; only the loop's call differs (``none``: ``len``)."""
    import riichienv

    from majiang.hand import shanten

    rnd = random.Random(seed)
    hands = [random_hand(rnd, 13) for _ in range(CALLGRIND_HANDS)]
    ids = [tile_ids(h) for h in hands]
    # One call of each first, in every child: ours builds its pair tables on its first 13-tile call
    # (a one-time cost, 2-11 ms) and the loop is to count calls, not that.
    shanten(hands[0])
    riichienv.calculate_shanten(ids[0])
    fn: Callable[[list[int]], object] = {"ours": shanten, "theirs": riichienv.calculate_shanten, "none": len}[who]
    for h in hands if who == "ours" else ids:
        fn(h)
    return 0


CALLGRIND_HANDS = 2000


def callgrind_rows(seed: int) -> None:
    """Instructions and mispredicted branches per call: (a child's totals - the ``none`` child's) / hands."""
    totals: dict[str, dict[str, int]] = {}
    for who in ("ours", "theirs", "none"):
        totals[who], _ = callgrind.run([sys.executable, str(Path(__file__).resolve()), "--callgrind-child", who,
                                        "--seed", str(seed)], "--branch-sim=yes")
    for who in ("ours", "theirs"):
        per = {k: (totals[who][k] - totals["none"][k]) / CALLGRIND_HANDS for k in totals[who]}
        mispredicted = per.get("Bcm", 0) + per.get("Bim", 0)
        print(f"callgrind, shanten random 13, {who:<6} {per['Ir']:8.0f} instructions/call, "
              f"{mispredicted:5.1f} mispredicted branches/call")


if __name__ == "__main__":
    sys.exit(main())
