"""The strong bot on positions where the right choice is clear, and its view-only, deterministic play.

Positions are real seat views of a dealt hand with the seat's tiles, the table and the legal list
replaced (``msgspec.structs.replace``): what a seat would see at that moment.
"""

from __future__ import annotations

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.bots.analysis import Reader
from majiang.bots.strong import _without, p_chain
from majiang.core.actions import Declare, Discard
from majiang.core.melds import RiverTile
from majiang.engine import Hand, seat_view
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


def _hefei_table(seed: str) -> list[SeatPublic]:
    """Seat 1 declared 报听 on its second discard, having shed only 饼 and 条 (it collects 万); 3p was thrown
    after the declaration and not won on."""
    base = seat_view(Hand(make_ruleset("hefei", {"room": "baoting"}), seed, dealer=0), 0)
    declared_river = [RiverTile(tile=parse_tiles("7p")[0]), RiverTile(tile=parse_tiles("3s")[0], declared=True),
                      RiverTile(tile=parse_tiles("6p")[0])]
    return [
        msgspec.structs.replace(base.seats[0], river=[RiverTile(tile=t) for t in parse_tiles("8m2s")]),
        msgspec.structs.replace(base.seats[1], river=declared_river, declared=True),
        msgspec.structs.replace(base.seats[2], river=[RiverTile(tile=t) for t in parse_tiles("2p8s3p")]),
        msgspec.structs.replace(base.seats[3], river=[RiverTile(tile=t) for t in parse_tiles("8p7s")]),
    ]


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
    # Hefei 报听, 6 tiles left in the wall: seat 1 declared on its second discard and has shed only 饼
    # and 条 (so it collects 万). Seat 0 is one step from ready (a draw to be ready, another to win) with one
    # draw to come: little chance. With nobody declared it throws its lone 5m (it is gathering 条). Against
    # the declaration 5m is a live 万 in the declared hand's suit, while 3p was thrown after the declaration
    # and not won on: safe against a locked hand. It folds. With 8 tiles left, two draws, it plays on since
    # the 荒庄 tuning of BAOTING_LOSS_SCALE: a hand with a fair chance is not broken for a guess.
    seats = _hefei_table("f1")
    tiles = "5m234p58p2s3s4s6s7s8s3p5p"
    view = _position("hefei", {"room": "baoting"}, "f1", tiles, seats=seats, wall_left=6)
    calm = msgspec.structs.replace(view, seats=[
        msgspec.structs.replace(s, declared=False, river=[RiverTile(tile=r.tile) for r in s.river]) for s in seats])
    five_m = Discard(tile=parse_tiles("5m")[0])
    assert make_bot("strong").choose(calm) == five_m
    assert make_bot("strong").choose(view) == Discard(tile=parse_tiles("3p")[0])
    assert make_bot("strong").choose(msgspec.structs.replace(view, wall_left=8)) == five_m


def test_does_not_break_a_ready_hand_for_nothing() -> None:
    # Anqing A: ready on 36p after throwing the drawn 1z; nobody threatens anything (self-draw only).
    view = _position("anqing", {"mode": "A"}, "p5", "123m456m789m45p99s1z")
    choice = make_bot("strong").choose(view)
    assert choice == Discard(tile=parse_tiles("1z")[0])


def test_a_far_hand_plays_on_against_a_declaration_while_the_wall_is_long() -> None:
    # Hefei 报听, 16 tiles left (four draws to come), the table of the fold test. Two steps from ready, the
    # hand throws what it would throw with nobody declared — 7m, a live 万 in the declared hand's likely
    # suit — rather than break itself for the safe 3p: folding far hands is what left four strong bots at
    # 荒庄 in half their hands (docs/bots.md).
    seats = _hefei_table("f1")
    view = _position("hefei", {"room": "baoting"}, "f1", "4578m344558p4478s", seats=seats, wall_left=16)
    calm = msgspec.structs.replace(view, seats=[
        msgspec.structs.replace(s, declared=False, river=[RiverTile(tile=r.tile) for r in s.river]) for s in seats])
    seven_m = Discard(tile=parse_tiles("7m")[0])
    assert make_bot("strong").choose(calm) == seven_m
    assert make_bot("strong").choose(view) == seven_m


