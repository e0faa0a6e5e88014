"""Hefei (合肥) scoring: is a claimed win legal, and the itemized settlement.

``parse_situation(dict) -> Situation`` (``ValueError`` on bad input), ``score(situation) -> Settlement`` and
``score_multi(situations) -> Settlement`` for several winners on one discard (一炮多响).
The rules we build are ``shared/rules/hefei.md`` in the shared folder beside the repository (``../shared/``
from its root); our decisions are in ``docs/rules/hefei.md``. ``rules_table(mode)``: the rules page's table.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.core.settlement import ScoreItem, Settlement, totals_from_payments
from majiang.hand.types import Decomposition
from majiang.tiles import format_tiles

from . import items as _items
from .payment import kong_payments, payments
from .situation import SUIT_NAMES, HefeiOptions, Situation, WinHand, parse_situation, validate
from .table import rules_table, worked_example

__all__ = [
    "HefeiOptions",
    "Situation",
    "parse_situation",
    "rules_table",
    "score",
    "score_multi",
    "settle",
    "win_reason",
    "winning_points",
    "worked_example",
]


def _groups(d: Decomposition, hand: WinHand, win_group: int) -> tuple[list[str], int]:
    """The decomposition as players read it (sets by tile, then the pair, then kongs) and where the winning
    tile now sits in that list."""
    order = list(range(len(d.groups)))
    if d.form == "regular":
        order = [*sorted(order[:-1], key=lambda i: d.groups[i].tiles), order[-1]]
    shown = [format_tiles(d.groups[i].tiles) for i in order] + [format_tiles([k] * 4) for k in hand.kongs]
    return shown, order.index(win_group)


def win_reason(s: Situation, hand: WinHand, ds: list[Decomposition]) -> str:
    """'' when ``s`` is a legal win, else why not."""
    if not ds:
        return "not a complete hand: needs four sets and a pair, or seven pairs"
    suits = _items.suit_counts(hand.full_counts)
    if max(suits) < _items.MIN_SUIT:
        counts = ", ".join(f"{n} {c}" for n, c in zip(SUIT_NAMES, suits, strict=True))
        return f"no suit holds 8 or more tiles ({counts}; a kong counts 4)"
    if s.room == "baoting" and s.how == "discard" and not s.declared:
        return "discard win without 报听 in a 报听 room"
    return ""


def score(s: Situation, *, with_kongs: bool = True) -> Settlement:
    """Settle one winner. Not a win -> ``valid=False`` with the reason; an impossible situation ->
    ``ValueError``. ``with_kongs``: add the option ``kong_points_all`` payments (score_multi adds them once)."""
    return settle(s, validate(s), with_kongs=with_kongs)


def settle(s: Situation, hand: WinHand, *, with_kongs: bool = True) -> Settlement:
    """:func:`score` of a situation already validated: ``hand`` is ``validate(s)``.

    Only the situation's table, kongs and flags are read here (seats, 连庄, room, how, from_seat, declared,
    the options and the other flags); the concealed and winning tiles come from ``hand``. So a caller
    weighing many candidate wins of one seat (the strong bot) validates the situation once and passes
    that hand with other tiles, checked as :func:`validate` would check them: the same settlement.
    """
    ds = _items.shape_decompositions(hand)
    reason = win_reason(s, hand, ds)
    if reason:
        return Settlement(valid=False, reason=reason, extra={"winner": s.winner})
    scored = _items.best(s, hand, ds)
    items = _paid_items(s, scored.items)
    pays = payments(s, items) + (kong_payments(s) if with_kongs else [])
    groups, win_group = _groups(scored.decomposition, hand, scored.win_group)
    settlement = Settlement(
        valid=True,
        winners=[s.winner],
        items=items,
        per_winner={s.winner: items},
        decomposition=groups,
        payments=pays,
        totals=totals_from_payments(pays),
        extra={
            "points": sum(i.value for i in items),
            "form": scored.decomposition.form,
            "winning_group": win_group,  # index in `decomposition` of the group holding the winning tile
        },
    )
    settlement.check_zero_sum()
    return settlement


def winning_points(s: Situation, hand: WinHand) -> int | None:
    """The points :func:`settle` would pay on (its ``extra["points"]``, before 庄分), or None when it would
    find no legal win: the same decompositions, reason and items, without the notation, payments and
    notes a settlement carries. Every payment's amount follows from the points (``payments``): the
    strong bot, weighing many candidate wins of one situation, works them out once per points value."""
    ds = _items.shape_decompositions(hand)
    if win_reason(s, hand, ds):
        return None
    return sum(i.value for i in _paid_items(s, _items.best(s, hand, ds).items))


def _paid_items(s: Situation, best: list[ScoreItem]) -> list[ScoreItem]:
    """The items a win is paid on, from its best reading's: 天胡/地胡 "其他番都不算了" -- only the base and the
    special item (庄分 is per payment)."""
    special = _items.special(s)
    return [best[0], special] if special else best


def score_multi(situations: Sequence[Situation]) -> Settlement:
    """Several winners on one discard (一炮多响): each is paid separately by the discarder.

    The situations must share the discarder, dealer, 连庄数 and room, with distinct winners. If any of them is
    not a win the whole settlement is ``valid=False`` naming that seat: the engine asks :func:`score` per
    claimant first, so an invalid claimant here is an engine mistake worth surfacing.
    """
    if not situations:
        raise ValueError("score_multi needs at least one situation")
    first = situations[0]
    for s in situations:
        if s.how != "discard":
            raise ValueError(f"seat {s.winner}: 一炮多响 settles discard wins only")
        shared = ("from_seat", "dealer", "lianzhuang", "room")
        for field in shared:
            if getattr(s, field) != getattr(first, field):
                raise ValueError(f"seat {s.winner}: {field} differs from seat {first.winner}'s")
    winners = [s.winner for s in situations]
    if len(set(winners)) != len(winners):
        raise ValueError(f"a seat wins twice: {winners}")
    singles = [score(s, with_kongs=False) for s in situations]
    for s, one in zip(situations, singles, strict=True):
        if not one.valid:
            return Settlement(valid=False, reason=f"seat {s.winner}: {one.reason}", extra={"winner": s.winner})
    pays = [p for one in singles for p in one.payments] + kong_payments(first)
    settlement = Settlement(
        valid=True,
        winners=winners,
        per_winner={one.winners[0]: one.items for one in singles},
        payments=pays,
        totals=totals_from_payments(pays),
        extra={
            "decompositions": {one.winners[0]: one.decomposition for one in singles},
            "points": {one.winners[0]: one.extra["points"] for one in singles},
        },
    )
    settlement.check_zero_sum()
    return settlement
