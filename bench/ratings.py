"""Rating convergence (docs/server.md, "Ratings"): do the ratings recover the order of known strengths?

Simulated players of known strength: each has a true skill; a match seats four players drawn at random
and places them by skill plus noise (the luck of a mahjong deal: ``--noise`` standard deviations of the
skills' spacing). After every player has played ``--matches`` matches, the Kendall tau between the true
skills and the ratings' centres (majiang/platform/ratings.py: openskill Plackett–Luce) is printed next to
the named peer in the same run: ranking players by their mean place over the same matches.

    .venv/bin/python bench/ratings.py [--players 40] [--matches 200] [--noise 1.0] [--seed 1] [--runs 5]
                                      [--seating random|near]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from majiang.platform.ratings import Rating, places, rate


def kendall_tau(a: list[float], b: list[float]) -> float:
    """Kendall's tau-b between two scorings of the same items (ties counted out of both sides)."""
    n = len(a)
    concordant = discordant = ties_a = ties_b = 0
    for i in range(n):
        for j in range(i + 1, n):
            x, y = a[i] - a[j], b[i] - b[j]
            if x == 0 and y == 0:
                continue
            if x == 0:
                ties_a += 1
            elif y == 0:
                ties_b += 1
            elif (x > 0) == (y > 0):
                concordant += 1
            else:
                discordant += 1
    denom = ((concordant + discordant + ties_a) * (concordant + discordant + ties_b)) ** 0.5
    return (concordant - discordant) / denom if denom else 0.0


def run(players: int, matches: int, noise: float, seed: int, seating: str) -> tuple[float, float, float]:
    """(tau of the ratings, tau of the mean place, the mean sigma at the end)."""
    rng = random.Random(seed)
    skill = [i / (players - 1) * players / 10 for i in range(players)]  # spacing 0.1 between neighbours
    ratings = [Rating() for _ in range(players)]
    played = [0] * players
    place_sum = [0] * players
    while min(played) < matches:
        # the least-played players first (a queue that seats whoever waits), then at random
        pool = sorted(range(players), key=lambda p: (played[p], rng.random()))
        if seating == "near":  # as quick match seats: the one who waited longest and the 3 nearest ratings
            first = pool[0]
            table = [first, *sorted(pool[1:], key=lambda p: abs(ratings[p].mu - ratings[first].mu))[:3]]
        else:
            table = rng.sample(pool[:8], 4)
        perf = [skill[p] + rng.gauss(0.0, noise) for p in table]
        totals = [round(x * 1000) for x in perf]
        new = rate([ratings[p] for p in table], totals)
        for p, r, pl in zip(table, new, places(totals), strict=True):
            ratings[p] = r
            played[p] += 1
            place_sum[p] += pl
    tau = kendall_tau(skill, [r.mu for r in ratings])
    peer = kendall_tau(skill, [-place_sum[p] / played[p] for p in range(players)])
    return tau, peer, sum(r.sigma for r in ratings) / players


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=40)
    ap.add_argument("--matches", type=int, default=200, help="matches per player")
    ap.add_argument("--noise", type=float, default=1.0, help="the deal's luck, in skill units (skills 0.1 apart)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seating", choices=("random", "near"), default="random",
                    help="near: tables of near ratings, as quick match seats them (mean place then says little)")
    a = ap.parse_args()
    print(f"{a.players} simulated players, skills 0.1 apart, luck sd {a.noise}; {a.matches} matches each; "
          f"{a.seating} seating")
    print("run  openskill-PL tau  mean-place tau (peer)  ratio  mean sigma")
    taus = []
    for k in range(a.runs):
        tau, peer, sigma = run(a.players, a.matches, a.noise, a.seed + k, a.seating)
        taus.append(tau)
        print(f"{k + 1:3d}  {tau:16.3f}  {peer:21.3f}  {tau / peer if peer else float('nan'):5.2f}  {sigma:10.1f}")
    worst = min(taus)
    print(f"worst tau {worst:.3f} (goal ≥ 0.9): {'ok' if worst >= 0.9 else 'BELOW'}")
    return 0 if worst >= 0.9 else 1


if __name__ == "__main__":
    raise SystemExit(main())
