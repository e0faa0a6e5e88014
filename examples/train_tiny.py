"""Behaviour cloning in a minute, numpy only: learn a discard policy from the strongest registered bot,
then show in a short simulation that it beats random play.

    .venv/bin/python examples/train_tiny.py [--ruleset anqing] [--hands 300] [--eval-hands 200]

1. The teacher ("strong" if registered, else "greedy") plays all four seats; every discard it makes
   is recorded as (observation planes, legal mask, its choice) — the planes are majiang.env's, built
   from the seat's view only.
2. A one-hidden-layer network (numpy, softmax over the 34 discard kinds, illegal ones masked out)
   is fitted by minibatch gradient descent.
3. The learned policy (it wins when it can, lays 杠牌 open, passes on claims, and discards by the
   network) plays against three random bots, rotating seats, and so does a random bot for comparison.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.bots import BOTS, make_bot
from majiang.core.actions import Action, Declare, Discard, Expose, Pass, WildKong, Win
from majiang.engine.match import Match
from majiang.engine.view import SeatView
from majiang.env.observation import planes
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand

RULES = {"anqing": {"mode": "A"}, "hefei": {"room": "bubaoting"}}


_SAME_SUIT = np.array([[0 <= k + d < 34 and k < 27 and (k + d) // 9 == k // 9 for d in (-2, -1, 1, 2)]
                       for k in range(34)], dtype=np.float32)


def features(view: SeatView) -> np.ndarray:
    """(34, F): per tile kind, its column of the env's planes plus the hand's counts of its
    neighbours in the suit, so one small scorer, shared by all kinds, rates each discard."""
    x = planes(view).astype(np.float32) / 4.0  # (C, 34)
    hand = np.pad(x[0], 2)
    near = np.stack([hand[2 + d : 36 + d] for d in (-2, -1, 1, 2)], axis=1) * _SAME_SUIT
    honour = np.zeros((34, 1), np.float32)
    honour[27:] = 1
    return np.concatenate([x.T, near, honour], axis=1)


class Recorder:
    """Wraps the teacher: plays its choice and records each discard decision."""

    def __init__(self, teacher: object, out: list[tuple[np.ndarray, np.ndarray, int]]) -> None:
        self.teacher, self.out = teacher, out
        self.name = "recorder"

    def choose(self, view: SeatView) -> Action:
        action = self.teacher.choose(view)  # type: ignore[attr-defined]
        if isinstance(action, Discard | Declare):
            mask = np.zeros(34, dtype=bool)
            for a in view.legal:
                if isinstance(a, Discard | Declare):
                    mask[a.tile] = True
            self.out.append((features(view), mask, action.tile))
        return action


def collect(ruleset: str, teacher: str, hands: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    data: list[tuple[np.ndarray, np.ndarray, int]] = []
    rules = make_ruleset(ruleset, RULES[ruleset])
    bots = [Recorder(make_bot(teacher, s), data) for s in range(4)]
    match = Match(rules, hands=hands, seed="train")
    while True:
        play_hand(match.hand, bots, match.apply)
        if match.finished:
            break
        match.next_hand()
    x, m, y = zip(*data, strict=True)
    return np.stack(x), np.stack(m), np.array(y)


class Policy:
    """Each kind's features (34, F) → hidden (ReLU) → one logit, the same weights for every kind;
    illegal discards masked out. A softmax over the 34 logits picks the discard."""

    def __init__(self, n_in: int, hidden: int, rng: np.random.Generator) -> None:
        self.w1 = rng.normal(0, np.sqrt(2 / n_in), (n_in, hidden)).astype(np.float32)
        self.b1 = np.zeros(hidden, np.float32)
        self.w2 = rng.normal(0, np.sqrt(1 / hidden), (hidden, 1)).astype(np.float32)
        self.b2 = np.zeros(1, np.float32)

    def logits(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.maximum(x @ self.w1 + self.b1, 0)  # (N, 34, H)
        z = (h @ self.w2 + self.b2)[..., 0]  # (N, 34)
        return np.where(mask, z, -1e9), h

    def fit(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray, epochs: int, rng: np.random.Generator,
            lr: float = 0.3, batch: int = 64) -> None:
        n = len(y)
        for epoch in range(epochs):
            order = rng.permutation(n)
            loss = 0.0
            for i in range(0, n, batch):
                idx = order[i : i + batch]
                xb, mb, yb = x[idx], mask[idx], y[idx]
                z, h = self.logits(xb, mb)
                z = z - z.max(axis=1, keepdims=True)
                p = np.exp(z)
                p /= p.sum(axis=1, keepdims=True)
                loss -= float(np.log(p[np.arange(len(yb)), yb] + 1e-9).sum())
                g = p
                g[np.arange(len(yb)), yb] -= 1  # d(cross-entropy)/d(logits)
                g /= len(yb)
                gh = (g[..., None] * self.w2[:, 0]) * (h > 0)  # (N, 34, H)
                self.w2 -= lr * np.einsum("nkh,nk->h", h, g)[:, None]
                self.b2 -= lr * g.sum()
                self.w1 -= lr * np.einsum("nkf,nkh->fh", xb, gh)
                self.b1 -= lr * gh.sum(axis=(0, 1))
            print(f"  epoch {epoch + 1}: loss {loss / n:.3f}, agrees with the teacher on "
                  f"{100 * self.accuracy(x, mask, y):.1f}% of its discards")

    def accuracy(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray) -> float:
        return float((self.logits(x, mask)[0].argmax(axis=1) == y).mean())


class ClonedBot:
    name = "cloned"

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        for a in legal:
            if isinstance(a, Win | Expose | WildKong):
                return a
        throws = [a for a in legal if isinstance(a, Discard | Declare)]
        if not throws:
            return next((a for a in legal if isinstance(a, Pass)), legal[0])
        mask = np.zeros(34, dtype=bool)
        for a in throws:
            mask[a.tile] = True
        tile = int(self.policy.logits(features(view)[None], mask[None])[0][0].argmax())
        # the same tile declared (报听) rather than merely discarded, when that is offered
        return max((a for a in throws if a.tile == tile), key=lambda a: isinstance(a, Declare))


def evaluate(ruleset: str, bot: object, hands: int) -> tuple[float, float]:
    """(points per hand, win rate) of ``bot`` against three random bots, rotating its seat."""
    rules = make_ruleset(ruleset, RULES[ruleset])
    points, wins = 0, 0
    for i in range(hands):
        seat = i % 4
        bots = [make_bot("random", 1000 * i + s) for s in range(4)]
        bots[seat] = bot
        match = Match(rules, hands=1, seed=f"eval{i}", first_dealer=(i // 4) % 4)
        play_hand(match.hand, bots, match.apply)
        s = match.hand.settlement
        assert s is not None
        points += s.totals[seat]
        wins += seat in s.winners
    return points / hands, wins / hands


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--ruleset", choices=sorted(RULES), default="anqing")
    p.add_argument("--hands", type=int, default=200, help="teacher hands to learn from (default 200)")
    p.add_argument("--epochs", type=int, default=6)
    p.add_argument("--eval-hands", type=int, default=200, help="hands per contender in the evaluation")
    args = p.parse_args()
    rng = np.random.default_rng(0)
    teacher = "strong" if "strong" in BOTS else "greedy"
    start = time.perf_counter()
    x, mask, y = collect(args.ruleset, teacher, args.hands)
    print(f"{len(y)} discards by the {teacher!r} bot in {args.hands} {args.ruleset} hands "
          f"({time.perf_counter() - start:.1f} s)")
    split = int(0.9 * len(y))
    policy = Policy(x.shape[2], 64, rng)
    policy.fit(x[:split], mask[:split], y[:split], args.epochs, rng)
    print(f"held-out agreement with the teacher: {100 * policy.accuracy(x[split:], mask[split:], y[split:]):.1f}%")
    cloned = evaluate(args.ruleset, ClonedBot(policy), args.eval_hands)
    rand = evaluate(args.ruleset, make_bot("random", 7), args.eval_hands)
    print(f"against three random bots, {args.eval_hands} hands each (seat rotating):")
    print(f"  cloned policy: {cloned[0]:+7.2f} points/hand, wins {100 * cloned[1]:.1f}% of hands")
    print(f"  random bot:    {rand[0]:+7.2f} points/hand, wins {100 * rand[1]:.1f}% of hands")
    verdict = "beats" if cloned[0] > rand[0] and cloned[1] > rand[1] else "does NOT beat"
    print(f"the cloned policy {verdict} random play ({time.perf_counter() - start:.0f} s in all)")
    return 0 if verdict == "beats" else 1


if __name__ == "__main__":
    sys.exit(main())
