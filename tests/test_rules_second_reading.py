"""Flow decisions of the second rules reading, played on stacked walls or whole matches: the Anqing
first dealer by dice (and the 东 option), matches in 圈, k kept when a player leaves (Anqing) or reset
(Hefei), no chi, and Hefei's 过水不胡."""

from __future__ import annotations

import pytest

from majiang.bots import make_bot
from majiang.core.events import HandStarted
from majiang.engine import Chi, Discard, Match, Pass, Win, seat_view
from majiang.engine.replay import decode, encode, rebuild, to_replay
from majiang.rules.anqing import Anqing
from majiang.rules.hefei import Hefei
from majiang.tiles import parse_tile
from majiang.tui.render import hand_lines, table_lines
from tests.walls import stacked_hand, stacked_wall

T = parse_tile


def test_anqing_first_dealer_comes_from_a_dice_roll_shown_at_the_table_and_in_the_replay() -> None:
    dealers = set()
    for n in range(24):
        match = Match(Anqing({}), hands=1, seed=f"dice-{n}")
        dice = match.dealer_dice
        assert len(dice) == 2 and all(1 <= d <= 6 for d in dice)
        # 东 rolls and counts that many seats from itself: 东 南 西 北 东 …
        assert match.dealer == (sum(dice) - 1) % 4 == match.hand.dealer
        started = match.hand.events[0]
        assert isinstance(started, HandStarted) and started.dealer_dice == dice
        assert seat_view(match.hand, 2).dealer_dice == dice
        assert f"picked by the dice {dice[0]} + {dice[1]}" in "\n".join(table_lines(seat_view(match.hand, 2), "t"))
        replay = decode(encode(to_replay(match.hand)))
        assert replay.dealer_dice == dice and rebuild(replay, match.hand.ruleset).dealer_dice == dice
        dealers.add(match.dealer)
    assert dealers == {0, 1, 2, 3}
    again = Match(Anqing({}), hands=1, seed="dice-5")
    assert again.dealer_dice == Match(Anqing({}), hands=1, seed="dice-5").dealer_dice  # seeded: reproducible


def test_anqing_option_east_deals_first() -> None:
    for n in range(8):
        match = Match(Anqing({"east_deals_first": True}), hands=1, seed=f"east-{n}")
        assert match.dealer == 0 and match.dealer_dice == ()


def test_only_the_first_hand_carries_the_dealer_roll() -> None:
    match = Match(Anqing({}), hands=2, seed="two")
    _play_out(match)
    match.next_hand()
    assert match.hand.dealer_dice == () and match.history[0].dealer_dice == match.dealer_dice


def _play_out(match: Match, bots: list | None = None) -> None:
    bots = bots or [make_bot("random", s) for s in range(4)]
    hand = match.hand
    while not hand.over:
        seat = hand.to_act()[0]
        match.apply(seat, bots[seat].choose(seat_view(hand, seat)))


def test_a_match_of_one_round_ends_when_the_deal_has_passed_every_seat() -> None:
    match = Match(Anqing({"rounds": 1}), hands=64, seed="quan")
    bots = [make_bot("greedy", s) for s in range(4)]
    dealers = []
    while True:
        dealers.append(match.hand.dealer)
        _play_out(match, bots)
        if match.finished:
            break
        match.next_hand()
    assert match.rounds_done == 1 and match.deal_moves == 4
    assert match.dealer == dealers[0]  # the deal is back with the first dealer
    assert set(dealers) == {0, 1, 2, 3}
    assert len(dealers) >= 4


def test_a_player_leaving_keeps_k_in_anqing_and_resets_the_streak_in_hefei() -> None:
    anqing = Match(Anqing({}), hands=4, seed="k")
    anqing.streak = 2
    anqing.new_game()
    assert anqing.streak == 2  # no such rule in the Anqing seeds: k continues
    hefei = Match(Hefei({}), hands=4, seed="k")
    hefei.streak = 3
    hefei.new_game()
    assert hefei.streak == 1  # Hefei: a new game, 连庄数 = 1


# Indicator 1p: the wild is 2p. Seat 1 holds 4445s and may chi the dealer's 5s with... 3s4s.
CHI_HANDS = ["123456789m345s2p9p", "1112223334445s", "3456789p6789m99s", "112233m4455m888s"]


@pytest.mark.parametrize(("options", "chi"), [({}, True), ({"no_chi": True}, False), ({"mode": "B"}, False)])
def test_no_chi_option(options: dict, chi: bool) -> None:
    rs = Anqing(options)
    hand = stacked_hand(rs, stacked_wall(rs, CHI_HANDS, indicator="1p"))
    hand.apply(0, Discard(tile=T("3s")))
    legal = hand.legal_actions(1)
    assert any(isinstance(a, Chi) for a in legal) == chi
    assert rs.flags.allow_chi == chi


