"""A small progress bar with hands/s for long simulations (stderr, so stdout stays the summary)."""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, *, stream: TextIO | None = None, enabled: bool = True, width: int = 30) -> None:
        self.total = total
        self.done = 0
        self.stream = stream or sys.stderr
        self.enabled = enabled
        self.width = width
        self.start = time.perf_counter()
        self._last_line = 0.0
        # On a terminal the bar redraws in place; in a log it prints a line now and then.
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())

    def rate(self) -> float:
        elapsed = time.perf_counter() - self.start
        return self.done / elapsed if elapsed > 0 else 0.0

    def line(self) -> str:
        frac = self.done / self.total if self.total else 1.0
        filled = int(frac * self.width)
        rate = self.rate()
        eta = (self.total - self.done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        return f"[{bar}] {self.done}/{self.total} hands  {rate:7.1f} hands/s  ETA {eta:5.0f}s"

    def update(self, n: int) -> None:
        self.done += n
        if not self.enabled:
            return
        now = time.perf_counter()
        if self.tty:
            self.stream.write("\r" + self.line())
            self.stream.flush()
        elif now - self._last_line >= 5 or self.done >= self.total:
            self._last_line = now
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.tty:
            self.stream.write("\n")
            self.stream.flush()
