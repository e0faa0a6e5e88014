"""The 听 hint (majiang.engine.hint): its waits are exactly the tiles a seat is offered `win` on.

Checked against the engine itself over whole hands: after every ordinary draw, `win` is legal
exactly when the drawn tile was among the waits the seat was shown before it; a discard win is
offered only on a listed tile; and the waits shown for a discard on a seat's turn are the waits it
has once that discard is made. Plus the cases the old client-side hint got wrong (a discarded
wild, 十三烂) and the fast path's agreement with full scoring.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.bots import make_bot
from majiang.core.events import Drew
from majiang.engine import Declare, Discard, Hand, Win, seat_view
from majiang.engine.hint import ting_hint
from majiang.engine.ting import Ting
from majiang.rules.anqing import Anqing
from majiang.rules.anqing_scoring import is_valid, score
from majiang.rules.baida import Baida
from majiang.rules.base import Ruleset
from majiang.rules.hefei import Hefei
from majiang.tiles import format_tiles, parse_tile
from tests.walls import stacked_hand, stacked_wall

RULESETS = {
    "anqing-A": lambda: Anqing({"mode": "A"}),
    "anqing-B": lambda: Anqing({"mode": "B"}),
    "anqing-A-gangpai-open": lambda: Anqing({"mode": "A", "shisanlan_keeps_gangpai": False}),
    "anqing-B-expose": lambda: Anqing({"mode": "B", "keep_gangpai": False}),
    "hefei-baoting": lambda: Hefei({"room": "baoting"}),
    "hefei-bubaoting": lambda: Hefei({"room": "bubaoting"}),
    "baida": lambda: Baida(),
    "baida-seven": lambda: Baida({"seven_baida": True}),
}


def _hint(hand: Hand, seat: int) -> Ting:
    hint = ting_hint(hand, seat, hand.legal_actions(seat))
    if hint is None:  # only after a 直叫 wild kong, whose replacement wins whatever it is
        assert any(m.kind == "wildkong" for m in hand.seat_state[seat].melds)
        return Ting(waits=[], by_discard=[])
    return hint


def _check_shortcuts(hand: Hand, seat: int) -> None:
    """Anqing answers hint questions without full scoring: `_plainly_valid` settles the plain cases
    and `is_valid` stops at the first valid reading. Wherever they answer, scoring must agree."""
    rules = hand.ruleset
    st_ = hand.seat_state[seat]
    if not isinstance(rules, Anqing) or st_.concealed_size % 3 != 1 or any(m.kind == "wildkong" for m in st_.melds):
        return
    counts = list(st_.counts)
    own = rules.copies_held(hand, seat, counts)
    for k in rules.hint_candidates(hand, seat, counts):
        if own[k] >= 4:
            continue
        counts[k] += 1
        if rules.quick_win_possible(hand, seat, counts):
            concealed = [t for t in range(34) for _ in range(counts[t])]
            for threw_wild in (False, True):
                sit = rules.situation(hand, seat, k, concealed=concealed, discarded_wild=threw_wild)
                valid = score(sit).valid
                assert is_valid(sit) == valid, (concealed, k, threw_wild)
                if rules._plainly_valid(hand, seat, counts, k, threw_wild):
                    assert valid, (concealed, k)
        counts[k] -= 1


def play_and_check(rules: Ruleset, seed: str, dealer: int, choice_seed: int) -> tuple[int, int]:
    """One hand by greedy bots (now and then a random legal move); returns how many draws were
    checked and how many of them were wins on offer."""
    hand = Hand(rules, seed, dealer=dealer, streak=rules.flags.first_streak)
    bots = [make_bot("greedy", choice_seed + i) for i in range(4)]
    rng = random.Random(choice_seed)
    checked = offered_wins = 0
    while not hand.over:
        before = {s: _hint(hand, s) for s in range(4)}
        for s in range(4):
            _check_shortcuts(hand, s)
        if hand.claim is not None:
            for s, opts in hand.claim.options.items():
                if any(isinstance(a, Win) for a in opts):
                    assert hand.claim.tile in before[s].waits, (s, hand.claim.tile, before[s])
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        action = rng.choice(legal) if rng.random() < 0.1 else bots[seat].choose(seat_view(hand, seat))
        events = hand.apply(seat, action)
        if isinstance(action, Discard | Declare) and not hand.over:
            # the waits shown for this discard are the waits the seat now has (a plain discard
            # where 报听 was possible may have fewer: the hint assumed the declaration)
            declare_offered = Declare(tile=action.tile) in legal
            shown = next((d.waits for d in before[seat].by_discard if d.discard == action.tile), [])
            now = _hint(hand, seat).waits
            if isinstance(action, Declare) or not declare_offered:
                assert now == shown, (action, shown, now)
            else:
                assert set(now) <= set(shown)
        drew = [e for e in events if isinstance(e, Drew)]
        if len(drew) == 1 and drew[0].source == "wall" and hand.phase == "turn" and hand.kong_chain == 0:
            s = drew[0].seat
            st_ = hand.seat_state[s]
            if hand.current == s and st_.drawn == drew[0].tile and st_.draws > 1:
                offered = any(isinstance(a, Win) for a in hand.legal_actions(s))
                assert offered == (drew[0].tile in before[s].waits), (s, drew[0].tile, before[s], st_.tiles())
                checked += 1
                offered_wins += offered
    return checked, offered_wins


@settings(max_examples=24, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(sorted(RULESETS)),
    seed=st.text(min_size=1, max_size=8),
    dealer=st.integers(0, 3),
    choice_seed=st.integers(0, 2**16),
)
def test_the_hint_is_exactly_the_engines_win_offers(name: str, seed: str, dealer: int, choice_seed: int) -> None:
    play_and_check(RULESETS[name](), seed, dealer, choice_seed)


def test_many_draws_are_checked_and_many_of_them_win() -> None:
    """The property above must meet ready hands and wins, or it proves little."""
    checked = wins = 0
    for i in range(8):
        for name in ("anqing-A", "hefei-bubaoting"):
            c, w = play_and_check(RULESETS[name](), f"many-{i}", i % 4, i)
            checked += c
            wins += w
    assert checked > 300 and wins >= 5, (checked, wins)


# Indicator 1p: the wild (W) is 2p, 红中 plays as 2p, 发 and 白 are 杠牌.
OTHERS = ["1112223334445s", "3456789p6789m99s", "112233m4455m888s"]


def _anqing(dealer_hand: str, draws: str = "", **options: object) -> Hand:
    rules = Anqing(options)
    hands = [dealer_hand, *OTHERS]
    return stacked_hand(rules, stacked_wall(rules, hands, draws=draws, indicator="1p"))


def _shown(hand: Hand) -> dict[str, str]:
    return {format_tiles([d.discard]): format_tiles(d.waits) for d in _hint(hand, 0).by_discard}


def test_a_discarded_wild_leaves_only_the_paofeng_waits() -> None:
    # The part 123m 456m 789p 45s 66s waits on 3s and 6s (two-sided 45s, or 456s with 66s as the pair).
    assert _shown(_anqing("123m456m789p45s66s9p", draws="1z"))["9p"] == "36s"
    # Thrown as the W instead, the discarded-wild rule wants 跑风: the two-sided 3s/6s has none;
    # 6s still wins read as 456s with 6s completing the pair (独吊). The old client hint said 3s 6s.
    hand = _anqing("123m456m789p45s66s2p", draws="1z")
    assert _shown(hand)["2p"] == "6s"
    hand.apply(0, Discard(tile=parse_tile("2p")))
    assert hand.seat_state[0].discarded_wild
    assert format_tiles(_hint(hand, 0).waits) == "6s"


def test_shisanlan_waits_are_listed() -> None:
    # 147m 369p 258s 东南西北中 is 十三烂 (红中 counts as itself there; the wild 2p is not held).
    # Let a tile go and the hint lists what brings the shape back: any honor not held, the 杠牌
    # 发 and 白 included (kept on the way to 十三烂), and suit tiles three apart from the rest.
    shown = _shown(_anqing("147m369p258s12345z", draws="1z"))
    assert shown["1z"] == "167z"
    assert shown["3p"] == "13p67z"  # 1p 6p 9p are three apart; 2p is the wild
    assert shown["8s"] == "89s67z"


def test_without_keeping_gangpai_for_shisanlan_they_are_no_waits() -> None:
    # With shisanlan_keeps_gangpai off a drawn 发 or 白 is laid open (a replacement comes instead),
    # so it cannot be the winning tile, though 十三烂 would read it as itself.
    shown = _shown(_anqing("147m369p258s12345z", draws="1z", shisanlan_keeps_gangpai=False))
    assert shown["1z"] == "1z"
    assert shown["3p"] == "13p"


def test_hefei_waits_need_eight_in_a_suit() -> None:
    # 234m 345m 456m 77m 67p: eleven 万 tiles, so 5p and 8p win (no honors, no 1 or 9 in Hefei).
    for room in ("baoting", "bubaoting"):
        rules = Hefei({"room": room})
        hands = ["234m345m456m77m67p8s", "2345678p234567s", "2345678p234567s", "234567p2345678s"]
        hand = stacked_hand(rules, stacked_wall(rules, hands), streak=1)
        assert _shown(hand) == {"8s": "58p"}
        hand.apply(0, Discard(tile=parse_tile("8s")))
        assert format_tiles(_hint(hand, 0).waits) == "58p"
    # spread over three suits, no suit reaches eight: no waits at all
    rules = Hefei({"room": "bubaoting"})
    hands = ["234m345p456s77m67p8s", "2345678p234567s", "2345678m234567s", "234567m2345678s"]
    hand = stacked_hand(rules, stacked_wall(rules, hands), streak=1)
    assert _shown(hand) == {}


def test_the_hint_changes_nothing_and_reads_only_the_seats_own_part() -> None:
    hand = Hand(Anqing({"mode": "A"}), "quiet", dealer=0)
    bots = [make_bot("greedy", i) for i in range(4)]
    for _ in range(30):
        seat = hand.to_act()[0]
        hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))
    state = [(list(s.counts), list(s.held), list(s.melds)) for s in hand.seat_state]
    log = list(hand.log)
    for s in range(4):
        _hint(hand, s)
    assert [(list(s.counts), list(s.held), list(s.melds)) for s in hand.seat_state] == state
    assert hand.log == log
    # another seat's concealed tiles do not enter it: swap two other seats' hands, same hint
    first = _hint(hand, 0)
    hand.hint_cache.clear()
    a, b = hand.seat_state[1], hand.seat_state[2]
    a.counts, b.counts = b.counts, a.counts
    a.held, b.held = b.held, a.held
    assert _hint(hand, 0) == first
