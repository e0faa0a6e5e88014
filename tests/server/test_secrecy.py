"""Secrecy: every byte each seat receives, over whole matches on real websockets.

Four scripted players (random legal actions, so claims, kongs and 报听 happen) play whole
matches. Afterwards each hand is rebuilt from its replay and every message a seat received is
checked against the engine: each view equals exactly ``seat_view(hand, seat, hint=True)`` at that
step (so the seat's tiles are exactly its own hand and nothing else, and its 听 hint is the one its
own part gives), the events are exactly the
``redact``-ed events, and before the settlement no frame has a "wall" field or contains the seed.
A spectator (a fifth person opening the full room's link) is checked the same way against
``seat_view(hand, None)`` and ``redact(event, None)``: the very functions that redact for seats.

In a claim window a seat is told only about its own decision: a seat that is not asked (or has
answered) sees the ordinary waiting state (phase "turn", no claim, the discarder current) and no
clock but its own, and another seat's pass sends it nothing.
"""

from __future__ import annotations

import json
import random
from typing import Any

import httpx
import msgspec
import pytest

from majiang.core.events import event_to_builtins
from majiang.engine import redact, seat_view
from majiang.engine.hand import Hand
from majiang.engine.replay import decode
from majiang.rules.registry import make_ruleset
from tests.server.harness import Client, ServerProcess, auth, create_room, session


def _builtins(obj: Any) -> Any:
    return json.loads(msgspec.json.encode(obj))


def shown(view: dict[str, Any]) -> dict[str, Any]:
    """What a seat is shown of the engine's view: a claim window without a decision of its own
    looks like any other wait (written out here independently of the server's code)."""
    if view["phase"] == "claim" and not view["legal"]:
        return {**view, "phase": "turn", "claim": None}
    return view


def truth(replay: bytes) -> tuple[dict[int, list[list[Any]]], list[list[Any]], str]:
    """views[step] as the engine shows them, each seat's redacted event list, the seed. ``step`` counts
    the actions as the players do: an answer in a claim window that leaves it open is secret, so it
    is no step of its own (worked out here from the engine, independently of the server). views[step]
    lists the engine's views (per seat, index 4 the spectator's ``seat=None``) after the public action
    and after each secret answer that followed it."""
    r = decode(replay)
    hand = Hand(make_ruleset(r.ruleset, r.options), r.seed, dealer=r.dealer, streak=r.streak, hand_no=r.hand_no,
                dealer_dice=r.dealer_dice)
    def at_step() -> list[Any]:
        return [_builtins(seat_view(hand, s, hint=True)) for s in range(4)] + [_builtins(seat_view(hand, None))]

    views = {0: [at_step()]}
    public = 0
    for seat, action in r.actions:
        window = hand.claim if hand.phase == "claim" else None
        hand.apply(seat, action)
        if window is not None and hand.phase == "claim" and hand.claim is window:
            views[public].append(at_step())
        else:
            public += 1
            views[public] = [at_step()]
    events = [[_builtins(event_to_builtins(redact(e, s))) for e in hand.events] for s in (0, 1, 2, 3, None)]
    return views, events, r.seed


def at(views: dict[int, list[list[Any]]], step: int, seat: int, got: dict[str, Any]) -> dict[str, Any]:
    """The engine's view for ``seat`` at the public ``step`` that the seat was shown (one of the step's
    secret answers may be its own, which it sees), else the step's first one (to fail the comparison)."""
    candidates = [v[seat] for v in views[step]]
    return next((c for c in candidates if shown(c) == got), candidates[0])


def check_clock(msg: dict[str, Any], engine_view: dict[str, Any], seat: int) -> None:
    """In a claim window a seat sees no clock but its own (and only while it is asked)."""
    clock = msg["clock"]
    if engine_view["phase"] == "claim":
        assert clock is None or (clock["seats"] == [seat] and engine_view["legal"]), (seat, clock)
    elif clock is not None:
        assert clock["seats"] == [engine_view["current"]], (seat, clock, engine_view["current"])


@pytest.mark.parametrize("ruleset,options", [("anqing", {"mode": "A"}), ("hefei", {"room": "baoting"}), ("baida", {}),
                                             ("guobiao", {})])
