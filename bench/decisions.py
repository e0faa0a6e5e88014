"""Time per decision of a bot (a benchmark, not a test): four of it at a table, every decision timed.

    .venv/bin/python bench/decisions.py [--bot strong] [--hands 20]

Prints, per ruleset, the median, 99th percentile and worst decision time in process CPU time (on a
shared machine wall-clock time also counts the other jobs), and hands per second. Decisions with a
single legal action are included (they are answered at once); the median of the real choices
(more than one legal action) is printed beside it. Hand seeds are fresh for each ruleset.
The strong bot's targets: median <= 30 ms, worst <= 300 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.bots import make_bot
from majiang.engine.hand import Hand
from majiang.engine.view import seat_view
from majiang.rules.registry import make_ruleset

RULES = [
    ("anqing", {"mode": "A"}),
    ("anqing", {"mode": "B"}),
    ("hefei", {"room": "baoting"}),
    ("hefei", {"room": "bubaoting"}),
    ("baida", {"seven_baida": False}),
    ("baida", {"seven_baida": True}),
]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--bot", default="strong")
    p.add_argument("--hands", type=int, default=20)
    args = p.parse_args()
    worst_all, medians = 0.0, []
    for name, options in RULES:
        ruleset = make_ruleset(name, options)
        times: list[float] = []
        choices: list[float] = []  # decisions with more than one legal action
        start = time.process_time()
        for i in range(args.hands):
            hand = Hand(ruleset, f"decisions-{name}-{i}", dealer=i % 4)
            bots = [make_bot(args.bot, s) for s in range(4)]
            while not hand.over:
                seat = hand.to_act()[0]
                view = seat_view(hand, seat)
                t0 = time.process_time()
                action = bots[seat].choose(view)
                times.append(time.process_time() - t0)
                if len(view.legal) > 1:
                    choices.append(times[-1])
                hand.apply(seat, action)
        elapsed = time.process_time() - start
        times.sort()
        label = f"{name} {next(iter(options.values()))}" if name != "baida" else \
            ("baida seven" if options.get("seven_baida") else "baida")
        med, p99, worst = statistics.median(times), times[int(0.99 * (len(times) - 1))], times[-1]
        medians.append(med)
        worst_all = max(worst_all, worst)
        print(f"{args.bot:<8} {label:<16} {len(times):>6} decisions  median {1000 * med:6.2f} ms "
              f"(real choices {1000 * statistics.median(choices):6.2f} ms)  "
              f"p99 {1000 * p99:6.1f} ms  worst {1000 * worst:6.1f} ms  {args.hands / elapsed:6.1f} hands/s (CPU)")
    ok = max(medians) <= 0.030 and worst_all <= 0.300
    print(f"target (median <= 30 ms, worst <= 300 ms in every ruleset): {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
