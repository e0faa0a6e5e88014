"""Persistence: SQLAlchemy 2 async over SQLite (default) or PostgreSQL, with group commit.

Tables append records to their log through :meth:`Store.append`; a single writer task
commits everything queued so far in one transaction (group commit), so hundreds of tables
cost a handful of commits a second rather than one per action. A table awaits its
record's commit before it shows anyone the new state, so nothing a player saw is lost
when the process dies.

A batch of records only (nearly every batch: the ops, a room's row or a finished hand, are rare)
skips SQLAlchemy: on PostgreSQL it is one statement on the writer's own connection, the owners'
epochs read FOR SHARE and the rows inserted only if they all still hold (``_APPEND_PG``: one round
trip, its own transaction, instead of BEGIN, the fence's SELECT, the INSERT and COMMIT); on SQLite
an ``executemany`` and a commit. A batch with an op takes a SQLAlchemy transaction as before.
``bench/commit_path.py`` measures the node's CPU per batch.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy import Connection, delete, event, func, inspect, select, text, update
from sqlalchemy.engine import make_url

from majiang.backend import journal
from majiang.backend.hooks import HandHook, HandReport
from majiang.backend.metrics import COMMIT_SECONDS
from majiang.backend.sa_async import AsyncConnection, AsyncEngine, create_async_engine
from majiang.backend.schema import hand_seats, hands, players, revocations, room_events, room_owners, rooms

Op = Callable[[AsyncConnection], Awaitable[None]]
MIGRATIONS = Path(__file__).parent / "migrations"
log = logging.getLogger("majiang.server")
Item = tuple[str, Any, "asyncio.Future[None]", str | None]  # kind, row or op, its future, the room it writes


class StoreUnavailable(Exception):
    """The database cannot be opened; the message says which and what to do (``majiang serve``
    prints it as its one line)."""


def _first_line(e: BaseException) -> str:
    text_ = str(e).strip().splitlines()
    return text_[0] if text_ else type(e).__name__


class StaleOwner(Exception):
    """A write for a table whose fencing epoch moved on: another node owns the table now."""

    def __init__(self, codes: list[str]) -> None:
        super().__init__(f"not the owner of {', '.join(codes)} any more: another node took over")
        self.codes = codes


def make_engine(url: str) -> AsyncEngine:
    """An engine for ``url``. ``?schema=name`` (PostgreSQL) puts every table in that schema."""
    u = make_url(url)
    connect_args: dict[str, Any] = {}
    schema = u.query.get("schema")
    if schema:
        u = u.difference_update_query(["schema"])
        connect_args["server_settings"] = {"search_path": str(schema)}
    if u.get_backend_name() == "sqlite":
        engine = create_async_engine(u, connect_args={"timeout": 30})

        @event.listens_for(engine.sync_engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")  # readers never block the writer
            cur.execute("PRAGMA synchronous=NORMAL")  # WAL + NORMAL survives a process kill
            cur.close()

        return engine
    return create_async_engine(u, connect_args=connect_args, pool_size=5, max_overflow=5)


_REVISION = re.compile(r'^(revision|down_revision)\s*(?::[^=]*)?=\s*(?:"([^"]*)"|None)\s*$')


def head_revision() -> str | None:
    """The newest migration's revision, read from the version files' ``revision = "..."`` and
    ``down_revision = "..."`` lines (the one no other file names as its down revision); None when
    that is not one plain chain (then alembic decides)."""
    revisions: list[str] = []
    downs: set[str] = set()
    for path in sorted((MIGRATIONS / "versions").glob("*.py")):
        found = {}
        for line in path.read_text(encoding="utf-8").splitlines():
            m = _REVISION.match(line)
            if m:
                found[m.group(1)] = m.group(2)
        if path.name != "__init__.py":
            if "revision" not in found or not found["revision"] or "down_revision" not in found:
                return None
            revisions.append(found["revision"])
            if found["down_revision"]:
                downs.add(found["down_revision"])
    heads = [r for r in revisions if r not in downs]
    return heads[0] if len(heads) == 1 and len(downs) == len(revisions) - 1 else None


def _upgrade(conn: Connection) -> None:
    """Migrate to the newest schema. A database already there (every start but the first) is told
    by one query, without importing alembic, which costs about a third of a second of start-up."""
    head = head_revision()
    if head is not None and inspect(conn).has_table("alembic_version"):
        current = conn.execute(text("SELECT version_num FROM alembic_version")).scalars().all()
        if current == [head]:
            return
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = conn
    command.upgrade(cfg, "head")


async def check_store(url: str, create_schema: bool = False) -> None:
    """Open the database at ``url`` once (migrating it) and close it; raises StoreUnavailable."""
    store = Store(url)
    await store.open(create_schema)
    await store.close()


class Store:
    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self._queue: asyncio.Queue[Item] = asyncio.Queue()
        self._writer: asyncio.Task[None] | None = None
        self.commits = 0
        # the hot path (_append_pg, _append_sqlite): a batch of records only, on one connection the writer keeps
        backend = make_url(url).get_backend_name()
        self._fast: str | None = backend if backend in ("postgresql", "sqlite") else None
        self._hot: tuple[AsyncConnection, Any] | None = None
        # Several nodes: the fencing epoch this node holds for each table it owns. Every transaction
        # that writes one of these rooms first checks (FOR SHARE) that the epoch is still current, so a
        # claim by another node (which raises it) and a stale write can never both succeed.
        self.fence: dict[str, int] = {}
        # Run in the transaction that saves each ended hand (majiang/backend/hooks.py): the platform's records.
        self.hand_hooks: list[HandHook] = []

    async def open(self, create_schema: bool = False) -> None:
        """Connect, migrate to the newest schema and start the writer. ``create_schema``: a PostgreSQL
        ``?schema=`` that does not exist yet is created (otherwise that is refused: a typo in the URL
        would silently start an empty database). Raises :class:`StoreUnavailable`."""
        if self._writer is not None:
            return  # opened already (majiang serve opens it before announcing the address)
        shown = make_url(self.url).render_as_string(hide_password=True)
        try:
            async with self.engine.begin() as conn:
                if conn.dialect.name == "postgresql":
                    await self._check_schema(conn, create_schema)
                    # several nodes may start at once: one migrates at a time
                    await conn.execute(text("SELECT pg_advisory_xact_lock(7262031)"))
                await conn.run_sync(_upgrade)
        except StoreUnavailable:
            raise
        except Exception as e:  # unreachable, refused, a wrong database or password: the driver's words
            await self.engine.dispose()
            raise StoreUnavailable(f"cannot open the database {shown}: {_first_line(e)} "
                                   "(check --database-url, and that the database server is running)") from None
        self._writer = asyncio.create_task(self._write_loop())

    async def _check_schema(self, conn: AsyncConnection, create: bool) -> None:
        schema = make_url(self.url).query.get("schema")
        if not schema:
            return
        name = str(schema)
        found = await conn.scalar(text("SELECT 1 FROM pg_namespace WHERE nspname = :s"), {"s": name})
        if found:
            return
        if not create:
            raise StoreUnavailable(f"PostgreSQL schema {name!r} does not exist: create it (CREATE SCHEMA {name}) "
                                   "or start with --create-schema")
        quoted = name.replace('"', '""')
        await conn.execute(text(f'CREATE SCHEMA IF NOT EXISTS "{quoted}"'))

    async def close(self) -> None:
        if self._writer is not None:
            await self.flush()
            self._writer.cancel()
        if self._hot is not None:
            hot, self._hot = self._hot, None
            await hot[0].close()
        await self.engine.dispose()

    # --- writes (queued, group-committed) -------------------------------------------------
    def append(self, code: str, idx: int, record: journal.Record) -> asyncio.Future[None]:
        kind, data = journal.encode(record)
        row = {"room_code": code, "idx": idx, "kind": kind, "data": data.decode()}
        return self._put("event", row, code)

    def op(self, fn: Op, code: str | None = None) -> asyncio.Future[None]:
        """Queue ``fn``; ``code``: the room it writes (checked against the fencing epoch)."""
        return self._put("op", fn, code)

    def _put(self, kind: str, item: Any, code: str | None = None) -> asyncio.Future[None]:
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._queue.put_nowait((kind, item, fut, code))
        return fut

    async def flush(self) -> None:
        await self._put("op", _noop)

    async def _write_loop(self) -> None:
        while True:
            batch = [await self._queue.get()]
            while not self._queue.empty():
                batch.append(self._queue.get_nowait())
            try:
                await self._commit(batch)
            except Exception:
                # One bad item must not fail the others (other tables' records share the batch):
                # retry each item in its own transaction, so only the bad one fails.
                if len(batch) > 1:
                    log.warning("a group commit of %d writes failed; retrying them one by one", len(batch))
                for item in batch:
                    try:
                        await self._commit([item])
                    except Exception as e:
                        log.error("write failed (%s): %r", item[0], e)
                        if not item[2].done():
                            item[2].set_exception(e)
            for _, _, fut, _ in batch:
                if not fut.done():
                    fut.set_result(None)

    async def _commit(self, batch: list[Item]) -> None:
        with COMMIT_SECONDS.time():
            await self._transaction(batch)
        self.commits += 1

    async def _transaction(self, batch: list[Item]) -> None:
        if self._fast is not None and all(kind == "event" for kind, *_ in batch):
            fenced = sorted({code for *_, code in batch if code is not None and code in self.fence})
            if self._fast == "postgresql":
                await self._append_pg(batch, fenced)
                return
            if not fenced:  # (SQLite is never fenced: a cluster refuses it)
                await self._append_sqlite(batch)
                return
        async with self.engine.begin() as conn:
            fenced = sorted({code for *_, code in batch if code is not None and code in self.fence})
            if fenced:
                await self._check_fence(conn, fenced)
            rows = [item for kind, item, _, _ in batch if kind == "event"]
            if rows:
                await conn.execute(room_events.insert(), rows)
            for kind, item, _, _ in batch:
                if kind == "op":
                    await item(conn)

    async def _check_fence(self, conn: AsyncConnection, codes: list[str]) -> None:
        res = await conn.execute(select(room_owners.c.code, room_owners.c.epoch)
                                 .where(room_owners.c.code.in_(codes)).with_for_update(read=True))
        current = dict(res.all())
        stale = [c for c in codes if current.get(c) != self.fence.get(c)]
        if stale:
            raise StaleOwner(stale)

    # --- the hot path: a batch of records only, on the driver's own connection ----------------------
    async def _driver(self) -> Any:
        """The writer's own connection (checked out of the pool once and kept): the driver's
        (asyncpg's or aiosqlite's) connection under it."""
        if self._hot is None:
            conn = await self.engine.connect()
            try:
                fairy = await conn.get_raw_connection()
                self._hot = (conn, fairy.driver_connection)
            except BaseException:
                await conn.close()
                raise
        return self._hot[1]

    async def _drop_driver(self) -> None:
        """Forget the writer's connection after an error that may have broken it (the next batch
        takes a fresh one from the pool)."""
        hot, self._hot = self._hot, None
        if hot is not None:
            try:
                await hot[0].invalidate()
                await hot[0].close()
            except Exception as e:
                log.debug("dropping the writer's connection: %r", e)

    async def _append_pg(self, batch: list[Item], fenced: list[str]) -> None:
        """One statement, its own transaction (no BEGIN, no COMMIT): the fence read FOR SHARE and
        the insert, which writes every row or none (_APPEND_PG)."""
        import asyncpg

        epochs = [self.fence[c] for c in fenced]
        rows = [item for _, item, _, _ in batch]
        driver = await self._driver()
        try:
            found = await driver.fetch(_APPEND_PG, fenced, epochs, [r["room_code"] for r in rows],
                                       [r["idx"] for r in rows], [r["kind"] for r in rows],
                                       [r["data"] for r in rows])
        except asyncpg.PostgresError:
            raise  # (the statement failed as a whole: nothing of it was written; the connection is fine)
        except BaseException:
            await self._drop_driver()
            raise
        if fenced:
            current = {code: epoch for code, epoch in found}
            # against the epochs the statement was given (what decided the insert), not self.fence now
            stale = [c for c, e in zip(fenced, epochs, strict=True) if current.get(c) != e]
            if stale:
                raise StaleOwner(stale)

    async def _append_sqlite(self, batch: list[Item]) -> None:
        driver = await self._driver()
        try:
            await driver.executemany(_APPEND_SQLITE, [(r["room_code"], r["idx"], r["kind"], r["data"])
                                                      for _, r, _, _ in batch])
            await driver.commit()
        except BaseException:
            try:
                await driver.rollback()
            except BaseException:
                await self._drop_driver()
                raise
            raise

    # --- helpers that queue a write ------------------------------------------------------------
    def add_player(self, player_id: str, name: str) -> asyncio.Future[None]:
        async def op(conn: AsyncConnection) -> None:
            await conn.execute(players.insert().values(player_id=player_id, name=name, created_at=time.time()))
        return self.op(op)

    def add_room(self, code: str, ruleset: str, options: dict[str, Any],
                 settings: dict[str, Any]) -> asyncio.Future[None]:
        now = time.time()

        async def op(conn: AsyncConnection) -> None:
            await conn.execute(rooms.insert().values(
                code=code, ruleset=ruleset, options=json.dumps(options), settings=json.dumps(settings),
                status="waiting", totals="[0,0,0,0]", created_at=now, updated_at=now))
        return self.op(op, code)

    def set_room_status(self, code: str, status: str, totals: list[int]) -> asyncio.Future[None]:
        async def op(conn: AsyncConnection) -> None:
            await conn.execute(update(rooms).where(rooms.c.code == code).values(
                status=status, totals=json.dumps(totals), updated_at=time.time()))
        return self.op(op, code)

    def add_hand(self, code: str, row: dict[str, Any], seats: list[dict[str, Any]],
                 report: HandReport | None = None) -> asyncio.Future[None]:
        async def op(conn: AsyncConnection) -> None:
            finished_at = report.finished_at if report is not None else time.time()
            await conn.execute(hands.insert().values(room_code=code, finished_at=finished_at, **row))
            await conn.execute(hand_seats.insert(), [{"room_code": code, "hand_no": row["hand_no"], **s}
                                                     for s in seats])
            if report is not None:
                for hook in self.hand_hooks:
                    await hook(conn, report)
        return self.op(op, code)

    def revoke(self, kind: str, key: str, at: float) -> asyncio.Future[None]:
        """Record a revocation (kind ``token``: a token id until its expiry; ``player``: every token of
        the player issued before ``at``); a second one for the same key replaces the first."""
        async def op(conn: AsyncConnection) -> None:
            await conn.execute(delete(revocations).where(revocations.c.kind == kind, revocations.c.key == key))
            await conn.execute(revocations.insert().values(kind=kind, key=key, at=at))
        return self.op(op)

    # --- reads ------------------------------------------------------------------------------------
    async def revocations(self, now: float) -> list[tuple[str, str, float]]:
        """Revocations still in force (revoked tokens that have not expired anyway, players' log-outs)."""
        async with self.engine.connect() as conn:
            res = await conn.execute(select(revocations.c.kind, revocations.c.key, revocations.c.at)
                                     .where((revocations.c.kind == "player") | (revocations.c.at >= now)))
            return [(k, key, at) for k, key, at in res]

    async def room_exists(self, code: str) -> bool:
        async with self.engine.connect() as conn:
            return (await conn.execute(select(rooms.c.code).where(rooms.c.code == code))).first() is not None

    async def room(self, code: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(rooms).where(rooms.c.code == code))).mappings().first()
        return dict(row) if row else None

    async def unfinished_rooms(self) -> list[str]:
        async with self.engine.connect() as conn:
            res = await conn.execute(select(rooms.c.code).where(rooms.c.status.not_in(["finished", "dissolved"]))
                                     .order_by(rooms.c.created_at))
            return [r[0] for r in res]

    async def events(self, code: str) -> list[tuple[int, journal.AnyRecord]]:
        """The room's log in order: (its index, the record); a row that does not read raises JournalError."""
        async with self.engine.connect() as conn:
            res = await conn.execute(select(room_events.c.idx, room_events.c.kind, room_events.c.data)
                                     .where(room_events.c.room_code == code).order_by(room_events.c.idx))
            return [(idx, journal.decode(kind, data)) for idx, kind, data in res]

    async def seat_records(self, code: str) -> list[journal.Seat | journal.Leave]:
        """The room's ``seat`` and ``leave`` records in order (who sat where, for rooms not in memory)."""
        async with self.engine.connect() as conn:
            res = await conn.execute(select(room_events.c.kind, room_events.c.data)
                                     .where(room_events.c.room_code == code, room_events.c.kind.in_(["seat", "leave"]))
                                     .order_by(room_events.c.idx))
            found = (journal.decode(kind, data) for kind, data in res)
            return [r for r in found if isinstance(r, journal.Seat | journal.Leave)]

    async def hands(self, code: str) -> list[dict[str, Any]]:
        async with self.engine.connect() as conn:
            res = await conn.execute(select(hands).where(hands.c.room_code == code).order_by(hands.c.hand_no))
            return [dict(r) for r in res.mappings()]

    async def hand(self, code: str, hand_no: int) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(hands).where(hands.c.room_code == code, hands.c.hand_no == hand_no))
                   ).mappings().first()
        return dict(row) if row else None

    async def player(self, player_id: str) -> dict[str, Any] | None:
        async with self.engine.connect() as conn:
            row = (await conn.execute(select(players).where(players.c.player_id == player_id))).mappings().first()
            if row is None:
                return None
            agg = (await conn.execute(
                select(func.count(), func.coalesce(func.sum(hand_seats.c.total), 0),
                       func.coalesce(func.sum(func.cast(hand_seats.c.won, type_=hand_seats.c.total.type)), 0))
                .where(hand_seats.c.player_id == player_id))).first()
            per_room = await conn.execute(
                select(hand_seats.c.room_code, hand_seats.c.seat, func.sum(hand_seats.c.total),
                       rooms.c.ruleset, rooms.c.status,
                       func.sum(func.cast(hand_seats.c.won, type_=hand_seats.c.total.type)),
                       rooms.c.created_at, rooms.c.updated_at, rooms.c.settings)
                .join(rooms, rooms.c.code == hand_seats.c.room_code)
                .where(hand_seats.c.player_id == player_id)
                .group_by(hand_seats.c.room_code, hand_seats.c.seat, rooms.c.ruleset, rooms.c.status,
                          rooms.c.created_at, rooms.c.updated_at, rooms.c.settings)
                .order_by(rooms.c.updated_at.desc()))
            # "public" is for the caller to filter on (a private room is shown to its own player only)
            room_list = [{"code": c, "seat": s, "total": int(t), "ruleset": rs, "status": st, "wins": int(w or 0),
                          "created_at": ca, "updated_at": ua, "public": bool(json.loads(settings).get("public", True))}
                         for c, s, t, rs, st, w, ca, ua, settings in per_room]
        assert agg is not None
        return {"player_id": row["player_id"], "name": row["name"], "hands": int(agg[0]), "total": int(agg[1]),
                "wins": int(agg[2]), "rooms": room_list}


# A batch of records on PostgreSQL in one round trip and one implicit transaction. The CTE reads the
# owners' epochs of the fenced tables FOR SHARE (the lock a claim's raise of the epoch waits for; a claim
# in flight is waited for and its new epoch read) and the insert writes the rows only if every epoch is
# the one given ($1, $2: the fenced codes and this node's epochs; $3..$6 the rows' columns). The statement
# returns the epochs found, so the caller names the stale tables; when one is stale nothing is written.
_APPEND_PG = """
WITH fence AS MATERIALIZED (
    SELECT code, epoch FROM room_owners WHERE code = ANY($1::varchar[]) FOR SHARE
), ins AS (
    INSERT INTO room_events (room_code, idx, kind, data)
    SELECT * FROM unnest($3::varchar[], $4::int[], $5::varchar[], $6::text[])
    WHERE (SELECT count(*) FROM fence JOIN unnest($1::varchar[], $2::int[]) AS mine (code, epoch)
           USING (code, epoch)) = cardinality($1::varchar[])
)
SELECT code, epoch FROM fence
"""
_APPEND_SQLITE = "INSERT INTO room_events (room_code, idx, kind, data) VALUES (?, ?, ?, ?)"


async def _noop(conn: AsyncConnection) -> None:
    return None
