"""国标麻将 table flow on stacked walls: 补花 in the deal, the 8-fan minimum (flowers not counted) on a
discard and on the 听 hint, who pays what, 抢杠和, 杠上开花 (a kong's replacement, not a flower's),
和绝张, 妙手回春, a special hand, the dealer's complete deal, and the deal passing every hand over
four rounds of four (with bots, through a real match)."""

from __future__ import annotations

import random

from majiang.bots import make_bot
from majiang.core.actions import Chi, Discard, Kong, Peng
from majiang.core.deal import HandOutcome
from majiang.core.events import Exposed, HandStarted
from majiang.engine import Hand, Match, Pass, Win, seat_view
from majiang.rules.guobiao import Guobiao
from majiang.rules.registry import entry
from majiang.tiles import parse_tile, parse_tiles
from tests.walls import stacked_hand, stacked_wall

T = parse_tile

# Seat 1 waits on 5p in the middle of 46p beside a pure straight (清龙 16: always 8); seat 2's all-simples
# single wait on 8s is 7 fans on a discard (门前清 2, 断幺 2, 喜相逢 1, 连六 1, 单钓将 1), 9 self-drawn (不求人 4).
DEALER = "5p8s11z22z33z44z55z6z7z"
STRAIGHT = "123m456m789m46p99s"
SIMPLES = "234m567m567p333s8s"
FILLER = "55p99m99p11s2s3s7s77z"


def deal(hands: list[str], *, draws: str = "", tail: str = "", options: dict | None = None,
         round_wind: int = 0) -> Hand:
    rs = Guobiao(options or {})
    return stacked_hand(rs, stacked_wall(rs, hands, draws=draws, tail=tail), round_wind=round_wind)


def settle_claims(hand: Hand, take: dict[int, object] | None = None) -> None:
    """Answer an open claim window: ``take[seat]`` for the seats named, a pass for the rest."""
    take = take or {}
    while hand.phase == "claim":
        seat = hand.to_act()[0]
        hand.apply(seat, take.get(seat, Pass()))  # type: ignore[arg-type]


def names(hand: Hand) -> set[str]:
    s = hand.settlement
    assert s is not None and s.valid, s
    return {i.name for i in s.items}


def test_the_entry_and_the_tiles() -> None:
    e = entry("guobiao")
    rs = Guobiao()
    assert e.ruleset is Guobiao and rs.wall_size == 144 and rs.count_size == 42
    assert rs.flags.rob_kong and rs.flags.discard_wins and not rs.flags.multiple_winners
    assert rs.flags.match_rounds == 4
    assert {i.key for i in e.option_infos()} == {"base", "min_fan", "rounds"}
    assert e.for_clients()["rules_table"]["default"]  # the fan table for the rules page


def test_flowers_dealt_are_laid_open_and_replaced_from_the_tail_in_seat_order() -> None:
    hand = deal(["f1 5p11z22z33z44z55z6z7z", "f5 123m456m789m46p9s", "f2 f3 234m678p345s6s8m", FILLER],
                tail="f4 9s 9s 7s 8s")
    exposed = [(e.seat, e.tile) for e in hand.events if isinstance(e, Exposed)]
    # the dealer's flower, its replacement is a flower too (f4), then seat 1, then seat 2's two
    assert exposed == [(0, T("f1")), (0, T("f4")), (1, T("f5")), (2, T("f2")), (2, T("f3"))]
    assert [st.concealed_size for st in hand.seat_state] == [14, 13, 13, 13]
    assert all(t < 34 for st in hand.seat_state for t in st.held)
    assert sum(hand.tile_census().values()) == 144


