"""Requests for a table another node owns are relayed to that node (docs/server.md, "Routing").

A websocket is relayed frame by frame over a websocket to the owner's internal address; a REST call on
a live room (``/api/rooms/{code}``, ``…/join``, ``…/bots``, ``…/dissolve``, ``…/rematch``, ``…/test-deal``) is
forwarded as it is. The
open-rooms list (``GET /api/rooms``) asks every live node for its own and merges them. A relayed request
carries a header proving it comes from a node (an HMAC of the shared secret) and the client's address,
so the owner applies its per-address limits to the real client and never relays it again.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import re
from typing import Any

import httpx
import websockets
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from majiang.backend.auth import operator_ok
from majiang.server.quotas import held_here

HOP = "x-majiang-hop"  # proof that a node relayed this request
CLIENT = "x-majiang-client"  # the client's address as the relaying node saw it
ROOM_PATH = re.compile(r"^/(?:ws|api/rooms)/([A-Za-z0-9]{1,16})"
                       r"(?:/(?:join|bots|dissolve|rematch|test-deal|admin/[a-z]+))?/?$")


def _bearer(headers: dict[bytes, bytes]) -> str | None:
    """The operator token as rest.py reads it: ``Authorization: Bearer …`` or ``X-Operator-Token``."""
    value = headers.get(b"authorization", b"").decode("latin-1")
    if value.lower().startswith("bearer "):
        return value[7:].strip()
    token = headers.get(b"x-operator-token")
    return token.decode("latin-1") if token is not None else None


def hop_value(secret: str) -> str:
    return hmac.new(secret.encode(), b"majiang-node-hop", hashlib.sha256).hexdigest()


class Router:
    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.http: httpx.AsyncClient | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        server = getattr(scope.get("app"), "state", None) and getattr(scope["app"].state, "server", None)
        cluster = getattr(server, "cluster", None) if server is not None else None
        if cluster is None or scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        assert server is not None  # (a cluster is its server's)
        headers = dict(scope["headers"])
        secret_hop = hop_value(server.settings.secret).encode()
        if hmac.compare_digest(headers.get(HOP.encode(), b""), secret_hop):
            if scope["path"] == "/api/cluster/held" and scope["type"] == "http":  # another node's quota check
                await self._held(cluster, scope, send)
                return
            if scope["path"] == "/api/cluster" and scope["type"] == "http":
                await self._state(cluster, send)
                return
            client = headers.get(CLIENT.encode(), b"").decode()
            if client:  # per-address limits count the real client, not the relaying node
                scope = {**scope, "client": (client, 0)}
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        if path == "/api/cluster" and scope["type"] == "http":
            # its tables include private rooms' codes and its nodes their internal addresses: the operator's
            if not operator_ok(server.settings.operator_token, _bearer(headers)):
                await _json(send, 403, {"error": "forbidden", "reason": "the cluster's state needs the operator token"})
                return
            await self._state(cluster, send)
            return
        ip = scope["client"][0] if scope.get("client") else "?"
        fwd = [(HOP.encode(), secret_hop), (CLIENT.encode(), ip.encode())]
        if scope["type"] == "http" and path.rstrip("/") == "/api/rooms" and scope["method"] == "GET":
            await self._lobby(cluster, scope, send, fwd)
            return
        m = ROOM_PATH.match(path)
        target = None
        if m is not None:
            try:
                target = await cluster.owner_of(m.group(1).upper())
            except Exception as e:  # Redis away: say so, the client retries
                await _unavailable(scope, receive, send, f"routing is unavailable: {e!r}")
                return
        if target is None:
            await self.app(scope, receive, send)
        elif scope["type"] == "websocket":
            assert m is not None  # (a target is only found for a room path)
            code = m.group(1).upper()
            cluster.relay_opened(code, target[0])
            try:
                await relay_websocket(scope, receive, send, target[1], fwd,
                                      watch=lambda: cluster.still_owner(code, target[0]))
            finally:
                cluster.relay_closed(code)
        else:
            await self._forward(scope, receive, send, target[1], fwd, server.settings.limits.body_bytes)

    @staticmethod
    async def _state(cluster: Any, send: Send) -> None:
        """This node: its id, its tables, its takeovers and the live nodes (for the operator and the nodes)."""
        tables = sorted(t.code for t in await cluster.registry.all() if t.broken is None)
        await _json(send, 200, {"node": cluster.node_id, "tables": tables, "takeovers": cluster.takeovers,
                                "nodes": await cluster.leases.nodes()})

    @staticmethod
    async def _held(cluster: Any, scope: Scope, send: Send) -> None:
        """What a player holds in this node's own open tables (majiang/server/quotas.py)."""
        from urllib.parse import parse_qs

        player = parse_qs(scope["query_string"].decode()).get("player_id", [""])[0]
        if not player:
            await _json(send, 400, {"error": "bad_request", "reason": "give player_id"})
            return
        rooms, seats = await held_here(cluster.registry, player)
        await _json(send, 200, {"rooms": rooms, "seats": seats})

    def _client(self) -> httpx.AsyncClient:
        if self.http is None:
            self.http = httpx.AsyncClient(timeout=20, trust_env=False)  # node to node: never via a proxy
        return self.http

    async def _forward(self, scope: Scope, receive: Receive, send: Send, base: str,
                       fwd: list[tuple[bytes, bytes]], limit: int) -> None:
        body = b""
        while True:
            msg = await receive()
            body += msg.get("body", b"")
            if len(body) > limit:  # the owner would refuse it too: never buffer more than that here
                await _json(send, 413, {"error": "too_large", "reason": f"the request body is over {limit} bytes"})
                return
            if not msg.get("more_body"):
                break
        headers = [(k, v) for k, v in scope["headers"] if k not in (b"host", HOP.encode(), CLIENT.encode())]
        url = base + scope["path"] + (("?" + scope["query_string"].decode()) if scope["query_string"] else "")
        try:
            r = await self._client().request(scope["method"], url, headers=headers + fwd, content=body)
        except httpx.HTTPError as e:
            await _unavailable(scope, receive, send, f"the room's server did not answer: {e!r}")
            return
        out = [(k.encode(), v.encode()) for k, v in r.headers.items()
               if k.lower() not in ("content-length", "transfer-encoding", "connection", "content-encoding")]
        await send({"type": "http.response.start", "status": r.status_code,
                    "headers": [*out, (b"content-length", str(len(r.content)).encode())]})
        await send({"type": "http.response.body", "body": r.content})

    async def _lobby(self, cluster: Any, scope: Scope, send: Send, fwd: list[tuple[bytes, bytes]]) -> None:
        """Every live node's open rooms (or watchable ones), merged and paged here."""
        from urllib.parse import parse_qsl, urlencode

        query = dict(parse_qsl(scope["query_string"].decode()))
        try:
            limit = int(query.get("limit", "50"))
            offset = int(query.get("offset", "0"))
        except ValueError:
            limit, offset = -1, -1
        if not (1 <= limit <= 200 and 0 <= offset <= 100_000):
            body = {"error": "bad_request", "reason": "limit must be 1..200 and offset 0..100000"}
            await _json(send, 400, body)
            return
        sub = urlencode({**query, "limit": 200, "offset": 0})
        nodes = await cluster.leases.nodes()
        answers = await asyncio.gather(*(self._client().get(f"{url}/api/rooms?{sub}", headers=fwd)
                                         for url in nodes.values()), return_exceptions=True)
        rooms: list[Any] = []
        for a in answers:
            if isinstance(a, httpx.Response) and a.status_code == 200:
                rooms.extend(a.json()["rooms"])
        rooms.sort(key=lambda r: r["code"])
        page = rooms[offset:offset + limit]
        more = offset + limit < len(rooms)
        await _json(send, 200, {"rooms": page, "total": len(rooms), "next": offset + limit if more else None})


