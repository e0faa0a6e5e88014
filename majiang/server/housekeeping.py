"""The server's upkeep: full garbage collections when there is garbage to free, and forgetting idle keys.

Why the server schedules collections: app.py freezes the startup objects and raises the collector's
thresholds, so that full collections over many long-lived objects stop landing in players' latency
at random. With those thresholds a full collection (even a middle-generation one) almost never
happens: at 100 busy tables about one middle collection in half an hour, a full one about once a
day. Garbage in reference cycles that lived through a young collection then stays. Every websocket
connection leaves such a cycle when it closes: the `websockets` library's sans-I/O ``ServerProtocol``
keeps its parser generator, whose suspended frame refers back to the protocol, and the protocol holds
the connection's permessage-deflate zlib streams (about 50 KB of malloc memory, which tracemalloc
does not see). The 30-minute soak grew about 0.2 MB per finished match that way (docs/server.md, Soak).

A full collection walks every tracked object: about 1 µs each on this machine, 150-450 ms of the
event loop with 100-400 tables in memory. So it runs when ``gc_connections`` connections have closed
since the last one (refused ones count too; their garbage is then about 15 MB), at most once a
minute unless four times as many closed, and at the latest every ``gc_seconds`` (for any other
cycles). Every minute the rate-limit buckets that have refilled and the revocations of tokens that
have expired anyway are forgotten, so those maps hold only keys that are busy now.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from dataclasses import dataclass

from majiang.server.guard import Guard

log = logging.getLogger("majiang.server")


@dataclass
class Upkeep:
    """Figures of the passes so far (shown by ``GET /api/admin/memory``)."""

    runs: int = 0
    found: int = 0  # unreachable objects the collections found
    last_ms: float = 0.0  # the last collection's pause (wall clock)
    max_ms: float = 0.0
    cpu_ms: float = 0.0  # the event loop thread's CPU time in all collections (a pause less time descheduled)


class Housekeeping:
    CHECK_SECONDS = 5.0  # how often the conditions are looked at
    MIN_SECONDS = 60.0  # never two collections closer than this (unless gc_seconds is shorter)
    PRUNE_SECONDS = 60.0

    def __init__(self, guard: Guard, every: float, connections: int) -> None:
        self.guard, self.every, self.connections = guard, every, connections
        self.figures = Upkeep()
        self.closed = 0  # websocket connections closed since the last collection
        self._task: asyncio.Task[None] | None = None

    def connection_closed(self) -> None:
        self.closed += 1

    def start(self) -> None:
        if self.every > 0:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _loop(self) -> None:
        collected = pruned = time.monotonic()
        while True:
            await asyncio.sleep(min(self.every, self.CHECK_SECONDS))
            now = time.monotonic()
            try:
                if now - pruned >= min(self.every, self.PRUNE_SECONDS):
                    self.guard.prune(now, time.time())
                    pruned = now
                since = now - collected
                # (a flood of connections, refused ones too, is not held to the minute)
                if since >= self.every or self.closed >= 4 * self.connections or (
                        self.closed >= self.connections and since >= min(self.every, self.MIN_SECONDS)):
                    self.collect()
                    collected = time.monotonic()
            except Exception:  # upkeep must never take the server down
                log.exception("housekeeping failed")

    def collect(self) -> None:
        self.closed = 0
        t0, c0 = time.perf_counter(), time.thread_time()
        found = gc.collect()
        ms = (time.perf_counter() - t0) * 1000
        f = self.figures
        f.cpu_ms += (time.thread_time() - c0) * 1000
        f.runs += 1
        f.found += found
        f.last_ms = ms
        f.max_ms = max(f.max_ms, ms)
        log.debug("housekeeping: a full collection found %d unreachable objects in %.0f ms", found, ms)
