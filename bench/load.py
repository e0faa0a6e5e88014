"""Load on real server processes over real websockets: tables held, latency, CPU; the capacity of K nodes.

    .venv/bin/python bench/load.py --tables 200 [--seconds 60] [--humans 4] [--database-url URL]
    .venv/bin/python bench/load.py --nodes 2 --tables 400 [--clients owner|spread] [--kills 20]
    .venv/bin/python bench/load.py --capacity --nodes 1,2 [--procs 2] [--start 100 --step 100]

A table is ``--humans`` scripted players (default 1) and server bots in the other seats (the room's
default ``bot_delay`` of 0.6 s unless ``--bot-delay``). A human answers each question once after a
think time uniform in [think/2, 3·think/2] (``--think``, default 1 s) with a random legal action; the
server's bots answer theirs, so the node does all the bot work, which is what a real node spends its CPU
on. ``--humans 4`` is the older shape: four scripted players, no bots. ``--hard-bots N`` seats N of a
table's bots at the hard level (majiang/bots/hard.py), the rest at the room's level. The players run in ``--procs``
generator processes (bench/loadgen.py). Latency: from sending an intent to that seat's next view.
Tables held: every human still connected and a view seen in the last 10 s.

Without ``--nodes`` one plain server runs (SQLite, or ``--database-url``). ``--nodes K`` starts K nodes
(``majiang serve --redis-url``) on a fresh schema of the machine's PostgreSQL and a fresh key prefix of
its Redis; table i is created on node i mod K, which owns it, and its humans connect to that node
(``--clients owner``, what a proxy with table affinity gives) or seat s to node (i + s + 1) mod K
(``spread``: relayed). ``--kills M`` then kills (SIGKILL) an owner M times and reports the takeover time:
kill -> the first view the table's client gets from the new owner after reconnecting through a live node.

``--capacity --nodes 1,2`` finds, in one run, the tables each K holds: for each K (fresh nodes, schema
and prefix), N starts at ``--start``×K and grows by ``--step``×K while a measuring window passes (p99 <
``--p99`` ms, the bots' p99 lateness — from an answer falling due to its being saved, read from each
node's ``GET /api/admin/bots`` — < ``--bot-p99`` ms, and every table held); a failing window is measured
once more before it counts (another job's burst on a shared machine should not end the ramp), then N is
bisected between the last pass and the first fail down to ``--resolution``×K tables (tables are removed
by closing their humans and dissolving them with the operator token). Each window prints tables,
p50/p99, CPU of every node, the generator, PostgreSQL and Redis, and the machine's busy cores; the
summary gives the capacity per K and the ratio of each K to the first.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import secrets
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.harness import OPERATOR, TEST_LIMITS, ServerProcess  # the bench reuses the test harness

HERE = Path(__file__).resolve().parent


# --- CPU, from /proc (Linux) --------------------------------------------------------------------
def pid_cpu(pid: int) -> float:
    """Seconds of CPU (user + system) the process has used; 0 when it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def pids_named(comm: str) -> list[int]:
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            with contextlib.suppress(OSError):
                if (d / "comm").read_text().strip() == comm:
                    out.append(int(d.name))
    return out


