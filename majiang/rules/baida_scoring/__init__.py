"""百搭麻将 scoring: is a claimed win legal, what it is worth in 台, and who pays.

``parse_situation(dict) -> Situation`` (``ValueError`` on bad input), ``score(situation) -> Settlement``,
and ``score_multi(situations)`` for several winners on one discard (一炮多响). The page we build is
``shared/rules/baida.md`` in the shared folder beside the repository (``../shared/`` from its root);
our decisions are ``docs/rules/baida.md``. Also: ``rules_table(mode)``, the rules page's scoring table.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.core.settlement import Settlement, totals_from_payments
from majiang.hand import decompositions
from majiang.tiles import format_tiles

from .items import Reading, items_for, single_wait
from .payment import payments
from .situation import BaidaOptions, Meld, Situation, WinHand, parse_situation, validate, wilds_of
from .table import rules_table, worked_example

__all__ = [
    "BaidaOptions",
    "Meld",
    "Situation",
    "parse_situation",
    "rules_table",
    "score",
    "score_multi",
    "settle",
    "wilds_of",
    "winning_tai",
    "worked_example",
]


def best_reading(s: Situation, hand: WinHand | None = None) -> Reading | None:
    """The reading (decomposition, what each 百搭 stands for) with the highest 台; None: no complete shape.
    ``hand``: ``validate(s)``, when the caller has it (see :func:`settle`)."""
    if hand is None:
        hand = validate(s)
    ds = decompositions(hand.natural, hand.jokers, True)
    if not ds:
        return None
    one_wait = single_wait(hand)
    readings = [Reading(d, items_for(s, hand, d, one_wait)) for d in ds]
    return max(readings, key=lambda r: r.tai)  # the first of equals: regular forms come first


def score(s: Situation) -> Settlement:
    """Settle one winner. Not a win -> ``valid=False`` with the reason; an impossible situation -> ``ValueError``."""
    return settle(s, validate(s))


def settle(s: Situation, hand: WinHand) -> Settlement:
    """:func:`score` of a situation already validated: ``hand`` is ``validate(s)``.

    Only the situation's table, melds and flags are read here (seats, streak, options, how, from_seat and
    the other flags); the concealed and winning tiles come from ``hand``. So a caller weighing many
    candidate wins of one seat (the strong bot) validates the situation once and passes that hand with
    other concealed and winning tiles, checked as :func:`validate` would check them: the same settlement.
    """
    reading = best_reading(s, hand)
    if reading is None:
        return Settlement(valid=False, reason="not a complete hand: needs four sets and a pair, or seven pairs",
                          extra={"winner": s.winner})
    tai = reading.tai
    if tai < s.options.min_tai:
        return Settlement(valid=False, reason=f"{tai} 台 is below the minimum of {s.options.min_tai} (起胡)",
                          extra={"winner": s.winner})
    pays = payments(s, tai)
    # The concealed groups (a 百搭 standing in marked *), then the melds as they lie.
    groups = [("*" if any(g.wild) else "") + format_tiles(g.tiles) for g in reading.decomposition.groups]
    groups += [m.tiles for m in s.melds]
    settlement = Settlement(
        valid=True, winners=[s.winner], items=reading.items, per_winner={s.winner: reading.items},
        decomposition=groups, payments=pays, totals=totals_from_payments(pays),
        extra={"tai": tai, "form": reading.decomposition.form},
    )
    settlement.check_zero_sum()
    return settlement


def winning_tai(s: Situation, hand: WinHand) -> int | None:
    """The 台 :func:`settle` would pay on (its ``extra["tai"]``), or None when it would find no win (no
    complete shape, or below the minimum): the same best reading, without the notation, payments and
    notes a settlement carries. The payments follow from it (``payments(s, tai)``): the strong bot,
    weighing many candidate wins of one situation, works them out once per 台."""
    reading = best_reading(s, hand)
    if reading is None or reading.tai < s.options.min_tai:
        return None
    return reading.tai


def score_multi(situations: Sequence[Situation]) -> Settlement:
    """Several winners on one discard (一炮多响): the discarder pays each separately."""
    if not situations:
        raise ValueError("score_multi needs at least one situation")
    first = situations[0]
    for s in situations:
        if s.how == "self_draw" or s.from_seat != first.from_seat:
            raise ValueError(f"seat {s.winner}: 一炮多响 settles wins on one discard by one seat")
    winners = [s.winner for s in situations]
    if len(set(winners)) != len(winners):
        raise ValueError(f"a seat wins twice: {winners}")
    singles = [score(s) for s in situations]
    for s, one in zip(situations, singles, strict=True):
        if not one.valid:
            return Settlement(valid=False, reason=f"seat {s.winner}: {one.reason}", extra={"winner": s.winner})
    if len(singles) == 1:
        return singles[0]
    pays = [p for one in singles for p in one.payments]
    settlement = Settlement(
        valid=True, winners=winners, per_winner={one.winners[0]: one.items for one in singles}, payments=pays,
        totals=totals_from_payments(pays),
        extra={"decompositions": {one.winners[0]: one.decomposition for one in singles},
               "tai": {one.winners[0]: one.extra["tai"] for one in singles}},
    )
    settlement.check_zero_sum()
    return settlement
