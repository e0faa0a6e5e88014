"""Anqing patterns: every row of the table, each with a hand in notation, and the hands that are not wins."""

from __future__ import annotations

import pytest

from majiang.rules.anqing_scoring import gangkai_fan, gangpai_of, parse_situation, score, stand_in_of, wild_of
from majiang.tiles import parse_tile, parse_tiles
from tests.test_anqing_scoring_helpers import DATA, check, items, load, run


def t(text: str) -> int:
    return parse_tile(text)


# Every example file: its items (key -> 番) and the four totals. The doc's worked examples are these files.
EXPECTED: dict[str, tuple[dict[str, int], list[int]]] = {
    "pinghu": ({"pinghu": 0}, [-8, 16, -4, -4]),
    "paofeng_dandiao": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
    "paofeng_bian": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
    "paofeng_ka": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
    "paofeng_liuzuan": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
    "duiduihu_hard": ({"paofeng": 6, "pengpenghu": 3, "menqing": 3}, [-20, 52, -16, -16]),
    "duiduihu_hard_drawn_wild": ({"paofeng": 6, "pengpenghu": 3, "menqing": 3}, [-20, 52, -16, -16]),
    "pengpenghu_soft": ({"pengpenghu": 3}, [-11, 25, -7, -7]),
    "zhijiao": ({"zhijiao": 6, "menqing": 3, "gangkai": 3, "zuangang": 1}, [-21, 55, -17, -17]),
    "menqing_angang": ({"menqing": 3, "angang": 2}, [-13, 31, -9, -9]),
    "dadiaoche": ({"dadiaoche": 36}, [-44, 124, -40, -40]),
    "diaozuan": ({"dadiaoche": 9}, [-17, 43, -13, -13]),
    "gangkai": ({"gangkai": 3, "minggang": 1}, [-12, 28, -8, -8]),
    "gangkai_two": ({"gangkai": 9, "angang": 2, "minggang": 1}, [-20, 52, -16, -16]),
    "gang_wind_gangpai_feng": ({"angang": 3, "gangpai": 3, "feng": 1}, [-15, 37, -11, -11]),
    "yilong": ({"menqing": 3, "yilong": 10}, [-21, 55, -17, -17]),
    "shisanlan": ({"shisanlan": 20}, [-28, 76, -24, -24]),
    "qixing_guiwei": ({"qixing_guiwei": 30}, [-38, 106, -34, -34]),
    "qidui_tianhu": ({"qidui_tianhu": 36}, [-44, 124, -40, -40]),
    "qidui_youzuan": ({"qidui_youzuan": 9}, [-17, 43, -13, -13]),
    "shuang_tianhu": ({"shuang_tianhu": 66}, [-74, 214, -70, -70]),
    "sizuan_tianhu": ({"sizuan_tianhu": 36, "yilong": 10}, [-54, 154, -50, -50]),
    "mopai_tianhu": ({"paofeng": 6, "menqing": 3, "mopai_tianhu": 30}, [141, -47, -47, -47]),
    "dihu": ({"paofeng": 6, "menqing": 3, "dihu": 30}, [-47, -43, 133, -43]),
    "modeB_qingyise": ({"paofeng": 6, "menqing": 3, "qingyise": 10}, [-27, 73, -23, -23]),
    "modeB_couyise": ({"paofeng": 6, "menqing": 3, "feng": 1, "couyise": 5}, [-23, 61, -19, -19]),
    "modeB_ziyise": ({"paofeng": 6, "pengpenghu": 3, "menqing": 3, "feng": 4, "ziyise": 20}, [-44, 124, -40, -40]),
    "dealer_streak": ({"menqing": 3}, [75, -25, -25, -25]),
    "shunbao": ({"pinghu": 0}, [-24, 32, -4, -4]),
    # 包 at the dealer's rate ("跟庄家算"): 底 8 even between two non-dealers, then multiplied.
    "fanbao": ({"paofeng": 6, "menqing": 3}, [-17, -13, 132, -102]),
    "bao_both_ways": ({"pinghu": 0}, [-8, 108, -96, -4]),
    "cap_fengding": ({"paofeng": 6, "menqing": 3}, [-17, -13, 90, -60]),
    # An honor wild held as itself is no stand-in: 七星归位 (30), nothing else.
    "qixing_guiwei_honor_wild": ({"qixing_guiwei": 30}, [-38, 106, -34, -34]),
    # Mode B kept 发 in a 暗杠: "算风牌，但不算钱", so no 暗杠 2.
    "modeB_kept_gangpai_kong": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
    # Option flowers: 中 东 发 exposed as flowers (花), 1 each.
    "flowers": ({"paofeng": 6, "menqing": 3, "hua": 3}, [-20, 52, -16, -16]),
    "discarded_wild_paofeng": ({"paofeng": 6, "menqing": 3}, [-17, 43, -13, -13]),
}
NOT_WINS = {
    "not_win_drawn_wild_pinghu": "drawn wild",
    "not_win_gangpai_held": "杠牌",
    "not_win_modeB_three_suits": "mode B",
    "not_win_discarded_wild": "discarded a wild",
    "not_win_incomplete": "not a complete hand",
    "not_win_shisanlan_strict_wild": "杠牌",
}


