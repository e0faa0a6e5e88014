"""百搭麻将: the indicator's own tile, drawn later, is a plain tile ("the other three copies" are 百搭).

On stacked walls (tests/walls.py puts the indicator just before the tail's replacement tiles, so with
no tail tiles the first replacement drawn is the indicator itself): a seat that draws it holds a plain
tile, its view says so (and no other view does), a hand complete only if it were a 百搭 is no win and
its hint does not read it as one, a discard of its kind throws it first, and it may chi.
"""

from __future__ import annotations

import msgspec
import pytest

from majiang.core.actions import Chi, Discard
from majiang.engine import Hand, Pass, Win, seat_view
from majiang.engine.view import light_view
from majiang.env import SCALARS, planes
from majiang.env.observation import P
from majiang.env.tracker import HandPlanes
from majiang.rules.baida import Baida
from majiang.rules.baida_scoring import parse_situation, score
from majiang.tiles import parse_tile, parse_tiles
from tests.walls import stacked_hand, stacked_wall

T = parse_tile
OTHERS = ["123s456s78s1z2z3z4z5z", "11z22z33z44z55z66z7z", "234m567m8m19p28p67z"]  # seats 1-3: no flower, no 9s


def deal(hands: list[str], *, tail: str = "", indicator: str = "9s", options: dict | None = None) -> Hand:
    rs = Baida(options or {})
    return stacked_hand(rs, stacked_wall(rs, hands, tail=tail, indicator=indicator))


# The dealer's f1 is replaced by the last tile of the wall: the indicator 9s (plain), or with tail "9s"
# a 9s from the tail (a 百搭). 123m 456m 789m 123p 5p + 9s: complete only if the 9s is a 百搭 (5p's pair).
DEALER = "f1 123m456m789m123p5p"


def test_the_drawn_indicator_is_plain_so_a_hand_complete_only_as_a_wild_is_no_win() -> None:
    hand = deal([DEALER, *OTHERS])
    st = hand.seat_state[0]
    assert st.exposed == [T("f1")] and st.drawn == T("9s")
    assert st.plain_indicator and st.drawn_plain  # drawn from the indicator's place
    assert Win() not in hand.legal_actions(0)
    ting = seat_view(hand, 0, hint=True).ting
    assert ting is not None
    waits = {d.discard: d.waits for d in ting.by_discard}
    # Throwing 5p leaves 123m456m789m123p and the plain 9s, waiting on 9s alone (a 9s drawn is a 百搭,
    # which stands for it too); were the 9s a 百搭 every tile would pair it.
    assert waits[T("5p")] == [T("9s")]
    # Throwing the 9s throws the plain tile (the only 9s): the part waits on 5p (and a 百搭 9s).
    assert waits[T("9s")] == [T("5p"), T("9s")]


def test_a_9s_from_the_tail_is_a_wild_and_the_same_hand_wins() -> None:
    hand = deal([DEALER, *OTHERS], tail="9s")
    st = hand.seat_state[0]
    assert st.drawn == T("9s") and not st.plain_indicator and not st.drawn_plain
    assert Win() in hand.legal_actions(0)


def test_only_the_seat_s_own_view_marks_the_plain_tile() -> None:
    hand = deal([DEALER, *OTHERS])
    own = seat_view(hand, 0)
    assert own.plain_indicator_held and own.drawn_plain and not own.indicator_in_wall
    light = light_view(hand, 0)
    assert light.plain_indicator_held and light.drawn_plain
    for seat in (1, 2, 3, None):
        view = seat_view(hand, seat)
        assert not view.plain_indicator_held and not view.drawn_plain
    # Against a table where the dealer drew a 百搭 9s from the tail instead, another seat's view differs
    # only in what the whole table sees: the face-up indicator has left the wall or not.
    wild = deal([DEALER, *OTHERS], tail="9s")
    for seat in (1, None):
        a, b = seat_view(hand, seat), seat_view(wild, seat)
        assert a.indicator_in_wall != b.indicator_in_wall
        b = msgspec.structs.replace(b, indicator_in_wall=a.indicator_in_wall)
        assert msgspec.json.encode(a) == msgspec.json.encode(b)


def test_a_discard_of_the_kind_throws_the_plain_tile_first() -> None:
    # The dealer holds a 百搭 9s too: discarding a 9s leaves it, and the plain tile is gone.
    hand = deal(["f1 123m456m789m12p9s5p", *OTHERS])
    st = hand.seat_state[0]
    assert st.counts[T("9s")] == 2 and st.plain_indicator
    hand.apply(0, Discard(tile=T("9s")))
    while hand.phase == "claim":
        hand.apply(hand.to_act()[0], Pass())
    assert st.counts[T("9s")] == 1 and not st.plain_indicator and not st.discarded_wild
    assert not seat_view(hand, 0).plain_indicator_held


