"""Anqing table flow: the wild and its companions, 杠牌 exposures, 直叫, claims with wilds, modes."""

from __future__ import annotations

from majiang.engine import Chi, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.hand import Hand
from majiang.rules.anqing import Anqing
from majiang.tiles import parse_tile
from tests.walls import stacked_hand, stacked_wall

T = parse_tile
# Indicator 1p: the wild is 2p, 红中 (5z) plays as 2p, 发 (6z) and 白 (7z) are 杠牌.
ZHIJIAO_HANDS = [
    "123456789m345s2p9p",  # dealer: four sets, a lone wild and 9p to throw
    "1112223334445s",
    "3456789p6789m99s",
    "112233m4455m888s",
]


def deal(hands: list[str], *, options: dict | None = None, draws: str = "", tail: str = "",
         indicator: str = "1p") -> Hand:
    rs = Anqing(options or {})
    return stacked_hand(rs, stacked_wall(rs, hands, draws=draws, tail=tail, indicator=indicator))


def discard_and_pass(hand: Hand, seat: int, tile: int) -> None:
    hand.apply(seat, Discard(tile=tile))
    while hand.phase == "claim":
        for s in hand.to_act():
            hand.apply(s, Pass())


def test_the_wild_and_its_companions_come_from_the_indicator():
    hand = deal(ZHIJIAO_HANDS, draws="1z2z3z2p", tail="4z")
    assert hand.info.indicator == T("1p")
    assert hand.info.wild == T("2p")
    assert hand.info.stand_in == T("5z")
    assert hand.info.gangpai == {T("6z"), T("7z")}
    dragon = deal(ZHIJIAO_HANDS, indicator="5z")  # 中 → the wild is 发, 中 and 白 are 杠牌, no stand-in
    assert dragon.info.wild == T("6z") and dragon.info.stand_in is None
    assert dragon.info.gangpai == {T("5z"), T("7z")}


def test_zhijiao_kongs_the_two_wilds_and_the_replacement_wins_whatever_it_is():
    hand = deal(ZHIJIAO_HANDS, draws="1z2z3z2p", tail="4z")
    discard_and_pass(hand, 0, T("9p"))
    for seat, tile in ((1, "1z"), (2, "2z"), (3, "3z")):
        assert hand.current == seat
        discard_and_pass(hand, seat, T(tile))
    assert hand.seat_state[0].drawn == T("2p")
    legal = hand.legal_actions(0)
    assert WildKong() in legal
    assert Win() not in legal  # a plain win on a drawn wild is no win: 直叫 is the way
    hand.apply(0, WildKong())
    assert hand.seat_state[0].drawn == T("4z")  # from the tail
    legal = hand.legal_actions(0)
    assert legal[0] == Win() and Discard(tile=T("4z")) in legal  # offered, not forced ("可胡牌")
    hand.apply(0, Win())
    s = hand.settlement
    assert s is not None and s.valid and s.winners == [0]
    names = {i.name for i in s.items}
    assert {"直叫", "杠开", "钻杠"} <= names
    zhijiao = sum(i.value for i in s.items if i.name in ("直叫", "杠开", "钻杠"))
    assert zhijiao == 10  # one kong: 杠开 3 + the wild kong 1 + 跑风 6
    assert sum(s.totals) == 0 and s.totals[0] > 0


def test_zhijiao_replacement_may_be_played_on_instead_of_won():
    # The same 直叫 as above; seat 0 declines the win on the replacement 4z and discards it. The hand
    # goes on (the next seat draws), and bots playing it out to the end never get stuck.
    from majiang.bots import make_bot
    from majiang.engine import seat_view

    hand = deal(ZHIJIAO_HANDS, draws="1z2z3z2p", tail="4z")
    discard_and_pass(hand, 0, T("9p"))
    for seat, tile in ((1, "1z"), (2, "2z"), (3, "3z")):
        discard_and_pass(hand, seat, T(tile))
    hand.apply(0, WildKong())
    assert Win() in hand.legal_actions(0)
    discard_and_pass(hand, 0, T("4z"))
    assert not hand.over and hand.current == 1 and hand.seat_state[0].melds[-1].kind == "wildkong"
    bots = [make_bot("greedy", s) for s in range(4)]
    for _ in range(500):
        if hand.over:
            break
        seat = hand.to_act()[0]
        hand.apply(seat, bots[seat].choose(seat_view(hand, seat, hint=True)))
    assert hand.over and sum(hand.settlement.totals) == 0


