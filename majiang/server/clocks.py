"""Named one-shot timers on server time. A table keeps one timer per purpose, some per seat
(:class:`TimerId`: ``clock(2)``, ``COUNTDOWN``, ``grace(1)``, …); re-arming a name replaces it, and
every callback re-checks the table under its lock, so a timer that fires late or after the situation
changed does nothing."""

from __future__ import annotations

import asyncio
import enum
import time
from collections.abc import Callable, Coroutine
from dataclasses import dataclass
from typing import Any


class Purpose(enum.Enum):
    CLOCK = "clock"  # a seat's turn or claim clock
    BOT = "bot"  # a bot's (or 托管's) move for a seat, after its pause
    GRACE = "grace"  # a seat's player has this long to (re)connect
    COUNTDOWN = "countdown"  # the players not yet ready between hands
    VOTE = "vote"  # a dissolve vote's time
    DEAL = "deal"  # the pause before the next hand is dealt
    IDLE = "idle"  # a waiting room with no record for idle_seconds is dissolved
    EVICT = "evict"  # a finished room leaves memory


@dataclass(frozen=True, slots=True)
class TimerId:
    purpose: Purpose
    seat: int | None = None  # for the per-seat purposes (clock, bot, grace)

    def __str__(self) -> str:
        return self.purpose.value if self.seat is None else f"{self.purpose.value}:{self.seat}"


def clock(seat: int) -> TimerId:
    return TimerId(Purpose.CLOCK, seat)


def bot_move(seat: int) -> TimerId:
    return TimerId(Purpose.BOT, seat)


def grace(seat: int) -> TimerId:
    return TimerId(Purpose.GRACE, seat)


COUNTDOWN = TimerId(Purpose.COUNTDOWN)
VOTE = TimerId(Purpose.VOTE)
DEAL = TimerId(Purpose.DEAL)
IDLE = TimerId(Purpose.IDLE)
EVICT = TimerId(Purpose.EVICT)


class Timers:
    def __init__(self) -> None:
        self._handles: dict[TimerId, tuple[Any, float, float, asyncio.TimerHandle | asyncio.Task[None]]] = {}

    def arm(self, name: TimerId, key: Any, seconds: float, fn: Callable[[], Coroutine[Any, Any, None]],
            total: float | None = None) -> None:
        """Run ``fn()`` after ``seconds`` unless re-armed; a timer already armed with the same key is kept.
        ``total``: the full length to report (a clock re-armed for what is left of a fixed deadline)."""
        old = self._handles.get(name)
        if old is not None and old[0] == key:
            return
        self.cancel(name)
        loop = asyncio.get_running_loop()

        def fire() -> None:
            entry = self._handles.get(name)
            if entry is not None and entry[0] == key:
                del self._handles[name]
            _spawn(fn())

        if seconds <= 0:
            handle: asyncio.TimerHandle | asyncio.Task[None] = loop.call_soon(fire)  # type: ignore[assignment]
        else:
            handle = loop.call_later(seconds, fire)
        self._handles[name] = (key, time.monotonic() + seconds, seconds if total is None else total, handle)

    def cancel(self, name: TimerId) -> None:
        entry = self._handles.pop(name, None)
        if entry is not None:
            entry[3].cancel()

    def cancel_all(self) -> None:
        for name in list(self._handles):
            self.cancel(name)

    def armed(self, name: TimerId) -> bool:
        return name in self._handles

    def key(self, name: TimerId) -> Any:
        entry = self._handles.get(name)
        return entry[0] if entry else None

    def remaining(self, name: TimerId) -> tuple[float, float] | None:
        """(seconds left, total) of an armed timer."""
        entry = self._handles.get(name)
        if entry is None:
            return None
        return max(0.0, entry[1] - time.monotonic()), entry[2]


_background: set[asyncio.Task[None]] = set()


def _spawn(coro: Coroutine[Any, Any, None]) -> None:
    # Keep a reference so the task is not garbage-collected mid-flight.
    task = asyncio.create_task(coro)
    _background.add(task)
    task.add_done_callback(_background.discard)


spawn = _spawn
