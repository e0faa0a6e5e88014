"""The leave/rejoin loop (issue 30): a player who leaves between two hands and comes back does not
restart the ready countdown, a dissolve vote outlives a leave, and a player who left twice since the
last deal comes back in 托管, ready, until the next hand."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx

from tests.server.harness import Client, ServerProcess, auth, create_room, session


async def _between_hands(server: ServerProcess, http: httpx.AsyncClient, humans: int,
                         **spec: Any) -> tuple[str, list[dict[str, Any]], list[Client]]:
    """A room of ``humans`` scripted players and bots after its first hand, everyone connected."""
    people = [await session(http, f"G{i}") for i in range(humans)]
    code = (await create_room(http, people[0]["token"], ruleset="hefei", hands=3, **spec))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(people[0]["token"]))
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in people]
    for c in clients:
        c.autoplay, c.autoready = True, False
        await c.next_of("welcome", after=0)
        await c.send({"type": "ready"})
    for c in clients:
        await c.wait(lambda cl: any(m["type"] == "room" and m["room"]["status"] == "waiting"
                                    and m["room"]["hand_no"] == 1 for m in cl.messages), timeout=90)
        c.autoplay = False
    return code, people, clients


async def _rejoin(server: ServerProcess, http: httpx.AsyncClient, code: str, person: dict[str, Any]) -> Client:
    r = await http.post(f"/api/rooms/{code}/join", headers=auth(person["token"]))
    assert r.status_code == 200, r.text
    c = await Client(server.ws_base, code, person["token"]).connect()
    await c.next_of("welcome", after=0)
    return c


async def test_leaving_and_coming_back_does_not_hold_the_next_hand(server: ServerProcess,
                                                                    http: httpx.AsyncClient) -> None:
    ready_seconds = 3.0
    code, people, (honest, grief) = await _between_hands(server, http, 2, ready_seconds=ready_seconds)
    await honest.send({"type": "ready"})  # the countdown starts for the griefer's seat
    started = time.monotonic()

    async def loop() -> None:
        # leave and come back every half countdown (the probe's 8 s of 15): each return used to
        # restart the countdown, so hand 2 was never dealt
        nonlocal grief
        for _ in range(8):
            await asyncio.sleep(ready_seconds / 2)  # the griefer's pace, not a wait for the server
            if grief.room is not None and grief.room["status"] != "waiting":
                return
            await grief.send_until({"type": "leave"}, lambda cl: cl.closed.is_set())
            r = await http.post(f"/api/rooms/{code}/join", headers=auth(people[1]["token"]))
            if r.status_code != 200:  # the hand began meanwhile (the seat was readied): the loop is over
                return
            grief = await Client(server.ws_base, code, people[1]["token"]).connect()
            await grief.next_of("welcome", after=0)

    griefing = asyncio.create_task(loop())
    view = await honest.wait(lambda cl: cl.view if cl.view and cl.view["hand_no"] == 2 else None, timeout=30)
    dealt = time.monotonic() - started
    await griefing
    assert view["hand_no"] == 2
    assert dealt < ready_seconds + 2.0, dealt
    for c in (honest, grief):
        await c.close()


async def test_a_vote_outlives_a_leave_and_a_repeat_leaver_sits_in_tuoguan(server: ServerProcess,
                                                                          http: httpx.AsyncClient) -> None:
    code, people, (a, b, grief) = await _between_hands(server, http, 3, ready_seconds=600, vote_seconds=600)
    await a.send({"type": "vote_dissolve", "agree": True})
    await b.wait(lambda cl: cl.room["vote"] is not None)
    await grief.send_until({"type": "leave"}, lambda cl: cl.closed.is_set())
    room = (await http.get(f"/api/rooms/{code}")).json()["room"]
    assert room["vote"] is not None and room["vote"]["votes"] == {"0": True}, room["vote"]  # a's vote stands

    grief = await _rejoin(server, http, code, people[2])
    assert grief.room is not None and not grief.room["seats"][2]["tuoguan"]  # once is nothing
    await grief.send_until({"type": "leave"}, lambda cl: cl.closed.is_set())
    grief = await _rejoin(server, http, code, people[2])
    seat = grief.room["seats"][2] if grief.room else {}
    assert seat["tuoguan"] and seat["ready"], seat  # the second time: 托管, ready, until the next hand
    start = len(grief.messages)
    await grief.send({"type": "tuoguan", "on": False})
    refused = await grief.next_of("error", after=start)
    assert refused["code"] == "not_now" and "next hand" in refused["reason"]

    # the vote is still open: b's agreement (the griefer, back, must answer too) dissolves the room
    await b.send({"type": "vote_dissolve", "agree": True})
    await grief.send({"type": "vote_dissolve", "agree": True})
    assert (await a.next_of("dissolved", after=0))["by"] == "vote"
    for c in (a, b, grief):
        await c.close()
