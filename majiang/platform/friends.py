"""Friends: a code per player to share (8 characters, the replay codes' alphabet), friend requests,
accept / decline, remove, block; and invites to a room, kept until answered or until the room ends.

Links are directed rows of ``friend_links``: (a, b, requested) while a waits for b; accepting writes
(a, b, friend) and (b, a, friend); (a, b, blocked) when a blocked b. A blocked player is not told:
their request or invite answers as if sent and goes nowhere (else blocking would announce itself)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import and_, delete, insert, or_, select
from sqlalchemy.exc import IntegrityError

from majiang.backend.platform_schema import club_members, friend_codes, friend_links, room_invites
from majiang.backend.replay_codes import clean_replay_code, new_replay_code
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import players, rooms
from majiang.backend.store import Store
from majiang.platform.accounts import AccountError

MAX_FRIENDS = 200  # friends a player may have
MAX_PENDING = 50  # requests a player may have waiting for an answer
OPEN = ("waiting", "playing")  # an invite to a room in another state has lapsed


class FriendError(AccountError):
    pass


@dataclass(frozen=True)
class Sent:
    """What a request did: ``friends`` when the other had asked already (both asked: friends now)."""

    state: str  # requested | friends
    player_id: str
    name: str
    delivered: bool  # False: the other blocked the sender (the sender is not told)


class Friends:
    def __init__(self, store: Store) -> None:
        self.store = store

    # --- the code ---------------------------------------------------------------------------
    async def code_of(self, player_id: str, renew: bool = False) -> str:
        """The player's code (made on first use; ``renew``: a new one, the old stops working)."""
        async with self.store.engine.begin() as conn:
            if not renew:
                found = (await conn.execute(select(friend_codes.c.code)
                                            .where(friend_codes.c.player_id == player_id))).scalar()
                if found is not None:
                    return str(found)
            else:  # (only a renewal deletes: the first code of two requests at once must not delete the other's)
                await conn.execute(delete(friend_codes).where(friend_codes.c.player_id == player_id))
            for _ in range(8):  # 31^8 codes: a collision is rare, eight in a row never happens
                code = new_replay_code()
                try:
                    async with conn.begin_nested():
                        await conn.execute(insert(friend_codes).values(player_id=player_id, code=code,
                                                                       created_at=time.time()))
                    return code
                except IntegrityError:
                    # another request of this player made its first code at the same moment: that one
                    found = (await conn.execute(select(friend_codes.c.code)
                                                .where(friend_codes.c.player_id == player_id))).scalar()
                    if found is not None:
                        return str(found)
                    continue
        raise FriendError(503, "busy", "could not make a player code; try again")

    async def by_code(self, text: object) -> str | None:
        """The player a code names, or None (malformed or unknown: the caller counts it as a miss)."""
        code = clean_replay_code(text)
        if code is None:
            return None
        async with self.store.engine.connect() as conn:
            found = (await conn.execute(select(friend_codes.c.player_id).where(friend_codes.c.code == code))).scalar()
        return None if found is None else str(found)

    # --- links ------------------------------------------------------------------------------
    @staticmethod
    async def _link(conn: AsyncConnection, a: str, b: str) -> str | None:
        return (await conn.execute(select(friend_links.c.state).where(
            friend_links.c.player_id == a, friend_links.c.other_id == b))).scalar()  # type: ignore[no-any-return]

    @staticmethod
    async def _count(conn: AsyncConnection, player_id: str, state: str) -> int:
        res = await conn.execute(select(friend_links.c.other_id).where(friend_links.c.player_id == player_id,
                                                                       friend_links.c.state == state))
        return len(res.all())

    @staticmethod
    async def _name(conn: AsyncConnection, player_id: str) -> str | None:
        return (await conn.execute(select(players.c.name)  # type: ignore[no-any-return]
                                   .where(players.c.player_id == player_id))).scalar()

    async def request(self, me: str, other: str) -> Sent:
        """Ask ``other`` to be friends. Asking someone who asked you makes you friends at once."""
        try:
            return await self._request(me, other)
        except IntegrityError:  # the same link written at the same moment by another request or an accept
            raise FriendError(409, "conflict", "your friend list changed at the same moment (another device "
                                               "or their answer); look at it again") from None

    async def _request(self, me: str, other: str) -> Sent:
        if other == me:
            raise FriendError(400, "self", "that is your own player code")
        async with self.store.engine.begin() as conn:
            name = await self._name(conn, other)
            if name is None:  # (a code is looked up by the route: here an id named nobody)
                raise FriendError(404, "not_found", f"no player has the id {other}")
            mine, theirs = await self._link(conn, me, other), await self._link(conn, other, me)
            if mine == "friend":
                raise FriendError(409, "already_friends", f"{name} is your friend already")
            if mine == "blocked":
                raise FriendError(409, "blocked", f"you blocked {name}: unblock them first")
            if mine == "requested":
                return Sent("requested", other, name, theirs != "blocked")
            if theirs == "requested":  # both asked: friends
                await self._befriend(conn, me, other)
                return Sent("friends", other, name, True)
            if await self._count(conn, me, "friend") >= MAX_FRIENDS:
                raise FriendError(409, "too_many", f"you have {MAX_FRIENDS} friends, the most allowed")
            if await self._count(conn, me, "requested") >= MAX_PENDING:
                raise FriendError(409, "too_many", f"{MAX_PENDING} of your requests await an answer; "
                                                   "wait or cancel some")
            # (kept when the other blocked me too, but never shown to them: my outgoing list must look
            # the same as for anyone else, or the missing request would tell me I am blocked)
            await conn.execute(insert(friend_links).values(player_id=me, other_id=other, state="requested",
                                                           at=time.time()))
            return Sent("requested", other, name, theirs != "blocked")

    async def _befriend(self, conn: AsyncConnection, a: str, b: str) -> None:
        if await self._count(conn, a, "friend") >= MAX_FRIENDS or await self._count(conn, b, "friend") >= MAX_FRIENDS:
            raise FriendError(409, "too_many", f"one of you has {MAX_FRIENDS} friends, the most allowed")
        await self._unlink(conn, a, b)
        now = time.time()
        await conn.execute(insert(friend_links), [{"player_id": a, "other_id": b, "state": "friend", "at": now},
                                                  {"player_id": b, "other_id": a, "state": "friend", "at": now}])

    @staticmethod
    async def _unlink(conn: AsyncConnection, a: str, b: str, keep_blocks: bool = False) -> None:
        cond = or_(and_(friend_links.c.player_id == a, friend_links.c.other_id == b),
                   and_(friend_links.c.player_id == b, friend_links.c.other_id == a))
        if keep_blocks:
            cond = cond & (friend_links.c.state != "blocked")
        await conn.execute(delete(friend_links).where(cond))

    async def answer(self, me: str, other: str, accept: bool) -> str:
        """Accept or decline ``other``'s request; the other's name."""
        try:
            return await self._answer(me, other, accept)
        except IntegrityError:  # two devices accepted at once (PostgreSQL): the other one made us friends
            raise FriendError(409, "already_friends", "you are friends already (accepted on another device "
                                                      "at the same moment)") from None

    async def _answer(self, me: str, other: str, accept: bool) -> str:
        async with self.store.engine.begin() as conn:
            if await self._link(conn, other, me) != "requested" or await self._link(conn, me, other) == "blocked":
                raise FriendError(404, "no_request", "that player has not asked to be your friend")
            name = await self._name(conn, other) or other
            if accept:
                await self._befriend(conn, me, other)
            else:
                await conn.execute(delete(friend_links).where(friend_links.c.player_id == other,
                                                              friend_links.c.other_id == me))
            return name

    async def remove(self, me: str, other: str) -> bool:
        """No longer friends (or withdraw my request); whether there was anything to remove."""
        async with self.store.engine.begin() as conn:
            mine = await self._link(conn, me, other)
            if mine not in ("friend", "requested"):
                return False
            await self._unlink(conn, me, other, keep_blocks=True)
            return True

    async def block(self, me: str, other: str) -> bool:
        """Block: no friendship, no request either way, and none of theirs reaches me again. Whether we
        were friends (only then may the other be told, as of a removal: a block is never announced)."""
        if other == me:
            raise FriendError(400, "self", "you cannot block yourself")
        try:
            return await self._block(me, other)
        except IntegrityError:  # blocked from another device at the same moment: blocked, as asked
            return False

    async def _block(self, me: str, other: str) -> bool:
        async with self.store.engine.begin() as conn:
            if await self._name(conn, other) is None:
                raise FriendError(404, "not_found", "no such player")
            mine = await self._link(conn, me, other)
            await self._unlink(conn, me, other, keep_blocks=True)
            was_friend = mine == "friend"
            if mine != "blocked":
                await conn.execute(delete(friend_links).where(friend_links.c.player_id == me,
                                                              friend_links.c.other_id == other))
                await conn.execute(insert(friend_links).values(player_id=me, other_id=other, state="blocked",
                                                               at=time.time()))
            await conn.execute(delete(room_invites).where(room_invites.c.to_player == me,
                                                          room_invites.c.from_player == other))
            return was_friend

    async def unblock(self, me: str, other: str) -> bool:
        async with self.store.engine.begin() as conn:
            res = await conn.execute(delete(friend_links).where(friend_links.c.player_id == me,
                                                                friend_links.c.other_id == other,
                                                                friend_links.c.state == "blocked"))
            return bool(res.rowcount)

    async def state(self, me: str, other: str) -> tuple[str | None, str | None]:
        """(my link to them, theirs to me)."""
        async with self.store.engine.connect() as conn:
            return await self._link(conn, me, other), await self._link(conn, other, me)

    async def friend_ids(self, me: str) -> list[str]:
        async with self.store.engine.connect() as conn:
            res = await conn.execute(select(friend_links.c.other_id).where(friend_links.c.player_id == me,
                                                                           friend_links.c.state == "friend"))
            return [r[0] for r in res]

    async def listing(self, me: str) -> dict[str, Any]:
        """My friends, the requests I got and sent, the players I blocked (names and avatars)."""
        def person(row: Any) -> dict[str, Any]:
            return {"player_id": row.pid, "name": row.name or row.pid, "avatar": row.avatar or 0, "since": row.at}

        async with self.store.engine.connect() as conn:
            mine = await conn.execute(
                select(friend_links.c.other_id.label("pid"), friend_links.c.state, friend_links.c.at, players.c.name,
                       players.c.avatar)
                .join(players, players.c.player_id == friend_links.c.other_id, isouter=True)
                .where(friend_links.c.player_id == me).order_by(friend_links.c.at.desc()))
            incoming = await conn.execute(
                select(friend_links.c.player_id.label("pid"), friend_links.c.at, players.c.name, players.c.avatar)
                .join(players, players.c.player_id == friend_links.c.player_id, isouter=True)
                .where(friend_links.c.other_id == me, friend_links.c.state == "requested",
                       friend_links.c.player_id.not_in(
                           select(friend_links.c.other_id).where(friend_links.c.player_id == me,
                                                                 friend_links.c.state == "blocked")))
                .order_by(friend_links.c.at.desc()))
            out: dict[str, Any] = {"friends": [], "outgoing": [], "blocked": [],
                                   "incoming": [person(r) for r in incoming]}
            for r in mine:
                out[{"friend": "friends", "requested": "outgoing", "blocked": "blocked"}[r.state]].append(person(r))
        out["friends"].sort(key=lambda p: p["name"].casefold())
        return out

    # --- room invites ------------------------------------------------------------------------
    async def invite(self, me: str, my_name: str, other: str, room_code: str, club_id: str | None) -> bool:
        """Keep the invite (one per room and invitee; a second one refreshes it). False: the invitee
        blocked me, so it goes nowhere (and I am not told)."""
        async with self.store.engine.begin() as conn:
            if await self._link(conn, other, me) == "blocked":
                return False
            await conn.execute(delete(room_invites).where(room_invites.c.room_code == room_code,
                                                          room_invites.c.to_player == other))
            await conn.execute(insert(room_invites).values(room_code=room_code, to_player=other, from_player=me,
                                                           from_name=my_name, club_id=club_id, at=time.time()))
            return True

    async def invites_for(self, me: str) -> list[dict[str, Any]]:
        """The invites I have not answered to rooms still open, newest first; lapsed ones are dropped."""
        # a club room's invite lapses too for someone no longer a member (kicked, banned, left): the
        # room is the club's and, as everywhere, not shown to outsiders
        membership = and_(club_members.c.club_id == room_invites.c.club_id, club_members.c.player_id == me,
                          club_members.c.status == "member")
        async with self.store.engine.begin() as conn:
            res = await conn.execute(
                select(room_invites, rooms.c.status, rooms.c.ruleset, club_members.c.player_id.label("member"))
                .join(rooms, rooms.c.code == room_invites.c.room_code, isouter=True)
                .join(club_members, membership, isouter=True)
                .where(room_invites.c.to_player == me).order_by(room_invites.c.at.desc()))
            live, lapsed = [], []
            for r in res.mappings():
                if r["status"] in OPEN and (r["club_id"] is None or r["member"] is not None):
                    live.append({"room": r["room_code"], "from": r["from_player"], "from_name": r["from_name"],
                                 "club_id": r["club_id"], "ruleset": r["ruleset"], "at": r["at"]})
                else:
                    lapsed.append(r["room_code"])
            if lapsed:
                await conn.execute(delete(room_invites).where(room_invites.c.to_player == me,
                                                              room_invites.c.room_code.in_(lapsed)))
        return live

    async def drop_invite(self, me: str, room_code: str) -> bool:
        async with self.store.engine.begin() as conn:
            res = await conn.execute(delete(room_invites).where(room_invites.c.to_player == me,
                                                                room_invites.c.room_code == room_code))
            return bool(res.rowcount)
