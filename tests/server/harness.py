"""A real server in a subprocess and real websocket clients, for the server tests and the load bench."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

OPERATOR = "test-operator-token"
# Tests drive many players from one address at machine speed: the shared servers get roomy limits,
# and tests/server/test_abuse.py starts servers with the real (or tighter) ones.
TEST_LIMITS = ("write_rate_ip=0,write_rate_token=0,ws_rate_token=0,ws_rate_ip=0,connect_rate_ip=0,read_rate_ip=0,"
               "code_miss_rate_ip=0,"
               "connect_rate_token=0,view_rate_ip=0,rooms_per_token=50,seats_per_token=50,"
               "login_rate_account=0,login_rate_ip=0,code_rate_ip=0")
FAST = {"discard_seconds": 30, "claim_seconds": 30, "ready_seconds": 30, "grace_seconds": 30, "bot_delay": 0}


class ServerProcess:
    """``majiang serve --port 0`` in a subprocess; the address is read from its first line."""

    def __init__(self, data_dir: Path, database_url: str | None = None, bot: str = "",
                 limits: str | None = None, log_path: Path | None = None) -> None:
        self.data_dir = data_dir
        self.log_path = log_path or data_dir / "server.log"  # outside data_dir: the server creates that
        self.database_url = database_url
        self.bot = bot
        # MAJIANG_LIMITS for this server ("key=value,…", see majiang/backend/config.py); None: TEST_LIMITS
        self.limits = limits
        self.proc: subprocess.Popen[str] | None = None
        self.base = ""
        self.extra: list[str] = []  # more `majiang serve` arguments (tests/server/test_cluster.py: --redis-url …)
        # bench/load.py: each node in a session of its own, so the kernel's per-session CPU share
        # (autogroup) treats it as a server started on its own, not as one share for all the nodes
        self.new_session = False
        self.banner = ""
        self.port = 0  # 0: any free port; a test restarting the server where clients expect it sets the old one
        # Test servers run with the test hooks (seeds fixed per room, docs/server.md "Test hooks");
        # env adds to or overrides the server's environment (a test of the refusal sets MAJIANG_ENV)
        self.env: dict[str, str] = {"MAJIANG_TEST_HOOKS": "1"}

    def start(self, timeout: float = 30) -> ServerProcess:
        cmd = [sys.executable, "-m", "majiang", "serve", "--port", str(self.port), "--data-dir", str(self.data_dir)]
        if self.database_url:
            cmd += ["--database-url", self.database_url]
        if self.bot:
            cmd += ["--bot", self.bot]
        cmd += self.extra
        env = {**os.environ, "MAJIANG_OPERATOR_TOKEN": OPERATOR, "PYTHONUNBUFFERED": "1",
               "MAJIANG_LIMITS": TEST_LIMITS if self.limits is None else self.limits, **self.env}
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        log = open(self.log_path, "a")  # noqa: SIM115 - kept open for the child's lifetime
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True, env=env,
                                     start_new_session=self.new_session)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        self.banner = line  # the first line: where it listens (and its metrics listener, if any)
        m = re.search(r"http://([\d.]+):(\d+)/", line)
        if not m:
            self.stop()
            raise RuntimeError(f"server did not start: {line!r}; log: {self.log_path.read_text()}")
        self.base = f"http://{m.group(1)}:{m.group(2)}"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/health", timeout=2).status_code == 200:
                    return self
            if self.proc.poll() is not None:
                break
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server not healthy; log: {self.log_path.read_text()[-3000:]}")

    @property
    def ws_base(self) -> str:
        return self.base.replace("http://", "ws://")

    def kill(self) -> None:
        """SIGKILL: no shutdown handlers, no flushing."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


async def session(http: httpx.AsyncClient, name: str) -> dict[str, Any]:
    r = await http.post("/api/session", json={"name": name})
    r.raise_for_status()
    return r.json()  # type: ignore[no-any-return]


def auth(token: str) -> dict[str, str]:
    return {"authorization": f"Bearer {token}"}


async def create_room(http: httpx.AsyncClient, token: str, **spec: Any) -> dict[str, Any]:
    body = {"ruleset": "anqing", "hands": 1, **FAST, **spec}
    r = await http.post("/api/rooms", json=body, headers=auth(token))
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


async def fix_seeds(http: httpx.AsyncClient, code: str, seeds: list[str], match_seed: str | None = None) -> None:
    """The room's next hands are dealt from ``seeds`` (and its match from ``match_seed``): the test hook."""
    body: dict[str, Any] = {"seeds": seeds, **({"match_seed": match_seed} if match_seed else {})}
    r = await http.post(f"/api/rooms/{code}/test-deal", json=body, headers=auth(OPERATOR))
    assert r.status_code == 200, r.text


