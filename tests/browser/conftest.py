"""Fixtures for the browser tests: a real `majiang serve` subprocess and Debian's Chromium via Playwright.

Chromium is /usr/bin/chromium (Playwright's own download is not used). When it is missing the tests skip,
except under CI (CI=true), where we try `apt-get install -y chromium fonts-noto-cjk` first and fail if
it is still missing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from tests.server.conftest import database_url, drop_schema
from tests.server.harness import ServerProcess

CHROMIUM = os.environ.get("MAJIANG_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"


def _ensure_chromium() -> str | None:
    """The path to Chromium, installing it under CI when missing; None when unavailable."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if os.environ.get("CI") == "true" and shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update"], env=env, check=False, capture_output=True)
        subprocess.run(["apt-get", "install", "-y", "chromium", "fonts-noto-cjk"], env=env, check=False,
                       capture_output=True)
    return CHROMIUM if Path(CHROMIUM).exists() else None


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = _ensure_chromium()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is required under CI but {CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing")
    return path


def sqlite_server(tmp_path_factory: pytest.TempPathFactory, name: str) -> Iterator[ServerProcess]:
    """A server on a SQLite file of its own (in a new temporary directory ``name``), stopped after."""
    data = tmp_path_factory.mktemp(name)
    srv = ServerProcess(data, f"sqlite+aiosqlite:///{data / 'db.sqlite3'}").start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    yield from sqlite_server(tmp_path_factory, "web-server")


# Module scope, not session: Playwright's sync API keeps an event loop running in this thread while it
# is open, and the server tests that run later in the same session need asyncio.run().
@pytest.fixture(scope="module")
def browser(chromium_path: str) -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(scope="session")
def shots() -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS


@pytest.fixture(scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def platform_server(request: pytest.FixtureRequest,
                    tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server per module on SQLite and one on the machine's PostgreSQL (the platform's flows run on both)."""
    tmp = tmp_path_factory.mktemp(f"platform-{request.param}")
    # in a thread of its own: making the schema runs an event loop, and Playwright's holds this thread's
    with ThreadPoolExecutor(1) as pool:
        url, schema = pool.submit(database_url, request.param, tmp).result()
    srv = ServerProcess(tmp / "data", url, log_path=tmp / "server.log").start()
    try:
        yield srv
    finally:
        srv.stop()
        with ThreadPoolExecutor(1) as pool:
            pool.submit(drop_schema, schema).result()
