"""An opt-in memory report for finding leaks in a long-running server (off unless asked for).

``MAJIANG_MEMWATCH=/path/report.txt`` makes the server append, every ``MAJIANG_MEMWATCH_SECONDS``
(default 60), one block to that file: RSS, the size of the server's own per-table and per-key
structures (tables in memory, rate-limit buckets, caches, revocations, asyncio tasks), the object
types whose count grew most since the previous block and since the first, and, with
``MAJIANG_MEMWATCH_TRACE=N`` (frames per traceback, e.g. 1 or 8), tracemalloc's total of live Python
allocations and the source lines whose allocations grew most. Every block also counts the tables
alive that the registry no longer holds and prints what refers to one of them;
``MAJIANG_MEMWATCH_COLLECT=1`` runs a full collection after each block (garbage waiting for a
collection, or objects really held?). tracemalloc costs CPU (roughly doubles
the server's), so it is for diagnosis runs only (``bench/soak.py --memwatch``); the type counts are
cheap. Comparing the tracemalloc total with RSS tells live objects from allocator fragmentation.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import os
import sys
import tempfile
import time
import tracemalloc
import types
from collections import Counter
from pathlib import Path
from typing import Any

TOP = 25  # lines per section of a block


def rss_mb() -> float:
    with contextlib.suppress(OSError):
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def type_counts() -> Counter[str]:
    """Live objects tracked by the garbage collector, by type name (frozen ones are not counted)."""
    counts: Counter[str] = Counter()
    for o in gc.get_objects():
        t = type(o)
        counts[f"{t.__module__}.{t.__qualname__}" if t.__module__ != "builtins" else t.__qualname__] += 1
    return counts


def pymalloc_mb() -> tuple[float, float]:
    """(MB of pymalloc arenas mapped, MB in allocated blocks): Python's small objects live in 1 MiB
    arenas outside malloc; an arena goes back to the system only when every block in it is free."""
    fd, name = tempfile.mkstemp(prefix="memwatch-")
    saved = os.dup(2)
    try:
        os.dup2(fd, 2)  # _debugmallocstats writes to C's stderr
        sys._debugmallocstats()
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(fd)
    text = Path(name).read_text()
    Path(name).unlink()
    arenas = used = 0
    for line in text.splitlines():
        if "bytes/arena" in line:
            arenas = int(line.rsplit("=", 1)[1].replace(",", ""))
        elif line.startswith("# bytes in allocated blocks"):
            used = int(line.rsplit("=", 1)[1].replace(",", ""))
    return arenas / 2**20, used / 2**20


def largest(n: int = 12) -> list[str]:
    """The biggest dicts, lists and sets alive (a collection walks every entry of each), with what
    refers to them."""
    sized = sorted(((len(o), o) for o in gc.get_objects() if type(o) in (dict, list, set)),
                   key=lambda p: p[0], reverse=True)[:n]
    out = []
    for size, o in sized:
        owners = [describe(r) for r in gc.get_referrers(o) if not isinstance(r, (types.FrameType, list))][:2]
        out.append(f"{type(o).__name__}[{size}] <- {owners}")
    return out


def _mallinfo_mb() -> tuple[float, float] | None:
    """glibc's (bytes in use, bytes free inside the heap) in MB: a large free part is fragmentation."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    libc = ctypes.CDLL(name)
    fn = getattr(libc, "mallinfo2", None)
    if fn is None:
        return None

    class Mallinfo2(ctypes.Structure):
        _fields_ = [(f, ctypes.c_size_t) for f in
                    ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
                     "fordblks", "keepcost")]

    fn.restype = Mallinfo2
    m = fn()
    return (m.uordblks + m.hblkhd) / 2**20, m.fordblks / 2**20


