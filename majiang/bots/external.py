"""The ``cmd:`` bot: any program, speaking JSON lines on stdin/stdout (docs/bot-protocol.md).

``make_bot('cmd:python examples/bot.py')`` gives a bot that forwards its seat's redacted events and,
when asked, its view and legal actions to the program, and plays the action it answers. Programs
are kept running across hands (and matches): a finished hand gives its program back to a small
pool per command line, and the next hand takes one from there.

A program that crashes, answers something that is not one of the legal actions, or takes longer
than its time limit is stopped and replaced by the greedy bot for the rest of the hand; the error is
kept in :attr:`ExternalBot.errors` (a simulation reports it in its summary) and the next hand starts a
fresh program.
"""

from __future__ import annotations

import atexit
import os
import queue
import shlex
import subprocess
import threading
from collections import deque
from collections.abc import Sequence
from typing import Any

import msgspec

from majiang.core.actions import Action, action_from_builtins, action_to_builtins
from majiang.core.events import Dealt, Event, HandEnded, HandStarted, event_to_builtins
from majiang.engine.view import SeatView

PREFIX = "cmd:"
PROTOCOL = "majiang-bot/1"
DEFAULT_TIMEOUT = 5.0  # seconds per decision; MAJIANG_BOT_TIMEOUT overrides it
_encoder = msgspec.json.Encoder()


class BotProgramError(RuntimeError):
    """The program crashed, answered an illegal or malformed action, or ran out of time."""


def _pump_lines(stream: Any, lines: queue.Queue[str | None]) -> None:
    for line in stream:
        lines.put(line.rstrip("\n"))
    lines.put(None)  # end of output: the program is gone


def _pump_tail(stream: Any, tail: deque[str]) -> None:
    for line in stream:
        tail.append(line.rstrip("\n"))


