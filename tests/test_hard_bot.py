"""The hard bot decides from its seat's view alone, deterministically; its imagined hands are real
engine hands consistent with that view; the easy bot is deterministic and keeps a lone honor."""

from __future__ import annotations

import random
from collections import Counter

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.bots.easy import EasyBot
from majiang.bots.hard import HardBot, river_weights
from majiang.bots.world import build_hand, draw_sample, unseen_pool
from majiang.core.actions import Action, Discard, Pass
from majiang.core.deal import WallSetup
from majiang.core.events import Dealt, Drew
from majiang.engine.hand import Hand
from majiang.engine.view import PublicMeld, SeatView, seat_view
from majiang.rules.base import Ruleset
from majiang.rules.registry import make_ruleset
from majiang.tiles import format_tiles, parse_tiles
from tests.walls import stacked_hand, stacked_wall

CASES = [("hefei", {"room": "bubaoting"}), ("anqing", {"mode": "A"}), ("baida", {})]


def _public(view: SeatView) -> SeatView:
    return msgspec.structs.replace(view, seed_hash="")


def _play_to_decision(hand: Hand, discards: int) -> bool:
    """Strong bots play until seat 0 has a real turn choice after ``discards`` discards of its own
    (False: the hand ended first)."""
    bots = [make_bot("strong", s) for s in range(4)]
    while not hand.over:
        seat = hand.to_act()[0]
        view = seat_view(hand, seat)
        if (seat == 0 and hand.phase == "turn" and len(hand.seat_state[0].river) >= discards
                and sum(isinstance(a, Discard) for a in view.legal) > 3):
            return True
        hand.apply(seat, bots[seat].choose(view))
    return False


def _positions(hand: Hand) -> dict[int, int]:
    """Wall position -> the seat that drew it (the deal, the head's draws, the tail's replacements)."""
    n = 4
    order = [(hand.dealer + i) % n for i in range(n)]
    drawn: dict[int, int] = {}
    pos = 0
    for _ in range(3):
        for s in order:
            for _ in range(4):
                drawn[pos] = s
                pos += 1
    for s in order:
        drawn[pos] = s
        pos += 1
    drawn[pos] = hand.dealer
    pos += 1
    tail = len(hand.wall) - 1
    for e in hand.events:
        if isinstance(e, Drew):
            if e.source == "replacement":
                drawn[tail] = e.seat
                tail -= 1
            else:
                drawn[pos] = e.seat
                pos += 1
        assert not isinstance(e, Dealt) or len(e.tiles) in (13, 14)
    return drawn


def _other_deal(rs: Ruleset, setup: WallSetup, hand: Hand, rng: random.Random) -> Hand:
    """The same public game with other hidden tiles: tiles another seat still holds and never let go of
    are swapped with tiles still in the wall, and the game is replayed (seats the new tiles let claim
    pass, as the original seats passed; a pass the new deal does not ask for is skipped)."""
    drawn = _positions(hand)
    wall = list(setup.tiles)
    live = [p for p in range(hand.head, hand.tail + 1) if p != setup.indicator_index]
    swaps = 0
    for seat in (1, 2, 3):
        st = hand.seat_state[seat]
        gone = Counter(r.tile for r in st.river) + Counter(t for m in st.melds for t in m.tiles) + Counter(st.exposed)
        mine = [p for p, s in drawn.items() if s == seat and not gone[wall[p]] and st.counts[wall[p]]]
        rng.shuffle(mine)
        for p in mine[:2]:
            q = rng.choice(live)
            if wall[q] != wall[p] and not hand._forced[wall[q]] and not hand._wild[wall[q]] \
                    and not hand._wild[wall[p]]:
                wall[p], wall[q] = wall[q], wall[p]
                swaps += 1
    assert swaps >= 3
    other = stacked_hand(rs, WallSetup(tiles=wall, dice=setup.dice, indicator_index=setup.indicator_index),
                         dealer=hand.dealer)
    for seat, action in hand.log:
        while True:
            if other.phase == "claim":
                assert other.claim is not None
                waiting = other.claim.waiting_for()
                if seat in waiting and action in other.claim.options[seat]:
                    other.apply(seat, action)
                elif isinstance(action, Pass) and seat not in waiting:
                    pass  # asked in the original deal only
                else:  # the new deal asks a seat the original did not: it passes, as that seat did
                    other.apply(waiting[0], Pass())
                    continue
            elif action in other.legal_actions(seat):
                other.apply(seat, action)
            else:
                assert isinstance(action, Pass), action  # a window of the original deal only
            break
    while other.phase == "claim" and 0 not in other.to_act():
        other.apply(other.to_act()[0], Pass())
    return other


