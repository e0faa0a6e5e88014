"""Several nodes: real `majiang serve --redis-url` processes sharing the machine's PostgreSQL (a fresh
schema) and Redis (a fresh key prefix; never flushed), clients on different nodes, owners killed
(SIGKILL) and paused (SIGSTOP)."""

from __future__ import annotations

import asyncio
import os
import random
import secrets
import signal
import socket
import subprocess
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from tests.server.conftest import PG_ROOT, database_url, drop_schema, until
from tests.server.harness import (
    OPERATOR,
    TEST_LIMITS,
    Client,
    ServerProcess,
    auth,
    create_room,
    first_seeds,
    fix_seeds,
    session,
)
from tests.server.test_secrecy import at, shown, truth

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
REDIS = os.environ.get("MAJIANG_TEST_REDIS", "redis://127.0.0.1:6379/0")
LONG = {"discard_seconds": 120, "claim_seconds": 120, "grace_seconds": 120, "ready_seconds": 120}


class Cluster:
    def __init__(self, tmp: Path, url: str, redis_url: str, prefix: str, limits: str | None = None) -> None:
        self.tmp, self.url, self.redis_url, self.prefix = tmp, url, redis_url, prefix
        self.limits = limits  # MAJIANG_LIMITS for every node (None: the harness's roomy ones)
        self.nodes: list[ServerProcess] = []

    def start(self, n: int) -> Cluster:
        for i in range(n):
            self.nodes.append(self.node(i).start())
        return self

    def node(self, i: int) -> ServerProcess:
        srv = ServerProcess(self.tmp / f"node{i}", self.url, limits=self.limits, log_path=self.tmp / f"node{i}.log")
        srv.extra = ["--redis-url", self.redis_url, "--node-id", f"n{i}"]
        return srv

    def stop(self) -> None:
        for srv in self.nodes:
            if srv.proc is not None and srv.proc.poll() is None:
                srv.proc.send_signal(signal.SIGCONT)
            srv.stop()

    def log(self, i: int) -> str:
        return (self.tmp / f"node{i}.log").read_text()


@pytest.fixture
def cluster_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Path, str, str]]:
    url, schema = database_url("postgres", tmp_path)
    assert url is not None
    prefix = f"mjtest:{secrets.token_hex(4)}:"
    monkeypatch.setenv("MAJIANG_SECRET", secrets.token_hex(16))  # one signing key for every node
    monkeypatch.setenv("MAJIANG_REDIS_PREFIX", prefix)
    yield tmp_path, url, prefix
    drop_schema(schema)
    _delete_prefix(REDIS, prefix)


def _delete_prefix(redis_url: str, prefix: str) -> None:
    import redis

    r = redis.Redis.from_url(redis_url)
    try:
        for key in r.scan_iter(match=prefix + "*"):  # only this run's keys
            r.delete(key)
    except redis.RedisError:
        pass


@pytest.fixture
async def three(cluster_env: tuple[Path, str, str]) -> AsyncIterator[Cluster]:
    tmp, url, prefix = cluster_env
    c = await asyncio.to_thread(Cluster(tmp, url, REDIS, prefix).start, 3)
    try:
        yield c
    finally:
        await asyncio.to_thread(c.stop)


def _log_indexes(url: str, code: str) -> list[int]:
    import asyncpg

    schema = url.split("schema=")[1]

    async def go() -> list[int]:
        conn = await asyncpg.connect(PG_ROOT)
        try:
            rows = await conn.fetch(f"SELECT idx FROM {schema}.room_events WHERE room_code=$1 ORDER BY idx", code)
            return [r["idx"] for r in rows]
        finally:
            await conn.close()
    return asyncio.run(go())


async def _room_of_four(c: Cluster, **spec: Any) -> tuple[str, list[dict[str, Any]]]:
    """A room created on node 0 and joined through nodes 1 and 2 (REST relayed to the owner)."""
    https = [httpx.AsyncClient(base_url=n.base, timeout=20) for n in c.nodes]
    try:
        people = [await session(https[i % 3], f"P{i}") for i in range(4)]
        code = (await create_room(https[0], people[0]["token"], **spec))["room"]["code"]
        listed = (await https[2].get("/api/rooms")).json()["rooms"]  # the lobby of another node has it
        assert code in [r["code"] for r in listed]
        for i, p in enumerate(people[1:], 1):
            r = await https[i % 3].post(f"/api/rooms/{code}/join", headers=auth(p["token"]))
            assert r.status_code == 200, r.text
        room = (await https[1].get(f"/api/rooms/{code}")).json()["room"]
        assert [s["player_id"] for s in room["seats"]] == [p["player_id"] for p in people]
        return code, people
    finally:
        for h in https:
            await h.aclose()


