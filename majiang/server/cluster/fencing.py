"""Fencing epochs in PostgreSQL: a claim raises a table's epoch; the store checks it on every write.

The claim takes the row lock that every append of the table holds in share mode (the store's one
statement per batch, ``majiang.backend.store._APPEND_PG``, or ``Store._check_fence`` in a batch with an op),
so it waits for an append in flight to commit and every later append of the previous owner sees the new
epoch and is refused. Whatever the previous owner committed — everything anyone was shown — is in the
log the new owner then rebuilds from.
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert

from majiang.backend.schema import room_owners
from majiang.backend.store import Store


async def claim_epoch(store: Store, code: str, node_id: str) -> int:
    stmt = insert(room_owners).values(code=code, epoch=1, node=node_id)
    stmt = stmt.on_conflict_do_update(index_elements=[room_owners.c.code],
                                      set_={"epoch": room_owners.c.epoch + 1, "node": node_id})
    async with store.engine.begin() as conn:
        epoch = (await conn.execute(stmt.returning(room_owners.c.epoch))).scalar_one()
    store.fence[code] = int(epoch)
    return int(epoch)


async def current_epoch(store: Store, code: str) -> int | None:
    async with store.engine.connect() as conn:
        row = (await conn.execute(select(room_owners.c.epoch).where(room_owners.c.code == code))).first()
    return None if row is None else int(row[0])
