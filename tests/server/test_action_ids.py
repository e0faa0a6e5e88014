"""The server's check of an `act`'s tile ids never refuses a move the engine offers: 百搭麻将 offers
the discard of a 百搭 flower (ids 34..41), which the check once took for a malformed message, so a
seat holding one could not play it (the secrecy test's random players stalled on it)."""

from __future__ import annotations

import random

import msgspec
import pytest

from majiang.backend.protocol import action_problem, client_decoder
from majiang.core.actions import Discard
from majiang.engine import Hand, seat_view
from majiang.rules.registry import RULESETS


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_every_legal_action_passes_the_servers_tile_check(ruleset: str) -> None:
    rules = RULESETS[ruleset]({})
    rng = random.Random(3)
    flowers = 0
    for n in range(60):
        hand = Hand(rules, f"ids-{ruleset}-{n}", dealer=n % 4)
        while not hand.over:
            seat = hand.to_act()[0]
            legal = seat_view(hand, seat).legal
            for a in legal:
                # as a client sends it: encoded, decoded by the server's own decoder, then checked
                raw = msgspec.json.encode({"type": "act", "seq": 1, "action": msgspec.to_builtins(a)})
                assert action_problem(client_decoder.decode(raw).action) is None, a  # type: ignore[union-attr]
                flowers += isinstance(a, Discard) and a.tile >= 34
            hand.apply(seat, rng.choice(legal))
    if ruleset == "baida":
        assert flowers > 0  # the case that was refused was met


def test_ids_beyond_the_flowers_are_refused_naming_the_field() -> None:
    for tile in (42, -1, 2**40):
        assert action_problem(Discard(tile=tile)) == f"action.tile: {tile} is not a tile id (0..41)"