def test_every_example_file_is_listed() -> None:
    assert {p.stem for p in DATA.glob("*.json")} == set(EXPECTED) | set(NOT_WINS)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_example(name: str) -> None:
    want_items, want_totals = EXPECTED[name]
    s = check(score(parse_situation(load(name))))
    assert s.valid, s.reason
    assert items(s) == want_items
    assert s.totals == want_totals
    assert s.extra["fan"] == sum(want_items.values())


@pytest.mark.parametrize("name", sorted(NOT_WINS))
def test_example_not_a_win(name: str) -> None:
    s = check(score(parse_situation(load(name))))
    assert not s.valid
    assert NOT_WINS[name] in s.reason


# -- wilds -------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("indicator", "wild", "stand_in", "gangpai"),
    [
        ("6m", "7m", "5z", "67z"),
        ("9m", "1m", "5z", "67z"),
        ("9p", "1p", "5z", "67z"),
        ("4z", "1z", "5z", "67z"),  # 北 → 东
        ("2z", "3z", "5z", "67z"),
        ("5z", "6z", None, "57z"),  # 中 → 发: 中 and 白 are 杠牌
        ("6z", "7z", None, "56z"),
        ("7z", "5z", None, "67z"),  # 白 → 中
    ],
)
def test_wild_stand_in_gangpai(indicator: str, wild: str, stand_in: str | None, gangpai: str) -> None:
    i = t(indicator)
    assert wild_of(i) == t(wild)
    assert stand_in_of(i) == (t(stand_in) if stand_in else None)
    assert gangpai_of(i) == frozenset(parse_tiles(gangpai))


def test_red_dragon_plays_as_the_wild_face() -> None:
    # Indicator 6m: wild 7m, 红中 = 7m. 5z5z5z is a pung of 7m, 56m + 5z a chow.
    s = run(indicator="6m", concealed="555z56m5z234p678s99s", winning_tile="9s")
    assert s.valid and items(s) == {"paofeng": 6, "menqing": 3}
    assert "chow 567m" in s.decomposition


def test_red_dragon_as_a_wind_face_counts_feng() -> None:
    # Indicator 北: wild 东, 红中 = 东; three 红中 are an 东 triplet.
    s = run(indicator="4z", concealed="555z234m567m345p99s", winning_tile="9s")
    assert items(s)["feng"] == 1


# -- 跑风 shapes ------------------------------------------------------------------------------------------


def test_bian_89_waiting_on_7() -> None:
    s = run(concealed="123m456m789s789p55s", winning_tile="7p")
    assert items(s)["paofeng"] == 6


