"""The store's commit path: the node's CPU per group-committed batch and per row (a benchmark, not a test).

    .venv/bin/python bench/commit_path.py [--checkout REV_OR_DIR] [--backends pg,sqlite] [--sizes 1,3,10]
                                          [--batches 400] [--rounds 3] [--no-fence]

Drives the production code (``majiang.backend.store.Store``: ``append`` and its writer task, the group
commit) against the machine's PostgreSQL (``$MAJIANG_TEST_PG``, default
postgresql://postgres@127.0.0.1:5432/test, a fresh schema per run, dropped after) and a SQLite file.
Each batch is K ``act`` records of K different tables (what 30 bot tables queue between two commits),
appended at once and awaited, so the writer commits exactly K rows in one transaction. On PostgreSQL
every table is fenced as a cluster node's are (a ``room_owners`` row, ``Store.fence`` set: every batch
checks the epochs), unless ``--no-fence`` (one node without ``--redis-url``). SQLite is never fenced
(a cluster refuses SQLite). ``--backends none`` is the floor under both: the same appends, queue,
futures and writer task with a commit that does nothing (a SQLite store whose ``_transaction`` is
replaced), what the harness itself costs.

A figure is the process's CPU (``time.process_time``: user + system of every thread, aiosqlite's
included) per batch and per row over ``--batches`` batches after a warm-up, and the wall time per
batch; the median over ``--rounds`` rounds. The database server's own CPU is not counted.

``--checkout`` runs the same measurement with another copy of ``majiang`` — a commit (unpacked with
``git archive REV majiang`` into a temporary directory) or a directory holding one — in alternation
with this tree's, round by round (a busy stretch of a shared machine falls on both), and prints the
ratio this/that. Each measurement runs in a fresh child process.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import secrets
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PG_ROOT = os.environ.get("MAJIANG_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
TABLES = 30


async def _measure(backend: str, sizes: list[int], batches: int, fence: bool) -> dict[str, Any]:
    import asyncpg

    from majiang.backend import journal
    from majiang.backend.store import Store

    schema = None
    tmp = tempfile.TemporaryDirectory()
    if backend == "pg":
        schema = f"bench_commit_{secrets.token_hex(4)}"
        url = PG_ROOT.replace("postgresql://", "postgresql+asyncpg://") + f"?schema={schema}"
    else:
        url = f"sqlite+aiosqlite:///{Path(tmp.name) / 'bench.sqlite3'}"
    store = Store(url)
    await store.open(create_schema=True)
    if backend == "none":  # the floor: append, the queue, the futures and the writer, nothing written
        async def nothing(batch: Any) -> None:
            return None

        store._transaction = nothing  # type: ignore[method-assign]
    codes = [f"B{i:05d}" for i in range(TABLES)]
    try:
        if backend == "pg" and fence:
            conn = await asyncpg.connect(PG_ROOT)
            try:
                await conn.executemany(f"INSERT INTO {schema}.room_owners (code, epoch, node) VALUES ($1, 1, 'n0')",
                                       [(c,) for c in codes])
            finally:
                await conn.close()
            for c in codes:
                store.fence[c] = 1
        record = journal.decode("act", '{"seat":2,"action":{"type":"discard","tile":28}}')  # a bot's discard
        idx = dict.fromkeys(codes, 0)
        turn = 0

        async def batch(k: int) -> None:
            nonlocal turn
            futs = []
            for _ in range(k):
                code = codes[turn % TABLES]
                turn += 1
                idx[code] += 1
                futs.append(store.append(code, idx[code], record))
            await asyncio.gather(*futs)

        out: dict[str, Any] = {}
        for k in sizes:
            for _ in range(max(20, batches // 10)):  # warm-up: connections, prepared statements, caches
                await batch(k)
            commits = store.commits
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(batches):
                await batch(k)
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            assert store.commits - commits == batches, "a batch was not one commit"
            written = sum([len(await store.events(c)) for c in codes])
            assert written == (0 if backend == "none" else sum(idx.values())), f"{written} rows written"
            out[str(k)] = {"cpu_batch_us": cpu / batches * 1e6, "cpu_row_us": cpu / batches / k * 1e6,
                           "wall_batch_us": wall / batches * 1e6}
        return out
    finally:
        await store.close()
        tmp.cleanup()
        if schema is not None:
            conn = await asyncpg.connect(PG_ROOT)
            try:
                await conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")
            finally:
                await conn.close()


def child(args: argparse.Namespace) -> None:
    if args.source:  # another copy of majiang first on the path (an editable install's finder dropped)
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in getattr(f, "__module__", "") + str(f)]
        sys.path.insert(0, args.source)
    import majiang

    assert args.source is None or Path(majiang.__file__).is_relative_to(args.source), majiang.__file__
    sizes = [int(s) for s in args.sizes.split(",")]
    print(json.dumps(asyncio.run(_measure(args.child, sizes, args.batches, not args.no_fence))))


def _unpack(ref: str, into: Path) -> str:
    if Path(ref).is_dir():
        return str(Path(ref).resolve())
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "majiang"], check=True, capture_output=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return str(into)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--checkout", help="a commit (or a directory holding majiang/) to compare with")
    p.add_argument("--backends", default="pg,sqlite", help="of pg, sqlite, none (the floor)")
    p.add_argument("--sizes", default="1,3,10", help="rows per batch")
    p.add_argument("--batches", type=int, default=400)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--no-fence", action="store_true", help="PostgreSQL without fencing (one node)")
    p.add_argument("--child", help=argparse.SUPPRESS)
    p.add_argument("--source", help=argparse.SUPPRESS)
    args = p.parse_args()
    if args.child:
        child(args)
        return
    with tempfile.TemporaryDirectory() as tmp:
        copies: dict[str, str | None] = {"this": None}
        if args.checkout:
            copies[args.checkout] = _unpack(args.checkout, Path(tmp))
        for backend in args.backends.split(","):
            results: dict[str, list[dict[str, Any]]] = {name: [] for name in copies}
            for r in range(args.rounds):
                order = list(copies) if r % 2 == 0 else list(copies)[::-1]
                for name in order:
                    cmd = [sys.executable, __file__, "--child", backend, "--sizes", args.sizes,
                           "--batches", str(args.batches)] + (["--no-fence"] if args.no_fence else [])
                    if copies[name] is not None:
                        cmd += ["--source", str(copies[name])]
                    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
                    done = subprocess.run(cmd, check=True, capture_output=True, text=True, env=env)
                    results[name].append(json.loads(done.stdout.strip().splitlines()[-1]))
            fenced = " (fenced)" if backend == "pg" and not args.no_fence else ""
            print(f"{backend}{fenced}: median of {args.rounds} rounds, {args.batches} batches each")
            print(f"  {'copy':<14} {'rows':>4} {'CPU/batch':>11} {'CPU/row':>10} {'wall/batch':>11}")
            for k in args.sizes.split(","):
                med: dict[str, dict[str, float]] = {}
                for name in copies:
                    med[name] = {f: statistics.median(x[k][f] for x in results[name])
                                 for f in ("cpu_batch_us", "cpu_row_us", "wall_batch_us")}
                    m = med[name]
                    print(f"  {name:<14} {k:>4} {m['cpu_batch_us']:>8.0f} µs {m['cpu_row_us']:>7.0f} µs "
                          f"{m['wall_batch_us']:>8.0f} µs")
                if args.checkout:
                    a, b = med["this"], med[args.checkout]
                    ratios = [a[f] / b[f] for f in ("cpu_batch_us", "cpu_row_us", "wall_batch_us")]
                    print(f"  {'this/' + args.checkout[:9]:<14} {k:>4} {ratios[0]:>11.2f} {ratios[1]:>10.2f} "
                          f"{ratios[2]:>11.2f}")


if __name__ == "__main__":
    main()
