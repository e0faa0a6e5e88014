"""Anqing payments: 底, the 连庄 bonus, 基础银子, 顺包 and 反包, always zero-sum."""

from __future__ import annotations

import pytest

from majiang.core.settlement import Settlement
from majiang.rules.anqing_scoring import lianzhuang_bonus
from tests.test_anqing_scoring_helpers import run

HAND = {"concealed": "234m567m345p678s99s", "winning_tile": "6s"}  # 门清 3, no 跑风
THREE_PENG = {
    "concealed": "234m55s",
    "winning_tile": "4m",
    "melds": [
        {"type": "peng", "tiles": "222m", "from_seat": 2},
        {"type": "peng", "tiles": "555p", "from_seat": 2},
        {"type": "peng", "tiles": "777s", "from_seat": 2},
    ],
}


def paid(s: Settlement, payer: int) -> int:
    return next(p.amount for p in s.payments if p.payer == payer)


def test_non_dealer_win_fresh_deal() -> None:
    s = run(**HAND)
    assert [paid(s, p) for p in (0, 2, 3)] == [8 + 3, 4 + 3, 4 + 3]


@pytest.mark.parametrize(("k", "bonus"), [(0, 0), (1, 3), (2, 6), (3, 12), (4, 15), (7, 15)])
def test_lianzhuang_bonus_table(k: int, bonus: int) -> None:
    assert lianzhuang_bonus(k) == bonus


def test_dealer_pays_grown_base_and_bonus_to_a_non_dealer() -> None:
    s = run(streak=3, **HAND)
    assert paid(s, 0) == 8 + 12 + 3 + 12
    assert paid(s, 2) == 4 + 3  # pairs without the dealer are untouched


def test_dealer_winner_collects_from_everyone() -> None:
    s = run(winner=0, streak=1, **HAND)
    assert [paid(s, p) for p in (1, 2, 3)] == [8 + 4 + 3 + 3] * 3


def test_lianzhuang_bonus_option_off() -> None:
    s = run(winner=0, streak=4, options={"lianzhuang_bonus": False}, **HAND)
    assert paid(s, 1) == 8 + 16 + 3
    assert s.payments[0].breakdown["lianzhuang"] == 0


def test_base_silver_multiplies() -> None:
    s = run(base_silver=5, **HAND)
    assert [paid(s, p) for p in (0, 2, 3)] == [55, 35, 35]
    assert s.payments[0].breakdown == {"di": 8, "fan": 3, "lianzhuang": 0, "base_silver": 5, "multiplier": 1}


def test_shunbao_three_peng_doubles() -> None:
    s = run(**THREE_PENG)  # 平胡 (234m is a chow), 3 口 all peng from seat 2: ×6 at the dealer's 底 8
    assert paid(s, 2) == 8 * 6
    assert paid(s, 0) == 8 and paid(s, 3) == 4


def test_shunbao_mixed_three_and_four() -> None:
    hand = {
        "concealed": "99s",
        "winning_tile": "9s",
        "melds": [
            {"type": "chi", "tiles": "234m", "from_seat": 0},
            {"type": "peng", "tiles": "555p", "from_seat": 0},
            {"type": "peng", "tiles": "777s", "from_seat": 0},
            {"type": "minggang", "tiles": "6666p", "from_seat": 3},
        ],
    }
    s = run(**hand)  # 大吊车 36 + 明杠 1; seat 0 gave 3 口 mixed: ×3
    assert paid(s, 0) == (8 + 37) * 3
    hand["melds"][3] = {"type": "peng", "tiles": "666p", "from_seat": 0}
    s = run(**hand)  # 4 口 mixed: ×6
    assert paid(s, 0) == (8 + 36) * 6


def test_shunbao_four_peng_or_kong() -> None:
    melds = [
        {"type": "peng", "tiles": "222m", "from_seat": 3},
        {"type": "peng", "tiles": "555p", "from_seat": 3},
        {"type": "minggang", "tiles": "7777s", "from_seat": 3},
        {"type": "jiagang", "tiles": "8888m", "from_seat": 3},
    ]
    s = run(concealed="99s", winning_tile="9s", melds=melds)
    fan = 36 + 1 + 1  # 大吊车 (replaces 碰碰胡), 明杠 1, 加杠 1
    assert paid(s, 3) == (8 + fan) * 12


@pytest.mark.parametrize(
    ("count", "all_peng", "mult"), [(2, True, 1), (3, False, 6), (3, True, 12), (4, False, 12), (4, True, 24)]
)
def test_fanbao(count: int, all_peng: bool, mult: int) -> None:
    s = run(kou=[{"from": 1, "to": 3, "count": count, "all_peng_or_kong": all_peng}], **HAND)
    assert paid(s, 3) == ((8 if mult > 1 else 4) + 3) * mult  # 包 at the dealer's rate
    assert paid(s, 2) == 4 + 3


def test_bao_both_directions_add() -> None:
    s = run(kou=[{"from": 1, "to": 2, "count": 4, "all_peng_or_kong": True}], **THREE_PENG)
    assert paid(s, 2) == 8 * (6 + 24)
    assert "顺包" in s.payments[1].note and "反包" in s.payments[1].note


def test_bao_between_other_seats_changes_nothing() -> None:
    s = run(kou=[{"from": 2, "to": 3, "count": 4, "all_peng_or_kong": True}], **HAND)
    assert [paid(s, p) for p in (0, 2, 3)] == [11, 7, 7]


def test_bao_at_the_dealer_rate_takes_the_dealers_base_and_bonus() -> None:
    # Seats 1 and 2 are both non-dealers; the dealer (0) has kept the deal twice (k = 2).
    s = run(streak=2, **THREE_PENG)
    assert paid(s, 2) == (8 + 4 * 2 + 0 + 6) * 6  # 底 16, 平胡 0, 连庄 bonus 6, ×6
    assert "跟庄家算" in s.payments[1].note
    assert paid(s, 3) == 4  # the other payers pay normally


def test_bao_dealer_rate_option_off_uses_the_payers_own_amount() -> None:
    s = run(streak=2, options={"bao_dealer_rate": False}, **THREE_PENG)
    assert paid(s, 2) == 4 * 6


def test_cap_limits_each_payer_and_stays_zero_sum() -> None:
    s = run(streak=3, options={"cap": 20}, **HAND)  # the dealer would pay 8 + 12 + 3 + 12 = 35
    assert [paid(s, p) for p in (0, 2, 3)] == [20, 7, 7]
    assert s.payments[0].breakdown["uncapped"] == 35 and "封顶 20" in s.payments[0].note
    assert sum(s.totals) == 0


def test_cap_must_not_be_negative() -> None:
    with pytest.raises(ValueError, match=r"options\.cap"):
        run(options={"cap": -1}, **HAND)
