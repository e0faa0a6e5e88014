"""How late the server's bots answer: from the moment a bot's move falls due (its ``bot_delay`` timer
fires) to the moment its action is saved. A human's latency does not show a node running out of
bot time any more (the bots think outside the table's lock), so the pace of the bots is measured on
its own: ``GET /api/admin/bots`` reports it, and bench/load.py counts a table as held only while its
bots keep pace (docs/server.md, Several nodes)."""

from __future__ import annotations

import time
from collections import deque

from majiang.backend.metrics import BOT_LATENESS

# The most recent answers kept (a bounded window: a long-lived node must not grow with its history).
KEEP = 100_000


class BotPace:
    def __init__(self) -> None:
        self.late: deque[float] = deque(maxlen=KEEP)  # seconds, in the order the answers were saved
        self.since = time.monotonic()

    def record(self, seconds: float) -> None:
        self.late.append(seconds)
        BOT_LATENESS.observe(seconds)

    def report(self, reset: bool = False) -> dict[str, float | int]:
        """Answers since the last reset (or the start): how many, p50/p99/max lateness in ms."""
        xs = sorted(self.late)
        n = len(xs)

        def pct(q: float) -> float:
            return round(xs[min(n - 1, int(q * n))] * 1000, 1) if n else 0.0

        out: dict[str, float | int] = {"answers": n, "p50_ms": pct(0.50), "p99_ms": pct(0.99),
                                       "max_ms": round(xs[-1] * 1000, 1) if n else 0.0,
                                       "seconds": round(time.monotonic() - self.since, 1)}
        if reset:
            self.late.clear()
            self.since = time.monotonic()
        return out


PACE = BotPace()  # one per process: every table of a node records into it
