"""The win valuer's fast paths (the 番/台/points alone, the payments once per value) give the settlement's totals.

``WinValuer`` scores a candidate win by ``winning_fan`` (Anqing), ``winning_tai`` (百搭) or ``winning_points``
(Hefei) and the payments of that value, not by a full ``settle``. Over the candidate wins of whole hands
(every wait of every discard of seat 0, and random parts, impossible ones included) its value must be what
the full scoring of the same situation gives the seat.
"""

from __future__ import annotations

import random

import pytest

from majiang.bots.valuation import WinValuer
from majiang.rules import baida_scoring, hefei_scoring
from tests.candidate_wins import candidate_wins


def _full(valuer: WinValuer, part: list[int], tile: int, discard: bool) -> int:
    """The seat's total by the full scoring of the situation the valuer builds (0: refused or no win)."""
    melds = valuer.melds
    try:
        if valuer.family == "baida":
            s = baida_scoring.score(valuer._baida(part, tile, discard, melds))
        else:
            s = hefei_scoring.score(valuer._hefei(part, tile, discard, valuer.declared, melds))
    except ValueError:
        return 0
    return s.totals[valuer.seat] if s.valid else 0


@pytest.mark.parametrize("ruleset,options", [("baida", {}), ("baida", {"seven_baida": True}),
                                             ("hefei", {"room": "baoting"}), ("hefei", {"room": "bubaoting"})])
def test_fast_values_are_the_full_settlements(ruleset: str, options: dict[str, object]) -> None:
    won = 0
    for view, cases in candidate_wins(ruleset, options, "totals", 8, 6, random.Random(28)):
        valuer = WinValuer()
        valuer.bind(view)
        for part, tile in cases:
            # (a 百搭 discard win is derived from the drawn one: valuation's own rule, not scored here)
            for discard in (False,) if ruleset == "baida" else (False, True):
                got = valuer.value(part, tile, discard)
                assert got == _full(valuer, part, tile, discard), (part, tile, discard)
                won += got > 0
    assert won > 3  # (real wins among them: the fast paths were exercised)