def test_open_wait_is_not_paofeng() -> None:
    s = run(concealed="123m456m789s789p55s", winning_tile="9p")  # 78p waits on 6p and 9p
    assert "paofeng" not in items(s)


def test_chow_with_a_held_wild_is_not_paofeng() -> None:
    # 4p + W waits on many tiles, so completing 345p is no single-tile wait even in the middle.
    s = run(concealed="123m456m789s4p5p1s55s", winning_tile="5p")
    assert s.valid and "paofeng" not in items(s)


def test_drawn_wild_onto_a_lone_natural_is_not_a_win() -> None:
    # The 独吊 example: holding a lone 2p, drawing a W is no 跑风 (discard 2p, keep the W instead).
    s = run(concealed="123m456m123s789s2p1s", winning_tile="1s")
    assert not s.valid and "drawn wild" in s.reason


def test_lone_wild_plus_drawn_wild_must_be_declared_zhijiao() -> None:
    s = run(concealed="234m567m345p789s1s1s", winning_tile="1s")
    assert not s.valid and "直叫" in s.reason


def test_soft_duiduihu_on_drawn_wild_is_not_a_win() -> None:
    # A W among the held tiles makes it soft: the drawn W gives no 跑风.
    s = run(concealed="222m555p77s1s999s8m1s", winning_tile="1s")
    assert not s.valid


# -- 直叫, 杠开, kongs ------------------------------------------------------------------------------------


def test_zhijiao_replacement_may_be_a_wild() -> None:
    s = run(
        concealed="234m567m345p789s1s",
        winning_tile="1s",
        melds=[{"type": "wildkong", "tiles": "1s1s"}],
        win_by="replacement",
        kongs_before=1,
    )
    assert s.valid and items(s) == {"zhijiao": 6, "menqing": 3, "gangkai": 3, "zuangang": 1}


def test_zhijiao_needs_complete_sets_besides_the_replacement() -> None:
    s = run(
        concealed="234m567m345p78s5p9p",
        winning_tile="9p",
        melds=[{"type": "wildkong", "tiles": "1s1s"}],
        win_by="replacement",
        kongs_before=1,
    )
    assert not s.valid and "直叫" in s.reason


@pytest.mark.parametrize(("n", "fan"), [(1, 3), (2, 9), (3, 18), (4, 30)])
def test_gangkai_values(n: int, fan: int) -> None:
    assert gangkai_fan(n) == fan


def test_gangkai_three_and_four_kongs_in_a_row() -> None:
    melds = [
        {"type": "angang", "tiles": "2222m"},
        {"type": "angang", "tiles": "5555p"},
        {"type": "angang", "tiles": "8888s"},
    ]
    s = run(concealed="345m99s", winning_tile="3m", melds=melds, win_by="replacement", kongs_before=3)
    assert items(s) == {"menqing": 3, "gangkai": 18, "angang": 6}
    melds4 = [*melds, {"type": "minggang", "tiles": "7777m", "from_seat": 2}]
    s = run(concealed="9s9s", winning_tile="9s", melds=melds4, win_by="replacement", kongs_before=4)
    assert items(s) == {"dadiaoche": 36, "gangkai": 30, "angang": 6, "minggang": 1}


def test_wind_minggang_and_jiagang() -> None:
    melds = [
        {"type": "minggang", "tiles": "3333z", "from_seat": 2},
        {"type": "jiagang", "tiles": "4444z", "from_seat": 3},
    ]
    s = run(concealed="234m567m99p", winning_tile="2m", melds=melds)
    assert [(i.key, i.value) for i in s.items] == [("minggang", 2), ("jiagang", 2)]


def test_discarded_wild_rescued_by_gangkai() -> None:
    s = run(
        concealed="234m567m345s66s",
        winning_tile="3s",
        melds=[{"type": "minggang", "tiles": "7777p", "from_seat": 2}],
        win_by="replacement",
        kongs_before=1,
        winner_discarded_wild=True,
    )
    assert s.valid and items(s) == {"gangkai": 3, "minggang": 1}


