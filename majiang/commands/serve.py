"""``majiang serve``: the online table (REST + websockets + the browser client) under uvicorn."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
from pathlib import Path

import uvicorn

NAME = "serve"
HELP = "run the game server (rooms, clocks, 托管, reconnection, persistence) and the browser client"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000; 0 = any free port)")
    p.add_argument("--database-url", default=None,
                   help="SQLAlchemy async URL, e.g. postgresql+asyncpg://user@host/db "
                        "(default: SQLite file in the data directory)")
    p.add_argument("--data-dir", default=None, help="data directory (default $MAJIANG_DATA or ./data)")
    p.add_argument("--operator-token", default=None, help="网管 token (default $MAJIANG_OPERATOR_TOKEN)")
    p.add_argument("--bot", default="", help="bot for bot seats and 托管 (default strong when available)")
    p.add_argument("--log-level", default="warning")
    p.add_argument("--log-format", choices=("text", "json"), default="text",
                   help="json: one JSON object a line, with the node and the table in every record")
    p.add_argument("--metrics-address", default="", metavar="HOST:PORT",
                   help="also serve GET /metrics (Prometheus) on this address, without the operator token "
                        "(on the public port /metrics needs the operator token)")
    # several nodes (docs/server.md, "Several nodes")
    p.add_argument("--redis-url", default=None,
                   help="Redis for leases and routing, e.g. redis://127.0.0.1:6379/0: this process is one node "
                        "of several sharing --database-url (PostgreSQL) and MAJIANG_SECRET")
    p.add_argument("--node-id", default="", help="this node's id (default: random)")
    p.add_argument("--workers", type=int, default=1,
                   help="with --redis-url: start this many nodes sharing the port (SO_REUSEPORT)")
    p.add_argument("--advertise-host", default="",
                   help="with --redis-url: the name or address other nodes reach this one by (default: --host, "
                        "or the host name when --host is a wildcard such as 0.0.0.0)")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="ADDRS",
                   help="proxies whose X-Forwarded-For names the client (comma-separated addresses or networks, "
                        "'*' for any): the per-address limits then count the client, not the proxy "
                        "(default $FORWARDED_ALLOW_IPS, else none: name only a proxy clients cannot connect from)")
    p.add_argument("--create-schema", action="store_true",
                   help="PostgreSQL: create the URL's ?schema= when it does not exist (default: refuse to start)")
    p.add_argument("--reuse-port", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--http", choices=("auto", "h11", "httptools"), default="auto", help=argparse.SUPPRESS)


def run(args: argparse.Namespace) -> int:
    from majiang.server import Settings, create_app
    from majiang.server.listen import listening_socket

    settings = Settings(database_url=args.database_url, operator_token=args.operator_token, bot_name=args.bot,
                        redis_url=args.redis_url, node_id=args.node_id, create_schema=args.create_schema)
    if args.data_dir:
        settings.data_dir = Path(args.data_dir)
    if args.workers > 1:
        from majiang.server.cluster.workers import run_workers

        return run_workers(args, settings)
    # Bind the socket ourselves so --port 0 works and we can print the real address before serving.
    try:
        sock = listening_socket(args.host, args.port, args.reuse_port)
    except OSError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sockets = [sock]
    if args.metrics_address:  # a listener of its own for the scraper: /metrics only, no token
        try:
            metrics = _metrics_socket(args.metrics_address)
        except (ValueError, OSError) as e:
            print(f"error: --metrics-address {args.metrics_address}: {e}", file=sys.stderr)
            return 2
        settings.metrics_port = metrics.getsockname()[1]
        sockets.append(metrics)
    if args.redis_url:
        # Other nodes relay to this node's own port (the shared one would reach any worker).
        internal = socket.socket(sock.family)
        internal.bind((args.host, 0))
        internal.listen(2048)
        ihost, iport = internal.getsockname()[:2]
        if args.advertise_host:
            ihost = args.advertise_host
        elif ihost in ("0.0.0.0", "::"):
            ihost = socket.gethostname()
        settings.internal_url = f"http://{f'[{ihost}]' if ':' in ihost else ihost}:{iport}"
        sockets.append(internal)
    from majiang.backend.store import Store, StoreUnavailable

    try:
        settings.resolve()
        store = Store(settings.database_url or "")
        app = create_app(settings, store)
    except ValueError as e:  # a bad MAJIANG_LIMITS, say: the reason, not a traceback
        print(f"error: {e}", file=sys.stderr)
        return 2
    from majiang.server.logs import configure

    configure(args.log_format, args.log_level, settings.node_id or "single")
    # The backlog takes connections at once: a browser opened on the printed address waits there
    # while the tables are rebuilt, instead of being refused.
    sock.listen(2048)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    node = f", node {settings.node_id}, internal {settings.internal_url}" if args.redis_url else ""
    if args.metrics_address:
        mhost, mport = sockets[1].getsockname()[:2]
        node += f", metrics on http://{f'[{mhost}]' if ':' in mhost else mhost}:{mport}/metrics"
    banner = f"majiang server on http://{shown}:{port}/  (database: {_safe(settings.database_url or '')}{node})"
    # Only a trusted proxy's X-Forwarded-For is read (uvicorn's ProxyHeadersMiddleware): a client
    # naming itself another address there gets no fresh rate-limit bucket.
    # None by default, not uvicorn's 127.0.0.1: a client on the server's own machine (or behind a proxy
    # there) could name itself any address and get a fresh bucket per request (issue 30).
    proxies = args.forwarded_allow_ips or os.environ.get("FORWARDED_ALLOW_IPS") or ""
    # log_config None: uvicorn's loggers propagate to the root handler configure() set (one format for all)
    config = uvicorn.Config(app, log_level=args.log_level, log_config=None, ws_max_size=65536, ws_ping_interval=20,
                            ws_ping_timeout=20, timeout_graceful_shutdown=2, proxy_headers=bool(proxies),
                            forwarded_allow_ips=proxies)
    # The request head is bounded below the app, whichever parser serves (majiang/server/http_guard.py);
    # h11's own buffer bound sits past it by one read, so the guard's 431 comes first.
    from majiang.server.http_guard import guarded_protocol

    assert settings.limits is not None
    config.http = guarded_protocol(settings.limits.head_bytes, settings.limits.head_seconds, args.http)
    config.h11_max_incomplete_event_size = settings.limits.head_bytes + 262144
    server = _AnnouncingServer(config, banner)

    async def serve() -> int:
        # The database first, on the loop that will serve: one that cannot be used is one line
        # (what to do) and exit 2, before anything claims the address is up.
        try:
            await store.open(settings.create_schema)
        except StoreUnavailable as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
        if settings.redis_url:  # the same for Redis: a node that cannot hold leases must not start
            from majiang.server.cluster.redis_check import redis_problem

            problem = await redis_problem(settings.redis_url)
            if problem:
                await store.close()
                print(f"error: {problem}", file=sys.stderr)
                return 2
        await server.serve(sockets=sockets)
        return 1 if server.startup_failed else 0

    with asyncio.Runner(loop_factory=config.get_loop_factory()) as runner:
        return runner.run(serve())


class _AnnouncingServer(uvicorn.Server):
    """uvicorn's server that prints the address only once the app has started and the sockets
    serve (a failed start never announces an address nobody answers on)."""

    def __init__(self, config: uvicorn.Config, banner: str) -> None:
        super().__init__(config)
        self.banner = banner
        self.startup_failed = True

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets)
        if not self.should_exit:
            self.startup_failed = False
            print(self.banner, flush=True)


def _metrics_socket(address: str) -> socket.socket:
    host, sep, port = address.rpartition(":")
    if not sep or not port.isdigit():
        raise ValueError("give HOST:PORT, e.g. 127.0.0.1:9100")
    host = host.strip("[]") or "127.0.0.1"
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, int(port)))
    sock.listen(128)
    return sock


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
