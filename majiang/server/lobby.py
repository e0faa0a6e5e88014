"""The lobby socket: one per signed-in browser tab, at ``/lobby/ws``, carrying what is pushed to a
player outside a table (docs/protocol.md "Lobby socket"): friend requests and answers, room invites,
club notices. And who is online, and at which table, for the friend list.

Delivery. :meth:`LobbyHub.push` sends to the player's sockets on this node and, with Redis, publishes
on ``{prefix}lobby`` so every other node sends to the sockets it holds. A message published while a
socket was away is not replayed: everything pushed is also kept in the database (requests, invites,
memberships), and each (re)connection starts with ``hello`` carrying what is pending now, so a client
that reconnects has missed nothing it can still act on.

Presence. A player is online while a lobby socket or a seat's socket of theirs is open on some node;
at a table while they hold a seat in a waiting or playing room. Each node knows its own sockets and
tables (:meth:`here`); with Redis it writes them every ``PRESENCE_SECONDS`` under ``{prefix}on:{id}``
with a short expiry, and a friend list reads every friend's key at once."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import TypedDict

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from majiang.server.conn import Conn
from majiang.server.services import Server

log = logging.getLogger("majiang.server.lobby")

PRESENCE_SECONDS = 1.0  # how often a node writes its players' presence (cluster)
PRESENCE_TTL_MS = 5000  # a node that stopped writing is forgotten after this
PUSH_KINDS = ("friend_request", "friend_accepted", "friend_removed", "invite", "invite_gone", "club")
_enc = msgspec.json.Encoder()


class RoomThere(TypedDict):
    """The room a player sits in, as the friend list shows it."""

    code: str
    ruleset: str
    status: str  # waiting | playing
    free: int  # free seats (0 once playing)
    watch: bool  # others may watch it now
    public: bool


class Presence(TypedDict):
    online: bool
    room: RoomThere | None


def lobby_message(kind: str, **data: object) -> bytes:
    return _enc.encode({"type": kind, **data})


class LobbyHub:
    def __init__(self, server: Server) -> None:
        self.server = server
        self.local: dict[str, set[Conn]] = {}  # player -> this node's lobby sockets of theirs
        cluster = server.cluster
        self.redis = cluster.redis if cluster is not None else None
        self.node_id = cluster.node_id if cluster is not None else "-"
        prefix = server.settings.redis_prefix
        self.channel = f"{prefix}lobby"
        # the subscription has a connection of its own, named so an operator (and a test) can find it
        self.redis_url = server.settings.redis_url
        self.listener_name = f"{prefix}lobby:{self.node_id}".replace(" ", "_")
        self.presence_prefix = f"{prefix}on:"
        self._tasks: list[asyncio.Task[None]] = []
        self.delivered = 0  # messages handed to sockets on this node (tests and metrics read it)

    async def start(self) -> None:
        self._tasks = [asyncio.create_task(self._presence_loop())]  # (also closes revoked sockets)
        if self.redis is not None:
            self._tasks.append(asyncio.create_task(self._listen()))

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(BaseException):
                await t
        for conns in list(self.local.values()):
            for c in list(conns):
                c.close(1001)

    # --- sockets --------------------------------------------------------------------------------
    def add(self, conn: Conn) -> None:
        self.local.setdefault(conn.player_id, set()).add(conn)

    def remove(self, conn: Conn) -> None:
        conns = self.local.get(conn.player_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.local[conn.player_id]

    def _deliver(self, player_id: str, data: bytes) -> None:
        for c in list(self.local.get(player_id, ())):
            c.send(data)
            self.delivered += 1

    async def push(self, player_ids: list[str] | str, kind: str, **data: object) -> None:
        """Tell these players ``kind`` on every node (best effort: what matters is also in the database)."""
        ids = [player_ids] if isinstance(player_ids, str) else list(dict.fromkeys(player_ids))
        msg = lobby_message(kind, **data)
        for pid in ids:
            self._deliver(pid, msg)
        if self.redis is not None and ids:
            envelope = json.dumps({"node": self.node_id, "to": ids, "msg": msg.decode()})
            try:
                await self.redis.publish(self.channel, envelope)
            except Exception as e:  # Redis away: the other nodes' players see it on their next hello
                log.warning("lobby push %s not published: %r", kind, e)

    async def _listen(self) -> None:
        """Every other node's pushes, for the sockets held here. After an outage (or its connection cut)
        it subscribes again on a new client: a pool's connection that was cut under a subscription was
        seen to stay silent once subscribed again."""
        from redis.asyncio import Redis

        url = self.redis_url
        assert url is not None, "started only with Redis (a cluster has its URL)"
        while True:
            client = Redis.from_url(url, client_name=self.listener_name, socket_connect_timeout=2)
            pubsub = client.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                while True:
                    got = await pubsub.get_message(timeout=1.0)
                    if got is None or got.get("type") != "message":
                        continue
                    env = json.loads(got["data"])
                    if env.get("node") == self.node_id:
                        continue  # delivered here already
                    msg = str(env["msg"]).encode()
                    for pid in env.get("to", ()):
                        self._deliver(str(pid), msg)
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("lobby subscription to %s lost (%r); subscribing again", self.channel, e)
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
                with contextlib.suppress(Exception):
                    await client.aclose()
            await asyncio.sleep(0.5)  # (what is published meanwhile is not replayed: see the module's doc)

    # --- presence -------------------------------------------------------------------------------
    async def here(self) -> dict[str, Presence]:
        """The players this node knows of: {player: {"online": bool, "room": {...} | None}}."""
        out: dict[str, Presence] = {pid: {"online": True, "room": None} for pid in self.local}
        for table in await self.server.registry.all():
            st = table.state
            if st.status not in ("waiting", "playing"):
                continue
            free = sum(1 for s in st.seats if not s.occupied) if st.status == "waiting" else 0
            room: RoomThere = {"code": st.code, "ruleset": st.ruleset_name, "status": st.status, "free": free,
                    "watch": bool(st.settings.watch) and (st.status == "playing" or free == 0),
                    "public": bool(st.settings.public)}
            for i, s in enumerate(st.seats):
                if s.player_id is None:
                    continue
                entry = out.setdefault(s.player_id, {"online": False, "room": None})
                entry["room"] = room
                entry["online"] = entry["online"] or table.conns[i] is not None
        return out

    async def presence(self, player_ids: list[str]) -> dict[str, Presence]:
        """Online and table of each of ``player_ids`` (absent: offline, at no table)."""
        mine = await self.here()
        out = {pid: mine[pid] for pid in player_ids if pid in mine}
        rest = [pid for pid in player_ids if pid not in out or not out[pid]["online"] or out[pid]["room"] is None]
        if self.redis is not None and rest:
            try:
                values = await self.redis.mget([self.presence_prefix + pid for pid in rest])
            except Exception as e:
                log.warning("presence not read: %r", e)
                values = [None] * len(rest)
            for pid, raw in zip(rest, values, strict=True):
                if raw is None:
                    continue
                there = json.loads(raw)
                entry = out.setdefault(pid, {"online": False, "room": None})
                entry["online"] = entry["online"] or bool(there.get("online"))
                entry["room"] = entry["room"] or there.get("room")
        return out

    async def _presence_loop(self) -> None:
        while True:
            await asyncio.sleep(PRESENCE_SECONDS)
            try:
                self.close_revoked()
                if self.redis is None:
                    continue
                mine = await self.here()
                if mine:
                    pipe = self.redis.pipeline(transaction=False)
                    for pid, entry in mine.items():
                        pipe.set(self.presence_prefix + pid, json.dumps(entry), px=PRESENCE_TTL_MS)
                    await pipe.execute()
            except asyncio.CancelledError:
                raise
            except Exception as e:
                log.warning("presence not written: %r", e)

    def close_revoked(self) -> None:
        """Lobby sockets whose token was revoked (signed out everywhere, here or on another node) close."""
        revocations = self.server.guard.revocations
        for conns in list(self.local.values()):
            for c in list(conns):
                if c.player is not None and revocations.revoked(c.player):
                    c.send(lobby_message("error", code="bad_token", reason="your token was revoked: sign in again"))
                    c.close(4001)


def bad_lobby_message(text: str | None) -> str | None:
    """What is wrong with a client's lobby message (None: it is the one message there is, a ping)."""
    if text is None:
        return 'the lobby socket takes text messages (JSON): {"type": "ping"}'
    if len(text) > 256:
        return f"a lobby message is at most 256 characters (this one has {len(text)})"
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):
        return 'a lobby message is a JSON object: {"type": "ping"}'
    if not isinstance(msg, dict):
        return 'a lobby message is a JSON object: {"type": "ping"}'
    kind = msg.get("type")
    if kind != "ping":
        shown = repr(kind) if isinstance(kind, str) and len(kind) <= 32 else "missing or not a short text"
        return f"unknown lobby message type {shown}: the client sends only ping (the rest is pushed to it)"
    return None


