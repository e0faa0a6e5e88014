"""``majiang serve``: the online table (REST + websockets + the browser client) under uvicorn."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

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


def run(args: argparse.Namespace) -> int:
    import socket

    import uvicorn

    from majiang.server import Settings, create_app

    settings = Settings(database_url=args.database_url, operator_token=args.operator_token, bot_name=args.bot)
    if args.data_dir:
        settings.data_dir = Path(args.data_dir)
    try:
        app = create_app(settings)
    except ValueError as e:  # a bad MAJIANG_LIMITS, say: the reason, not a traceback
        print(f"error: {e}", file=sys.stderr)
        return 2
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # Bind the socket ourselves so --port 0 works and we can print the real address before serving.
    sock = socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((args.host, args.port))
    # Listen before saying where: a browser opened on the printed address waits in the backlog while
    # the store starts, instead of being refused.
    sock.listen(2048)
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    print(f"majiang server on http://{shown}:{port}/  (database: {_safe(settings.database_url or '')})", flush=True)
    config = uvicorn.Config(app, log_level=args.log_level, ws_max_size=65536, ws_ping_interval=20,
                            ws_ping_timeout=20, timeout_graceful_shutdown=2)
    server = uvicorn.Server(config)
    server.run(sockets=[sock])
    return 0


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
