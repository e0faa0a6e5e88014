"""The action taken for an absent seat (clock run out, 托管, disconnected): Hefei takes any legal win,
in a 报听 room only once declared; otherwise a claim window is passed."""

from __future__ import annotations

from majiang.engine import Declare, Discard, Hand, Pass, Win
from majiang.engine.absent import absent_win, claim_timeout_action
from majiang.rules.anqing import Anqing
from majiang.rules.hefei import Hefei
from majiang.tiles import parse_tile
from tests.walls import stacked_hand, stacked_wall

T = parse_tile
# Seat 1 holds 234567m 88m 345p 45s: ready on 3s/6s (8 万). The dealer throws 7s, seat 1 draws 8s.
HANDS = ["222p333p444p555p6s7s", "234567m88m345p45s", "66p77p88p22s33s44s8s", "66p77p88p22s33s55s8s"]


def hefei(room: str) -> Hand:
    rs = Hefei({"room": room})
    return stacked_hand(rs, stacked_wall(rs, HANDS, draws="8s6s"))


def test_bubaoting_claim_timeout_takes_the_discard_win() -> None:
    hand = hefei("bubaoting")
    hand.apply(0, Discard(tile=T("6s")))
    legal = hand.legal_actions(1)
    assert legal == [Pass(), Win()]
    assert claim_timeout_action(hand.ruleset, legal) == Win()
    hand.apply(1, claim_timeout_action(hand.ruleset, legal))
    assert hand.over and hand.settlement is not None and hand.settlement.winners == [1]


def test_baoting_room_wins_for_an_absent_seat_only_once_declared() -> None:
    hand = hefei("baoting")
    hand.apply(0, Discard(tile=T("6s")))
    assert hand.phase == "turn" and hand.current == 1  # undeclared: no win offered, nothing to time out
    hand = hefei("baoting")
    hand.apply(0, Discard(tile=T("7s")))
    hand.apply(1, Declare(tile=T("8s")))  # 报听, ready on 3s/6s
    hand.apply(2, Discard(tile=T("6s")))
    legal = hand.legal_actions(1)
    assert Win() in legal and claim_timeout_action(hand.ruleset, legal) == Win()
    assert absent_win(hand.ruleset, legal) == Win()


def test_without_a_win_the_claim_timeout_passes_and_anqing_never_auto_wins() -> None:
    assert claim_timeout_action(Hefei({}), [Pass()]) == Pass()
    assert claim_timeout_action(Hefei({}), []) is None
    anqing = Anqing({})
    assert claim_timeout_action(anqing, [Pass(), Win()]) == Pass()
    assert absent_win(anqing, [Win(), Discard(tile=0)]) is None
    assert absent_win(Hefei({}), [Win(), Discard(tile=0)]) == Win()