async def test_four_clients_on_three_nodes_play_a_match_and_see_only_their_own(three: Cluster) -> None:
    code, people = await _room_of_four(three, ruleset="anqing", hands=1)
    clients = []
    for i, p in enumerate(people):
        cl = await Client(three.nodes[[0, 1, 2, 2][i]].ws_base, code, p["token"]).connect()
        cl.autoplay, cl.rng = True, random.Random(i)
        clients.append(cl)
    for cl in clients:
        await cl.send({"type": "ready"})
    for cl in clients:
        await cl.next_of("match_end", timeout=120, after=0)
    async with httpx.AsyncClient(base_url=three.nodes[1].base, timeout=20) as http:
        replay = (await http.get(f"/api/rooms/{code}/hands/1/replay")).content
    views, events, seed = truth(replay)
    for seat, cl in enumerate(clients):
        assert cl.seat == seat
        got: list[Any] = []
        for raw, msg in zip(cl.raw, cl.messages, strict=True):
            if msg["type"] != "view" or msg["view"]["phase"] == "over":
                continue
            assert '"wall":' not in raw and seed not in raw
            assert msg["view"] == shown(at(views, msg["step"], seat, msg["view"])), f"seat {seat} step {msg['step']}"
            got.extend(msg["events"])
        assert got == events[seat][:len(got)] and len(got) > 10
        await cl.close()


async def test_tokens_work_on_every_node_and_a_log_out_reaches_them_all(three: Cluster) -> None:
    """A log-out on one node voids the token on every node, and closes its socket open on a table of
    another node (relayed through a third), while the same player's other token (another device, at
    another table) plays on."""
    https = [httpx.AsyncClient(base_url=n.base, timeout=20) for n in three.nodes]
    try:
        p = await session(https[0], "走")
        for h in https:  # minted by node 0, accepted by all (one shared signing key)
            assert (await h.get("/api/me", headers=auth(p["token"]))).status_code == 200
        code = (await create_room(https[0], p["token"], hands=1))["room"]["code"]  # its table lives on node 0
        other = (await https[0].post("/api/session/renew", headers=auth(p["token"]))).json()  # a second device
        sitting = await Client(three.nodes[2].ws_base, code, p["token"]).connect()  # relayed by node 2
        await sitting.wait(lambda c: c.seat == 0)
        code2 = (await create_room(https[0], other["token"], hands=1))["room"]["code"]
        watching = await Client(three.nodes[1].ws_base, code2, other["token"]).connect()  # its other table
        await watching.wait(lambda c: c.seat == 0)
        r = await https[1].post("/api/session/logout", json={}, headers=auth(p["token"]))
        assert r.status_code == 200

        async def refused_everywhere(token: str) -> bool:
            return [(await h.get("/api/me", headers=auth(token))).status_code for h in https] == [401, 401, 401]

        # the other nodes read the revocation from the shared store within a couple of seconds
        await until(lambda: refused_everywhere(p["token"]), 5, "the log-out refused on every node", every=0.2)
        await asyncio.wait_for(sitting.closed.wait(), 10)
        assert sitting.ws is not None and sitting.ws.close_code == 4001
        assert sitting.messages[-1]["type"] == "error" and sitting.messages[-1]["code"] == "bad_token", sitting.raw[-1]
        assert "revoked" in sitting.messages[-1]["reason"]
        # Another scan of the store on the owner (node 0) comes and goes, and the other token's socket
        # stays: a second player seated at that table through node 1 logs out (through node 1, so the
        # owner learns of it by a scan); once the owner has closed that player's socket, the scan that
        # did it has judged the other token's socket, at the same table, too.
        marker = await session(https[1], "后")
        later = await Client(three.nodes[1].ws_base, code2, marker["token"]).connect()
        await later.wait(lambda c: c.seat == 1)
        assert (await https[1].post("/api/session/logout", json={}, headers=auth(marker["token"]))).status_code == 200
        await asyncio.wait_for(later.closed.wait(), 10)
        assert later.ws is not None and later.ws.close_code == 4001
        start = len(watching.messages)
        await watching.send({"type": "ping"})  # answered by the owner: the socket still reaches the table
        await watching.next_of("pong", after=start)
        assert not watching.closed.is_set()
        assert (await https[1].get("/api/me", headers=auth(other["token"]))).status_code == 200
        await watching.close()
    finally:
        for h in https:
            await h.aclose()


