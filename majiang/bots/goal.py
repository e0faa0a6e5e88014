"""Draws that bring a part nearer to a win the ruleset accepts, not only to a complete shape.

A part's *effective shanten* (``GreedyContext.part``) is ``max(shanten, gap - 1)``, the gap being what
the rule goal still asks: Hefei, the tiles missing from eight in one suit; Anqing mode B (打缺), the tiles
of the smallest suit while all three are held. The greedy bot counts as useful the draws that lower the
plain shanten. Where the goal binds — a Hefei part with a good shape but six tiles in its longest suit —
many of those draws bring no valid win nearer (a pair in a short suit), and the long suit's tiles that
would are not counted; even where the shape binds, a draw that completes a short suit's set helps the
shape but leaves the hand as far from eight in a suit, so after the best discard the effective shanten
has not moved.

:func:`goal_kinds` answers with the kinds whose draw, followed by the best discard, lowers the effective
shanten itself: the strong bot's measure of speed in Hefei (four strong bots reached 荒庄 less often with
it: docs/bots.md). Like the part facts of :mod:`majiang.bots.analysis`, the answer depends on the part's
reading alone (not on what is unseen), so it is remembered process-wide, bounded.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from majiang.bots.analysis import PartTable, Reader


class GoalReading(Protocol):
    """What :func:`goal_kinds` reads of a decision's context (the strong bot's)."""

    reader: Reader
    memo: PartTable

    def goal_gap(self, natural: list[int]) -> int:
        """The goal's gap of a part (with the seat's melds): tiles still to gather or to shed. It reads
        only how many tiles each suit holds (:func:`_lowered` relies on it)."""
        ...

    def goal_key(self) -> tuple[object, ...]:
        """Everything besides the part's tiles that the gap depends on (the goal, the melds' suits)."""
        ...

# Parts remembered before starting afresh: a hand touches a few hundred, and the memo lives as long as
# the process (a server's bots share it), so it stays small (see PartTable.LIMIT).
LIMIT = 1 << 14
_memo: dict[tuple[object, ...], tuple[int, ...]] = {}


def goal_kinds(ctx: GoalReading, natural: tuple[int, ...], jokers: int) -> tuple[int, ...]:
    """Physical kinds whose draw (then the best discard) lowers the effective shanten of the 3n+1 part
    read as ``natural`` counts and ``jokers`` beside the seat's melds, in kind order."""
    reader = ctx.reader
    key = (reader.seven_pairs, reader.tileset, reader.wild, reader.stand_in, reader.wilds, ctx.goal_key(),
           natural, jokers)
    hit = _memo.get(key)
    if hit is not None:
        return hit
    shanten = ctx.memo.shanten
    gap = ctx.goal_gap
    work = list(natural)
    sh = shanten(natural, jokers)
    now = max(sh, gap(work) - 1)
    # Where the shape binds, only a draw that lowers the plain shanten can lower it (the shanten after
    # any discard is at least the drawn hand's); where only the goal binds, any kind may.
    cands = ctx.memo.useful_kinds(natural, jokers) if sh >= now else reader.kinds
    as_natural = reader.as_natural
    out = []
    for t in cands:
        v = as_natural[t]
        if v >= 0:
            if work[v] >= 4:
                continue
            work[v] += 1
        j = jokers + (v < 0)
        if _lowered(work, j, now, v, shanten, gap):
            out.append(t)
        if v >= 0:
            work[v] -= 1
    if len(_memo) >= LIMIT:
        _memo.clear()
    kinds = _memo[key] = tuple(out)
    return kinds


def _lowered(work: list[int], jokers: int, now: int, drawn: int, shanten: Callable[[tuple[int, ...], int], int],
             gap: Callable[[list[int]], int]) -> bool:
    """Does some discard from the 3n+2 tiles ``work`` + ``jokers`` leave an effective shanten below
    ``now``? (Throwing the drawn kind back gives the part as it was: skipped.)"""
    # The gap reads the suits' counts alone, so it is the same after any discard from one suit (the
    # honors: index 3): worked out once per suit, not once per discard (most of this search's calls).
    gaps = [-1, -1, -1, -1]
    for d, c in enumerate(work):
        if not c or d == drawn:
            continue
        suit = d // 9 if d < 27 else 3
        work[d] -= 1
        g = gaps[suit]
        if g < 0:
            g = gaps[suit] = gap(work)
        lower = g - 1 < now and shanten(tuple(work), jokers) < now
        work[d] += 1
        if lower:
            return True
    # a wild thrown (never the best in practice, but a discard the part could make)
    return jokers > 0 and drawn >= 0 and gap(work) - 1 < now and shanten(tuple(work), jokers - 1) < now
