"""Spectators and leaving, on a real server: a delayed spectator sees the hand N actions late; a room
with watching off refuses a fifth person; a room every person has left is no longer listed as open.
(That a spectator sees only public information, byte for byte, is in test_secrecy.py.)"""

from __future__ import annotations

import random

import httpx

from tests.server.harness import Client, ServerProcess, auth, create_room, session


async def test_a_delayed_spectator_sees_the_hand_late(server: ServerProcess, http: httpx.AsyncClient) -> None:
    people = [await session(http, f"迟{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], hands=1, watch_delay=6))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    watcher = await Client(server.ws_base, code, (await session(http, "观众"))["token"]).connect()
    await watcher.next_of("welcome", after=0)
    assert code not in {r["code"] for r in (await http.get("/api/rooms", params={"watch": 1})).json()["rooms"]}
    clients = []
    for i, p in enumerate(people):
        c = await Client(server.ws_base, code, p["token"]).connect()
        c.autoplay, c.rng = True, random.Random(7 + i)
        clients.append(c)
    await watcher.next_of("view", timeout=30, after=0)  # dealt: the room is being played, listed to watch
    listed = {r["code"] for r in (await http.get("/api/rooms", params={"watch": 1})).json()["rooms"]}
    for c in [*clients, watcher]:
        await c.next_of("match_end", timeout=120, after=0)
    assert code in listed
    final = max(m["step"] for m in clients[0].messages if m["type"] == "view")
    playing = [m["step"] for m in watcher.messages if m["type"] == "view" and m["view"]["phase"] != "over"]
    assert playing and max(playing) <= final - 6, (max(playing), final)
    over = [m for m in watcher.messages if m["type"] == "view" and m["view"]["phase"] == "over"]
    assert over and over[-1]["step"] == final  # the settlement is shown as it is
    for c in [*clients, watcher]:
        await c.close()


async def test_watching_off_refuses_a_fifth_person(server: ServerProcess, http: httpx.AsyncClient) -> None:
    people = [await session(http, f"满{i}") for i in range(4)]
    code = (await create_room(http, people[0]["token"], watch=False))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    fifth = await Client(server.ws_base, code, (await session(http, "外人"))["token"]).connect()
    err = await fifth.next_of("error", after=0)
    assert err["code"] == "room_full"
    await fifth.closed.wait()
    await fifth.close()


async def test_a_room_everyone_left_is_not_open(server: ServerProcess, http: httpx.AsyncClient) -> None:
    me = await session(http, "走人")
    code = (await create_room(http, me["token"], hands=1))["room"]["code"]
    r = await http.post(f"/api/rooms/{code}/bots", json={"seats": [1, 2]}, headers=auth(me["token"]))
    assert r.status_code == 200
    listed = {r["code"] for r in (await http.get("/api/rooms")).json()["rooms"]}
    assert code in listed
    c = await Client(server.ws_base, code, me["token"]).connect()
    await c.next_of("welcome", after=0)
    await c.send({"type": "leave"})
    await c.closed.wait()
    listed = {r["code"] for r in (await http.get("/api/rooms")).json()["rooms"]}
    assert code not in listed
    await c.close()
