"""The ASGI app: REST under /api, the table websocket under /ws, the browser client at /."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from majiang.backend.config import Settings
from majiang.backend.metrics import ErrorCounter
from majiang.backend.store import Store
from majiang.platform.service import Platform
from majiang.server import api_document, console
from majiang.server.bot_process import THINKING
from majiang.server.club_routes import routes as club_routes
from majiang.server.friend_routes import routes as friend_routes
from majiang.server.guard import Guard
from majiang.server.housekeeping import Housekeeping
from majiang.server.lobby import LobbyHub, lobby_endpoint
from majiang.server.memwatch import from_env as memwatch_from_env
from majiang.server.oversight import ERRORS, Oversight
from majiang.server.platform_routes import routes as platform_routes
from majiang.server.quickmatch import QuickMatch
from majiang.server.ratings_routes import routes as ratings_routes
from majiang.server.recovery import recover_all
from majiang.server.rest import routes
from majiang.server.services import Server
from majiang.server.table_registry import MemoryRegistry, TableRegistry
from majiang.server.tournament_routes import routes as tournament_routes
from majiang.server.tourney import Runner
from majiang.server.ws import websocket_endpoint

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("majiang.server")


class BodyLimit:
    """Refuse an /api request whose declared body (Content-Length) is over the limit before reading a
    byte of it (413 ``too_large``); a body without a length is counted while it streams (rest.body)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["path"].startswith("/api/"):
            length = dict(scope["headers"]).get(b"content-length", b"0")
            if not length.isdigit() or len(length) > 18 or int(length) > self.limit:
                reason = (f"the request body is over {self.limit} bytes" if length.isdigit()
                          else "Content-Length is not a number")
                status, code = (413, "too_large") if length.isdigit() else (400, "bad_request")
                await JSONResponse({"error": code, "reason": reason}, status_code=status,
                                   headers={"connection": "close"})(scope, receive, send)
                return
        await self.app(scope, receive, send)


def structure_sizes(server: Server) -> dict[str, int]:
    """How many entries the server's long-lived structures hold (the memory report, memwatch.py)."""
    from majiang.server.clocks import _background

    g = server.guard
    return {"tables": len(getattr(server.registry, "_tables", {})), "tasks": len(asyncio.all_tasks()),
            "timer_tasks": len(_background), "write_ip": len(g.write_ip), "write_token": len(g.write_token),
            "view_ip": len(g.view_ip), "ws_token": len(g.ws_token), "ws_ip": len(g.ws_ip),
            "connect_token": len(g.connect_token), "connect_ip": len(g.connect_ip), "views": len(g.views),
            "revoked": len(g.revocations.tokens) + len(g.revocations.players),
            "store_queue": server.store._queue.qsize()}


