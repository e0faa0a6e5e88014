"""Who pays whom, by 台: the discarder alone pays double; on a self-draw each other seat pays once."""

from __future__ import annotations

from majiang.core.settlement import Payment

from .situation import SEATS, Situation

__all__ = ["payments", "unit"]


def unit(s: Situation, tai: int) -> tuple[int, str]:
    """(what one payer of a self-drawn win pays, how): 底 × 台, or 底 × 2^(台−1) with doubling, 封顶 applied."""
    o = s.options
    cap = o.cap_tai
    counted = min(tai, cap) if cap else tai
    capped = f" (封顶 {cap})" if cap and tai > cap else ""
    if o.doubling:
        return o.di * 2 ** (counted - 1), f"底 {o.di} × 2^({counted}−1){capped}"
    return o.di * counted, f"底 {o.di} × {counted} 台{capped}"


def payments(s: Situation, tai: int) -> list[Payment]:
    amount, how = unit(s, tai)
    if s.how == "self_draw":
        return [Payment(payer=p, payee=s.winner, amount=amount, breakdown={"tai": tai, "di": s.options.di},
                        note=f"自摸: {how}") for p in SEATS if p != s.winner]
    assert s.from_seat is not None
    why = "抢杠" if s.how == "rob_kong" else "放冲"
    return [Payment(payer=s.from_seat, payee=s.winner, amount=2 * amount,
                    breakdown={"tai": tai, "di": s.options.di, "multiplier": 2}, note=f"{why} pays double: 2 × {how}")]
