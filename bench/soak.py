"""Soak test: N tables of 4 scripted players at a human pace for a long time, matches that end and
restart, against a real server subprocess running with the production limits.

    nice -n 10 .venv/bin/python bench/soak.py --tables 100 --minutes 30 [--hands 2] [--think 1.0]

Each table plays a match of ``--hands`` hands; when it ends its four players open a new room (the
old one is finished and leaves the server's memory after its eviction delay) and play again, so
rooms, connections and finished tables keep coming and going. Every ``--sample`` seconds the
server's RSS (/proc) is recorded; latency (an intent sent -> the next view received) is grouped in
``--window``-second windows. Reported: RSS over time (it must level off), p50/p99 per window,
matches played, errors, and the server's own memory report (tables in memory, its scheduled garbage
collections; ``--objects``: live websocket protocol objects too). Nothing is asserted: it is a
measurement (docs/server.md keeps the figures).

For finding a leak: ``--limits evict_seconds=60`` (finished tables leave memory sooner) and
``--memwatch FILE`` (the server's opt-in report, majiang/server/memwatch.py: object types that grow,
tables alive that the registry let go and what holds them, pymalloc and malloc figures;
``--memwatch-trace N`` adds tracemalloc, ``--memwatch-collect`` a full collection after each report).
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
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.load import pct
from tests.server.harness import OPERATOR, ServerProcess


class Soak:
    def __init__(self, args: argparse.Namespace, base: str) -> None:
        self.args, self.base = args, base
        self.ws_base = base.replace("http://", "ws://")
        self.latency: list[tuple[float, float]] = []  # (when, seconds)
        self.matches = 0
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.stop = asyncio.Event()

    async def post(self, http: httpx.AsyncClient, path: str, **kw: object) -> httpx.Response:
        """POST, waiting and sending again when the server says 429 (as a real client does)."""
        while True:
            r = await http.post(path, **kw)  # type: ignore[arg-type]
            if r.status_code != 429 or r.json()["error"] != "rate_limited":
                return r
            self._error("http 429")
            await asyncio.sleep(float(r.headers.get("retry-after", "1")))

    async def table(self, i: int, rng: random.Random) -> None:
        """One table's players, match after match until the soak ends. Each table talks from its own
        loopback address (its players are four people at one place, not 400 behind one address)."""
        ip = f"127.77.{i // 250}.{i % 250 + 1}"
        async with httpx.AsyncClient(base_url=self.base, timeout=60,
                                     transport=httpx.AsyncHTTPTransport(local_address=ip)) as http:
            await self._table(i, ip, http, rng)

    async def _table(self, i: int, ip: str, http: httpx.AsyncClient, rng: random.Random) -> None:
        tokens = []
        for s in range(4):
            r = await self.post(http, "/api/session", json={"name": f"soak{i}-{s}"})
            r.raise_for_status()
            tokens.append(r.json()["token"])
        spec = {"ruleset": self.args.ruleset, "hands": self.args.hands, "discard_seconds": 60, "claim_seconds": 60,
                "grace_seconds": 60, "ready_seconds": 30, "public": False}
        while not self.stop.is_set():
            r = await self.post(http, "/api/rooms", json=spec, headers={"authorization": f"Bearer {tokens[0]}"})
            if r.status_code != 201:
                self._error(f"create {r.status_code} {r.json().get('error')}")
                await asyncio.sleep(5)
                continue
            code = r.json()["room"]["code"]
            for t in tokens[1:]:
                await self.post(http, f"/api/rooms/{code}/join", headers={"authorization": f"Bearer {t}"})
            done = asyncio.Event()
            players = [asyncio.create_task(self.player(code, t, ip, random.Random(rng.random()), done))
                       for t in tokens]
            stopper = asyncio.create_task(self.stop.wait())
            await asyncio.wait([asyncio.create_task(done.wait()), stopper], return_when=asyncio.FIRST_COMPLETED)
            if done.is_set():
                self.matches += 1
            for p in players:
                p.cancel()
            await asyncio.gather(*players, return_exceptions=True)

    async def player(self, code: str, token: str, ip: str, rng: random.Random, done: asyncio.Event) -> None:
        async with websockets.connect(f"{self.ws_base}/ws/{code}", max_size=2**22, open_timeout=60,
                                      local_addr=(ip, 0)) as ws:
            await ws.send(json.dumps({"type": "auth", "token": token}))
            await ws.send('{"type":"ready"}')
            seat: int | None = None
            answered = -1
            sent_at: float | None = None
            readied = -1
            loop = asyncio.get_running_loop()
            async for frame in ws:
                now = time.perf_counter()
                msg = json.loads(frame)
                kind = msg["type"]
                if kind == "view":
                    if sent_at is not None:
                        self.latency.append((now, now - sent_at))
                        sent_at = None
                    legal = msg["view"]["legal"]
                    if legal and msg["asked"] != answered:
                        answered = msg["asked"]
                        await asyncio.sleep(rng.uniform(self.args.think / 2, self.args.think * 1.5))
                        action = next((a for a in legal if a["type"] == "win"), None) or rng.choice(legal)
                        sent_at = time.perf_counter()
                        self.actions += 1
                        await ws.send(json.dumps({"type": "act", "seq": msg["seq"], "action": action}))
                elif kind == "welcome":
                    seat = msg["seat"]
                elif kind == "room" and seat is not None:
                    room = msg["room"]
                    if room["status"] == "waiting" and not room["seats"][seat]["ready"] and readied != room["hand_no"]:
                        readied = room["hand_no"]
                        loop.call_later(rng.uniform(0.5, 2.0), lambda: asyncio.ensure_future(send_quietly(
                            ws, '{"type":"ready"}')))
                elif kind in ("match_end", "dissolved"):
                    done.set()
                elif kind == "error":
                    self._error(msg["code"])

    def _error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


async def send_quietly(ws: websockets.ClientConnection, text: str) -> None:
    """A delayed send that may find the match over and the socket closed: nothing to report then."""
    with contextlib.suppress(websockets.ConnectionClosed):
        await ws.send(text)


async def server_memory(base: str, objects: bool) -> dict[str, object]:
    """The server's own memory report (GET /api/admin/memory, operator): tables, its scheduled garbage
    collections, and (``objects``) live objects such as websocket protocols (a walk over the heap)."""
    try:
        async with httpx.AsyncClient(base_url=base, timeout=30) as http:
            r = await http.get(f"/api/admin/memory?objects={int(objects)}", headers={"x-operator-token": OPERATOR})
            return r.json() if r.status_code == 200 else {}  # type: ignore[no-any-return]
    except httpx.HTTPError:
        return {}


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def main(args: argparse.Namespace) -> int:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 65536)), hard))
    gc.set_threshold(20000, 50, 50)
    data = Path(tempfile.mkdtemp(prefix="majiang-soak-"))
    if args.memwatch:  # the server's opt-in memory report (majiang/server/memwatch.py)
        os.environ["MAJIANG_MEMWATCH"] = str(Path(args.memwatch).resolve())
        os.environ["MAJIANG_MEMWATCH_SECONDS"] = str(args.sample)
        os.environ["MAJIANG_MEMWATCH_TRACE"] = str(args.memwatch_trace)
        os.environ["MAJIANG_MEMWATCH_COLLECT"] = "1" if args.memwatch_collect else ""
    # limits="" : the production defaults (rate limits, quotas), not the tests' roomy ones
    srv = ServerProcess(data, args.database_url, limits=args.limits).start()
    assert srv.proc is not None
    try:
        soak = Soak(args, srv.base)
        rng = random.Random(7)
        start = time.perf_counter()
        samples: list[tuple[float, float, int, int]] = []  # (minutes, RSS MB, matches, actions)
        memory: dict[str, object] = {}
        tables = []
        for i in range(args.tables):  # a few at a time: 4 sessions + a room + 3 joins each
            tables.append(asyncio.create_task(soak.table(i, random.Random(rng.random()))))
            await asyncio.sleep(0.1)
        end = start + args.minutes * 60
        while time.perf_counter() < end:
            await asyncio.sleep(min(args.sample, max(0.0, end - time.perf_counter())))
            t = (time.perf_counter() - start) / 60
            samples.append((t, rss_mb(srv.proc.pid), soak.matches, soak.actions))
            memory = await server_memory(srv.base, args.objects)
            objects: dict[str, int] = memory.get("objects", {})  # type: ignore[assignment]
            upkeep: dict[str, float] = memory.get("upkeep", {})  # type: ignore[assignment]
            alive = f"  ws protocols {objects.get('ServerProtocol')}" if objects else ""
            print(f"{t:6.1f} min  RSS {samples[-1][1]:7.1f} MB  matches {soak.matches:5d}  "
                  f"actions {soak.actions:7d}  tables {memory.get('tables')}{alive}  "
                  f"collections {upkeep.get('runs')} (last {upkeep.get('last_ms')} ms)", flush=True)
        soak.stop.set()
        await asyncio.gather(*tables, return_exceptions=True)
        print(f"\n{args.tables} tables, {args.minutes:g} min, think {args.think}s, {args.hands} hands a match: "
              f"{soak.matches} matches, {soak.actions} actions ({soak.actions / (args.minutes * 60):.1f}/s)")
        print(f"errors: {soak.errors or 'none'}")
        up = memory.get("upkeep", {})
        print(f"server housekeeping: {up}  (full collections: runs, unreachable found, pauses, CPU in all)")
        print("\n| window | intents | p50 | p99 | max | RSS at end |")
        print("|---|---|---|---|---|---|")
        w = args.window
        for k in range(int(args.minutes * 60 // w + (1 if args.minutes * 60 % w else 0))):
            lo, hi = start + k * w, start + (k + 1) * w
            lat = [x for t, x in soak.latency if lo <= t < hi]
            rss = [r for m, r, _, _ in samples if m * 60 <= (k + 1) * w]
            print(f"| {k * w / 60:g}-{min((k + 1) * w, args.minutes * 60) / 60:g} min | {len(lat)} | "
                  f"{pct(lat, 50) * 1000:.1f} ms | {pct(lat, 99) * 1000:.1f} ms | "
                  f"{max(lat, default=0) * 1000:.0f} ms | {rss[-1] if rss else float('nan'):.0f} MB |")
        return 0
    finally:
        srv.stop()


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tables", type=int, default=100)
    p.add_argument("--minutes", type=float, default=30)
    p.add_argument("--hands", type=int, default=2, help="hands per match (then the table starts a new match)")
    p.add_argument("--think", type=float, default=1.0, help="mean think time per decision, seconds")
    p.add_argument("--window", type=float, default=300, help="latency window, seconds")
    p.add_argument("--sample", type=float, default=30, help="RSS sample interval, seconds")
    p.add_argument("--ruleset", default="anqing", choices=["anqing", "hefei"])
    p.add_argument("--database-url", default=None, help="default: SQLite in a temporary directory")
    p.add_argument("--limits", default="", help="MAJIANG_LIMITS for the server (default: production limits), "
                                                "e.g. evict_seconds=60 to see evictions sooner")
    p.add_argument("--objects", action="store_true",
                   help="count live objects (websocket protocols, tables) in the server at each sample; "
                        "each count walks its heap, a pause of its own")
    p.add_argument("--memwatch", default=None, metavar="FILE",
                   help="the server appends a memory report to FILE every --sample seconds (memwatch.py)")
    p.add_argument("--memwatch-trace", type=int, default=0, metavar="FRAMES",
                   help="with --memwatch: tracemalloc with this many frames per traceback (slow; 0 = off)")
    p.add_argument("--memwatch-collect", action="store_true",
                   help="with --memwatch: a full garbage collection after each report")
    sys.exit(asyncio.run(main(p.parse_args())))