def test_gangpai_exposure_counts_for_gangkai() -> None:
    s = run(concealed="234m567m345p678s99s", winning_tile="6s", gangpai="6z", win_by="replacement", kongs_before=1)
    assert items(s) == {"menqing": 3, "gangkai": 3, "gangpai": 1}


# -- the 天胡 family --------------------------------------------------------------------------------------


def test_family_replaces_paofeng_menqing_pengpenghu() -> None:
    # Seven pairs that are also... four W make 四钻天胡 and 双天胡: take the highest, no 门清.
    s = run(concealed="11m33m55m77p99p1s1s1s1s", winning_tile="1s")
    assert items(s) == {"shuang_tianhu": 66}


def test_qidui_youzuan_on_a_drawn_wild_is_a_win() -> None:
    s = run(concealed="11m33m55m77p99p22s4s1s", winning_tile="1s")
    assert s.valid and items(s) == {"qidui_youzuan": 9}


def test_dadiaoche_on_a_drawn_wild_is_not_a_win() -> None:
    melds = load("dadiaoche")["melds"]
    s = run(concealed="3m1s", winning_tile="1s", melds=melds)
    assert not s.valid


def test_shisanlan_with_a_wild_is_not_shisanlan() -> None:
    s = run(indicator="1m", concealed="147m258p369s1234z2m", winning_tile="2m")
    assert not s.valid


def test_shisanlan_needs_a_gap_of_three() -> None:
    s = run(indicator="1m", concealed="146m258p369s12345z", winning_tile="5z")
    assert not s.valid and "not a complete hand" in s.reason


def test_shisanlan_after_a_discarded_wild_needs_gangkai() -> None:
    s = run(indicator="1m", concealed="147m258p369s12345z", winning_tile="5z", winner_discarded_wild=True)
    assert not s.valid and "discarded" in s.reason


# -- mode B ------------------------------------------------------------------------------------------------


def test_mode_b_gangpai_held_needs_keep_option() -> None:
    hand = {"indicator": "5z", "concealed": "111z222z333z444z77z", "winning_tile": "7z"}
    assert not run(options={"mode": "B", "keep_gangpai": False}, **hand).valid
    assert not run(options={"mode": "A"}, **hand).valid
    assert run(options={"mode": "B"}, **hand).valid


def test_mode_a_has_no_suit_items() -> None:
    s = run(concealed="234m345m567m678m99m", winning_tile="9m")
    assert items(s) == {"paofeng": 6, "menqing": 3}


def test_mode_b_suit_values_are_options() -> None:
    s = run(options={"mode": "B", "qingyise": 7}, concealed="234m345m567m678m99m", winning_tile="9m")
    assert items(s)["qingyise"] == 7


def test_mode_b_wild_takes_a_present_suit() -> None:
    # 1s is wild: 万 and 筒 only, the W standing in for 9p.
    s = run(options={"mode": "B"}, concealed="234m567m345p789p9p1s", winning_tile="9p")
    assert s.valid


def test_mode_b_melds_count_towards_suits() -> None:
    melds = [{"type": "peng", "tiles": "555s", "from_seat": 2}]
    s = run(options={"mode": "B"}, concealed="234m567m345p99p", winning_tile="9p", melds=melds)
    assert not s.valid and "mode B" in s.reason


def test_not_a_win_reports_the_items_it_tried() -> None:
    s = check(score(parse_situation(load("not_win_discarded_wild"))))
    assert s.items and s.decomposition and s.totals == [0, 0, 0, 0]


def test_paofeng_takes_the_best_reading() -> None:
    # 1112m + 2m: read as 111m + 22m the 2m completes the pair (独吊), though 3m would also have won.
    s = run(concealed="111m2m456p345s789s2m", winning_tile="2m")
    assert items(s) == {"paofeng": 6, "menqing": 3}
    assert "pair 22m" in s.decomposition
