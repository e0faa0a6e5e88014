"""``majiang bot connect``: seat a bot, or a program speaking the bot protocol, at a real online table.

It goes through the public protocol only (docs/protocol.md), exactly as the browser does: a session
over REST, a seat in the room, then the room's websocket. The bot is given the seat's view and its
redacted events as the server sends them, and answers each question once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import shutil
import sys
from typing import Any
from urllib.parse import quote

NAME = "bot"
HELP = "seat a bot or a program (cmd:\"…\", docs/bot-protocol.md) at an online table"


def add_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="bot_command", metavar="SUBCOMMAND", required=True)
    c = sub.add_parser("connect", help="take a seat in a room and play it with a bot until the match ends",
                       description="take a seat in a room and play it with a bot until the match ends")
    c.set_defaults(_parser=c)  # its errors show its usage (majiang.cli), not `majiang bot`'s
    c.add_argument("--server", required=True, help="the server's address, e.g. http://127.0.0.1:8000")
    c.add_argument("--room", required=True, help="the room code")
    c.add_argument("--name", default="Bot", help="the display name at the table (default Bot)")
    c.add_argument("--bot", default="greedy", help='a bot name, or cmd:"PROGRAM ARGS" (default greedy)')
    c.add_argument("--seed", type=int, default=0, help="the bot's seed")
    c.add_argument("--timeout", type=float, default=600.0,
                   help="give up when the table sends nothing for this many seconds (default 600)")
    c.add_argument("--reconnect-for", type=float, default=300.0, metavar="SECONDS",
                   help="when the connection drops (a restart, a node taking the table over), keep trying to "
                        "get the seat back for this many seconds (default 300; 0: give up at once)")
    c.add_argument("--fallback-greedy", action="store_true",
                   help="with cmd: when the program fails (cannot start, crashes, answers wrong or late), let "
                        "the greedy bot play the rest of that hand and go on (default: stop with its error)")


def run(args: argparse.Namespace) -> int:
    from majiang.bots import make_bot

    try:
        bot = make_bot(args.bot, args.seed)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    program = getattr(bot, "argv", None)
    if program and not args.fallback_greedy and shutil.which(program[0]) is None:
        # before taking a seat: a seat whose program can never start would only be played by greedy
        print(f"error: cannot start the bot program {program[0]!r}: not found (check the cmd: line)",
              file=sys.stderr)
        return 2
    try:
        return asyncio.run(connect(args.server.rstrip("/"), args.room, args.name, bot, idle=args.timeout,
                                   reconnect_for=args.reconnect_for, fallback=args.fallback_greedy))
    except ConnectError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    finally:
        if args.bot.startswith("cmd:"):
            from majiang.bots.external import stop_all

            stop_all()


class ConnectError(RuntimeError):
    """The server refused us or went away; the message says what happened."""


def socket_url(server: str, code: str, token: str) -> tuple[str, dict[str, Any]]:
    """(websocket URL, first message) for a player's connection to a room: the ONE place that knows
    how the token travels — never in the URL (it would reach logs), but as the first message
    ``{"type": "auth", "token": …}`` (docs/protocol.md)."""
    base = server.replace("https://", "wss://", 1).replace("http://", "ws://", 1)
    return f"{base}/ws/{quote(code)}", {"type": "auth", "token": token}


# Closes after which reconnecting cannot help: a normal close, another connection took the seat
# (4000), the token was refused (4001), the room refused us (4003) or is gone (4004). Any other
# (1006 a dropped connection, 1011/1012/1013 a restart or a takeover in a cluster, 4029 too fast)
# is followed by a reconnection, as the browser does (majiang/web/socket.js).
FINAL_CLOSES = {1000: "the server closed the connection", 4000: "another connection took this seat",
                4001: "the token was refused", 4003: "the room refused the seat", 4004: "the room is gone"}
BACKOFF = (0.5, 8.0)  # seconds: the first wait after a drop, and the longest
# In a cluster a node may answer 4004 for a live table for a moment (another node is just taking it
# over): "the room is gone" is believed after this many in a row.
GONE_AFTER = 3


def close_reason(code: int | None, times: int = 1) -> str | None:
    """Why a close with ``code`` (the ``times``-th of that code in a row) ends the run, or None
    when the seat is worth reconnecting to."""
    if code == 4004 and times < GONE_AFTER:
        return None
    return FINAL_CLOSES.get(code) if code is not None else None


async def connect(server: str, code: str, name: str, bot: Any, idle: float = 600.0,
                  reconnect_for: float = 300.0, fallback: bool = False) -> int:
    """Play ``bot`` at room ``code`` until the match ends; returns the exit status. A connection
    that drops is opened again (same token, same seat) with backoff for up to ``reconnect_for``
    seconds after the drop; the server then sends a full snapshot and the bot plays on. A ``cmd:``
    bot's program failing ends the run with its error unless ``fallback`` lets greedy play on."""
    import random

    import httpx
    import websockets

    try:
        async with httpx.AsyncClient(base_url=server, timeout=20) as http:
            r = await http.post("/api/session", json={"name": name})
            if r.status_code != 200:
                raise ConnectError(f"no session: {r.status_code} {r.text[:200]}")
            token = r.json()["token"]
            r = await http.post(f"/api/rooms/{quote(code)}/join", headers={"authorization": f"Bearer {token}"})
            if r.status_code != 200:
                raise ConnectError(f"could not join room {code}: {r.status_code} {r.text[:200]}")
            seat = r.json()["seat"]
    except httpx.HTTPError as e:
        raise ConnectError(f"cannot reach {server}: {e}") from None
    print(f"seated at {code} seat {seat} as {name!r} with {getattr(bot, 'name', bot)}", flush=True)
    url, hello = socket_url(server, code, token)
    player = _Player(bot, seat, fallback)
    dropped_at: float | None = None  # when the connection last dropped (None: connected, or never was)
    gone = 0  # 4004 closes in a row
    wait = BACKOFF[0]
    loop = asyncio.get_running_loop()
    while True:
        try:
            async with websockets.connect(url, max_size=2**22) as ws:
                await ws.send(json.dumps(hello))
                # A question the snapshot still asks was not taken (an `act` lost with the old
                # connection, or refused as `moved` before a takeover): it is answered again.
                player.answered = -1
                while True:
                    try:
                        frame = await asyncio.wait_for(ws.recv(), timeout=idle)
                    except TimeoutError:
                        raise ConnectError(f"the table sent nothing for {idle:g} s") from None
                    if dropped_at is not None:  # the seat is back: the next drop gets the full time again
                        print("reconnected", file=sys.stderr, flush=True)
                        dropped_at, wait = None, BACKOFF[0]
                    for reply in player.handle(json.loads(frame)):
                        await ws.send(json.dumps(reply))
                    if player.done is not None:
                        print(player.done, flush=True)
                        return 0 if player.finished else 1
        except websockets.ConnectionClosed as e:
            closed = e.rcvd.code if e.rcvd is not None else None
            gone = gone + 1 if closed == 4004 else 0
            final = close_reason(closed, gone)
            if final is not None:
                raise ConnectError(f"{final} ({e})") from None
            problem = f"the connection closed ({e})"
        except websockets.InvalidHandshake as e:
            problem = f"the server refused the websocket: {e}"
        except OSError as e:
            problem = f"cannot reach {server}: {e}"
        now = loop.time()
        if dropped_at is None:
            dropped_at = now
        if now - dropped_at + wait > reconnect_for:
            raise ConnectError(problem if reconnect_for <= 0
                               else f"{problem}; gave up after {reconnect_for:g} s of reconnecting")
        print(f"{problem}; reconnecting in {wait:.1f} s", file=sys.stderr, flush=True)
        await asyncio.sleep(wait * random.uniform(0.8, 1.2))  # (jitter: many bots dropped at once spread out)
        wait = min(wait * 2, BACKOFF[1])