def seeded_match(ruleset: str, options: dict[str, Any], hands: int, match_seed: str, seeds: list[str]) -> Any:
    """The match a room with these fixed seeds deals, played here (the engine is deterministic), so a
    test can look for the seed that sets up its situation before the server deals it."""
    from majiang.engine import Match
    from majiang.rules.registry import make_ruleset

    return Match(make_ruleset(ruleset, options), hands=hands, seed=match_seed, seed_source=lambda n: seeds[n - 1])


def first_seeds(ruleset: str, options: dict[str, Any], hands: int, prefix: str, sets_up: Callable[[Any], bool],
                tries: int = 400) -> tuple[str, str]:
    """(hand seed, match seed), ``{prefix}-{n}`` and ``{prefix}-m{n}``, of the first n whose seeded match
    ``sets_up`` the test's case when played here: the test then has the server deal exactly it."""
    for n in range(tries):
        if sets_up(seeded_match(ruleset, options, hands, f"{prefix}-m{n}", [f"{prefix}-{n}"])):
            return f"{prefix}-{n}", f"{prefix}-m{n}"
    raise AssertionError(f"none of the first {tries} seeds {prefix}-* sets the case up")


def asked_seats(hand: Any) -> Iterator[int]:
    """Each seat the hand asks, one at a time, until it is over (a claim window's waiting seats in turn,
    as the server's seats answer): the caller applies that seat's action before the next is asked."""
    while not hand.over:
        for s in list(hand.to_act()):
            if s in hand.to_act():
                yield s


class Client:
    """One player's websocket. Keeps every raw frame, the latest room/view, and wakes waiters."""

    def __init__(self, ws_base: str, code: str, token: str, local_ip: str | None = None) -> None:
        self.url = f"{ws_base}/ws/{code}"
        self.token = token  # sent as the first message, never in the URL
        self.local_ip = local_ip  # connect from this loopback address (the server limits per address)
        self.ws: ClientConnection | None = None
        self.raw: list[str] = []
        self.messages: list[dict[str, Any]] = []
        self.room: dict[str, Any] | None = None
        self.view: dict[str, Any] | None = None
        self.last_view_msg: dict[str, Any] | None = None
        self.seat: int | None = None
        self.seq = 0
        self.closed = asyncio.Event()
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None
        self.autoplay = False  # answer every question with the first legal action (a scripted player)
        self.autoready = True  # with autoplay: also say ready between hands
        self.answered = -1  # the `asked` of the last question answered
        self.rng: random.Random | None = None  # autoplay: a random legal action instead of `pick`

    async def connect(self) -> Client:
        extra: dict[str, Any] = {"local_addr": (self.local_ip, 0)} if self.local_ip else {}
        self.ws = await websockets.connect(self.url, max_size=2**22, **extra)
        await self.ws.send(json.dumps({"type": "auth", "token": self.token}))
        self._reader = asyncio.create_task(self._read())
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                assert isinstance(frame, str)
                self.raw.append(frame)
                msg = json.loads(frame)
                self.messages.append(msg)
                assert msg["seq"] >= self.seq, f"seq went back: {msg['seq']} after {self.seq}"
                self.seq = msg["seq"]
                if msg["type"] == "welcome":
                    self.seat = msg["seat"]
                if msg["type"] in ("welcome", "room"):
                    self.room = msg["room"]
                    r = msg["room"]
                    if self.autoplay and self.autoready and self.seat is not None and r["status"] == "waiting" \
                            and not r["seats"][self.seat]["ready"]:
                        await self.send({"type": "ready"})
                elif msg["type"] == "view":
                    self.view = msg["view"]
                    self.last_view_msg = msg
                    # answer each question once: `asked` names it (other seats' answers do not change it)
                    if self.autoplay and msg["view"]["legal"] and msg["asked"] != self.answered:
                        self.answered = msg["asked"]
                        await self.send({"type": "act", "seq": msg["seq"], "action": self.choose(msg["view"]["legal"])})
                elif msg["type"] == "error" and msg["code"] == "rate_limited":
                    # a scripted player answers faster than any human; back off and send again what was dropped
                    ref = msg.get("ref")
                    asyncio.get_running_loop().call_later(
                        0.2, lambda ref=ref: asyncio.ensure_future(self._answer_again(ref)))
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed.set()
            self._changed.set()

    def choose(self, legal: list[dict[str, Any]]) -> dict[str, Any]:
        return self.rng.choice(legal) if self.rng is not None else pick(legal)

    async def _answer_again(self, ref: str | None) -> None:
        """The server dropped our ``ref`` message (rate limit): send it again if it still matters."""
        m = self.last_view_msg
        if ref == "act" and self.autoplay and m is not None and m["view"]["legal"] and m["asked"] == self.answered:
            await self.send({"type": "act", "seq": m["seq"], "action": self.choose(m["view"]["legal"])})
        elif ref == "ready" and self.room and self.seat is not None and self.room["status"] == "waiting" \
                and not self.room["seats"][self.seat]["ready"]:
            await self.send({"type": "ready"})  # a ready really was sent (by autoready or by the test)

    async def send(self, obj: Any) -> None:
        assert self.ws is not None
        with contextlib.suppress(websockets.ConnectionClosed):
            await self.ws.send(obj if isinstance(obj, str | bytes) else json.dumps(obj))

    async def send_until(self, obj: Any, pred: Any, timeout: float = 20) -> Any:
        """Send ``obj`` and again each second until ``pred(self)`` holds: an autoplaying client can
        outrun the server's rate limit, which drops the excess message (an error says so)."""
        deadline = time.monotonic() + timeout
        while True:
            await self.send(obj)
            with contextlib.suppress(TimeoutError):
                return await self.wait(pred, timeout=min(1.0, max(0.0, deadline - time.monotonic())))
            if time.monotonic() >= deadline:
                raise TimeoutError(f"{obj} had no effect; last messages: {self.raw[-3:]}")

    async def wait(self, pred: Any, timeout: float = 20) -> Any:
        """Wait until ``pred(self)`` is truthy; returns its value."""
        deadline = time.monotonic() + timeout
        while True:
            value = self._holds(pred)
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0 or (self.closed.is_set() and not self._holds(pred)):
                raise TimeoutError(f"condition not met; last messages: {self.raw[-3:]}")
            self._changed.clear()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), min(left, 1.0))

    def _holds(self, pred: Any) -> Any:
        """``pred(self)``, except that a predicate on the room is simply false until the welcome
        arrives: ``connect`` returns once the auth is sent, before the server answers."""
        try:
            return pred(self)
        except TypeError:
            if self.room is not None:
                raise
            return None

    async def next_of(self, kind: str, timeout: float = 20, after: int | None = None) -> dict[str, Any]:
        start = len(self.messages) if after is None else after
        return await self.wait(lambda c: next((m for m in c.messages[start:] if m["type"] == kind), None), timeout)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(self._reader, 5)


