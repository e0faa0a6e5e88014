"""The 国标 fan calculator on its own: the table, worked hands, bad input, properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.rules.guobiao_fans import (
    FANS,
    GbHand,
    GbHandError,
    GbMeld,
    fan_total,
    fans_without_flowers,
    score_hand,
    shanten,
)
from majiang.tiles import parse_tiles
from tests.guobiao_hands import winning_hands


def hand(concealed: str, win: str, melds: tuple[GbMeld, ...] = (), **kw: object) -> GbHand:
    return GbHand(tuple(parse_tiles(concealed)), melds, parse_tiles(win)[0], **kw)  # type: ignore[arg-type]


def fans(h: GbHand) -> dict[str, int]:
    lines = score_hand(h)
    assert lines is not None
    return {line.fan: line.count for line in lines}


def test_the_table_has_81_fans_in_value_order() -> None:
    assert len(FANS) == 81
    assert len({f.fan for f in FANS}) == len({f.zh for f in FANS}) == len({f.en for f in FANS}) == 81
    values = [f.value for f in FANS]
    assert values == sorted(values, reverse=True)
    assert sorted(set(values)) == [1, 2, 4, 6, 8, 12, 16, 24, 32, 48, 64, 88]


def test_nine_gates_strikes_flush_and_concealed_hand() -> None:
    got = fans(hand("1112345678999m", "5m", self_drawn=True))
    assert got == {"nine_gates": 1, "two_concealed_pungs": 1, "pung_of_terminals_or_honors": 1, "self_drawn": 1}


def test_chicken_hand_is_eight_fan_and_flowers_do_not_count_toward_the_minimum() -> None:
    melds = (GbMeld("chi", tuple(parse_tiles("234m")), 1), GbMeld("peng", tuple(parse_tiles("666p")), 2))
    lines = score_hand(hand("345s78p11z", "9p", melds, flowers=2))
    assert lines is not None
    assert {line.fan: line.count for line in lines} == {"chicken_hand": 1, "flower_tiles": 2}
    assert fan_total(lines) == fans_without_flowers(lines) + 2


def test_thirteen_orphans_and_seven_pairs() -> None:
    assert "thirteen_orphans" in fans(hand("19m19p19s1234567z", "1m"))
    got = fans(hand("1122m3344p5566s7z", "7z"))
    assert "seven_pairs" in got and "concealed_hand" not in got and "single_wait" not in got
    assert "seven_shifted_pairs" in fans(hand("1122334455667m", "7m"))


def test_knitted_straight_in_a_regular_hand() -> None:
    got = fans(hand("147m258p369s123m5z", "5z"))
    assert "knitted_straight" in got


def test_lesser_and_greater_honors_and_knitted() -> None:
    assert "lesser_honors_and_knitted_tiles" in fans(hand("147m258p36s12345z", "6z"))
    assert "greater_honors_and_knitted_tiles" in fans(hand("147m258p1234567z", "3s"))


def test_robbing_the_kong_needs_a_tile_no_one_holds() -> None:
    h = hand("123m456p789s1155z", "5z", kong_win=True)
    assert "robbing_the_kong" not in fans(h)  # the winner holds 5z already
    h = hand("123m456p789s1355z", "2z", kong_win=True)
    assert score_hand(h) is None  # (not a winning shape)
    got = fans(hand("23m456p789s11z555z", "1m", kong_win=True))
    assert "robbing_the_kong" in got and "last_tile" not in got


def test_not_a_winning_hand_is_none() -> None:
    assert score_hand(hand("123m456p789s1357z", "2z")) is None


@pytest.mark.parametrize(("h", "message"), [
    (GbHand(tuple(parse_tiles("123m456p789s11z")), (), 0), "11 concealed tiles"),
    (GbHand(tuple(parse_tiles("1111m456p789s112z")), (), 0), "five or more copies"),
    (GbHand((*parse_tiles("123m456p789s11z"), 40), (), 0), "not a tile id"),
    (GbHand(tuple(parse_tiles("456p789s1122z")), (GbMeld("chi", (0, 1, 3), 1),), 0), "not three consecutive"),
    (GbHand(tuple(parse_tiles("456p789s1122z")), (GbMeld("peng", (0, 0, 0), 0),), 0), "offer"),
    (GbHand(tuple(parse_tiles("123m456p789s1122z")), (), 0, seat_wind=4), "seat_wind"),
])
def test_bad_input_names_the_fault(h: GbHand, message: str) -> None:
    with pytest.raises(GbHandError, match=message):
        score_hand(h)


def test_shanten_of_ready_and_bad_counts() -> None:
    assert shanten(tuple(parse_tiles("123m456p789s1122z")), 0) == 0
    assert shanten(tuple(parse_tiles("19m19p19s1234567z")), 0) == 0
    with pytest.raises(GbHandError, match="concealed tiles"):
        shanten(tuple(parse_tiles("123m")), 0)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32), st.randoms(use_true_random=False))
def test_order_of_concealed_tiles_does_not_matter(seed: int, rnd: object) -> None:
    h = next(winning_hands(seed, 1))
    lines = score_hand(h)
    assert lines is not None and fans_without_flowers(lines) >= 1
    shuffled = list(h.concealed)
    rnd.shuffle(shuffled)  # type: ignore[attr-defined]
    again = GbHand(tuple(shuffled), h.melds[::-1], h.win_tile, h.self_drawn, h.last_copy, h.last_tile,
                   h.kong_win, h.seat_wind, h.prevalent_wind, h.flowers)
    assert score_hand(again) == lines


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32))
def test_a_winning_hand_is_one_tile_from_ready_before_the_win(seed: int) -> None:
    h = next(winning_hands(seed, 1))
    assert shanten(h.concealed, len(h.melds)) == 0


def test_situation_flags_follow_the_tiles() -> None:
    peng = (GbMeld("peng", tuple(parse_tiles("555m")), 1),)
    # the other three 5m are in the winner's own peng: 和绝张 whatever the flag says
    got = fans(hand("123p789s46m11z", "5m", peng))
    assert "last_tile" in got
    # 杠上开花 needs a kong in the hand; self-drawn without one it is plain 自摸
    got = fans(hand("123p789s456s1z", "1z", peng, self_drawn=True, kong_win=True))
    assert "out_with_replacement_tile" not in got and "self_drawn" in got
    kong = (GbMeld("kong", tuple(parse_tiles("5555m")), 2),)
    got = fans(hand("123p789s456s1z", "1z", kong, self_drawn=True, kong_win=True))
    assert "out_with_replacement_tile" in got and "self_drawn" not in got
    # 和绝张 is dropped when the winner holds a copy of the tile
    assert "last_tile" not in fans(hand("123p789s456s1z", "1z", peng, last_copy=True))
