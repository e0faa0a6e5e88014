"""Hefei scoring: one hand per item with its exact total, non-wins, 庄分 both ways, 一炮多响."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from majiang.core.settlement import Settlement, totals_from_payments
from majiang.hand.types import Decomposition, Group
from majiang.rules.hefei_scoring import HefeiOptions, Situation, parse_situation, score, score_multi
from majiang.rules.hefei_scoring import items as hefei_items
from majiang.rules.hefei_scoring.situation import hand_of
from majiang.tiles import parse_tile, parse_tiles


def checked(settlement: Settlement) -> Settlement:
    """Every settlement must sum to zero and its totals must follow from its payments."""
    settlement.check_zero_sum()
    assert settlement.totals == totals_from_payments(settlement.payments)
    if not settlement.valid:
        assert settlement.reason and not settlement.payments and settlement.totals == [0, 0, 0, 0]
    return settlement


def sit(hand: str, win: str, **kw: Any) -> Situation:
    """A 不报听 self-draw by seat 1, dealer 0, 连庄 1 unless overridden."""
    data: dict[str, Any] = {"room": "bubaoting", "dealer": 0, "winner": 1, "how": "self_draw"}
    data |= {"hand": hand, "winning_tile": win, **kw}
    return parse_situation(data)


def run(hand: str, win: str, **kw: Any) -> Settlement:
    return checked(score(sit(hand, win, **kw)))


def items_of(s: Settlement) -> dict[str, int]:
    return {i.key: i.value for i in s.items}


def points(s: Settlement) -> int:
    return sum(i.value for i in s.items)


BASELINE = "234567m88m345p456s"  # m 8, nothing but the base when won on 2m


def test_baseline_scores_only_the_base():
    s = run(BASELINE, "2m")
    assert items_of(s) == {"base": 10}
    assert s.decomposition == ["234m", "567m", "345p", "456s", "88m"]
    # non-dealer self-draw: the dealer adds 庄分 2 x 1
    assert [(p.payer, p.amount) for p in s.payments] == [(0, 12), (2, 10), (3, 10)]
    assert s.totals == [-12, 32, -10, -10]


def test_base_in_a_baoting_room_is_12_and_self_draw_needs_no_declaration():
    s = run(BASELINE, "2m", room="baoting")
    assert items_of(s) == {"base": 12}


def test_zhi_one_per_tile_over_eight():
    s = run("233445678m55p456s", "6s")
    assert items_of(s) == {"base": 10, "zhi": 1}
    assert points(s) == 11


def test_zhi_counts_every_suit_and_kongs():
    # kong 6m + 234m 88m = 9 m: 支 1, plus 杠 2
    s = run("234m88m234p345s", "2m", kongs=["6m"])
    assert items_of(s) == {"base": 10, "zhi": 1, "gang": 2}
    assert s.decomposition[-1] == "6666m"


def test_shuangbazhi_two_suits_of_eight():
    s = run("234p567p88p", "2p", kongs=["5m", "6m"])
    # m 8 (two kongs), p 8; no s: 缺一门; 5 fives and 5 sixes: 同 2; two kongs: 杠 4
    assert items_of(s) == {"base": 10, "shuangbazhi": 50, "queyimen": 1, "tong": 2, "gang": 4}
    assert points(s) == 67


def test_queyimen():
    s = run("234567m88m345p456p", "2m")
    assert items_of(s) == {"base": 10, "queyimen": 1}


def test_queyimen_once_even_with_two_suits_absent_unless_option():
    hand = "234m345m567m678m88m"  # m 14: 支 6, no p and no s
    assert items_of(run(hand, "2m"))["queyimen"] == 1
    assert items_of(run(hand, "2m", options={"queyimen_per_suit": True}))["queyimen"] == 2


def test_tong_the_seed_example_three_4m_two_4s_three_4p():
    s = run("234m345m456m444p44s", "6m")
    assert items_of(s) == {"base": 10, "zhi": 1, "tong": 4, "kan": 1}
    assert points(s) == 16


def test_tong_counts_the_tiles_of_kongs():
    s = run("567m88m345p456s", "7m", kongs=["4m"])
    # fours: the kong's 4 + 4p + 4s = 6 -> +2; m 9 -> 支 1
    assert items_of(s) == {"base": 10, "zhi": 1, "tong": 2, "gang": 2}


def test_kan():
    s = run("234m555m88m234p678s", "2m")
    assert items_of(s) == {"base": 10, "kan": 1}


def test_kan_from_discard_does_not_count_by_default_and_the_option_counts_it():
    # 234m 555m 88m 234p 678s won on another seat's 5m: "三张一样的牌在手" -- only two 5m were in hand.
    hand = "234m555m88m234p678s"
    common = {"how": "discard", "from_seat": 2}
    assert items_of(run(hand, "5m", **common)) == {"base": 10}
    counted = run(hand, "5m", **common, options={"kan_from_discard": True})
    assert items_of(counted) == {"base": 10, "kan": 1}
    # a self-draw keeps it either way
    assert items_of(run(hand, "5m")) == {"base": 10, "kan": 1}


def test_kong_points_all_pays_every_seats_angang_and_drops_the_gang_item():
    # Winner seat 1 (one 暗杠 6m) self-draws; seat 3 holds two 暗杠. With the option each 暗杠 earns 2
    # from each of the other three seats, apart from the win itself (base 10, no 杠 item).
    opts = {"kong_points_all": True}
    s = run("234m88m234p345s", "2m", kongs=["6m"], options=opts, other_kongs={3: 2})
    assert items_of(s) == {"base": 10, "zhi": 1}  # 9 万 with the kong; no 杠 item
    # The win: 11 from each (the dealer, seat 0, adds 庄分 2). Seat 1's kong: 2 from each other seat;
    # seat 3's two kongs: 4 from each other seat.
    assert s.totals == [-13 - 2 - 4, 11 * 3 + 2 + 6 - 4, -11 - 2 - 4, -11 - 2 + 12]
    assert any("杠分" in p.note for p in s.payments)


def test_kong_points_all_on_one_discard_with_two_winners_pays_the_kongs_once():
    opts = {"kong_points_all": True}
    common = {"room": "bubaoting", "dealer": 0, "how": "discard", "from_seat": 0, "options": opts}
    a = parse_situation(common | {"winner": 1, "hand": "234m88m234p345s", "winning_tile": "2m",
                                  "kongs": ["6m"], "other_kongs": {2: 1}})
    b = parse_situation(common | {"winner": 2, "hand": "234m567m88m345s", "winning_tile": "3s",
                                  "kongs": ["7p"], "other_kongs": {1: 1}})
    s = checked(score_multi([a, b]))
    kong = [p for p in s.payments if "杠分" in p.note]
    assert sorted((p.payer, p.payee, p.amount) for p in kong) == [
        (0, 1, 2), (0, 2, 2), (1, 2, 2), (2, 1, 2), (3, 1, 2), (3, 2, 2)]


def test_other_kongs_without_the_option_is_refused():
    with pytest.raises(ValueError, match="other_kongs"):
        sit("234m88m234p345s", "2m", kongs=["6m"], other_kongs={3: 1})


def test_gang():
    s = run("234m88m234p345s", "2m", kongs=["6m"])
    assert items_of(s)["gang"] == 2
    assert points(s) == 13


def test_huo_four_identical_three_as_pung_one_in_chow_and_not_also_kan():
    s = run("444m456m88m567p678s", "5p")
    assert items_of(s) == {"base": 10, "huo": 4}
    assert s.decomposition == ["444m", "456m", "567p", "678s", "88m"]


@pytest.mark.parametrize(
    ("win", "why"),
    [("3m", "夹 3m"), ("4m", "边 4m"), ("8m", "单调 8m")],
)
def test_ka_jia_bian_dandiao(win: str, why: str):
    s = run(BASELINE, win)
    assert items_of(s) == {"base": 10, "ka": 1}
    assert next(i.note for i in s.items if i.key == "ka") == why
    assert s.decomposition[s.extra["winning_group"]] in ("234m", "88m")


def test_ka_bian_78_waits_6():
    s = run("234m678m88m345p456s", "6m")
    assert items_of(s) == {"base": 10, "ka": 1}


def test_not_ka_on_an_open_wait():
    assert items_of(run(BASELINE, "2m")) == {"base": 10}
    assert items_of(run(BASELINE, "5m")) == {"base": 10}  # 67 waits 5 or 8


def test_ka_seed_example_3456_single_wait_on_3_counts_unless_strict():
    hand = "234m33m456m345p678s"
    assert items_of(run(hand, "3m")) == {"base": 10, "ka": 1}
    strict = run(hand, "3m", options={"ka_single_wait": True})
    assert items_of(strict) == {"base": 10}  # it waited on 3m and 6m


def test_ka_strict_option_keeps_a_true_single_wait():
    # 46s: only 5s completes it
    s = run(BASELINE, "5s", options={"ka_single_wait": True})
    assert items_of(s) == {"base": 10, "ka": 1}
    assert hefei_items.winning_tiles(hand_of(sit(BASELINE, "5s"))) == [parse_tile("5s")]
    # 234m 68m 88m also takes 6m (234 66 888): 夹 7m is no single wait
    assert len(hefei_items.winning_tiles(hand_of(sit("234m678m88m345p456s", "7m")))) == 2
    # the baseline's 8m 单调 also takes 2m (22 345 678) and 5m (234 55 678): not 卡 when strict
    assert len(hefei_items.winning_tiles(hand_of(sit(BASELINE, "8m")))) == 3
    assert items_of(run(BASELINE, "8m", options={"ka_single_wait": True})) == {"base": 10}


def test_shuangpuzi():
    s = run("223344m88m345p678s", "5p")
    assert items_of(s) == {"base": 10, "shuangpuzi": 2}


def test_shuangpuzi_555666777_counts_two():
    s = run("555666777m88m345p", "5p")
    # three 567m: two 双铺子 (+4) beats three 坎 (+3); m 11: 支 3; no s: 缺一门
    assert items_of(s) == {"base": 10, "zhi": 3, "queyimen": 1, "shuangpuzi": 4}
    assert s.decomposition == ["567m", "567m", "567m", "345p", "88m"]


def test_shuangpuzi_k_identical_chows_make_k_minus_1():
    s = sit(BASELINE, "2m")
    hand = hand_of(s)
    chow = Group("chow", tuple(parse_tiles("567m")), (False,) * 3)
    pair = Group("pair", tuple(parse_tiles("88m")), (False, False))
    d = Decomposition("regular", (chow, chow, chow, chow, pair))
    got = hefei_items.shape_items(s, hand, d, 0, False)
    assert [(i.key, i.value) for i in got] == [("shuangpuzi", 6)]


def test_qidui():
    s = run("22334455m6677p88s", "8s")
    assert items_of(s) == {"base": 10, "qidui": 5}  # no 卡 for the 单调 on 8s
    assert s.extra["form"] == "seven_pairs"


def test_qidui_combines_with_queyimen_and_four_identical_are_two_pairs():
    assert items_of(run("22335566m557788p", "2m")) == {"base": 10, "queyimen": 1, "qidui": 5}
    s = run("22224455m6677p88s", "6p")
    assert items_of(s) == {"base": 10, "qidui": 5}
    assert s.decomposition.count("22m") == 2


def test_best_decomposition_wins_between_regular_and_seven_pairs():
    hand = "223344556677m88s"  # 234 234 567 567 88, or seven pairs; m 12: 支 4; no p: 缺一门
    s = run(hand, "2m")  # regular: 双铺子 4 = 19; seven pairs: 5 = 20
    assert items_of(s) == {"base": 10, "zhi": 4, "queyimen": 1, "qidui": 5}
    s = run(hand, "3m")  # 夹 3m lifts the regular reading to 20: a tie goes to the regular form
    assert items_of(s) == {"base": 10, "zhi": 4, "queyimen": 1, "ka": 1, "shuangpuzi": 4}
    assert s.extra["form"] == "regular"


def test_hailao():
    s = run(BASELINE, "2m", haidi=True)
    assert items_of(s) == {"base": 10, "hailao": 10}


def test_tianhu_only_base_tianhu_and_zhuangfen():
    s = run("234m555m88m234p678s", "3m", winner=0, opening_hand=True, lianzhuang=2)
    assert items_of(s) == {"base": 10, "tianhu": 100}
    assert [(p.payer, p.amount) for p in s.payments] == [(1, 114), (2, 114), (3, 114)]


def test_dihu_only_base_dihu_and_zhuangfen():
    s = run("234m555m88m234p678s", "3m", first_round=True, room="baoting")
    assert items_of(s) == {"base": 12, "dihu": 80}
    assert [(p.payer, p.amount) for p in s.payments] == [(0, 94), (2, 92), (3, 92)]


def test_first_round_discard_win_is_not_dihu():
    s = run(BASELINE, "2m", first_round=True, how="discard", from_seat=2)
    assert items_of(s) == {"base": 10}


def test_tianhu_still_needs_a_suit_of_eight():
    s = run("234567m345p456s88p", "2m", winner=0, opening_hand=True)
    assert not s.valid and "8 or more" in s.reason


# -- 庄分 ---------------------------------------------------------------------------------------------------


def test_zhuangfen_dealer_wins_on_a_discard():
    s = run(BASELINE, "2m", winner=0, how="discard", from_seat=3, lianzhuang=3)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(3, 0, 13)]
    assert s.payments[0].breakdown == {"base": 10, "zhuangfen": 3}
    assert s.totals == [13, 0, 0, -13]


def test_zhuangfen_dealer_discards():
    s = run(BASELINE, "2m", winner=2, how="discard", from_seat=0, lianzhuang=2)
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(0, 2, 12)]


def test_no_zhuangfen_between_two_non_dealers():
    s = run(BASELINE, "2m", winner=2, how="discard", from_seat=3, lianzhuang=5)
    assert [(p.payer, p.amount) for p in s.payments] == [(3, 10)]


def test_zhuangfen_dealer_self_draw_everyone_pays_two_per_lianzhuang():
    s = run(BASELINE, "2m", winner=0, lianzhuang=2)
    assert [(p.payer, p.amount) for p in s.payments] == [(1, 14), (2, 14), (3, 14)]
    assert s.totals == [42, -14, -14, -14]


def test_zhuangfen_non_dealer_self_draw_only_the_dealer_adds_it():
    s = run(BASELINE, "2m", winner=3, dealer=1, lianzhuang=3)
    assert [(p.payer, p.amount) for p in s.payments] == [(0, 10), (1, 16), (2, 10)]


# -- not a win ----------------------------------------------------------------------------------------------


def test_not_a_win_without_a_suit_of_eight():
    s = run("234567m345p456p88s", "2m")
    assert not s.valid
    assert s.reason == "no suit holds 8 or more tiles (万 6, 饼 6, 条 2; a kong counts 4)"


def test_not_a_win_when_the_shape_is_incomplete():
    s = run("234567m88m345p457s", "2m")
    assert not s.valid and s.reason.startswith("not a complete hand")


def test_discard_win_without_baoting_in_a_baoting_room():
    s = run(BASELINE, "2m", room="baoting", how="discard", from_seat=2)
    assert not s.valid and s.reason == "discard win without 报听 in a 报听 room"
    ok = run(BASELINE, "2m", room="baoting", how="discard", from_seat=2, declared=True)
    assert ok.valid and [(p.payer, p.amount) for p in ok.payments] == [(2, 12)]


def test_discard_win_in_a_bubaoting_room_needs_no_declaration():
    s = run(BASELINE, "2m", how="discard", from_seat=2)
    assert s.valid and [(p.payer, p.amount) for p in s.payments] == [(2, 10)]


# -- 一炮多响 -----------------------------------------------------------------------------------------------


def _discard(winner: int, hand: str, win: str, **kw: Any) -> Situation:
    return sit(hand, win, winner=winner, how="discard", from_seat=kw.pop("from_seat", 0), **kw)


def test_yipao_two_winners_dealer_discards():
    a = _discard(1, BASELINE, "3m", lianzhuang=2)  # 夹: 11 + 庄分 2
    b = _discard(2, "234m555m88m234p678s", "2m", lianzhuang=2)  # 坎: 11 + 庄分 2
    s = checked(score_multi([a, b]))
    assert s.valid and s.winners == [1, 2]
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(0, 1, 13), (0, 2, 13)]
    assert s.totals == [-26, 13, 13, 0]
    assert {k: [i.key for i in v] for k, v in s.per_winner.items()} == {1: ["base", "ka"], 2: ["base", "kan"]}


def test_yipao_three_winners_one_is_the_dealer():
    kw = {"from_seat": 3, "dealer": 1, "lianzhuang": 4}
    wins = [
        _discard(0, BASELINE, "2m", **kw),  # 10
        _discard(1, BASELINE, "8m", **kw),  # dealer: 10 + 卡 1 + 庄分 4
        _discard(2, "234567m88m345p456p", "2m", **kw),  # 缺一门: 11
    ]
    s = checked(score_multi(wins))
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(3, 0, 10), (3, 1, 15), (3, 2, 11)]
    assert s.totals == [10, 15, 11, -36]
    assert s.extra["points"] == {"0": 10, "1": 11, "2": 11}  # JSON form: seat keys are strings


def test_yipao_rejects_mismatched_discarders_and_invalid_claims():
    with pytest.raises(ValueError, match="from_seat differs"):
        score_multi([_discard(1, BASELINE, "2m"), _discard(2, BASELINE, "2m", from_seat=3)])
    with pytest.raises(ValueError, match="discard wins only"):
        score_multi([sit(BASELINE, "2m")])
    with pytest.raises(ValueError, match="wins twice"):
        score_multi([_discard(1, BASELINE, "2m"), _discard(1, BASELINE, "2m")])
    bad = checked(score_multi([_discard(1, BASELINE, "2m"), _discard(2, "234567m345p456p88s", "2m")]))
    assert not bad.valid and bad.reason.startswith("seat 2: no suit")


# -- bad input ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        ({"hand": "134567m88m345p456s"}, "1m is not a Hefei tile"),
        ({"hand": "234567m88m345p456z"}, "is not a Hefei tile"),
        ({"hand": "234567m88m345p45s"}, "13 tiles with 0 kong(s)"),
        ({"hand": "234m88m345p456s2p", "kongs": ["6m"]}, "14 - 3 x kongs"),
        ({"hand": "234m8m345p456s2p", "kongs": ["8m"]}, "5 copies of 8m"),
        ({"hand": "234m88m345p456s22p", "kongs": ["5m55m"]}, "must name one tile"),
        ({"winning_tile": "6p"}, "not in the concealed hand"),
        ({"winning_tile": "2m3m"}, "exactly one tile"),
        ({"how": "discard"}, "needs the discarder"),
        ({"how": "discard", "from_seat": 1}, "their own discard"),
        ({"from_seat": 2}, "only a discard win"),
        ({"declared": True}, "no 报听 in a 不报听 room"),
        ({"haidi": True, "how": "discard", "from_seat": 2}, "a 海捞 win is a self-draw"),
        ({"haidi": True, "first_round": True}, "first go-around"),
        ({"opening_hand": True}, "only the dealer"),
        ({"dealer": 4}, "seat 4 out of range"),
        ({"lianzhuang": 0}, "at least 1"),
        ({"room": "vip"}, "room"),
        ({"dealer": "0"}, "dealer"),
        ({"colour": "red"}, "colour"),
        ({"options": {"kan": True}}, "kan"),
    ],
)
def test_bad_input_names_the_fault(change: dict[str, Any], fault: str):
    data = {"room": "bubaoting", "dealer": 0, "winner": 1, "how": "self_draw", "hand": BASELINE, "winning_tile": "2m"}
    with pytest.raises(ValueError, match=None) as e:
        parse_situation(data | change)
    assert fault in str(e.value)


def test_tianhu_needs_the_opening_hand_untouched():
    with pytest.raises(ValueError, match="replacement"):
        sit("234m88m234p345s", "2m", winner=0, opening_hand=True, kongs=["6m"])


def test_situation_round_trips_through_json():
    s = sit(BASELINE, "2m", kongs=[], options={"ka_single_wait": True})
    again = parse_situation(msgspec.json.decode(msgspec.json.encode(s)))
    assert again == s and again.options == HefeiOptions(ka_single_wait=True)
