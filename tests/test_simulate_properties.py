"""Whole hands played by bots (Hypothesis picks seeds, rules and bots): the table never gets stuck,
tiles are conserved, and every settlement sums to zero."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.bots import make_bot
from majiang.core.settlement import totals_from_payments
from majiang.engine import Hand, Match, seat_view
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


# The second rules reading's options, each on: whole matches by bots keep the same invariants (never
# stuck, every action legal, tiles conserved, settlements zero-sum and equal to their payments).
NEW_OPTIONS = [
    ("anqing", {"shisanlan_strict": True}),
    ("anqing", {"bao_dealer_rate": False}),
    ("anqing", {"cap": 30}),
    ("anqing", {"no_chi": True}),
    ("anqing", {"east_deals_first": True}),
    ("anqing", {"rounds": 1}),
    ("anqing", {"flowers": True}),
    ("anqing", {"flowers": True, "mode": "B"}),
    ("hefei", {"kan_from_discard": True}),
    ("hefei", {"kong_points_all": True}),
    ("hefei", {"guoshui": True, "room": "bubaoting"}),
    ("hefei", {"guoshui": True, "kong_points_all": True}),
]


@pytest.mark.parametrize(("name", "options"), NEW_OPTIONS, ids=lambda x: x if isinstance(x, str) else
                         ",".join(f"{k}={v}" for k, v in x.items()))
def test_matches_keep_the_invariants_with_each_new_option(name: str, options: dict[str, object]) -> None:
    ruleset = make_ruleset(name, options)
    match = Match(ruleset, hands=6, seed=f"scan:{name}:{sorted(options.items())}")
    players = [make_bot(b, i) for i, b in enumerate(["greedy", "greedy", "random", "greedy"])]
    while True:
        hand = match.hand
        steps = 0
        while not hand.over:
            waiting = hand.to_act()
            assert waiting and all(hand.legal_actions(s) for s in waiting)
            seat = waiting[0]
            action = players[seat].choose(seat_view(hand, seat))
            assert action in hand.legal_actions(seat)
            match.apply(seat, action)
            steps += 1
            assert steps < 2000
        s = hand.settlement
        assert s is not None and sum(s.totals) == 0
        assert s.totals == totals_from_payments(s.payments)
        assert all(p.amount > 0 and p.payer != p.payee for p in s.payments)
        census = hand.tile_census()
        assert all(census.get(k, 0) == 4 for k in ruleset.kinds)
        if match.finished:
            break
        match.next_hand()
    assert sum(match.totals) == 0
