"""One node of several: owns some tables (leases renewed, epochs fenced), takes over orphaned ones.

* A table created here is claimed before it is served (:class:`ClusterRegistry.add`).
* Every ``renew_seconds`` the node renews its leases; a lease someone else holds means the table was
  taken over: it is dropped here (:meth:`LiveTable.hand_over`). A lease that vanished (Redis restarted) is
  set again only if this node's fencing epoch is still the current one.
* Every ``scan_seconds`` it looks for unfinished rooms whose lease is missing on two scans in a row
  (the owner died, or has not re-set it after a Redis restart) and claims them: Redis lease, then a new
  epoch in PostgreSQL, then the table is rebuilt from its log (the engine is deterministic) and its
  clocks and bots restart. A request for such a room claims it at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from typing import Any

import httpx
from redis.asyncio import BlockingConnectionPool, Redis

from majiang.backend import journal
from majiang.backend.store import Store
from majiang.server.cluster.fencing import claim_epoch, current_epoch
from majiang.server.cluster.lease import Leases
from majiang.server.cluster.routing import HOP, hop_value
from majiang.server.live_table import LiveTable
from majiang.server.recovery import rebuild
from majiang.server.revocation import close_revoked
from majiang.server.table_registry import MemoryRegistry

log = logging.getLogger("majiang.server.cluster")

LEASE_MS = 4000  # a dead owner's tables are claimed ≤ LEASE_MS + 2 scans after its last renewal
RENEW_SECONDS = 1.0
SCAN_SECONDS = 1.0


class NotOwner(Exception):
    pass


class Cluster:
    def __init__(self, store: Store, redis_url: str, prefix: str, node_id: str, url: str,
                 bot_name: str, idle_seconds: float) -> None:
        self.store = store
        self.node_id = node_id
        self.url = url  # this node's internal address (other nodes forward to it)
        # A bounded pool that waits for a free connection (never "too many connections" under a burst)
        pool = BlockingConnectionPool.from_url(redis_url, max_connections=32, timeout=5, socket_timeout=2,
                                               socket_connect_timeout=2, health_check_interval=5)
        self.redis = Redis(connection_pool=pool)
        self.leases = Leases(self.redis, prefix, node_id, LEASE_MS)
        self.registry = ClusterRegistry(self)
        self.bot_name = bot_name
        self.idle_seconds = idle_seconds
        self._tasks: list[asyncio.Task[None]] = []
        self._missing: set[str] = set()  # rooms seen without a lease on the last scan
        self._claiming: dict[str, asyncio.Future[LiveTable | None]] = {}
        self.takeovers = 0
        # Tables this node relays clients to: code -> (relays open, the lease holder last seen), refreshed
        # for all of them in one round trip a second (not one query per relayed connection)
        self.relayed: dict[str, list[object]] = {}
        self.revocations: Any = None  # the node's Guard.revocations: refreshed from the shared store
        self._http: httpx.AsyncClient | None = None  # asks the other nodes what a player holds (quotas)

    async def start(self) -> None:
        await self.leases.register(self.url)
        self._tasks = [asyncio.create_task(self._every(RENEW_SECONDS, self._renew)),
                       asyncio.create_task(self._every(SCAN_SECONDS, self._scan))]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        with contextlib.suppress(Exception):
            for code in list(self.leases.tokens):
                await self.leases.release(code)
            await self.leases.unregister()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        if self._http is not None:
            await self._http.aclose()

    async def _every(self, seconds: float, fn: object) -> None:
        while True:
            await asyncio.sleep(seconds)
            try:
                await fn()  # type: ignore[operator]
            except Exception as e:  # Redis or the database away for a moment: try again next time
                log.warning("node %s: %s failed: %r", self.node_id, getattr(fn, "__name__", fn), e)

    # --- owning -----------------------------------------------------------------------------------
    async def claim(self, code: str) -> bool:
        """Lease, then a new fencing epoch (which refuses every later write of the previous owner)."""
        if not await self.leases.acquire(code):
            return False
        await claim_epoch(self.store, code, self.node_id)
        return True

    def drop(self, table: LiveTable) -> None:
        """The table is owned elsewhere now: never write it from here again, close its connections."""
        self.store.fence[table.code] = -1  # no epoch is -1: any write still queued is refused
        self.leases.tokens.pop(table.code, None)
        table.hand_over()

    async def adopt(self, code: str) -> LiveTable | None:
        """Claim an orphaned room and rebuild it from the log; None if another node got it first."""
        if code in self._claiming:
            return await asyncio.shield(self._claiming[code])
        fut: asyncio.Future[LiveTable | None] = asyncio.get_running_loop().create_future()
        self._claiming[code] = fut
        try:
            table = None
            if await self.claim(code):
                table = await rebuild(self.store, code, self.bot_name, self.idle_seconds)
                if table.state.status in ("finished", "dissolved"):
                    await self.leases.release(code)
                    self.store.fence.pop(code, None)
                    table = None
                else:
                    if table.state.vote is not None:  # nobody could answer it in time: as after a restart
                        await table.commit(journal.VoteEnd(result="restart"))
                    await self.registry.add(table)
                    table.start_after_recovery()
                    self.takeovers += 1
                    log.warning("node %s took over room %s at seq %d", self.node_id, code, table.state.seq)
            fut.set_result(table)
            return table
        except BaseException as e:
            fut.set_exception(e)
            fut.exception()  # retrieved: only awaiters care
            await self.leases.release(code)
            raise
        finally:
            del self._claiming[code]

    def relay_opened(self, code: str, holder: str) -> None:
        entry = self.relayed.setdefault(code, [0, holder])
        entry[0] = int(entry[0]) + 1  # type: ignore[call-overload]

    def relay_closed(self, code: str) -> None:
        entry = self.relayed.get(code)
        if entry is not None:
            entry[0] = int(entry[0]) - 1  # type: ignore[call-overload]
            if entry[0] <= 0:  # type: ignore[operator]
                del self.relayed[code]

    def still_owner(self, code: str, node_id: str) -> bool:
        """Does ``node_id`` still hold the lease as last seen? (Nobody holding it counts as yes: the lease
        expired or Redis restarted; its owner sets it again or a new owner claims it.)"""
        entry = self.relayed.get(code)
        return entry is None or entry[1] in (node_id, None)

    async def _renew(self) -> None:
        await self.leases.register(self.url)
        if self.relayed:
            codes = list(self.relayed)
            for code, holder in zip(codes, await self.leases.holders(codes), strict=True):
                if code in self.relayed:
                    self.relayed[code][1] = holder
        tables = {t.code: t for t in await self.registry.all() if t.code in self.leases.tokens}
        for code, result in (await self.leases.renew(list(tables))).items():
            if result == 1:
                continue
            table = tables[code]
            if result == 0 and await current_epoch(self.store, code) == self.store.fence.get(code) \
                    and await self.redis.set(self.leases.key(code), self.leases.tokens[code], nx=True,
                                             px=self.leases.ttl_ms):
                continue  # Redis lost the key (restarted) and nobody claimed the table meanwhile
            log.warning("node %s: lost the lease of room %s; dropping it here", self.node_id, code)
            self.drop(table)

    async def _scan(self) -> None:
        if self.revocations is not None:  # a token revoked (or a log-out) on another node counts here too
            learned = False
            for kind, key, at in await self.store.revocations(time.time()):
                known = self.revocations.tokens if kind == "token" else self.revocations.players
                merged = max(at, known.get(key, at))
                learned = learned or known.get(key) != merged
                known[key] = merged
            if learned:  # the sockets this node serves with a token revoked elsewhere close now
                await close_revoked(self.registry, self.revocations)
        local = {t.code for t in await self.registry.all()}
        codes = [c for c in await self.store.unfinished_rooms() if c not in local and c not in self._claiming]
        holders = await self.leases.holders(codes)
        missing = {c for c, h in zip(codes, holders, strict=True) if h is None}
        ready, self._missing = list(missing & self._missing), missing
        random.shuffle(ready)  # several nodes scanning at once split the orphans between them
        for code in ready:
            try:
                await self.adopt(code)
            except Exception:
                log.exception("node %s: could not take over room %s", self.node_id, code)

    # --- quotas ---------------------------------------------------------------------------------
    async def held_elsewhere(self, player_id: str, secret: str) -> tuple[int, int]:
        """(rooms created, seats held) by ``player_id`` in the open tables of the other live nodes
        (majiang/server/quotas.py); a node that does not answer within two seconds is left out."""
        others = [url for node, url in (await self.leases.nodes()).items() if node != self.node_id]
        if not others:
            return 0, 0
        if self._http is None:
            self._http = httpx.AsyncClient(timeout=2, trust_env=False)  # node to node: never via a proxy
        http = self._http

        async def ask(url: str) -> httpx.Response:
            # two seconds in all for each node (httpx's timeout bounds each phase, not the whole)
            return await asyncio.wait_for(http.get(f"{url}/api/cluster/held", params={"player_id": player_id},
                                                   headers={HOP: hop_value(secret)}), 2.0)

        answers = await asyncio.gather(*(ask(url) for url in others), return_exceptions=True)
        rooms = seats = 0
        for a in answers:
            if isinstance(a, httpx.Response) and a.status_code == 200:
                got = a.json()
                rooms, seats = rooms + int(got["rooms"]), seats + int(got["seats"])
        return rooms, seats

    # --- routing --------------------------------------------------------------------------------
    async def owner_of(self, code: str) -> tuple[str, str] | None:
        """Where a request for ``code`` must go: (node id, its internal URL), or None = serve it here
        (ours, claimed just now, or no live table anywhere: the endpoint answers from the store)."""
        if await self.registry.get(code) is not None:
            return None
        holder = (await self.leases.holders([code]))[0]
        if holder == self.node_id:
            return None
        if holder is not None:
            url = await self.leases.url_of(holder)
            if url is not None:
                return holder, url
        room = await self.store.room(code)
        if room is not None and room["status"] not in ("finished", "dissolved"):  # orphaned: take it now
            await self.adopt(code)
        return None


class ClusterRegistry(MemoryRegistry):
    """This node's tables; a table is claimed (lease + epoch) before it is added."""

    def __init__(self, cluster: Cluster) -> None:
        super().__init__()
        self.cluster = cluster

    async def add(self, table: LiveTable) -> None:
        code = table.code
        if code not in self.cluster.leases.tokens and not await self.cluster.claim(code):
            raise NotOwner(f"room {code} is owned by another node")
        await super().add(table)
        forget = table.on_closed

        async def closed() -> None:
            if forget is not None:
                await forget()
            if self.cluster.store.fence.get(code, -1) != -1:  # closed normally (not handed over)
                self.cluster.store.fence.pop(code, None)
                with contextlib.suppress(Exception):
                    await self.cluster.leases.release(code)
        table.on_closed = closed
