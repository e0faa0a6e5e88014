"""``majiang serve`` when it cannot start: a busy port, a PostgreSQL schema that does not exist, a
PostgreSQL nobody answers on, the same under ``--workers 2``. Each is one line saying what to do and
a non-zero exit; the address is announced only by a server that answers on it."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.conftest import PG_ROOT, database_url, drop_schema

ROOT = Path(__file__).resolve().parents[2]
PG_ASYNC = PG_ROOT.replace("postgresql://", "postgresql+asyncpg://")


def serve(tmp: Path, *argv: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "majiang", "serve", "--data-dir", str(tmp / "data"), *argv],
                          capture_output=True, text=True, cwd=ROOT, timeout=120,
                          env={**os.environ, "MAJIANG_SECRET": "start-failure-tests", **(env or {})})


def one_line_error(r: subprocess.CompletedProcess[str]) -> str:
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert "majiang server on" not in r.stdout  # never announced
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


@pytest.fixture
def busy_port() -> Iterator[int]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        yield s.getsockname()[1]


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])  # nothing listens there once this socket is closed


def missing_schema() -> str:
    return f"{PG_ASYNC}?schema=mj_missing_{os.getpid()}"


def test_a_busy_port_is_one_line(tmp_path: Path, busy_port: int) -> None:
    line = one_line_error(serve(tmp_path, "--port", str(busy_port)))
    assert line == (f"error: cannot listen on 127.0.0.1:{busy_port}: the address is in use (another server "
                    "there?): stop it, or pass another --port")


@pytest.mark.postgres
def test_a_missing_schema_is_one_line_and_create_schema_makes_it(tmp_path: Path) -> None:
    url, schema = database_url("postgres", tmp_path)  # fails under CI when PostgreSQL does not answer
    drop_schema(schema)  # the name of a schema that does not exist
    assert url is not None and schema is not None
    line = one_line_error(serve(tmp_path, "--port", "0", "--database-url", url))
    assert line == (f"error: PostgreSQL schema {schema!r} does not exist: create it (CREATE SCHEMA {schema}) "
                    "or start with --create-schema")
    proc = subprocess.Popen([sys.executable, "-m", "majiang", "serve", "--port", "0", "--data-dir",
                             str(tmp_path / "data"), "--database-url", url, "--create-schema"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        banner = proc.stdout.readline()
        assert banner.startswith("majiang server on http://127.0.0.1:"), proc.stderr and proc.stderr.read()
        base = banner.split()[3].rstrip("/")
        # announced only once serving: the first request after the line is answered
        assert httpx.get(f"{base}/api/health", timeout=10).status_code == 200
    finally:
        proc.terminate()
        proc.wait(20)
        drop_schema(schema)


def test_an_unreachable_postgresql_is_one_line(tmp_path: Path) -> None:
    port = closed_port()
    url = f"postgresql+asyncpg://postgres@127.0.0.1:{port}/test"
    line = one_line_error(serve(tmp_path, "--port", "0", "--database-url", url))
    assert line.startswith(f"error: cannot open the database {url}: ")
    assert line.endswith("(check --database-url, and that the database server is running)")


@pytest.mark.postgres
@pytest.mark.redis
def test_workers_with_a_missing_schema_fail_in_the_parent(tmp_path: Path) -> None:
    url, schema = database_url("postgres", tmp_path)
    drop_schema(schema)
    assert url is not None
    r = serve(tmp_path, "--port", "0", "--workers", "2", "--redis-url", "redis://127.0.0.1:6379/0",
              "--database-url", url)
    line = one_line_error(r)
    assert f"PostgreSQL schema {schema!r} does not exist" in line


@pytest.mark.redis
def test_workers_on_a_busy_port_fail_in_the_parent(tmp_path: Path, busy_port: int) -> None:
    r = serve(tmp_path, "--port", str(busy_port), "--workers", "2", "--redis-url", "redis://127.0.0.1:6379/0",
              "--database-url", f"{PG_ASYNC}")
    assert "the address is in use" in one_line_error(r)


@pytest.mark.postgres
def test_an_unreachable_redis_is_one_line(tmp_path: Path) -> None:
    url, schema = database_url("postgres", tmp_path)
    assert url is not None
    try:
        redis_url = f"redis://127.0.0.1:{closed_port()}/0"
        line = one_line_error(serve(tmp_path, "--port", "0", "--redis-url", redis_url, "--database-url", url))
        assert line.startswith(f"error: Redis at {redis_url} does not answer (")
        assert line.endswith("start it or check --redis-url")
        # the same from the parent of --workers, before any worker starts
        r = serve(tmp_path, "--port", "0", "--workers", "2", "--redis-url", redis_url, "--database-url", url)
        assert one_line_error(r).startswith(f"error: Redis at {redis_url} does not answer (")
        bad = one_line_error(serve(tmp_path, "--port", "0", "--redis-url", "nota-url", "--database-url", url))
        assert bad.startswith("error: --redis-url nota-url: ")
    finally:
        drop_schema(schema)
