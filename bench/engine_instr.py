"""Steps of the bare engine for an instruction count (valgrind callgrind), one variant per run.

    valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out \\
        .venv/bin/python bench/engine_instr.py anqing:A 2000

plays ``N`` random steps exactly as bench/env.py's ``engine only`` row does (``Match`` of one hand
per episode, seeds ``bench:1``, ``bench:2``…, actions from ``random.Random(0)``, no observation),
after the same imports and one warm-up hand. Run it with ``N = 0`` too: the difference of the two
totals over ``N`` is the engine's instructions per step, free of the interpreter's start-up and of
machine load. Variants: ``anqing:A``, ``anqing:B``, ``hefei:baoting``, ``hefei:bubaoting``, ``baida``.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.engine.match import Match
from majiang.rules.registry import make_ruleset

OPTIONS = {"anqing": "mode", "hefei": "room"}


def play(variant: str, steps: int) -> None:
    name, _, value = variant.partition(":")
    rules = make_ruleset(name, {OPTIONS[name]: value} if value else {})
    rng = random.Random(0)
    episode = 0

    def fresh(prefix: str) -> Match:
        nonlocal episode
        episode += 1
        return Match(rules, hands=1, seed=f"{prefix}:{episode}")

    # One warm-up hand (first-use caches and tables), counted in the N = 0 run as well.
    match = fresh("warm")
    while not match.hand.over:
        hand = match.hand
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
    rng = random.Random(0)
    episode = 0
    match = fresh("bench")
    for _ in range(steps):
        hand = match.hand
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        if hand.over:
            match = fresh("bench")


if __name__ == "__main__":
    play(sys.argv[1], int(sys.argv[2]))
