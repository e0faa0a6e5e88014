"""A server bot's pause follows how hard its decision is (majiang/server/thinking.py), within bot_delay."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from majiang.core.actions import Pass
from majiang.rules.registry import make_ruleset
from majiang.server.thinking import FLOOR, difficulty, think_delay
from majiang.tiles import format_tiles, parse_tiles
from tests.walls import stacked_hand, stacked_wall


def _dealer(tiles: str) -> float:
    """The dealer's first question with ``tiles`` (the other hands dealt from the rest, fixed order)."""
    rs = make_ruleset("hefei", {"room": "bubaoting"})
    rest = sorted((Counter(k for k in rs.kinds for _ in range(4)) - Counter(parse_tiles(tiles))).elements())
    random.Random(4).shuffle(rest)
    others = [format_tiles(sorted(rest[13 * i:13 * i + 13])) for i in range(3)]
    hand = stacked_hand(rs, stacked_wall(rs, [tiles, *others]))
    return difficulty(hand, 0)


def test_a_clear_discard_is_quick_and_a_close_call_slow() -> None:
    clear = _dealer("234m567m234p56p88p2s")  # throwing 2s makes it ready: one best discard
    close = _dealer("2m5m8m2p5p8p2s5s8s3m6m3p6p4s")  # scattered: many discards tie (Hefei has no 1s, 9s)
    assert clear == 0.0 and close > 0.5
    assert think_delay_for(clear, 0.9) == pytest.approx(0.9 * FLOOR)
    assert 0.9 * FLOOR < think_delay_for(close, 0.9) <= 0.9


def think_delay_for(d: float, bot_delay: float) -> float:
    return bot_delay * (FLOOR + (1 - FLOOR) * d)


def test_the_pause_stays_within_bot_delay_and_is_zero_without_one() -> None:
    rs = make_ruleset("anqing", {"mode": "A"})
    from majiang.engine.hand import Hand

    hand = Hand(rs, "think", dealer=0)
    seen = set()
    while not hand.over and len(hand.log) < 200:
        seat = hand.to_act()[0]
        pause = think_delay(hand, seat, 1.2)
        assert 1.2 * FLOOR - 1e-9 <= pause <= 1.2 + 1e-9
        assert think_delay(hand, seat, 0) == 0.0
        seen.add(round(pause, 3))
        legal = hand.legal_actions(seat)
        hand.apply(seat, Pass() if hand.phase == "claim" else legal[-1])
    assert len(seen) >= 2  # not one fixed pause