def process_tree(pid: int) -> list[int]:
    """The process and all its descendants (a node's bots' process is its child: its CPU is the node's)."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        with contextlib.suppress(OSError):
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
    return out


def machine_busy() -> tuple[float, float]:
    """(busy, total) jiffies of all cores since boot (busy: everything but idle and iowait)."""
    f = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    total = sum(f[:8])
    return total - f[3] - f[4], total


class CpuMeter:
    """CPU used over a window by named groups of processes (each node, the generators, PostgreSQL, Redis:
    every process of the machine's servers, so other jobs' use of them counts too) and the whole machine."""

    def __init__(self, groups: dict[str, list[int]], include_services: bool = True) -> None:
        self.groups = dict(groups)
        if include_services:
            self.groups["postgres"] = pids_named("postgres")
            self.groups["redis"] = pids_named("redis-server")
        self.start = {p: pid_cpu(p) for v in self.groups.values() for p in v}
        self.busy0, self.total0 = machine_busy()
        self.t0 = time.perf_counter()

    def read(self) -> dict[str, float]:
        """Cores used by each group (1.0 = one core busy all the time), and ``machine``."""
        elapsed = time.perf_counter() - self.t0
        # per process, never below zero: a process that ended in the window (a PostgreSQL backend) reads 0
        out = {k: sum(max(0.0, pid_cpu(p) - self.start[p]) for p in v) / elapsed for k, v in self.groups.items()}
        busy, total = machine_busy()
        out["machine"] = (busy - self.busy0) / max(1, total - self.total0) * (os.cpu_count() or 1)
        return out


# --- the generator processes --------------------------------------------------------------------
class Generators:
    """``procs`` bench/loadgen.py processes; a table's humans all go to one of them."""

    def __init__(self, procs: int, think: float) -> None:
        self.procs = procs
        self.think = think
        self.children: list[asyncio.subprocess.Process] = []
        self.locks: list[asyncio.Lock] = []

    async def start(self) -> Generators:
        for i in range(self.procs):
            child = await asyncio.create_subprocess_exec(
                sys.executable, str(HERE / "loadgen.py"), str(self.think), str(1000 + i),
                stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE, limit=2**26,
                start_new_session=True)  # its own CPU share, as a node's (see Cluster.node)
            self.children.append(child)
            self.locks.append(asyncio.Lock())
        return self

    @property
    def pids(self) -> list[int]:
        return [c.pid for c in self.children]

    async def call(self, i: int, cmd: dict[str, Any]) -> dict[str, Any]:
        child = self.children[i]
        assert child.stdin is not None and child.stdout is not None
        async with self.locks[i]:
            child.stdin.write(json.dumps(cmd).encode() + b"\n")
            await child.stdin.drain()
            line = await child.stdout.readline()
        if not line:
            raise RuntimeError(f"load generator {i} exited")
        return json.loads(line)  # type: ignore[no-any-return]

    async def each(self, cmd: dict[str, Any]) -> list[dict[str, Any]]:
        return await asyncio.gather(*(self.call(i, cmd) for i in range(self.procs)))

    async def report(self) -> dict[str, Any]:
        parts = await self.each({"cmd": "report"})
        errors: dict[str, int] = {}
        for p in parts:
            for k, v in p["errors"].items():
                errors[k] = errors.get(k, 0) + v
        return {"lat": [x for p in parts for x in p["lat"]], "actions": sum(p["actions"] for p in parts),
                "not_held": {i for p in parts for i in p["not_held"]}, "errors": errors,
                "elapsed": max(p["elapsed"] for p in parts)}

    async def stop(self) -> None:
        for i, child in enumerate(self.children):
            with contextlib.suppress(Exception):
                if child.returncode is None:
                    await asyncio.wait_for(self.call(i, {"cmd": "stop"}), 30)
            if child.returncode is None:
                with contextlib.suppress(ProcessLookupError):
                    child.kill()
            await child.wait()


# --- tables ---------------------------------------------------------------------------------------
@dataclass
class TableRef:
    code: str
    node: int  # index of the node that created (and owns) it
    gen: int  # the generator process of its humans
    ids: list[int] = field(default_factory=list)  # its humans' player ids in that process


