"""Rebuilding tables after a restart: apply each unfinished room's stored records again.

The engine is deterministic and every change to a table is a record, so the rebuilt table is
the table as it was at its last committed record — the last state anyone was shown.
"""

from __future__ import annotations

import logging

import msgspec

from majiang.server.live_table import EVICT_SECONDS, IDLE_SECONDS, LiveTable
from majiang.server.protocol import RoomSettings
from majiang.server.store import Store
from majiang.server.table_registry import TableRegistry
from majiang.server.table_state import TableState

log = logging.getLogger("majiang.server")


async def rebuild(store: Store, code: str, bot_name: str = "", idle_seconds: float = IDLE_SECONDS,
                  evict_seconds: float = EVICT_SECONDS) -> LiveTable:
    records = await store.events(code)
    if not records or records[0][1] != "create":
        raise ValueError(f"room {code} has no create record")
    create = records[0][2]
    settings = msgspec.convert(create["settings"], RoomSettings)
    state = TableState(code, create["ruleset"], create["options"], settings)
    state.seq = state.shown_seq = 1  # the create record
    state.creator, state.duplicate = create.get("by"), create.get("duplicate")
    for idx, kind, data in records[1:]:
        state.apply(kind, data)
        if state.seq != idx:
            raise ValueError(f"room {code}: record {idx} applied as seq {state.seq}")
    return LiveTable(state, store, bot_name, idle_seconds, evict_seconds)


async def recover_all(store: Store, registry: TableRegistry, bot_name: str = "",
                      idle_seconds: float = IDLE_SECONDS, evict_seconds: float = EVICT_SECONDS) -> int:
    count = 0
    for code in await store.unfinished_rooms():
        try:
            table = await rebuild(store, code, bot_name, idle_seconds, evict_seconds)
        except Exception:
            log.exception("could not rebuild room %s", code)
            continue
        if table.state.vote is not None:  # a vote does not survive a restart: nobody could answer it in time
            await table.commit(("vote_end", {"result": "restart"}))
        await registry.add(table)
        table.start_after_recovery()
        count += 1
    return count