# Hefei: seat 1 holds 234567m 88m 345p 45s (ready on 3s/6s). The dealer throws 7m; seat 1 draws and
# throws 2m; seat 2 draws and throws 6s (a win for seat 1, passed); seat 3 draws and throws 3s.
GUOSHUI_HANDS = ["222p333p444p555p7s7m", "234567m88m345p45s", "66p77p88p22s33s44s8s", "66p77p88p22s55s88s7m"]


@pytest.mark.parametrize("guoshui", [False, True])
def test_guoshui_bars_a_discard_win_until_the_seats_next_draw(guoshui: bool) -> None:
    rs = Hefei({"room": "bubaoting", "guoshui": guoshui})
    hand = stacked_hand(rs, stacked_wall(rs, GUOSHUI_HANDS, draws="2m6s3s4m"))
    hand.apply(0, Discard(tile=T("7m")))
    hand.apply(1, Discard(tile=T("2m")))
    hand.apply(2, Discard(tile=T("6s")))
    assert hand.legal_actions(1) == [Pass(), Win()]
    assert not seat_view(hand, 1, hint=True).ting.self_draw_only  # type: ignore[union-attr]
    hand.apply(1, Pass())
    # the 听 hint still lists 3s/6s (a self-draw wins), and says whether only a self-draw does now
    ting = seat_view(hand, 1, hint=True).ting
    assert ting is not None and ting.waits == [T("3s"), T("6s")] and ting.self_draw_only == guoshui
    assert any("过水不胡" in line for line in hand_lines(seat_view(hand, 1, hint=True))) == guoshui
    hand.apply(3, Discard(tile=T("3s")))
    if guoshui:
        assert hand.phase == "turn" and hand.current == 0  # 过水不胡: no window for seat 1
        hand.apply(0, Discard(tile=T("4m")))
        # seat 1 has drawn again: the bar is lifted (its self-drawn tile is checked as usual)
        assert not hand.seat_state[1].passed_win
        assert not seat_view(hand, 1, hint=True).ting.self_draw_only  # type: ignore[union-attr]
    else:
        assert hand.legal_actions(1) == [Pass(), Win()]


def test_flowers_option_lays_open_dragons_and_east_and_red_is_no_stand_in() -> None:
    # Indicator 1p: the wild is 2p. With flowers, 中 发 白 东 are flowers; the dealer holds 5z and 1z.
    hands = ["123456789m345s15z", "1112223334445s", "3456789p6789m99s", "112233m4455m888s"]
    rs = Anqing({"flowers": True})
    hand = stacked_hand(rs, stacked_wall(rs, hands, tail="9p7s", indicator="1p"))
    assert hand.info.stand_in is None and hand.info.gangpai == {T("1z"), T("5z"), T("6z"), T("7z")}
    dealer = hand.seat_state[0]
    assert sorted(dealer.exposed) == [T("1z"), T("5z")]  # laid open at the deal, two replacements
    assert dealer.concealed_size == 14 and dealer.counts[T("9p")] == 1 and dealer.counts[T("7s")] == 1
    plain = Anqing({})
    other = stacked_hand(plain, stacked_wall(plain, hands, tail="9p7s", indicator="1p"))
    assert other.info.stand_in == T("5z") and other.seat_state[0].exposed == []  # 红中 plays as 2p, 东 is a wind


@pytest.mark.parametrize(("name", "code", "total"), [
    ("qixing_guiwei_honor_wild", 0, 106), ("not_win_shisanlan_strict_wild", 1, 0), ("modeB_kept_gangpai_kong", 0, 43),
    ("cap_fengding", 0, -60), ("fanbao", 0, -102), ("bao_both_ways", 0, 108), ("flowers", 0, 52)])
def test_second_reading_hands_through_majiang_score(name: str, code: int, total: int,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Each Anqing decision's hand, written out in tests/data/anqing, scored by the CLI."""
    import json
    from pathlib import Path

    from majiang.cli import main

    path = Path(__file__).parent / "data" / "anqing" / f"{name}.json"
    assert main(["score", str(path)]) == code
    out = json.loads(capsys.readouterr().out)
    seat = 3 if name in ("cap_fengding", "fanbao") else json.loads(path.read_text(encoding="utf-8"))["winner"]
    assert out["totals"][seat] == total and sum(out["totals"]) == 0
