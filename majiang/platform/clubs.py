"""亲友圈 clubs: a club, its members with roles (owner / admin / member), join requests by invite code
that the owner or an admin approves, bans, its rooms (made from the club's preset), its 战绩 and board.

:meth:`Clubs.member` is the one place that decides whether a player is in a club: every club endpoint,
every club room (REST and websocket) and every club record asks it. A player who is not a member — an
outsider, someone whose request is pending, a banned member — is told the club does not exist (404),
so a probe learns nothing; a member without the role for an action gets 403."""

from __future__ import annotations

import json
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, case, delete, func, insert, select, update

from majiang.backend.platform_schema import club_members, club_rooms, clubs, hand_records, matches
from majiang.backend.replay_codes import ALPHABET
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import players
from majiang.backend.store import Store
from majiang.platform.records import since

ROLES = ("owner", "admin", "member")
NOT_FOUND = "no such club (or you are not a member)"
BOARD_SORTS = ("points", "hands", "wins", "self_draws")
NEGATIVE_TTL = 5.0  # seconds a "not a club room" answer is trusted (a club room is registered right after it opens)


class ClubError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


@dataclass(frozen=True)
class Member:
    club_id: str
    player_id: str
    role: str

    @property
    def manages(self) -> bool:
        return self.role in ("owner", "admin")


def text_problem(value: object, what: str, longest: int, lines: bool = False) -> tuple[str | None, str]:
    """(the cleaned text, "") or (None, why it is refused): no control or invisible characters."""
    if not isinstance(value, str):
        return None, f"{what} must be a string"
    value = unicodedata.normalize("NFKC", value).strip()
    allowed = "\n" if lines else ""
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") and ch not in allowed for ch in value):
        return None, f"{what} has invisible or control characters"
    if len(value) > longest or (not lines and not value):
        return None, f"{what} must be {0 if lines else 1}-{longest} characters"
    return value, ""


def new_invite_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(8))