def pick(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A scripted player: win when possible, never claim, else discard the first offered tile."""
    for kind in ("win", "pass", "discard"):
        for a in legal:
            if a["type"] == kind:
                return a
    return legal[0]


async def autoplay_match(server: ServerProcess, code: str, token: str, timeout: float = 120) -> Client:
    """A player who takes the first legal action at every question plays the room's match from ready to its
    end; the client (every message it got) is returned, closed."""
    c = await Client(server.ws_base, code, token).connect()
    c.autoplay = True
    await c.next_of("welcome", after=0)
    await c.send({"type": "ready"})
    await c.next_of("match_end", timeout=timeout, after=0)
    await c.close()
    return c


async def seeded_bot_hand(server: ServerProcess, http: httpx.AsyncClient, name: str, ruleset: str, level: str,
                          seed: str, match_seed: str, bot_seed: int) -> list[object]:
    """One hand of three bots of ``level`` and an autoplaying player, every seed fixed (the deal, the
    match, the bots' own dice): what the player saw of each seat's river and melds at its end."""
    me = await session(http, name)
    code = (await create_room(http, me["token"], ruleset=ruleset, hands=1))["room"]["code"]
    r = await http.post(f"/api/rooms/{code}/test-deal", headers=auth(OPERATOR),
                        json={"seeds": [seed], "match_seed": match_seed, "bot_seed": bot_seed})
    assert r.status_code == 200 and r.json()["bot_seed"] == bot_seed, r.text
    r = await http.post(f"/api/rooms/{code}/bots", json={"level": level}, headers=auth(me["token"]))
    assert r.status_code == 200, r.text
    c = await autoplay_match(server, code, me["token"])
    last = [m["view"] for m in c.messages if m["type"] == "view"][-1]
    return [(s["river"], s["melds"]) for s in last["seats"]]