def test_hefei_speed_counts_draws_toward_eight_in_a_suit() -> None:
    # 234m 567m 234p 567p 8s is a complete shape but for the 8s, and 8s would make no win: six 万, six 饼, two
    # 条. The plain shanten's one useful draw is that 8s; the draws that bring a valid win nearer are the
    # 万 and 饼 that make seven of a suit while the hand stays ready (throwing the 8s).
    from majiang.bots.goal import goal_kinds
    from majiang.bots.strong import StrongBot, _Strong

    view = _position("hefei", {"room": "baoting"}, "g1", "234m567m234p567p8s8s")
    ctx = _Strong(view, StrongBot())
    key, jokers, eff = ctx.part(parse_tiles("234m567m234p567p8s"))
    assert eff == 1  # ready in shape, one tile short of seven in a suit
    assert ctx.memo.useful_kinds(key, jokers) == tuple(parse_tiles("8s"))
    kinds = goal_kinds(ctx, key, jokers)
    assert parse_tiles("8s")[0] not in kinds
    assert set(parse_tiles("5m8m2p5p8p")) <= set(kinds)
    assert all(t < 18 for t in kinds)  # 万 and 饼 only


def test_hefei_keeps_the_suit_nearest_eight() -> None:
    # 5588m 234568p 4457s: throwing 8p or 7s leaves a part two steps away with as many plain useful draws;
    # after 7s the hand keeps six 饼 toward eight (21 draws bring a valid win nearer), after 8p only five
    # (7 draws). The greedy bot's tie-break throws 8p; the strong bot keeps the 饼.
    from majiang.bots.strong import StrongBot, _Strong

    view = _position("hefei", {"room": "baoting"}, "g1", "5588m234568p4457s")
    ctx = _Strong(view, StrongBot())
    parts = ctx.discard_parts(ctx.hand)
    eight_p, seven_s = parse_tiles("8p7s")
    assert parts[eight_p][2] == parts[seven_s][2] == 2
    assert ctx.useful(*parts[eight_p][:2]) == ctx.useful(*parts[seven_s][:2])
    assert ctx.speed(*parts[seven_s][:2]) > ctx.speed(*parts[eight_p][:2])
    assert make_bot("greedy").choose(view) == Discard(tile=eight_p)
    assert make_bot("strong").choose(view) == Discard(tile=seven_s)


def test_a_wait_in_a_suit_the_others_shed_is_likelier_to_be_thrown() -> None:
    # Hefei hands keep one suit: seats that have shed 饼 go on shedding it. Holding 234m 567m 888m 345s 7p 7s
    # (不报听: any seat may win on a discard), the single wait on 7p comes from them more readily than the
    # same single wait on 7s (the suit nobody has thrown); each has three unseen copies.
    from majiang.bots.strong import StrongBot, _Strong

    base = seat_view(Hand(make_ruleset("hefei", {"room": "bubaoting"}), "w1", dealer=0), 0)
    seats = [msgspec.structs.replace(s, river=[RiverTile(tile=t) for t in parse_tiles("2p3p4p8p")]) if s.seat else s
             for s in base.seats]
    view = _position("hefei", {"room": "bubaoting"}, "w1", "234m567m888m345s7p7s", seats=seats)
    ctx = _Strong(view, StrongBot())
    seven_p, seven_s = parse_tiles("7p7s")
    assert ctx.unseen[seven_p] == ctx.unseen[seven_s] == 3
    on_7p = ctx.ready_rate(_without(view.hand, seven_s))
    on_7s = ctx.ready_rate(_without(view.hand, seven_p))
    assert on_7p[0] > on_7s[0] > 0


def test_four_strong_bots_reach_a_draw_less_often_than_four_greedy() -> None:
    # Hefei 报听, the same 200 hands (seeded matches) at a table of four strong and one of four greedy bots
    # (about 25 s on two cores). docs/bots.md has the 2,000-hand figures.
    from majiang.sim.runner import SimConfig, run

    def draws(bot: str) -> int:
        cfg = SimConfig(ruleset="hefei", options={"room": "baoting"}, hands=200, bots=(bot,) * 4, seed="ci")
        return sum(r.draw for r in run(cfg, workers=2))

    assert draws("strong") < draws("greedy")


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


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "B"}), ("hefei", {"room": "bubaoting"}),
                                             ("baida", {}), ("baida", {"seven_baida": True})])
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