def test_the_plain_indicator_tile_completes_a_chi() -> None:
    # Seat 1's f1 is the first flower replaced (the dealer has none): it draws the plain 9s. The dealer
    # throws 8s; seat 1 holds 7s: 7s 8s 9s is a chi with the plain 9s (a 百搭 never chis).
    dealer = "123m456m789m1p2p8s5z5z"
    seat1 = "f1 7s 1z2z3z4z 1p2p3p 4p5p6p7p"
    hand = deal([dealer, seat1, "11z22z33z44z6z7z7z6p7p", "234m567m8m19p28p67z"])
    assert hand.seat_state[1].plain_indicator and hand.seat_state[1].counts[T("9s")] == 1
    hand.apply(0, Discard(tile=T("8s")))
    chi = Chi(tiles=(T("7s"), T("9s")))
    assert hand.phase == "claim" and chi in hand.legal_actions(1)
    hand.apply(1, chi)
    st = hand.seat_state[1]
    assert st.melds[-1].kind == "chi" and st.melds[-1].tiles == tuple(parse_tiles("789s"))
    assert not st.plain_indicator and st.counts[T("9s")] == 0


def test_a_wild_9s_does_not_chi() -> None:
    dealer = "123m456m789m1p2p8s5z5z"
    seat1 = "f1 7s 1z2z3z4z 1p2p3p 4p5p6p7p"
    hand = deal([dealer, seat1, "11z22z33z44z6z7z7z6p7p", "234m567m8m19p28p67z"], tail="9s")
    assert not hand.seat_state[1].plain_indicator and hand.seat_state[1].counts[T("9s")] == 1
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.phase != "claim" or Chi(tiles=(T("7s"), T("9s"))) not in hand.legal_actions(1)


def test_a_win_with_the_plain_tile_scores_it_as_itself() -> None:
    # The dealer draws the plain 9s as its replacement and wins on it (天胡): 789s, no 百搭 in hand (无百搭).
    hand = deal(["f1 123m456m789m78s5p5p", *OTHERS])
    assert Win() in hand.legal_actions(0)
    hand.apply(0, Win())
    s = hand.settlement
    assert s is not None and s.valid
    keys = {i.key for i in s.items}
    assert {"wubaida", "tianhu"} <= keys


def _situation(**over: object) -> dict[str, object]:
    base: dict[str, object] = {"indicator": "9p", "dealer": 0, "winner": 1, "concealed": "789p345s678s88m",
                               "melds": [{"type": "chi", "tiles": "234m", "from_seat": 0}],
                               "winning_tile": "5s", "how": "discard", "from_seat": 0}
    base.update(over)
    return base


def test_scoring_reads_the_plain_indicator_as_itself() -> None:
    wild = score(parse_situation(_situation()))  # the 9p a 百搭 (standing for 9p)
    assert wild.valid and "wubaida" not in {i.key for i in wild.items}
    s = score(parse_situation(_situation(plain_indicator="held")))
    assert s.valid and "wubaida" in {i.key for i in s.items}
    drawn = score(parse_situation(_situation(plain_indicator="winning_tile", winning_tile="9p", how="self_draw",
                                             from_seat=None, concealed="78p9p345s678s88m")))
    assert drawn.valid and {"wubaida", "zimo"} <= {i.key for i in drawn.items}


@pytest.mark.parametrize(("over", "message"), [
    ({"indicator": "f1", "plain_indicator": "held"}, "plain_indicator: a flower indicator"),
    ({"plain_indicator": "winning_tile"}, "plain_indicator: winning_tile is a self-drawn win"),
    ({"plain_indicator": "held", "concealed": "567p345s678s88m", "winning_tile": "5s"}, "holds no 9p"),
    ({"plain_indicator": "held", "concealed": "789p345s678s88m", "winning_tile": "9p"}, "besides the winning tile"),
    ({"plain_indicator": "yes"}, "plain_indicator"),
])
def test_scoring_refuses_an_impossible_plain_indicator(over: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_situation(_situation(**over))


def test_the_env_observation_carries_the_flag_as_the_view_does() -> None:
    col = P["scalars"] * 34 + SCALARS.index("plain_indicator_held")
    hand = deal(["f1 123m456m789m12p9s5p", *OTHERS])
    tracked = HandPlanes(hand)

    def check(holder: int | None) -> None:
        for seat in range(4):
            mine = tracked.planes(seat, seat in hand.to_act())
            assert bytes(mine) == planes(seat_view(hand, seat)).tobytes(), seat
            assert mine[col] == (1 if seat == holder else 0), seat

    check(0)
    hand.apply(0, Discard(tile=T("9s")))  # throws the plain tile
    while hand.phase == "claim":
        hand.apply(hand.to_act()[0], Pass())
    check(None)
