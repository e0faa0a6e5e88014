"""The 国标 fan calculator and shanten against PyMahjongGB, in full (a benchmark, not a test).

    .venv/bin/python bench/guobiao_differential.py [--hands 100000] [--games 100] [--shanten 100000] [--speed 20000]

1. Fans: ``--hands`` winning hands from tests/guobiao_hands.py (generators aimed at every fan,
   fixed seeds), each scored by ``majiang.rules.guobiao_fans.score_hand`` and by PyMahjongGB's
   ``MahjongFanCalculator`` on the same situation; every difference in the fan list (fan, value,
   count) or the total is counted, per fan. Each fan must appear at least 200 times.
   And ``--games`` hands of guobiao played by bots: every distinct winning situation the
   calculator is asked about on the way (settlements, offered wins, 听 hints, the bots' looks
   ahead) is scored by PyMahjongGB too.
2. Shanten: ``--shanten`` concealed parts (13/10/7/4/1 tiles) against ``MahjongShanten`` and the
   per-form functions (regular, 七对, 十三幺, 全不靠, 组合龙).
3. Speed: fresh hands of another seed, never seen in the process (so no cache of ours is warm
   for them), each side's input built untimed; slices of 500 hands timed back to back, the order
   alternating, wall-clock; the ratio is the median over slices of time(PyMahjongGB) / time(ours):
   above 1 we are faster. PyMahjongGB is C++ behind a C extension; we are Python (mypyc-compiled
   where the build compiled us).

Exit status 1 when any difference is found or a fan falls short of 200 appearances.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import MahjongGB

from majiang.rules.guobiao_fans import ALL_FANS, GbHand, score_hand, shanten
from majiang.rules.guobiao_fans.table import FAN_BY_ZH
from tests.guobiao_hands import gb_tile, shanten_hands, simulated_situations, to_pymahjonggb, winning_hands
from tests.test_guobiao_differential import RENAME, ours, shanten_differences, theirs

SLICE = 500


def check_fans(n: int, seed: int) -> int:
    seen: Counter[str] = Counter()
    per_fan: Counter[str] = Counter()
    differences = 0
    first: tuple[GbHand, Any, Any] | None = None
    for hand in winning_hands(seed, n):
        a, b = ours(hand), theirs(hand)
        for zh, _v, _c in b or ():
            seen[zh] += 1
        if a != b:
            differences += 1
            first = first or (hand, a, b)
            for item in set(a or ()) ^ set(b or ()):
                per_fan[item[0]] += 1
    print(f"fans: {n} winning hands (seed {seed}), {differences} differences from MahjongFanCalculator")
    for zh, k in per_fan.most_common():
        print(f"  differs on {zh}: {k} hands")
    if first:
        print(f"  first: {first}")
    short = [(f.zh, seen[f.zh]) for f in ALL_FANS if seen[f.zh] < 200]
    least = sorted(seen.items(), key=lambda kv: kv[1])[:5]
    print(f"  every fan seen: {len(seen)} of {len(ALL_FANS)} fans, the rarest {least}")
    if short:
        print(f"  fewer than 200 times: {short}")
    unknown = [zh for zh in seen if zh not in FAN_BY_ZH]
    if unknown:
        print(f"  names PyMahjongGB uses that we do not: {unknown}")
    return differences + len(short) + len(unknown)


def check_games(n: int, seed: int) -> int:
    situations = simulated_situations(n, str(seed))
    bad = [h for h in situations if ours(h) != theirs(h)]
    print(f"games: {n} hands of guobiao played by bots (seed {seed}): {len(situations)} distinct winning "
          f"situations asked of the calculator, {len(bad)} differences from MahjongFanCalculator")
    if bad:
        print(f"  first: {bad[0]} ours {ours(bad[0])} theirs {theirs(bad[0])}")
    return len(bad)


def check_shanten(n: int, seed: int) -> int:
    per_form: Counter[str] = Counter()
    forms: Counter[str] = Counter()
    bad = 0
    for hand in shanten_hands(seed, n):
        forms["all"] += 1
        d = shanten_differences(hand)
        if d:
            bad += 1
            for form, _a, _b in d:
                per_form[form] += 1
            if bad == 1:
                print(f"  first: {hand} {d}")
    print(f"shanten: {n} hands (seed {seed}), {bad} with a difference from MahjongShanten / the form functions"
          + (f": {dict(per_form)}" if per_form else ""))
    return bad


def speed(n: int, seed: int) -> None:
    hands = list(winning_hands(seed, n))
    their_args = [to_pymahjonggb(h) | {"verbose": False} for h in hands]
    calc = MahjongGB.MahjongFanCalculator
    fan_ratios: list[float] = []
    t_ours = t_theirs = 0.0
    for k, start in enumerate(range(0, n, SLICE)):
        mine = hands[start:start + SLICE]
        yours = their_args[start:start + SLICE]
        runs = []
        for side in ((0, 1) if k % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            if side == 0:
                for h in mine:
                    score_hand(h)
            else:
                for a in yours:
                    calc(**a)
            runs.append((side, time.perf_counter() - t0))
        d = dict(runs)
        t_ours += d[0]
        t_theirs += d[1]
        fan_ratios.append(d[1] / d[0])
    print(f"fan speed: ours {n / t_ours:,.0f} hands/s, PyMahjongGB {n / t_theirs:,.0f} hands/s, "
          f"ratio (PyMahjongGB time / ours, median of {len(fan_ratios)} slices) {statistics.median(fan_ratios):.3f}")

    parts = list(shanten_hands(seed + 1, n))
    gb_parts = [(tuple(("PENG", "J1", 1) for _ in range((13 - len(p)) // 3)), tuple(gb_tile(t) for t in p))
                for p in parts]
    sh_ratios: list[float] = []
    t_ours = t_theirs = 0.0
    msh = MahjongGB.MahjongShanten
    for k, start in enumerate(range(0, n, SLICE)):
        mine_p = parts[start:start + SLICE]
        yours_p = gb_parts[start:start + SLICE]
        runs = []
        for side in ((0, 1) if k % 2 == 0 else (1, 0)):
            t0 = time.perf_counter()
            if side == 0:
                for p in mine_p:
                    shanten(p, (13 - len(p)) // 3)
            else:
                for pk, hd in yours_p:
                    msh(pack=pk, hand=hd)
            runs.append((side, time.perf_counter() - t0))
        d = dict(runs)
        t_ours += d[0]
        t_theirs += d[1]
        sh_ratios.append(d[1] / d[0])
    print(f"shanten speed: ours {n / t_ours:,.0f} hands/s, PyMahjongGB {n / t_theirs:,.0f} hands/s, "
          f"ratio (PyMahjongGB time / ours, median of {len(sh_ratios)} slices) {statistics.median(sh_ratios):.3f}")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=100_000)
    p.add_argument("--games", type=int, default=100, help="hands of bot play whose situations are checked too")
    p.add_argument("--shanten", type=int, default=100_000)
    p.add_argument("--speed", type=int, default=20_000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    for name in ("hands", "games", "shanten", "speed"):
        if getattr(a, name) < 0:
            p.error(f"--{name} must be 0 or more")
    assert RENAME  # (the wait names PyMahjongGB prefixes with 独听・ are mapped to the rule book's)
    failures = 0
    t0 = time.perf_counter()
    if a.hands:
        failures += check_fans(a.hands, a.seed)
    if a.games:
        failures += check_games(a.games, a.seed)
    if a.shanten:
        failures += check_shanten(a.shanten, a.seed + 100)
    if a.speed:
        speed(a.speed, a.seed + 1000)
    print(f"({time.perf_counter() - t0:.0f} s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
