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


def _hint_misses_no_ordinary_win(seed: str, choice_seed: int) -> int:
    """Play one hand (greedy bots, now and then a random move); check every win offer against the 听 hint
    shown just before it; return how many offers were checked."""
    from majiang.core.events import Drew
    from majiang.engine.hint import ting_hint

    match = Match(Guobiao(), hands=1, seed=seed)
    hand = match.hand
    rules = hand.ruleset
    assert isinstance(rules, Guobiao)
    bots = [make_bot("greedy", i) for i in range(4)]
    rng = random.Random(choice_seed)
    offers = 0
    while not hand.over:
        hints = {s: ting_hint(hand, s, hand.legal_actions(s)) for s in range(4)}
        if hand.claim is not None:
            for s, opts in hand.claim.options.items():
                if Win() in opts:
                    sit = rules.situation(hand, s, hand.claim.tile, hand.claim.discarder)
                    hint = hints[s]
                    assert (hint is not None and hand.claim.tile in hint.waits) or sit.last_copy or sit.last_tile \
                        or sit.how == "rob_kong", (s, hand.claim.tile, hint)
                    offers += 1
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        action = rng.choice(legal) if rng.random() < 0.1 else bots[seat].choose(seat_view(hand, seat))
        if action == Win():
            break
        events = match.apply(seat, action)
        drew = [e for e in events if isinstance(e, Drew)]
        if len(drew) == 1 and drew[0].source == "wall" and hand.phase == "turn" and not hand.over:
            s, tile = drew[0].seat, drew[0].tile
            assert tile is not None
            if Win() in hand.legal_actions(s) and hand.seat_state[s].draws > 1:
                sit = rules.situation(hand, s, tile, None)
                hint = hints[s]  # (shown while the seat held the 13 tiles it drew to)
                assert (hint is not None and tile in hint.waits) or sit.last_copy or sit.last_tile, (s, tile, hint)
                offers += 1
    return offers


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), choice_seed=st.integers(0, 2**16))
def test_the_hint_misses_no_ordinary_win(seed: str, choice_seed: int) -> None:
    """Every win the engine offers — on a draw from the wall or on a discard — is a tile the seat's 听 hint
    listed, unless the table itself added the fans (和绝张, the wall's last tile, a robbed kong): the hint
    scores the ordinary situation (docs/rules/guobiao.md, "The 听 hint")."""
    _hint_misses_no_ordinary_win(seed, choice_seed)


def test_the_hint_property_meets_wins() -> None:
    assert sum(_hint_misses_no_ordinary_win(f"hint-{i}", i) for i in range(8)) >= 3
