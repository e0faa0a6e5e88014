"""A Botzone Chinese Standard Mahjong bot at our tables: a majiang-bot/1 program (docs/bot-protocol.md)
that plays its seat by asking a bot written for Botzone's interaction (its request and response lines).

    majiang simulate --ruleset guobiao \
        --bots 'cmd:python -m majiang.bots.botzone python examples/botzone_bot.py,greedy,greedy,greedy'

This program reads our JSON lines (``start``, ``event``, ``ask``) on stdin and keeps, for the hand, the
requests Botzone's judge would have sent the seat: ``0 id quan``, ``1 hua0..hua3 tiles… flowers…`` after
the deal, ``2 T`` for its own draw, ``3 p DRAW|PLAY T|PENG T|CHI M T|GANG|BUGANG T|BUHUA H`` for what
each player does. Botzone numbers players from the dealer (player 0 is 东), so a seat is numbered by its
wind. Requests that ask the seat nothing (another's draw, its own discard …) get the answer ``PASS``
without running the bot; at each of our ``ask`` messages the bot is run on the whole history in Botzone's
simple interaction (a line with the turn number n, the n − 1 earlier requests and responses, the new
request, then an empty data and globaldata line), and its first output line is turned into our action.
A bot that prints ``>>>BOTZONE_REQUEST_KEEP_RUNNING<<<`` after its answer is kept running, as on Botzone:
it is then given each later request alone, and answers every one of them.

``PENG T`` and ``CHI M T`` name the tile to throw after the claim: it is played at our next ask, the
turn the claim leaves. An answer that names no legal action is passed on as it is, so the ``cmd:`` bot
reports it and the greedy bot plays the rest of that hand (docs/bot-protocol.md).
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Sequence
from typing import Any, TextIO

KEEP_RUNNING = ">>>BOTZONE_REQUEST_KEEP_RUNNING<<<"
# Our tile ids 0–41 as Botzone names them: W 万, B 饼 (筒), T 条, F 东南西北, J 中发白, H the eight flowers.
NAMES: tuple[str, ...] = (
    *(f"W{r}" for r in range(1, 10)), *(f"B{r}" for r in range(1, 10)), *(f"T{r}" for r in range(1, 10)),
    *(f"F{r}" for r in range(1, 5)), *(f"J{r}" for r in range(1, 4)), *(f"H{r}" for r in range(1, 9)),
)
IDS: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
TIMEOUT = float(os.environ.get("MAJIANG_BOTZONE_TIMEOUT", "4"))  # seconds a bot run may take


class BotzoneError(RuntimeError):
    """The Botzone bot failed: it exited without an answer, or took too long."""


def tile_id(name: str) -> int:
    try:
        return IDS[name]
    except KeyError:
        raise ValueError(f"{name!r} is not a Botzone tile (W1-W9 B1-B9 T1-T9 F1-F4 J1-J3)") from None


def _pump(stream: TextIO, lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))
    lines.put(None)


class BotzoneBot:
    """The Botzone program: run afresh for each decision, or kept running once it asks to be."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        self.proc: subprocess.Popen[str] | None = None  # a bot kept running
        self.fed = 0  # requests the kept bot has been given
        self.lines: queue.Queue[str | None] = queue.Queue()  # its output lines (None: it exited)

    def ask(self, requests: list[str], responses: list[str]) -> str:
        """The bot's response to the last of ``requests`` (``responses``: one per earlier request)."""
        if self.proc is not None:
            for i in range(self.fed, len(requests)):  # every request it has not seen, each answered
                answer = self._exchange(requests[i] + "\n")
                self.fed = i + 1
                if i < len(requests) - 1:
                    responses[i] = answer
            return answer
        lines = [str(len(requests))]
        for i, request in enumerate(requests):
            lines.append(request)
            if i < len(requests) - 1:
                lines.append(responses[i])
        lines += ["", ""]  # data, globaldata: none kept
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            raise BotzoneError(f"cannot start the Botzone bot {self.argv[0]!r}: {e.strerror or e}") from None
        # A thread moves its output lines to a queue, so a silent bot cannot block past the time limit.
        self.lines = queue.Queue()
        threading.Thread(target=_pump, args=(self.proc.stdout, self.lines), daemon=True).start()
        answer = self._exchange("\n".join(lines) + "\n")
        self.fed = len(requests)
        return answer

    def _exchange(self, text: str) -> str:
        """Write ``text`` to the bot and read its answer: lines until it ends or asks to keep running."""
        proc = self.proc
        assert proc is not None and proc.stdin is not None
        try:
            proc.stdin.write(text)
            proc.stdin.flush()
        except OSError as e:
            self.stop()
            raise BotzoneError(f"the Botzone bot stopped reading: {e}") from None
        out: list[str] = []
        kept = False
        while True:
            try:
                line = self.lines.get(timeout=TIMEOUT)
            except queue.Empty:
                self.stop()
                raise BotzoneError(f"the Botzone bot gave no answer within {TIMEOUT:g} s") from None
            if line is None:
                break  # it exited: a bot run for one turn
            if line == KEEP_RUNNING:
                kept = True
                break
            out.append(line)
        if not kept:
            self.stop()
        if not out or not out[0].strip():
            raise BotzoneError("the Botzone bot exited without a response line")
        return out[0].strip()

    def stop(self) -> None:
        if self.proc is not None:
            proc, self.proc = self.proc, None
            try:
                if proc.stdin is not None:
                    proc.stdin.close()
            except OSError:
                pass
            try:
                proc.wait(timeout=1)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