def test_gangpai_is_laid_open_at_the_deal_with_a_replacement_from_the_tail():
    hands = ["123456789m345s6z9p", "1112223334445s", "3456789p6789m99s", "112233m4455m888s"]
    hand = deal(hands, tail="1z")
    dealer = hand.seat_state[0]
    assert dealer.exposed == [T("6z")]
    assert dealer.counts[T("6z")] == 0 and dealer.counts[T("1z")] == 1
    assert dealer.concealed_size == 14
    assert hand.kong_chain == 1  # the dealer's own exposure counts toward 杠开


def test_mode_b_keeps_gangpai_by_choice_and_has_no_chi():
    hands = ["123456789m345s6z9p", "46s1112223339p1z", "55s456p777p111m1z8p", "345678p23z444m99s"]
    hand = deal(hands, options={"mode": "B"}, tail="1z")
    dealer = hand.seat_state[0]
    assert dealer.exposed == [] and dealer.counts[T("6z")] == 1
    assert Expose(tile=T("6z")) in hand.legal_actions(0)
    hand.apply(0, Expose(tile=T("6z")))
    assert dealer.exposed == [T("6z")]
    hand.apply(0, Discard(tile=T("5s")))
    # seat 1 could chi 46s in mode A; in mode B only seat 2's peng is offered
    assert hand.legal_actions(1) == []
    assert Peng(tiles=(T("5s"), T("5s"))) in hand.legal_actions(2)


def test_hongzhong_plays_as_the_wilds_face_in_claims():
    # Seat 2 holds two 红中 (= 2p): a discarded 红中 can be peng'd; seat 1 can chi 13p + 红中(2p).
    hands = ["123456789m345s5z9p", "13p1112223334s1z", "55z456p777p111m1z8p", "345678p23z444m99s"]
    hand = deal(hands)
    hand.apply(0, Discard(tile=T("5z")))
    assert Peng(tiles=(T("5z"), T("5z"))) in hand.legal_actions(2)
    assert Chi(tiles=(T("1p"), T("3p"))) in hand.legal_actions(1)


def test_a_discarded_wild_cannot_be_claimed_and_marks_the_discarder():
    hands = ["123456789m345s2p9p", "13p1112223334s1z", "55z456p777p111m1z8p", "345678p23z444m99s"]
    hand = deal(hands, draws="1z")
    hand.apply(0, Discard(tile=T("2p")))
    assert hand.phase == "turn" and hand.current == 1  # nobody may take it: seat 1 drew
    assert hand.seat_state[0].discarded_wild


def test_wilds_are_never_konged_except_by_zhijiao():
    hands = ["2222p345678m345s9p", "1112223334445s", "3456789p6789m99s", "112233m4455m888s"]
    hand = deal(hands, indicator="1p")
    assert not any(isinstance(a, Kong) for a in hand.legal_actions(0))


def test_option_end_at_indicator_ends_the_hand_when_the_indicator_is_next():
    hand = Hand(Anqing({"end_at_indicator": True}), "indicator-end")
    import random

    rng = random.Random(2)
    while not hand.over:
        seat = hand.to_act()[0]
        legal = [a for a in hand.legal_actions(seat) if not isinstance(a, Win)] or hand.legal_actions(seat)
        hand.apply(seat, rng.choice(legal))
    if hand.settlement is not None and hand.settlement.draw:
        assert hand.head == hand.indicator_index
        assert hand.wall_left > 0


def _to_second_wild(hands: list[str], options: dict, tail: str) -> Hand:
    hand = deal(hands, options=options, draws="1z2z3z2p", tail=tail)
    discard_and_pass(hand, 0, T("9p"))
    for seat, tile in ((1, "1z"), (2, "2z"), (3, "3z")):
        discard_and_pass(hand, seat, T(tile))
    assert hand.seat_state[0].drawn == T("2p")
    return hand


def test_mode_b_zhijiao_replacement_of_a_third_suit_still_wins():
    # 万 and 条 held; the replacement 5p would be a third suit, but 直叫 wins whatever it is.
    hand = _to_second_wild(ZHIJIAO_HANDS, {"mode": "B"}, tail="5p")
    assert WildKong() in hand.legal_actions(0)
    hand.apply(0, WildKong())
    assert hand.legal_actions(0)[0] == Win()
    hand.apply(0, Win())
    assert hand.settlement is not None and hand.settlement.valid


def test_mode_b_offers_no_zhijiao_while_three_suits_are_held():
    hands = ["123m456p789s345s2p9p", *ZHIJIAO_HANDS[1:]]
    assert WildKong() not in _to_second_wild(hands, {"mode": "B"}, tail="4z").legal_actions(0)
    assert WildKong() in _to_second_wild(hands, {"mode": "A"}, tail="4z").legal_actions(0)


