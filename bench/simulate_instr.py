"""Instructions per hand and per decision of bench/simulate.py's contenders, counted by valgrind's
callgrind (a benchmark, not a test).

    .venv/bin/python bench/simulate_instr.py [--hands N] [--only anqing-A,hefei-baoting,…] [--no-rlcard]

Timed rates swing with the machine's load; instruction counts do not. For each contender this runs
the interpreter twice under ``valgrind --tool=callgrind``: once playing ``N`` hands, once playing none,
both after the same warm-up hands (imports done, the hand tables filled), so the difference over
``N`` is one steady-state hand. Ours: whole hands with four random bots, exactly as simulate.py's
``Ours`` plays them (``play_hand``: every decision through a bot reading a seat view, scoring
included). RLCard 1.2.0: its bare ``MahjongGame`` with a random legal action per decision (the
like-for-like peer), and ``env.run`` with four ``RandomAgent``s (which encodes the state every step).
``bench/simulate.py --callgrind`` prints these beside its timed ratios. Needs valgrind; about a
minute per contender at the default 40 hands.

``--play WHO N`` is the inner run the outer one starts under valgrind.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import callgrind

# label -> (ruleset, options), the rows of bench/simulate.py
OURS: dict[str, tuple[str, dict[str, object]]] = {
    "anqing-A": ("anqing", {"mode": "A"}),
    "anqing-B": ("anqing", {"mode": "B"}),
    "hefei-baoting": ("hefei", {"room": "baoting"}),
    "hefei-bubaoting": ("hefei", {"room": "bubaoting"}),
    "baida": ("baida", {"rounds": 1}),
}
PEERS = ("rlcard-bare", "rlcard-env")
WARMUP = 30  # hands (or games) played first in both runs


def _play(who: str, hands: int) -> int:
    """``WARMUP`` hands, then ``hands`` more; the decisions of the latter."""
    if who in OURS:
        from majiang.bots import make_bot
        from majiang.engine.hand import Hand
        from majiang.rules.registry import make_ruleset
        from majiang.sim.runner import play_hand

        name, options = OURS[who]
        rules = make_ruleset(name, options)
        bots = [make_bot("random", s) for s in range(4)]
        decisions = 0
        for n in range(WARMUP + hands):
            hand = Hand(rules, f"instr-{n}", dealer=n % 4)
            play_hand(hand, bots)
            if n >= WARMUP:
                decisions += len(hand.log)
        return decisions
    if who == "rlcard-bare":
        import random

        from rlcard.games.mahjong.game import MahjongGame

        game, rng, decisions = MahjongGame(), random.Random(0), 0
        game.np_random.seed(0)
        for n in range(WARMUP + hands):
            state, _ = game.init_game()
            while not game.is_over():
                legal = game.get_legal_actions(state)
                state, _ = game.step(legal[rng.randrange(len(legal))])
                decisions += n >= WARMUP
        return decisions
    import rlcard
    from rlcard.agents import RandomAgent

    env = rlcard.make("mahjong", config={"seed": 0})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    decisions = 0
    for n in range(WARMUP + hands):
        trajectories, _ = env.run(is_training=False)
        if n >= WARMUP:  # (each seat's trajectory alternates states and actions)
            decisions += sum(len(t) // 2 for t in trajectories)
    return decisions


def _count(who: str, hands: int) -> tuple[int, int]:
    """(instructions of the whole inner run, its measured decisions)."""
    totals, out = callgrind.run([sys.executable, __file__, "--play", who, str(hands)])
    return totals["Ir"], int(out.split()[-1])


def per_hand(who: str, hands: int) -> tuple[float, float]:
    """(instructions a hand, instructions a decision) in the steady state."""
    with_hands, decisions = _count(who, hands)
    without, _ = _count(who, 0)
    return (with_hands - without) / hands, (with_hands - without) / max(1, decisions)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--hands", type=int, default=40)
    p.add_argument("--only", default="", help="comma-separated: " + ",".join([*OURS, *PEERS]))
    p.add_argument("--no-rlcard", action="store_true")
    p.add_argument("--play", nargs=2, metavar=("WHO", "N"), help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.play:
        print(_play(args.play[0], int(args.play[1])))
        return 0
    try:
        subprocess.run(["valgrind", "--version"], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        print("error: valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 1
    chosen = [w.strip() for w in args.only.split(",") if w.strip()] or [*OURS, *(() if args.no_rlcard else PEERS)]
    unknown = [w for w in chosen if w not in OURS and w not in PEERS]
    if unknown:
        print(f"error: unknown contender {unknown[0]!r} (known: {', '.join([*OURS, *PEERS])})", file=sys.stderr)
        return 1
    for who in chosen:
        try:
            hand, decision = per_hand(who, args.hands)
        except subprocess.CalledProcessError as e:
            last = (e.stderr or "").strip().splitlines()[-1:] or ["?"]
            print(f"{who:<16} failed: {last[0]}")
            continue
        print(f"{who:<16} {hand / 1e6:9.2f} M instructions a hand  {decision / 1e3:8.1f} k a decision")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