async def relay_websocket(scope: Scope, receive: Receive, send: Send, base: str,
                          fwd: list[tuple[bytes, bytes]], watch: Any = None) -> None:
    """Pipe a client's websocket to the owner's, both ways. If the owner goes away without a close
    (killed), or ``watch()`` says it is not the owner any more (paused past its lease, then taken
    over), the client is closed with 1012 and reconnects — to any node, which finds the new owner."""
    first = await receive()
    if first["type"] != "websocket.connect":
        return
    url = base.replace("http://", "ws://").replace("https://", "wss://") + scope["path"]
    try:
        upstream = await websockets.connect(url, additional_headers=[(k.decode(), v.decode()) for k, v in fwd],
                                            max_size=2**22, open_timeout=15, ping_interval=None, proxy=None,
                                            compression=None)  # node to node: bandwidth is not the cost
    except Exception:  # the owner is gone (its lease has not expired yet): try again later
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1013})
        return
    await send({"type": "websocket.accept"})

    async def down() -> None:
        with contextlib.suppress(websockets.ConnectionClosed):
            async for frame in upstream:
                if isinstance(frame, str):
                    await send({"type": "websocket.send", "text": frame})
                else:
                    await send({"type": "websocket.send", "bytes": frame})
        code = upstream.close_code
        with contextlib.suppress(Exception):
            await send({"type": "websocket.close", "code": code if code and code not in (1005, 1006) else 1012})

    async def up() -> None:
        while True:
            msg: Message = await receive()
            if msg["type"] == "websocket.disconnect":
                await upstream.close()
                return
            data = msg.get("text")
            with contextlib.suppress(websockets.ConnectionClosed):
                await upstream.send(data if data is not None else (msg.get("bytes") or b""))

    async def owner_lives() -> None:
        while watch is not None:
            await asyncio.sleep(1.0)
            if not watch():
                with contextlib.suppress(Exception):
                    await send({"type": "websocket.close", "code": 1012})
                return

    tasks = [asyncio.create_task(down()), asyncio.create_task(up()), asyncio.create_task(owner_lives())]
    try:
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        with contextlib.suppress(Exception):
            await upstream.close()


async def _json(send: Send, status: int, body: Any) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


async def _unavailable(scope: Scope, receive: Receive, send: Send, reason: str) -> None:
    if scope["type"] == "websocket":
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1013})
    else:
        await _json(send, 503, {"error": "unavailable", "reason": reason})
