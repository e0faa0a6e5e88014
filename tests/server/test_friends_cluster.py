"""Friends across two nodes (real `majiang serve --redis-url` processes, the machine's PostgreSQL and
Redis): an invite sent through one node is pushed to the invitee's lobby socket on the other, the
friend list on either node says where a friend sits, and sign-in attempts and code guesses spread over
the nodes meet one limit."""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import TEST_LIMITS, Client, auth, create_room
from tests.server.lobby_client import LobbyClient
from tests.server.test_cluster import REDIS, Cluster, cluster_env  # noqa: F401 - cluster_env is a fixture
from tests.server.test_friends import _befriend

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
LIMITS = TEST_LIMITS + ",login_rate_ip=0.001,login_burst_ip=4,code_rate_ip=0.001,code_burst_ip=3"


async def _account(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    r = await http.post("/api/account/register", json={"username": name, "password": "correct horse"})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


async def _until(what: Any, timeout: float = 10) -> Any:
    """What ``what()`` returns once it is truthy (presence is written by each node every second)."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        got = await what()
        if got or asyncio.get_running_loop().time() > deadline:
            return got
        await asyncio.sleep(0.1)


async def test_an_invite_through_one_node_reaches_the_other(cluster_env: tuple[Path, str, str]) -> None:  # noqa: F811
    tmp, url, prefix = cluster_env
    c = await asyncio.to_thread(Cluster(tmp, url, REDIS, prefix, limits=LIMITS).start, 2)
    n0, n1 = c.nodes
    try:
        async with httpx.AsyncClient(base_url=n0.base, timeout=20) as h0, \
                httpx.AsyncClient(base_url=n1.base, timeout=20) as h1:
            a = await _account(h0, "a" + secrets.token_hex(4))
            b = await _account(h1, "b" + secrets.token_hex(4))
            await _befriend(h0, a, b)
            lb = await LobbyClient(n1.ws_base, b["token"]).connect()  # B's lobby on node 1
            code = (await create_room(h0, a["token"], hands=1))["room"]["code"]
            host = await Client(n0.ws_base, code, a["token"]).connect()  # A sits at node 0's table
            await host.next_of("welcome", after=0)

            async def a_seen_at_table() -> Any:
                f = (await h1.get("/api/friends", headers=auth(b["token"]))).json()["friends"][0]
                return f if f["online"] and f["room"] else None
            seen = await _until(a_seen_at_table)
            assert seen and seen["room"]["code"] == code and seen["room"]["free"] == 3, seen

            mark = lb.mark()
            r = await h0.post("/api/invites", json={"room": code, "player_id": b["player_id"]},
                              headers=auth(a["token"]))
            assert r.status_code == 201, r.text
            got = await lb.next_of("invite", after=mark)
            assert got["invite"]["room"] == code and got["invite"]["from_name"] == a["name"]
            # B joins through its own node (relayed to the owner) and finds the free seat
            r = await h1.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))
            assert r.status_code == 200 and r.json()["seat"] == 1, r.text
            guest = await Client(n1.ws_base, code, b["token"]).connect()
            assert (await guest.next_of("welcome", after=0))["seat"] == 1
            # a lobby socket that comes back on the other node starts with what is still pending
            await lb.close()
            lb = await LobbyClient(n0.ws_base, b["token"]).connect()
            assert [i["room"] for i in lb.messages[0]["invites"]] == [code]
            await lb.close()
            await guest.close()
            await host.close()
    finally:
        await asyncio.to_thread(c.stop)


async def test_sign_in_and_code_limits_are_counted_across_nodes(cluster_env: tuple[Path, str, str]) -> None:  # noqa: F811
    tmp, url, prefix = cluster_env
    c = await asyncio.to_thread(Cluster(tmp, url, REDIS, prefix, limits=LIMITS).start, 2)
    try:
        async with httpx.AsyncClient(base_url=c.nodes[0].base, timeout=20) as h0, \
                httpx.AsyncClient(base_url=c.nodes[1].base, timeout=20) as h1:
            name = "v" + secrets.token_hex(4)
            await _account(h0, name)
            answers = []
            for i in range(6):  # a flood alternating between the nodes: each alone would allow 4
                r = await (h0, h1)[i % 2].post("/api/account/login", json={"username": name, "password": "wrong one"})
                answers.append(r.status_code)
            assert answers == [401] * 4 + [429] * 2, answers
            misses = []
            for i in range(5):
                r = await (h1, h0)[i % 2].get(f"/api/replay-codes/ZZZZZZZ{i + 2}")
                misses.append(r.status_code)
            assert misses == [404] * 3 + [429] * 2, misses
    finally:
        await asyncio.to_thread(c.stop)


def _listener(prefix: str, node: str) -> dict[str, Any] | None:
    """Node ``node``'s lobby subscription as Redis lists it (its connection is named for it)."""
    import redis

    r = redis.Redis.from_url(REDIS)
    try:
        return next((c for c in r.client_list() if c.get("name") == f"{prefix}lobby:{node}"
                     and c.get("sub") not in (None, "0")), None)
    finally:
        r.close()


async def test_a_node_subscribes_again_when_its_redis_connection_is_cut(
        cluster_env: tuple[Path, str, str]) -> None:  # noqa: F811
    tmp, url, prefix = cluster_env
    c = await asyncio.to_thread(Cluster(tmp, url, REDIS, prefix).start, 2)
    n0, n1 = c.nodes
    try:
        async with httpx.AsyncClient(base_url=n0.base, timeout=20) as h0:
            a = await _account(h0, "a" + secrets.token_hex(4))
            b = await _account(h0, "b" + secrets.token_hex(4))
            await _befriend(h0, a, b)
            code = (await create_room(h0, a["token"], hands=1))["room"]["code"]
            lb = await LobbyClient(n1.ws_base, b["token"]).connect()
            first = await _until(lambda: asyncio.to_thread(_listener, prefix, "n1"))
            assert first is not None
            mark = lb.mark()
            r1 = await h0.post("/api/invites", json={"room": code, "player_id": b["player_id"]},
                               headers=auth(a["token"]))
            assert r1.status_code == 201, r1.text
            await lb.next_of("invite", after=mark)  # delivered through node 1's subscription
            import redis

            r = redis.Redis.from_url(REDIS)
            r.client_kill_filter(_id=first["id"])  # only node 1's subscription, nobody else's
            r.close()
            # what is published while node 1 subscribes again is not replayed (a reconnecting browser
            # gets it in hello): invites are sent again until one arrives, as a player would
            mark = lb.mark()

            async def delivered() -> bool:
                r2 = await h0.post("/api/invites", json={"room": code, "player_id": b["player_id"]},
                                   headers=auth(a["token"]))
                assert r2.status_code == 201, r2.text
                with contextlib.suppress(TimeoutError):
                    await lb.next_of("invite", after=mark, timeout=0.5)
                    return True
                return False
            assert await _until(delivered, timeout=15)
            assert "subscribing again" in c.log(1)
            assert not lb.closed.is_set()  # the browser's socket never noticed
            await lb.close()
    finally:
        await asyncio.to_thread(c.stop)
