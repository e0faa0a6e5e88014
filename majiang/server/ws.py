"""The websocket endpoint: authenticate (the token is the first message), take the seat, then read
intents with size and rate limits per connection, per player and per client address."""

from __future__ import annotations

import asyncio
import time

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from majiang.backend import auth
from majiang.backend.limits import Bucket
from majiang.backend.metrics import REFUSALS
from majiang.backend.protocol import (
    ABUSE_DROPS,
    AUTH_SECONDS,
    MAX_FRAME,
    RATE_BURST,
    RATE_PER_SECOND,
    Act,
    action_problem,
    auth_decoder,
    client_decoder,
    message,
)
from majiang.server import addresses
from majiang.server.conn import Conn
from majiang.server.intents import handle
from majiang.server.live_table import TableError
from majiang.server.logs import TABLE
from majiang.server.quotas import held
from majiang.server.revocation import close_as_revoked
from majiang.server.services import Server

FLOOD_GAP = 10.0  # seconds without a dropped message that end a flood (the drop count starts again)
RateLimit = Bucket  # one connection's own limit: RATE_PER_SECOND sustained, RATE_BURST at once


async def websocket_endpoint(ws: WebSocket) -> None:
    try:
        await _serve(ws)
    finally:  # refused or served, its protocol objects are now garbage for the next full collection
        ws.app.state.server.upkeep.connection_closed()


async def _serve(ws: WebSocket) -> None:
    server: Server = ws.app.state.server
    guard = server.guard
    code = ws.path_params["code"].upper()
    TABLE.set(code)  # every record logged while serving this connection names its table
    await ws.accept()
    ip = ws.client.host if ws.client else "?"
    if "token" in ws.query_params:  # it would sit in every access log: refused so clients move it
        await _refuse(ws, 0, "bad_token", 'send the token as the first message {"type": "auth", "token": …}, '
                                          "not in the URL", 4001)
        return
    player = await _authenticate(ws, server)
    if player is None:
        await _refuse(ws, 0, "bad_token", "the first message must be {\"type\": \"auth\", \"token\": …} "
                                          "with a valid token (it may have expired or been revoked)", 4001)
        return
    # Every connection costs a full snapshot: reconnecting in a loop is throttled per player and address.
    if not (guard.connect_ip.allow(ip) and guard.connect_token.allow(player.player_id)):
        await _refuse(ws, 0, "rate_limited", "too many connections; wait a moment before reconnecting", 4029)
        return
    wait = guard.room_codes.wait(ip)  # too many codes that named no room: guessing (majiang/backend/throttle.py)
    if wait is not None:
        await _refuse(ws, 0, "rate_limited", f"too many room codes that named no room; try again in {wait:.0f} s",
                      4029)
        return
    await server.oversight.fresh()
    ban = server.oversight.banned("address", ip) or server.oversight.banned("player", player.player_id)
    if ban is not None:
        await _refuse(ws, 0, "banned", f"banned by the operator: {ban['reason']}", 4003)
        return
    table = await server.registry.get(code)
    if not await server.platform.clubs.may_enter(code, player.player_id):  # a club's: members only
        table = None
    elif table is None and await _being_claimed(server, code):
        # Its lease is expiring or a node is claiming it: not here yet, but it exists. 4004 is final
        # to the clients (they stop reconnecting), so it is said only of a room the database does not
        # have live; this is "try again" (issue 30: 9 of 48 reconnects during takeovers got 4004).
        await _refuse(ws, 0, "unavailable", f"room {code} is moving to another server; reconnect", 1013)
        return
    if table is None:
        guard.room_codes.miss(ip)
        await _refuse(ws, 0, "no_room", f"no room {code}", 4004)
        return
    if table.state.seat_of(player.player_id) is None and table.state.settings.ranked \
            and table.state.status == "waiting" and not await server.platform.accounts.is_account(player.player_id):
        await _refuse(ws, table.state.seq, "account_needed", "ranked rooms are for accounts: sign up first", 4003)
        return
    if table.state.seat_of(player.player_id) is None:
        _, seats = await held(server, player.player_id)
        if seats >= server.limits.seats_per_token:
            await _refuse(ws, table.state.shown_seq, "quota", f"you already hold {seats} seats in open rooms", 4003)
            return
    same = table.state.settings.same_address
    clash = addresses.sharing(table, player.player_id, ip) if same != "allow" else []
    if clash and same == "refuse" and table.state.status in ("waiting", "playing") \
            and (table.state.seat_of(player.player_id) is not None or table.state.status == "waiting"):
        await _refuse(ws, table.state.shown_seq, "same_address", "another seat at this table connects from your "
                                                                  "address, and this room refuses that", 4003)
        return
    conn = Conn(ws, player.player_id, player)
    try:
        seat = await table.attach(conn, player.player_id, player.name)
    except TableError as e:
        await conn.finish()
        await _refuse(ws, table.state.shown_seq, e.code, e.reason, 4003)
        return
    if clash and seat is not None and same == "warn":
        addresses.warn(table)
    if guard.revocations.revoked(player):
        # revoked while this connection was being seated (after the check at the door, before the
        # table listed it, where close_revoked could not see it): closed now, like any other
        close_as_revoked(conn, table.state.shown_seq)
    limit = RateLimit(RATE_PER_SECOND, RATE_BURST)
    dropped, last_drop = 0, 0.0  # drops in the current flood (a flood ends after FLOOD_GAP s without one)
    try:
        while not conn.closed:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            raw: bytes = text.encode() if text is not None else (frame.get("bytes") or b"")
            # the per-player and per-address buckets are shared by every connection (reconnecting
            # does not refill them); looked up for each message, never kept: housekeeping forgets a
            # bucket once it has refilled, and a kept one would then be a second bucket for the key
            own = limit.allow()
            if not own:  # this connection's own limit (the keyed buckets count their refusals themselves)
                REFUSALS.labels("ws_connection").inc()
            if not (own and guard.ws_token.allow(player.player_id) and guard.ws_ip.allow(ip)):
                now = time.monotonic()
                dropped = dropped + 1 if now - last_drop < FLOOD_GAP else 1
                last_drop = now
                if dropped >= ABUSE_DROPS:
                    conn.close(1008)
                    break
                kind = _kind_of(raw)
                conn.send(message("error", table.state.shown_seq, code="rate_limited",
                                  reason=f"too many messages: {kind or 'the message'} was dropped, "
                                         "send it again after a pause", ref=kind))
                continue
            if len(raw) > MAX_FRAME:
                conn.send(message("error", table.state.shown_seq, code="too_large",
                                  reason=f"a message is at most {MAX_FRAME} bytes", ref=None))
                continue
            try:
                msg = client_decoder.decode(raw)
            except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as e:
                reason = str(e) if not isinstance(e, RecursionError) else "the message nests too deeply"
                conn.send(message("error", table.state.shown_seq, code="bad_message", reason=reason, ref=_kind_of(raw)))
                continue
            if conn.watching:
                await table.watcher_intent(conn, type(msg).__struct_config__.tag)  # type: ignore[arg-type]
                continue
            if isinstance(msg, Act):
                problem = action_problem(msg.action)
                if problem is not None:
                    conn.send(message("error", table.state.shown_seq, code="bad_message", reason=problem, ref="act"))
                    continue
            if conn.seat is None or seat is None:  # left the seat
                break
            await handle(table, seat, msg, conn)
    except WebSocketDisconnect:
        pass
    finally:
        await table.detach(conn)
        await conn.drain(2.0)  # the last messages (room, dissolved…) and the close code go out first


