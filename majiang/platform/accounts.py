"""Accounts: a guest turns into an account (name + password) on the same player id; sign-in, refresh
tokens, signing out everywhere; the profile (display name with its history, avatar, statistics).

Tokens: the access token is the server's signed player token (majiang/backend/auth.py), short-lived
for an account (``access_seconds``); the refresh token is 32 random bytes, kept only as its SHA-256
and replaced by a new one each time it is used, so a stolen copy works once at most and a copy of
the database signs nobody in."""

from __future__ import annotations

import hashlib
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from typing import Any

from sqlalchemy import delete, insert, select, update
from sqlalchemy.exc import IntegrityError

from majiang.backend import auth
from majiang.backend.platform_schema import name_history, operators, refresh_tokens
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import players
from majiang.backend.shared_limits import SharedBuckets
from majiang.backend.store import Store
from majiang.platform.passwords import check_password, hash_password, password_problem
from majiang.platform.records import seat_stats

USERNAME_RE = re.compile(r"[A-Za-z0-9_]{3,20}")
AVATARS = 12  # built-in avatars 0..11 (majiang/web/avatars.js draws them)
BAD_LOGIN = "wrong name or password"  # the one answer for an unknown name and a wrong password


class AccountError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        super().__init__(reason)
        self.status, self.code, self.reason = status, code, reason


@dataclass(frozen=True)
class Issued:
    """What a sign-in answers: an access token, a refresh token and who it is."""

    token: str
    refresh: str
    player_id: str
    name: str
    expires: float
    refresh_expires: float

    def json(self) -> dict[str, Any]:
        return {"token": self.token, "refresh": self.refresh, "player_id": self.player_id, "name": self.name,
                "expires": self.expires, "refresh_expires": self.refresh_expires, "account": True}


def name_key(name: str) -> str:
    """What makes two display names the same name: case, width and spacing folded away (as
    auth.names_confusable compares them), so "Alice", "ALICE" and "a l i c e" are one name."""
    return re.sub(r"[\s_.\-:·]+", "", unicodedata.normalize("NFKC", name).casefold())[:64]


def _digest(refresh: str) -> str:
    return hashlib.sha256(refresh.encode()).hexdigest()


