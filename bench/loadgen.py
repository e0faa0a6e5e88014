"""One process of bench/load.py's load generator: scripted human players over real websockets.

bench/load.py starts ``--procs`` of these and drives them with one JSON command per line on stdin; each
command is answered with one JSON line on stdout:

    {"cmd": "add", "players": [[id, ws_url, token], ...]}   connect them (answered once all are seated)
    {"cmd": "drop", "ids": [...]}                           close them
    {"cmd": "mark"}                                         start a measuring window
    {"cmd": "report"}                                       the window so far: latencies, actions, CPU
    {"cmd": "stop"}

A player answers each question (``asked``) once, after a think time uniform in [think/2, 3·think/2], with a
random legal action (a win when offered), and says ready between hands. It is made cheap so that the
server saturates before the generator does: frames are read as bytes and only those that ask this seat
something (a view whose ``legal`` is not empty, a room, a welcome, an error) are parsed; everything else is
recognised by its first bytes (``message()`` always writes ``type`` first). uvloop runs the loop when it is
installed. Latency is the time from sending an intent to the next view of that seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import resource
import sys
import time
from typing import Any

import msgspec
import websockets

VIEW, ROOM, WELCOME, ERROR = b'{"type":"view"', b'{"type":"room"', b'{"type":"welcome"', b'{"type":"error"'
NO_QUESTION = b'"legal":[]'  # the seat's own legal actions: empty unless it is asked something
STALE = 10.0  # seconds without a view after which a player's table counts as not moving


class Gen:
    def __init__(self, think: float, seed: int) -> None:
        self.think = think
        self.rng = random.Random(seed)
        self.players: dict[int, Player] = {}
        self.latency: list[float] = []
        self.actions = 0
        self.errors: dict[str, int] = {}
        self.mark_cpu, self.mark_at = time.process_time(), time.perf_counter()

    def mark(self) -> None:
        self.latency, self.actions, self.errors = [], 0, {}
        self.mark_cpu, self.mark_at = time.process_time(), time.perf_counter()

    def report(self) -> dict[str, Any]:
        now = time.perf_counter()
        stale = [i for i, p in self.players.items() if not p.alive or p.last_seen < now - STALE]
        return {"lat": [round(x * 1000, 2) for x in self.latency], "actions": self.actions, "errors": self.errors,
                "not_held": stale, "players": len(self.players), "cpu": time.process_time() - self.mark_cpu,
                "elapsed": now - self.mark_at}


class Player:
    def __init__(self, gen: Gen, url: str, token: str) -> None:
        self.gen, self.url, self.token = gen, url, token
        self.rng = random.Random(gen.rng.random())
        self.answered = -1
        self.sent_at: float | None = None
        self.last_seen = time.perf_counter()
        self.alive = False
        self.seat: int | None = None
        self.readied = 0
        self.ws: Any = None
        self.seated = asyncio.Event()
        self.pending: set[asyncio.Future[None]] = set()
        self.task = asyncio.create_task(self.run())

    async def run(self) -> None:
        try:
            # no client pings (a browser sends none either; the server pings every 20 s)
            async with websockets.connect(self.url, max_size=2**22, open_timeout=60, ping_interval=None) as ws:
                self.ws = ws
                await ws.send(json.dumps({"type": "auth", "token": self.token}))
                self.alive = True
                await ws.send('{"type":"ready"}')
                while True:
                    self.on_frame(await ws.recv(decode=False))
        except (websockets.ConnectionClosed, OSError, TimeoutError):
            pass
        finally:
            self.alive = False
            self.seated.set()

    def on_frame(self, frame: bytes) -> None:
        now = time.perf_counter()
        if frame.startswith(VIEW):
            self.last_seen = now
            if self.sent_at is not None:
                self.gen.latency.append(now - self.sent_at)
                self.sent_at = None
            if NO_QUESTION in frame:
                return
            msg = msgspec.json.decode(frame)
            if msg["asked"] != self.answered:
                self.answered = msg["asked"]
                asyncio.get_running_loop().call_later(
                    self.rng.uniform(self.gen.think / 2, self.gen.think * 1.5), self.answer, msg)
        elif frame.startswith(ROOM) or frame.startswith(WELCOME):
            msg = msgspec.json.decode(frame)
            if msg["type"] == "welcome":
                self.seat = msg["seat"]
                self.seated.set()
            room = msg["room"]
            if room["status"] == "waiting" and self.seat is not None and not room["seats"][self.seat]["ready"] \
                    and self.readied != room["hand_no"]:
                self.readied = room["hand_no"]  # once per hand: several room messages may say so
                self.send('{"type":"ready"}')
        elif frame.startswith(ERROR):
            code = msgspec.json.decode(frame)["code"]
            self.gen.errors[code] = self.gen.errors.get(code, 0) + 1

    def answer(self, msg: dict[str, Any]) -> None:
        if not self.alive:
            return
        legal = msg["view"]["legal"]
        action = next((a for a in legal if a["type"] == "win"), None) or self.rng.choice(legal)
        self.sent_at = time.perf_counter()
        self.gen.actions += 1
        self.send(json.dumps({"type": "act", "seq": msg["seq"], "action": action}))

    def send(self, text: str) -> None:
        fut = asyncio.ensure_future(self.ws.send(text))
        self.pending.add(fut)
        fut.add_done_callback(self._sent)

    def _sent(self, fut: asyncio.Future[None]) -> None:
        self.pending.discard(fut)
        if not fut.cancelled() and fut.exception() is not None:
            self.alive = False

    async def close(self) -> None:
        self.alive = False
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.ws.close(), 5)
        self.task.cancel()
        with contextlib.suppress(BaseException):
            await self.task


async def serve(think: float, seed: int) -> None:
    gen = Gen(think, seed)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader(limit=2**26)  # an "add" of thousands of players is one line
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
    while line := await reader.readline():
        cmd = json.loads(line)
        answer: dict[str, Any] = {"ok": True}
        if cmd["cmd"] == "add":
            new = [Player(gen, url, token) for _, url, token in cmd["players"]]
            for (pid, _, _), p in zip(cmd["players"], new, strict=True):
                gen.players[pid] = p
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(asyncio.gather(*(p.seated.wait() for p in new)), 120)
            answer["seated"] = sum(p.seat is not None for p in new)
        elif cmd["cmd"] == "drop":
            gone = [gen.players.pop(i) for i in cmd["ids"] if i in gen.players]
            await asyncio.gather(*(p.close() for p in gone))
        elif cmd["cmd"] == "mark":
            gen.mark()
        elif cmd["cmd"] == "report":
            answer = gen.report()
        elif cmd["cmd"] == "stop":
            await asyncio.gather(*(p.close() for p in gen.players.values()))
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()
        if cmd["cmd"] == "stop":
            break


def main() -> None:
    think, seed = float(sys.argv[1]), int(sys.argv[2])
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 65536)), hard))
    gc.set_threshold(20000, 50, 50)  # the generator's own pauses would count as server latency
    try:
        import uvloop
    except ImportError:
        asyncio.run(serve(think, seed))
    else:
        with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
            runner.run(serve(think, seed))


if __name__ == "__main__":
    main()
