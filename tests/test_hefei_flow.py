"""Hefei table flow: no chi/peng, 暗杠 limits, 报听 and its lock, discard wins, 一炮多响, the 海捞区."""

from __future__ import annotations

import random

from majiang.engine import Declare, Discard, Hand, Kong, Match, Pass, Win
from majiang.rules.hefei import Hefei
from majiang.tiles import parse_tile
from tests.walls import stacked_hand, stacked_wall

T = parse_tile
# Seats 1 and 2 both wait on 5m with eight 万 in hand; the dealer holds a 5m to throw.
HANDS = [
    "5m777p888p666s777s8s",
    "234m678m222p333p5m",
    "234m678m444s555s5m",
    "333s444p555p666p2s",
]


def deal(room: str, *, draws: str = "", **options: object) -> Hand:
    rs = Hefei({"room": room, **options})
    return stacked_hand(rs, stacked_wall(rs, HANDS, draws=draws), streak=1)


def test_no_chi_no_peng_only_wins_are_claimed():
    hand = deal("bubaoting", draws="2s")
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.phase == "turn" and hand.current == 1  # nobody could take the 8s


def test_one_discard_can_pay_several_winners():
    hand = deal("bubaoting")
    hand.apply(0, Discard(tile=T("5m")))
    assert hand.phase == "claim" and set(hand.to_act()) == {1, 2}
    assert Win() in hand.legal_actions(1) and Win() in hand.legal_actions(2)
    hand.apply(1, Win())
    hand.apply(2, Win())
    s = hand.settlement
    assert s is not None and s.valid and sorted(s.winners) == [1, 2]
    assert all(p.payer == 0 for p in s.payments)  # 点炮: the discarder alone pays
    assert sum(s.totals) == 0 and s.totals[1] > 0 and s.totals[2] > 0 and s.totals[3] == 0


def test_a_winner_may_decline():
    hand = deal("bubaoting", draws="2s")
    hand.apply(0, Discard(tile=T("5m")))
    hand.apply(1, Pass())
    hand.apply(2, Win())
    assert hand.settlement is not None and hand.settlement.winners == [2]


def test_baoting_room_needs_a_declaration_before_a_discard_win():
    hand = deal("baoting", draws="2s3s4s6m")
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.current == 1 and hand.seat_state[1].drawn == T("2s")
    assert Declare(tile=T("2s")) in hand.legal_actions(1)
    assert Declare(tile=T("2m")) not in hand.legal_actions(1)  # that would break the hand's readiness
    hand.apply(1, Declare(tile=T("2s")))
    assert hand.seat_state[1].declared and hand.seat_state[1].river[-1].declared
    hand.apply(2, Discard(tile=T("3s")))
    hand.apply(3, Discard(tile=T("4s")))
    hand.apply(0, Discard(tile=T("5m")))
    assert hand.to_act() == [1]  # seat 2 waits on 5m too but has not declared
    hand.apply(1, Win())
    s = hand.settlement
    assert s is not None and s.winners == [1]
    items = s.per_winner.get(1, s.items)
    assert any(i.name == "基本分" and i.value == 12 for i in items), items


def test_after_baoting_the_hand_is_locked():
    hand = deal("baoting", draws="2s3s4s6m7m")
    hand.apply(0, Discard(tile=T("8s")))
    hand.apply(1, Declare(tile=T("2s")))
    hand.apply(2, Discard(tile=T("3s")))
    hand.apply(3, Discard(tile=T("4s")))
    hand.apply(0, Discard(tile=T("6m")))
    assert hand.current == 1 and hand.seat_state[1].drawn == T("7m")
    assert hand.legal_actions(1) == [Discard(tile=T("7m"))]  # the drawn tile goes out


def test_no_kong_once_only_four_tiles_are_left():
    hands = ["5555m77p888p666s77s", "234m678m222p333p4m", "234m678m444s555s6m", "333s444p555p666p2s"]
    rs = Hefei({"room": "bubaoting"})
    hand = stacked_hand(rs, stacked_wall(rs, hands), streak=1)
    assert Kong(kind="concealed", tiles=(T("5m"),) * 4) in hand.legal_actions(0)
    hand = stacked_hand(rs, stacked_wall(rs, hands), streak=1)
    hand.head = hand.tail - 3  # white-box: jump to the 海捞区
    assert hand.wall_left == 4
    assert not any(isinstance(a, Kong) for a in hand.legal_actions(0))