class Seat:
    """One hand of one seat, as Botzone's requests and responses (see the module docstring)."""

    def __init__(self, seat: int, bot: BotzoneBot) -> None:
        self.seat = seat
        self.bot = bot
        self.requests: list[str] = []
        self.responses: list[str] = []
        self.dealer = 0
        self.hand: list[int] = []
        self.flowers: list[list[int]] = [[], [], [], []]  # by our seat, laid open in the deal
        self.dealing = True  # before the first move after the deal (request 1 not yet made)
        # (seat, chi|peng, the meld's tiles) of a claim, until the discard that follows it
        self.claim: tuple[int, str, tuple[int, ...]] | None = None
        self.throw: int | None = None  # the tile the bot named with PENG/CHI, for the turn the claim leaves

    def bz(self, seat: int) -> int:
        """Botzone's player number: the seat's wind (the dealer is player 0)."""
        return (seat - self.dealer) % 4

    def request(self, text: str) -> None:
        if len(self.responses) < len(self.requests):
            self.responses.append("PASS")  # the last request asked nothing of this seat
        self.requests.append(text)

    def _finish_deal(self, drawn: int | None) -> None:
        """Request 1 (the 13 tiles after 补花 and every seat's flowers), and the dealer's 14th tile as a draw."""
        self.dealing = False
        tiles = sorted(self.hand)
        if drawn is not None:
            tiles.remove(drawn)
        order = [(self.dealer + i) % 4 for i in range(4)]
        counts = " ".join(str(len(self.flowers[s])) for s in order)
        flowers = [NAMES[f] for s in order for f in self.flowers[s]]
        self.request(" ".join(["1", counts, *(NAMES[t] for t in tiles), *flowers]).strip())
        if drawn is not None:
            self.request(f"2 {NAMES[drawn]}")

    def event(self, e: dict[str, Any]) -> None:
        kind = e["type"]
        me = self.seat
        if kind == "hand_started":
            self.dealer = e["dealer"]
            self.request(f"0 {self.bz(me)} {e.get('round_wind', 0)}")
            return
        if kind == "dealt":
            if e["seat"] == me:
                self.hand = list(e["tiles"])
            return
        if self.dealing:
            if kind == "exposed":
                self.flowers[e["seat"]].append(e["tile"])
                if e["seat"] == me:
                    self.hand.remove(e["tile"])
                return
            if kind == "drew" and e["source"] == "replacement":
                if e["seat"] == me:
                    self.hand.append(e["tile"])
                return
            self._finish_deal(None)  # (a dealer's deal ends at its first ask, before any move)
        s, p = e.get("seat"), self.bz(e["seat"]) if "seat" in e else -1
        if kind in ("drew", "claimed") and s != me:
            self.throw = None  # a PENG/CHI the bot answered was not granted (a draw or another claim came)
        if kind == "drew":
            if s == me:
                self.hand.append(e["tile"])
                if e["tile"] < 34:
                    self.request(f"2 {NAMES[e['tile']]}")
            else:
                self.request(f"3 {p} DRAW")
        elif kind == "exposed":
            if s == me:
                self.hand.remove(e["tile"])
            self.request(f"3 {p} BUHUA {NAMES[e['tile']]}")
        elif kind == "discarded":
            t = e["tile"]
            if s == me:
                self.hand.remove(t)
            if self.claim is not None and self.claim[0] == s:
                _, how, tiles = self.claim
                self.claim = None
                if how == "peng":
                    self.request(f"3 {p} PENG {NAMES[t]}")
                else:
                    self.request(f"3 {p} CHI {NAMES[sorted(tiles)[1]]} {NAMES[t]}")
            else:
                self.request(f"3 {p} PLAY {NAMES[t]}")
        elif kind == "claimed":
            if s == me:
                held = list(e["tiles"])
                held.remove(e["tile"])
                for t in held:
                    self.hand.remove(t)
            if e["kind"] == "kong":
                self.request(f"3 {p} GANG")
            else:
                self.claim = (e["seat"], e["kind"], tuple(e["tiles"]))
        elif kind == "concealed_kong":
            if s == me:
                for t in e["tiles"]:
                    self.hand.remove(t)
            self.request(f"3 {p} GANG")
        elif kind == "added_kong":
            if s == me:
                self.hand.remove(e["tile"])
            self.request(f"3 {p} BUGANG {NAMES[e['tile']]}")

    def ask(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """Our action for an ``ask``: the bot's answer to the request that needs one."""
        if self.dealing:  # the dealer's first decision: the deal is over
            self._finish_deal(view.get("drawn"))
        if view.get("claim") is None and self.throw is not None:  # the turn a PENG/CHI of the bot leaves
            t, self.throw = self.throw, None
            return {"type": "discard", "tile": t}
        answer = self.bot.ask(self.requests, self.responses)
        if len(self.responses) < len(self.requests):
            self.responses.append(answer)
        return self.action(answer, view, legal)

    def action(self, answer: str, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        """The action a Botzone response names (matched against ``legal`` where it can be)."""
        words = answer.split()
        verb = words[0].upper() if words else ""
        claim = view.get("claim")
        called = claim["tile"] if claim else None
        try:
            if verb == "HU":
                return {"type": "win"}
            if verb == "PASS":
                return {"type": "pass"}
            if verb == "PLAY" and len(words) == 2:
                return {"type": "discard", "tile": tile_id(words[1])}
            if verb == "GANG" and len(words) == 2:
                return {"type": "kong", "kind": "concealed", "tiles": [tile_id(words[1])] * 4}
            if verb == "BUGANG" and len(words) == 2:
                return {"type": "kong", "kind": "added", "tiles": [tile_id(words[1])]}
            if verb == "GANG" and called is not None:
                return {"type": "kong", "kind": "exposed", "tiles": [called] * 3}
            if verb == "PENG" and len(words) == 2 and called is not None:
                self.throw = tile_id(words[1])
                return {"type": "peng", "tiles": [called, called]}
            if verb == "CHI" and len(words) == 3 and called is not None:
                mid = tile_id(words[1])
                self.throw = tile_id(words[2])
                run = [mid - 1, mid, mid + 1]
                if called in run:
                    run.remove(called)
                return {"type": "chi", "tiles": run[:2]}
        except ValueError as e:
            print(f"botzone adapter: {e} in the answer {answer!r}", file=sys.stderr)
        return {"type": "botzone", "answer": answer}  # not an action: the cmd: bot reports it


def serve(argv: Sequence[str], stdin: TextIO, stdout: TextIO) -> int:
    bot = BotzoneBot(argv)
    seat: Seat | None = None
    try:
        for line in stdin:
            msg = json.loads(line)
            kind = msg.get("type")
            if kind == "start":
                bot.stop()  # a new hand is a new Botzone game
                seat = Seat(msg["seat"], bot)
            elif kind == "event" and seat is not None:
                seat.event(msg["event"])
            elif kind == "ask" and seat is not None:
                action = seat.ask(msg["view"], msg["legal"])
                stdout.write(json.dumps({"id": msg["id"], "action": action}) + "\n")
                stdout.flush()
    except BotzoneError as e:
        print(f"botzone adapter: {e}", file=sys.stderr)
        return 1
    finally:
        bot.stop()
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "--":
        args = args[1:]
    if not args:
        print("usage: python -m majiang.bots.botzone BOT_COMMAND [ARGS...]  (a Botzone Chinese Standard "
              "Mahjong bot, run with its simple interaction)", file=sys.stderr)
        return 2
    return serve(args, sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
