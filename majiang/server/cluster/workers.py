"""``majiang serve --workers K``: K nodes on this machine sharing one port (SO_REUSEPORT), one per core.

Each worker is an ordinary node (``majiang serve --redis-url …``) started as a child process with
``--reuse-port``; the kernel spreads new connections over them, and a connection that lands on a node
that does not own its table is relayed to the owner. This parent only starts them, prints the address
and stops them all when it is stopped (a worker that dies is not restarted: its tables are taken over).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import socket
import subprocess
import sys

from majiang.backend.config import Settings, _stored_secret


def run_workers(args: argparse.Namespace, settings: Settings) -> int:
    if not args.redis_url:
        print("error: --workers needs --redis-url and a PostgreSQL --database-url (the workers share "
              "their tables through them)", file=sys.stderr)
        return 2
    if not os.environ.get("MAJIANG_SECRET"):
        # one machine: the key of the data directory (made once), handed to every worker
        settings.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        os.environ["MAJIANG_SECRET"] = _stored_secret(settings.data_dir / "secret.key")
    port = args.port
    if port == 0:  # the workers must share one concrete port
        with socket.socket() as s:
            s.bind((args.host, 0))
            port = s.getsockname()[1]
    # What would stop every worker alike is found here, once: one line from the parent and exit 2,
    # not a traceback from each worker and a parent that carries on.
    from majiang.backend.store import StoreUnavailable, check_store
    from majiang.server.listen import listening_socket

    try:
        listening_socket(args.host, port, reuse_port=True).close()
        settings.resolve()
        asyncio.run(check_store(settings.database_url or "", settings.create_schema))
    except (OSError, ValueError, StoreUnavailable) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    from majiang.server.cluster.redis_check import redis_problem

    problem = asyncio.run(redis_problem(args.redis_url))
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2
    base = [sys.executable, "-m", "majiang", "serve", "--host", args.host, "--port", str(port), "--reuse-port",
            "--redis-url", args.redis_url, "--log-level", args.log_level, "--log-format", args.log_format]
    for flag, value in (("--database-url", args.database_url), ("--data-dir", args.data_dir),
                        ("--operator-token", args.operator_token), ("--bot", args.bot),
                        ("--forwarded-allow-ips", args.forwarded_allow_ips)):
        if value:
            base += [flag, value]
    node = args.node_id or "w"
    procs = [subprocess.Popen([*base, "--node-id", f"{node}{i}", *_metrics_arg(args.metrics_address, i)],
                              stdout=subprocess.PIPE, text=True)
             for i in range(args.workers)]
    for i, p in enumerate(procs):  # each prints its line once it serves
        assert p.stdout is not None
        if not p.stdout.readline():  # it ended before serving: its own error line is above
            for q in procs:
                if q.poll() is None:
                    q.terminate()
            print(f"error: worker {i} did not start (exit status {p.wait()}); the others were stopped",
                  file=sys.stderr)
            return 2
    print(f"majiang server on http://{args.host}:{port}/  ({args.workers} workers)", flush=True)

    def stop(*_: object) -> None:
        for p in procs:
            if p.poll() is None:
                p.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    for p in procs:
        p.wait()
    return 0


def _metrics_arg(address: str, i: int) -> list[str]:
    """Worker i scrapes on the metrics port + i (each worker is a node with figures of its own)."""
    host, sep, port = address.rpartition(":")
    if not address or not sep or not port.isdigit():
        return ["--metrics-address", address] if address else []
    return ["--metrics-address", f"{host}:{int(port) + i}"]
