"""Shared helpers for the Anqing scoring tests (no tests here)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from majiang.core.settlement import Settlement, totals_from_payments
from majiang.rules.anqing_scoring import parse_situation, score

DATA = Path(__file__).parent / "data" / "anqing"
BASE: dict[str, Any] = {"ruleset": "anqing", "indicator": "9s", "dealer": 0, "winner": 1}  # wild 1s


def load(name: str) -> dict[str, Any]:
    return json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))


def check(settlement: Settlement) -> Settlement:
    """Every settlement sums to zero and its totals are exactly its payments."""
    settlement.check_zero_sum()
    assert settlement.totals == totals_from_payments(settlement.payments)
    if settlement.valid:
        assert len(settlement.payments) == 3
        assert all(p.payee == settlement.winners[0] and p.amount > 0 for p in settlement.payments)
    else:
        assert settlement.reason and not settlement.payments
    return settlement


def run(**fields: Any) -> Settlement:
    return check(score(parse_situation(BASE | fields)))


def items(settlement: Settlement) -> dict[str, int]:
    """Item key -> 番, summed where a key repeats (one 暗杠 item per kong)."""
    out: dict[str, int] = {}
    for i in settlement.items:
        out[i.key] = out.get(i.key, 0) + i.value
    return out