class MemWatch:
    def __init__(self, path: Path, every: float, frames: int, sizes: Any, held: Any, collect: bool) -> None:
        self.path, self.every, self.frames = path, every, frames
        self.sizes = sizes  # () -> dict of the server's own structure sizes
        self.held = held  # () -> the tables the registry holds (any other live LiveTable is an orphan)
        self.collect = collect  # a full collection after each block: garbage or leak?
        self.first: Counter[str] | None = None
        self.prev: Counter[str] | None = None
        self.snap: tracemalloc.Snapshot | None = None
        self.started = time.monotonic()
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self.frames > 0 and not tracemalloc.is_tracing():
            tracemalloc.start(self.frames)
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
                block = self.block()
            except Exception as e:  # a report must never take the server down
                block = f"memwatch failed: {e!r}\n"
            with open(self.path, "a") as f:
                f.write(block)

    def block(self) -> str:
        out = [f"=== {(time.monotonic() - self.started) / 60:.1f} min  {memory_line()}"]
        out.append("sizes: " + ", ".join(f"{k}={v}" for k, v in self.sizes().items()))
        out.append(f"gc counts {gc.get_count()}, frozen {gc.get_freeze_count()}, "
                   f"collections {[s['collections'] for s in gc.get_stats()]}")
        counts = type_counts()
        out.append(f"gc-tracked objects: {sum(counts.values())}")
        out.append("server objects: " + ", ".join(f"{k.rsplit('.', 1)[1]}={v}" for k, v in sorted(counts.items())
                                                  if k in WATCHED))
        out.append("most common types: " + ", ".join(f"{k} {v}" for k, v in counts.most_common(TOP)))
        out.append("largest containers: " + ", ".join(largest()))
        out += self.orphans()
        if self.prev is not None and self.first is not None:
            for title, base in (("since the previous block", self.prev), ("since the first block", self.first)):
                grown = sorted(((counts[k] - base.get(k, 0), k) for k in counts), reverse=True)[:TOP]
                out.append(f"-- types grown {title}:")
                out += [f"   {d:+8d} {counts[k]:8d}  {k}" for d, k in grown if d > 0]
        self.prev = counts
        self.first = self.first or counts
        if tracemalloc.is_tracing():
            snap = tracemalloc.take_snapshot().filter_traces([
                tracemalloc.Filter(False, tracemalloc.__file__),
                tracemalloc.Filter(False, "<frozen importlib._bootstrap*>")])
            total = sum(s.size for s in snap.statistics("filename"))
            out.append(f"tracemalloc: {total / 2**20:.1f} MB live in traced allocations "
                       f"(peak {tracemalloc.get_traced_memory()[1] / 2**20:.1f} MB)")
            if self.snap is not None:
                out.append("-- allocations grown since the previous block (by traceback):")
                key = "traceback" if self.frames > 1 else "lineno"
                for stat in snap.compare_to(self.snap, key)[:TOP]:
                    if stat.size_diff <= 0:
                        continue
                    out.append(f"   {stat.size_diff / 1024:+9.1f} KiB {stat.count_diff:+7d} objs  "
                               f"now {stat.size / 1024:9.1f} KiB")
                    out += [f"        {line}" for line in stat.traceback.format()[-2 * self.frames:]
                            if line.strip()]
            self.snap = snap
        if self.collect:
            t0, c0 = time.perf_counter(), time.thread_time()
            found = gc.collect()
            took, cpu = time.perf_counter() - t0, time.thread_time() - c0
            out.append(f"gc.collect(): {found} unreachable in {took * 1000:.0f} ms ({cpu * 1000:.0f} ms CPU); "
                       f"now {memory_line()}")
            out += self.orphans()
        return "\n".join(out) + "\n\n"

    def orphans(self) -> list[str]:
        """Tables alive although the registry let them go, and what holds the first of them."""
        held = {id(t) for t in self.held()}
        orphans = [o for o in gc.get_objects() if type(o).__qualname__ == "LiveTable"
                   and type(o).__module__ == "majiang.server.live_table" and id(o) not in held]
        if not orphans:
            return ["orphan tables: 0"]
        return [f"orphan tables: {len(orphans)}; what holds one of them:", *referrers(orphans[0])]


WATCHED = {f"majiang.server.{n}" for n in (
    "live_table.LiveTable", "table_state.TableState", "conn.Conn", "clocks.Timers")} | {
    "majiang.engine.hand.Hand", "majiang.engine.match.Match", "_asyncio.Task", "asyncio.events.TimerHandle",
    "websockets.server.ServerProtocol", "starlette.websockets.WebSocket"}


def memory_line() -> str:
    line = f"RSS {rss_mb():.1f} MB"
    arenas, used = pymalloc_mb()
    line += f", pymalloc arenas {arenas:.1f} MB ({used:.1f} MB in blocks)"
    mi = _mallinfo_mb()
    if mi is not None:
        line += f", malloc in use {mi[0]:.1f} MB, free in heap {mi[1]:.1f} MB"
    return line


def referrers(obj: object, depth: int = 5, width: int = 4) -> list[str]:
    """The chain of objects that refer to ``obj`` (breadth first, a few per level), one line each."""
    out: list[str] = []
    level = [obj]
    seen = {id(obj)}
    for d in range(depth):
        nxt: list[object] = []
        for o in level:
            refs = [r for r in gc.get_referrers(o) if id(r) not in seen and r is not level and r is not nxt
                    and not isinstance(r, types.FrameType)]
            for r in refs[:width]:
                seen.add(id(r))
                nxt.append(r)
                out.append(f"   {'  ' * d}<- {describe(r)}  (holds {type(o).__qualname__})")
        level = nxt
        if not level:
            break
    return out


def describe(o: object) -> str:
    t = type(o)
    name = f"{t.__module__}.{t.__qualname__}"
    if isinstance(o, dict):
        return f"{name} keys {list(o)[:6]}"
    if isinstance(o, (types.FunctionType, types.MethodType)):
        return f"{name} {getattr(o, '__qualname__', '')}"
    if isinstance(o, (list, tuple, set)):
        return f"{name} of {len(o)}"
    return name


def from_env(sizes: Any, held: Any) -> MemWatch | None:
    path = os.environ.get("MAJIANG_MEMWATCH")
    if not path:
        return None
    every = float(os.environ.get("MAJIANG_MEMWATCH_SECONDS", "60"))
    frames = int(os.environ.get("MAJIANG_MEMWATCH_TRACE", "0"))
    collect = os.environ.get("MAJIANG_MEMWATCH_COLLECT", "") == "1"
    return MemWatch(Path(path), every, frames, sizes, held, collect)
