"""百搭麻将 table flow on rigged walls: 补花 in the deal, flower 百搭, 杠开 after 补花, 抢杠, 海底, 一炮多响,
天胡/地胡, 连庄, and the round wind moving after a full round (with bots, through a real match)."""

from __future__ import annotations

import random

import pytest

from majiang.bots import make_bot
from majiang.core.actions import Chi, Discard, Kong, Peng
from majiang.core.deal import HandOutcome
from majiang.core.events import Drew, Exposed, HandStarted, redact
from majiang.engine import Hand, Match, Pass, Win, seat_view
from majiang.rules.baida import Baida
from majiang.tiles import parse_tile, parse_tiles
from tests.walls import stacked_hand, stacked_wall

T = parse_tile


def deal(hands: list[str], *, draws: str = "", tail: str = "", indicator: str = "9s", options: dict | None = None,
         streak: int = 0, round_wind: int = 0) -> Hand:
    rs = Baida(options or {})
    wall = stacked_wall(rs, hands, draws=draws, tail=tail, indicator=indicator)
    return stacked_hand(rs, wall, streak=streak, round_wind=round_wind)


def settle_claims(hand: Hand, take: dict[int, object] | None = None) -> None:
    """Answer an open claim window: ``take[seat]`` for the seats named, a pass for the rest."""
    take = take or {}
    while hand.phase == "claim":
        seat = hand.to_act()[0]
        hand.apply(seat, take.get(seat, Pass()))  # type: ignore[arg-type]


def keys(items: list) -> set[str]:
    return {i.key for i in items}


def test_flowers_dealt_are_laid_open_and_replaced_from_the_tail_in_seat_order() -> None:
    hand = deal(["f1 123m456m789m123p5z", "f5 111s222s333s444s", "11z22z33z44z55z66z7z", "234p567p8p19s28s67z"],
                tail="f2 3p 5s")
    exposed = [(e.seat, e.tile) for e in hand.events if isinstance(e, Exposed)]
    assert exposed == [(0, T("f1")), (0, T("f2")), (1, T("f5"))]  # the dealer's run first, then the next seat
    assert hand.seat_state[0].exposed == [T("f1"), T("f2")] and T("3p") in hand.seat_state[0].held
    assert hand.seat_state[1].exposed == [T("f5")] and T("5s") in hand.seat_state[1].held
    assert [st.concealed_size for st in hand.seat_state] == [14, 13, 13, 13]
    assert all(t < 34 for st in hand.seat_state for t in st.held)
    assert hand.kong_chain == 2  # the dealer's turn follows his replacements: a win now would be 杠开


def test_a_flower_indicator_makes_the_other_three_of_its_group_wild_and_kept() -> None:
    hand = deal(["f2 123m456m789m123p5z", "f5 111s222s333s444s", "11z22z33z44z55z66z7z", "234p567p8p19s28s67z"],
                tail="3p", indicator="f1")
    assert hand.info.wilds == {T("f2"), T("f3"), T("f4")}
    assert hand.seat_state[0].exposed == [] and hand.seat_state[0].counts[T("f2")] == 1  # a 百搭: kept
    assert hand.seat_state[1].exposed == [T("f5")]  # not a 百搭: laid open
    view = seat_view(hand, 0)
    assert view.wilds == [T("f2"), T("f3"), T("f4")] and T("f2") in view.hand
    assert Discard(tile=T("f2")) in view.legal  # a flower 百搭 is held, so it can be discarded
    hand.apply(0, Discard(tile=T("f2")))
    assert hand.phase != "claim" or all(Win() not in o for o in hand.claim.options.values())  # type: ignore[union-attr]