class Tables:
    """The tables of a run: created on their owners, their humans handed to the generators."""

    def __init__(self, args: argparse.Namespace, nodes: list[ServerProcess], gens: Generators) -> None:
        self.args, self.nodes, self.gens = args, nodes, gens
        self.live: list[TableRef] = []
        self.made = 0  # tables made so far (table i -> node i mod K, generator i mod procs)
        self.next_id = 0
        self.http = [httpx.AsyncClient(base_url=n.base, timeout=60) for n in nodes]

    def spec(self) -> dict[str, Any]:
        spec: dict[str, Any] = {"ruleset": self.args.ruleset, "hands": 64, "discard_seconds": 60,
                                "claim_seconds": 60, "grace_seconds": 60, "ready_seconds": 60, "public": False}
        if self.args.bot_delay is not None:
            spec["bot_delay"] = self.args.bot_delay
        return spec

    async def _make(self, i: int) -> tuple[TableRef, list[list[Any]]]:
        k, humans = len(self.nodes), self.args.humans
        node = i % k
        http = self.http[node]
        tokens = [(await http.post("/api/session", json={"name": f"t{i}s{s}"})).json()["token"]
                  for s in range(humans)]
        r = await http.post("/api/rooms", json=self.spec(), headers={"authorization": f"Bearer {tokens[0]}"})
        code = r.json()["room"]["code"]
        for t in tokens[1:]:
            await http.post(f"/api/rooms/{code}/join", headers={"authorization": f"Bearer {t}"})
        if humans < 4:
            auth = {"authorization": f"Bearer {tokens[0]}"}
            hard = list(range(humans, min(4, humans + self.args.hard_bots)))
            if hard:  # the first free seats at the hard level (the searching bot), the rest at the room's
                await http.post(f"/api/rooms/{code}/bots", json={"seats": hard, "level": "hard"}, headers=auth)
            await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth)
        ref = TableRef(code, node, i % self.gens.procs)
        players = []
        for s, t in enumerate(tokens):
            at = node if self.args.clients == "owner" else (node + s + 1) % k
            ref.ids.append(self.next_id)
            players.append([self.next_id, f"{self.nodes[at].ws_base}/ws/{code}", t])
            self.next_id += 1
        return ref, players

    async def grow(self, n: int) -> None:
        """Create ``n`` more tables and connect their humans."""
        sem = asyncio.Semaphore(16)

        async def one(i: int) -> tuple[TableRef, list[list[Any]]]:
            async with sem:
                return await self._make(i)

        made = await asyncio.gather(*(one(self.made + i) for i in range(n)))
        self.made += n
        per_gen: dict[int, list[list[Any]]] = {}
        for ref, players in made:
            per_gen.setdefault(ref.gen, []).extend(players)
        answers = await asyncio.gather(*(self.gens.call(g, {"cmd": "add", "players": ps})
                                         for g, ps in per_gen.items()))
        seated = sum(a["seated"] for a in answers)
        if seated < n * self.args.humans:
            print(f"  warning: {n * self.args.humans - seated} of {n * self.args.humans} new players not seated")
        self.live += [ref for ref, _ in made]

    async def shrink(self, n: int) -> None:
        """Close the humans of the last ``n`` tables and dissolve those tables (operator)."""
        gone, self.live = self.live[len(self.live) - n:], self.live[:len(self.live) - n]
        per_gen: dict[int, list[int]] = {}
        for ref in gone:
            per_gen.setdefault(ref.gen, []).extend(ref.ids)
        await asyncio.gather(*(self.gens.call(g, {"cmd": "drop", "ids": ids}) for g, ids in per_gen.items()))
        sem = asyncio.Semaphore(16)

        async def dissolve(ref: TableRef) -> None:
            async with sem:
                await self.http[ref.node].post(f"/api/rooms/{ref.code}/dissolve",
                                               headers={"authorization": f"Bearer {OPERATOR}"})

        await asyncio.gather(*(dissolve(ref) for ref in gone))

    async def resize(self, n: int) -> None:
        if n > len(self.live):
            await self.grow(n - len(self.live))
        elif n < len(self.live):
            await self.shrink(len(self.live) - n)

    def held(self, not_held: set[int]) -> int:
        return sum(1 for ref in self.live if not not_held.intersection(ref.ids))

    async def close(self) -> None:
        for h in self.http:
            await h.aclose()


# --- measuring --------------------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    values = sorted(values)
    return values[min(len(values) - 1, int(p / 100 * len(values)))]


