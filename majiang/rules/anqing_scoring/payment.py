"""Who pays what: every win is self-drawn, so each of the three others pays the winner.

amount = (底 + 番 + 连庄 bonus) × 基础银子 × 包 multiplier. 底 and the 连庄 bonus depend on whether the dealer
is in the pair; the multiplier on the 口 between payer and winner in both directions (顺包 / 反包).
"""

from __future__ import annotations

from typing import Final

from majiang.core.settlement import Payment
from majiang.rules.anqing_scoring.situation import Situation, WinHand

__all__ = ["BAO", "DEALER_DI", "DI_PER_STREAK", "LIANZHUANG", "OTHER_DI", "bao_multiplier", "di_of",
           "lianzhuang_bonus", "payments"]

# The figures of the rule text, named once: the rules page's table (table.py) prints these.
DEALER_DI: Final = 8  # 底 between the dealer and anyone, on a fresh deal
DI_PER_STREAK: Final = 4  # ... and 4 more for each deal the dealer has kept
OTHER_DI: Final = 4  # 底 between two non-dealers
LIANZHUANG: Final = (0, 3, 6, 12, 15)  # the 连庄 番 for the k-th kept deal (15 from the fourth on)
BAO: Final = {3: 3, 4: 6}  # 顺包 multiplier for 3 口 and for 4 or more (doubled when all are 碰/杠; 反包 twice)


def di_of(s: Situation, payer: int) -> int:
    """底: 8 + 4k between the dealer and anyone, 4 between two non-dealers."""
    return DEALER_DI + DI_PER_STREAK * s.streak if s.dealer in (s.winner, payer) else OTHER_DI


def lianzhuang_bonus(k: int) -> int:
    """The 连庄 番 for the k-th kept deal: 3, 6, 12, then 15 from the fourth on."""
    return LIANZHUANG[min(k, len(LIANZHUANG) - 1)]


def _shunbao(kou: tuple[int, bool]) -> int:
    """顺包 multiplier for ``kou`` 口 given to the winner (0 when it does not apply)."""
    count, all_peng = kou
    if count < 3:
        return 0
    return BAO[min(count, 4)] * (2 if all_peng else 1)


def bao_multiplier(h: WinHand, payer: int, winner: int) -> tuple[int, str]:
    """The payer's multiplier, and a note. Both directions are computed separately and added."""
    shun = _shunbao(h.kou.get((payer, winner), (0, False)))
    fan = 2 * _shunbao(h.kou.get((winner, payer), (0, False)))  # 反包 is twice the 顺包 figure
    notes = []
    if shun:
        notes.append(f"顺包 ×{shun} ({h.kou[(payer, winner)][0]} 口 from seat {payer} to the winner)")
    if fan:
        notes.append(f"反包 ×{fan} ({h.kou[(winner, payer)][0]} 口 from the winner to seat {payer})")
    return (shun + fan) or 1, "; ".join(notes)


def payments(s: Situation, h: WinHand, fan: int) -> list[Payment]:
    out: list[Payment] = []
    for payer in range(4):
        if payer == s.winner:
            continue
        mult, note = bao_multiplier(h, payer, s.winner)
        # "所有三口胡牌都是跟庄家算得以后相乘": a 包 payment is worked out as the dealer's, then multiplied.
        as_dealer = mult > 1 and s.options.bao_dealer_rate
        dealer_pair = as_dealer or s.dealer in (s.winner, payer)
        di = DEALER_DI + DI_PER_STREAK * s.streak if as_dealer else di_of(s, payer)
        bonus = lianzhuang_bonus(s.streak) if dealer_pair and s.options.lianzhuang_bonus else 0
        if as_dealer and s.dealer not in (s.winner, payer):
            note += "; at the dealer's rate (跟庄家算)"
        amount = (di + fan + bonus) * s.base_silver * mult
        breakdown = {"di": di, "fan": fan, "lianzhuang": bonus, "base_silver": s.base_silver, "multiplier": mult}
        if s.options.cap and amount > s.options.cap:
            breakdown["uncapped"] = amount
            note = (note + "; " if note else "") + f"封顶 {s.options.cap} (uncapped {amount})"
            amount = s.options.cap
        out.append(Payment(payer=payer, payee=s.winner, amount=amount, breakdown=breakdown, note=note))
    return out
