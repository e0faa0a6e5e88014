"""Load test: N tables of 4 scripted clients over real websockets against a real server subprocess.

    .venv/bin/python bench/load.py --tables 200 --seconds 60 [--think 1.0] [--database-url URL]

Each client is a player at human pace: it answers each question (`asked`) once, after a think
time drawn uniformly from [think/2, 3*think/2], with a random legal action (a win when offered).
Reported: tables held (every seat still connected and the table still moving at the end),
actions/s, and the p50/p99 latency from sending an intent to receiving the next view.
"""

from __future__ import annotations

import argparse
import asyncio
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


async def setup_tables(base: str, n: int, ruleset: str) -> list[list[tuple[str, str]]]:
    """Each room's four (websocket URL, player token)."""
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
                return [(f"{ws_base}/ws/{code}", t) for t in tokens]

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
    sys.exit(asyncio.run(main(p.parse_args())))