@pytest.mark.parametrize(("name", "options"), CASES)
def test_hidden_tiles_do_not_change_the_decision(name: str, options: dict[str, object]) -> None:
    rs = make_ruleset(name, options)
    for i in range(10):  # the first seeded wall whose hand lasts to seat 0's sixth discard
        setup = rs.build_wall(random.Random(f"hidden-info-{i}"), 0)
        hand = stacked_hand(rs, setup)
        if _play_to_decision(hand, 5):
            break
    other = _other_deal(rs, setup, hand, random.Random(1))
    a, b = seat_view(hand, 0), seat_view(other, 0)
    assert _public(a) == _public(b)  # the same picture for seat 0 …
    hidden = [sorted(hand.seat_state[s].held) for s in (1, 2, 3)], hand.wall[hand.head:hand.tail + 1]
    assert hidden != ([sorted(other.seat_state[s].held) for s in (1, 2, 3)], other.wall[other.head:other.tail + 1])
    for seed in range(3):  # … the same choice, for each seed
        assert HardBot(seed, samples=4).choose(a) == HardBot(seed, samples=4).choose(b)


@pytest.mark.parametrize(("name", "options"), CASES)
def test_imagined_hands_match_the_view(name: str, options: dict[str, object]) -> None:
    """Every imagined hand holds exactly the real hand's tiles (moved among the hidden places only) and
    shows seat 0 the view it was built from, legal actions included."""
    rs = make_ruleset(name, options)
    hand = next(h for i in range(10) if _play_to_decision(h := Hand(rs, f"imagined-{i}", dealer=1), 4))
    view = seat_view(hand, 0)
    pool = unseen_pool(view)
    census = sorted(t for t, n in hand.tile_census().items() for _ in range(n))
    rng = random.Random(5)
    weights = river_weights(view, rs.count_size)
    for k in range(6):  # with the opponent model every other draw
        sample = draw_sample(view, rng, weights=weights if k % 2 else None)
        assert sample is not None
        world = build_hand(view, sample)
        assert sorted(t for t, n in world.tile_census().items() for _ in range(n)) == census
        assert _public(seat_view(world, 0)) == _public(view)
        hidden = sorted([t for s in (1, 2, 3) for t in world.seat_state[s].held]
                        + world.wall[world.head:world.tail + 1])
        if view.indicator is not None and view.indicator_in_wall:
            hidden.remove(view.indicator)
        assert hidden == sorted(pool)


def test_the_opponent_model_keeps_thrown_kinds_out_of_a_hand() -> None:
    """A seat's river makes the kinds it threw (and their neighbours) less likely in its imagined hand:
    over the same 200 draws, seats hold fewer of them with the model than without."""
    rs = make_ruleset("hefei", {"room": "bubaoting"})
    hand = next(h for i in range(10) if _play_to_decision(h := Hand(rs, f"model-{i}", dealer=1), 5))
    view = seat_view(hand, 0)
    weights = river_weights(view, rs.count_size)
    thrown = {s: {r.tile for r in view.seats[s].river} for s in (1, 2, 3)}
    assert all(weights[s][t] < 1 for s in (1, 2, 3) for t in thrown[s])

    def held_thrown(w: dict[int, list[float]] | None) -> int:
        rng = random.Random(9)
        total = 0
        for _ in range(200):
            sample = draw_sample(view, rng, weights=w)
            assert sample is not None
            total += sum(t in thrown[s] for s in (1, 2, 3) for t in sample.hands[s])
        return total

    assert held_thrown(weights) < 0.8 * held_thrown(None)


