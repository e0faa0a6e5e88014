"""The strong bot's decisions are frozen: fixed-seed hands with four strong bots, every decision hashed.

A speed-up of the strong bot (caches, early exits, the compiled hand engine) must leave every choice as it
was: for the same seat view the same action. Each table's digest is SHA-256 over every decision of its
hands in order (seat, the number of legal actions, the action as JSON); a changed decision changes the
digest (and, as the hand then goes another way, usually every later one). The expected digests were
computed from the code before the speed-up (commit ``b53f1f7``) and frozen here: regenerate them only for
a change that is meant to change the bot's play, and say so in its commit.
"""

from __future__ import annotations

import hashlib
import random

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.bots.valuation import WinValuer
from majiang.engine import Hand, seat_view
from majiang.rules.registry import make_ruleset
from tests.candidate_wins import candidate_wins

HANDS = 6
TABLES: list[tuple[str, str, dict[str, object]]] = [
    ("anqing-A", "anqing", {"mode": "A"}),
    ("anqing-B", "anqing", {"mode": "B"}),
    ("hefei-baoting", "hefei", {"room": "baoting"}),
    ("hefei-bubaoting", "hefei", {"room": "bubaoting"}),
    ("baida", "baida", {"seven_baida": False}),
    ("baida-seven", "baida", {"seven_baida": True}),
    ("guobiao", "guobiao", {}),
]
EXPECTED: dict[str, tuple[int, str]] = {
    "anqing-A": (284, "fed850da4debf0af0798ac19915df64bc5f0eb60477dbb11c7719e1115fffb0e"),
    "anqing-B": (306, "2a7db96dccd41801958c966012a0b8f75f952278ac3d618f542d6757aee5901c"),
    "hefei-baoting": (165, "9a83e9aae7af638a1741c5bc3015f27cb20ac844448e1ddf6bcfa0f792f496d9"),
    "hefei-bubaoting": (152, "494e1689a81aacb77455881a1b7c745f94d7db9ec3c44d036b2972c6c376933e"),
    "baida": (259, "f99ed8cf37227b01cc5312a231cd6f974aa24f169b3bc12327151ee59e5acb21"),
    "baida-seven": (197, "b7a05031cdf66ddaa627d98a1e492038d139364014c0934c098f1e53bea160af"),
    "guobiao": (553, "dec608fe7fbb92004870773deea5b942f81624186aee5ffbbc6e452f75bcc338"),
}


def decisions_digest(ruleset: str, options: dict[str, object], hands: int = HANDS,
                     prefix: str = "strong-frozen") -> tuple[int, str]:
    """(decisions, SHA-256 of them) over ``hands`` hands of four strong bots, one set of bots a hand."""
    digest = hashlib.sha256()
    n = 0
    enc = msgspec.json.Encoder()
    for i in range(hands):
        hand = Hand(make_ruleset(ruleset, options), f"{prefix}-{ruleset}-{i}", dealer=i % 4)
        bots = [make_bot("strong", s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            action = bots[seat].choose(view)
            digest.update(b"%d %d " % (seat, len(view.legal)) + enc.encode(action) + b"\n")
            n += 1
            hand.apply(seat, action)
    return n, digest.hexdigest()


@pytest.mark.parametrize("label,ruleset,options", TABLES, ids=[t[0] for t in TABLES])
def test_strong_decisions_are_unchanged(label: str, ruleset: str, options: dict[str, object]) -> None:
    assert decisions_digest(ruleset, options) == EXPECTED[label]


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("baida", {}),
                                             ("baida", {"seven_baida": True}), ("hefei", {"room": "baoting"}),
                                             ("hefei", {"room": "bubaoting"})])
def test_a_situation_read_once_values_candidates_as_a_fresh_reading(ruleset: str, options: dict[str, object]) -> None:
    # The win valuer reads a seat's situation for its first candidate win and reuses it for the next ones
    # with their own tiles (anqing_scoring.settle, baida_scoring.settle, hefei_scoring.settle). A fresh
    # valuer reads every situation in full: the values agree, on the waits of every discard and on random
    # candidates (impossible ones, a fifth copy, a tile Hefei does not play, included).
    won = 0
    for view, cases in candidate_wins(ruleset, options, "valuer", 6, 10, random.Random(7)):
        shared = WinValuer()
        shared.bind(view)
        for part, tile in cases:
            for discard in (False, True):
                fresh = WinValuer()
                fresh.bind(view)
                got = shared.value(part, tile, discard)
                assert got == fresh.value(part, tile, discard)
                won += got > 0
    assert won > 5  # (real wins among them: the fast path was exercised)