def test_baida_keeps_the_wait_that_scores_more() -> None:
    # 百搭 (wild 9p, not in hand): throwing 5p leaves a single wait on 2z (混一色: +2 台), throwing 2z a
    # single wait on 5p; three unseen copies each. The 台 decide.
    view = _position("baida", {}, "s57", "123m456m789m555z2z5p")
    assert view.wilds == [parse_tiles("9p")[0]]
    assert make_bot("strong").choose(view) == Discard(tile=parse_tiles("5p")[0])


def test_baida_a_flower_baida_is_a_wild_it_keeps() -> None:
    # Indicator f8 (菊): 梅兰竹 (f5 f6 f7, ids 38-40) are 百搭. Holding 兰 beside three sets, a pair and two
    # lone tiles, it throws a lone tile and keeps the flower: with it the hand is ready, without it not
    # (and it never indexes the 34-kind unseen counts with a flower id).
    view = _position("baida", {}, "s15", "123m456m789m11p9s1z" + "f6")
    assert view.wilds == [38, 39, 40]
    assert make_bot("strong").choose(view) in (Discard(tile=parse_tiles("9s")[0]), Discard(tile=parse_tiles("1z")[0]))


def test_baida_values_a_win_with_the_rulesets_own_tai() -> None:
    from majiang.bots.valuation import WinValuer

    view = _position("baida", {}, "s57", "123m456m789m555z2z5p")
    valuer = WinValuer()
    valuer.bind(view)
    two_z, five_p = parse_tiles("2z")[0], parse_tiles("5p")[0]
    mixed, plain = parse_tiles("123m456m789m555z2z"), parse_tiles("123m456m789m555z5p")
    # the dealer (庄 1) self-draws: 一条龙 2, 单吊 1, 自摸 1, 门清 1, 无百搭 1, 中 1, + 混一色 2 on the 2z wait;
    # each of the three others pays 底 × 台
    assert valuer.value(mixed, two_z) == 3 * 10 and valuer.value(plain, five_p) == 3 * 8
    assert valuer.value(mixed, two_z, discard=True) == 2 * 9  # on a discard: no 自摸, the discarder pays double
    assert valuer.value(mixed, parse_tiles("3z")[0]) == 0  # not a win


def test_baida_discard_values_follow_from_drawn_ones_exactly_as_the_scoring_gives_them() -> None:
    # The valuer derives a 百搭 discard win from the same win drawn (no 自摸, the discarder pays double)
    # instead of scoring every decomposition again: on real positions it equals the scoring's answer.
    from majiang.bots.analysis import Reader
    from majiang.bots.valuation import WinValuer

    ruleset = make_ruleset("baida", {})
    bots = [make_bot("strong", s) for s in range(4)]
    compared = 0
    for i in range(6):
        hand = Hand(ruleset, f"derive{i}", dealer=i % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            if view.claim is None and len(view.hand) % 3 == 2:
                reader = Reader(view)
                for t in sorted(set(view.hand)):
                    rest = list(view.hand)
                    rest.remove(t)
                    for w in reader.waits(rest)[:3]:
                        valuer = WinValuer()
                        valuer.bind(view)
                        try:
                            scored = valuer._score(rest, w, True, False, None)
                        except ValueError:
                            scored = 0
                        assert valuer.value(rest, w, True) == scored, (rest, w)
                        compared += 1
            hand.apply(seat, bots[seat].choose(view))
    assert compared > 50


def test_part_facts_are_not_shared_between_two_baida_wild_sets_with_the_same_lowest_kind() -> None:
    # seven_baida's 百搭 {1p, 2p} and the plain {1p}: the lowest wild is the same, the facts are not
    from majiang.bots.analysis import PartMemo

    view = seat_view(Hand(make_ruleset("baida", {}), "s57", dealer=0), 0)
    one = msgspec.structs.replace(view, wild=9, wilds=[9])
    two = msgspec.structs.replace(view, wild=9, wilds=[9, 10])
    memo = PartMemo()
    assert memo.table(Reader(one)) is not memo.table(Reader(two))
    _, jokers = Reader(two).split(parse_tiles("2p2p3p"))
    assert jokers == 2  # a 2p is a 百搭 in the seven-百搭 reading
