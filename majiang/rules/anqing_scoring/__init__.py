"""Anqing (安庆) scoring: is a self-drawn win valid, and the itemized, zero-sum settlement.

Our reading of the rules, every decision and the situation format: docs/rules/anqing.md.
"""

from __future__ import annotations

from collections.abc import Iterable

from majiang.core.settlement import Settlement, totals_from_payments
from majiang.hand import decompositions
from majiang.rules.anqing_scoring.patterns import (
    Candidate,
    any_valid_reading,
    best_fan,
    candidates,
    gangkai_fan,
    suits_of,
)
from majiang.rules.anqing_scoring.payment import bao_multiplier, di_of, lianzhuang_bonus, payments
from majiang.rules.anqing_scoring.situation import (
    AnqingOptions,
    Kou,
    Meld,
    Situation,
    WinHand,
    hand_of,
    parse_situation,
    validate,
)
from majiang.rules.anqing_scoring.table import rules_table, worked_example
from majiang.rules.anqing_scoring.wilds import gangpai_of, stand_in_of, wild_of
from majiang.tiles import format_tiles

__all__ = [
    "AnqingOptions",
    "Kou",
    "Meld",
    "Situation",
    "WinHand",
    "bao_multiplier",
    "di_of",
    "gangkai_fan",
    "gangpai_of",
    "hand_of",
    "is_valid",
    "lianzhuang_bonus",
    "parse_situation",
    "rules_table",
    "score",
    "settle",
    "stand_in_of",
    "validate",
    "wild_of",
    "winning_fan",
    "worked_example",
    "zhijiao_possible",
]


def _extra(h: WinHand) -> dict[str, object]:
    return {
        "wild": format_tiles([h.wild]),
        "stand_in": format_tiles([h.stand_in]) if h.stand_in is not None else None,
        "gangpai": format_tiles(sorted(h.gangpai)),
    }


def _not_a_win(h: WinHand, reason: str, best: Candidate | None = None) -> Settlement:
    return Settlement(
        valid=False,
        reason=reason,
        items=best.items if best else [],
        decomposition=best.groups if best else [],
        extra=_extra(h),
    )


def score(situation: Situation) -> Settlement:
    """Settle ``situation``; ``valid`` is False (with the reason) when it is not a legal win.

    Raises ``ValueError`` only for an impossible situation (see :func:`parse_situation`).
    """
    return settle(situation, hand_of(situation))


def settle(situation: Situation, h: WinHand) -> Settlement:
    """:func:`score` of a situation already read: ``h`` is ``hand_of(situation)``.

    Only the situation's table and flags are read here (options, seats, streak, base silver, win_by and
    the other flags); the tiles come from ``h``. So a caller weighing many candidate wins of one seat (the
    strong bot) reads the situation once and passes that hand with other concealed and winning tiles,
    having checked them as :func:`hand_of` would (ids, four copies, the count): the same settlement.
    """
    if _three_suits_in_mode_b(situation, h):
        return _not_a_win(h, "mode B (打缺): the hand holds all three of 万, 筒 and 条; at most two may remain")
    found, reason = candidates(situation, h)
    valid = [c for c in found if not c.reason]
    if not valid:
        best = max(found, key=lambda c: c.total, default=None)
        return _not_a_win(h, best.reason if best else reason, best)
    best = max(valid, key=lambda c: c.total)  # first of equal totals: readings come in a stable order
    pays = payments(situation, h, best.total)
    extra = _extra(h) | {"fan": best.total}
    return Settlement(
        valid=True,
        winners=[situation.winner],
        items=best.items,
        decomposition=best.groups,
        payments=pays,
        totals=totals_from_payments(pays),
        extra=extra,
    )


def winning_fan(situation: Situation, h: WinHand) -> int | None:
    """The 番 :func:`settle` would pay on (its ``extra["fan"]``), or None when it would find no valid
    win: the same readings and rules, without the items, notes and notation a settlement carries
    (``patterns.best_fan``). The payments follow from it: ``payments(situation, h, fan)``."""
    if _three_suits_in_mode_b(situation, h):
        return None
    return best_fan(situation, h)


def is_valid(situation: Situation) -> bool:
    """``score(situation).valid``, without scoring: it stops at the first valid reading and builds
    no items or payments (the 听 hint asks this for many tiles; with three or four wilds a full
    score reads hundreds of decompositions)."""
    h = hand_of(situation)
    return not _three_suits_in_mode_b(situation, h) and any_valid_reading(situation, h)


def _three_suits_in_mode_b(situation: Situation, h: WinHand) -> bool:
    if situation.options.mode != "B":
        return False
    # 直叫's replacement wins whatever it is, so it is not held against the two-suit limit (the hand
    # that declared 直叫 had to meet it already: the engine offers the W-kong only then).
    counted = h
    if any(m.type == "wildkong" for m in h.melds):
        rest = list(h.concealed)
        rest.remove(h.winning_tile)
        counted = h._replace(concealed=tuple(rest))
    suits, _ = suits_of(counted)
    return len(suits) > 2


def zhijiao_possible(concealed_before_draw: Iterable[int], indicator: int, *, keep_gangpai: bool = False,
                     flowers: bool = False) -> bool:
    """Whether the concealed tiles (before drawing the second W) are complete sets plus a lone W.

    Then drawing another W makes 直叫: the engine offers the W-kong. Tiles are physical ids; 红中 plays as
    the wild's face; a held 杠牌 rules it out (it would have been exposed), unless ``keep_gangpai``
    (mode B keeps 杠牌 as ordinary honors).
    """
    wild, stand_in, gangpai = wild_of(indicator), stand_in_of(indicator, flowers), gangpai_of(indicator, flowers)
    tiles = list(concealed_before_draw)
    if wild not in tiles or (not keep_gangpai and any(t in gangpai for t in tiles)) or (len(tiles) - 1) % 3:
        return False
    counts = [0] * 34
    for t in tiles:
        if t != wild:
            counts[wild if t == stand_in else t] += 1
    # The rest must be sets on their own: add the lone W back plus one more as an all-wild pair.
    jokers = tiles.count(wild) + 1
    return any(d.groups[-1].jokers == 2 for d in decompositions(counts, jokers, seven_pairs=False))
