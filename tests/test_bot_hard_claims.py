"""The hard bot's claims (chi / peng / 明杠) by the own-hand expectimax, on positions where the answer is clear.

Positions are real Anqing seat views with the seat's tiles, the claim and the legal list replaced
(``msgspec.structs.replace``): what the seat would see in that claim window.
"""

from __future__ import annotations

import msgspec
import pytest

from majiang.bots.expect import OwnHand
from majiang.bots.greedy import claimed_meld
from majiang.bots.hard import MAX_EFF, MAX_NODES, SURVIVE, HardBot
from majiang.bots.strong import StrongBot, _Strong
from majiang.core.actions import Action, Chi, Pass, Peng
from majiang.engine import Hand, seat_view
from majiang.engine.view import ClaimInfo, SeatView
from majiang.rules.registry import make_ruleset
from majiang.tiles import parse_tiles


def _tile(name: str) -> int:
    return parse_tiles(name)[0]


def _window(tiles: str, tile: str, legal: list[Action], wall_left: int, mode: str = "A") -> SeatView:
    view = seat_view(Hand(make_ruleset("anqing", {"mode": mode}), "p5", dealer=0), 0)
    assert view.wild == _tile("2z")  # (none of the hands below holds the wild or a 杠牌)
    assert not set(parse_tiles(tiles)) & {view.wild, *view.gangpai}
    return msgspec.structs.replace(view, hand=sorted(parse_tiles(tiles)), drawn=None, legal=legal,
                                   claim=ClaimInfo(tile=_tile(tile), discarder=3), wall_left=wall_left)


@pytest.mark.parametrize("wall_left", [80, 40, 16])
def test_a_peng_that_makes_a_far_hand_ready_is_taken(wall_left: int) -> None:
    # two steps from ready (78p wants 6p/9p, 55s + 9s want a pair and a set); the peng of 5s and then 9s
    # out leaves 123m 456m 78p 11p: ready on 6p/9p. Passing needs two good draws first.
    peng = Peng(tiles=(_tile("5s"), _tile("5s")))
    view = _window("123m456m78p11p55s9s", "5s", [Pass(), peng], wall_left)
    bot = HardBot(0)
    assert bot.choose(view) == peng
    assert bot.weighed[peng] > 1.5 * bot.weighed[Pass()] > 0


@pytest.mark.parametrize("wall_left", [80, 20])
def test_a_peng_that_breaks_a_ready_closed_hand_for_a_lone_wait_is_passed(wall_left: int) -> None:
    # ready on 4m/7m (门清); the peng of 1s takes the pair: a 单钓 without 门清 at best
    peng = Peng(tiles=(_tile("1s"), _tile("1s")))
    view = _window("123m56m456p789p11s", "1s", [Pass(), peng], wall_left)
    bot = HardBot(0)
    assert bot.choose(view) == Pass()
    assert bot.weighed[Pass()] > 1.5 * bot.weighed[peng]


def test_the_claims_value_is_the_search_of_the_hand_after_it() -> None:
    """The chi's value is the best discard after it, searched with the meld beside the part (the scoring
    reads it), and passing's is the hand as it stands: the choice is the larger."""
    chi = Chi(tiles=(_tile("7p"), _tile("8p")))
    view = _window("123m56m456p78p11s1z", "9p", [Pass(), chi], 40)
    bot = HardBot(0)
    choice = bot.choose(view)
    strong = StrongBot(0)
    ctx = _Strong(view, strong)
    horizon = view.wall_left // 4
    s = SURVIVE["anqing"]
    passing = OwnHand(ctx, horizon, MAX_EFF, MAX_NODES, survive=s).value(list(ctx.hand))[horizon]
    extra = claimed_meld(chi, _tile("9p"), 3)
    after = _Strong(view, strong)
    after.meld_tiles = [*after.meld_tiles, *extra[1]]
    after.closed = False
    rest = sorted(parse_tiles("123m56m456p11s1z"))
    search = OwnHand(after, horizon, MAX_EFF, MAX_NODES, survive=s, extra=extra)
    best = max(search.value([t for i, t in enumerate(rest) if i != k])[horizon] for k in range(len(rest)))
    assert bot.weighed[Pass()] == pytest.approx(passing)
    assert bot.weighed[chi] == pytest.approx(best)
    assert choice == (chi if best > passing else Pass())
    # the same view gives the same choice
    assert HardBot(7).choose(view) == choice
