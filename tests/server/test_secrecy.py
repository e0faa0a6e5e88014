"""Secrecy: every byte each seat receives, over whole matches on real websockets.

Four scripted players (random legal actions, so claims, kongs and 报听 happen) play whole
matches. Afterwards each hand is rebuilt from its replay and every message a seat received is
checked against the engine: each view equals exactly ``seat_view(hand, seat)`` at that step (so
the seat's tiles are exactly its own hand and nothing else), the events are exactly the
``redact``-ed events, and before the settlement no frame has a "wall" field or contains the seed.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import msgspec
import pytest

from majiang.engine import redact, seat_view
from majiang.engine.events import event_to_builtins
from majiang.engine.hand import Hand
from majiang.engine.replay import decode, make_ruleset
from tests.server.harness import Client, ServerProcess, auth, create_room, session


def _builtins(obj: Any) -> Any:
    return json.loads(msgspec.json.encode(obj))


def truth(replay: bytes) -> tuple[dict[int, list[Any]], list[list[Any]], str]:
    """views[step][seat] as the engine shows them, each seat's redacted event list, the seed."""
    r = decode(replay)
    hand = Hand(make_ruleset(r.ruleset, r.options), r.seed, dealer=r.dealer, streak=r.streak, hand_no=r.hand_no)
    views = {0: [_builtins(seat_view(hand, s)) for s in range(4)]}
    for i, (seat, action) in enumerate(r.actions, 1):
        hand.apply(seat, action)
        views[i] = [_builtins(seat_view(hand, s)) for s in range(4)]
    events = [[_builtins(event_to_builtins(redact(e, s))) for e in hand.events] for s in range(4)]
    return views, events, r.seed


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "A"}), ("hefei", {"room": "baoting"})])
async def test_no_seat_ever_sees_another_seats_tiles_or_the_wall(
        server: ServerProcess, http: httpx.AsyncClient, ruleset: str, options: dict[str, Any]) -> None:
    people = [await session(http, f"座{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], ruleset=ruleset, options=options, hands=2))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    clients = []
    for i, p in enumerate(people):
        c = await Client(server.ws_base, code, p["token"]).connect()
        c.autoplay, c.rng = True, random.Random(i)
        clients.append(c)
    for c in clients:
        await c.send({"type": "ready"})
    for c in clients:
        await c.next_of("match_end", timeout=120, after=0)

    checked = 0
    for hand_no in (1, 2):
        replay = (await http.get(f"/api/rooms/{code}/hands/{hand_no}/replay")).content
        views, events, seed = truth(replay)
        for seat, c in enumerate(clients):
            assert c.seat == seat
            got_events: list[Any] = []
            in_hand = False
            for raw, msg in zip(c.raw, c.messages, strict=True):
                if msg["type"] == "view":
                    in_hand = msg["view"]["hand_no"] == hand_no
                if not in_hand or msg["type"] != "view":
                    if msg["type"] != "view":
                        assert '"wall":' not in raw and seed not in raw
                    continue
                over = msg["view"]["phase"] == "over"
                if not over:  # nothing secret before the settlement, not even in passing
                    assert '"wall":' not in raw and seed not in raw, raw[:200]
                    assert msg["view"]["revealed"] is None and msg["view"]["seed"] is None
                assert msg["view"] == views[msg["step"]][seat], f"seat {seat} step {msg['step']} differs"
                got_events.extend(msg["events"])
                checked += 1
            assert got_events == events[seat], f"seat {seat} hand {hand_no}: events differ from redact()"
    assert checked > 50
    for c in clients:
        assert '"wall":' not in c.raw[0]  # the very first message
        await c.close()
