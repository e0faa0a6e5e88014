"""The store's group commit on its hot path (a batch of records only: one statement on PostgreSQL, the
fence read and the insert together; executemany and commit on SQLite), against the real databases:
a stale epoch's batch writes nothing, a claim in flight is waited for, a broken connection is replaced,
a bad row fails only its own write."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import asyncpg
import pytest

from majiang.backend import journal
from majiang.backend.store import StaleOwner, Store
from majiang.server.cluster.fencing import claim_epoch
from tests.server.conftest import PG_ROOT, database_url, drop_schema

RECORD = journal.decode("act", '{"seat":2,"action":{"type":"discard","tile":28}}')


@pytest.fixture
def pg_url(tmp_path: Path) -> Iterator[tuple[str, str]]:
    url, schema = database_url("postgres", tmp_path)
    assert url is not None and schema is not None
    yield url, schema
    drop_schema(schema)


@pytest.fixture
async def pg(pg_url: tuple[str, str]) -> AsyncIterator[Store]:
    store = Store(pg_url[0])
    await store.open()
    yield store
    await store.close()


@pytest.fixture
async def sqlite(tmp_path: Path) -> AsyncIterator[Store]:
    store = Store(f"sqlite+aiosqlite:///{tmp_path / 'commit.sqlite3'}")
    await store.open()
    yield store
    await store.close()


async def _idx(store: Store, code: str) -> list[int]:
    return [i for i, _ in await store.events(code)]


async def _append(store: Store, rows: list[tuple[str, int]]) -> list[BaseException | None]:
    """Queue the rows at once (one batch for the writer) and wait for each."""
    futs = [store.append(code, idx, RECORD) for code, idx in rows]
    return list(await asyncio.gather(*futs, return_exceptions=True))


@pytest.mark.postgres
async def test_pg_fenced_batch_commits_in_one_statement(pg: Store) -> None:
    for code in ("AAAA", "BBBB"):
        await claim_epoch(pg, code, "n0")
    commits = pg.commits
    assert await _append(pg, [("AAAA", 1), ("BBBB", 1), ("AAAA", 2)]) == [None, None, None]
    assert pg.commits == commits + 1
    assert await _idx(pg, "AAAA") == [1, 2] and await _idx(pg, "BBBB") == [1]
    assert pg._hot is not None  # (the hot path ran: the writer's own connection)


@pytest.mark.postgres
async def test_pg_stale_epoch_writes_nothing(pg: Store, pg_url: tuple[str, str]) -> None:
    """Another node claimed BBBB (its epoch moved on): this node's statement refuses the whole batch, then
    the one-by-one retry commits AAAA's rows and refuses BBBB's; none of BBBB's rows is written."""
    await claim_epoch(pg, "AAAA", "n0")
    await claim_epoch(pg, "BBBB", "n0")
    other = Store(pg_url[0])
    try:
        assert await claim_epoch(other, "BBBB", "n1") == 2
    finally:
        await other.close()
    batch = [("AAAA", 1), ("BBBB", 1), ("AAAA", 2), ("BBBB", 2)]
    with pytest.raises(StaleOwner) as refused:  # the statement itself: nothing of the batch is written
        await pg._transaction([("event", {"room_code": c, "idx": i, "kind": "act", "data": "{}"},
                                asyncio.get_running_loop().create_future(), c) for c, i in batch])
    assert refused.value.codes == ["BBBB"]
    assert await _idx(pg, "AAAA") == [] and await _idx(pg, "BBBB") == []
    results = await _append(pg, batch)  # the writer: the batch refused, then each row on its own
    assert results[0] is None and results[2] is None
    assert isinstance(results[1], StaleOwner) and isinstance(results[3], StaleOwner)
    assert await _idx(pg, "AAAA") == [1, 2] and await _idx(pg, "BBBB") == []


@pytest.mark.postgres
async def test_pg_dropped_table_and_unclaimed_table_are_refused(pg: Store) -> None:
    await claim_epoch(pg, "AAAA", "n0")
    pg.fence["AAAA"] = -1  # what ClusterNode.drop sets: any write still queued is refused
    pg.fence["CCCC"] = 1  # an epoch the database has no row for
    results = await _append(pg, [("AAAA", 1), ("CCCC", 1)])
    assert all(isinstance(r, StaleOwner) for r in results)
    assert await _idx(pg, "AAAA") == [] and await _idx(pg, "CCCC") == []