def test_a_declared_seat_is_imagined_ready() -> None:
    """Hefei 报听: a seat that declared is given a ready hand in every imagined world."""
    rs = make_ruleset("hefei", {"room": "baoting"})
    bots = [make_bot("strong", s) for s in range(4)]
    for i in range(40):  # a seeded hand where another seat declares while seat 0 still plays
        hand = Hand(rs, f"declared-{i}", dealer=i % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            if seat == 0 and hand.phase == "turn" and any(s.declared for s in view.seats[1:]) and len(view.legal) > 2:
                bot = HardBot(3, samples=3)
                assert bot.choose(view) in view.legal
                declared = [s.seat for s in view.seats[1:] if s.declared]
                from majiang.bots.hard import _ready_test

                sample = draw_sample(view, random.Random(2))
                assert sample is not None
                ready = _ready_test(build_hand(view, sample))
                sample = draw_sample(view, random.Random(2), ready=ready)
                assert sample is not None
                world = build_hand(view, sample)
                assert all(rs.is_ready(world, s, world.seat_state[s].counts) for s in declared)  # type: ignore[attr-defined]
                return
            hand.apply(seat, bots[seat].choose(view))
    raise AssertionError("no seeded hand had another seat declare")


def _play(bots: list[object], seed: str) -> list[tuple[int, Action]]:
    hand = Hand(make_ruleset("hefei", {"room": "bubaoting"}), seed)
    while not hand.over:
        seat = hand.to_act()[0]
        hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))  # type: ignore[attr-defined]
    return list(hand.log)


def test_decisions_are_deterministic_for_a_seed() -> None:
    first = _play([HardBot(11, samples=3), make_bot("strong", 1), EasyBot(12), make_bot("greedy", 3)], "det")
    again = _play([HardBot(11, samples=3), make_bot("strong", 1), EasyBot(12), make_bot("greedy", 3)], "det")
    assert first == again


def test_the_easy_bot_keeps_a_lone_honor() -> None:
    """Greedy throws the lone 北 first; the beginner keeps it and throws a lone suited tile."""
    rs = make_ruleset("anqing", {"mode": "A"})
    mine = "123m456m789m34p9p1s4z"
    rest = Counter(k for k in rs.kinds for _ in range(4)) - Counter(parse_tiles(mine + "7s"))
    others = sorted(rest.elements())
    random.Random(3).shuffle(others)
    hands = [mine] + [format_tiles(sorted(others[13 * i:13 * i + 13])) for i in range(3)]
    hand = stacked_hand(rs, stacked_wall(rs, hands, indicator="7s"))
    view = seat_view(hand, 0)
    assert view.hand == sorted(parse_tiles(mine)) and view.wild not in view.hand
    assert make_bot("greedy").choose(view) == Discard(parse_tiles("4z")[0])
    assert EasyBot(0).choose(view) in (Discard(parse_tiles("9p")[0]), Discard(parse_tiles("1s")[0]))


def test_an_imagined_face_down_kong_is_never_of_the_wild() -> None:
    """Another seat's face-down 暗杠 is imagined as four of a kind still unseen that a concealed kong may be
    made of: never Anqing's 钻牌 (konged only by 直叫, in the open) nor a 杠牌 (laid open as soon as held).
    An imagined 暗杠 of the 钻牌 once made the playout's scorer refuse the hand and stopped an arena."""
    rs = make_ruleset("anqing", {"mode": "A"})
    hand = next(h for i in range(10) if _play_to_decision(h := Hand(rs, f"kong-{i}", dealer=1), 2))
    view = seat_view(hand, 0)
    assert view.wild is not None and unseen_pool(view).count(view.wild) == 4  # the 钻牌 could be picked
    # Seat 1 has made a face-down kong: three fewer tiles in its hand, one replacement drawn from the wall.
    s1 = view.seats[1]
    seats = list(view.seats)
    seats[1] = msgspec.structs.replace(s1, melds=[*s1.melds, PublicMeld(kind="kong_concealed", tiles=())],
                                       hand_count=s1.hand_count - 3)
    view = msgspec.structs.replace(view, seats=seats, wall_left=view.wall_left - 1)
    kinds: Counter[int] = Counter()
    rng = random.Random(11)
    for _ in range(300):
        sample = draw_sample(view, rng)
        assert sample is not None
        kinds.update(sample.hidden_kongs[1])
    assert kinds and view.wild not in kinds, kinds
    assert not set(kinds) & set(view.gangpai), kinds