async def test_the_cluster_state_is_for_the_operator_only(three: Cluster) -> None:
    """GET /api/cluster lists a node's tables (private rooms' codes too) and the nodes' internal
    addresses: a stranger or a player gets 403 and none of it, the operator gets it all."""
    async with httpx.AsyncClient(base_url=three.nodes[0].base, timeout=20) as http:
        owner, stranger = await session(http, "私房"), await session(http, "路人")
        code = (await create_room(http, owner["token"], public=False, **LONG))["room"]["code"]
        for headers in ({}, auth(stranger["token"]), auth(owner["token"]), auth("not-the-operator"),
                        {"x-majiang-hop": "0" * 64}):
            r = await http.get("/api/cluster", headers=headers)
            assert r.status_code == 403 and r.json()["error"] == "forbidden", (headers, r.text)
            assert code not in r.text and "127.0.0.1" not in r.text and "http" not in r.text
        for headers in (auth(OPERATOR), {"x-operator-token": OPERATOR}):
            state = (await http.get("/api/cluster", headers=headers)).json()
            assert code in state["tables"] and state["node"] == "n0" and len(state["nodes"]) == 3


async def test_every_room_route_works_through_a_node_that_does_not_own_the_room(three: Cluster) -> None:
    """A room on node 0, every room route asked through node 1 or 2: the live-room ones are relayed to
    the owner (rematch used to answer 404 "no live room" there), the stored ones read the shared database."""
    https = [httpx.AsyncClient(base_url=n.base, timeout=20) for n in three.nodes]
    try:
        me = await session(https[0], "路由")
        code = (await create_room(https[0], me["token"], hands=1))["room"]["code"]
        assert (await https[1].get(f"/api/rooms/{code}")).status_code == 200
        r = await https[2].post(f"/api/rooms/{code}/test-deal", json={"seeds": ["route-1"]}, headers=auth(OPERATOR))
        assert r.status_code == 200, r.text
        r = await https[1].post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
        assert r.status_code == 200 and all(s["occupied"] for s in r.json()["room"]["seats"]), r.text
        c = await Client(three.nodes[2].ws_base, code, me["token"]).connect()
        c.autoplay = True
        await c.next_of("welcome", after=0)
        await c.send({"type": "ready"})
        await c.next_of("match_end", timeout=120, after=0)
        await c.close()
        for i, path in enumerate((f"/api/rooms/{code}/hands", f"/api/rooms/{code}/hands/1",
                                  f"/api/rooms/{code}/hands/1/replay", f"/api/rooms/{code}/hands/1/view?seat=0")):
            r = await https[1 + i % 2].get(path)
            assert r.status_code == 200, (path, r.text)
        assert (await https[1].get(f"/api/rooms/{code}/hands/1")).json()["seed"] == "route-1"
        r = await https[1].post(f"/api/rooms/{code}/rematch", headers=auth(me["token"]))
        assert r.status_code == 200, r.text
        again = r.json()["room"]["code"]
        assert (await https[2].post(f"/api/rooms/{code}/rematch", headers=auth(me["token"]))).json()["room"][
            "code"] == again  # the same room for a second ask, through another node
        other = await session(https[2], "后来")
        r = await https[2].post(f"/api/rooms/{again}/join", headers=auth(other["token"]))
        assert r.status_code in (200, 409), r.text  # the rematch seated the bots again: full is an answer too
        r = await https[1].post(f"/api/rooms/{again}/dissolve", headers=auth(OPERATOR))
        assert r.status_code == 200 and r.json()["room"]["status"] == "dissolved", r.text
    finally:
        for h in https:
            await h.aclose()


