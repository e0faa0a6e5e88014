"""The websocket endpoint: authenticate, take the seat, then read intents with size and rate limits."""

from __future__ import annotations

import time

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from majiang.server import auth
from majiang.server.conn import Conn
from majiang.server.intents import handle
from majiang.server.protocol import ABUSE_DROPS, MAX_FRAME, RATE_BURST, RATE_PER_SECOND, client_decoder, message
from majiang.server.table import TableError


class RateLimit:
    """Token bucket: RATE_PER_SECOND sustained, RATE_BURST at once."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()
        self.dropped = 0

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False


async def websocket_endpoint(ws: WebSocket) -> None:
    app = ws.app.state.server
    await ws.accept()
    code = ws.path_params["code"].upper()
    player = auth.verify(app.settings.secret, ws.query_params.get("token"))
    if player is None:
        await _refuse(ws, 0, "bad_token", "missing or invalid token", 4001)
        return
    table = await app.registry.get(code)
    if table is None:
        await _refuse(ws, 0, "no_room", f"no room {code}", 4004)
        return
    conn = Conn(ws, player.player_id)
    try:
        seat = await table.attach(conn, player.player_id, player.name)
    except TableError as e:
        await conn.finish()
        await _refuse(ws, table.state.seq, e.code, e.reason, 4003)
        return
    limit = RateLimit()
    try:
        while not conn.closed:
            frame = await ws.receive()
            if frame["type"] == "websocket.disconnect":
                break
            text = frame.get("text")
            raw: bytes = text.encode() if text is not None else (frame.get("bytes") or b"")
            if not limit.allow():
                if limit.dropped >= ABUSE_DROPS:
                    conn.close(1008)
                    break
                kind = _kind_of(raw)
                conn.send(message("error", table.state.seq, code="rate_limited",
                                  reason=f"more than {RATE_PER_SECOND:g} messages a second: "
                                         f"{kind or 'the message'} was dropped, send it again", ref=kind))
                continue
            if len(raw) > MAX_FRAME:
                conn.send(message("error", table.state.seq, code="too_large",
                                  reason=f"a message is at most {MAX_FRAME} bytes", ref=None))
                continue
            try:
                msg = client_decoder.decode(raw)
            except (msgspec.ValidationError, msgspec.DecodeError) as e:
                conn.send(message("error", table.state.seq, code="bad_message", reason=str(e), ref=None))
                continue
            if conn.watching:
                await table.watcher_intent(conn, type(msg).__struct_config__.tag)  # type: ignore[arg-type]
                continue
            if conn.seat is None or seat is None:  # left the seat
                break
            await handle(table, seat, msg, conn)
    except WebSocketDisconnect:
        pass
    finally:
        await table.detach(conn)
        await conn.drain(2.0)  # the last messages (room, dissolved…) and the close code go out first


class _Kind(msgspec.Struct):
    type: str


_kind_decoder = msgspec.json.Decoder(_Kind)


def _kind_of(raw: bytes) -> str | None:
    """The dropped message's type, so the client knows which intent to send again (None if unreadable)."""
    if len(raw) > MAX_FRAME:
        return None
    try:
        return _kind_decoder.decode(raw).type[:32]
    except (msgspec.ValidationError, msgspec.DecodeError):
        return None


async def _refuse(ws: WebSocket, seq: int, code: str, reason: str, close: int) -> None:
    try:
        await ws.send_text(message("error", seq, code=code, reason=reason, ref=None).decode())
        await ws.close(close)
    except Exception:
        pass