@dataclass
class Window:
    tables: int
    held: int
    actions: float  # human intents per second
    n: int  # latency samples
    p50: float
    p99: float
    worst: float
    cpu: dict[str, float]
    errors: dict[str, int]
    rows: float | None = None  # rows appended to room_events per second (every action and record)
    redis_ops: float | None = None  # commands/s of the whole Redis (other users of it count too)
    bot_n: int = 0  # the nodes' bot answers in the window (GET /api/admin/bots)
    bot_p99: float = 0.0  # the worst node's p99 bot lateness, ms: from the answer falling due to saved

    @property
    def others(self) -> float:
        """Cores the machine spent on anything but this run's nodes, generators, PostgreSQL and Redis."""
        return max(0.0, self.cpu["machine"] - sum(v for k, v in self.cpu.items()
                                                   if k != "machine" and not k.startswith("bots")))

    def passes(self, p99_ms: float, bot_p99_ms: float) -> bool:
        # A table is held only while its bots keep pace too: the bots think outside the table's lock,
        # so a node out of bot time no longer shows in the humans' latency but in its bots' lateness.
        return self.held == self.tables and self.n > 0 and self.p99 < p99_ms and self.bot_p99 < bot_p99_ms

    def line(self, k: int) -> str:
        # a node's CPU is its whole tree; the share its bots' process took (if it has one) beside it
        nodes = ", ".join(f"{self.cpu[f'node{i}'] * 100:.0f}%"
                          + (f" (bots {self.cpu[f'bots{i}'] * 100:.0f}%)" if self.cpu.get(f"bots{i}") else "")
                          for i in range(k))
        return (f"{self.tables:6d} {self.held:6d} {self.actions:8.1f} {self.n:7d} {self.p50:7.1f} {self.p99:7.1f}"
                f" {self.worst:7.0f} {self.bot_p99:7.0f}   nodes {nodes}; gen {self.cpu['gen'] * 100:.0f}%, "
                f"pg {self.cpu['postgres'] * 100:.0f}%, redis {self.cpu['redis'] * 100:.0f}%, "
                f"machine {self.cpu['machine']:.2f} cores (other jobs {self.others:.2f})"
                + (f"; {self.rows:.0f} rows/s, redis {self.redis_ops:.0f} cmd/s" if self.rows is not None else "")
                + (f"  errors {self.errors}" if self.errors else ""))


HEADER = "tables   held  intents/s    n     p50 ms  p99 ms   max ms  bots p99   CPU (100% = one core)"


async def measure(tables: Tables, cluster: Cluster, gens: Generators, seconds: float) -> Window:
    nodes = cluster.nodes
    await gens.each({"cmd": "mark"})
    groups = {f"node{i}": process_tree(n.proc.pid) for i, n in enumerate(nodes) if n.proc is not None}
    groups.update({f"bots{i}": tree[1:] for i, tree in enumerate(groups.values())})  # (the node's children)
    await bot_pace(nodes)  # (resets each node's figures)
    counts0, t0 = await cluster.counts(), time.perf_counter()
    meter = CpuMeter({**groups, "gen": gens.pids})
    await asyncio.sleep(seconds)
    cpu = meter.read()
    counts1, elapsed = await cluster.counts(), time.perf_counter() - t0
    paces = await bot_pace(nodes)
    rep = await gens.report()
    lat = rep["lat"]
    w = Window(len(tables.live), tables.held(rep["not_held"]), rep["actions"] / rep["elapsed"], len(lat),
               pct(lat, 50), pct(lat, 99), max(lat, default=0.0), cpu, rep["errors"])
    if counts0 is not None and counts1 is not None:
        w.rows, w.redis_ops = ((b - a) / elapsed for a, b in zip(counts0, counts1, strict=True))
    w.bot_n = sum(int(p["answers"]) for p in paces)
    w.bot_p99 = max((float(p["p99_ms"]) for p in paces), default=0.0)
    return w


