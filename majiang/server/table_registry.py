"""Where live tables are found by room code.

The app talks to tables only through :class:`TableRegistry`, so a Redis-backed registry can later
let several server processes share rooms: it would map a code to the process that owns the table
(one owner per table keeps the single-writer design) and route or redirect the rest.
"""

from __future__ import annotations

import secrets
from typing import Protocol

from majiang.server.live_table import LiveTable

CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: codes are read aloud and typed
CODE_LENGTH = 6


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


class TableRegistry(Protocol):
    async def add(self, table: LiveTable) -> None: ...

    async def get(self, code: str) -> LiveTable | None: ...

    async def remove(self, code: str) -> None: ...

    async def all(self) -> list[LiveTable]: ...

    async def open_tables(self) -> list[LiveTable]:
        """Public rooms waiting for players, with a free seat."""
        ...

    async def watchable_tables(self) -> list[LiveTable]:
        """Public rooms being played that let others watch."""
        ...


class MemoryRegistry:
    """Every table lives in this process."""

    def __init__(self) -> None:
        self._tables: dict[str, LiveTable] = {}

    async def add(self, table: LiveTable) -> None:
        self._tables[table.code] = table

        async def forget() -> None:  # a finished/dissolved table leaves memory (history reads the store)
            if self._tables.get(table.code) is table:
                del self._tables[table.code]
            # table -> forget -> table is a cycle: break it, so the table (and its match, hands, bots) is
            # freed at once by reference counting instead of waiting for a rare full collection
            table.on_closed = None
        table.on_closed = forget

    async def get(self, code: str) -> LiveTable | None:
        return self._tables.get(code.upper())

    async def remove(self, code: str) -> None:
        self._tables.pop(code, None)

    async def all(self) -> list[LiveTable]:
        return list(self._tables.values())

    async def watchable_tables(self) -> list[LiveTable]:
        return [t for t in self._tables.values()
                if t.state.status == "playing" and t.state.settings.public and t.state.settings.watch]

    async def open_tables(self) -> list[LiveTable]:
        return [t for t in self._tables.values()
                if t.state.status == "waiting" and t.state.settings.public and t.state.match is None
                and t.state.free_seat() is not None
                and any(s.human for s in t.state.seats)]  # a room every person has left is not open any more
