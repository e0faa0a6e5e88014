"""What the operator's console (网管) keeps in the shared store: its log of actions (who, what, why), bans
of a player or an address until a time, and the server-wide flags every node obeys (``drain``: no new
rooms; ``announcement``: a line shown in every lobby).

Every node reads bans and flags from the store at most every :data:`REFRESH_SECONDS` when it needs them
(a request asks :meth:`Oversight.fresh` first), so an action taken on one node holds on all within about
that time, and a restart forgets nothing."""

from __future__ import annotations

import json
import logging
import time
from typing import Any

from sqlalchemy import delete, select

from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import bans, operator_actions, server_flags
from majiang.backend.store import Store
from majiang.server.logs import TABLE

REFRESH_SECONDS = 2.0
log = logging.getLogger("majiang.server.console")


class Oversight:
    def __init__(self, store: Store) -> None:
        self.store = store
        self.bans: dict[tuple[str, str], dict[str, Any]] = {}  # (kind, key) -> {until, reason, by, at}
        self.flags: dict[str, Any] = {}
        self._read_at = -REFRESH_SECONDS

    # --- reads (cached) ---------------------------------------------------------------------------
    async def fresh(self) -> None:
        """Read bans and flags again when the copy is older than REFRESH_SECONDS."""
        now = time.monotonic()
        if now - self._read_at < REFRESH_SECONDS:
            return
        self._read_at = now
        wall = time.time()
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(bans).where(bans.c.until > wall))).mappings().all()
            flags = (await conn.execute(select(server_flags))).mappings().all()
        self.bans = {(r["kind"], r["key"]): {"until": r["until"], "reason": r["reason"], "by": r["by"], "at": r["at"]}
                     for r in rows}
        self.flags = {r["key"]: json.loads(r["value"]) for r in flags}

    def banned(self, kind: str, key: str) -> dict[str, Any] | None:
        """The ban in force on a player or an address, or None."""
        ban = self.bans.get((kind, key))
        return ban if ban is not None and ban["until"] > time.time() else None

    @property
    def draining(self) -> bool:
        return bool(self.flags.get("drain", {}).get("on"))

    @property
    def announcement(self) -> dict[str, Any] | None:
        a = self.flags.get("announcement")
        return a if a and a.get("text") else None

    # --- writes --------------------------------------------------------------------------------------
    async def record(self, who: str, action: str, target: str, reason: str, **detail: Any) -> None:
        """The console's log: every action with who took it and why (also in the server's log)."""
        log.warning("operator action %s on %r by %s: %s %s", action, target, who, reason, detail or "")
        row = {"at": time.time(), "who": who, "action": action, "target": target, "reason": reason,
               "detail": json.dumps(detail, ensure_ascii=False)}

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(operator_actions.insert().values(**row))
        await self.store.op(op)

    async def ban(self, kind: str, key: str, until: float, reason: str, by: str) -> None:
        row = {"kind": kind, "key": key, "until": until, "reason": reason, "by": by, "at": time.time()}

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(delete(bans).where(bans.c.kind == kind, bans.c.key == key))
            await conn.execute(bans.insert().values(**row))
        await self.store.op(op)
        self.bans[(kind, key)] = {k: row[k] for k in ("until", "reason", "by", "at")}

    async def lift(self, kind: str, key: str) -> None:
        async def op(conn: AsyncConnection) -> None:
            await conn.execute(delete(bans).where(bans.c.kind == kind, bans.c.key == key))
        await self.store.op(op)
        self.bans.pop((kind, key), None)

    async def set_flag(self, key: str, value: dict[str, Any]) -> None:
        async def op(conn: AsyncConnection) -> None:
            await conn.execute(delete(server_flags).where(server_flags.c.key == key))
            await conn.execute(server_flags.insert().values(key=key, value=json.dumps(value, ensure_ascii=False),
                                                            at=time.time()))
        await self.store.op(op)
        self.flags[key] = value

    async def actions(self, limit: int = 50) -> list[dict[str, Any]]:
        async with self.store.engine.connect() as conn:
            rows = (await conn.execute(select(operator_actions).order_by(operator_actions.c.id.desc())
                                       .limit(limit))).mappings().all()
        return [{**{k: r[k] for k in ("id", "at", "who", "action", "target", "reason")},
                 "detail": json.loads(r["detail"])} for r in rows]

    def bans_json(self) -> list[dict[str, Any]]:
        now = time.time()
        return [{"kind": k, "key": key, **b} for (k, key), b in sorted(self.bans.items()) if b["until"] > now]


class RecentErrors(logging.Handler):
    """The last :data:`KEEP` records at ERROR or above, for the console (each node keeps its own)."""

    KEEP = 50

    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.items: list[dict[str, Any]] = []

    def emit(self, record: logging.LogRecord) -> None:
        exc = ""
        if record.exc_info and record.exc_info[1] is not None:
            exc = f"{type(record.exc_info[1]).__name__}: {record.exc_info[1]}"
        self.items.append({"at": record.created, "level": record.levelname, "logger": record.name,
                           "table": getattr(record, "table", None) or TABLE.get(),
                           "msg": record.getMessage()[:500], "exc": exc})
        del self.items[:-self.KEEP]


ERRORS = RecentErrors()