def test_a_discard_win_pays_base_and_fans_from_the_discarder_and_the_base_from_the_others() -> None:
    hand = deal([DEALER, STRAIGHT, SIMPLES, FILLER])
    hand.apply(0, Discard(tile=T("5p")))
    assert hand.claim is not None and Win() in hand.claim.options[1]
    settle_claims(hand, {1: Win()})
    s = hand.settlement
    assert s is not None and s.valid and s.winners == [1] and "清龙" in names(hand)
    fan = s.extra["fan"]
    assert isinstance(fan, int) and fan >= 16
    assert {p.payer: p.amount for p in s.payments} == {0: 8 + fan, 2: 8, 3: 8}
    assert s.totals == [-(8 + fan), 24 + fan, -8, -8]


def test_a_hand_below_eight_fans_is_not_offered_a_discard_win_flowers_not_counted() -> None:
    # seat 2's two flowers bring it to 8 fans, but they do not count toward the minimum
    hand = deal([DEALER, STRAIGHT, "f1f2 234m567m567p33s", FILLER], tail="3s 8s")
    assert hand.seat_state[2].exposed == [T("f1"), T("f2")]
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.claim is None or 2 not in hand.claim.options  # not a win: 7 fans + 2 flowers
    # the hint still lists 8s: drawn, the same tiles are 不求人 and reach 8
    settle_claims(hand)
    view = seat_view(hand, 2, hint=True)
    assert view.ting is not None and T("8s") in view.ting.waits


def test_the_minimum_is_an_option() -> None:
    hand = deal([DEALER, STRAIGHT, SIMPLES, FILLER], options={"min_fan": 7, "base": 5})
    hand.apply(0, Discard(tile=T("8s")))
    assert hand.claim is not None and Win() in hand.claim.options[2]
    settle_claims(hand, {2: Win()})
    s = hand.settlement
    assert s is not None and s.valid and s.extra["fan"] == 7 and "断幺" in names(hand)
    assert {p.payer: p.amount for p in s.payments} == {0: 12, 1: 5, 3: 5}


def test_a_self_drawn_win_is_paid_base_and_fans_by_each_seat() -> None:
    hand = deal(["9s8m11z22z33z44z55z6z7z", STRAIGHT, SIMPLES, "5p9p99m99p11s2s3s7s77z"], draws="5p")
    hand.apply(0, Discard(tile=T("9s")))
    settle_claims(hand)
    assert hand.current == 1 and Win() in hand.legal_actions(1)
    hand.apply(1, Win())
    s = hand.settlement
    assert s is not None and {"清龙", "不求人"} <= names(hand)  # (不求人 counts the self-draw)
    fan = s.extra["fan"]
    assert isinstance(fan, int)
    assert {p.payer: p.amount for p in s.payments} == {0: 8 + fan, 2: 8 + fan, 3: 8 + fan}


def _peng_then_fourth_5p(draws: str) -> Hand:
    """Seat 3 pengs the dealer's 5p (seat 1, on 46p, passes that win); the next three seats let drawn
    6z go; the fourth 5p comes next."""
    hand = deal(["5p11z22z33z44z55z6z7z1s", STRAIGHT, "234m678p345s678s8m", FILLER], draws=draws)
    hand.apply(0, Discard(tile=T("5p")))
    assert hand.claim is not None and Win() in hand.claim.options[1] and Chi(tiles=(T("4p"), T("6p"))) in \
        hand.claim.options[1]
    settle_claims(hand, {3: Peng(tiles=(T("5p"), T("5p")))})
    hand.apply(3, Discard(tile=T("7s")))
    settle_claims(hand)
    for seat in (0, 1, 2):
        if seat == 2 and hand.seat_state[2].drawn == T("5p"):
            break
        hand.apply(seat, Discard(tile=hand.seat_state[seat].drawn))  # type: ignore[arg-type]
        settle_claims(hand)
    return hand