def test_kong_bloom_after_a_flower_replacement() -> None:
    # Seat 1 waits on 2p/5p; it draws 兰 (its seat flower), lays it open, and the replacement is 5p: 杠开.
    hand = deal(["123m456m789m1z2z3z4z7z", "123s456s789s22p34p", "11z22z33z44z55z66z7z", "234p567p8p19s28s67z"],
                draws="f6", tail="5p")
    hand.apply(0, Discard(tile=T("7z")))
    settle_claims(hand)
    assert hand.seat_state[1].exposed == [T("f6")] and hand.seat_state[1].drawn == T("5p")
    assert Win() in hand.legal_actions(1)
    hand.apply(1, Win())
    s = hand.settlement
    assert s is not None and s.valid and {"gangkai", "zimo", "menqing", "hua"} <= keys(s.items)
    assert s.totals[1] == 3 * s.extra["tai"]


def test_robbing_an_added_kong() -> None:
    hands = ["5m1234567z12346s7s", "55m123p456p789p88s", "34m111p222p333p44p", "6789m678s55s1z2z3z4z"]
    hand = deal(hands, draws="7z 6z 5z 5m")
    hand.apply(0, Discard(tile=T("5m")))
    settle_claims(hand, {1: Peng(tiles=(T("5m"), T("5m")))})
    hand.apply(1, Discard(tile=T("8s")))
    settle_claims(hand)
    for seat in (2, 3, 0):  # each draws an honor nobody can use and lets it go
        hand.apply(seat, Discard(tile=hand.seat_state[seat].drawn))  # type: ignore[arg-type]
        settle_claims(hand)
    added = Kong(kind="added", tiles=(T("5m"),))
    assert added in hand.legal_actions(1)
    hand.apply(1, added)
    assert hand.phase == "claim" and hand.to_act() == [2] and hand.claim.robbing  # type: ignore[union-attr]
    assert seat_view(hand, 2).claim.robbing  # type: ignore[union-attr]
    hand.apply(2, Win())
    s = hand.settlement
    assert s is not None and s.valid and "qianggang" in keys(s.items)
    assert [(p.payer, p.payee) for p in s.payments] == [(1, 2)] and s.payments[0].amount == 2 * s.extra["tai"]
    assert [m.kind for m in hand.seat_state[1].melds] == ["peng"]  # the kong was never made
    assert sum(hand.tile_census().values()) == 144


def test_a_passed_rob_lets_the_kong_stand_and_draw_its_replacement() -> None:
    hands = ["5m1234567z12346s7s", "55m123p456p789p88s", "34m111p222p333p44p", "6789m678s55s1z2z3z4z"]
    hand = deal(hands, draws="7z 6z 5z 5m", tail="9m")
    hand.apply(0, Discard(tile=T("5m")))
    settle_claims(hand, {1: Peng(tiles=(T("5m"), T("5m")))})
    hand.apply(1, Discard(tile=T("8s")))
    settle_claims(hand)
    for seat in (2, 3, 0):
        hand.apply(seat, Discard(tile=hand.seat_state[seat].drawn))  # type: ignore[arg-type]
        settle_claims(hand)
    hand.apply(1, Kong(kind="added", tiles=(T("5m"),)))
    hand.apply(2, Pass())
    assert hand.phase == "turn" and hand.current == 1 and hand.seat_state[1].drawn == T("9m")
    assert [m.kind for m in hand.seat_state[1].melds] == ["kong_added"]


def test_the_last_tile_of_the_wall_is_haidi() -> None:
    # Seat 3 holds all eight flowers: laid open in the deal, no flower is left in the wall, so the last
    # tile (the face-up indicator 9s: a plain tile, which its 78s waits on) comes to seat 3 on the 83rd
    # draw. Everyone else lets tiles go.
    hand = deal(["123m456m789m1z2z3z4z7z", "123s456s789s22p34p", "11z22z33z44z55z66z7z", "f1f2f3f4f5f6f7f8 234p55p"],
                tail="6p7p8p4s5s6s7s8s")
    assert hand.seat_state[3].exposed == parse_tiles("f1f2f3f4f5f6f7f8")
    rng = random.Random(3)
    while not hand.over:
        if hand.phase == "claim":
            settle_claims(hand)
            continue
        seat = hand.current
        if hand.wall_left == 0 and Win() in hand.legal_actions(seat):
            assert seat == 3
            hand.apply(seat, Win())
            break
        drawn = hand.seat_state[seat].drawn
        legal = [a for a in hand.legal_actions(seat) if isinstance(a, Discard)]
        hand.apply(seat, Discard(tile=drawn) if drawn is not None else rng.choice(legal))
    s = hand.settlement
    assert s is not None and s.valid and s.winners == [3]
    assert {"haidi", "zimo", "hua_all"} <= keys(s.items)


