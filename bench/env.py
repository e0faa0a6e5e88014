"""Environment steps per second on one core, against RLCard 1.2.0's mahjong env (a benchmark, not a test).

    .venv/bin/python bench/env.py [--quick] [--seconds S] [--only table|vector|aec]

A step = one decision of the seat to act: its observation is built (planes + action mask from its
seat view), a uniformly random legal action is picked and applied. RLCard: ``env.step`` with a
random legal action, which builds its next state (observation) each step, as ours does. Each
contender is warmed up on games it never sees again, then ours and RLCard alternate in half-second
slices so each ratio compares rates taken under the same machine load.

Rows: ``Table`` (the bare loop every wrapper uses), ``VectorEnv(16)`` (batched arrays), the
PettingZoo AEC env driven by the loop docs/env.md shows (``for agent in env.agent_iter()``, then
``env.last()`` + ``env.step``) and, as a second row, by a hand-written loop without agent_iter,
each in every ruleset and mode, and ``engine
only``: the same random play on the bare ``Match`` with no observation at all — not an environment,
the ceiling the others approach (what is left between it and ``Table`` is the observation's cost).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.engine.match import Match
from majiang.env import VectorEnv, aec_env
from majiang.env.table import EnvTable, table_options
from majiang.rules.registry import make_ruleset

WARMUP_S = 2.0
VARIANTS = [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
            ("hefei", {"room": "bubaoting"}), ("baida", {})]


class TableSteps:
    name = "Table (bare loop)"

    def __init__(self, ruleset: str, options: dict[str, str]) -> None:
        self.table = EnvTable(ruleset, options=options, seed="warm")
        self.rng = random.Random(0)
        self.table.reset()
        self.run(WARMUP_S)
        self.table.reset(seed="bench")  # measured on new hands

    def run(self, seconds: float) -> tuple[int, float]:
        t, rng = self.table, self.rng
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(100):
                obs = t.observe(t.acting())
                legal = obs["action_mask"].nonzero()[0]
                t.step(int(legal[rng.randrange(len(legal))]))
                if t.finished:
                    t.reset()
            done += 100
        return done, elapsed


class VectorSteps:
    name = "VectorEnv(16)"

    def __init__(self, ruleset: str, options: dict[str, str]) -> None:
        self.v = VectorEnv(16, ruleset, options=options, seed="warm")
        self.rng = np.random.default_rng(0)
        self.v.reset()
        self.run(WARMUP_S)
        self.v = VectorEnv(16, ruleset, options=options, seed="bench")
        self.v.reset()

    def run(self, seconds: float) -> tuple[int, float]:
        v, rng = self.v, self.rng
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(10):
                v.step(v.random_actions(rng))
            done += 10 * v.n
        return done, elapsed


class AECIterSteps:
    """The loop docs/env.md shows: ``for agent in env.agent_iter()``, ``env.last()``, ``env.step``
    (``None`` for a finished agent). A step counted = a decision taken (not the finished agents'
    ``step(None)``, which the loop also pays for)."""

    name = "AEC agent_iter"

    def __init__(self, ruleset: str, options: dict[str, str]) -> None:
        self.env = aec_env(ruleset, options=options, seed="warm", hands=8)
        self.rng = random.Random(0)
        self.env.reset()
        self.run(WARMUP_S)
        self.env.reset(seed=12345)

    def run(self, seconds: float) -> tuple[int, float]:
        env, rng = self.env, self.rng
        done, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            for _agent in env.agent_iter():
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = np.flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                done += 1
                if done % 100 == 0 and time.perf_counter() - start >= seconds:
                    break
            else:
                env.reset()
        return done, time.perf_counter() - start


class AECSteps:
    """A hand-written loop on ``env.last()`` + ``env.step`` (no agent_iter): the previous AEC row."""

    name = "AEC hand loop"

    def __init__(self, ruleset: str, options: dict[str, str]) -> None:
        self.env = aec_env(ruleset, options=options, seed="warm", hands=8)
        self.rng = random.Random(0)
        self.env.reset()
        self.run(WARMUP_S)
        self.env.reset(seed=12345)

    def run(self, seconds: float) -> tuple[int, float]:
        env, rng = self.env, self.rng
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(100):
                obs, _, term, trunc, _ = env.last()
                if term or trunc:
                    env.reset()
                    continue
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            done += 100
        return done, elapsed


class EngineSteps:
    """The ceiling: random legal actions on the bare engine, no observation built."""

    name = "engine only"

    def __init__(self, ruleset: str, options: dict[str, str]) -> None:
        self.ruleset = make_ruleset(ruleset, table_options(ruleset, options=options))
        self.rng = random.Random(0)
        self.prefix, self.episode = "warm", 0
        self.match = self._next()
        self.run(WARMUP_S)
        self.prefix = "bench"  # measured on new hands
        self.match = self._next()

    def _next(self) -> Match:
        self.episode += 1
        return Match(self.ruleset, hands=1, seed=f"{self.prefix}:{self.episode}")

    def run(self, seconds: float) -> tuple[int, float]:
        rng = self.rng
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(100):
                hand = self.match.hand
                seat = hand.to_act()[0]
                legal = hand.legal_actions(seat)
                self.match.apply(seat, legal[rng.randrange(len(legal))])
                if hand.over:
                    self.match = self._next()
            done += 100
        return done, elapsed


class RLCardSteps:
    """RLCard 1.2.0's mahjong: ``env.step`` with a random legal action (it builds each next state)."""

    def __init__(self) -> None:
        import rlcard

        self.env = rlcard.make("mahjong", config={"seed": 0})
        self.rng = random.Random(0)
        self.state, _ = self.env.reset()
        self.run(WARMUP_S)
        self.state, _ = self.env.reset()

    def run(self, seconds: float) -> tuple[int, float]:
        env, rng = self.env, self.rng
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            for _ in range(20):
                legal = list(self.state["legal_actions"])
                self.state, _ = env.step(legal[rng.randrange(len(legal))])
                if env.is_over():
                    self.state, _ = env.reset()
            done += 20
        return done, elapsed