def test_robbing_an_added_kong_is_qiangganghe_and_the_robbed_seat_pays_as_a_discarder() -> None:
    hand = _peng_then_fourth_5p("6z 6z 6z 5p")
    added = Kong(kind="added", tiles=(T("5p"),))
    assert hand.current == 3 and added in hand.legal_actions(3)
    hand.apply(3, added)
    assert hand.phase == "claim" and hand.to_act() == [1] and hand.claim is not None and hand.claim.robbing
    hand.apply(1, Win())
    s = hand.settlement
    assert s is not None and "抢杠和" in names(hand) and "和绝张" not in names(hand)  # (抢杠和 includes it)
    fan = s.extra["fan"]
    assert isinstance(fan, int)
    assert {p.payer: p.amount for p in s.payments} == {3: 8 + fan, 0: 8, 2: 8}
    assert [m.kind for m in hand.seat_state[3].melds] == ["peng"]  # the kong was never made


def test_the_last_copy_in_sight_is_hejuezhang() -> None:
    hand = _peng_then_fourth_5p("6z 6z 5p")  # seat 2 draws the fourth 5p: three are in seat 3's peng
    assert hand.current == 2 and hand.seat_state[2].drawn == T("5p")
    hand.apply(2, Discard(tile=T("5p")))
    assert hand.claim is not None and Win() in hand.claim.options[1]
    settle_claims(hand, {1: Win()})
    assert "和绝张" in names(hand)
    s = hand.settlement
    assert s is not None and {p.payer for p in s.payments if p.amount > 8} == {2}


def test_a_kongs_replacement_wins_gangshangkaihua_a_flowers_does_not() -> None:
    kong = deal([DEALER, "1111p123m456m789m", SIMPLES, FILLER.replace("55p", "56p")], draws="5s", tail="5s")
    kong.apply(0, Discard(tile=T("7z")))
    settle_claims(kong)
    k = Kong(kind="concealed", tiles=(T("1p"),) * 4)
    assert k in kong.legal_actions(1)
    kong.apply(1, k)
    assert kong.seat_state[1].drawn == T("5s") and Win() in kong.legal_actions(1)
    kong.apply(1, Win())
    assert "杠上开花" in names(kong)


def test_a_flowers_replacement_win_has_no_gangshangkaihua() -> None:
    # Seat 1 waits on 5s for its pair beside a pure straight; it draws 春, lays it open, and the
    # replacement is 5s: a self-drawn win, 花牌 1, but no 杠上开花.
    hand = deal([DEALER, "123m456m789m234p5s", SIMPLES, FILLER], draws="f1", tail="5s")
    hand.apply(0, Discard(tile=T("7z")))
    settle_claims(hand)
    assert hand.seat_state[1].exposed == [T("f1")] and hand.kong_chain == 1 and not hand.kong_made
    assert Win() in hand.legal_actions(1)
    hand.apply(1, Win())
    got = names(hand)
    assert {"清龙", "花牌", "自摸"} <= got or {"清龙", "花牌", "不求人"} <= got
    assert "杠上开花" not in got


def test_the_last_tile_of_the_wall_is_miaoshouhuichun() -> None:
    # Seat 3 holds all eight flowers: laid open in the deal, no flower is left in the wall, so no
    # replacement is drawn later and the wall's last tile (9s, which 78s waits on) is the 83rd draw: seat 3's.
    hand = deal([DEALER, STRAIGHT, SIMPLES, "f1f2f3f4f5f6f7f8 234p55p"], tail="6p7p8p4s5s6s7s8s9s")
    assert hand.seat_state[3].exposed == parse_tiles("f1f2f3f4f5f6f7f8")
    rng = random.Random(3)
    while not hand.over:
        if hand.phase == "claim":
            settle_claims(hand)
            continue
        seat = hand.current
        if hand.wall_left == 0 and Win() in hand.legal_actions(seat):
            assert seat == 3
            hand.apply(seat, Win())
            break
        drawn = hand.seat_state[seat].drawn
        legal = [a for a in hand.legal_actions(seat) if isinstance(a, Discard)]
        hand.apply(seat, Discard(tile=drawn) if drawn is not None else rng.choice(legal))
    assert "妙手回春" in names(hand)
    s = hand.settlement
    assert s is not None and s.extra["flowers"] == 8