async def test_quotas_count_the_rooms_and_seats_held_on_every_node(cluster_env: tuple[Path, str, str]) -> None:
    """Two rooms and three seats at most: a player cannot pass them by going through another node
    (each room's table lives on the node it was created on; each node asks the others)."""
    tmp, url, prefix = cluster_env
    limits = TEST_LIMITS.replace("rooms_per_token=50", "rooms_per_token=2").replace(
        "seats_per_token=50", "seats_per_token=3")
    c = await asyncio.to_thread(Cluster(tmp, url, REDIS, prefix, limits=limits).start, 3)
    https = [httpx.AsyncClient(base_url=n.base, timeout=20) for n in c.nodes]
    try:
        p, q = await session(https[0], "多"), await session(https[0], "开")
        for h in https[:2]:  # a room on node 0 and one on node 1, seated in both
            await create_room(h, p["token"], **LONG)
        tables = [(await h.get("/api/cluster", headers=auth(OPERATOR))).json()["tables"] for h in https]
        assert [len(t) for t in tables] == [1, 1, 0], tables
        r = await https[2].post("/api/rooms", json={"ruleset": "anqing", "hands": 1}, headers=auth(p["token"]))
        assert r.status_code == 429 and r.json()["error"] == "quota" and "2 open rooms" in r.json()["reason"], r.text
        # seats: a third one, in q's room on node 2 (joined through node 0), then no fourth
        third = (await create_room(https[2], q["token"], **LONG))["room"]["code"]
        fourth = (await create_room(https[1], q["token"], **LONG))["room"]["code"]
        assert (await https[0].post(f"/api/rooms/{third}/join", headers=auth(p["token"]))).status_code == 200
        r = await https[2].post(f"/api/rooms/{fourth}/join", headers=auth(p["token"]))
        assert r.status_code == 429 and r.json()["error"] == "quota" and "3 seats" in r.json()["reason"], r.text
        # nor by the websocket, on the node that owns the room
        ws = await Client(c.nodes[1].ws_base, fourth, p["token"]).connect()
        await asyncio.wait_for(ws.closed.wait(), 10)
        assert ws.messages[-1]["code"] == "quota" and ws.ws is not None and ws.ws.close_code == 4003
        # the node-to-node answer is for nodes only
        assert (await https[0].get("/api/cluster/held", params={"player_id": p["player_id"]})).status_code == 404
    finally:
        for h in https:
            await h.aclose()
        await asyncio.to_thread(c.stop)


async def _play_until(clients: list[Client], rng: random.Random, stop: Any, max_steps: int = 2000) -> dict[str, Any]:
    """Answer questions one at a time (claim and kong whenever offered, else at random) and say ready
    between hands, until ``stop(msg)`` holds for a question; returns that question's view message."""
    answered: dict[int, int] = {}

    def pending(_: Client) -> Any:
        for c in clients:
            r = c.room
            if r is not None and r["status"] == "waiting" and c.seat is not None and not r["seats"][c.seat]["ready"]:
                return ("ready", c)  # before the first hand or between hands
            m = c.last_view_msg
            if m and m["view"]["legal"] and answered.get(c.seat) != m["asked"]:  # type: ignore[arg-type]
                return ("act", c)
        return None

    for _ in range(max_steps):
        what, ask = await clients[0].wait(pending, timeout=30)
        if what == "ready":
            await ask.send({"type": "ready"})
            await ask.wait(lambda c: c.room["seats"][c.seat]["ready"] or c.room["status"] != "waiting", timeout=10)
            continue
        m = ask.last_view_msg
        if stop(m):
            return m  # type: ignore[no-any-return]
        answered[ask.seat] = m["asked"]  # type: ignore[index]
        legal = m["view"]["legal"]
        greedy = [a for a in legal if a["type"] in ("kong", "pung", "chow")]
        await ask.send({"type": "act", "seq": m["seq"], "action": rng.choice(greedy or legal)})
    raise AssertionError("the situation never came")


async def _settle(clients: list[Client]) -> dict[int, dict[str, Any]]:
    """Every seat's last view, once each seat has what the owner sent it so far: the owner answers a
    ping on the seat's socket after every message it queued there before (the relays keep the order).
    The table stands still meanwhile: it waits for a human's answer and its clocks are long (LONG)."""
    for c in clients:
        start = len(c.messages)
        await c.send({"type": "ping"})
        await c.next_of("pong", after=start)
    return {c.seat: c.last_view_msg for c in clients}  # type: ignore[misc]


