"""How long a server bot waits before it acts: longer for a harder decision, within the room's bound.

People read a bot that answers every question after the same pause as a machine. The pause here
follows how much there was to weigh, measured on the seat's own tiles (so it reveals nothing the
move itself does not): a forced move (one legal action) waits a third of the room's ``bot_delay``;
a claim (take it or not) about two thirds; a turn from a third up to the whole ``bot_delay`` as more
discards tie for the nearest shape (a close call), a win offered on a turn being an easy one.
"""

from __future__ import annotations

from majiang.core.actions import Discard, Kong, Win
from majiang.engine.hand import Hand
from majiang.hand.shanten import discard_shantens

FLOOR = 1 / 3  # the shortest pause, as a share of bot_delay
TIES_FOR_FULL = 6  # discards tied for the nearest shape that make a decision as hard as it gets


def difficulty(hand: Hand, seat: int) -> float:
    """0 (forced) to 1 (a close call) for the question ``seat`` is asked now."""
    legal = hand.legal_actions(seat)
    if len(legal) <= 1:
        return 0.0
    if hand.phase == "claim":
        return 0.3 if any(type(a) is Win for a in legal) else 0.5
    if any(type(a) is Win for a in legal):
        return 0.2
    rs = hand.ruleset
    counts = hand.seat_state[seat].counts
    natural, jokers = rs.analysis_counts(hand, counts)
    natural = list(natural[:34])
    if (sum(natural) + jokers) % 3 != 2:
        return 0.5
    after = discard_shantens(natural, jokers, rs.flags.seven_pairs, rs.tileset)
    offered = {a.tile for a in legal if isinstance(a, Discard)}
    shantens = [after[t] for t in offered if t < 34 and after[t] is not None]
    if not shantens:
        return 0.5
    low = min(s for s in shantens if s is not None)
    ties = sum(1 for s in shantens if s == low)
    d = min(1.0, (ties - 1) / (TIES_FOR_FULL - 1))
    if any(isinstance(a, Kong) for a in legal):
        d = min(1.0, d + 0.2)
    return d


def think_delay(hand: Hand, seat: int, bot_delay: float) -> float:
    """The pause before ``seat``'s bot acts: between a third of ``bot_delay`` and all of it."""
    if bot_delay <= 0:
        return 0.0
    try:
        d = difficulty(hand, seat)
    except ValueError:  # a part the shanten tables refuse (a dead hand): an ordinary pause
        d = 0.5
    return bot_delay * (FLOOR + (1 - FLOOR) * d)
