"""Time per decision of a bot (a benchmark, not a test): every decision of it at a table, timed.

    .venv/bin/python bench/decisions.py [--bot strong] [--others strong] [--hands 20] [--only anqing-A,…]

By default four of the bot sit at the table; ``--others NAME`` seats that bot in seats 1–3 instead and
times seat 0 only (the hard bot beside three strong ones: a server table with one hard bot). Prints, per
ruleset, the median, 99th percentile and worst decision time in process CPU time and in wall-clock time
(on a shared machine wall-clock time also counts the other jobs), and hands per second. Decisions with a
single legal action are included (they are answered at once); the median of the real choices (more than
one legal action) is printed beside it, and the CPU time of the timed decisions a hand (the bot's whole cost,
without the engine's: what a server's bot thread spends a hand). Hand seeds are fresh for each ruleset.
Targets: strong median <= 30 ms and worst <= 300 ms (CPU); hard median <= 150 ms and p99 <= 800 ms (CPU).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang import native
from majiang.bots import make_bot
from majiang.engine.hand import Hand
from majiang.engine.view import seat_view
from majiang.rules.registry import make_ruleset

RULES: list[tuple[str, str, dict[str, object]]] = [
    ("anqing-A", "anqing", {"mode": "A"}),
    ("anqing-B", "anqing", {"mode": "B"}),
    ("hefei-baoting", "hefei", {"room": "baoting"}),
    ("hefei-bubaoting", "hefei", {"room": "bubaoting"}),
    ("baida", "baida", {"seven_baida": False}),
    ("baida-seven", "baida", {"seven_baida": True}),
]
# (median, the tail figure's limit, which tail) in seconds of CPU
TARGETS = {"hard": (0.150, 0.800, "p99")}
DEFAULT_TARGET = (0.030, 0.300, "worst")


def pct(xs: list[float], q: float) -> float:
    return xs[min(len(xs) - 1, int(q * (len(xs) - 1)))]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="strong")
    p.add_argument("--others", default=None, help="the bot in seats 1-3 (default: the timed bot, all timed)")
    p.add_argument("--hands", type=int, default=20)
    p.add_argument("--only", default="", help="comma-separated labels: " + ",".join(r[0] for r in RULES))
    args = p.parse_args()
    only = {s for s in args.only.split(",") if s}
    med_limit, tail_limit, tail_name = TARGETS.get(args.bot, DEFAULT_TARGET)
    print(f"engine: {'compiled (mypyc)' if native.ACTIVE else 'Python sources'}; bot {args.bot}"
          f"{f' in seat 0 beside {args.others}' if args.others else ' in every seat'}")
    ok = True
    for label, name, options in RULES:
        if only and label not in only:
            continue
        ruleset = make_ruleset(name, options)
        cpu: list[float] = []
        wall: list[float] = []
        choices: list[float] = []  # decisions with more than one legal action
        start = time.process_time()
        for i in range(args.hands):
            hand = Hand(ruleset, f"decisions-{name}-{i}", dealer=i % 4)
            bots = [make_bot(args.bot if (s == 0 or args.others is None) else args.others, s) for s in range(4)]
            while not hand.over:
                seat = hand.to_act()[0]
                view = seat_view(hand, seat)
                timed = seat == 0 or args.others is None
                t0, w0 = time.process_time(), time.perf_counter()
                action = bots[seat].choose(view)
                if timed:
                    cpu.append(time.process_time() - t0)
                    wall.append(time.perf_counter() - w0)
                    if len(view.legal) > 1:
                        choices.append(cpu[-1])
                hand.apply(seat, action)
        elapsed = time.process_time() - start
        cpu.sort()
        wall.sort()
        med, p99, worst = statistics.median(cpu), pct(cpu, 0.99), cpu[-1]
        tail = p99 if tail_name == "p99" else worst
        ok = ok and med <= med_limit and tail <= tail_limit
        print(f"{args.bot:<6} {label:<16} {len(cpu):>5} decisions  CPU median {1000 * med:6.1f} ms "
              f"(real choices {1000 * statistics.median(choices) if choices else 0:6.1f})  p99 {1000 * p99:6.1f}  "
              f"worst {1000 * worst:6.1f} ms | wall median {1000 * statistics.median(wall):6.1f}  "
              f"p99 {1000 * pct(wall, 0.99):6.1f}  worst {1000 * wall[-1]:6.1f} ms | "
              f"{args.hands / elapsed:5.1f} hands/s (CPU) | decisions {1000 * sum(cpu) / args.hands:6.1f} ms CPU "
              "a hand")
    print(f"target (CPU median <= {1000 * med_limit:.0f} ms, {tail_name} <= {1000 * tail_limit:.0f} ms in every "
          f"ruleset): {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
