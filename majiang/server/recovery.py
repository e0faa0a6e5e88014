"""Rebuilding tables after a restart: apply each unfinished room's stored records again.

The engine is deterministic and every change to a table is a record, so the rebuilt table is
the table as it was at its last committed record — the last state anyone was shown.
"""

from __future__ import annotations

import logging

from majiang.backend import journal
from majiang.backend.store import Store
from majiang.server.live_table import EVICT_SECONDS, IDLE_SECONDS, LiveTable
from majiang.server.table_registry import TableRegistry
from majiang.server.table_state import TableState

log = logging.getLogger("majiang.server")


async def rebuild(store: Store, code: str, bot_name: str = "", idle_seconds: float = IDLE_SECONDS,
                  evict_seconds: float = EVICT_SECONDS) -> LiveTable:
    records = await store.events(code)
    if not records or not isinstance(create := records[0][1], journal.Create):
        raise ValueError(f"room {code} has no create record")
    state = TableState(code, create.ruleset, create.options, create.settings)
    # the create record too: it names the room's creator (rooms per player) and a tournament table's walls
    for idx, record in records:
        state.apply(record)
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
            await table.commit(journal.VoteEnd(result="restart"))
        await registry.add(table)
        table.start_after_recovery()
        count += 1
    return count