class Program:
    """One running program. Threads move the lines both ways, so neither a program that stops
    reading (a full pipe) nor one that stops answering can block the caller past its time limit."""

    def __init__(self, argv: Sequence[str]) -> None:
        self.argv = list(argv)
        self.proc = subprocess.Popen(
            self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, encoding="utf-8", bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.outbox: queue.Queue[str | None] = queue.Queue()
        self.broken: str | None = None  # why writing to the program failed
        self.stderr_tail: deque[str] = deque(maxlen=5)  # the last words of a crash, for the report
        threading.Thread(target=_pump_lines, args=(self.proc.stdout, self.lines), daemon=True).start()
        self._stderr = threading.Thread(target=_pump_tail, args=(self.proc.stderr, self.stderr_tail), daemon=True)
        self._stderr.start()
        threading.Thread(target=self._write, daemon=True).start()

    def _write(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None
        try:
            while (line := self.outbox.get()) is not None:
                stdin.write(line)
                stdin.flush()
            stdin.close()  # asked to stop: end of input
        except (OSError, ValueError) as e:
            self.broken = str(e) or type(e).__name__

    def alive(self) -> bool:
        return self.proc.poll() is None

    def send(self, message: dict[str, Any]) -> None:
        if self.broken is not None:
            raise BotProgramError(f"the program is gone ({self._why()}): {self.broken}")
        self.outbox.put(_encoder.encode(message).decode() + "\n")

    def receive(self, timeout: float) -> str:
        try:
            line = self.lines.get(timeout=timeout)
        except queue.Empty:
            raise BotProgramError(f"no answer within {timeout:g} s") from None
        if line is None:
            raise BotProgramError(f"the program exited ({self._why()})")
        return line

    def _why(self) -> str:
        # Its output has ended: give it a moment to exit and its stderr a moment to be read.
        try:
            code: int | None = self.proc.wait(timeout=1.0)
        except subprocess.TimeoutExpired:
            code = None
        self._stderr.join(timeout=0.5)
        tail = " | ".join(self.stderr_tail)
        status = f"exit code {code}" if code is not None else "still running"
        return f"{status}{'; stderr: ' + tail if tail else ''}"

    def stop(self) -> None:
        """Close its input and give it half a second to exit, then kill it."""
        self.outbox.put(None)
        try:
            self.proc.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()

    def drain(self) -> None:
        """Forget unread lines (answers the program sent that nobody asked for)."""
        while True:
            try:
                self.lines.get_nowait()
            except queue.Empty:
                return


# Idle programs per command line: a hand takes one, a finished hand gives it back.
_pool: dict[tuple[str, ...], list[Program]] = {}
_pool_lock = threading.Lock()
_running: list[Program] = []


def _checkout(argv: tuple[str, ...]) -> Program:
    with _pool_lock:
        idle = _pool.setdefault(argv, [])
        while idle:
            p = idle.pop()
            if p.alive():
                return p
    p = Program(argv)
    _running.append(p)
    return p


def _checkin(argv: tuple[str, ...], program: Program) -> None:
    with _pool_lock:
        _pool.setdefault(argv, []).append(program)


@atexit.register
def stop_all() -> None:
    """Stop every program started in this process (at exit, or when a caller is done)."""
    with _pool_lock:
        _pool.clear()
    while _running:
        _running.pop().stop()


class ExternalBot:
    """A bot played by an external program (see the module doc)."""

    view_detail = "full"

    def __init__(self, command: str, seed: int = 0, timeout: float | None = None) -> None:
        if command.startswith(PREFIX):
            command = command[len(PREFIX):]
        argv = tuple(shlex.split(command))
        if not argv:
            raise ValueError("cmd: needs a command line, e.g. cmd:\"python examples/bot.py\"")
        self.argv = argv
        self.name = PREFIX + command
        self.seed = seed
        env_timeout = os.environ.get("MAJIANG_BOT_TIMEOUT")
        self.timeout = timeout if timeout is not None else float(env_timeout or DEFAULT_TIMEOUT)
        self.errors: list[str] = []  # one line per failure: "hand 3: no answer within 5 s"
        self.program: Program | None = None
        self.fallback: Any = None  # the greedy bot, for the rest of a hand after a failure
        self.hand_no = 0
        self.seat: int | None = None
        self._asked = 0
        self._pending: list[Event] = []

    # --- the optional bot hook the simulation runner calls with this seat's redacted events ----
    def observe(self, events: list[Event]) -> None:
        for e in events:
            if isinstance(e, HandStarted):
                self._end_hand()
                self.hand_no, self.fallback, self.seat = e.hand_no, None, None
            elif isinstance(e, Dealt) and e.tiles and self.seat is None:
                self.seat = e.seat  # only a seat's own deal shows its tiles
            self._send_event(e)
            if isinstance(e, HandEnded):
                self._end_hand()

    def _send_event(self, e: Event) -> None:
        if self.fallback is not None:
            return
        if self.program is None:
            self._pending.append(e)  # until the program is started (it learns its seat first)
            if self.seat is not None:
                self._start_program()
            return
        try:
            self.program.send({"type": "event", "event": event_to_builtins(e)})
        except BotProgramError as err:
            self._fail(str(err))

    def _start_program(self) -> None:
        try:
            self.program = _checkout(self.argv)
            self.program.drain()
            self.program.send({"type": "start", "protocol": PROTOCOL, "seat": self.seat, "hand_no": self.hand_no,
                               "seed": self.seed})
            pending, self._pending = self._pending, []
            for e in pending:
                self.program.send({"type": "event", "event": event_to_builtins(e)})
        except (BotProgramError, OSError) as err:
            self._fail(str(err))

    def _end_hand(self) -> None:
        self._pending = []
        if self.program is not None:
            _checkin(self.argv, self.program)
            self.program = None

    def _fail(self, why: str) -> None:
        from majiang.bots.greedy import GreedyBot

        self.errors.append(f"hand {self.hand_no}: {why}")
        if self.program is not None:
            self.program.stop()  # a failed program is not trusted again: the next hand starts a fresh one
            self.program = None
        self._pending = []
        self.fallback = GreedyBot(self.seed)

    # --- deciding --------------------------------------------------------------------------
    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if view.hand_no != self.hand_no or self.seat != view.seat:  # driven without observe()
            self._end_hand()
            self.hand_no, self.seat, self.fallback = view.hand_no, view.seat, None
        if self.program is None and self.fallback is None:
            self._start_program()
        if self.program is None:
            assert self.fallback is not None  # (_start_program leaves one of the two)
            return self.fallback.choose(view)
        self._asked += 1
        try:
            self.program.send({"type": "ask", "id": self._asked, "view": msgspec.to_builtins(view),
                               "legal": [action_to_builtins(a) for a in view.legal]})
            ask_id, action = _parse_answer(self.program.receive(self.timeout), view.legal)
            if ask_id is not None and ask_id != self._asked:
                raise BotProgramError(f"answered question {ask_id!r}, but {self._asked} was asked")
            return action
        except BotProgramError as err:
            self._fail(str(err))
            return self.fallback.choose(view)


def _parse_answer(line: str, legal: list[Action]) -> tuple[int | None, Action]:
    """(the answer's id, the action) from one line; raises BotProgramError naming what is wrong."""
    try:
        msg = msgspec.json.decode(line)
    except msgspec.DecodeError:
        raise BotProgramError(f"not a JSON line: {line[:80]!r}") from None
    if not isinstance(msg, dict):
        raise BotProgramError(f"an answer is a JSON object, got {line[:80]!r}")
    ask_id = msg.get("id")
    if "index" in msg:
        i = msg["index"]
        if not isinstance(i, int) or not 0 <= i < len(legal):
            raise BotProgramError(f"index {i!r} is not 0–{len(legal) - 1}")
        return ask_id, legal[i]
    if "action" not in msg:
        raise BotProgramError(f"an answer needs \"action\" or \"index\": {line[:80]!r}")
    try:
        action = action_from_builtins(msg["action"])
    except (msgspec.ValidationError, TypeError) as e:
        raise BotProgramError(f"not an action: {e}") from None
    if action not in legal:
        raise BotProgramError(f"illegal action {msgspec.json.encode(msg['action']).decode()}")
    return ask_id, action
