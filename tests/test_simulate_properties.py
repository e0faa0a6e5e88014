"""Whole hands played by bots (Hypothesis picks seeds, rules and bots): the table never gets stuck,
tiles are conserved, and every settlement sums to zero."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.bots import make_bot
from majiang.engine import Hand, seat_view
from majiang.rules.registry import make_ruleset

RULES = [
    ("anqing", {"mode": "A"}),
    ("anqing", {"mode": "B"}),
    ("anqing", {"mode": "B", "keep_gangpai": False}),
    ("hefei", {"room": "baoting"}),
    ("hefei", {"room": "bubaoting", "haidi_forced": True}),
]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=st.sampled_from(RULES),
    seed=st.text(min_size=1, max_size=12),
    dealer=st.integers(0, 3),
    bots=st.lists(st.sampled_from(["random", "greedy"]), min_size=4, max_size=4),
    bot_seed=st.integers(0, 2**32),
)
def test_bot_games_never_stick_conserve_tiles_and_sum_to_zero(
    rules: tuple[str, dict[str, object]], seed: str, dealer: int, bots: list[str], bot_seed: int
) -> None:
    name, options = rules
    ruleset = make_ruleset(name, options)
    hand = Hand(ruleset, seed, dealer=dealer)
    players = [make_bot(b, bot_seed + i) for i, b in enumerate(bots)]
    steps = 0
    while not hand.over:
        waiting = hand.to_act()
        assert waiting, "a hand in progress always waits for someone"
        for seat in waiting:
            assert hand.legal_actions(seat), f"seat {seat} is asked but has nothing legal"
        seat = waiting[0]
        hand.apply(seat, players[seat].choose(seat_view(hand, seat)))
        assert sum(hand.tile_census().values()) == ruleset.wall_size
        steps += 1
        assert steps < 2000
    assert hand.settlement is not None
    assert sum(hand.settlement.totals) == 0
    census = hand.tile_census()
    assert all(census.get(k, 0) == 4 for k in ruleset.kinds)
