"""Tournaments in the database: the event, its players (registered, checked in), each round's
commitment to its walls and each round's tables (docs/tournaments.md). The runner that moves them on
is majiang/server/tourney.py; the arithmetic (seating, standings, verification) majiang/platform/swiss.py.

A round's seeds are written with the round and served only once it is over (``revealed``); until then
anyone may read their hashes, which is the commitment."""

from __future__ import annotations

import json
import secrets
import time
from typing import Any

from sqlalchemy import and_, delete, func, insert, select, update

from majiang.backend.platform_schema import tournament_players, tournament_rounds, tournament_tables, tournaments
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import hands as hands_table
from majiang.backend.store import Store
from majiang.platform import swiss

STATUSES = ("registering", "running", "finished", "cancelled")
ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"


class TournamentError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


def new_tid() -> str:
    return "T" + "".join(secrets.choice(ALPHABET) for _ in range(7))


def _row(r: Any) -> dict[str, Any]:
    d = dict(r._mapping)
    for k in ("options", "settings"):
        if k in d and isinstance(d[k], str):
            d[k] = json.loads(d[k])
    return d


class Tournaments:
    def __init__(self, store: Store) -> None:
        self.store = store

    # --- reads ------------------------------------------------------------------------------------
    async def row(self, tid: str, conn: AsyncConnection | None = None) -> dict[str, Any] | None:
        q = select(tournaments).where(tournaments.c.tid == tid)
        if conn is not None:
            r = (await conn.execute(q)).first()
        else:
            async with self.store.engine.connect() as c:
                r = (await c.execute(q)).first()
        return _row(r) if r is not None else None

    async def active(self) -> list[dict[str, Any]]:
        async with self.store.engine.connect() as c:
            rows = (await c.execute(select(tournaments).where(
                tournaments.c.status.in_(("registering", "running"))))).all()
        return [_row(r) for r in rows]

    async def listing(self, clubs: list[str], limit: int = 50) -> list[dict[str, Any]]:
        """The operator's events and those of the given clubs, newest first, with how many registered."""
        count = (select(func.count()).select_from(tournament_players)
                 .where(tournament_players.c.tid == tournaments.c.tid).scalar_subquery())
        visible: Any = tournaments.c.club_id.is_(None)
        if clubs:
            visible = visible | tournaments.c.club_id.in_(clubs)
        async with self.store.engine.connect() as c:
            rows = (await c.execute(select(tournaments, count.label("registered")).where(visible)
                                    .order_by(tournaments.c.created_at.desc()).limit(limit))).all()
        return [self.summary(_row(r)) | {"registered": int(r.registered)} for r in rows]

    @staticmethod
    def summary(t: dict[str, Any]) -> dict[str, Any]:
        out = {k: t[k] for k in ("tid", "name", "club_id", "ruleset", "options", "rounds", "hands", "capacity",
                                 "start_at", "status", "round_no", "created_at", "started_at", "finished_at")}
        out["rounds_total"] = t["rounds"]  # (the detail's "rounds" is the list of rounds played)
        return out

    async def players(self, tid: str, conn: AsyncConnection) -> list[dict[str, Any]]:
        rows = (await conn.execute(select(tournament_players).where(tournament_players.c.tid == tid)
                                   .order_by(tournament_players.c.registered_at))).all()
        return [dict(r._mapping) for r in rows]

    async def tables(self, tid: str, conn: AsyncConnection, round_no: int | None = None) -> list[dict[str, Any]]:
        q = select(tournament_tables).where(tournament_tables.c.tid == tid)
        if round_no is not None:
            q = q.where(tournament_tables.c.round_no == round_no)
        rows = (await conn.execute(q.order_by(tournament_tables.c.round_no, tournament_tables.c.table_no))).all()
        out = []
        for r in rows:
            d = dict(r._mapping)
            out.append({"round": d["round_no"], "table": d["table_no"], "room": d["room_code"],
                        "seats": json.loads(d["seats"]), "finished": bool(d["finished"]),
                        "totals": json.loads(d["totals"]) if d["totals"] else None,
                        "tuoguan": json.loads(d["tuoguan"]) if d["tuoguan"] else None})
        return out

    async def rounds(self, tid: str, conn: AsyncConnection) -> list[dict[str, Any]]:
        rows = (await conn.execute(select(tournament_rounds).where(tournament_rounds.c.tid == tid)
                                   .order_by(tournament_rounds.c.round_no))).all()
        return [dict(r._mapping) for r in rows]

    async def sealed(self, room_code: str) -> bool:
        """The room is a table of a round not over yet: its seeds, replays and hand views wait."""
        async with self.store.engine.connect() as c:
            r = (await c.execute(select(tournament_rounds.c.revealed).select_from(
                tournament_tables.join(tournament_rounds, and_(
                    tournament_rounds.c.tid == tournament_tables.c.tid,
                    tournament_rounds.c.round_no == tournament_tables.c.round_no)))
                .where(tournament_tables.c.room_code == room_code))).first()
        return r is not None and not r[0]

    async def detail(self, tid: str) -> dict[str, Any] | None:
        """Everything public of an event: its players, each round's commitment (and its seeds once
        over), the tables with their seats and results, and the standings after the last finished round."""
        async with self.store.engine.connect() as c:
            t = await self.row(tid, c)
            if t is None:
                return None
            players = await self.players(tid, c)
            rounds = await self.rounds(tid, c)
            tables = await self.tables(tid, c)
        # before the start everyone registered stands at 0; from the start, those who checked in
        names = {p["player_id"]: p["name"] for p in players if p["checked_in"] or t["status"] == "registering"}
        done = [x for x in tables if x["finished"]]
        shown_rounds = []
        for r in rounds:
            shown_rounds.append({
                "round": r["round_no"], "hashes": json.loads(r["hashes"]), "revealed": bool(r["revealed"]),
                "seeds": json.loads(r["seeds"]) if r["revealed"] else None,
                "match_seed": r["match_seed"] if r["revealed"] else None,
                "started_at": r["started_at"], "finished_at": r["finished_at"],
                "tables": [x for x in tables if x["round"] == r["round_no"]]})
        return {**self.summary(t), "settings": t["settings"], "created_by": t["created_by"],
                "players": [{"player_id": p["player_id"], "name": p["name"], "checked_in": bool(p["checked_in"]),
                             "rating": round(p["rating"])} for p in players],
                "rounds": shown_rounds,
                "standings": [s.json() for s in swiss.standings(names, done)],
                "tiebreaks": ["points", "firsts", "opponents", "best", "player_id"]}

    async def record(self, tid: str) -> dict[str, Any] | None:
        """The verification record: every round's commitment and, once revealed, its seeds and every
        table's hands with the seed each was dealt from and the hash announced at its deal."""
        d = await self.detail(tid)
        if d is None:
            return None
        async with self.store.engine.connect() as c:
            for r in d["rounds"]:
                for t in r["tables"]:
                    if not r["revealed"]:
                        t["hands"] = []
                        continue
                    rows = (await c.execute(select(hands_table.c.hand_no, hands_table.c.seed, hands_table.c.seed_hash)
                                            .where(hands_table.c.room_code == t["room"])
                                            .order_by(hands_table.c.hand_no))).all()
                    t["hands"] = [{"hand_no": h.hand_no, "seed": h.seed, "seed_hash": h.seed_hash} for h in rows]
        return {"tid": tid, "hands": d["hands"], "rounds": d["rounds"]}

    # --- writes -------------------------------------------------------------------------------------
    async def create(self, *, name: str, club_id: str | None, created_by: str, ruleset: str,
                     options: dict[str, Any], settings: dict[str, Any], rounds: int, hands: int, capacity: int,
                     start_at: float | None) -> str:
        tid = new_tid()
        async with self.store.engine.begin() as c:
            while (await c.execute(select(tournaments.c.tid).where(tournaments.c.tid == tid))).first():
                tid = new_tid()
            await c.execute(insert(tournaments).values(
                tid=tid, name=name, club_id=club_id, created_by=created_by, ruleset=ruleset,
                options=json.dumps(options), settings=json.dumps(settings), rounds=rounds, hands=hands,
                capacity=capacity, start_at=start_at, status="registering", round_no=0, created_at=time.time()))
        return tid

    async def register(self, tid: str, player_id: str, name: str, rating: float) -> None:
        async with self.store.engine.begin() as c:
            t = await self._registering(tid, c)
            have = (await c.execute(select(func.count()).select_from(tournament_players)
                                    .where(tournament_players.c.tid == tid))).scalar_one()
            mine = (await c.execute(select(tournament_players.c.player_id).where(
                tournament_players.c.tid == tid, tournament_players.c.player_id == player_id))).first()
            if mine is not None:
                raise TournamentError(409, "registered", "you are registered already")
            if have >= t["capacity"]:
                raise TournamentError(409, "full", f"the tournament is full ({t['capacity']} players)")
            await c.execute(insert(tournament_players).values(tid=tid, player_id=player_id, name=name,
                                                              registered_at=time.time(), checked_in=False,
                                                              rating=rating))

    async def unregister(self, tid: str, player_id: str) -> None:
        async with self.store.engine.begin() as c:
            await self._registering(tid, c)
            gone = await c.execute(delete(tournament_players).where(tournament_players.c.tid == tid,
                                                                    tournament_players.c.player_id == player_id))
            if not gone.rowcount:
                raise TournamentError(409, "not_registered", "you are not registered")

    async def check_in(self, tid: str, player_id: str) -> None:
        async with self.store.engine.begin() as c:
            await self._registering(tid, c)
            done = await c.execute(update(tournament_players).where(
                tournament_players.c.tid == tid, tournament_players.c.player_id == player_id).values(checked_in=True))
            if not done.rowcount:
                raise TournamentError(409, "not_registered", "register first, then check in")

    async def _registering(self, tid: str, c: AsyncConnection) -> dict[str, Any]:
        # A no-op write to the event's row first: it takes that row's lock (PostgreSQL) or the write lock
        # (SQLite, whose reads would otherwise run outside the transaction), so registrations, check-ins
        # and the start of one event happen one at a time: two at once overfilled the capacity.
        await c.execute(update(tournaments).where(tournaments.c.tid == tid).values(status=tournaments.c.status))
        t = await self.row(tid, c)
        if t is None:
            raise TournamentError(404, "not_found", f"no tournament {tid}")
        if t["status"] != "registering":
            raise TournamentError(409, "not_now", f"the tournament is {t['status']}: registration is closed")
        return t

    async def set_status(self, tid: str, status: str, *, expect: str | None = None, **values: Any) -> bool:
        """Whether it was set (``expect``: only from that status, so a cancel and a start at once
        cannot both win)."""
        cond = tournaments.c.tid == tid
        if expect is not None:
            cond = cond & (tournaments.c.status == expect)
        async with self.store.engine.begin() as c:
            done = await c.execute(update(tournaments).where(cond).values(status=status, **values))
        return bool(done.rowcount)

    async def add_round(self, tid: str, round_no: int, seeds: list[str], match_seed: str,
                        tables: list[tuple[str, list[dict[str, Any]]]]) -> None:
        """The round, its commitment and its tables in one transaction (the rooms are opened after it)."""
        async with self.store.engine.begin() as c:
            await c.execute(insert(tournament_rounds).values(
                tid=tid, round_no=round_no, hashes=json.dumps(swiss.commitment(seeds, match_seed)),
                seeds=json.dumps(seeds), match_seed=match_seed, revealed=False, started_at=time.time()))
            await c.execute(insert(tournament_tables), [
                {"tid": tid, "round_no": round_no, "table_no": i, "room_code": code, "seats": json.dumps(seats),
                 "totals": None, "tuoguan": None, "finished": False} for i, (code, seats) in enumerate(tables)])
            await c.execute(update(tournaments).where(tournaments.c.tid == tid).values(round_no=round_no))

    async def round_row(self, tid: str, round_no: int) -> dict[str, Any] | None:
        async with self.store.engine.connect() as c:
            r = (await c.execute(select(tournament_rounds).where(tournament_rounds.c.tid == tid,
                                                                 tournament_rounds.c.round_no == round_no))).first()
        return dict(r._mapping) if r is not None else None

    async def finish_table(self, tid: str, round_no: int, table_no: int, totals: list[int],
                           tuoguan: list[float]) -> None:
        async with self.store.engine.begin() as c:
            await c.execute(update(tournament_tables).where(
                tournament_tables.c.tid == tid, tournament_tables.c.round_no == round_no,
                tournament_tables.c.table_no == table_no).values(
                totals=json.dumps(totals), tuoguan=json.dumps(tuoguan), finished=True))

    async def reveal(self, tid: str, round_no: int, last: bool) -> None:
        """The round is over: its seeds are public, and the event is over after its last round."""
        now = time.time()
        async with self.store.engine.begin() as c:
            await c.execute(update(tournament_rounds).where(tournament_rounds.c.tid == tid,
                                                            tournament_rounds.c.round_no == round_no)
                            .values(revealed=True, finished_at=now))
            if last:
                await c.execute(update(tournaments).where(tournaments.c.tid == tid)
                                .values(status="finished", finished_at=now))
