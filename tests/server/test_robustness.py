"""Failures that must stay local: a write that fails, malformed requests, tokens, the last message
before a close."""

from __future__ import annotations

import asyncio
import sqlite3

import httpx
import websockets

from tests.server.conftest import _pg, until
from tests.server.harness import OPERATOR, Client, ServerProcess, auth, create_room, session


async def poison(server: ServerProcess, name: str, table: str, when: str) -> None:
    """A real failing write: a database trigger that refuses some inserts into ``table``."""
    url = server.database_url or ""
    if url.startswith("sqlite"):
        con = sqlite3.connect(url.split("///", 1)[1], timeout=30)
        con.execute(f"CREATE TRIGGER {name} BEFORE INSERT ON {table} WHEN {when} "
                    "BEGIN SELECT RAISE(ABORT, 'poisoned'); END")
        con.commit()
        con.close()
        return
    schema = url.rsplit("schema=", 1)[1]
    await asyncio.to_thread(
        _pg, f"CREATE OR REPLACE FUNCTION {schema}.poisoned() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'poisoned'; "
        f"END $$ LANGUAGE plpgsql; CREATE TRIGGER {name} BEFORE INSERT ON {schema}.{table} FOR EACH ROW "
        f"WHEN ({when}) EXECUTE FUNCTION {schema}.poisoned()")


async def _status(http: httpx.AsyncClient, code: str) -> str:
    return str((await http.get(f"/api/rooms/{code}")).json()["room"]["status"])


