"""Intents that must be refused (stale, illegal, wrong seat, garbage, floods) and the clock/托管/reconnect rules."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx

from tests.server.harness import Client, ServerProcess, auth, create_room, session


async def _table(server: ServerProcess, http: httpx.AsyncClient, humans: int = 1, **spec: Any) -> tuple[
        str, list[dict[str, Any]], list[Client]]:
    people = [await session(http, f"人{i}") for i in range(humans)]
    code = (await create_room(http, people[0]["token"], **spec))["room"]["code"]
    for p in people[1:]:
        await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(people[0]["token"]))
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in people]
    for c in clients:
        await c.next_of("welcome", after=0)
        await c.send({"type": "ready"})
    return code, people, clients


def errors(c: Client, start: int) -> list[dict[str, Any]]:
    return [m for m in c.messages[start:] if m["type"] == "error"]


async def test_refused_intents_leave_the_table_unchanged(server: ServerProcess, http: httpx.AsyncClient) -> None:
    # 东 (seat 0, a) deals first by option, not by the dice: wait for a's first question
    _, _, (a, b) = await _table(server, http, humans=2, ruleset="anqing", options={"east_deals_first": True})
    first = await a.wait(lambda c: c.last_view_msg if c.last_view_msg and c.last_view_msg["view"]["legal"] else None)
    seq, view = first["seq"], first["view"]
    not_held = next(t for t in range(34) if t not in view["hand"])

    async def refused(client: Client, frame: Any, code: str) -> dict[str, Any]:
        start = len(client.messages)
        await client.send(frame)
        err = await client.wait(lambda c: (errors(c, start) or [None])[0])
        assert err["code"] == code, err
        return err

    await refused(a, {"type": "act", "seq": seq, "action": {"type": "discard", "tile": not_held}}, "illegal")
    await refused(a, {"type": "act", "seq": seq - 1, "action": view["legal"][0]}, "stale")
    await refused(a, {"type": "act", "seq": seq + 50, "action": view["legal"][0]}, "stale")
    await refused(a, {"type": "act", "seq": seq, "seat": 1, "action": view["legal"][0]}, "wrong_seat")
    # b holds a real token and a seat, but cannot act for a's seat, with or without naming it
    await refused(b, {"type": "act", "seq": seq, "seat": 0, "action": view["legal"][0]}, "wrong_seat")
    await refused(b, {"type": "act", "seq": seq, "action": view["legal"][0]}, "illegal")
    for garbage in ("not json", "[1, 2]", "{}", '{"type": "nope"}', '{"type": "act"}', '{"type": "act", "seq": "x"}',
                    '{"type": "act", "seq": 1, "action": {"type": "discard", "tile": "5m"}}', b"\x00\xff binary"):
        await refused(a, garbage, "bad_message")
    await refused(a, json.dumps({"type": "ping", "pad": "x" * 5000}), "too_large")
    await refused(a, {"type": "leave"}, "not_now")
    await refused(a, {"type": "ready"}, "not_now")

    # nothing moved: a full snapshot shows the same question at the same seq
    start = len(a.messages)
    await a.send({"type": "sync"})
    snap = await a.next_of("view", after=start)
    assert snap["seq"] == seq and snap["view"] == view and snap["events"] == []
    # and the table still plays: the legal discard goes through
    await a.send({"type": "act", "seq": seq, "action": view["legal"][-1]})
    await a.wait(lambda c: c.seq > seq)
    assert not errors(a, start)

    # a flood: rate-limited (the socket stays open), then the connection still answers
    start = len(a.messages)
    for _ in range(60):
        await a.send({"type": "ping"})
    await a.wait(lambda c: sum(1 for m in c.messages[start:] if m["type"] in ("pong", "error")) >= 60)
    limited = [m for m in errors(a, start) if m["code"] == "rate_limited"]
    assert limited and not a.closed.is_set()
    assert all(m["ref"] == "ping" and "ping was dropped" in m["reason"] for m in limited)
    # the connection still answers once its bucket refills: a ping a second until a pong comes back
    start = len(a.messages)
    await a.send_until({"type": "ping"}, lambda c: any(m["type"] == "pong" for m in c.messages[start:]), timeout=10)
    await a.close()
    await b.close()


async def test_timeout_puts_the_seat_in_tuoguan_and_the_player_takes_it_back(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    _, _, (a,) = await _table(server, http, ruleset="hefei", hands=1, discard_seconds=0.3, claim_seconds=0.3,
                                tuoguan_after=1)  # the first timeout hands the seat over
    # a never answers: its clock runs out, 托管 starts and the bot plays a's seat
    await a.wait(lambda c: c.room["seats"][0]["tuoguan"], timeout=30)
    assert any(m["type"] == "view" and m["clock"] and 0 in m["clock"]["seats"] for m in a.messages)
    step = a.last_view_msg["step"]
    await a.wait(lambda c: c.last_view_msg["step"] > step + 4 or c.view["phase"] == "over", timeout=30)
    await a.send({"type": "tuoguan", "on": False})
    await a.wait(lambda c: not c.room["seats"][0]["tuoguan"] or c.room["status"] != "playing", timeout=10)
    if a.room["status"] == "playing":  # and the clock catches it again
        await a.wait(lambda c: c.room["seats"][0]["tuoguan"] or c.room["status"] != "playing", timeout=30)
    await a.next_of("match_end", timeout=60, after=0)
    await a.close()


async def test_reconnect_restores_the_seat_with_a_snapshot(server: ServerProcess, http: httpx.AsyncClient) -> None:
    # bots take a second a move, so the hand cannot end (which would leave 托管 on) while we reconnect
    code, (p,), (a,) = await _table(server, http, ruleset="anqing", grace_seconds=0.3, bot_delay=1)
    first = await a.wait(lambda c: c.last_view_msg if c.last_view_msg and c.last_view_msg["view"]["legal"] else None)
    await a.close()
    # gone past the grace: 托管 takes the seat and the hand goes on
    deadline = asyncio.get_running_loop().time() + 20
    while not (await http.get(f"/api/rooms/{code}")).json()["room"]["seats"][0]["tuoguan"]:
        assert asyncio.get_running_loop().time() < deadline
        await asyncio.sleep(0.1)
    back = await Client(server.ws_base, code, p["token"]).connect()
    welcome = await back.next_of("welcome", after=0)
    assert welcome["room"]["status"] == "playing"
    assert welcome["seat"] == 0 and not welcome["room"]["seats"][0]["tuoguan"]
    snap = await back.next_of("view", after=0)
    assert snap["events"] == [] and snap["tuoguan"] is False and snap["view"]["seat"] == 0
    assert snap["seq"] >= first["seq"] and snap["view"]["hand_no"] == 1
    assert len(snap["view"]["hand"]) == snap["view"]["seats"][0]["hand_count"]

    # a quick reconnect within the grace: the very same view comes back
    quick, (q,), (b,) = await _table(server, http, ruleset="hefei", grace_seconds=30)
    view = await b.wait(lambda c: c.last_view_msg if c.last_view_msg and c.last_view_msg["view"]["legal"] else None)
    await b.close()
    again = await Client(server.ws_base, quick, q["token"]).connect()
    snap = await again.next_of("view", after=0)
    assert snap["view"] == view["view"] and snap["seq"] == view["seq"] and snap["asked"] == view["asked"]
    await again.close()
    await back.close()
