"""Load test: N tables of 4 scripted clients over real websockets against a real server subprocess.

    .venv/bin/python bench/load.py --tables 200 --seconds 60 [--think 1.0] [--database-url URL]
    .venv/bin/python bench/load.py --nodes 2 --tables 400 [--clients owner|spread] [--kills 20]

``--nodes K`` starts K nodes (``majiang serve --redis-url``) on a fresh schema of the machine's PostgreSQL
(or ``--database-url``) and a fresh key prefix of its Redis; room i is created on node i mod K, which
owns it, and its clients connect to that node (``--clients owner``, what a proxy with table affinity
gives) or each to a different node (``spread``: three of four relayed). CPU is reported per node.
``--kills M`` then kills (SIGKILL) an owner M times and reports the takeover time: kill -> the first
view the table's client gets from the new owner after reconnecting (through a node still alive).

Each client is a player at human pace: it answers each question (`asked`) once, after a think
time drawn uniformly from [think/2, 3*think/2], with a random legal action (a win when offered).
Reported: tables held (every seat still connected and the table still moving at the end),
actions/s, and the p50/p99 latency from sending an intent to receiving the next view.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.harness import ServerProcess  # the bench reuses the test harness


class Player:
    def __init__(self, url: str, think: float, rng: random.Random, stats: Stats, token: str = "") -> None:
        self.url, self.think, self.rng, self.stats, self.token = url, think, rng, stats, token
        self.answered = -1
        self.sent_at: float | None = None
        self.last_seen = 0.0
        self.alive = False
        self.seat: int | None = None
        self.readied = 0
        self.pending: set[asyncio.Future[None]] = set()

    async def run(self, stop: asyncio.Event) -> None:
        async with websockets.connect(self.url, max_size=2**22, open_timeout=60) as ws:
            await ws.send(json.dumps({"type": "auth", "token": self.token}))  # the token is the first message
            self.alive = True
            await ws.send('{"type":"ready"}')
            reader = asyncio.create_task(self._read(ws))
            await stop.wait()
            self.alive = False
            reader.cancel()

    async def _read(self, ws: Any) -> None:
        try:
            async for frame in ws:
                now = time.perf_counter()
                msg = json.loads(frame)
                kind = msg["type"]
                if kind == "view":
                    self.last_seen = now
                    if self.sent_at is not None:
                        self.stats.latency.append(now - self.sent_at)
                        self.sent_at = None
                    legal = msg["view"]["legal"]
                    if legal and msg["asked"] != self.answered:
                        self.answered = msg["asked"]
                        asyncio.get_running_loop().call_later(
                            self.rng.uniform(self.think / 2, self.think * 1.5), self._answer, ws, msg)
                elif kind == "welcome":
                    self.seat = msg["seat"]
                elif kind == "room" and msg["room"]["status"] == "waiting" and self.seat is not None \
                        and not msg["room"]["seats"][self.seat]["ready"] and self.readied != msg["room"]["hand_no"]:
                    self.readied = msg["room"]["hand_no"]  # once per hand: several room messages may say so
                    await ws.send('{"type":"ready"}')
                elif kind == "error":
                    self.stats.errors[msg["code"]] = self.stats.errors.get(msg["code"], 0) + 1
        except websockets.ConnectionClosed:
            self.alive = False

    def _answer(self, ws: Any, msg: dict[str, Any]) -> None:
        if not self.alive:
            return
        legal = msg["view"]["legal"]
        action = next((a for a in legal if a["type"] == "win"), None) or self.rng.choice(legal)
        self.sent_at = time.perf_counter()
        self.stats.actions += 1
        fut = asyncio.ensure_future(ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": action})))
        self.pending.add(fut)
        fut.add_done_callback(self._sent)

    def _sent(self, fut: asyncio.Future[None]) -> None:
        self.pending.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            self.alive = False


class Stats:
    def __init__(self) -> None:
        self.latency: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}


async def setup_tables(base: str, n: int, ruleset: str, ws_bases: list[str] | None = None
                       ) -> list[list[tuple[str, str]]]:
    """Each room's four (websocket URL, player token); ``ws_bases``: seat s of a room connects to
    ``ws_bases[s % len]`` (several nodes) instead of ``base``."""
    ws_base = base.replace("http://", "ws://")
    spec = {"ruleset": ruleset, "hands": 64, "discard_seconds": 60, "claim_seconds": 60, "grace_seconds": 60,
            "ready_seconds": 60, "public": False}
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        sem = asyncio.Semaphore(20)

        async def one(i: int) -> list[str]:
            async with sem:
                tokens = [(await http.post("/api/session", json={"name": f"t{i}s{s}"})).json()["token"]
                          for s in range(4)]
                r = await http.post("/api/rooms", json=spec, headers={"authorization": f"Bearer {tokens[0]}"})
                code = r.json()["room"]["code"]
                for t in tokens[1:]:
                    await http.post(f"/api/rooms/{code}/join", headers={"authorization": f"Bearer {t}"})
                bases = ws_bases or [ws_base]
                return [(f"{bases[s % len(bases)]}/ws/{code}", t) for s, t in enumerate(tokens)]

        return await asyncio.gather(*(one(i) for i in range(n)))


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


async def main(args: argparse.Namespace) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 65536)), hard))  # 2 sockets per player
    gc.set_threshold(20000, 50, 50)  # the clients' own pauses would count as server latency
    data = Path(tempfile.mkdtemp(prefix="majiang-load-"))
    if args.nodes:
        return await main_nodes(args, data)
    srv = ServerProcess(data, args.database_url).start()
    try:
        t0 = time.perf_counter()
        tables = await setup_tables(srv.base, args.tables, args.ruleset)
        print(f"{args.tables} rooms created in {time.perf_counter() - t0:.1f}s; connecting {4 * args.tables} clients")
        stats = Stats()
        rng = random.Random(1)
        players = [[Player(url, args.think, random.Random(rng.random()), stats, token) for url, token in seats]
                   for seats in tables]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop)) for ps in players for p in ps]
        await asyncio.sleep(args.warmup)
        stats.latency.clear()
        start_actions, start = stats.actions, time.perf_counter()
        cpu0, mine0 = _cpu(srv), time.process_time()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        cpu = (_cpu(srv) - cpu0) / elapsed
        mine = (time.process_time() - mine0) / elapsed
        now = time.perf_counter()
        held = sum(1 for ps in players if all(p.alive for p in ps) and max(p.last_seen for p in ps) > now - 10)
        actions = stats.actions - start_actions
        lat = stats.latency
        print(f"tables held      {held}/{args.tables}")
        print(f"actions/s        {actions / elapsed:.1f}  ({actions} intents in {elapsed:.0f}s, think {args.think}s)")
        print(f"latency p50      {pct(lat, 50) * 1000:.1f} ms  (intent -> next view, n={len(lat)})")
        print(f"latency p99      {pct(lat, 99) * 1000:.1f} ms  (max {max(lat, default=0) * 1000:.0f} ms, "
              f"mean {statistics.fmean(lat) * 1000 if lat else 0:.1f} ms)")
        print(f"CPU              server {cpu * 100:.0f}%, clients {mine * 100:.0f}% of one core")
        print(f"errors           {stats.errors or 'none'}")
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return 0 if held == args.tables else 1
    finally:
        srv.stop()


async def main_nodes(args: argparse.Namespace, data: Path) -> int:
    import secrets

    from tests.server.conftest import database_url, drop_schema

    url, schema = (args.database_url, None) if args.database_url else \
        await asyncio.to_thread(database_url, "postgres", data)
    prefix = f"mjload:{secrets.token_hex(4)}:"
    os.environ.update(MAJIANG_SECRET=secrets.token_hex(16), MAJIANG_REDIS_PREFIX=prefix)
    nodes: list[ServerProcess] = []

    started = [0]

    def node(i: int) -> ServerProcess:
        started[0] += 1  # a node started in place of a killed one gets a new id
        srv = ServerProcess(data / f"node{i}", url, log_path=data / f"node{i}.log")
        srv.extra = ["--redis-url", args.redis_url, "--node-id", f"n{i}-{started[0]}"]
        return srv.start()

    try:
        nodes = [node(i) for i in range(args.nodes)]
        t0 = time.perf_counter()
        k = len(nodes)
        per = [args.tables // k + (i < args.tables % k) for i in range(k)]
        tables: list[list[tuple[str, str]]] = []
        for i, srv in enumerate(nodes):  # room i on node i: that node owns it
            bases = [srv.ws_base] if args.clients == "owner" else [nodes[(i + s) % k].ws_base for s in range(4)]
            tables += await setup_tables(srv.base, per[i], args.ruleset, bases)
        print(f"{args.tables} rooms on {k} nodes created in {time.perf_counter() - t0:.1f}s; "
              f"connecting {4 * args.tables} clients ({args.clients})")
        stats = Stats()
        rng = random.Random(1)
        players = [[Player(u, args.think, random.Random(rng.random()), stats, token) for u, token in seats]
                   for seats in tables]
        stop = asyncio.Event()
        tasks = [asyncio.create_task(p.run(stop)) for ps in players for p in ps]
        await asyncio.sleep(args.warmup)
        stats.latency.clear()
        start_actions, start = stats.actions, time.perf_counter()
        cpu0, mine0 = [_cpu(n) for n in nodes], time.process_time()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        cpus = [(_cpu(n) - c) / elapsed for n, c in zip(nodes, cpu0, strict=True)]
        mine = (time.process_time() - mine0) / elapsed
        now = time.perf_counter()
        held = sum(1 for ps in players if all(p.alive for p in ps) and max(p.last_seen for p in ps) > now - 10)
        lat = stats.latency
        actions = stats.actions - start_actions
        print(f"nodes            {k} (clients: {args.clients})")
        print(f"tables held      {held}/{args.tables}")
        print(f"actions/s        {actions / elapsed:.1f}")
        print(f"latency p50      {pct(lat, 50) * 1000:.1f} ms  (n={len(lat)})")
        print(f"latency p99      {pct(lat, 99) * 1000:.1f} ms  (max {max(lat, default=0) * 1000:.0f} ms)")
        print(f"CPU per node     {', '.join(f'{c * 100:.0f}%' for c in cpus)}; clients {mine * 100:.0f}% of a core")
        print(f"errors           {stats.errors or 'none'}")
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        if args.kills:
            times = await takeovers(args, nodes, node)
            print(f"takeover         median {statistics.median(times):.2f} s, max {max(times):.2f} s "
                  f"over {len(times)} kills (kill -9 -> the table served again by its new owner)")
        return 0 if held == args.tables else 1
    finally:
        for srv in nodes:
            srv.stop()
        await asyncio.to_thread(drop_schema, schema)
        import redis

        r = redis.Redis.from_url(args.redis_url)
        for key in r.scan_iter(match=prefix + "*"):
            r.delete(key)


async def takeovers(args: argparse.Namespace, nodes: list[ServerProcess], node: Any) -> list[float]:
    """Kill (SIGKILL) the owner of a fresh table ``args.kills`` times, starting a new node in its place
    each time, and time the takeover as the table's player sees it: kill -> the welcome (the table
    served again, by its new owner) after reconnecting through a node that is still alive."""
    times = []
    for n in range(args.kills):
        victim = n % len(nodes)
        other = nodes[(victim + 1) % len(nodes)]
        [seats] = await setup_tables(nodes[victim].base, 1, args.ruleset, [other.ws_base])
        url, token = seats[0]
        ws = await websockets.connect(url, open_timeout=30)
        await ws.send(json.dumps({"type": "auth", "token": token}))
        while json.loads(await ws.recv())["type"] != "welcome":
            pass
        t0 = time.perf_counter()
        nodes[victim].kill()
        with contextlib.suppress(websockets.ConnectionClosed):
            while True:
                await ws.recv()
        while True:
            try:
                async with websockets.connect(url, open_timeout=10) as ws:
                    await ws.send(json.dumps({"type": "auth", "token": token}))
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    if msg["type"] == "welcome":
                        break
            except (websockets.ConnectionClosed, TimeoutError, OSError):
                await asyncio.sleep(0.05)
        times.append(time.perf_counter() - t0)
        print(f"  kill {n + 1}: {times[-1]:.2f} s", flush=True)
        nodes[victim] = await asyncio.to_thread(node, victim)  # a new node in its place
    return times


def _cpu(srv: ServerProcess) -> float:
    """Seconds of CPU the server process has used (Linux /proc)."""
    assert srv.proc is not None
    try:
        fields = Path(f"/proc/{srv.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--warmup", type=float, default=5)
    p.add_argument("--think", type=float, default=1.0, help="mean think time per decision, seconds")
    p.add_argument("--ruleset", default="anqing", choices=["anqing", "hefei"])
    p.add_argument("--database-url", default=None, help="default: SQLite in a temporary directory")
    p.add_argument("--nodes", type=int, default=0, help="K nodes sharing PostgreSQL and Redis (0: one plain server)")
    p.add_argument("--clients", default="owner", choices=["owner", "spread"])
    p.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    p.add_argument("--kills", type=int, default=0, help="with --nodes: time this many takeovers")
    sys.exit(asyncio.run(main(p.parse_args())))
