"""A long-running server keeps nothing of matches that are over (docs/server.md, Soak).

A real server with a short eviction delay and a housekeeping pass every second plays a few matches to
the end; once they are evicted its operator memory report must show no table, hand, connection or
websocket protocol object alive and no rate-limit key left. Before the scheduled collection the
websockets library's ``ServerProtocol`` of every closed connection stayed (a cycle through its parser
generator, with its zlib streams) until a full collection the server's thresholds made rare."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.conftest import until
from tests.server.harness import OPERATOR, Client, ServerProcess, auth, create_room, fix_seeds, session

# every limit on (so each map gets keys) but roomy; tables leave memory 1 s after the end
ROOMY = {"write_rate_ip": 50, "write_burst_ip": 100, "write_rate_token": 50, "write_burst_token": 100,
         "ws_rate_token": 50, "ws_burst_token": 100, "ws_rate_ip": 50, "ws_burst_ip": 100,
         "connect_rate_token": 50, "connect_burst_token": 100, "connect_rate_ip": 50, "connect_burst_ip": 100,
         "evict_seconds": 1}
OPERATOR_AUTH = {"x-operator-token": OPERATOR}


def start(tmp: Path, **limits: float) -> ServerProcess:
    return ServerProcess(tmp, limits=",".join(f"{k}={v}" for k, v in {**ROOMY, **limits}.items())).start()


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """Housekeeping every second: a collection and the pruning of refilled buckets. Tables leave memory 5 s
    after their end here, so a match that ended a little before the others is still counted while they
    finish (at 1 s one was sometimes gone already: the count read 2 of 3)."""
    server = start(tmp_path_factory.mktemp("memory"), gc_seconds=1, evict_seconds=5)
    try:
        yield server
    finally:
        server.stop()


async def report(http: httpx.AsyncClient) -> dict[str, Any]:
    r = await http.get("/api/admin/memory?objects=1", headers=OPERATOR_AUTH)
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


async def play_match(srv: ServerProcess, http: httpx.AsyncClient, humans: int,
                     seed: str | None = None) -> tuple[str, list[Client]]:
    """A one-hand match of ``humans`` scripted players and bots, played to its end (still connected);
    ``seed`` fixes its deal and match."""
    people = [await session(http, f"M{i}") for i in range(humans)]
    code = (await create_room(http, people[0]["token"], hands=1))["room"]["code"]
    if seed is not None:
        await fix_seeds(http, code, [seed], seed)
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(people[0]["token"]))
    clients = [await Client(srv.ws_base, code, p["token"]).connect() for p in people]
    for c in clients:
        c.autoplay = True
        await c.next_of("welcome", after=0)
        await c.send({"type": "ready"})
    for c in clients:
        await c.next_of("match_end", timeout=60, after=0)
    return code, clients


async def test_nothing_of_a_finished_match_stays_in_memory(srv: ServerProcess) -> None:
    async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
        assert (await http.get("/api/admin/memory")).status_code == 403  # the operator's only
        played = await asyncio.gather(*(play_match(srv, http, humans) for humans in (1, 2, 4)))
        during = await report(http)
        # (counted at all: the last match's table at least is there, and every player's connection)
        assert during["objects"]["ServerProtocol"] >= 7 and during["objects"]["LiveTable"] >= 1, during["objects"]
        for _, clients in played:
            for c in clients:
                await c.close()
        last: list[dict[str, Any]] = []

        async def released() -> dict[str, Any] | None:
            last[:] = [now := await report(http)]
            held = {k: v for k, v in now["objects"].items() if v} | {k: v for k, v in now["buckets"].items() if v}
            return now if not held and now["tables"] == 0 else None

        # the report is the only way to see the eviction and the collections happen: ask it until it shows them
        now = await until(released, 20, lambda: f"still held after the matches were evicted: {last}", every=0.25)
        assert now["connections"] == 0 and now["upkeep"]["runs"] >= 1 and now["upkeep"]["found"] > 0
        for code, _ in played:  # evicted, not lost: the finished rooms are read from the store
            room = (await http.get(f"/api/rooms/{code}")).json()["room"]
            assert room["status"] == "finished"


async def test_closed_connections_set_off_a_collection(tmp_path: Path) -> None:
    """With the timed pass an hour away, closing connections is what makes the server collect (four
    times gc_connections closed: at its next look, within 5 s)."""
    server = start(tmp_path, gc_seconds=3600, gc_connections=1)
    try:
        async with httpx.AsyncClient(base_url=server.base, timeout=20) as http:
            _, clients = await play_match(server, http, 4)
            assert (await report(http))["upkeep"]["runs"] == 0
            for c in clients:
                await c.close()
            last: list[dict[str, Any]] = []

            async def collected() -> dict[str, Any] | None:
                last[:] = [now := await report(http)]
                return None if now["objects"]["ServerProtocol"] or now["objects"]["LiveTable"] else now

            now = await until(collected, 15, lambda: f"closed connections were not collected: {last}", every=0.25)
            assert now["upkeep"]["runs"] >= 1
    finally:
        server.stop()


async def test_the_bots_pace_is_reported_per_window(srv: ServerProcess) -> None:
    """GET /api/admin/bots: how late the bots answered since the last reset (bench/load.py's criterion)."""
    async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
        assert (await http.get("/api/admin/bots")).status_code == 403  # the operator's only
        await http.get("/api/admin/bots?reset=1", headers=OPERATOR_AUTH)
        # three bots answer every question of theirs, in a deal fixed so the hand lasts (a random one
        # once ended after 8 bot answers)
        _, clients = await play_match(srv, http, 1, seed="pace-1")
        pace = (await http.get("/api/admin/bots?reset=1", headers=OPERATOR_AUTH)).json()
        assert pace["answers"] >= 10, pace
        # no bot delay (FAST rooms): lateness is the decision and the save, well under a second each
        assert 0 <= pace["p50_ms"] <= pace["p99_ms"] <= pace["max_ms"] < 5000, pace
        for c in clients:
            await c.close()
        after = (await http.get("/api/admin/bots", headers=OPERATOR_AUTH)).json()
        assert after["answers"] == 0 and after["p99_ms"] == 0, after  # the reset started a new window
