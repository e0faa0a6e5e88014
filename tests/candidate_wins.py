"""The candidate wins a win valuer is asked to score, over whole seeded hands of four strong bots.

At each of seat 0's turns (3n+2 tiles): every wait of every discard, then ``randoms`` random parts (one tile
swapped for any kind: impossible ones, a fifth copy, a tile the ruleset does not play, included) with a
random winning tile. The caller checks the valuer on them; the hand then goes on by the bots' choice.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from majiang.bots import make_bot
from majiang.bots.analysis import Reader
from majiang.bots.strong import _without
from majiang.engine import Hand, SeatView, seat_view
from majiang.rules.registry import make_ruleset


def candidate_wins(ruleset: str, options: dict[str, object], prefix: str, hands: int, randoms: int,
                   rng: random.Random) -> Iterator[tuple[SeatView, list[tuple[list[int], int]]]]:
    """(seat 0's view, its candidate (part, winning tile) pairs) at each of its turns, hand by hand."""
    for i in range(hands):
        hand = Hand(make_ruleset(ruleset, options), f"{prefix}-{ruleset}-{i}", dealer=i % 4)
        bots = [make_bot("strong", s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            if seat == 0 and len(view.hand) % 3 == 2:
                reader = Reader(view)
                cases = [(rest, w) for t in sorted(set(view.hand)) for rest in [_without(view.hand, t)]
                         for w in reader.waits(rest)]
                for _ in range(randoms):
                    part = rng.sample(view.hand, len(view.hand) - 1)
                    part[rng.randrange(len(part))] = rng.randrange(34)
                    cases.append((part, rng.choice([*view.hand, rng.randrange(34)])))
                yield view, cases
            hand.apply(seat, bots[seat].choose(view))
