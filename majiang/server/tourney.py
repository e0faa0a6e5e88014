"""The tournament runner (docs/tournaments.md): once a second it moves every live event on.

Everything it decides is in the database before it acts on it, so a kill -9 at any point resumes: a
registering event starts when its time comes (or when full); a round is written — its seating, the
hashes of its walls and the room code of each table — in one transaction, and only then are its rooms
opened and seated; a restarted runner opens whichever of them is missing (the rooms themselves are
rebuilt from their logs like any table). When every table of the round has finished, their totals
and 托管 shares are written, the round's seeds are revealed, and the next round is seated by the
standings (or the event ends).

Tournament tables are rooms with a ``duplicate`` create record (majiang/server/table_state.py): the table deals
its round's walls, every seat stays its player's (an absent player is played by 托管 and marked), no
one leaves, votes it dissolved or watches, and the seed is shown to no one until the round is over.
With several nodes one node runs the events at a time (a Redis lock, as quick match does)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from typing import Any

import msgspec

from majiang.backend import journal
from majiang.backend.protocol import RoomSettings
from majiang.platform import swiss
from majiang.platform.tournaments import Tournaments
from majiang.server.table_registry import new_code
from majiang.server.table_state import SEATS

log = logging.getLogger("majiang.server.tourney")
ROUND_SECONDS = 1.0
MIN_PLAYERS = 2  # fewer checked in at the start time: the event is cancelled


def table_settings(settings: dict[str, Any], hands: int) -> RoomSettings:
    """A tournament table's room settings: the event's clocks, its hands per round; private, unwatched
    (a spectator would see a wall the other tables are yet to play), never ranked (the standings are
    the event's own)."""
    s = msgspec.convert(settings, RoomSettings)
    return msgspec.structs.replace(s, hands=hands, public=False, watch=False, ranked=False)


class Runner:
    def __init__(self, server: Any) -> None:
        self.server = server
        self.events = Tournaments(server.store)
        self._task: asyncio.Task[None] | None = None
        self.wake = asyncio.Event()  # a start or a check-in: look now rather than at the next second
        self.lock = asyncio.Lock()  # one step at a time (the loop's, or a start asked for over REST)

    def start(self) -> None:
        self._task = asyncio.create_task(self._loop())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task

    async def _loop(self) -> None:
        while True:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.wake.wait(), ROUND_SECONDS)
            self.wake.clear()
            try:
                if await self._lead():
                    async with self.lock:
                        await self.step()
            except Exception:
                log.exception("tournament step failed")

    async def _lead(self) -> bool:
        cluster = self.server.cluster
        if cluster is None:
            return True
        key, ttl = f"{self.server.settings.redis_prefix}tourney:runner", int(3000 * ROUND_SECONDS)
        if await cluster.redis.set(key, cluster.node_id, nx=True, px=ttl):
            return True
        holder = await cluster.redis.get(key)
        if holder is not None and (holder.decode() if isinstance(holder, bytes) else holder) == cluster.node_id:
            await cluster.redis.pexpire(key, ttl)
            return True
        return False

    async def step(self) -> None:
        now = time.time()
        for t in await self.events.active():
            if t["status"] == "registering":
                await self._maybe_start(t, now)
            else:
                await self._advance(t)

    # --- the start ------------------------------------------------------------------------------------
    async def _maybe_start(self, t: dict[str, Any], now: float, force: bool = False) -> None:
        async with self.server.store.engine.connect() as c:
            players = await self.events.players(t["tid"], c)
        ready = [p for p in players if p["checked_in"]]
        due = force or (t["start_at"] is not None and now >= t["start_at"]) or (
            t["start_at"] is None and len(ready) >= t["capacity"])
        if not due:
            return
        if len(ready) < MIN_PLAYERS:
            if not await self.events.set_status(t["tid"], "cancelled", expect="registering", finished_at=now):
                return
            log.warning("tournament %s cancelled: %d checked in", t["tid"], len(ready))
            return
        if not await self.events.set_status(t["tid"], "running", expect="registering", started_at=now):
            return  # cancelled meanwhile
        await self._start_round(t, 1)

    async def start_now(self, tid: str) -> None:
        async with self.lock:
            t = await self.events.row(tid)
            if t is not None and t["status"] == "registering":
                await self._maybe_start(t, time.time(), force=True)

    # --- rounds ---------------------------------------------------------------------------------------
    async def _start_round(self, t: dict[str, Any], round_no: int) -> None:
        tid = t["tid"]
        async with self.server.store.engine.connect() as c:
            players = [p for p in await self.events.players(tid, c) if p["checked_in"]]
            done = [x for x in await self.events.tables(tid, c) if x["finished"]]
        names = {p["player_id"]: p["name"] for p in players}
        if round_no == 1:  # by rating, then who registered first
            order = [p["player_id"] for p in sorted(players, key=lambda p: (-p["rating"], p["registered_at"]))]
        else:
            order = [s.player_id for s in swiss.standings(names, done)]
        groups = swiss.seat_tables(order, swiss.met_of(done))
        seeds, match_seed = swiss.new_seeds(t["hands"])
        rng = random.SystemRandom()
        tables = []
        for group in groups:
            seats: list[dict[str, Any]] = [{"player_id": p, "name": names[p]} for p in group]
            seats += [{"bot": True, "name": f"Bot {i + 1}"} for i in range(SEATS - len(group))]
            rng.shuffle(seats)  # who sits where (and so who deals first) is not the standings' order
            code = new_code()
            while await self.server.store.room_exists(code) or await self.server.registry.get(code) is not None:
                code = new_code()
            tables.append((code, seats))
        await self.events.add_round(tid, round_no, seeds, match_seed, tables)
        log.warning("tournament %s: round %d seated at %d tables", tid, round_no, len(tables))
        await self._open_tables(t, round_no)

    async def _open_tables(self, t: dict[str, Any], round_no: int) -> None:
        """Open and seat every table of the round that is not open yet (after a crash: the missing ones)."""
        from majiang.server.rest import open_room  # the REST module opens rooms; it imports the routes

        rnd = await self.events.round_row(t["tid"], round_no)
        assert rnd is not None
        seeds = json.loads(rnd["seeds"])
        async with self.server.store.engine.connect() as c:
            tables = await self.events.tables(t["tid"], c, round_no)
        for x in tables:
            code = x["room"]
            table = await self.server.registry.get(code)
            if table is None:
                if await self.server.store.room_exists(code):
                    continue  # opened before a restart: rebuilt from its log (or finished)
                duplicate = {"tid": t["tid"], "round": round_no, "table": x["table"], "seeds": seeds,
                             "match_seed": rnd["match_seed"]}
                table = await open_room(self.server, t["ruleset"], t["options"],
                                        table_settings(t["settings"], t["hands"]), f"tournament:{t['tid']}",
                                        code=code, duplicate=duplicate)
            async with table.lock:
                st = table.state
                if st.status != "waiting" or st.match is not None:
                    continue
                records: list[journal.AnyRecord] = []
                for i, s in enumerate(x["seats"]):
                    if st.seats[i].occupied:
                        continue
                    if s.get("bot"):
                        records.append(journal.Seat(seat=i, player_id=None, name=s["name"], bot=table.bot_name))
                    else:
                        records.append(journal.Seat(seat=i, player_id=s["player_id"], name=s["name"]))
                if records:
                    await table.commit(*records)
                for i, s in enumerate(st.seats):
                    if s.human:
                        table.await_connection(i)  # absent after the grace: 托管 plays the seat
                await table.settle(room=True, hand=False)

    async def _advance(self, t: dict[str, Any]) -> None:
        tid, round_no = t["tid"], t["round_no"]
        async with self.server.store.engine.connect() as c:
            tables = await self.events.tables(tid, c, round_no)
        if not tables:  # the round was never written (a crash in between): seat it now
            await self._start_round(t, round_no or 1)
            return
        open_now = False
        for x in tables:
            if x["finished"]:
                continue
            room = await self.server.store.room(x["room"])
            if room is None:
                open_now = True
                continue
            if room["status"] not in ("finished", "dissolved"):
                continue
            totals = json.loads(room["totals"]) if isinstance(room["totals"], str) else list(room["totals"])
            await self.events.finish_table(tid, round_no, x["table"], totals, await self._shares(x["room"]))
            x["finished"] = True
        if open_now:
            await self._open_tables(t, round_no)
            return
        if not all(x["finished"] for x in tables):
            return
        last = round_no >= t["rounds"]
        await self.events.reveal(tid, round_no, last)
        log.warning("tournament %s: round %d over%s", tid, round_no, " — the event is over" if last else "")
        if not last:
            await self._start_round(t, round_no + 1)

    async def _shares(self, code: str) -> list[float]:
        """Each seat's share of its actions 托管 took (more than half is marked), from the room's log."""
        from majiang.server.recovery import rebuild

        try:
            st = (await rebuild(self.server.store, code)).state
        except Exception:
            log.exception("tournament table %s: could not count its 托管 actions", code)
            return [0.0] * SEATS
        return [round(a / n, 3) if n else (1.0 if st.seats[i].human else 0.0)
                for i, (a, n) in enumerate(zip(st.auto_acts, st.acts, strict=True))]

