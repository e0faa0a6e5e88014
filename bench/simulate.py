"""Full-rules hands per second per core with random bots, against RLCard's mahjong (a benchmark, not a test).

    .venv/bin/python bench/simulate.py [--quick] [--seconds S]

Ours: whole hands, every decision through a bot that sees only a seat view (so the
legal actions are computed at every step), scoring included. RLCard 1.2.0:
``env.run`` with four ``RandomAgent``s. One process, one core; both in the same run.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.bots import make_bot
from majiang.engine.hand import Hand
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand

RULES = [
    ("anqing", {"mode": "A"}),
    ("anqing", {"mode": "B"}),
    ("hefei", {"room": "baoting"}),
    ("hefei", {"room": "bubaoting"}),
]


def ours(name: str, options: dict[str, str], seconds: float) -> float:
    ruleset = make_ruleset(name, options)
    bots = [make_bot("random", s) for s in range(4)]
    for i in range(30):  # warm the lazily filled hand tables
        play_hand(Hand(ruleset, f"warm{i}", dealer=i % 4), bots)
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        play_hand(Hand(ruleset, f"bench{n}", dealer=n % 4), bots)
        n += 1
    return n / elapsed


def rlcard_rate(seconds: float) -> float | None:
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    env.run(is_training=False)
    n = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        env.run(is_training=False)
        n += 1
    return n / elapsed


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="about 1 s per contender instead of 8")
    p.add_argument("--seconds", type=float, help="seconds per contender")
    args = p.parse_args()
    seconds = args.seconds or (1.0 if args.quick else 8.0)
    rl = rlcard_rate(seconds)
    if rl is None:
        print("rlcard is not installed (pip install -e '.[bench]'): ours only")
    else:
        print(f"RLCard 1.2.0 mahjong, 4 RandomAgents: {rl:8.1f} games/s")
    worst = None
    for name, options in RULES:
        rate = ours(name, options, seconds)
        ratio = f"  {rate / rl:6.1f}x RLCard" if rl else ""
        label = f"{name} {next(iter(options.values()))}"
        print(f"majiang {label:<18} random bots:  {rate:8.1f} hands/s{ratio}")
        worst = rate if worst is None else min(worst, rate)
    target = "met" if worst is not None and worst >= 300 and (rl is None or worst >= 20 * rl) else "NOT met"
    print(f"target (>= 300 hands/s and >= 20x RLCard in every ruleset): {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