def create_app(settings: Settings | None = None, store: Store | None = None) -> Starlette:
    """The server's ASGI app. ``store``: one already opened on the loop that will run the app
    (``majiang serve`` opens it first, so that a database it cannot use is one line, not a
    traceback from the lifespan)."""
    settings = (settings or Settings()).resolve()
    assert settings.database_url is not None
    prepared = store

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = prepared or Store(settings.database_url or "")
        await store.open(settings.create_schema)
        registry: TableRegistry = MemoryRegistry()
        cluster = None
        assert settings.limits is not None
        if settings.redis_url is not None:  # several nodes: this one owns the tables it claims
            from majiang.server.cluster.node import Cluster

            cluster = Cluster(store, settings.redis_url, settings.redis_prefix, settings.node_id,
                              settings.internal_url, settings.bot_name, settings.limits.idle_seconds)
            registry = cluster.registry
        guard = Guard(settings.limits)
        now = time.time()
        for kind, key, at in await store.revocations(now):
            (guard.revocations.tokens if kind == "token" else guard.revocations.players)[key] = at
        upkeep = Housekeeping(guard, settings.limits.gc_seconds, settings.limits.gc_connections)
        app.state.server = Server(settings, store, registry, guard, upkeep,
                                  platform=Platform.make(store, settings, cluster.redis if cluster else None),
                                  oversight=Oversight(store), cluster=cluster)
        app.state.server.lobby = LobbyHub(app.state.server)
        # The startup objects (modules, rulesets, the app) live as long as the process: freezing them
        # keeps them out of every collection. Frozen before any table is rebuilt: a table is not for life
        # (a frozen one that had a cycle would never be freed after its eviction).
        # Python's own collector is off by default (gc_threshold 0): the engine and the bots free all they
        # make by reference counting, so a young collection finds nothing and only walks what is alive,
        # mostly a thinking bot's candidates: 15-75 ms every 0.2 s of bot time at threshold 20,000, with
        # the event loop waiting for the interpreter lock throughout (docs/server.md, "Memory"). The
        # cycles that do occur (a closed websocket's, above all) wait for the full collections
        # housekeeping.py schedules.
        gc.collect()
        gc.freeze()
        if settings.limits.gc_threshold > 0:
            gc.set_threshold(settings.limits.gc_threshold, 50, 50)
            gc.enable()
        else:
            gc.disable()
        # The bots think on a thread (unless bot_processes gives them a process); whenever the event loop
        # gives up the interpreter lock (every socket write, every wait for PostgreSQL) it waits up to one
        # switch interval to get it back from a thinking bot. Python's 5 ms made a human's intent wait
        # 5 ms several times over: at 60 tables a node's p99 was 118 ms with the default, 38 ms at
        # 0.5 ms (docs/server.md).
        if settings.limits.switch_interval > 0:
            sys.setswitchinterval(settings.limits.switch_interval)
        if settings.limits.bot_processes > 0:
            THINKING.start(settings.limits.gc_threshold, settings.limits.bot_processes)
        if cluster is not None:
            cluster.revocations = guard.revocations
            await cluster.start()  # orphaned rooms are claimed by the nodes' scans, not all by one
        n = 0 if cluster is not None else await recover_all(store, registry, settings.bot_name,
                                                            settings.limits.idle_seconds,
                                                            settings.limits.evict_seconds)
        if n:
            log.warning("recovered %d table(s) from the log", n)
        upkeep.start()
        await app.state.server.lobby.start()
        app.state.server.quickmatch = QuickMatch(app.state.server)
        app.state.server.quickmatch.start()
        app.state.server.tournaments = Runner(app.state.server)
        app.state.server.tournaments.start()
        watch = memwatch_from_env(lambda: structure_sizes(app.state.server),
                                  lambda: list(getattr(app.state.server.registry, "_tables", {}).values()))
        if watch is not None:
            watch.start()
        try:
            yield
        finally:
            if watch is not None:
                await watch.stop()
            await upkeep.stop()
            await app.state.server.quickmatch.stop()
            await app.state.server.tournaments.stop()
            await app.state.server.lobby.stop()
            for table in await registry.all():
                table.timers.cancel_all()
            if cluster is not None:
                await cluster.stop()
            await store.close()
            THINKING.stop()

    for name in ("majiang", "uvicorn.error"):  # our records and uvicorn's (an exception in the app)
        logger = logging.getLogger(name)
        if not any(isinstance(h, ErrorCounter) for h in logger.handlers):
            logger.addHandler(ErrorCounter())  # majiang_log_errors_total
            logger.addHandler(ERRORS)  # the console's recent errors
    WEB.mkdir(exist_ok=True)
    async def http_error(request: Request, exc: Exception) -> Response:
        """Starlette's own refusals (405 on a known path, 404 of a static file): JSON under /api."""
        assert isinstance(exc, HTTPException)
        if request.url.path.startswith("/api"):
            code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "bad_request")
            return JSONResponse({"error": code, "reason": f"{request.method} {request.url.path}: {exc.detail}"},
                                status_code=exc.status_code, headers=exc.headers)
        return PlainTextResponse(exc.detail, status_code=exc.status_code, headers=exc.headers)

    app = Starlette(
        routes=[*console.routes, *platform_routes, *club_routes, *friend_routes, *ratings_routes,
                *tournament_routes, *api_document.routes, *routes,
                WebSocketRoute("/lobby/ws", lobby_endpoint),
                WebSocketRoute("/ws/{code}", websocket_endpoint),
                Mount("/", StaticFiles(directory=WEB, html=True), name="web")],
        lifespan=lifespan,
        exception_handlers={HTTPException: http_error},
    )
    fallback = app.router.default

    async def not_found(scope: Scope, receive: Receive, send: Send) -> None:
        """No route matched (route patterns do not match a path with a newline, for one): under /api the
        answer is in the API's own format, never Starlette's plain text."""
        path = scope.get("path", "")
        if scope["type"] == "http" and (path == "/api" or path.startswith("/api/")):
            await JSONResponse({"error": "not_found", "reason": "no such API endpoint"},
                               status_code=404)(scope, receive, send)
        else:
            await fallback(scope, receive, send)

    app.router.default = not_found
    assert settings.limits is not None
    app.add_middleware(BodyLimit, limit=settings.limits.body_bytes)
    app.add_middleware(console.MetricsListener)
    if settings.redis_url is not None:
        from majiang.server.cluster.routing import Router

        app.add_middleware(Router)  # outermost: a relayed request is limited by its owner
    return app
