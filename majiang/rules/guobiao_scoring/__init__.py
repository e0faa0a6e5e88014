"""国标麻将 scoring: is a claimed win legal (a complete hand of at least 8 fans, flowers not counted),
which fans it scores, and who pays.

``parse_situation(dict) -> Situation`` (``ValueError`` on bad input), ``score(situation) -> Settlement``
and ``rules_table(mode)``, the rules page's fan table. The fans themselves are
:mod:`majiang.rules.guobiao_fans` (all 81, with the combination principles); this package turns a
situation into its hand, applies the 8-fan minimum and pays: on a discard win the discarder pays
底分 + fans and the other two 底分; on a self-draw each of the three pays 底分 + fans (the competition
rules, 底分 8; docs/rules/guobiao.md).
"""

from __future__ import annotations

from majiang.core.settlement import Payment, ScoreItem, Settlement, totals_from_payments
from majiang.rules import guobiao_fans as fans
from majiang.tiles import format_tiles

from .situation import WINDS, GuobiaoOptions, Meld, Situation, WinHand, parse_situation, validate
from .table import rules_table, worked_example

__all__ = [
    "GuobiaoOptions",
    "Meld",
    "Situation",
    "gb_hand",
    "parse_situation",
    "rules_table",
    "score",
    "worked_example",
]

_GB_KIND = {"chi": "chi", "peng": "peng", "minggang": "kong", "jiagang": "kong", "angang": "concealed_kong"}


def _offer(kind: str, tiles: tuple[int, ...], from_seat: int | None, claimed: int | None, winner: int) -> int:
    """Who offered a meld's tile, as the calculators count it: for a chi the claimed tile's place in
    the run (1–3, the middle when not told), otherwise the offerer's seat relative to the winner
    (1 上家, 2 对家, 3 下家; 0 for a concealed kong)."""
    if kind == "chi":
        return 1 + sorted(tiles).index(claimed) if claimed is not None else 2
    if from_seat is None:
        return 0
    return (winner - from_seat) % 4


def gb_hand(s: Situation, hand: WinHand | None = None) -> fans.GbHand:
    """The fan calculator's hand for ``s`` (validated here unless ``hand`` is given)."""
    h = validate(s) if hand is None else hand
    melds = tuple(fans.GbMeld(kind=_GB_KIND[t], tiles=tiles, offer=_offer(t, tiles, fs, c, s.winner))  # type: ignore[arg-type]
                  for t, tiles, fs, c in h.melds)
    return fans.GbHand(
        concealed=tuple(h.concealed), melds=melds, win_tile=h.winning_tile,
        self_drawn=s.how == "self_draw", last_copy=s.last_copy, last_tile=s.last_tile,
        kong_win=s.kong_win or s.how == "rob_kong",
        seat_wind=WINDS.index(s.seat_wind), prevalent_wind=WINDS.index(s.prevalent_wind),
        flowers=len(h.flowers),
    )


def fan_lines(s: Situation) -> tuple[fans.FanLine, ...] | None:
    """Every fan the hand scores (None: not a complete hand)."""
    return fans.score_hand(gb_hand(s))


def score(s: Situation) -> Settlement:
    """Settle one winner. Not a win -> ``valid=False`` with the reason; an impossible situation -> ``ValueError``."""
    hand = validate(s)
    lines = fans.score_hand(gb_hand(s, hand))
    if lines is None:
        return Settlement(valid=False, reason="not a complete hand: four sets and a pair, seven pairs, "
                          "十三幺, 全不靠 or 七星不靠", extra={"winner": s.winner})
    counted = fans.fans_without_flowers(lines)
    o = s.options
    if counted < o.min_fan:
        return Settlement(valid=False, reason=f"{counted} 番 (flowers not counted) is below the minimum of "
                          f"{o.min_fan} (起和 {o.min_fan} 番)", extra={"winner": s.winner, "fans_counted": counted})
    total = fans.fan_total(lines)
    items = [ScoreItem(key=line.fan, name=line.zh, value=line.value * line.count,
                       note=line.en if line.count == 1 else f"{line.en} × {line.count}") for line in lines]
    pays: list[Payment] = []
    for p in range(4):
        if p == s.winner:
            continue
        full = s.how == "self_draw" or p == s.from_seat
        if s.how == "self_draw":
            note = "自摸: 底分 + 番"
        elif full:
            note = ("放炮" if s.how == "discard" else "被抢杠") + ": 底分 + 番"
        else:
            note = "底分"
        pays.append(Payment(payer=p, payee=s.winner, amount=o.base + (total if full else 0),
                            breakdown={"base": o.base, "fan": total if full else 0}, note=note))
    groups = [format_tiles(sorted([*hand.concealed, hand.winning_tile]))] + [m.tiles for m in s.melds]
    settlement = Settlement(
        valid=True, winners=[s.winner], items=items, per_winner={s.winner: items}, decomposition=groups,
        payments=pays, totals=totals_from_payments(pays),
        extra={"fan": total, "fans_counted": counted, "flowers": len(hand.flowers), "base": o.base,
               "min_fan": o.min_fan,
               "fans": [{"fan": line.fan, "zh": line.zh, "en": line.en, "value": line.value, "count": line.count}
                        for line in lines]},
    )
    settlement.check_zero_sum()
    return settlement
