"""Who pays whom: 点炮 (the discarder alone), 自摸 (all three others), and 庄分 on every dealer payment."""

from __future__ import annotations

from majiang.core.settlement import Payment, ScoreItem

from .situation import SEATS, Situation

__all__ = ["kong_payments", "payments", "zhuangfen"]


def zhuangfen(s: Situation, payer: int) -> int:
    """庄分 on the payment ``payer`` -> winner: 1 x 连庄数 (点炮) or 2 x (自摸) when the dealer is either side."""
    if s.dealer not in (payer, s.winner):
        return 0
    return (2 if s.how == "self_draw" else 1) * s.lianzhuang


def payments(s: Situation, items: list[ScoreItem]) -> list[Payment]:
    points = sum(i.value for i in items)
    payers = [s.from_seat] if s.from_seat is not None else [p for p in SEATS if p != s.winner]
    out = []
    for payer in payers:
        zhuang = zhuangfen(s, payer)
        breakdown = {i.key: i.value for i in items}
        note = ("点炮" if s.how == "discard" else "自摸") + f" {points}"
        if zhuang:
            breakdown["zhuangfen"] = zhuang
            mult = 2 if s.how == "self_draw" else 1
            note += f" + 庄分 {mult}×连庄{s.lianzhuang} = {points + zhuang}"
        out.append(Payment(payer=payer, payee=s.winner, amount=points + zhuang, breakdown=breakdown, note=note))
    return out


def kong_payments(s: Situation, winners: list[int] | None = None) -> list[Payment]:
    """Option ``kong_points_all``: each 暗杠 of every seat earns 2 from each of the other three, once per
    won hand (several winners on one discard share one situation's view of the table)."""
    if not s.options.kong_points_all:
        return []
    counts = {seat: n for seat, n in s.other_kongs.items()}
    counts[s.winner] = len(s.kongs)
    out = []
    for owner, n in sorted(counts.items()):
        if n:
            for payer in SEATS:
                if payer != owner:
                    out.append(Payment(payer=payer, payee=owner, amount=2 * n, breakdown={"gang": 2 * n},
                                       note=f"杠分: {n} 暗杠 of seat {owner}, 2 each"))
    return out
