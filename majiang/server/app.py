"""The ASGI app: REST under /api, the table websocket under /ws, the browser client at /."""

from __future__ import annotations

import contextlib
import gc
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from starlette.applications import Starlette
from starlette.routing import Mount, WebSocketRoute
from starlette.staticfiles import StaticFiles

from majiang.server.config import Settings
from majiang.server.recovery import recover_all
from majiang.server.registry import MemoryRegistry, TableRegistry
from majiang.server.rest import routes
from majiang.server.store import Store
from majiang.server.ws import websocket_endpoint

WEB = Path(__file__).resolve().parent.parent / "web"
log = logging.getLogger("majiang.server")


@dataclass
class Server:
    settings: Settings
    store: Store
    registry: TableRegistry


def create_app(settings: Settings | None = None) -> Starlette:
    settings = (settings or Settings()).resolve()
    assert settings.database_url is not None

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        store = Store(settings.database_url or "")
        await store.open()
        registry = MemoryRegistry()
        app.state.server = Server(settings, store, registry)
        n = await recover_all(store, registry, settings.bot_name)
        if n:
            log.warning("recovered %d table(s) from the log", n)
        # Long-lived objects (tables, engine tables) need no scanning: freezing them and collecting
        # less often keeps full-collection pauses out of the players' latency.
        gc.freeze()
        gc.set_threshold(20000, 50, 50)
        try:
            yield
        finally:
            for table in await registry.all():
                table.timers.cancel_all()
            await store.close()

    WEB.mkdir(exist_ok=True)
    return Starlette(
        routes=[*routes, WebSocketRoute("/ws/{code}", websocket_endpoint),
                Mount("/", StaticFiles(directory=WEB, html=True), name="web")],
        lifespan=lifespan,
    )
