"""Instructions per environment step, counted by valgrind's callgrind (a benchmark, not a test).

    .venv/bin/python bench/env_instr.py [--steps N] [--kind table|engine] [--rulesets anqing,hefei,baida]

Timed rates on a shared machine swing with its load; instruction counts do not. For each variant
this runs the interpreter twice under ``valgrind --tool=callgrind``: once playing ``N`` random
steps exactly like bench/env.py's rows (``table``: the acting seat's observation, a random legal
index from its mask, ``EnvTable.step``; ``engine``: the bare ``Match`` with a random legal action),
once playing none. Both first play the same warm-up steps on other games (caches filled, imports
done), so the difference over ``N`` is one steady-state step. Needs valgrind; takes ~1 min a variant.

``--play KIND RULESET OPTION N`` is the inner run the outer one starts under valgrind.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import callgrind

VARIANTS = [("anqing", "A"), ("anqing", "B"), ("hefei", "baoting"), ("hefei", "bubaoting"), ("baida", "-")]
WARMUP = 300


def play(kind: str, ruleset: str, option: str, steps: int) -> None:
    """``WARMUP`` steps on warm-up games, then ``steps`` on the measured ones (as bench/env.py)."""
    from majiang.env.table import table_options

    rng = random.Random(0)
    options = table_options(ruleset, mode=None if option == "-" else option)  # (anqing: mode, hefei: room)
    if kind == "table":
        from majiang.env.table import EnvTable

        t = EnvTable(ruleset, options=options, seed="warm")
        t.reset()
        for n in (WARMUP, steps):
            for _ in range(n):
                obs = t.observe(t.acting())
                legal = obs["action_mask"].nonzero()[0]
                t.step(int(legal[rng.randrange(len(legal))]))
                if t.finished:
                    t.reset()
            t.reset(seed="bench")
    else:
        from majiang.engine.match import Match
        from majiang.rules.registry import make_ruleset

        rules = make_ruleset(ruleset, options)
        for prefix, n in (("warm", WARMUP), ("bench", steps)):
            episode = 1
            match = Match(rules, hands=1, seed=f"{prefix}:{episode}")
            for _ in range(n):
                hand = match.hand
                seat = hand.to_act()[0]
                legal = hand.legal_actions(seat)
                match.apply(seat, legal[rng.randrange(len(legal))])
                if hand.over:
                    episode += 1
                    match = Match(rules, hands=1, seed=f"{prefix}:{episode}")


def count(kind: str, ruleset: str, option: str, steps: int) -> int:
    """Instructions of one inner run under callgrind (the whole process)."""
    totals, _ = callgrind.run([sys.executable, __file__, "--play", kind, ruleset, option, str(steps)])
    return totals["Ir"]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--kind", choices=("table", "engine"), default="table")
    p.add_argument("--rulesets", default="anqing,hefei,baida", help="comma-separated (default: all three)")
    p.add_argument("--play", nargs=4, metavar=("KIND", "RULESET", "OPTION", "N"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.play:
        kind, ruleset, option, n = args.play
        play(kind, ruleset, option, int(n))
        return 0
    wanted = set(args.rulesets.split(","))
    for ruleset, option in [v for v in VARIANTS if v[0] in wanted]:
        full = count(args.kind, ruleset, option, args.steps)
        base = count(args.kind, ruleset, option, 0)
        label = f"{ruleset} {option if option != '-' else ''}".strip()
        print(f"{args.kind:<7} {label:<16} {(full - base) / args.steps / 1000:7.1f} k instructions/step", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