async def _served(base: str, code: str, token: str) -> Client | None:
    """A seat's socket to ``code`` through the node at ``base``, welcomed; None while no node serves the
    table yet (the relay closes with 1013 until the lease of the dead owner expires and one takes it)."""
    cl = Client(base, code, token)
    try:
        await cl.connect()
        await cl.next_of("welcome", after=0, timeout=5)
        return cl
    except (TimeoutError, websockets.ConnectionClosed):
        await cl.close()
        # never 4004 ("no room", final to the clients) for a room that exists (issue 30)
        code_seen = cl.ws.close_code if cl.ws is not None else None
        assert code_seen != 4004, f"told the room does not exist: {cl.raw[-1:]}"
        return None


async def _reconnect(c: Cluster, nodes: list[int], code: str, people: list[dict[str, Any]],
                     before: dict[int, dict[str, Any]]) -> list[Client]:
    back = []
    deadline = time.monotonic() + 15
    for i, p in enumerate(people):
        base, token = c.nodes[nodes[i]].ws_base, p["token"]
        back.append(await until(lambda base=base, token=token: _served(base, code, token),
                                max(0.0, deadline - time.monotonic()),
                                f"seat {i}: no node took the table over within 15 s", every=0.3))
    for i, cl in enumerate(back):
        snap = await cl.next_of("view", after=0)
        old = before[i]
        assert snap["view"] == old["view"] and snap["step"] == old["step"] and snap["asked"] == old["asked"], \
            f"seat {i}: the view after the takeover differs"
    return back


def _kong(m: dict[str, Any]) -> bool:
    return any(a["type"] == "kong" for a in m["view"]["legal"])


def _dealer_offered_a_kong(match: Any) -> bool:
    """Whether the deal's dealer holds four alike: the first question of the hand offers a kong."""
    from majiang.core.actions import Kong

    hand = match.hand
    return hand.phase == "turn" and any(isinstance(a, Kong) for a in hand.legal_actions(hand.to_act()[0]))


@pytest.mark.parametrize("when", ["claim", "kong"])
async def test_owner_killed_mid_hand_the_table_continues_elsewhere(three: Cluster, when: str) -> None:
    code, people = await _room_of_four(three, ruleset="anqing", hands=1, **LONG)
    if when == "kong":  # set up, not waited for: the deal offers its dealer a kong at once
        seed, match_seed = first_seeds("anqing", {}, 1, "ck", _dealer_offered_a_kong, tries=2000)
        async with httpx.AsyncClient(base_url=three.nodes[0].base, timeout=20) as http:
            await fix_seeds(http, code, [seed], match_seed)
    clients = [await Client(three.nodes[[1, 2, 1, 2][i]].ws_base, code, p["token"]).connect()
               for i, p in enumerate(people)]
    for cl in clients:
        await cl.next_of("welcome", after=0)
        await cl.send({"type": "ready"})
    rng = random.Random(3)
    if when == "claim":  # a seat is asked whether to claim a discard: kill the owner now
        await _play_until(clients, rng, lambda m: m["view"]["phase"] == "claim")
    else:  # a seat may declare a kong: it does, and the owner is killed right after
        m = await _play_until(clients, rng, _kong)
        kong = next(a for a in m["view"]["legal"] if a["type"] == "kong")
        asker = next(c for c in clients if c.last_view_msg is m)
        await asker.send({"type": "act", "seq": m["seq"], "action": kong})
        await asker.wait(lambda c: c.last_view_msg is not m)
    before = await _settle(clients)
    t0 = time.monotonic()
    three.nodes[0].kill()
    for cl in clients:
        await cl.closed.wait()  # the relaying nodes close with 1012: reconnect
    back = await _reconnect(three, [2, 1, 2, 1], code, people, before)
    took = time.monotonic() - t0
    assert took < 10, f"the takeover took {took:.1f} s"
    assert "took over room " + code in three.log(1) + three.log(2)
    for cl in back:
        cl.autoplay = True
        await cl.send({"type": "sync"})
    for cl in back:
        end = await cl.next_of("match_end", timeout=180, after=0)
        assert sum(end["totals"]) == 0
        await cl.close()
    idx = await asyncio.to_thread(_log_indexes, three.url, code)
    assert idx == list(range(1, len(idx) + 1)), "the log has a gap or a duplicate"