async def lobby_endpoint(ws: WebSocket) -> None:
    """``/lobby/ws``: the token as the first message (as at a table), then ``hello`` with what is
    pending, then pushes; the client may send ``{"type": "ping"}`` (answered ``pong``; anything else is
    answered with an ``error`` naming what was wrong, and changes nothing)."""
    from majiang.server.ws import _authenticate, _refuse

    server: Server = ws.app.state.server
    guard = server.guard
    await ws.accept()
    ip = ws.client.host if ws.client else "?"
    player = await _authenticate(ws, server)
    if player is None:
        await _refuse(ws, 0, "bad_token", 'the first message must be {"type": "auth", "token": …} with a valid '
                                          "token (it may have expired or been revoked)", 4001)
        return
    if not (guard.connect_ip.allow(ip) and guard.connect_token.allow(player.player_id)):
        await _refuse(ws, 0, "rate_limited", "too many connections; wait a moment before reconnecting", 4029)
        return
    hub: LobbyHub = server.lobby
    conn = Conn(ws, player.player_id, player)
    hub.add(conn)
    try:
        friends = server.platform.friends
        listing = await friends.listing(player.player_id)
        invites = await friends.invites_for(player.player_id)
        # the room where this player holds a seat (on any node): a second device finds its open seat
        there = (await hub.presence([player.player_id])).get(player.player_id)
        conn.send(lobby_message("hello", player_id=player.player_id, invites=invites, requests=listing["incoming"],
                                room=there["room"] if there is not None else None))
        while not conn.closed:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not guard.ws_token.allow(player.player_id):
                continue
            problem = bad_lobby_message(frame.get("text"))
            conn.send(lobby_message("pong") if problem is None
                      else lobby_message("error", code="bad_message", reason=problem))
    except WebSocketDisconnect:
        pass
    finally:
        hub.remove(conn)
        await conn.drain(1.0)