async def _authenticate(ws: WebSocket, server: Server) -> auth.Player | None:
    """The player named by the first message's token, or None (no auth message in time, or a bad token)."""
    try:
        frame = await asyncio.wait_for(ws.receive(), AUTH_SECONDS)
    except TimeoutError:
        return None
    text = frame.get("text")
    raw: bytes = text.encode() if text is not None else (frame.get("bytes") or b"")
    if frame["type"] != "websocket.receive" or len(raw) > MAX_FRAME:
        return None
    try:
        first = auth_decoder.decode(raw)
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None
    return auth.verify(server.secret, first.token, server.guard.revocations)


class _Kind(msgspec.Struct):
    type: str


_kind_decoder = msgspec.json.Decoder(_Kind)


def _kind_of(raw: bytes) -> str | None:
    """The dropped message's type, so the client knows which intent to send again (None if unreadable)."""
    if len(raw) > MAX_FRAME:
        return None
    try:
        return _kind_decoder.decode(raw).type[:32]
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError):
        return None


async def _being_claimed(server: Server, code: str) -> bool:
    """The room is in the database and neither finished nor dissolved, but no table serves it here."""
    if server.cluster is None or len(code) > 16 or not code.isalnum():
        return False
    room = await server.store.room(code)
    return room is not None and room["status"] not in ("finished", "dissolved")


async def _refuse(ws: WebSocket, seq: int, code: str, reason: str, close: int) -> None:
    try:
        await ws.send_text(message("error", seq, code=code, reason=reason, ref=None).decode())
        await ws.close(close)
    except Exception:
        pass