class _Player:
    """Turns the server's messages into the bot's calls and the bot's choices into intents."""

    def __init__(self, bot: Any, seat: int, fallback: bool = False) -> None:
        self.bot = bot
        self.seat = seat
        self.fallback = fallback  # a cmd: program's failure: greedy plays on (True) or the run ends
        self.answered = -1  # the `asked` of the last question answered: each is answered once
        self.done: str | None = None
        self.finished = False
        self.hands = 0

    def handle(self, msg: dict[str, Any]) -> list[dict[str, Any]]:
        import msgspec

        from majiang.core.events import Event
        from majiang.engine.view import SeatView

        kind = msg.get("type")
        out: list[dict[str, Any]] = []
        if kind == "welcome":
            self.seat = msg["seat"]
        if kind in ("welcome", "room"):
            room = msg["room"]
            me = room["seats"][self.seat]
            if room["status"] == "waiting" and not me["ready"]:
                out.append({"type": "ready"})
        elif kind == "view":
            # JSON object keys are strings (e.g. a settlement's per_winner seats): str_keys converts them back
            events = [msgspec.convert(e, Event, str_keys=True) for e in msg.get("events", [])]
            if events and hasattr(self.bot, "observe"):
                self.bot.observe(events)  # already redacted for this seat by the server
            self.hands += sum(1 for e in msg.get("events", []) if e.get("type") == "hand_ended")
            view = msgspec.convert(msg["view"], SeatView, str_keys=True)
            if view.legal and msg["asked"] != self.answered:
                self.answered = msg["asked"]
                action = self.bot.choose(view)
                out.append({"type": "act", "seq": msg["asked"], "action": msgspec.to_builtins(action)})
        elif kind == "match_end":
            self.finished = True
            self.done = f"match over after {msg['hands']} hands; totals {msg['totals']} (our seat {self.seat})"
        elif kind == "dissolved":
            self.done = f"the room was dissolved (by {msg.get('by')}); totals {msg.get('totals')}"
        elif kind == "error":
            print(f"server: {msg.get('code')}: {msg.get('reason')}", file=sys.stderr, flush=True)
        errors = getattr(self.bot, "errors", None)
        if errors:
            if not self.fallback:
                # the seat is left to the table's 托管 (the server's clock), as when any player leaves
                raise ConnectError(f"the bot program failed: {errors[0]} (--fallback-greedy lets greedy play on)")
            for e in errors:
                print(f"bot program error (greedy plays the rest of the hand): {e}", file=sys.stderr, flush=True)
            errors.clear()
        return out