def _one_discard_two_winners(options: dict) -> Hand:
    # The dealer's first discard 5m completes seats 1 and 2: 地胡 for both where several may win.
    return deal(["5m1234567z12346s7s", "34m123p456p789p88s", "46m111p222p333p44p", "6789m678s55s1z2z3z4z"],
                options=options)


def test_one_discard_several_winners_and_dihu() -> None:
    hand = _one_discard_two_winners({})
    hand.apply(0, Discard(tile=T("5m")))
    settle_claims(hand, {1: Win(), 2: Win()})
    s = hand.settlement
    assert s is not None and s.valid and s.winners == [1, 2]
    assert all("dihu" in keys(items) for items in s.per_winner.values())
    assert [p.payer for p in s.payments] == [0, 0] and s.totals[0] == -sum(s.totals[1:])


def test_single_winner_option_takes_the_first_in_turn_order() -> None:
    hand = _one_discard_two_winners({"multi_win": False})
    hand.apply(0, Discard(tile=T("5m")))
    settle_claims(hand, {1: Win(), 2: Win()})
    assert hand.settlement is not None and hand.settlement.winners == [1]


def test_tianhu_and_the_dealer_streak() -> None:
    hand = deal(["234m567p345s678s88m", "11z22z33z44z55z66z7z", "123s456s789s22p34p", "234p567p8p19s28s67z"],
                streak=2)
    assert Win() in hand.legal_actions(0)
    hand.apply(0, Win())
    s = hand.settlement
    assert s is not None and {"tianhu", "zhuang"} <= keys(s.items)
    assert next(i.value for i in s.items if i.key == "zhuang") == 3  # 1 + the two hands kept
    off = deal(["234m567p345s678s88m", "11z22z33z44z55z66z7z", "123s456s789s22p34p", "234p567p8p19s28s67z"],
               streak=2, options={"dealer_streak": False})
    off.apply(0, Win())
    assert next(i.value for i in off.settlement.items if i.key == "zhuang") == 1  # type: ignore[union-attr]


def test_dealer_keeps_the_deal_on_a_win_or_a_draw() -> None:
    rs = Baida()
    assert rs.next_deal(0, 2, HandOutcome(winners=(0,), draw=False)) == (0, 3)
    assert rs.next_deal(0, 2, HandOutcome(winners=(), draw=True)) == (0, 3)
    assert rs.next_deal(0, 2, HandOutcome(winners=(2,), draw=False)) == (1, 0)


def test_round_wind_moves_after_the_deal_goes_round_and_seat_winds_follow_the_dealer() -> None:
    match = Match(Baida({"rounds": 2}), hands=60, seed="round-wind")
    bots = [make_bot("greedy", i) for i in range(4)]
    seen: list[tuple[int, int, int]] = []  # (round wind, dealer, streak) of each hand
    while True:
        hand = match.hand
        started = hand.events[0]
        assert isinstance(started, HandStarted) and started.round_wind == hand.round_wind
        view = seat_view(hand, 1)
        assert view.round_wind == hand.round_wind
        assert [s.wind for s in view.seats] == [(i - hand.dealer) % 4 for i in range(4)]
        seen.append((hand.round_wind, hand.dealer, hand.streak))
        while not hand.over:
            seat = hand.to_act()[0]
            match.apply(seat, bots[seat].choose(seat_view(hand, seat)))
        if match.finished:
            break
        match.next_hand()
    moves = [i for i in range(1, len(seen)) if seen[i][1] != seen[i - 1][1]]
    assert len(moves) == 7 and match.deal_moves == 8 and match.rounds_done == 2  # the 8th move ends the match
    for i, (wind, dealer, streak) in enumerate(seen):
        assert wind == sum(1 for m in moves if m <= i) // 4  # 东 for the first 圈, then 南
        if i and dealer == seen[i - 1][1]:
            assert streak == seen[i - 1][2] + 1  # 连庄
    assert seen[-1][0] == 1