class Clubs:
    def __init__(self, store: Store) -> None:
        self.store = store
        self._room_club: dict[str, str] = {}  # room code -> club (never changes once made)
        self._not_club: dict[str, float] = {}  # room code -> until when "not a club room" holds

    # --- who is in -------------------------------------------------------------------------------
    async def member(self, club_id: str, player_id: str | None, conn: AsyncConnection | None = None) -> Member | None:
        """The player's membership of the club, or None (not a member, pending, banned, no such club)."""
        if player_id is None:
            return None
        q = (select(club_members.c.role).join(clubs, clubs.c.club_id == club_members.c.club_id)
             .where(club_members.c.club_id == club_id, club_members.c.player_id == player_id,
                    club_members.c.status == "member"))
        if conn is not None:
            role = (await conn.execute(q)).scalar()
        else:
            async with self.store.engine.connect() as c:
                role = (await c.execute(q)).scalar()
        return Member(club_id, player_id, str(role)) if role else None

    async def require(self, club_id: str, player_id: str, manage: bool = False, owner: bool = False) -> Member:
        m = await self.member(club_id, player_id)
        if m is None:
            raise ClubError(404, "not_found", NOT_FOUND)
        if owner and m.role != "owner":
            raise ClubError(403, "forbidden", "only the club's owner may do that")
        if manage and not m.manages:
            raise ClubError(403, "forbidden", "only the club's owner or an admin may do that")
        return m

    async def club_of_room(self, code: str) -> str | None:
        """The club whose room this is (None: an ordinary room)."""
        if code in self._room_club:
            return self._room_club[code]
        if self._not_club.get(code, 0.0) > time.monotonic():
            return None
        async with self.store.engine.connect() as conn:
            club = (await conn.execute(select(club_rooms.c.club_id).where(club_rooms.c.room_code == code))).scalar()
        if club is None:
            if len(self._not_club) > 10000:
                self._not_club.clear()
            self._not_club[code] = time.monotonic() + NEGATIVE_TTL
            return None
        self._room_club[code] = str(club)
        return str(club)

    async def people(self, club_id: str, manage: bool = False) -> tuple[str, list[str]]:
        """The club's name and its members' ids (``manage``: only the owner and admins), for notices."""
        async with self.store.engine.connect() as conn:
            name = (await conn.execute(select(clubs.c.name).where(clubs.c.club_id == club_id))).scalar()
            q = select(club_members.c.player_id).where(club_members.c.club_id == club_id,
                                                       club_members.c.status == "member")
            if manage:
                q = q.where(club_members.c.role.in_(["owner", "admin"]))
            return str(name or ""), [r[0] for r in await conn.execute(q)]

    async def may_enter(self, code: str, player_id: str | None) -> bool:
        """Whether the player may see, join or watch room ``code`` (a club's room: its members only)."""
        club = await self.club_of_room(code)
        return club is None or await self.member(club, player_id) is not None

    # --- the club itself -----------------------------------------------------------------------------
    async def create(self, owner_id: str, name: object, description: object, ruleset: str,
                     options: dict[str, Any], settings: dict[str, Any], own_options: bool) -> dict[str, Any]:
        shown, problem = text_problem(name, "name", 32)
        if shown is None:
            raise ClubError(400, "bad_request", problem)
        about, problem = text_problem(description if description is not None else "", "description", 500, lines=True)
        if about is None:
            raise ClubError(400, "bad_request", problem)
        now = time.time()
        club_id = "c" + secrets.token_hex(6)
        async with self.store.engine.begin() as conn:
            mine = (await conn.execute(select(func.count()).select_from(clubs)
                                       .where(clubs.c.owner_id == owner_id))).scalar()
            if int(mine or 0) >= 10:
                raise ClubError(429, "quota", "you already own 10 clubs")
            await conn.execute(insert(clubs).values(
                club_id=club_id, name=shown, description=about, ruleset=ruleset, options=json.dumps(options),
                settings=json.dumps(settings), own_options=own_options, invite_code=new_invite_code(),
                owner_id=owner_id, created_at=now))
            await conn.execute(insert(club_members).values(club_id=club_id, player_id=owner_id, role="owner",
                                                           status="member", since=now))
        found = await self.info(club_id, owner_id)
        assert found is not None
        return found

    async def info(self, club_id: str, player_id: str) -> dict[str, Any] | None:
        async with self.store.engine.connect() as conn:
            m = await self.member(club_id, player_id, conn)
            if m is None:
                return None
            row = (await conn.execute(select(clubs).where(clubs.c.club_id == club_id))).mappings().first()
            count = (await conn.execute(select(func.count()).select_from(club_members).where(
                club_members.c.club_id == club_id, club_members.c.status == "member"))).scalar()
        assert row is not None
        return {"club_id": club_id, "name": row["name"], "description": row["description"],
                "ruleset": row["ruleset"], "options": json.loads(row["options"]),
                "settings": json.loads(row["settings"]), "own_options": row["own_options"],
                "invite_code": row["invite_code"], "owner_id": row["owner_id"], "members": int(count or 0),
                "role": m.role, "created_at": row["created_at"]}

    async def mine(self, player_id: str) -> dict[str, Any]:
        """The clubs the player is in, and the ones it asked to join."""
        async with self.store.engine.connect() as conn:
            res = await conn.execute(select(clubs.c.club_id, clubs.c.name, club_members.c.role, club_members.c.status)
                                     .join(club_members, club_members.c.club_id == clubs.c.club_id)
                                     .where(club_members.c.player_id == player_id,
                                            club_members.c.status.in_(["member", "pending"]))
                                     .order_by(clubs.c.name))
            rows = res.all()
        return {"clubs": [{"club_id": c, "name": n, "role": r} for c, n, r, s in rows if s == "member"],
                "pending": [{"club_id": c, "name": n} for c, n, r, s in rows if s == "pending"]}

    async def preview(self, invite_code: str) -> dict[str, Any] | None:
        """What an invite shows before joining: the name and description, how many members. Nothing else."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(clubs.c.club_id, clubs.c.name, clubs.c.description, clubs.c.ruleset)
                                      .where(clubs.c.invite_code == invite_code))).first()
            if row is None:
                return None
            count = (await conn.execute(select(func.count()).select_from(club_members).where(
                club_members.c.club_id == row.club_id, club_members.c.status == "member"))).scalar()
        return {"club_id": row.club_id, "name": row.name, "description": row.description, "ruleset": row.ruleset,
                "members": int(count or 0)}

    async def request_join(self, invite_code: str, player_id: str) -> dict[str, Any]:
        async with self.store.engine.begin() as conn:
            club_id = (await conn.execute(select(clubs.c.club_id).where(clubs.c.invite_code == invite_code))).scalar()
            if club_id is None:
                raise ClubError(404, "bad_invite", "that invite code is wrong or no longer valid")
            status = (await conn.execute(select(club_members.c.status).where(
                club_members.c.club_id == club_id, club_members.c.player_id == player_id))).scalar()
            if status == "banned":
                raise ClubError(403, "banned", "you were banned from this club")
            if status == "member":
                raise ClubError(409, "already_member", "you are a member already")
            if status == "pending":
                raise ClubError(409, "already_asked", "you asked already; the owner or an admin will answer")
            await conn.execute(insert(club_members).values(club_id=club_id, player_id=player_id, role="member",
                                                           status="pending", since=time.time()))
        return {"club_id": club_id, "status": "pending"}

    async def members(self, club_id: str, player_id: str) -> dict[str, Any]:
        m = await self.require(club_id, player_id)
        async with self.store.engine.connect() as conn:
            res = await conn.execute(select(club_members.c.player_id, players.c.name, players.c.avatar,
                                            club_members.c.role, club_members.c.status, club_members.c.since)
                                     .join(players, players.c.player_id == club_members.c.player_id, isouter=True)
                                     .where(club_members.c.club_id == club_id).order_by(club_members.c.since))
            rows = res.all()
        def one(r: Any) -> dict[str, Any]:
            return {"player_id": r.player_id, "name": r.name, "avatar": r.avatar, "role": r.role, "since": r.since}
        out: dict[str, Any] = {"members": [one(r) for r in rows if r.status == "member"]}
        if m.manages:  # who asked, and who is banned, is for those who decide
            out["requests"] = [one(r) for r in rows if r.status == "pending"]
            out["banned"] = [one(r) for r in rows if r.status == "banned"]
        return out

    async def answer_request(self, club_id: str, by: str, player_id: str, approve: object) -> None:
        await self.require(club_id, by, manage=True)
        if not isinstance(approve, bool):
            raise ClubError(400, "bad_request", "approve must be true or false")
        async with self.store.engine.begin() as conn:
            cond = and_(club_members.c.club_id == club_id, club_members.c.player_id == player_id,
                        club_members.c.status == "pending")
            done = await (conn.execute(update(club_members).where(cond).values(status="member", since=time.time()))
                          if approve else conn.execute(delete(club_members).where(cond)))
            if done.rowcount != 1:
                raise ClubError(404, "not_found", "no request from that player")

    async def act_on(self, club_id: str, by: str, player_id: str, action: object) -> None:
        """kick / ban / unban a player; make a member admin, or an admin member again (the owner only)."""
        actor = await self.require(club_id, by, manage=True)
        if action not in ("kick", "ban", "unban", "admin", "member"):
            raise ClubError(400, "bad_request", "action must be kick, ban, unban, admin or member")
        if player_id == by:
            raise ClubError(409, "self", "not on yourself (leave the club, or hand it over)")
        async with self.store.engine.begin() as conn:
            row = (await conn.execute(select(club_members.c.role, club_members.c.status).where(
                club_members.c.club_id == club_id, club_members.c.player_id == player_id))).first()
            if row is None or (action != "unban" and row.status == "banned") \
                    or (action == "unban" and row.status != "banned"):
                raise ClubError(404, "not_found", "that player is not in the club" if action != "unban"
                                else "that player is not banned")
            if row.role == "owner" or (row.role == "admin" and actor.role != "owner") \
                    or (action in ("admin", "member") and actor.role != "owner"):
                raise ClubError(403, "forbidden", "only the owner acts on admins or changes roles")
            key = and_(club_members.c.club_id == club_id, club_members.c.player_id == player_id)
            if action in ("kick", "unban"):
                await conn.execute(delete(club_members).where(key))
            elif action == "ban":
                await conn.execute(update(club_members).where(key).values(status="banned", role="member"))
            else:
                if row.status != "member":
                    raise ClubError(409, "not_member", "approve the request first")
                await conn.execute(update(club_members).where(key).values(role=action))

    async def leave(self, club_id: str, player_id: str) -> None:
        m = await self.require(club_id, player_id)
        if m.role == "owner":
            raise ClubError(409, "owner", "the owner hands the club over (or dissolves it) before leaving")
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(club_members).where(club_members.c.club_id == club_id,
                                                          club_members.c.player_id == player_id))

    async def transfer(self, club_id: str, owner_id: str, to: object) -> None:
        await self.require(club_id, owner_id, owner=True)
        if not isinstance(to, str) or to == owner_id or await self.member(club_id, to) is None:
            raise ClubError(400, "bad_request", "player_id must be another member of the club")
        async with self.store.engine.begin() as conn:
            await conn.execute(update(club_members).where(club_members.c.club_id == club_id,
                                                          club_members.c.player_id == to).values(role="owner"))
            await conn.execute(update(club_members).where(club_members.c.club_id == club_id,
                                                          club_members.c.player_id == owner_id).values(role="admin"))
            await conn.execute(update(clubs).where(clubs.c.club_id == club_id).values(owner_id=to))

    async def dissolve(self, club_id: str, owner_id: str) -> None:
        """The club and its memberships go; its matches stay in their players' own records."""
        await self.require(club_id, owner_id, owner=True)
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(club_members).where(club_members.c.club_id == club_id))
            await conn.execute(delete(clubs).where(clubs.c.club_id == club_id))

    async def new_invite(self, club_id: str, by: str) -> str:
        """A new invite code; the old one stops working."""
        await self.require(club_id, by, manage=True)
        code = new_invite_code()
        async with self.store.engine.begin() as conn:
            await conn.execute(update(clubs).where(clubs.c.club_id == club_id).values(invite_code=code))
        return code

    # --- rooms and records ------------------------------------------------------------------------
    async def preset(self, club_id: str) -> tuple[str, dict[str, Any], dict[str, Any], bool]:
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(clubs.c.ruleset, clubs.c.options, clubs.c.settings, clubs.c.own_options)
                                      .where(clubs.c.club_id == club_id))).first()
        assert row is not None
        return row.ruleset, json.loads(row.options), json.loads(row.settings), bool(row.own_options)

    async def add_room(self, club_id: str, code: str, by: str) -> None:
        async with self.store.engine.begin() as conn:
            await conn.execute(insert(club_rooms).values(room_code=code, club_id=club_id, created_by=by,
                                                         created_at=time.time()))
        self._room_club[code] = club_id
        self._not_club.pop(code, None)

    async def room_codes(self, club_id: str, limit: int = 100) -> list[str]:
        async with self.store.engine.connect() as conn:
            res = await conn.execute(select(club_rooms.c.room_code).where(club_rooms.c.club_id == club_id)
                                     .order_by(club_rooms.c.created_at.desc()).limit(limit))
            return [r[0] for r in res]

    async def records(self, club_id: str, period: str, now: float, limit: int, offset: int) -> dict[str, Any]:
        from majiang.platform.records import _match_json

        cond = and_(matches.c.club_id == club_id, matches.c.finished_at >= since(period, now))
        async with self.store.engine.connect() as conn:
            total = int((await conn.execute(select(func.count()).select_from(matches).where(cond))).scalar() or 0)
            res = await conn.execute(select(matches).where(cond).order_by(matches.c.finished_at.desc())
                                     .limit(limit).offset(offset))
            found = [_match_json(r) for r in res]
        return {"matches": found, "total": total, "next": offset + limit if offset + limit < total else None}

    async def board(self, club_id: str, period: str, sort: str, now: float) -> list[dict[str, Any]]:
        """Each member's totals over the period: hands, wins, 自摸, points, best hand; sorted by ``sort``."""
        hr = hand_records.c

        def count(col: Any) -> Any:
            return func.sum(case((col, 1), else_=0))
        async with self.store.engine.connect() as conn:
            res = await conn.execute(
                select(hr.player_id, players.c.name, func.count(), count(hr.won), count(hr.self_draw),
                       count(hr.dealt_in), func.sum(hr.total), func.max(hr.total))
                .join(club_members, and_(club_members.c.club_id == club_id, club_members.c.player_id == hr.player_id,
                                         club_members.c.status == "member"))
                .join(players, players.c.player_id == hr.player_id, isouter=True)
                .where(hr.club_id == club_id, hr.finished_at >= since(period, now))
                .group_by(hr.player_id, players.c.name))
            rows = [{"player_id": p, "name": n, "hands": int(h), "wins": int(w), "self_draws": int(sd),
                     "deal_ins": int(di), "points": int(t or 0), "best": max(int(b or 0), 0)}
                    for p, n, h, w, sd, di, t, b in res]
        rows.sort(key=lambda r: (-r[sort], r["name"] or ""))
        return rows
