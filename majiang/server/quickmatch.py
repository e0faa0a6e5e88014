"""Quick match (docs/server.md, "Quick match"): a player picks a ruleset and mode and presses one button;
the server seats four players of near rating, widening the window the longer they wait; with
``bots_after`` a player who waited that long is seated with whoever is near and bots (unrated).

Tickets live where every node sees them: in Redis with several nodes (a hash under the cluster's prefix),
in memory for one process. One node at a time matches (a Redis lock renewed each round; any node takes it
over when its holder dies): it opens the room (ranked when all four are accounts), seats everyone and
writes the room's code into their tickets; each player's page polls its ticket on whichever node it
reaches and goes to the room (relayed to the owner like any table)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import secrets
import time
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, TypedDict

from sqlalchemy import select

from majiang.backend import journal
from majiang.backend.platform_schema import ratings
from majiang.backend.protocol import RoomSettings
from majiang.platform.ratings import MODEL, mode_of
from majiang.server.services import Server

if TYPE_CHECKING:  # (only a cluster has Redis: a single node's start does not import it, ≈ 80 ms)
    from redis.asyncio import Redis

log = logging.getLogger("majiang.server.quickmatch")

BASE_WINDOW = 100.0  # rating points either side at once
WIDEN_PER_SECOND = 25.0  # and this much more per second waited
STALE_SECONDS = 20.0  # a ticket nobody asked about for this long is dropped (the page was closed)
ROUND_SECONDS = 1.0
HANDS = 8  # a quick-match room: 8 hands, the default clocks


class TicketView(TypedDict):
    """A ticket as its player's page polls it (docs/server.md, "Quick match")."""

    ticket: str
    ruleset: str
    mode: str
    status: str  # waiting | matched
    waited: float  # seconds
    window: int  # rating points either side
    rating: int
    bots_after: float | None
    room: str | None
    seat: int | None
    ranked: bool | None


@dataclass
class Ticket:
    id: str
    player_id: str
    name: str
    ruleset: str
    options: dict[str, object]  # the ruleset's options, parsed (Ruleset.options_dict())
    mode: str
    mu: float
    account: bool
    since: float
    bots_after: float | None = None
    seen: float = 0.0  # the last poll
    room: str | None = None
    seat: int | None = None
    ranked: bool | None = None

    def window(self, now: float) -> float:
        return BASE_WINDOW + WIDEN_PER_SECOND * max(0.0, now - self.since)

    def json(self, now: float) -> TicketView:
        return {"ticket": self.id, "ruleset": self.ruleset, "mode": self.mode, "status":
                "matched" if self.room else "waiting", "waited": round(now - self.since, 1),
                "window": round(self.window(now)), "rating": round(self.mu), "bots_after": self.bots_after,
                "room": self.room, "seat": self.seat, "ranked": self.ranked}


def pick(tickets: list[Ticket], now: float) -> tuple[list[Ticket], int] | None:
    """One table to seat: (its players, how many bots), or None. The longest-waiting ticket first; the
    three nearest ratings within its window (or theirs, whichever is wider); with fewer than four near
    enough, bots for the rest once it has waited its ``bots_after``."""
    waiting = sorted((t for t in tickets if t.room is None), key=lambda t: t.since)
    for first in waiting:
        group = [t for t in waiting if t is not first and (t.ruleset, t.mode) == (first.ruleset, first.mode)
                 and t.player_id != first.player_id]
        near = sorted((t for t in group if abs(t.mu - first.mu) <= max(first.window(now), t.window(now))),
                      key=lambda t: abs(t.mu - first.mu))
        if len(near) >= 3:
            return [first, *near[:3]], 0
        if first.bots_after is not None and now - first.since >= first.bots_after:
            return [first, *near], 3 - len(near)
    return None


class MemoryTickets:
    """One process: tickets in a dict."""

    def __init__(self) -> None:
        self.tickets: dict[str, Ticket] = {}

    async def put(self, t: Ticket) -> None:
        self.tickets[t.id] = t

    async def get(self, ticket_id: str) -> Ticket | None:
        return self.tickets.get(ticket_id)

    async def drop(self, ticket_id: str) -> None:
        self.tickets.pop(ticket_id, None)

    async def touch(self, ticket_id: str) -> None:
        t = self.tickets.get(ticket_id)
        if t is not None:
            t.seen = time.time()

    async def all(self) -> list[Ticket]:
        return list(self.tickets.values())

    async def lead(self) -> bool:
        return True