async def test_a_failing_write_closes_only_its_own_table(server: ServerProcess, http: httpx.AsyncClient) -> None:
    op = auth(OPERATOR)
    a = await session(http, "毒")
    # option values that would overflow the stored scores are refused up front, naming the field
    for options, field in (({"base_silver": 10**30}, "base_silver"), ({"base_silver": 0}, "base_silver"),
                           ({"base_silver": 1001}, "base_silver"), ({"qingyise": 10**12}, "qingyise")):
        r = await http.post("/api/rooms", json={"ruleset": "anqing", "options": options}, headers=auth(a["token"]))
        assert r.status_code == 400 and r.json()["error"] == "bad_request" and field in r.json()["reason"], r.text
    r = await http.post("/api/rooms", json={"ruleset": "anqing", "hands": 65}, headers=auth(a["token"]))
    assert r.status_code == 400 and "hands" in r.json()["reason"]

    # no input path is left, so the database itself refuses: one room's settled hand, another's 12th action
    normal = [(await create_room(http, a["token"], join=False, hands=2))["room"]["code"] for _ in range(4)]
    hand_fails = (await create_room(http, a["token"], hands=2))["room"]["code"]
    act_fails = (await create_room(http, a["token"], hands=2))["room"]["code"]
    await poison(server, f"p_{hand_fails.lower()}", "hand_seats", f"NEW.room_code = '{hand_fails}'")
    await poison(server, f"q_{act_fails.lower()}", "room_events",
           f"NEW.room_code = '{act_fails}' AND NEW.kind = 'act' AND NEW.idx > 20")
    watchers: list[Client] = []
    for code in (hand_fails, act_fails):
        assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=op)).status_code == 200
        c = await Client(server.ws_base, code, a["token"]).connect()
        await c.next_of("welcome", after=0)
        await c.send({"type": "tuoguan", "on": True})
        watchers.append(c)
    for code in normal:
        assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=op)).status_code == 200

    for c in watchers:  # the poisoned tables close, and tell their players why
        gone = await c.next_of("dissolved", timeout=60, after=0)
        assert gone["by"] == "error" and gone["reason"]
        await asyncio.wait_for(c.closed.wait(), 10)
        assert c.ws is not None and c.ws.close_code == 1000

    async def statuses() -> list[str]:
        return [await _status(http, code) for code in normal]

    async def all_finished() -> bool:
        return all(status == "finished" for status in await statuses())

    await until(all_finished, 90, "the tables that were not poisoned play on to the end", every=0.3)
    assert await statuses() == ["finished"] * len(normal)
    assert await _status(http, hand_fails) == "dissolved" and await _status(http, act_fails) == "dissolved"
    hands = (await http.get(f"/api/rooms/{normal[0]}/hands")).json()["hands"]
    assert len(hands) == 2
    # and the server goes on serving: a new room plays
    code = (await create_room(http, a["token"], join=False, hands=1))["room"]["code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=op)

    async def finished() -> bool:
        return await _status(http, code) == "finished"

    await until(finished, 60, f"room {code}, opened after the failures, played to the end", every=0.3)


async def test_duplicate_bot_seats_are_filled_once(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a = await session(http, "重")
    code = (await create_room(http, a["token"]))["room"]["code"]
    r = await http.post(f"/api/rooms/{code}/bots", json={"seats": [1, 1]}, headers=auth(a["token"]))
    assert r.status_code == 200, r.text
    seats = r.json()["room"]["seats"]
    assert seats[1]["bot"] and not seats[2]["occupied"] and not seats[3]["occupied"]
    r = await http.post(f"/api/rooms/{code}/bots", json={"seats": [7]}, headers=auth(a["token"]))
    assert r.status_code == 400 and r.json()["error"] == "bad_message"
    c = await Client(server.ws_base, code, a["token"]).connect()
    await c.next_of("welcome", after=0)
    start = len(c.messages)
    await c.send({"type": "add_bots", "seats": [2, 2, 2]})
    room = await c.wait(lambda cl: cl.room if cl.room["seats"][2]["occupied"] else None)
    assert room["seats"][2]["bot"] and not room["seats"][3]["occupied"]
    assert not [m for m in c.messages[start:] if m["type"] == "error"]
    await c.send({"type": "ping"})
    await c.next_of("pong", after=start)
    await c.close()


async def test_non_ascii_tokens_are_refused(server: ServerProcess, http: httpx.AsyncClient) -> None:
    for tok in ("a.\u00e9".encode(), "\u00e9".encode(), b"a.\xc3\xa9", b"abc"):
        r = await http.get("/api/me", headers={"authorization": b"Bearer " + tok})
        assert r.status_code == 401 and r.json()["error"] == "unauthorized", r.text
    a = await session(http, "字")
    code = (await create_room(http, a["token"]))["room"]["code"]
    for tok in ("a.%C3%A9", "%C3%A9.%E2%82%AC", "%00.%00"):
        c = await Client(server.ws_base, code, tok).connect()
        await asyncio.wait_for(c.closed.wait(), 10)
        assert c.messages[0]["code"] == "bad_token" and c.ws is not None and c.ws.close_code == 4001
    for name in ("a\u0000b", "\u200b", "\u202eevil", "x\u200dy", "\ue000"):
        r = await http.post("/api/session", json={"name": name})
        assert r.status_code == 400, (name, r.text)
    assert (await http.post("/api/session", json={"name": "e\u0301 🀄"})).status_code == 200


async def _closed(c: Client) -> int | None:
    await asyncio.wait_for(c.closed.wait(), 10)
    assert c.ws is not None
    return c.ws.close_code


async def test_the_connection_that_closes_gets_its_last_message_and_code(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b = await session(http, "走"), await session(http, "留")
    # the leaver gets its room message, then 1000
    code = (await create_room(http, a["token"]))["room"]["code"]
    ca = await Client(server.ws_base, code, a["token"]).connect()
    await ca.next_of("welcome", after=0)
    start = len(ca.messages)
    await ca.send({"type": "leave"})
    assert await _closed(ca) == 1000
    last = [m for m in ca.messages[start:] if m["type"] == "room"]
    assert last and not last[-1]["room"]["seats"][0]["occupied"]

    # the voter whose vote decides gets `dissolved` and 1000, like the others
    code = (await create_room(http, a["token"]))["room"]["code"]
    await http.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))
    ca, cb = [await Client(server.ws_base, code, p["token"]).connect() for p in (a, b)]
    for c in (ca, cb):
        await c.next_of("welcome", after=0)
    await ca.send({"type": "vote_dissolve", "agree": True})
    await cb.wait(lambda c: c.room["vote"] is not None)
    await cb.send({"type": "vote_dissolve", "agree": True})
    for c in (ca, cb):
        assert await _closed(c) == 1000
        assert [m["by"] for m in c.messages if m["type"] == "dissolved"] == ["vote"]

    # a flooder is closed with 1008 (a client seeing 1006 would reconnect and go on)
    code = (await create_room(http, a["token"]))["room"]["code"]
    cf = await Client(server.ws_base, code, a["token"]).connect()
    await cf.next_of("welcome", after=0)
    assert cf.ws is not None
    for _ in range(300):
        try:
            await cf.ws.send('{"type": "ping"}')
        except websockets.ConnectionClosed:
            break
    assert await _closed(cf) == 1008