async def bot_pace(nodes: list[ServerProcess]) -> list[dict[str, Any]]:
    """Each node's bot lateness since the last call (``GET /api/admin/bots?reset=1``)."""
    async with httpx.AsyncClient(timeout=30, headers={"authorization": f"Bearer {OPERATOR}"}) as http:
        rs = await asyncio.gather(*(http.get(f"{n.base}/api/admin/bots", params={"reset": "1"}) for n in nodes))
    return [r.json() for r in rs]


# --- runs -------------------------------------------------------------------------------------------
class Cluster:
    """K nodes on a fresh PostgreSQL schema and Redis key prefix (``k == 0``: one plain server)."""

    def __init__(self, args: argparse.Namespace, k: int, data: Path) -> None:
        self.args, self.k, self.data = args, k, data
        self.nodes: list[ServerProcess] = []
        self.schema: str | None = None
        self.prefix = f"mjload:{secrets.token_hex(4)}:"
        self.started = 0
        self.url: str | None = args.database_url

    async def start(self) -> list[ServerProcess]:
        if self.k == 0:
            srv = ServerProcess(self.data, self.url, bot=self.args.bot, limits=self.limits())
            srv.new_session = True
            self.nodes = [srv.start()]
            return self.nodes
        from tests.server.conftest import database_url

        if self.url is None:
            self.url, self.schema = await asyncio.to_thread(database_url, "postgres", self.data)
        os.environ.setdefault("MAJIANG_SECRET", secrets.token_hex(16))
        os.environ["MAJIANG_REDIS_PREFIX"] = self.prefix
        self.nodes = [self.node(i) for i in range(self.k)]
        return self.nodes

    def limits(self) -> str:
        """The nodes' MAJIANG_LIMITS: the tests' roomy ones (one address drives every player) and --limits."""
        return ",".join(filter(None, [TEST_LIMITS, self.args.limits]))

    async def counts(self) -> tuple[int, int] | None:
        """(rows in room_events, commands Redis has processed) now; None for one plain server."""
        if self.k == 0 or self.schema is None:
            return None
        import asyncpg
        import redis.asyncio

        from tests.server.conftest import PG_ROOT

        conn = await asyncpg.connect(PG_ROOT, timeout=10)
        try:
            rows = await conn.fetchval(f"SELECT count(*) FROM {self.schema}.room_events")
        finally:
            await conn.close()
        r = redis.asyncio.Redis.from_url(self.args.redis_url)
        try:
            ops = (await r.info("stats"))["total_commands_processed"]
        finally:
            await r.aclose()
        return int(rows), int(ops)

    def node(self, i: int) -> ServerProcess:
        self.started += 1  # a node started in place of a killed one gets a new id
        srv = ServerProcess(self.data / f"node{i}", self.url, bot=self.args.bot, log_path=self.data / f"node{i}.log",
                            limits=self.limits())
        # A session of its own: Linux groups CPU time by session (autogroup), so nodes started from one
        # shell would share one core's worth on a busy machine; on their own they are scheduled as
        # separate servers are.
        srv.new_session = True
        srv.extra = ["--redis-url", self.args.redis_url, "--node-id", f"n{i}-{self.started}"]
        return srv.start()

    async def stop(self) -> None:
        for srv in self.nodes:
            srv.stop()
        if self.k == 0:
            return
        from tests.server.conftest import drop_schema

        await asyncio.to_thread(drop_schema, self.schema)
        import redis

        r = redis.Redis.from_url(self.args.redis_url)
        for key in r.scan_iter(match=self.prefix + "*"):
            r.delete(key)


@contextlib.asynccontextmanager
async def running(args: argparse.Namespace, k: int, data: Path) -> AsyncIterator[tuple[Cluster, Generators, Tables]]:
    """K nodes (0: one plain server), the generators, and the (still empty) tables of a run; all
    stopped at the end, whatever happened."""
    cluster = Cluster(args, k, data)
    gens = await Generators(args.procs, args.think).start()
    tables: Tables | None = None
    try:
        tables = Tables(args, await cluster.start(), gens)
        yield cluster, gens, tables
    finally:
        if tables is not None:
            await tables.close()
        await gens.stop()
        await cluster.stop()