def test_views_keep_flowers_and_baida_of_other_seats_secret() -> None:
    hand = deal(["f2 123m456m789m123p5z", "f5 111s222s333s444s", "11z22z33z44z55z66z7z", "234p567p8p19s28s67z"],
                tail="3p", indicator="f1")
    rng = random.Random(5)
    while not hand.over:
        seat = rng.choice(hand.to_act())
        start = len(hand.events)
        hand.apply(seat, rng.choice(hand.legal_actions(seat)))
        for viewer in range(4):
            view = seat_view(hand, viewer)
            if not hand.over:
                assert view.hand == hand.seat_state[viewer].tiles() and view.revealed is None
            for e in hand.events[start:]:
                shown = redact(e, viewer)
                if isinstance(e, Drew) and e.seat != viewer:
                    assert shown.tile is None  # type: ignore[attr-defined]
    assert seat_view(hand, 1).revealed is not None


@pytest.mark.parametrize("options", [{}, {"seven_baida": True}])
def test_replay_of_a_bot_hand_is_identical(options: dict) -> None:
    match = Match(Baida(options), hands=1, seed="replay")
    bots = [make_bot("greedy", i) for i in range(4)]
    hand = match.hand
    while not hand.over:
        seat = hand.to_act()[0]
        match.apply(seat, bots[seat].choose(seat_view(hand, seat)))
    again = Hand.replay(Baida(options), hand.seed, hand.log, dealer=hand.dealer, streak=hand.streak,
                        round_wind=hand.round_wind, dealer_dice=hand.dealer_dice)
    assert again.events == hand.events and again.settlement == hand.settlement


def test_a_flower_drawn_as_the_last_tile_stays_in_hand_and_the_hand_is_drawn() -> None:
    # 梅 (f8) is the indicator, so 兰竹菊 are 百搭 (kept by seat 3); 春夏秋冬 are laid open in the deal. The
    # indicator is the wall's last tile: seat 3 draws it with nothing left to replace it.
    hand = deal(["123m456m789m1z2z3z4z7z", "123s456s789s22p34p", "11z22z33z44z55z66z7z", "f1f2f3f4f5f6f7 234p55p6p"],
                tail="6p7p8p4s", indicator="f8")
    assert hand.seat_state[3].exposed == parse_tiles("f1f2f3f4")
    while hand.wall_left > 0:
        if hand.phase == "claim":
            settle_claims(hand)
            continue
        seat = hand.current
        hand.apply(seat, Discard(tile=hand.seat_state[seat].drawn))  # type: ignore[arg-type]
        settle_claims(hand)
    assert hand.current == 3 and hand.seat_state[3].drawn == T("f8") and hand.seat_state[3].counts[T("f8")] == 1
    view = seat_view(hand, 3, hint=True)  # the 听 hint copes with a flower in hand
    assert Win() not in view.legal and Discard(tile=T("f8")) in view.legal
    hand.apply(3, make_bot("greedy", 0).choose(view))  # the bot reads a flower in hand too
    settle_claims(hand)
    assert hand.over and hand.settlement is not None and hand.settlement.draw
    assert sum(hand.tile_census().values()) == 144


