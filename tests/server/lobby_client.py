"""A player's lobby socket (``/lobby/ws``, majiang/server/lobby.py) for the tests: keeps every message
and wakes whoever waits for one of a kind."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection


class LobbyClient:
    def __init__(self, ws_base: str, token: str) -> None:
        self.url = f"{ws_base}/lobby/ws"
        self.token = token
        self.ws: ClientConnection | None = None
        self.messages: list[dict[str, Any]] = []
        self.closed = asyncio.Event()
        self.close_code: int | None = None
        self._changed = asyncio.Event()
        self._reader: asyncio.Task[None] | None = None

    async def connect(self) -> LobbyClient:
        self.ws = await websockets.connect(self.url)
        await self.ws.send(json.dumps({"type": "auth", "token": self.token}))
        self._reader = asyncio.create_task(self._read())
        await self.next_of("hello", after=0)
        return self

    async def _read(self) -> None:
        assert self.ws is not None
        try:
            async for frame in self.ws:
                self.messages.append(json.loads(frame))
                self._changed.set()
        except websockets.ConnectionClosed:
            pass
        finally:
            self.close_code = self.ws.close_code
            self.closed.set()
            self._changed.set()

    async def next_of(self, kind: str, after: int | None = None, timeout: float = 10) -> dict[str, Any]:
        """The first message of ``kind`` from index ``after`` on (default: from now on)."""
        start = len(self.messages) if after is None else after

        async def wait() -> dict[str, Any]:
            while True:
                for m in self.messages[start:]:
                    if m["type"] == kind:
                        return m
                if self.closed.is_set():
                    raise AssertionError(f"lobby socket closed ({self.close_code}) before {kind}: {self.messages}")
                self._changed.clear()
                await self._changed.wait()
        return await asyncio.wait_for(wait(), timeout)

    def mark(self) -> int:
        return len(self.messages)

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await self._reader
