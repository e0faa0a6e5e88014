"""light_view (for bots that decide from the legal list and their own tiles) equals seat_view on
every field it fills, at every step of games of every ruleset, for every seat asked to act."""

from __future__ import annotations

import random

import pytest

from majiang.engine import Hand
from majiang.engine.view import SeatView, light_view, seat_view
from majiang.rules.registry import make_ruleset

# What light_view leaves out on purpose (the table's public part and what is revealed at the end).
LEFT_OUT = {"options", "gangpai", "seats", "revealed", "seed", "ting", "dealer_dice", "wins"}
SHARED = [f for f in SeatView.__struct_fields__ if f not in LEFT_OUT]


@pytest.mark.parametrize(("ruleset", "options"), [
    ("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
    ("hefei", {"room": "bubaoting"}), ("baida", {}), ("baida", {"seven_baida": True}),
])
def test_light_view_equals_seat_view_on_the_fields_it_fills(ruleset: str, options: dict[str, object]) -> None:
    rules = make_ruleset(ruleset, options)
    rng = random.Random(f"light:{ruleset}")
    checked = 0
    for g in range(6):
        hand = Hand(rules, f"light-{g}", dealer=g % 4, streak=g % 2, round_wind=g % 4)
        while not hand.over:
            for seat in hand.to_act():
                light, full = light_view(hand, seat), seat_view(hand, seat)
                for field in SHARED:
                    assert getattr(light, field) == getattr(full, field), (field, seat)
                checked += 1
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            hand.apply(seat, legal[rng.randrange(len(legal))])
        # the last picture, with the settlement
        for field in SHARED:
            assert getattr(light_view(hand, 0), field) == getattr(seat_view(hand, 0), field), field
    assert checked > 100
    assert "round_wind" in SHARED and "wilds" in SHARED and "plain_indicator_held" in SHARED