def test_haidi_draws_without_discarding_then_huangzhuang():
    hand = deal("bubaoting")
    hand.head = hand.tail - 4  # five tiles left: seat 1 draws normally, then the 海捞区
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.phase == "turn" and hand.wall_left == 4
    hand.apply(1, Discard(tile=hand.seat_state[1].drawn))
    while hand.phase == "claim":
        for s in hand.to_act():
            hand.apply(s, Pass())
    seen = []
    while not hand.over:
        assert hand.phase == "haidi"
        seat = hand.current
        legal = hand.legal_actions(seat)
        assert Pass() in legal and all(isinstance(a, Pass | Win) for a in legal)
        seen.append(seat)
        hand.apply(seat, Pass())
    assert seen == [2, 3, 0, 1]
    s = hand.settlement
    assert s is not None and s.draw and s.totals == [0, 0, 0, 0]


def test_haidi_win_scores_hailao_and_can_be_forced():
    for forced in (False, True):
        hand = deal("bubaoting", haidi_forced=forced)
        hand.head = hand.tail - 4
        # Put a 5m where seat 2's 海捞 draw will come from (the third tile from the head).
        target = hand.head + 1
        j = next(i for i in range(53, len(hand.wall)) if i != hand.head and hand.wall[i] == T("5m"))
        hand.wall[target], hand.wall[j] = hand.wall[j], hand.wall[target]
        hand.apply(0, Discard(tile=T("8s")))
        hand.apply(1, Discard(tile=hand.seat_state[1].drawn))
        while hand.phase == "claim":
            for s in hand.to_act():
                hand.apply(s, Pass())
        assert hand.phase == "haidi" and hand.current == 2
        legal = hand.legal_actions(2)
        assert Win() in legal
        assert (Pass() in legal) is (not forced)
        hand.apply(2, Win())
        s = hand.settlement
        assert s is not None and any(i.name == "海捞" and i.value == 10 for i in s.items)


def test_lianzhuang_rotation_follows_the_text():
    match = Match(Hefei({"room": "bubaoting"}), hands=6, seed="hefei-rotation")
    assert match.streak == 1
    rng = random.Random(4)
    while True:
        hand = match.hand
        while not hand.over:
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            match.apply(seat, Win() if Win() in legal else rng.choice(legal))
        rec = match.history[-1]
        if rec.settlement.draw or rec.dealer in rec.settlement.winners:
            assert (match.dealer, match.streak) == (rec.dealer, rec.streak + 1)
        else:
            assert (match.dealer, match.streak) == ((rec.dealer + 1) % 4, 1)
        if match.finished:
            break
        match.next_hand()
    match.new_game()
    assert match.streak == 1


def test_dealer_winning_on_the_replacement_of_an_opening_kong_is_no_tianhu():
    rs = Hefei({"room": "bubaoting"})
    hands = ["2222m345m678m345p8p", "345678p3456s77s4m", "345678s4567p8s6s5m", "345677m234567p2s"]
    hand = stacked_hand(rs, stacked_wall(rs, hands, tail="8p"), streak=1)
    hand.apply(0, Kong(kind="concealed", tiles=(T("2m"),) * 4))
    assert hand.seat_state[0].drawn == T("8p")
    assert Win() in hand.legal_actions(0)
    hand.apply(0, Win())
    s = hand.settlement
    assert s is not None and s.valid
    assert not any(i.name == "天胡" for i in s.items)
    assert any(i.name == "杠" for i in s.items)


def test_after_baoting_a_kong_that_keeps_the_hand_ready_is_offered():
    # After the kong seat 1 holds ten 万 (the kong counts four) and still waits on 2p/5p.
    rs = Hefei({"room": "baoting"})
    hands = ["234s678s22p77p88p3m4m", "555m234m678m34p66p", "345s555p888s2m2m3m4m", "345s333p444p66m7m8m"]
    hand = stacked_hand(rs, stacked_wall(rs, hands, draws="7s6s6s7s5m"), streak=1)
    hand.apply(0, Discard(tile=T("3m")))
    hand.apply(1, Declare(tile=T("7s")))
    for seat, tile in ((2, "6s"), (3, "6s"), (0, "7s")):
        hand.apply(seat, Discard(tile=T(tile)))
    assert hand.seat_state[1].drawn == T("5m")
    assert Kong(kind="concealed", tiles=(T("5m"),) * 4) in hand.legal_actions(1)
