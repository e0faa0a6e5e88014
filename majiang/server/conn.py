"""One player's websocket: an outgoing queue with its own writer task, so a slow client never
holds up the table that is sending to it."""

from __future__ import annotations

import asyncio
import contextlib

from starlette.websockets import WebSocket

from majiang.backend.auth import Player

MAX_QUEUED = 1000  # messages waiting for a client that does not read; beyond this it is dropped


class Conn:
    def __init__(self, ws: WebSocket, player_id: str, player: Player | None = None) -> None:
        self.ws = ws
        self.player_id = player_id
        self.player = player  # the token it authenticated with: a revocation closes the socket
        self.seat: int | None = None
        self.watching = False  # a spectator: no seat, public information only
        self.closed = False
        self._out: asyncio.Queue[bytes | int] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop())

    def send(self, data: bytes) -> None:
        if self.closed:
            return
        if self._out.qsize() > MAX_QUEUED:
            self.close(1008)
            return
        self._out.put_nowait(data)

    def close(self, code: int = 1000) -> None:
        """Close after what is already queued has been sent."""
        if not self.closed:
            self.closed = True
            self._out.put_nowait(code)

    async def _write_loop(self) -> None:
        try:
            while True:
                item = await self._out.get()
                if isinstance(item, int):
                    with contextlib.suppress(Exception):
                        await self.ws.close(item)
                    return
                await self.ws.send_text(item.decode())
        except Exception:  # the peer went away; the reader notices and detaches the seat
            self.closed = True

    async def drain(self, timeout: float = 2.0) -> None:
        """Close (1000 unless a close code is already queued) after everything queued has been sent,
        and wait up to ``timeout`` for it: the last messages and the close code reach the client
        before the endpoint returns (returning closes the socket at once)."""
        self.close(1000)
        try:
            await asyncio.wait_for(asyncio.shield(self._writer), timeout)
        except (TimeoutError, asyncio.CancelledError, Exception):
            await self.finish()

    async def finish(self) -> None:
        self.closed = True
        self._writer.cancel()
        with contextlib.suppress(BaseException):
            await self._writer