def test_passing_a_claim_is_not_announced():
    hand = claim_like_hand()
    hand.apply(0, Discard(tile=T("5s")))
    before = len(hand.events)
    hand.apply(1, Pass())
    assert len(hand.events) == before  # nobody learns that seat 1 had a choice


def claim_like_hand() -> Hand:
    return deal(["123456789m345s9p5s", "46s1112223339p1z", "55s456p777p111m1z8p", "345678p23z444m99s"],
                draws="1z")


OTHERS = ["1112223334445s", "3456789p6789m77s", "112233m4455m888s"]


def test_opening_win_does_not_depend_on_which_tile_was_dealt_last():
    # 摸牌天胡 "有钻牌也可胡牌": a wild among the opening 14 does not make it a win on a drawn wild.
    for dealer_hand in ("123456789m345s9s2p", "123456789m345s2p9s"):
        hand = deal([dealer_hand, *OTHERS])
        assert Win() in hand.legal_actions(0), dealer_hand
        hand.apply(0, Win())
        assert {"摸牌天胡", "一龙"} <= {i.name for i in hand.settlement.items}  # type: ignore[union-attr]


def test_mode_b_zhijiao_with_a_kept_gangpai():
    hands = ["123456789m666z2p9p", *ZHIJIAO_HANDS[1:]]
    hand = _to_second_wild(hands, {"mode": "B"}, tail="4z")
    assert hand.seat_state[0].counts[T("6z")] == 3  # kept as ordinary honors
    assert WildKong() in hand.legal_actions(0)


def test_a_seat_on_the_way_to_shisanlan_keeps_its_gangpai_and_can_win_qixing_guiwei():
    # Indicator 1m: the wild is 2m, 发 and 白 are 杠牌. The dealer holds 十三烂 with all seven honors.
    qixing = ["14m258p36s1234567z", "1112223334445s", "3456789p6789m88s", "13m3344m5566m777s"]
    hand = deal(qixing, indicator="1m")
    assert hand.seat_state[0].exposed == []
    assert Win() in hand.legal_actions(0)
    hand.apply(0, Win())
    names = {i.name for i in hand.settlement.items}  # type: ignore[union-attr]
    assert "七星归位" in names
    # Without the option the 杠牌 are laid open at once, as for any other hand.
    strict = deal(qixing, options={"shisanlan_keeps_gangpai": False}, indicator="1m")
    assert sorted(strict.seat_state[0].exposed) == [T("6z"), T("7z")]


def test_kept_gangpai_are_laid_open_once_shisanlan_is_out_of_reach():
    hand = deal(["14m258p369s123456z", OTHERS[0], "3456789p6789m88s", "13m3344m5566m777s"], draws="9p9p9p5m9m9m9m6m",
                indicator="1m")
    dealer = hand.seat_state[0]
    assert dealer.exposed == [] and dealer.counts[T("6z")] == 1
    discard_and_pass(hand, 0, T("9s"))
    for seat in (1, 2, 3):
        discard_and_pass(hand, seat, T("9p"))
    assert dealer.drawn == T("5m") and dealer.exposed == []  # 45m: one tile away, still kept
    discard_and_pass(hand, 0, T("1m"))  # keeps 4m5m: no longer 十三烂 but for one tile
    for seat in (1, 2, 3):
        discard_and_pass(hand, seat, T("9m"))
    assert T("6z") in dealer.exposed and dealer.counts[T("6z")] == 0  # 456m: laid open with the draw


def test_shisanlan_near_agrees_with_trying_every_tile():
    """The quick answer (a second copy or a wild must be the tile let go) against the definition."""
    import random

    from majiang.rules.anqing import _shisanlan_near, _shisanlan_shape

    def by_definition(counts: list[int], wild: int) -> bool:
        if _shisanlan_shape(counts, wild):
            return True
        for t in range(34):
            if counts[t]:
                rest = list(counts)
                rest[t] -= 1
                if _shisanlan_shape(rest, wild):
                    return True
        return False

    rng = random.Random(13)
    spaced = [0, 3, 6, 10, 13, 16, 20, 23, 26, 27, 28, 29, 30, 31, 32, 33]
    near = 0
    for _ in range(20000):
        n = rng.choice([13, 14])
        picks = rng.sample(spaced, n)
        for _ in range(rng.choice([0, 1, 1, 2])):
            picks[rng.randrange(n)] = rng.randrange(34)
        counts = [0] * 34
        for t in picks:
            counts[t] += 1
        wild = rng.randrange(34)
        expected = by_definition(counts, wild)
        assert _shisanlan_near(counts, wild) == expected, (counts, wild)
        near += expected
    assert 2000 < near < 18000  # both answers are well represented