class Accounts:
    def __init__(self, store: Store, secret: str, *, access_seconds: float, refresh_seconds: float,
                 login_rate_account: float, login_burst_account: float, login_rate_ip: float,
                 login_burst_ip: float, redis: Any = None, prefix: str = "") -> None:
        self.store, self.secret = store, secret
        self.access_seconds, self.refresh_seconds = access_seconds, refresh_seconds
        # counted by every node of a cluster (Redis): a flood spread over the nodes meets one limit
        self.login_account = SharedBuckets(login_rate_account, login_burst_account, "login_account", redis, prefix)
        self.login_ip = SharedBuckets(login_rate_ip, login_burst_ip, "login_ip", redis, prefix)

    # --- signing up and in ------------------------------------------------------------------
    async def register(self, username: object, password: object, name: object,
                       guest: auth.Player | None) -> Issued:
        """A new account, or (``guest``: the caller's guest token) the guest itself made an account:
        same player id, so its seats, hands and records are its account's."""
        if not isinstance(username, str) or not USERNAME_RE.fullmatch(username):
            raise AccountError(400, "bad_request", "username must be 3-20 letters, digits or _")
        problem = password_problem(password)
        if problem:
            raise AccountError(400, "bad_request", problem)
        assert isinstance(password, str)
        shown, problem = auth.name_problem(name if name is not None else (guest.name if guest else username))
        if shown is None:
            raise AccountError(400, "bad_request", f"name: {problem}")
        login = username.casefold()
        digest = await hash_password(password)
        now = time.time()
        async with self.store.engine.begin() as conn:
            row = None
            if guest is not None:
                row = (await conn.execute(select(players.c.password_hash, players.c.username)
                                          .where(players.c.player_id == guest.player_id))).first()
                if row is not None and row.username is not None:
                    raise AccountError(409, "already_account", "this player is an account already; sign in")
            player_id = guest.player_id if guest is not None else "p" + secrets.token_hex(6)
            await self._check_free(conn, login, shown, player_id)
            values = {"username": login, "password_hash": digest, "name": shown, "name_key": name_key(shown),
                      "upgraded_at": now}
            try:
                if row is None:
                    await conn.execute(insert(players).values(player_id=player_id, created_at=now, **values))
                else:
                    await conn.execute(update(players).where(players.c.player_id == player_id).values(**values))
                await conn.execute(insert(name_history).values(player_id=player_id, at=now, name=shown))
            except IntegrityError:  # someone took the name between the check and the write
                raise AccountError(409, "taken", "that username or display name was just taken") from None
            return await self._issue(conn, player_id, shown)

    async def login(self, username: object, password: object, address: str) -> Issued:
        if not isinstance(username, str) or not isinstance(password, str) or len(username) > 64 \
                or len(password) > 1024:
            raise AccountError(400, "bad_request", "give username and password (strings)")
        login = username.casefold()
        # Per address and per asked name (known or not, so the limit says nothing about who exists).
        if not await self.login_ip.allow(address) or not await self.login_account.allow(login):
            raise AccountError(429, "rate_limited", "too many sign-in attempts; wait a minute and try again")
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(players.c.player_id, players.c.name, players.c.password_hash)
                                      .where(players.c.username == login))).first()
        if not await check_password(row.password_hash if row else None, password) or row is None:
            raise AccountError(401, "bad_login", BAD_LOGIN)
        async with self.store.engine.begin() as conn:
            return await self._issue(conn, row.player_id, row.name)

    async def refresh(self, refresh: object) -> Issued:
        """A new access token and a new refresh token for a refresh token, which is used up."""
        if not isinstance(refresh, str) or not 20 <= len(refresh) <= 100:
            raise AccountError(400, "bad_request", "refresh must be the refresh token (a string)")
        now = time.time()
        async with self.store.engine.begin() as conn:
            row = (await conn.execute(select(refresh_tokens.c.player_id, refresh_tokens.c.expires_at)
                                      .where(refresh_tokens.c.token_hash == _digest(refresh)))).first()
            gone = await conn.execute(delete(refresh_tokens).where(refresh_tokens.c.token_hash == _digest(refresh)))
            if row is None or gone.rowcount != 1 or row.expires_at < now:
                raise AccountError(401, "bad_refresh", "the refresh token is unknown, used or expired: sign in")
            name = (await conn.execute(select(players.c.name).where(players.c.player_id == row.player_id))).scalar()
            return await self._issue(conn, row.player_id, str(name))

    async def drop_refresh(self, player_id: str, refresh: str | None = None) -> None:
        """Forget one refresh token of the player, or (None) all of them: signing out (everywhere)."""
        cond = refresh_tokens.c.player_id == player_id
        if refresh is not None:
            cond = cond & (refresh_tokens.c.token_hash == _digest(refresh))
        async with self.store.engine.begin() as conn:
            await conn.execute(delete(refresh_tokens).where(cond))

    async def is_account(self, player_id: str) -> bool:
        async with self.store.engine.connect() as conn:
            return bool((await conn.execute(select(players.c.username)
                                            .where(players.c.player_id == player_id))).scalar())

    async def _issue(self, conn: AsyncConnection, player_id: str, name: str) -> Issued:
        token, p = auth.issue(self.secret, name, self.access_seconds, player_id, await role_of(conn, player_id))
        refresh = secrets.token_urlsafe(32)
        now = time.time()
        await conn.execute(delete(refresh_tokens).where(refresh_tokens.c.expires_at < now))  # keep the table small
        await conn.execute(insert(refresh_tokens).values(token_hash=_digest(refresh), player_id=player_id,
                                                         created_at=now, expires_at=now + self.refresh_seconds))
        return Issued(token, refresh, player_id, name, p.expires, now + self.refresh_seconds)

    async def _check_free(self, conn: AsyncConnection, login: str | None, shown: str | None,
                          player_id: str | None) -> None:
        if login is not None and (await conn.execute(select(players.c.player_id)
                                                     .where(players.c.username == login))).first():
            raise AccountError(409, "username_taken", "that username is taken")
        if shown is not None:
            other = (await conn.execute(select(players.c.player_id)
                                        .where(players.c.name_key == name_key(shown)))).scalar()
            if other is not None and other != player_id:
                raise AccountError(409, "name_taken", "another account uses that display name")

    # --- the profile ------------------------------------------------------------------------------
    async def update_profile(self, player: auth.Player, name: object, avatar: object) -> dict[str, Any]:
        """Change the display name (an account's is unique; each change is kept) and/or the avatar.
        Returns the profile and a fresh access token carrying the new name."""
        if avatar is not None and (type(avatar) is not int or not 0 <= avatar < AVATARS):
            raise AccountError(400, "bad_request", f"avatar must be 0..{AVATARS - 1}")
        shown = None
        if name is not None:
            shown, problem = auth.name_problem(name)
            if shown is None:
                raise AccountError(400, "bad_request", f"name: {problem}")
        now = time.time()
        async with self.store.engine.begin() as conn:
            row = (await conn.execute(select(players.c.name, players.c.username)
                                      .where(players.c.player_id == player.player_id))).first()
            if row is None:
                raise AccountError(404, "not_found", "no such player")
            values: dict[str, Any] = {}
            if avatar is not None:
                values["avatar"] = avatar
            if shown is not None and shown != row.name:
                values["name"] = shown
                if row.username is not None:  # only accounts hold a name; a guest's is its own business
                    await self._check_free(conn, None, shown, player.player_id)
                    values["name_key"] = name_key(shown)
                    await conn.execute(insert(name_history).values(player_id=player.player_id, at=now, name=shown))
            if values:
                try:
                    await conn.execute(update(players).where(players.c.player_id == player.player_id)
                                       .values(**values))
                except IntegrityError:
                    raise AccountError(409, "name_taken", "another account uses that display name") from None
        final = shown or row.name
        lifetime = self.access_seconds if row.username else max(player.expires - now, 60.0)
        token, p = auth.issue(self.secret, final, lifetime, player.player_id, player.role)
        return {"profile": await self.profile(player.player_id, mine=True), "token": token, "expires": p.expires}

    async def profile(self, player_id: str, mine: bool = False) -> dict[str, Any] | None:
        """Name, avatar, whether it is an account, the name history and per-ruleset statistics;
        ``mine``: also the username (nobody else needs to know what it signs in with)."""
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(select(players).where(players.c.player_id == player_id))).mappings().first()
            if row is None:
                return None
            history = await conn.execute(select(name_history.c.name, name_history.c.at)
                                         .where(name_history.c.player_id == player_id)
                                         .order_by(name_history.c.at.desc()).limit(20))
            stats = await seat_stats(conn, player_id)
        out = {"player_id": player_id, "name": row["name"], "avatar": row["avatar"],
               "account": row["username"] is not None, "since": row["created_at"],
               "names": [{"name": n, "at": at} for n, at in history], "stats": stats}
        if mine:
            out["username"] = row["username"]
        return out


async def role_of(conn: AsyncConnection, player_id: str) -> str:
    """"operator" for an account the operator made one (its tokens carry the role), else ""."""
    row = (await conn.execute(select(operators.c.player_id).where(operators.c.player_id == player_id))).first()
    return "operator" if row is not None else ""


async def set_operator(store: Store, username: str, grant: bool, by: str) -> str | None:
    """Give an account the operator role or take it away; its player id, or None for no such account."""
    async with store.engine.begin() as conn:
        pid = (await conn.execute(select(players.c.player_id).where(players.c.username == username))).scalar()
        if pid is None:
            return None
        await conn.execute(delete(operators).where(operators.c.player_id == pid))
        if grant:
            await conn.execute(insert(operators).values(player_id=pid, granted_by=by, granted_at=time.time()))
    return str(pid)