async def test_owner_killed_during_the_ready_countdown(three: Cluster) -> None:
    code, people = await _room_of_four(three, ruleset="hefei", hands=1, **LONG)
    clients = [await Client(three.nodes[[1, 2, 1, 2][i]].ws_base, code, p["token"]).connect()
               for i, p in enumerate(people)]
    for cl in clients:
        await cl.next_of("welcome", after=0)
    await clients[0].send({"type": "ready"})  # one ready: the others' countdown runs
    await clients[1].wait(lambda c: c.room["countdown"] is not None and c.room["seats"][0]["ready"])
    three.nodes[0].kill()
    for cl in clients:
        await cl.closed.wait()
    back = []
    for i, p in enumerate(people):
        base, token = three.nodes[1 + i % 2].ws_base, p["token"]
        cl = await until(lambda base=base, token=token: _served(base, code, token),
                         20, f"seat {i}: no node took the table over", every=0.3)
        room = cl.room
        assert room is not None and room["status"] == "waiting" and room["countdown"] is not None
        assert [s["ready"] for s in room["seats"]] == [True, False, False, False]
        back.append(cl)
    for cl in back:
        cl.autoplay = True
        await cl.send({"type": "ready"})
    for cl in back:
        await cl.next_of("match_end", timeout=120, after=0)
        await cl.close()


def _epoch(url: str, code: str) -> int:
    import asyncpg

    schema = url.split("schema=")[1]

    async def go() -> int:
        conn = await asyncpg.connect(PG_ROOT)
        try:
            return int(await conn.fetchval(f"SELECT epoch FROM {schema}.room_owners WHERE code=$1", code))
        finally:
            await conn.close()
    return asyncio.run(go())


async def test_a_paused_owner_resumed_after_its_lease_cannot_write(three: Cluster) -> None:
    code, people = await _room_of_four(three, ruleset="anqing", hands=1, **LONG)
    # seat 0 talks to the owner itself; the others through nodes 1 and 2
    clients = [await Client(three.nodes[[0, 1, 2, 1][i]].ws_base, code, p["token"]).connect()
               for i, p in enumerate(people)]
    for cl in clients:
        await cl.next_of("welcome", after=0)
        await cl.send({"type": "ready"})
    m = await _play_until(clients, random.Random(5),
                          lambda m: m["step"] >= 6 and m["view"]["phase"] == "turn" and m["view"]["seat"] == 0)
    before = await _settle(clients)
    assert await asyncio.to_thread(_epoch, three.url, code) == 1
    owner = three.nodes[0].proc
    assert owner is not None
    owner.send_signal(signal.SIGSTOP)
    try:
        # seat 0's discard reaches the paused owner's socket: it will try to write it when resumed
        await clients[0].send({"type": "act", "seq": m["seq"], "action": m["view"]["legal"][0]})
        for cl in clients[1:]:
            await asyncio.wait_for(cl.closed.wait(), 15)  # the relays see the lease move: 1012
        back = await _reconnect(three, [2, 1, 2], code, people[1:], {i: before[i + 1] for i in range(3)})
        assert await asyncio.to_thread(_epoch, three.url, code) == 2
    finally:
        owner.send_signal(signal.SIGCONT)
    await asyncio.wait_for(clients[0].closed.wait(), 15)  # the old owner drops the table: 1012
    assert any(m["type"] == "error" and m["code"] == "moved" for m in clients[0].messages) \
        or clients[0].ws.close_code == 1012  # type: ignore[union-attr]
    # the old owner says so in its log as it drops the table (its socket closing above is the same moment)
    await until(lambda: "refused as stale" in three.log(0) or "lost the lease" in three.log(0), 15,
                "the resumed owner refused as stale, or dropping the table")
    seat0 = await _reconnect(three, [1], code, people[:1], before)
    back = [*seat0, *back]
    for cl in back:
        cl.autoplay = True
        await cl.send({"type": "sync"})
    for cl in back:
        await cl.next_of("match_end", timeout=120, after=0)
        await cl.close()
    idx = await asyncio.to_thread(_log_indexes, three.url, code)
    assert idx == list(range(1, len(idx) + 1))
    assert await asyncio.to_thread(_epoch, three.url, code) == 2, "the table changed owner again"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


async def _redis_server(port: int) -> subprocess.Popen[bytes]:
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL)

    def listening() -> bool:
        with socket.socket() as s:
            return s.connect_ex(("127.0.0.1", port)) == 0

    await until(listening, 5, f"redis-server listening on port {port}", every=0.05)
    return proc


