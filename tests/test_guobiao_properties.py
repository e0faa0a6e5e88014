"""国标麻将 whole matches (hypothesis): with bots that take every win and random or greedy play, every
hand keeps the tile count, every win reaches the minimum without its flowers and is paid as the rules
say (the discarder 底分 + fans and the others 底分, or 底分 + fans from each on a self-draw), the totals are
zero-sum, and the deal passes every hand over the match's rounds."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.bots import make_bot
from majiang.core.events import Won
from majiang.engine import Match, Win, seat_view
from majiang.rules.guobiao import Guobiao


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), choice_seed=st.integers(0, 2**32),
       bots=st.sampled_from(["random", "greedy"]), min_fan=st.sampled_from([0, 8]), base=st.integers(0, 8))
def test_whole_matches_pay_as_the_rules_say(seed: str, choice_seed: int, bots: str, min_fan: int, base: int) -> None:
    match = Match(Guobiao({"rounds": 1, "min_fan": min_fan, "base": base}), hands=8, seed=seed)
    players = [make_bot(bots, i) for i in range(4)]
    rng = random.Random(choice_seed)
    dealers = []
    while True:
        hand = match.hand
        dealers.append(hand.dealer)
        while not hand.over:
            seat = rng.choice(hand.to_act())
            legal = hand.legal_actions(seat)
            action = Win() if Win() in legal else players[seat].choose(seat_view(hand, seat))
            match.apply(seat, action)
            assert sum(hand.tile_census().values()) == 144
        s = hand.settlement
        assert s is not None and sum(s.totals) == 0
        if not s.draw:
            assert s.valid and len(s.winners) == 1
            w = s.winners[0]
            assert isinstance(s.extra["fans_counted"], int) and s.extra["fans_counted"] >= min_fan
            fan = s.extra["fan"]
            assert fan == sum(i.value for i in s.items)
            won = next(e for e in hand.events if isinstance(e, Won))
            full = {p.payer for p in s.payments if p.amount == base + fan}
            assert all(p.payee == w for p in s.payments) and len(s.payments) == 3
            if won.self_draw:
                assert full == {0, 1, 2, 3} - {w}
            else:
                assert won.from_seat in full and all(p.amount == base for p in s.payments if p.payer != won.from_seat)
        if match.finished:
            break
        match.next_hand()
    assert dealers == [(dealers[0] + i) % 4 for i in range(4)]  # one round: each seat deals once
