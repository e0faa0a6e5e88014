"""Rooms: create/join/list, bots, the 3-ready countdown, leaving between hands, dissolving."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx

from tests.server.harness import (
    OPERATOR,
    Client,
    ServerProcess,
    asked_seats,
    auth,
    create_room,
    first_seeds,
    fix_seeds,
    pick,
    session,
)


async def test_create_join_list_and_fill(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b, c, d = [await session(http, n) for n in ("甲", "乙", "丙", "丁")]
    assert (await http.post("/api/rooms", json={"ruleset": "anqing"})).status_code == 401
    bad = await http.post("/api/rooms", json={"ruleset": "shanghai"}, headers=auth(a["token"]))
    assert bad.status_code == 400 and "unknown ruleset" in bad.json()["reason"]
    bad = await http.post("/api/rooms", json={"ruleset": "anqing", "options": {"mode": "C"}}, headers=auth(a["token"]))
    assert bad.status_code == 400
    bad = await http.post("/api/rooms", json={"ruleset": "anqing", "discard_seconds": 0}, headers=auth(a["token"]))
    assert bad.status_code == 400

    created = await create_room(http, a["token"], ruleset="hefei", options={"room": "baoting"}, hands=4)
    code = created["room"]["code"]
    assert len(code) == 6 and created["room"]["options"]["room"] == "baoting"
    assert created["room"]["settings"]["hands"] == 4
    listed = (await http.get("/api/rooms")).json()["rooms"]
    assert code in [r["code"] for r in listed]

    joined = (await http.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))).json()
    assert joined["seat"] == 1
    again = (await http.post(f"/api/rooms/{code.lower()}/join", headers=auth(b["token"]))).json()
    assert again["seat"] == 1  # joining twice keeps the seat

    cc = await Client(server.ws_base, code, c["token"]).connect()  # the websocket seats a newcomer
    welcome = await cc.next_of("welcome", after=0)
    assert welcome["seat"] == 2 and welcome["room"]["seats"][2]["name"] == "丙"
    await cc.send({"type": "add_bots"})
    room = await cc.wait(lambda cl: cl.room if cl.room["seats"][3]["occupied"] else None)
    assert room["seats"][3]["bot"] and room["seats"][3]["ready"]
    assert code not in [r["code"] for r in (await http.get("/api/rooms")).json()["rooms"]]  # full: not open

    full = await http.post(f"/api/rooms/{code}/join", headers=auth(d["token"]))
    assert full.status_code == 409
    dd = await Client(server.ws_base, code, d["token"]).connect()  # a full room's link: watching, no seat
    watching = await dd.next_of("welcome", after=0)
    assert watching["seat"] is None and watching["watching"] is True
    await dd.close()  # (a room created with "watch": false refuses instead: test_spectators.py)

    forged = await Client(server.ws_base, code, a["token"][:-3] + "abc").connect()
    await asyncio.wait_for(forged.closed.wait(), 10)
    assert forged.messages[0]["code"] == "bad_token"
    nowhere = await Client(server.ws_base, "ZZZZZZ", a["token"]).connect()
    await asyncio.wait_for(nowhere.closed.wait(), 10)
    assert nowhere.messages[0]["code"] == "no_room"
    assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(d["token"]))).status_code == 403
    await cc.close()


async def test_three_ready_countdown_readies_the_fourth(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a = await session(http, "慢")
    code = (await create_room(http, a["token"], ready_seconds=1))["room"]["code"]
    c = await Client(server.ws_base, code, a["token"]).connect()
    await c.next_of("welcome", after=0)
    await c.send({"type": "add_bots"})  # connected first, so the countdown cannot run out unseen
    view = await c.next_of("view", timeout=10, after=0)  # never sent ready: the countdown did
    assert view["view"]["hand_no"] == 1
    countdowns = [m["room"]["countdown"] for m in c.messages if m["type"] in ("welcome", "room")
                  and m["room"]["countdown"]]
    assert countdowns and countdowns[0]["seat"] == 0
    assert c.room is not None and c.room["status"] == "playing"
    await c.close()


def _keeps_the_deal(match: Any) -> bool:
    """Whether the first hand, played as the server will play it (seat 0 the scripted player of
    harness.pick, seats 1-3 the server's strong bots, which roll no dice), ends with the dealer
    keeping the deal."""
    from majiang.bots import make_bot
    from majiang.engine import action_to_builtins, seat_view

    hand, bots = match.hand, {s: make_bot("strong", 0) for s in (1, 2, 3)}
    for s in asked_seats(hand):
        legal = hand.legal_actions(s)
        if s == 0:
            chosen = pick([action_to_builtins(a) for a in legal])
            match.apply(s, next(a for a in legal if action_to_builtins(a) == chosen))
        else:
            match.apply(s, bots[s].choose(seat_view(hand, s)))
    return bool(match.streak > 0)


async def test_leaving_between_hands_opens_the_seat_and_anqing_keeps_k(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    a = await session(http, "走")
    # Set up, not waited for: the first hand is dealt from seeds chosen (by playing it here, the
    # scripted player's moves and the server's bots) so that the dealer keeps the deal
    seed, match_seed = first_seeds("anqing", {}, 40, "kd", _keeps_the_deal)
    code = (await create_room(http, a["token"], ruleset="anqing", hands=40))["room"]["code"]
    await fix_seeds(http, code, [seed], match_seed)
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
    c = await Client(server.ws_base, code, a["token"]).connect()
    c.autoplay = True
    c.autoready = False
    await c.next_of("welcome", after=0)
    await c.send({"type": "ready"})
    # from the history, not the latest state: a seat in 托管 is readied at once and the wait is brief
    room = await c.wait(lambda cl: next((m["room"] for m in cl.messages if m["type"] == "room"
                                         and m["room"]["status"] == "waiting" and m["room"]["hand_no"] == 1),
                                        None), timeout=60)
    assert room["next_deal"]["streak"] > 0, room["next_deal"]  # the dealer kept the deal: the streak went up
    if c.room["status"] != "waiting":  # 托管 readied the seat and the next hand began: finish it first
        await c.send({"type": "tuoguan", "on": False})
        room = await c.wait(lambda cl: cl.room if cl.room["status"] == "waiting" else None, timeout=60)
    await c.send_until({"type": "leave"}, lambda cl: cl.closed.is_set())
    after = (await http.get(f"/api/rooms/{code}")).json()["room"]
    assert not after["seats"][0]["occupied"]
    assert after["next_deal"]["streak"] == room["next_deal"]["streak"]  # Anqing: k continues (the reset is Hefei's)
    assert after["next_deal"]["dealer"] == room["next_deal"]["dealer"]

    b = await session(http, "来")
    cb = await Client(server.ws_base, code, b["token"]).connect()
    assert (await cb.next_of("welcome", after=0))["seat"] == 0
    await cb.send({"type": "ready"})
    view = await cb.wait(lambda cl: cl.view if cl.view and cl.view["hand_no"] == room["hand_no"] + 1 else None)
    assert view["streak"] == room["next_deal"]["streak"]
    await cb.close()


async def test_operator_dissolves(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a = await session(http, "网")
    code = (await create_room(http, a["token"]))["room"]["code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
    c = await Client(server.ws_base, code, a["token"]).connect()
    await c.send({"type": "ready"})
    await c.next_of("view", after=0)
    assert (await http.post(f"/api/rooms/{code}/dissolve", headers=auth(a["token"]))).status_code == 403
    r = await http.post(f"/api/rooms/{code}/dissolve", headers=auth(OPERATOR))
    assert r.status_code == 200 and r.json()["room"]["status"] == "dissolved"
    msg = await c.next_of("dissolved", after=0)
    assert msg["by"] == "operator"
    await asyncio.wait_for(c.closed.wait(), 10)
    assert (await http.get(f"/api/rooms/{code}")).json()["room"]["status"] == "dissolved"


async def test_dissolve_by_unanimous_vote(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b = await session(http, "东"), await session(http, "南")
    code = (await create_room(http, a["token"], vote_seconds=2))["room"]["code"]
    await http.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
    ca = await Client(server.ws_base, code, a["token"]).connect()
    cb = await Client(server.ws_base, code, b["token"]).connect()
    await ca.send({"type": "ready"})
    await cb.send({"type": "ready"})
    await ca.next_of("view", after=0)

    # Waits read the message history since the intent, not the latest state: a vote may open and
    # close between two looks.
    def saw(c: Client, start: int, open_: bool) -> bool:
        return any(m["type"] == "room" and bool(m["room"]["vote"]) == open_ for m in c.messages[start:])

    # refused
    sa, sb = len(ca.messages), len(cb.messages)
    await ca.send({"type": "vote_dissolve", "agree": True})
    await cb.wait(lambda cl: saw(cl, sb, True))
    await cb.send({"type": "vote_dissolve", "agree": False})
    await ca.wait(lambda cl: saw(cl, sa, True) and cl.room["vote"] is None)
    # timed out
    sa = len(ca.messages)
    await ca.send({"type": "vote_dissolve", "agree": True})
    await ca.wait(lambda cl: saw(cl, sa, True))
    await ca.wait(lambda cl: cl.room["vote"] is None, timeout=10)
    assert ca.room["status"] == "playing"
    # unanimous
    sb = len(cb.messages)
    await ca.send({"type": "vote_dissolve"})
    await cb.wait(lambda cl: saw(cl, sb, True))
    await cb.send({"type": "vote_dissolve", "agree": True})
    assert (await ca.next_of("dissolved", after=0))["by"] == "vote"
    await asyncio.wait_for(cb.closed.wait(), 10)