class RedisTickets:
    """Several nodes: tickets in a Redis hash, the matcher's turn a lock any node can take over."""

    def __init__(self, redis: Redis, prefix: str, node_id: str) -> None:
        self.redis, self.key, self.lock, self.node = redis, f"{prefix}qm:tickets", f"{prefix}qm:matcher", node_id
        # when each ticket was last asked about: a field of its own, so a poll never writes the ticket
        # back over the room the matcher just put in it
        self.seen = f"{prefix}qm:seen"

    async def put(self, t: Ticket) -> None:
        await self.redis.hset(self.key, t.id, json.dumps(asdict(t)))

    async def get(self, ticket_id: str) -> Ticket | None:
        raw = await self.redis.hget(self.key, ticket_id)
        return Ticket(**json.loads(raw)) if raw else None

    async def drop(self, ticket_id: str) -> None:
        await self.redis.hdel(self.key, ticket_id)
        await self.redis.hdel(self.seen, ticket_id)

    async def touch(self, ticket_id: str) -> None:
        await self.redis.hset(self.seen, ticket_id, str(time.time()))

    async def all(self) -> list[Ticket]:
        seen = {(k.decode() if isinstance(k, bytes) else k): float(v)
                for k, v in (await self.redis.hgetall(self.seen)).items()}
        out = [Ticket(**json.loads(v)) for v in (await self.redis.hgetall(self.key)).values()]
        for t in out:
            t.seen = max(t.seen, seen.get(t.id, 0.0))
        return out

    async def lead(self) -> bool:
        """This node matches this round: it holds (or just took) the lock, kept 3 rounds."""
        ttl = int(3000 * ROUND_SECONDS)
        if await self.redis.set(self.lock, self.node, nx=True, px=ttl):
            return True
        holder = await self.redis.get(self.lock)
        if holder is not None and (holder.decode() if isinstance(holder, bytes) else holder) == self.node:
            await self.redis.pexpire(self.lock, ttl)
            return True
        return False


class QuickMatch:
    def __init__(self, server: Server) -> None:
        self.server = server
        cluster = server.cluster
        self.tickets: MemoryTickets | RedisTickets = (
            RedisTickets(cluster.redis, server.settings.redis_prefix, cluster.node_id) if cluster is not None
            else MemoryTickets())
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _loop(self) -> None:
        while True:
            await asyncio.sleep(ROUND_SECONDS)
            try:
                if await self.tickets.lead():
                    await self.round()
            except Exception:
                log.exception("quick match round failed")

    # --- a player's ticket --------------------------------------------------------------------------
    async def join(self, player_id: str, name: str, ruleset: str, options: dict[str, object],
                   bots_after: float | None) -> Ticket:
        account = self.server.platform is not None and await self.server.platform.accounts.is_account(player_id)
        mode = mode_of(ruleset, options)
        mu = MODEL.mu
        async with self.server.store.engine.connect() as conn:
            row = (await conn.execute(select(ratings.c.mu).where(
                ratings.c.player_id == player_id, ratings.c.ruleset == ruleset, ratings.c.mode == mode))).first()
        if row is not None:
            mu = float(row[0])
        for old in await self.tickets.all():  # one ticket per player: a new one replaces the old
            if old.player_id == player_id and old.room is None:
                await self.tickets.drop(old.id)
        now = time.time()
        t = Ticket(id=secrets.token_hex(8), player_id=player_id, name=name, ruleset=ruleset, options=options,
                   mode=mode, mu=mu, account=account, since=now, bots_after=bots_after, seen=now)
        await self.tickets.put(t)
        return t

    async def poll(self, ticket_id: str, player_id: str) -> Ticket | None:
        t = await self.tickets.get(ticket_id)
        if t is None or t.player_id != player_id:
            return None
        await self.tickets.touch(t.id)
        return t

    async def cancel(self, ticket_id: str, player_id: str) -> bool:
        t = await self.tickets.get(ticket_id)
        if t is None or t.player_id != player_id or t.room is not None:
            return False
        await self.tickets.drop(ticket_id)
        return True

    # --- the matcher -------------------------------------------------------------------------------------
    async def round(self) -> None:
        now = time.time()
        tickets = await self.tickets.all()
        live = []
        for t in tickets:
            if t.room is not None and now - t.seen > STALE_SECONDS * 3:
                await self.tickets.drop(t.id)  # matched long ago: its page has gone to the room
            elif t.room is None and now - t.seen > STALE_SECONDS:
                await self.tickets.drop(t.id)  # the page stopped asking: the player left
            else:
                live.append(t)
        while (found := pick(live, now)) is not None:
            players, bots = found
            await self.seat(players, bots)
            live = [t for t in live if t.room is None]

    async def seat(self, players: list[Ticket], bots: int) -> None:
        """Open the room and seat the four (bots in the empty seats); ranked when four accounts."""
        from majiang.server.rest import open_room  # the REST module opens rooms; it imports this module's users

        first = players[0]
        ranked = bots == 0 and all(t.account for t in players)
        settings = RoomSettings(hands=HANDS, ranked=ranked)
        table = await open_room(self.server, first.ruleset, first.options, settings, first.player_id)
        async with table.lock:
            records: list[journal.AnyRecord] = [
                journal.Seat(seat=i, player_id=t.player_id, name=t.name) for i, t in enumerate(players)]
            records += [journal.Seat(seat=i, player_id=None, name=f"Bot {i + 1}", bot=table.bot_name)
                        for i in range(len(players), len(players) + bots)]
            await table.commit(*records)
            for i in range(len(players)):
                table.await_connection(i)  # a player whose page never comes loses the seat, as after a join
            await table.settle(room=True, hand=False)
        for i, t in enumerate(players):
            t.room, t.seat, t.ranked = table.code, i, ranked
            await self.tickets.put(t)
        log.warning("quick match: room %s for %s (+%d bots, %s)", table.code,
                    ", ".join(f"{t.name} {round(t.mu)}" for t in players), bots, "ranked" if ranked else "unrated")
