"""Fixtures: a real server per database backend (SQLite file, the machine's PostgreSQL)."""

from __future__ import annotations

import asyncio
import inspect
import os
import secrets
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import TypeVar, overload

import httpx
import pytest

from tests.server.harness import ServerProcess

PG_ROOT = os.environ.get("MAJIANG_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
T = TypeVar("T")


@overload
async def until(check: Callable[[], Awaitable[T | None]], timeout: float, what: str | Callable[[], str],
                every: float = ...) -> T: ...
@overload
async def until(check: Callable[[], T | None], timeout: float, what: str | Callable[[], str],
                every: float = ...) -> T: ...
async def until(check: Callable[[], object], timeout: float, what: str | Callable[[], str],
                every: float = 0.1) -> object:
    """Wait for a state the test can only observe by asking (an endpoint, a log, a port, a store):
    call ``check`` (a function or a coroutine function) until it returns something truthy and return
    that; past ``timeout`` seconds the test fails, naming ``what`` it waited for (a function: called
    then, to describe the state seen last) and the last answer. ``every`` only bounds how late the
    state is noticed: the wait ends as soon as it holds."""
    deadline = time.monotonic() + timeout
    while True:
        got = check()
        value = await got if inspect.isawaitable(got) else got
        if value:
            return value
        if time.monotonic() >= deadline:
            described = what() if callable(what) else what
            raise AssertionError(f"{described}: not within {timeout} s (last answer: {value!r})")
        await asyncio.sleep(every)


def _pg(sql: str) -> None:
    import asyncpg

    async def go() -> None:
        conn = await asyncpg.connect(PG_ROOT, timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(go())


def database_url(backend: str, tmp: Path) -> tuple[str | None, str | None]:
    """(url, schema to drop afterwards). PostgreSQL gets a fresh schema per server so runs never collide."""
    if backend == "sqlite":
        return f"sqlite+aiosqlite:///{tmp / 'test.sqlite3'}", None
    schema = "mj_test_" + secrets.token_hex(4)
    try:
        _pg(f"CREATE SCHEMA {schema}")
    except Exception as e:
        if os.environ.get("CI") == "true":
            pytest.fail(f"PostgreSQL is not reachable at {PG_ROOT} under CI: {e}")
        pytest.skip(f"PostgreSQL is not reachable at {PG_ROOT}: {e}")
    return PG_ROOT.replace("postgresql://", "postgresql+asyncpg://") + f"?schema={schema}", schema


def drop_schema(schema: str | None) -> None:
    if schema:
        _pg(f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture(scope="session", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(scope="session")
def server(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp(f"server-{backend}")
    url, schema = database_url(backend, tmp)
    srv = ServerProcess(tmp, url).start()
    try:
        yield srv
    finally:
        srv.stop()
        drop_schema(schema)


@pytest.fixture
async def http(server: ServerProcess) -> AsyncIterator[httpx.AsyncClient]:
    async with httpx.AsyncClient(base_url=server.base, timeout=20) as client:
        yield client
