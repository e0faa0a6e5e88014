"""The strong bot on positions where the right choice is clear, and its view-only, deterministic play.

Positions are real seat views of a dealt hand with the seat's tiles, the table and the legal list
replaced (``msgspec.structs.replace``): what a seat would see at that moment.
"""

from __future__ import annotations

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.bots.analysis import Reader
from majiang.bots.strong import p_chain
from majiang.engine import Hand, seat_view
from majiang.engine.actions import Declare, Discard
from majiang.engine.state import RiverTile
from majiang.engine.view import SeatPublic, SeatView
from majiang.rules.registry import make_ruleset
from majiang.tiles import parse_tiles


def _position(ruleset: str, options: dict[str, str], seed: str, tiles: str, *, seats: list[SeatPublic] | None = None,
              wall_left: int | None = None, declare: bool = False) -> SeatView:
    view = seat_view(Hand(make_ruleset(ruleset, options), seed, dealer=0), 0)
    hand = sorted(parse_tiles(tiles))
    assert len(hand) == 14
    legal: list[Discard | Declare] = [Discard(tile=t) for t in sorted(set(hand))]
    if declare:
        legal += [Declare(tile=t) for t in sorted(set(hand))]
    return msgspec.structs.replace(
        view, hand=hand, drawn=hand[-1], legal=legal, seats=seats or view.seats,
        wall_left=view.wall_left if wall_left is None else wall_left,
    )


def test_keeps_the_wait_that_scores_more() -> None:
    # Anqing A, wild 2z: throwing 7s leaves 11p+55s (对倒 on 1p/5s, 4 live tiles: 门清 only); throwing 5s
    # leaves 11p + 57s (卡 on 6s, 4 live tiles too: 跑风 6 + 门清 3). Same chance, more value.
    view = _position("anqing", {"mode": "A"}, "p5", "123m456m789m11p557s")
    assert view.wild == 28
    reader = Reader(view)
    for t in (parse_tiles("7s")[0], parse_tiles("5s")[0]):
        rest = list(view.hand)
        rest.remove(t)
        assert reader.waits(rest)  # both discards leave the hand ready
    choice = make_bot("strong").choose(view)
    assert choice == Discard(tile=parse_tiles("5s")[0])


def test_folds_against_a_declared_seat_with_a_dangerous_tile() -> None:
    # Hefei 报听, 12 tiles left in the wall: seat 1 declared on its second discard and has shed only 饼
    # and 条 (so it collects 万). Seat 0 is two steps from ready; with nobody declared it throws its lone
    # 5m (it is gathering 条). Against the declaration 5m is a live 万 in the declared hand's suit, while
    # 3p was thrown after the declaration and not won on: safe against a locked hand. It folds.
    base = seat_view(Hand(make_ruleset("hefei", {"room": "baoting"}), "f1", dealer=0), 0)
    declared_river = [RiverTile(tile=parse_tiles("7p")[0]), RiverTile(tile=parse_tiles("3s")[0], declared=True),
                      RiverTile(tile=parse_tiles("6p")[0])]
    seats = [
        msgspec.structs.replace(base.seats[0], river=[RiverTile(tile=t) for t in parse_tiles("8m2s")]),
        msgspec.structs.replace(base.seats[1], river=declared_river, declared=True),
        msgspec.structs.replace(base.seats[2], river=[RiverTile(tile=t) for t in parse_tiles("2p8s3p")]),
        msgspec.structs.replace(base.seats[3], river=[RiverTile(tile=t) for t in parse_tiles("8p7s")]),
    ]
    tiles = "5m234p58p2s3s4s6s7s8s3p5p"
    view = _position("hefei", {"room": "baoting"}, "f1", tiles, seats=seats, wall_left=12)
    calm = msgspec.structs.replace(view, seats=[
        msgspec.structs.replace(s, declared=False, river=[RiverTile(tile=r.tile) for r in s.river]) for s in seats])
    assert make_bot("strong").choose(calm) == Discard(tile=parse_tiles("5m")[0])
    assert make_bot("strong").choose(view) == Discard(tile=parse_tiles("3p")[0])


def test_does_not_break_a_ready_hand_for_nothing() -> None:
    # Anqing A: ready on 36p after throwing the drawn 1z; nobody threatens anything (self-draw only).
    view = _position("anqing", {"mode": "A"}, "p5", "123m456m789m45p99s1z")
    choice = make_bot("strong").choose(view)
    assert choice == Discard(tile=parse_tiles("1z")[0])


def test_declares_a_live_wait_in_a_baoting_room() -> None:
    # Hefei 报听: 2345678m + 234p 567p + 33s… ready after throwing the lone 8s; declaring opens discard wins.
    view = _position("hefei", {"room": "baoting"}, "d1", "2345678m234p567p8s", declare=True)
    view = msgspec.structs.replace(view, hand=sorted(parse_tiles("2345678m2345p67p8s")))
    choice = make_bot("strong").choose(view)
    assert choice == Declare(tile=parse_tiles("8s")[0])


def test_p_chain() -> None:
    assert p_chain([], 5) == 1.0
    assert p_chain([0.5], 1) == pytest.approx(0.5)
    assert p_chain([0.5], 2) == pytest.approx(0.75)
    assert p_chain([1.0, 1.0], 1) == pytest.approx(0.0)  # two steps need two draws
    assert p_chain([0.2, 0.2], 10) < p_chain([0.2], 10)


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "B"}), ("hefei", {"room": "bubaoting"})])
def test_strong_is_deterministic_and_plays_whole_hands(ruleset: str, options: dict[str, str]) -> None:
    def play() -> list[object]:
        hand = Hand(make_ruleset(ruleset, options), "sdet")
        bots = [make_bot("strong", s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))
        return list(hand.log)

    assert play() == play()


def test_a_short_arena_run_shows_strong_at_least_as_good_as_greedy() -> None:
    # 50 walls × 4 rotations = 200 duplicate hands in a Hefei 报听 room (about 20 s on one core);
    # docs/bots.md has the 2,000-hand runs of every ruleset.
    from majiang.sim.arena import ArenaConfig, run_arena, summarize_arena

    cfg = ArenaConfig(ruleset="hefei", options={"room": "baoting"}, bots=("strong", "greedy"), walls=50, seed="ci")
    summary = summarize_arena(run_arena(cfg, workers=2), cfg)
    strong, greedy = summary["bots"]
    assert strong["bot"] == "strong" and greedy["bot"] == "greedy"
    assert strong["points_per_hand"] >= greedy["points_per_hand"]
    assert strong["deal_in_rate"] < greedy["deal_in_rate"]  # it defends; greedy never does


def test_decides_from_the_view_alone_even_after_a_round_trip_through_json() -> None:
    # What a remote player receives (the view encoded and decoded) is all the bot needs.
    hand = Hand(make_ruleset("hefei", {"room": "baoting"}), "rt", dealer=0)
    view = seat_view(hand, 0)
    again = msgspec.json.decode(msgspec.json.encode(view), type=SeatView)
    assert make_bot("strong").choose(again) == make_bot("strong").choose(view)