def test_thirteen_orphans_on_a_discard() -> None:
    hand = deal(["1m5p22z33z44z55z6z7z9s8m", "19m19p19s1234567z", SIMPLES, FILLER.replace("99m", "77m")])
    hand.apply(0, Discard(tile=T("1m")))
    assert hand.claim is not None and Win() in hand.claim.options[1]
    settle_claims(hand, {1: Win()})
    assert "十三幺" in names(hand)


def test_the_dealers_complete_deal_scores_its_best_reading() -> None:
    hand = deal(["123m456m789m11p555p", "11z22z33z44z55z66z7z", SIMPLES[:-2] + "7z", FILLER.replace("55p", "66p")])
    assert Win() in hand.legal_actions(0)
    hand.apply(0, Win())
    assert "清龙" in names(hand)


def test_the_deal_passes_every_hand_won_or_drawn() -> None:
    rs = Guobiao()
    assert rs.next_deal(0, 0, HandOutcome(winners=(0,), draw=False)) == (1, 0)
    assert rs.next_deal(3, 0, HandOutcome(winners=(), draw=True)) == (0, 0)
    assert rs.next_deal(1, 0, HandOutcome(winners=(2,), draw=False)) == (2, 0)


def test_four_rounds_of_four_hands_with_the_prevalent_and_seat_winds() -> None:
    match = Match(Guobiao(), hands=99, seed="gb-rounds")
    bots = [make_bot("greedy", i) for i in range(4)]
    seen: list[tuple[int, int]] = []  # (prevalent wind, dealer) of each hand
    while True:
        hand = match.hand
        started = hand.events[0]
        assert isinstance(started, HandStarted) and started.round_wind == hand.round_wind
        view = seat_view(hand, 2)
        assert [s.wind for s in view.seats] == [(i - hand.dealer) % 4 for i in range(4)]
        seen.append((hand.round_wind, hand.dealer))
        while not hand.over:
            seat = hand.to_act()[0]
            match.apply(seat, bots[seat].choose(seat_view(hand, seat)))
        if match.finished:
            break
        match.next_hand()
    assert seen == [(i // 4, i % 4) for i in range(16)]
    assert sum(match.totals) == 0


def test_the_documented_example_scores_as_the_rules_page_says() -> None:
    # docs/rules/guobiao.md and the rules page (majiang/web/help_text.js): 23 fans, 22 counted, +47
    import json
    from pathlib import Path

    from majiang.rules import guobiao_scoring

    data = json.loads((Path(__file__).parent / "data" / "guobiao" / "01_qinglong_discard.json").read_text())
    s = guobiao_scoring.score(guobiao_scoring.parse_situation(data))
    assert [(i.name, i.value) for i in s.items] == [("清龙", 16), ("门前清", 2), ("平和", 2), ("喜相逢", 1),
                                                    ("坎张", 1), ("花牌", 1)]
    assert s.extra["fan"] == 23 and s.extra["fans_counted"] == 22 and s.totals == [-31, 47, -8, -8]


def test_bad_situations_are_refused_naming_the_field() -> None:
    import pytest

    from majiang.rules import guobiao_scoring

    base = {"winner": 1, "concealed": "123m456m789m456p99s", "winning_tile": "5p", "how": "discard", "from_seat": 0}
    for change, word in (({"winning_tile": "f1"}, "winning_tile"), ({"concealed": "123m"}, "concealed"),
                         ({"from_seat": 1}, "from_seat"), ({"flowers": "5p"}, "flowers"),
                         ({"how": "self_draw"}, "from_seat"), ({"kong_win": True}, "kong_win")):
        with pytest.raises(ValueError, match=word):
            guobiao_scoring.parse_situation({**base, **change})


def test_every_bot_level_plays_a_guobiao_hand() -> None:
    # the levels players choose (easy, normal = strong, hard: here with 3 imagined deals a decision) and
    # greedy, at one table, one hand
    from majiang.bots.hard import HardBot

    match = Match(Guobiao(), hands=1, seed="gb-levels")
    bots = [make_bot("easy", 0), make_bot("strong", 1), HardBot(2, samples=3), make_bot("greedy", 3)]
    hand = match.hand
    while not hand.over:
        seat = hand.to_act()[0]
        action = bots[seat].choose(seat_view(hand, seat))
        assert action in hand.legal_actions(seat)
        match.apply(seat, action)
    assert hand.settlement is not None and sum(hand.settlement.totals) == 0


def test_bad_options_are_refused_naming_them() -> None:
    import pytest

    from majiang.rules.base import RulesetError

    for options, word in (({"min_fan": 99}, "min_fan"), ({"base": -1}, "base"), ({"rounds": -2}, "rounds"),
                          ({"flowers": True}, "flowers")):
        with pytest.raises(RulesetError, match=word):
            Guobiao(options)


def test_special_waits_are_every_kind_that_completes_a_special_shape() -> None:
    # special_waits tries only the kinds that could; it must find exactly what trying every kind finds
    from majiang.rules.guobiao import special_complete, special_waits

    rng = random.Random(29)
    parts = [parse_tiles(p) for p in ("19m19p19s1234567z", "19m19p19s123456z5p", "147m258p369s1235z",
                                      "147m258p369s1234z", "147m258p36s12345z", "147m258p369s11z23s", "147m258p369s2s")]
    for _ in range(400):  # and random parts
        pool = [t for t in range(34) for _ in range(4)]
        rng.shuffle(pool)
        parts.append(sorted(pool[:13]))
    from majiang.rules.guobiao import KNITTED, ORPHANS

    for _ in range(300):  # parts near a special shape: most of a knitted pattern or of the orphans, and others
        base = list(rng.choice([*KNITTED, ORPHANS]))
        rng.shuffle(base)
        keep = base[: rng.choice([len(base) - 1, len(base)])]
        size = rng.choice([10, 13]) if len(base) == 9 else 13
        rest = [t for t in range(34) for _ in range(4)]
        for t in keep:
            rest.remove(t)
        rng.shuffle(rest)
        parts.append(sorted([*keep, *rest][:size]))
    for tiles in parts:
        melds = (14 - len(tiles)) // 3
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        brute = []
        for t in range(34):
            if counts[t] < 4:
                counts[t] += 1
                if special_complete(counts, melds):
                    brute.append(t)
                counts[t] -= 1
        assert special_waits(counts, melds) == brute, tiles


def test_a_flower_drawn_as_the_last_tile_stays_and_the_hint_says_no_win() -> None:
    # Seat 3 holds seven flowers (their replacements take the tail), so f8 is the wall's last tile and,
    # after 84 draws, comes to the dealer with nothing to replace it: it stays in the hand, no win is
    # offered, and no discard but the flower's own leaves the hand waiting (the hint, asked of it, copes).
    hand = deal([DEALER, STRAIGHT, SIMPLES, "f1f2f3f4f5f6f7 234p55p1s"], tail="6p7p8p4s5s6s7s f8")
    while hand.wall_left > 0:
        if hand.phase == "claim":
            settle_claims(hand)
            continue
        seat = hand.current
        drawn = hand.seat_state[seat].drawn
        hand.apply(seat, Discard(tile=drawn) if drawn is not None else
                   next(a for a in hand.legal_actions(seat) if isinstance(a, Discard)))
    settle_claims(hand)
    assert hand.current == 0 and hand.seat_state[0].drawn == T("f8") and T("f8") in hand.seat_state[0].held
    assert Win() not in hand.legal_actions(0) and Discard(tile=T("f8")) in hand.legal_actions(0)
    view = seat_view(hand, 0, hint=True)
    assert view.ting is not None and all(not d.waits for d in view.ting.by_discard if d.discard != T("f8"))
