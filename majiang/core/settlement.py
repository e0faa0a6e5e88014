"""The settlement of one hand: itemized, per payer, zero-sum. Shared by every ruleset."""

from __future__ import annotations

import msgspec


class ScoreItem(msgspec.Struct, frozen=True):
    key: str  # stable identifier, e.g. "paofeng", "zhi"
    name: str  # Chinese name as players say it, e.g. "跑风"
    value: int  # 番 (Anqing) or points (Hefei)
    note: str = ""  # why it applies, in a few words


class Payment(msgspec.Struct, frozen=True):
    payer: int
    payee: int
    amount: int
    # how the amount was made, e.g. {"di": 8, "fan": 9, "lianzhuang": 3, "multiplier": 3, "base_silver": 1}
    breakdown: dict[str, int] = {}
    note: str = ""


class Settlement(msgspec.Struct):
    valid: bool
    reason: str = ""  # when not valid: why this is not a win
    winners: list[int] = []
    items: list[ScoreItem] = []  # for a single winner; per-winner items live in `per_winner`
    per_winner: dict[int, list[ScoreItem]] = {}
    decomposition: list[str] = []  # the chosen decomposition, one notation string per group
    payments: list[Payment] = []
    totals: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0, 0])
    draw: bool = False  # 荒庄
    # Anything else a ruleset reports, kept in its JSON form (see __post_init__).
    extra: dict[str, object] = {}

    def __post_init__(self) -> None:
        # ``extra`` is free-form, so its decoder cannot restore what JSON changes (a seat number as a
        # key comes back a string, a tuple a list): it is held in that form from the start, so a stored
        # settlement equals the one rebuilt from its replay and `majiang verify` passes (issue 30:
        # 93 of 211 stored Hefei hands failed on {0: …} against {"0": …}).
        if self.extra:
            self.extra = _json_decode(_json_encode(self.extra))

    def check_zero_sum(self) -> None:
        if sum(self.totals) != 0:
            raise AssertionError(f"settlement does not sum to zero: {self.totals}")


_json_encode = msgspec.json.Encoder().encode
_json_decode = msgspec.json.Decoder(dict[str, object]).decode


def totals_from_payments(payments: list[Payment], seats: int = 4) -> list[int]:
    totals = [0] * seats
    for p in payments:
        totals[p.payer] -= p.amount
        totals[p.payee] += p.amount
    return totals