async def run_fixed(args: argparse.Namespace, data: Path) -> int:
    """One window at ``--tables`` on one server (or ``--nodes K``), then ``--kills`` takeovers."""
    k = int(args.nodes or 0)
    async with running(args, k, data) as (cluster, gens, tables):
        nodes = cluster.nodes
        t0 = time.perf_counter()
        await tables.grow(args.tables)
        print(f"{args.tables} tables ({args.humans} human(s) + {4 - args.humans} bot(s) each, "
              f"{args.hard_bots} of them hard) on "
              f"{max(k, 1)} node(s) in {time.perf_counter() - t0:.1f}s; clients: {args.clients}, "
              f"{args.procs} generator process(es)")
        await asyncio.sleep(args.warmup)
        w = await measure(tables, cluster, gens, args.seconds)
        print(HEADER)
        print(w.line(len(nodes)))
        if args.kills:
            await gens.each({"cmd": "stop"})
            times = await takeovers(args, cluster)
            print(f"takeover         median {statistics.median(times):.2f} s, max {max(times):.2f} s "
                  f"over {len(times)} kills (kill -9 -> the table served again by its new owner)")
        return 0 if w.held == w.tables else 1


async def run_capacity(args: argparse.Namespace, data: Path) -> int:
    ks = [int(x) for x in str(args.nodes).split(",")]
    print(f"capacity: p99 < {args.p99} ms, bots' p99 lateness < {args.bot_p99} ms and every table held; "
          f"{args.humans} human(s) per table, {args.hard_bots} hard bot(s), think "
          f"{args.think} s, bot_delay {args.bot_delay if args.bot_delay is not None else 'default'}; "
          f"{args.procs} generator process(es); windows of {args.seconds:.0f} s after {args.settle:.0f} s; "
          f"load average {os.getloadavg()[0]:.2f}", flush=True)
    found: dict[int, Window | None] = {}
    for k in ks:
        found[k] = await capacity_of(args, k, data / f"k{k}")
    print("\nsummary (the largest N whose window passed)")
    print("K  " + HEADER)
    base = found[ks[0]]
    for k in ks:
        w = found[k]
        print(f"{k}  " + (w.line(k) if w else "none passed"))
    for k in ks[1:]:
        w = found[k]
        if base and w:
            print(f"ratio K={k} / K={ks[0]}: {w.tables / base.tables:.2f}")
    return 0


async def capacity_of(args: argparse.Namespace, k: int, data: Path) -> Window | None:
    async with running(args, k, data) as (cluster, gens, tables):
        print(f"\nK = {k}\n   " + HEADER, flush=True)
        results: dict[int, Window] = {}

        def passes(w: Window) -> bool:
            return w.passes(args.p99, args.bot_p99)

        async def window(n: int) -> Window:
            await tables.resize(n)
            await asyncio.sleep(args.settle)
            w = await measure(tables, cluster, gens, args.seconds)
            print(("ok " if passes(w) else "-- ") + w.line(k), flush=True)
            if not passes(w):  # once more before it counts: another job's burst is not a node's limit
                w2 = await measure(tables, cluster, gens, args.seconds)
                print(("ok " if passes(w2) else "-- ") + w2.line(k), flush=True)
                if passes(w2):
                    w = w2
            results[n] = w
            return w

        lo, hi = 0, 0
        n = args.start * k
        while n <= args.max_tables:
            if passes(await window(n)):
                lo, n = n, n + args.step * k
            else:
                hi = n
                break
        while hi and hi - lo > args.resolution * k:
            mid = (lo + hi) // 2
            if passes(await window(mid)):
                lo = mid
            else:
                hi = mid
        return results.get(lo)


