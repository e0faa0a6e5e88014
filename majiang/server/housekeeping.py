"""The server's periodic upkeep: a full garbage collection on a schedule, and forgetting idle keys.

Why collect on a schedule: app.py freezes the startup objects and raises the collector's thresholds,
so that full collections over many long-lived objects stop landing in players' latency at random.
With those thresholds a full collection (and even a middle-generation one) almost never happens: at
100 busy tables about one middle collection in half an hour, a full one about once a day. Garbage
in reference cycles that lived through a young collection then stays. Every websocket connection
leaves such a cycle when it closes: the `websockets` library's sans-I/O ``ServerProtocol`` keeps its
parser generator, whose suspended frame refers back to the protocol, and the protocol holds the
connection's permessage-deflate zlib streams (tens of KB of malloc memory each, which tracemalloc does
not see). The 30-minute soak grew about 0.2 MB per finished match that way (docs/server.md, Soak).
So the server collects every ``gc_seconds`` (one short pause a minute instead of memory that grows
until a collection nobody schedules). The same pass forgets rate-limit buckets that have refilled and
revocations of tokens that have expired anyway, so those maps hold only keys that are busy now.
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
    cpu_ms: float = 0.0  # CPU time of all collections (the pauses, less time the process was not running)


class Housekeeping:
    def __init__(self, guard: Guard, every: float) -> None:
        self.guard, self.every = guard, every
        self.figures = Upkeep()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.every > 0:
            self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                self.run()
            except Exception:  # upkeep must never take the server down
                log.exception("housekeeping failed")

    def run(self) -> None:
        """One pass (also called by the tests through the operator's memory endpoint)."""
        self.guard.prune(time.monotonic(), time.time())
        t0, c0 = time.perf_counter(), time.process_time()
        found = gc.collect()
        ms = (time.perf_counter() - t0) * 1000
        f = self.figures
        f.cpu_ms += (time.process_time() - c0) * 1000
        f.runs += 1
        f.found += found
        f.last_ms = ms
        f.max_ms = max(f.max_ms, ms)
        log.debug("housekeeping: a full collection found %d unreachable objects in %.0f ms", found, ms)