@pytest.mark.postgres
async def test_pg_claim_in_flight_is_waited_for(pg: Store, pg_url: tuple[str, str]) -> None:
    """A claim that raised the epoch and has not committed yet holds the owner row's lock: the append
    waits for it (FOR SHARE), reads the new epoch and writes nothing."""
    await claim_epoch(pg, "AAAA", "n0")
    schema = pg_url[1]
    claimer = await asyncpg.connect(PG_ROOT)
    try:
        tx = claimer.transaction()
        await tx.start()
        await claimer.execute(f"UPDATE {schema}.room_owners SET epoch = epoch + 1, node = 'n1' WHERE code = 'AAAA'")
        pending = asyncio.ensure_future(_append(pg, [("AAAA", 1)]))
        await asyncio.sleep(0.3)
        assert not pending.done(), "the append did not wait for the claim's row lock"
        await tx.commit()
        (result,) = await asyncio.wait_for(pending, 10)
    finally:
        await claimer.close()
    assert isinstance(result, StaleOwner)
    assert await _idx(pg, "AAAA") == []


@pytest.mark.postgres
async def test_pg_unfenced_and_mixed_batches(pg: Store) -> None:
    """One node without a cluster (nothing fenced) takes the same statement; a batch with an op (a room
    row) takes the transaction, fenced as before."""
    assert await _append(pg, [("DDDD", 1), ("DDDD", 2)]) == [None, None]
    assert await _idx(pg, "DDDD") == [1, 2]
    await claim_epoch(pg, "EEEE", "n0")
    futs = [pg.add_room("EEEE", "hefei", {}, {}), pg.append("EEEE", 1, RECORD)]
    assert await asyncio.gather(*futs) == [None, None]
    assert await pg.room_exists("EEEE") and await _idx(pg, "EEEE") == [1]
    pg.fence["EEEE"] = 7
    results = await asyncio.gather(pg.set_room_status("EEEE", "finished", [0, 0, 0, 0]),
                                   pg.append("EEEE", 2, RECORD), return_exceptions=True)
    assert all(isinstance(r, StaleOwner) for r in results)
    assert (await pg.room("EEEE") or {})["status"] == "waiting" and await _idx(pg, "EEEE") == [1]


@pytest.mark.postgres
async def test_pg_broken_connection_is_replaced(pg: Store) -> None:
    await claim_epoch(pg, "AAAA", "n0")
    assert await _append(pg, [("AAAA", 1)]) == [None]
    assert pg._hot is not None
    pid = pg._hot[1].get_server_pid()
    killer = await asyncpg.connect(PG_ROOT)
    try:
        await killer.execute("SELECT pg_terminate_backend($1)", pid)
    finally:
        await killer.close()
    await asyncio.sleep(0.1)
    # the batch fails on the dead connection; its one-by-one retry takes a fresh one
    assert await _append(pg, [("AAAA", 2), ("AAAA", 3)]) == [None, None]
    assert await _idx(pg, "AAAA") == [1, 2, 3]
    assert pg._hot is not None and pg._hot[1].get_server_pid() != pid


@pytest.mark.postgres
async def test_pg_duplicate_row_fails_only_itself(pg: Store) -> None:
    assert await _append(pg, [("AAAA", 1)]) == [None]
    results = await _append(pg, [("BBBB", 1), ("AAAA", 1), ("BBBB", 2)])
    assert results[0] is None and results[2] is None and isinstance(results[1], asyncpg.UniqueViolationError)
    assert await _idx(pg, "AAAA") == [1] and await _idx(pg, "BBBB") == [1, 2]


async def test_sqlite_batch_and_a_bad_row(sqlite: Store) -> None:
    commits = sqlite.commits
    assert await _append(sqlite, [("AAAA", 1), ("BBBB", 1), ("AAAA", 2)]) == [None, None, None]
    assert sqlite.commits == commits + 1 and sqlite._hot is not None
    # a duplicate row in the middle: the batch is rolled back whole (no row of it half written), then
    # each row is retried on its own and only the duplicate fails
    results = await _append(sqlite, [("BBBB", 2), ("AAAA", 2), ("BBBB", 3)])
    assert results[0] is None and results[2] is None and results[1] is not None
    assert await _idx(sqlite, "AAAA") == [1, 2] and await _idx(sqlite, "BBBB") == [1, 2, 3]
    # ops still take the transaction, and the hot connection holds no transaction open between batches
    assert await asyncio.gather(sqlite.add_room("AAAA", "hefei", {}, {}), sqlite.append("AAAA", 3, RECORD)) \
        == [None, None]
    assert await sqlite.room_exists("AAAA") and await _idx(sqlite, "AAAA") == [1, 2, 3]
    assert not sqlite._hot[1].in_transaction