async def _one_owner_again(c: Cluster, port: int, prefix: str, code: str) -> None:
    """After Redis restarted empty: every node is in the node directory again, the table's lease is set
    again (by its owner, or by a node that took it over) and only the lease holder serves the table."""
    from redis.asyncio import Redis

    redis = Redis.from_url(f"redis://127.0.0.1:{port}/0")
    seen: list[object] = []

    async def settled() -> bool:
        lease = await redis.get(f"{prefix}lease:{code}")
        states = []
        async with httpx.AsyncClient(timeout=5) as http:
            for n in c.nodes:
                r = await http.get(n.base + "/api/cluster", headers=auth(OPERATOR))
                states.append(r.json() if r.status_code == 200 else {"status": r.status_code})
        seen[:] = [lease, states]
        if lease is None or any(len(s.get("nodes", ())) != 3 for s in states):
            return False
        holder = lease.decode().split()[0]
        return [s["node"] for s in states if code in s["tables"]] == [holder]

    try:
        await until(settled, 20, lambda: f"one owner of {code} again after the restart; last seen {seen}",
                    every=0.2)
    finally:
        await redis.aclose()


async def _reaches_the_table(cl: Client) -> bool:
    """The socket is open and the owner answers on it (its ping's pong comes back); False: it was
    closed, as a relay or an owner that lost the table closes it."""
    if cl.closed.is_set():
        return False
    start = len(cl.messages)
    await cl.send({"type": "ping"})
    try:
        await cl.next_of("pong", after=start, timeout=10)
    except TimeoutError:
        assert cl.closed.is_set(), f"no pong on an open socket: {cl.raw[-3:]}"
        return False
    return True


async def test_redis_restarted_mid_match_play_goes_on_with_one_owner(
        cluster_env: tuple[Path, str, str]) -> None:
    tmp, url, prefix = cluster_env
    port = _free_port()
    redis_proc = await _redis_server(port)  # our own Redis: the machine's shared one is never restarted
    c = Cluster(tmp, url, f"redis://127.0.0.1:{port}/0", prefix)
    try:
        await asyncio.to_thread(c.start, 3)
        code, people = await _room_of_four(c, ruleset="anqing", hands=2, **LONG)
        clients = [await Client(c.nodes[[0, 1, 2, 1][i]].ws_base, code, p["token"]).connect()
                   for i, p in enumerate(people)]
        for cl in clients:
            await cl.next_of("welcome", after=0)
            await cl.send({"type": "ready"})
        await _play_until(clients, random.Random(9), lambda m: m["step"] >= 8)
        failed = [c.log(i).count("_renew failed") for i in range(3)]
        redis_proc.kill()
        redis_proc.wait()
        # down until every node has tried to renew its leases and failed (each says so in its log)
        await until(lambda: all(c.log(i).count("_renew failed") > failed[i] for i in range(3)), 15,
                    "every node found Redis gone")
        redis_proc = await _redis_server(port)  # empty: every lease and the node directory are gone
        await _one_owner_again(c, port, prefix, code)
        for i, cl in enumerate(clients):  # a client closed meanwhile reconnects to any node
            if not await _reaches_the_table(cl):
                clients[i] = await Client(c.nodes[i % 3].ws_base, code, people[i]["token"]).connect()
        for cl in clients:
            cl.autoplay = True
            cl.answered = -1
            await cl.send({"type": "sync"})
        for cl in clients:
            await cl.next_of("match_end", timeout=120, after=0)
            await cl.close()
        owners = []
        async with httpx.AsyncClient(timeout=10) as http:
            for n in c.nodes:
                state = (await http.get(n.base + "/api/cluster", headers=auth(OPERATOR))).json()
                owners += [state["node"]] if code in state["tables"] else []
        assert len(owners) == 1, f"owners of {code}: {owners}"
        idx = await asyncio.to_thread(_log_indexes, url, code)
        assert idx == list(range(1, len(idx) + 1))
    finally:
        await asyncio.to_thread(c.stop)
        redis_proc.kill()
        redis_proc.wait()


def test_serve_refuses_sqlite_or_no_shared_secret_with_redis(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    base = [sys.executable, "-m", "majiang", "serve", "--port", "0", "--data-dir", str(tmp_path), "--redis-url", REDIS]
    monkeypatch.setenv("MAJIANG_SECRET", "k" * 32)
    r = subprocess.run(base, capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "needs a database every node shares" in r.stderr and "SQLite" in r.stderr
    monkeypatch.delenv("MAJIANG_SECRET")
    r = subprocess.run([*base, "--database-url", "postgresql+asyncpg://x@127.0.0.1/none"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2 and "set MAJIANG_SECRET" in r.stderr
