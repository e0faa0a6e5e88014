"""Bots: view-only input, determinism, and the greedy bot clearly beating random play."""

from __future__ import annotations

import pytest

from majiang.bots import BOTS, make_bot
from majiang.bots.analysis import Reader
from majiang.core.actions import Declare, Discard, Expose, Pass, Win
from majiang.engine import Hand, seat_view
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import SimConfig, run
from majiang.sim.stats import summarize
from majiang.tiles import parse_tiles


def test_registry_has_random_and_greedy() -> None:
    assert {"random", "greedy"} <= set(BOTS)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("nope")


@pytest.mark.parametrize("name", ["random", "greedy"])
@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "A"}), ("hefei", {"room": "baoting"}), ("baida", {})])
def test_bots_are_deterministic_under_a_seed(name: str, ruleset: str, options: dict[str, str]) -> None:
    def play(seed: int) -> list[object]:
        hand = Hand(make_ruleset(ruleset, options), "det")
        bots = [make_bot(name, seed + s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))
        return list(hand.log)

    assert play(1) == play(1)


def test_greedy_always_takes_a_win_and_lays_gangpai_open() -> None:
    hand = Hand(make_ruleset("anqing", {"mode": "B"}), "g")
    bot = make_bot("greedy")
    view = seat_view(hand, hand.to_act()[0])
    view.legal = [Pass(), Win()]
    assert bot.choose(view) == Win()
    view.legal = [*view.legal[:1], Expose(tile=31)]
    assert bot.choose(view) == Expose(tile=31)


def test_greedy_declares_when_a_discard_leaves_it_ready() -> None:
    hand = Hand(make_ruleset("hefei", {"room": "baoting"}), "d")
    seat = hand.to_act()[0]
    view = seat_view(hand, seat)
    # A made-up 14-tile hand: 234m 345m 678m 666p 2s 8s → discard 8s, wait 2s (9 万: a suit of 8).
    view.hand = parse_tiles("234345678m666p2s8s")
    view.drawn = None
    legal = [Discard(tile=t) for t in sorted(set(view.hand))] + [Declare(tile=parse_tiles("8s")[0])]
    view.legal = legal
    assert make_bot("greedy").choose(view) == Declare(tile=parse_tiles("8s")[0])


def test_reader_plays_the_stand_in_as_the_wild_face() -> None:
    hand = Hand(make_ruleset("anqing", {}), "r")
    view = seat_view(hand, 0)
    reader = Reader(view)
    assert view.wild is not None
    natural, jokers = reader.split([view.wild, view.wild])
    assert jokers == 2 and sum(natural) == 0
    if view.stand_in is not None:
        natural, jokers = reader.split([view.stand_in])
        assert jokers == 0 and natural[view.wild] == 1


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "A"}), ("hefei", {"room": "baoting"}), ("baida", {})])
def test_greedy_clearly_beats_random(ruleset: str, options: dict[str, str]) -> None:
    cfg = SimConfig(ruleset=ruleset, options=options, hands=120, seed="beat", match_hands=8)
    summary = summarize(run(cfg), cfg)
    greedy, rnd = summary["by_bot"]
    assert greedy["bot"] == "greedy" and rnd["bot"] == "random"
    # Per seat-hand, with a wide margin (the 2,000-hand figures are in docs/simulation.md).
    assert greedy["win_rate"] > 5 * rnd["win_rate"] + 0.05
    assert greedy["points_mean"] > 0 > rnd["points_mean"]
