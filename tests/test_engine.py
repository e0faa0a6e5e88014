"""The table engine: determinism, refusal of illegal actions, claims, views (rules-agnostic parts)."""

from __future__ import annotations

import random

import pytest

from majiang.engine import (
    Chi,
    Discard,
    Hand,
    IllegalAction,
    Match,
    Pass,
    Peng,
    Win,
    action_from_json,
    seat_view,
)
from majiang.engine.replay import decode, encode, rebuild, to_replay
from majiang.rules.anqing import Anqing
from majiang.rules.hefei import Hefei
from majiang.tiles import parse_tile
from tests.walls import stacked_hand, stacked_wall


def play_random(hand: Hand, rng: random.Random, *, take_wins: bool = True) -> None:
    while not hand.over:
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        win = next((a for a in legal if isinstance(a, Win)), None)
        hand.apply(seat, win if (win and take_wins) else rng.choice(legal))


def snapshot(hand: Hand) -> tuple:
    return (
        [list(st.counts) for st in hand.seat_state],
        [list(st.river) for st in hand.seat_state],
        [list(st.melds) for st in hand.seat_state],
        hand.head,
        hand.tail,
        hand.phase,
        hand.current,
        len(hand.events),
        len(hand.log),
    )


def test_deal_gives_dealer_fourteen_and_the_first_turn():
    hand = Hand(Anqing(), "deal-test", dealer=2)
    sizes = [st.concealed_size for st in hand.seat_state]  # 杠牌 laid open were replaced
    assert sorted(sizes) == [13, 13, 13, 14] and sizes[2] == 14
    assert hand.to_act() == [2]
    assert any(isinstance(a, Discard) for a in hand.legal_actions(2))
    assert hand.legal_actions(0) == []


def test_same_seed_same_wall_and_replay_is_identical():
    a = Hand(Hefei(), "same-seed")
    b = Hand(Hefei(), "same-seed")
    assert a.wall == b.wall and a.dice == b.dice
    assert Hand(Hefei(), "other-seed").wall != a.wall
    play_random(a, random.Random(3))
    again = Hand.replay(Hefei(), "same-seed", a.log)
    assert again.events == a.events
    assert again.settlement == a.settlement


def test_replay_file_round_trip():
    hand = Hand(Anqing({"mode": "B"}), "replay-file", dealer=1, streak=2)
    play_random(hand, random.Random(5))
    data = encode(to_replay(hand))
    rebuilt = rebuild(decode(data), hand.ruleset)
    assert rebuilt.events == hand.events
    partial = rebuild(decode(data), hand.ruleset, upto=3)
    assert len(partial.log) == 3 and not partial.over
    with pytest.raises(ValueError, match="not a replay file"):
        decode(b'{"format": 1}')


def test_illegal_actions_are_refused_with_a_reason_and_change_nothing():
    hand = Hand(Anqing(), "illegal")
    before = snapshot(hand)
    dealer_tiles = hand.seat_state[0].tiles()
    missing = next(t for t in range(34) if t not in dealer_tiles)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        hand.apply(1, Discard(tile=dealer_tiles[0]))
    with pytest.raises(IllegalAction, match="is not legal for seat 0 now"):
        hand.apply(0, Discard(tile=missing))
    with pytest.raises(IllegalAction, match="no seat 7"):
        hand.apply(7, Discard(tile=dealer_tiles[0]))
    with pytest.raises(IllegalAction, match="pass is not legal"):
        hand.apply(0, Pass())
    assert snapshot(hand) == before


def test_actions_decode_from_json_and_bad_json_names_the_fault():
    assert action_from_json('{"type": "discard", "tile": 5}') == Discard(tile=5)
    assert action_from_json('{"type": "peng", "tiles": [3, 3]}') == Peng(tiles=(3, 3))
    with pytest.raises(Exception, match="tile"):
        action_from_json('{"type": "discard"}')
    with pytest.raises(Exception, match="Invalid value 'fly'"):
        action_from_json('{"type": "fly"}')


# --- claims ---------------------------------------------------------------------------------
# Indicator 1p → the wild is 2p, 红中 plays as 2p, 发 and 白 are 杠牌.
CLAIM_HANDS = [
    "123456789m345s9p5s",  # dealer: discards 5s
    "46s1112223339p1z",  # 下家: may chi 5s with 46s
    "55s456p777p111m1z8p",  # may peng 5s
    "345678p23z444m99s",
]


def claim_hand() -> Hand:
    rs = Anqing()
    return stacked_hand(rs, stacked_wall(rs, CLAIM_HANDS, draws="1z2z3z4z", indicator="1p"))


def test_claim_window_collects_every_seat_and_peng_beats_chi():
    hand = claim_hand()
    hand.apply(0, Discard(tile=parse_tile("5s")))
    assert hand.phase == "claim"
    five, four, six = parse_tile("5s"), parse_tile("4s"), parse_tile("6s")
    assert set(hand.to_act()) == {1, 2}
    assert Chi(tiles=(four, six)) in hand.legal_actions(1)
    assert Peng(tiles=(five, five)) in hand.legal_actions(2)
    assert hand.legal_actions(3) == []  # nothing to decide: never asked
    hand.apply(1, Chi(tiles=(four, six)))
    assert hand.phase == "claim"  # still waiting for seat 2
    hand.apply(2, Peng(tiles=(five, five)))
    assert hand.current == 2 and hand.phase == "turn"
    assert hand.seat_state[2].melds[0].kind == "peng"
    assert hand.seat_state[1].melds == []
    assert hand.seat_state[0].river[-1].claimed
    # after a peng: discard only, no draw happened
    assert all(isinstance(a, Discard) for a in hand.legal_actions(2))
    assert hand.kou[0][2] == 1


def test_chi_only_from_the_previous_seat_and_all_pass_moves_on():
    hand = claim_hand()
    hand.apply(0, Discard(tile=parse_tile("5s")))
    hand.apply(1, Pass())
    hand.apply(2, Pass())
    assert hand.phase == "turn" and hand.current == 1  # the 下家 draws
    assert hand.seat_state[1].drawn == parse_tile("1z")


def test_views_hide_other_hands_and_the_wall():
    hand = Hand(Hefei(), "views")
    for seat in range(4):
        view = seat_view(hand, seat)
        assert sorted(view.hand) == hand.seat_state[seat].tiles()
        assert [s.hand_count for s in view.seats] == [st.concealed_size for st in hand.seat_state]
        assert not hasattr(view, "wall")
    spectator = seat_view(hand, None)
    assert spectator.hand == [] and spectator.legal == []


def test_match_rotates_the_deal_and_keeps_running_totals():
    match = Match(Anqing(), hands=4, seed="rotation")
    rng = random.Random(11)
    dealers = []
    while True:
        dealers.append((match.hand.dealer, match.hand.streak))
        hand = match.hand
        while not hand.over:
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            win = next((a for a in legal if isinstance(a, Win)), None)
            match.apply(seat, win or rng.choice(legal))
        record = match.history[-1]
        nd, ns = match.dealer, match.streak
        if record.settlement.draw or record.dealer in record.settlement.winners:
            assert (nd, ns) == (record.dealer, record.streak + 1)
        else:
            assert (nd, ns) == ((record.dealer + 1) % 4, 0)
        if match.finished:
            break
        match.next_hand()
    assert len(match.history) == 4
    assert sum(match.totals) == 0
    assert match.totals == [sum(r.settlement.totals[i] for r in match.history) for i in range(4)]
    with pytest.raises(IllegalAction, match="match is over"):
        match.next_hand()

