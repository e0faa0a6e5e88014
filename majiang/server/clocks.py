"""Named one-shot timers on server time. A table keeps one timer per purpose ("clock:2",
"countdown", "grace:1", …); re-arming a name replaces it, and every callback re-checks the
table under its lock, so a timer that fires late or after the situation changed does nothing."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine
from typing import Any


class Timers:
    def __init__(self) -> None:
        self._handles: dict[str, tuple[Any, float, float, asyncio.TimerHandle | asyncio.Task[None]]] = {}

    def arm(self, name: str, key: Any, seconds: float, fn: Callable[[], Coroutine[Any, Any, None]],
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

    def cancel(self, name: str) -> None:
        entry = self._handles.pop(name, None)
        if entry is not None:
            entry[3].cancel()

    def cancel_all(self) -> None:
        for name in list(self._handles):
            self.cancel(name)

    def armed(self, name: str) -> bool:
        return name in self._handles

    def key(self, name: str) -> Any:
        entry = self._handles.get(name)
        return entry[0] if entry else None

    def remaining(self, name: str) -> tuple[float, float] | None:
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