def interleaved(a: object, b: object | None, seconds: float, slice_s: float = 0.5) -> tuple[float, float | None]:
    totals = [[0, 0.0], [0, 0.0]]
    spent = 0.0
    while spent < seconds:
        step = min(slice_s, seconds - spent)
        for i, who in enumerate((a, b)):
            if who is not None:
                n, t = who.run(step)  # type: ignore[attr-defined]
                totals[i][0] += n
                totals[i][1] += t
        spent += step
    return totals[0][0] / totals[0][1], (totals[1][0] / totals[1][1] if b is not None else None)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="about 1 s per contender and variant instead of 4")
    p.add_argument("--seconds", type=float, help="seconds per contender and variant")
    p.add_argument("--only", choices=("table", "vector", "aec", "engine"), help="one row kind only")
    p.add_argument("--rulesets", default="anqing,hefei,baida", help="comma-separated (default: all three)")
    args = p.parse_args()
    wanted = set(args.rulesets.split(","))
    seconds = args.seconds or (1.0 if args.quick else 4.0)
    from majiang import native

    print("engine: compiled (mypyc)" if native.ACTIVE else f"engine: Python sources ({native.REASON})", flush=True)
    try:
        rl: RLCardSteps | None = RLCardSteps()
    except ImportError:
        rl = None
        print("rlcard is not installed (pip install -e '.[bench]'): ours only")
    met, judged = True, False
    kinds: dict[str, list[type]] = {"table": [TableSteps], "vector": [VectorSteps], "aec": [AECIterSteps, AECSteps],
                                    "engine": [EngineSteps]}
    for kind in kinds[args.only] if args.only else [k for ks in kinds.values() for k in ks]:
        for ruleset, options in [v for v in VARIANTS if v[0] in wanted]:
            rate, rl_rate = interleaved(kind(ruleset, options), rl, seconds)
            label = " ".join([ruleset, *map(str, options.values())])
            ratio = ""
            if rl_rate is not None:
                ratio = f"  {rate / rl_rate:6.1f}x RLCard ({rl_rate:7.0f} steps/s in the same slices)"
                if kind in (TableSteps, VectorSteps):
                    met = met and rate >= 20 * rl_rate
                    judged = True
            print(f"{kind.name:<18} {label:<16} {rate:9.0f} steps/s{ratio}", flush=True)
            if kind in (TableSteps, VectorSteps):
                met = met and rate >= 20_000
    if judged:  # (only with Table or VectorEnv rows measured against RLCard)
        target = "met" if met else "NOT met"
        print(f"target (Table and VectorEnv rows run: >= 20,000 steps/s and >= 20x RLCard in every variant): {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
