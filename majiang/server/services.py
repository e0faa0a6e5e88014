"""What every endpoint of a node reaches: the settings, the store, the live tables and the services
around them. One :class:`Server` per app, on ``app.state.server``; the REST endpoints, the websocket
and the operator's console take it typed (it lives here, not in app.py, so that they can import it
without importing the app that imports them)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from majiang.backend.config import Limits, Settings
from majiang.backend.store import Store
from majiang.server.guard import Guard
from majiang.server.housekeeping import Housekeeping
from majiang.server.table_registry import TableRegistry

if TYPE_CHECKING:  # (these import the live tables, which import nothing of this module's users)
    from majiang.platform.service import Platform
    from majiang.server.cluster.node import Cluster
    from majiang.server.oversight import Oversight


@dataclass
class Server:
    settings: Settings
    store: Store
    registry: TableRegistry
    guard: Guard
    upkeep: Housekeeping
    platform: Platform  # accounts, records, clubs (docs/server.md)
    oversight: Oversight  # the console's bans, flags and log
    cluster: Cluster | None = None  # when several nodes share the tables (redis_url set)
    # majiang.server.quickmatch.QuickMatch, made by the lifespan once this object exists (it needs it).
    # Typed loosely: it opens rooms through rest, which takes this Server, so naming its type here
    # would close an import cycle (tests/test_layers.py).
    quickmatch: Any = field(init=False)
    tournaments: Any = field(init=False)  # majiang.server.tourney.Runner (opens rooms through rest, like quickmatch)
    lobby: Any = field(init=False)  # majiang.server.lobby.LobbyHub (made and typed like quickmatch: it uses ws)

    # The settings were resolved before the app started (create_app), so these are never None here.
    @property
    def limits(self) -> Limits:
        assert self.settings.limits is not None, "Settings.resolve() fills limits"
        return self.settings.limits

    @property
    def secret(self) -> str:
        assert self.settings.secret is not None, "Settings.resolve() fills the secret"
        return self.settings.secret