@pytest.mark.parametrize("options", [{}, {"seven_baida": True}, {"min_tai": 3}])
def test_a_discard_win_is_offered_exactly_when_full_scoring_accepts_it(options: dict) -> None:
    """With 起胡 at 1 a discard win is offered on the shape alone (no scoring until it is taken):
    over random hands, every seat's answer for every discard equals full scoring's ``valid``."""
    from majiang.rules import baida_scoring

    rules = Baida(options)
    rng = random.Random(11)
    checked = wins = 0
    for n in range(150):
        hand = Hand(rules, f"discard-win-{n}", dealer=n % 4)
        while not hand.over:
            claim = hand.claim
            if claim is not None and claim.tile < 34 and not hand.robbing:
                for seat in range(4):
                    if seat == claim.discarder:
                        continue
                    offered = rules.can_win_on_discard(hand, seat, claim.tile, claim.discarder)
                    full = rules._discard_shapes(hand, seat)[claim.tile] and baida_scoring.score(
                        rules.situation(hand, seat, claim.tile, claim.discarder)).valid
                    assert offered == full, (n, seat, claim.tile)
                    checked += 1
                    wins += offered
            seat = hand.to_act()[0]
            legal = hand.legal_actions(seat)
            hand.apply(seat, Pass() if Pass() in legal and rng.random() < 0.7 else rng.choice(legal))
    assert checked > 1000 and wins > 0


# The indicator 9s makes 9s 百搭 (its other three copies). Seat 1 (the dealer's 下家) holds two of them.
_CLAIM_HANDS = ["9s5s1m4m7m2p5p8p1z2z3z4z5z6z", "99s46s1p4p7p3m6m9m7z7z2s", "46s2m5m8m3p6p9p1s7s1z2z3z",
                "1s2s3s7m8m9m1p2p3p4z4z8s3s"]


def test_a_discarded_baida_is_never_penged_with_baida() -> None:
    hand = deal(_CLAIM_HANDS)
    assert T("9s") in hand.info.wilds
    hand.apply(0, Discard(tile=T("9s")))  # a 百搭 plays as its own face when discarded
    # seat 1's two 9s are 百搭: they never make a peng (nor a kong) of it, so nobody is asked
    assert hand.phase != "claim" or all(
        not isinstance(a, Peng | Kong) for s in hand.to_act() for a in hand.legal_actions(s))
    assert hand.to_act() == [1] and hand.seat_state[1].drawn is not None


def test_chi_is_offered_to_the_next_seat_only() -> None:
    hand = deal(_CLAIM_HANDS)
    hand.apply(0, Discard(tile=T("5s")))
    assert hand.phase == "claim"
    assert hand.to_act() == [1]  # seat 2 holds 4s6s too, but sits across from the discarder
    assert Chi(tiles=(T("4s"), T("6s"))) in hand.legal_actions(1)
    assert hand.legal_actions(2) == []


@pytest.mark.parametrize("seed", range(12))
def test_no_offer_ever_pengs_a_baida_kind_or_chis_from_another_seat(seed: int) -> None:
    """Every claim and kong the engine offers over whole bot hands: a peng or kong is never of a 百搭 kind
    and a chi is offered only to the discarder's 下家 (what `majiang score` refuses as impossible)."""
    rs = Baida({"seven_baida": seed % 2 == 1})
    hand = Hand(rs, f"claims-{seed}")
    bots = [make_bot("greedy", seed * 4 + s) for s in range(4)]
    while hand.phase != "over":
        for seat in hand.to_act():
            legal = hand.legal_actions(seat)
            for a in legal:
                if isinstance(a, Peng | Kong):
                    assert a.tiles[0] not in hand.info.wilds, (seed, a)
                if isinstance(a, Chi):
                    assert hand.claim is not None and seat == (hand.claim.discarder + 1) % 4, (seed, a)
        seat = hand.to_act()[0]
        hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))
