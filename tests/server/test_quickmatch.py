"""Quick match (docs/server.md, "Quick match"): the seating rule on its own (near ratings, a window that
widens with waiting, bots after N seconds, modes apart), then real servers: four accounts queued are
seated in one ranked room, a guest who asked for bots gets an unrated room with three, a cancelled ticket
is gone, and on two nodes players queued on either node meet at one table."""

from __future__ import annotations

import asyncio
import secrets
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from majiang.server.quickmatch import Ticket, pick
from tests.server import test_cluster
from tests.server.harness import Client, ServerProcess, auth, session
from tests.server.test_accounts import register
from tests.server.test_cluster import REDIS, Cluster

cluster_env = test_cluster.cluster_env  # the fixture: a fresh PostgreSQL schema and Redis prefix


def ticket(name: str, mu: float, waited: float, now: float, mode: str = "A",
           bots_after: float | None = None) -> Ticket:
    return Ticket(id=name, player_id=name, name=name, ruleset="anqing", options={"mode": mode}, mode=mode, mu=mu,
                  account=True, since=now - waited, bots_after=bots_after, seen=now)


def test_pick_seats_the_longest_waiting_with_the_three_nearest() -> None:
    now = 1000.0
    ts = [ticket("a", 1500, 10, now), ticket("b", 1510, 1, now), ticket("c", 1480, 1, now),
          ticket("d", 1900, 1, now), ticket("e", 1540, 1, now), ticket("f", 1600, 1, now)]
    found = pick(ts, now)
    assert found is not None
    players, bots = found
    assert [t.id for t in players] == ["a", "b", "c", "e"] and bots == 0  # f (100 off) and d (400 off) wait


def test_pick_widens_the_window_with_waiting() -> None:
    now = 1000.0
    far = [ticket(x, 1800, 0, now) for x in "bcd"]
    assert pick([ticket("a", 1500, 0, now), *far], now) is None  # 300 apart, windows of 100
    players, _ = pick([ticket("a", 1500, 8, now), *far], now) or ([], 0)  # a's window: 100 + 25 × 8 = 300
    assert [t.id for t in players] == ["a", "b", "c", "d"]


def test_pick_fills_with_bots_only_after_the_wait_and_keeps_modes_apart() -> None:
    now = 1000.0
    other_mode = [ticket(x, 1500, 0, now, mode="B") for x in "bcd"]
    assert pick([ticket("a", 1500, 4, now, bots_after=5), *other_mode], now) is None
    players, bots = pick([ticket("a", 1500, 6, now, bots_after=5), *other_mode], now) or ([], 0)
    assert [t.id for t in players] == ["a"] and bots == 3
    two = pick([ticket("a", 1500, 6, now, bots_after=5), ticket("b", 1520, 0, now)], now)
    assert two is not None and [t.id for t in two[0]] == ["a", "b"] and two[1] == 2


async def queue(http: httpx.AsyncClient, token: str, **extra: Any) -> dict[str, Any]:
    r = await http.post("/api/quickmatch", json={"ruleset": "anqing", "options": {"mode": "A"}, **extra},
                        headers=auth(token))
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


async def matched(http: httpx.AsyncClient, token: str, ticket_id: str, timeout: float = 20) -> dict[str, Any]:
    """Poll the ticket as the page does (the matcher runs once a second) until it names a room."""
    deadline = time.monotonic() + timeout
    while True:
        r = await http.get(f"/api/quickmatch/{ticket_id}", headers=auth(token))
        assert r.status_code == 200, r.text
        if r.json()["status"] == "matched":
            return r.json()  # type: ignore[no-any-return]
        assert time.monotonic() < deadline, f"not matched in {timeout} s: {r.json()}"
        await asyncio.sleep(0.25)


async def test_four_accounts_meet_in_a_ranked_room(server: ServerProcess, http: httpx.AsyncClient) -> None:
    people = [await register(http, "q" + secrets.token_hex(5)) for _ in range(4)]
    tickets = [await queue(http, p["token"]) for p in people]
    assert tickets[0]["status"] == "waiting" and tickets[0]["window"] >= 100 and tickets[0]["rating"] == 1500
    got = [await matched(http, p["token"], t["ticket"]) for p, t in zip(people, tickets, strict=True)]
    assert len({g["room"] for g in got}) == 1 and sorted(g["seat"] for g in got) == [0, 1, 2, 3]
    assert all(g["ranked"] for g in got)
    code = got[0]["room"]
    room = (await http.get(f"/api/rooms/{code}")).json()["room"]
    assert room["settings"]["ranked"] is True
    assert {s["player_id"] for s in room["seats"]} == {p["player_id"] for p in people}
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in people]
    for c, g in zip(clients, got, strict=True):
        welcome = await c.next_of("welcome", after=0)
        assert welcome["seat"] == g["seat"]
        await c.close()


async def test_bots_after_a_wait_and_cancel(server: ServerProcess, http: httpx.AsyncClient) -> None:
    guest = await session(http, "QuickGuest")
    t = await queue(http, guest["token"], options={"mode": "B"}, bots_after=1)
    got = await matched(http, guest["token"], t["ticket"])
    assert got["ranked"] is False and got["seat"] == 0
    room = (await http.get(f"/api/rooms/{got['room']}")).json()["room"]
    assert [bool(s["bot"]) for s in room["seats"]] == [False, True, True, True]
    assert room["settings"]["ranked"] is False
    other = await session(http, "Canceller")
    t = await queue(http, other["token"], options={"mode": "B"})
    assert (await http.post(f"/api/quickmatch/{t['ticket']}/cancel", headers=auth(other["token"]))).json()["ok"]
    assert (await http.get(f"/api/quickmatch/{t['ticket']}", headers=auth(other["token"]))).status_code == 404
    # somebody else's ticket is not yours to read or cancel
    assert (await http.get(f"/api/quickmatch/{got['ticket']}", headers=auth(other["token"]))).status_code == 404
    bad = await http.post("/api/quickmatch", json={"ruleset": "anqing", "bots_after": 0}, headers=auth(other["token"]))
    assert bad.status_code == 400


@pytest.mark.postgres
@pytest.mark.redis
async def test_players_on_two_nodes_meet_at_one_table(cluster_env: tuple[Path, str, str]) -> None:
    tmp, url, prefix = cluster_env
    nodes = Cluster(tmp, url, REDIS, prefix).start(2)
    try:
        async with httpx.AsyncClient(base_url=nodes.nodes[0].base, timeout=20) as a, \
                httpx.AsyncClient(base_url=nodes.nodes[1].base, timeout=20) as b:
            where = [a, a, b, b]
            people = [await register(h, "n" + secrets.token_hex(5)) for h in where]
            tickets = [await queue(h, p["token"]) for h, p in zip(where, people, strict=True)]
            got = [await matched(h, p["token"], t["ticket"])
                   for h, p, t in zip(where, people, tickets, strict=True)]
            assert len({g["room"] for g in got}) == 1 and all(g["ranked"] for g in got)
            code = got[0]["room"]
            # each player opens the table on its own node (relayed to the owner where needed)
            clients = [await Client(n.ws_base, code, p["token"]).connect()
                       for n, p in zip([nodes.nodes[0]] * 2 + [nodes.nodes[1]] * 2, people, strict=True)]
            for c, g in zip(clients, got, strict=True):
                assert (await c.next_of("welcome", after=0))["seat"] == g["seat"]
                await c.close()
    finally:
        nodes.stop()