async def test_no_seat_ever_sees_another_seats_tiles_or_the_wall(
        server: ServerProcess, http: httpx.AsyncClient, ruleset: str, options: dict[str, Any]) -> None:
    people = [await session(http, f"座{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], ruleset=ruleset, options=options, hands=2))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    # A fifth person opening the full room's link watches (from before the first deal).
    watcher = await Client(server.ws_base, code, (await session(http, "观众"))["token"]).connect()
    await watcher.next_of("welcome", after=0)
    clients = []
    for i, p in enumerate(people):
        c = await Client(server.ws_base, code, p["token"]).connect()
        c.autoplay, c.rng = True, random.Random(i)
        clients.append(c)
    for c in clients:
        await c.send({"type": "ready"})
    for c in [*clients, watcher]:
        await c.next_of("match_end", timeout=120, after=0)
    assert watcher.messages[0]["type"] == "welcome" and watcher.seat is None and watcher.messages[0]["watching"]

    checked = watched = 0
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
                engine_view = at(views, msg["step"], seat, msg["view"])
                assert msg["view"] == shown(engine_view), f"seat {seat} step {msg['step']} differs"
                check_clock(msg, engine_view, seat)
                got_events.extend(msg["events"])
                checked += 1
            assert got_events == events[seat], f"seat {seat} hand {hand_no}: events differ from redact()"
        # The spectator: every byte of every frame, against the same functions with seat=None.
        got_events = []
        in_hand = False
        for raw, msg in zip(watcher.raw, watcher.messages, strict=True):
            if msg["type"] == "view":
                in_hand = msg["view"]["hand_no"] == hand_no
            if not in_hand or msg["type"] != "view":
                if msg["type"] != "view":
                    assert '"wall":' not in raw and seed not in raw
                continue
            view = msg["view"]
            if view["phase"] != "over":
                assert '"wall":' not in raw and seed not in raw, raw[:200]
                assert view["hand"] == [] and view["drawn"] is None
                assert view["revealed"] is None and view["seed"] is None
                assert view["claim"] is None and view["legal"] == [] and view["phase"] != "claim"
                assert all(m["tiles"] == [] for s in view["seats"] for m in s["melds"] if m["kind"] == "kong_concealed")
            engine_view = at(views, msg["step"], 4, view)
            assert view == shown(engine_view), f"spectator step {msg['step']} differs"
            assert msg["clock"] is None or msg["clock"]["seats"] == [engine_view["current"]], msg["clock"]
            got_events.extend(msg["events"])
            watched += 1
        assert got_events == events[4], f"spectator hand {hand_no}: events differ from redact(e, None)"
    assert checked > 50 and watched > 20, (checked, watched)
    before = len(watcher.messages)
    await watcher.send({"type": "ready"})  # a spectator cannot act: refused, nothing changes
    err = await watcher.next_of("error", timeout=10, after=before)
    assert err["code"] == "not_now"
    await watcher.close()
    for c in clients:
        assert '"wall":' not in c.raw[0]  # the very first message
        await c.close()


async def _play(server: ServerProcess, http: httpx.AsyncClient, ruleset: str, options: dict[str, Any],
                hands: int, **spec: Any) -> tuple[str, list[Client]]:
    people = [await session(http, f"位{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], ruleset=ruleset, options=options, hands=hands,
                              **spec))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    clients = []
    for i, p in enumerate(people):
        c = await Client(server.ws_base, code, p["token"]).connect()
        c.autoplay, c.rng = True, random.Random(100 + i)
        clients.append(c)
    for c in clients:
        await c.send({"type": "ready"})
    for c in clients:
        await c.next_of("match_end", timeout=120, after=0)
    return code, clients


async def test_a_seat_not_asked_cannot_tell_a_claim_window(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """Another seat's discard looks the same to a seat that is not asked whether or not someone may claim
    it: phase "turn" with the discarder or the next seat current, no claim, no clock naming anyone
    but the seat shown current, and during a window exactly one message (passes are not announced)."""
    code, clients = await _play(server, http, "anqing", {"mode": "A"}, 2)
    windows = plain = 0
    for hand_no in (1, 2):
        views, _, _ = truth((await http.get(f"/api/rooms/{code}/hands/{hand_no}/replay")).content)
        for seat, c in enumerate(clients):
            msgs = [m for m in c.messages if m["type"] == "view" and m["view"]["hand_no"] == hand_no]
            for i, msg in enumerate(msgs):
                discards = [e for e in msg["events"] if e["type"] == "discarded" and e["seat"] != seat]
                if not discards:
                    continue
                engine = views[msg["step"]][0]  # the discard itself (a seat not asked sees no answer)
                if engine[seat]["legal"] or engine[seat]["phase"] == "over":
                    continue  # asked itself (it may know), or the hand ended on this discard
                view, clock = msg["view"], msg["clock"]
                # the same in both cases: an ordinary wait, no claim, no clock but the current seat's
                assert view["phase"] in ("turn", "haidi") and view["claim"] is None and view["legal"] == []
                assert clock is None or clock["seats"] == [view["current"]], clock
                if engine[seat]["phase"] == "claim":  # a window is open, others may claim
                    windows += 1
                    assert view["phase"] == "turn" and view["current"] == discards[-1]["seat"] and clock is None
                    assert [e["type"] for e in msg["events"]][-1] == "discarded"
                    asked = [s for s in range(4) if engine[s]["legal"]]
                    assert asked and seat not in asked
                    # the window's answers (passes) send it nothing: its next view brings what came of it
                    if i + 1 < len(msgs):
                        assert msgs[i + 1]["events"], f"seat {seat} was sent a view with nothing new in a window"
                else:
                    plain += 1
    assert windows > 0 and plain > 0, (windows, plain)
    for c in clients:
        raw_views = [r for r, m in zip(c.raw, c.messages, strict=True) if m["type"] == "view"]
        assert all('"phase":"claim"' not in r or '"legal":[]' not in r for r in raw_views)
        await c.close()


def _two_claimers(ruleset: str) -> tuple[str, str, int, dict[str, Any], list[int], int]:
    """Seeds whose first hand's dealer can discard a tile two other seats may claim while the fourth
    may not: (seed, match seed, dealer, that discard, the two claimers, the fourth seat)."""
    from majiang.engine import Discard, action_to_builtins
    from tests.server.harness import seeded_match

    for n in range(400):
        seed, match_seed = f"claims-{n}", f"match-{n}"
        match = seeded_match(ruleset, {}, 1, match_seed, [seed])
        hand = match.hand
        dealer = hand.dealer
        for action in hand.legal_actions(dealer):
            if not isinstance(action, Discard):
                continue
            trial = Hand.replay(hand.ruleset, seed, [(dealer, action)], dealer=dealer, streak=hand.streak,
                                dealer_dice=hand.dealer_dice)
            if trial.phase != "claim" or trial.claim is None:
                continue
            claimers = sorted(trial.claim.options)
            others = [s for s in range(4) if s != dealer and s not in claimers]
            if len(claimers) == 2 and others:
                return seed, match_seed, dealer, action_to_builtins(action), claimers, others[0]
    raise AssertionError("no seed gives a window with two claimers in 400 tries")


async def test_an_unasked_seat_learns_nothing_from_refusals_or_snapshots(server: ServerProcess,
                                                                        http: httpx.AsyncClient) -> None:
    """A seat not asked gets the same refusal for an `act` during another seat's turn and during a claim
    window it is not part of; after a claimer's (secret) pass its `sync` snapshot is byte for byte its
    last view, seq and step included (issue 30: the refusal texts differed, and `step` moved)."""
    from tests.server.harness import fix_seeds

    seed, match_seed, dealer, discard, (first, second), unasked = _two_claimers("anqing")
    people = [await session(http, f"窗{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], ruleset="anqing", hands=1))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    await fix_seeds(http, code, [seed], match_seed)
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in people]
    for c in clients:
        await c.next_of("welcome", after=0)
        await c.send({"type": "ready"})
    for c in clients:
        await c.wait(lambda cl: cl.view is not None and cl.view["hand_no"] == 1)
    b = clients[unasked]

    async def refusal(action: dict[str, Any]) -> dict[str, Any]:
        start = len(b.messages)
        await b.send({"type": "act", "seq": b.seq, "action": action})
        err = await b.next_of("error", after=start)
        return {k: err[k] for k in ("code", "reason", "ref")}

    tile = b.view["hand"][0] if b.view else 0
    tries = [{"type": "pass"}, {"type": "discard", "tile": tile}, {"type": "win"}]
    outside = [await refusal(a) for a in tries]  # the dealer's turn

    d = clients[dealer]
    assert d.last_view_msg is not None
    await d.send({"type": "act", "seq": d.last_view_msg["seq"], "action": discard})
    for s in (first, second):
        await clients[s].wait(lambda cl: cl.view is not None and cl.view["claim"] is not None and cl.view["legal"])
    await b.wait(lambda cl: cl.view is not None and any(e["type"] == "discarded" for e in
                                                       (cl.last_view_msg or {}).get("events", [])))
    inside = [await refusal(a) for a in tries]  # the claim window b is not part of
    assert inside == outside, (inside, outside)
    assert all(r["code"] == "illegal" and r["reason"] == f"seat {unasked} has nothing to decide now" for r in inside)

    # the first claimer passes: secret; the window stays open for the second
    last = b.raw[len(b.raw) - 1 - [m["type"] for m in reversed(b.messages)].index("view")]
    a = clients[first]
    assert a.last_view_msg is not None
    start_a = len(a.messages)
    await a.send({"type": "act", "seq": a.last_view_msg["seq"], "action": {"type": "pass"}})
    await a.wait(lambda cl: any(m["type"] == "view" and not m["view"]["legal"] for m in cl.messages[start_a:]))
    assert clients[second].view is not None and clients[second].view["legal"]  # still deciding
    start = len(b.messages)
    await b.send({"type": "sync"})
    snap = await b.next_of("view", after=start)
    before = json.loads(last)
    assert {**snap, "events": None} == {**before, "events": None}, (snap, before)
    assert snap["events"] == []
    for c in clients:
        await c.close()