async def takeovers(args: argparse.Namespace, cluster: Cluster) -> list[float]:
    """Kill (SIGKILL) the owner of a fresh table ``args.kills`` times, starting a new node in its place
    each time, and time the takeover as the table's player sees it: kill -> the welcome (the table
    served again, by its new owner) after reconnecting through a node that is still alive."""
    nodes = cluster.nodes
    times = []
    for n in range(args.kills):
        victim = n % len(nodes)
        other = nodes[(victim + 1) % len(nodes)]
        async with httpx.AsyncClient(base_url=nodes[victim].base, timeout=30) as http:
            token = (await http.post("/api/session", json={"name": f"k{n}"})).json()["token"]
            r = await http.post("/api/rooms", json={"ruleset": args.ruleset, "hands": 64, "public": False},
                                headers={"authorization": f"Bearer {token}"})
            code = r.json()["room"]["code"]
            await http.post(f"/api/rooms/{code}/bots", json={}, headers={"authorization": f"Bearer {token}"})
        url = f"{other.ws_base}/ws/{code}"
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
        nodes[victim] = await asyncio.to_thread(cluster.node, victim)  # a new node in its place
    return times


async def main(args: argparse.Namespace) -> int:
    data = Path(tempfile.mkdtemp(prefix="majiang-load-"))
    # The nodes and generators run in sessions of their own: on SIGTERM (timeout, kill) stop them first.
    task = asyncio.current_task()
    assert task is not None
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, task.cancel)
    if args.capacity:
        return await run_capacity(args, data)
    return await run_fixed(args, data)


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30, help="length of a measuring window")
    p.add_argument("--warmup", type=float, default=5)
    p.add_argument("--think", type=float, default=1.0, help="mean think time per decision, seconds")
    p.add_argument("--humans", type=int, default=1, choices=[1, 2, 3, 4], help="scripted players per table")
    p.add_argument("--bot-delay", type=float, default=None, help="the rooms' bot_delay (default: the room default)")
    p.add_argument("--bot", default="", help="the nodes' bot (majiang serve --bot; default: strong)")
    p.add_argument("--hard-bots", type=int, default=0,
                   help="bot seats per table at the hard level (the searching bot); the others at the room's")
    p.add_argument("--limits", default="", help="more MAJIANG_LIMITS for the nodes (key=value,...), "
                   "e.g. commit_linger=0.005")
    p.add_argument("--procs", type=int, default=1, help="load generator processes")
    p.add_argument("--ruleset", default="anqing", choices=["anqing", "hefei", "baida"])
    p.add_argument("--database-url", default=None, help="default: SQLite (one server), a fresh schema (nodes)")
    p.add_argument("--nodes", default="", help="K nodes sharing PostgreSQL and Redis; with --capacity a list: 1,2")
    p.add_argument("--clients", default="owner", choices=["owner", "spread"])
    p.add_argument("--redis-url", default="redis://127.0.0.1:6379/0")
    p.add_argument("--kills", type=int, default=0, help="with --nodes: time this many takeovers")
    p.add_argument("--capacity", action="store_true", help="ramp N for each K of --nodes (see above)")
    p.add_argument("--p99", type=float, default=100.0, help="--capacity: the p99 a window must stay under, ms")
    p.add_argument("--bot-p99", type=float, default=250.0,
                   help="--capacity: the p99 of the bots' lateness (due to saved) a window must stay under, ms")
    p.add_argument("--start", type=int, default=100, help="--capacity: first N per node")
    p.add_argument("--step", type=int, default=100, help="--capacity: ramp step per node")
    p.add_argument("--resolution", type=int, default=25, help="--capacity: bisect down to this many tables per node")
    p.add_argument("--settle", type=float, default=10, help="--capacity: seconds after a resize before measuring")
    p.add_argument("--max-tables", type=int, default=5000)
    parsed = p.parse_args()
    if not 0 <= parsed.hard_bots <= 4 - parsed.humans:
        p.error(f"--hard-bots must be 0 to {4 - parsed.humans} (the bot seats of a table with "
                f"{parsed.humans} human(s)), not {parsed.hard_bots}")
    sys.exit(asyncio.run(main(parsed)))
