"""Fixtures for the browser tests: a real `majiang serve` subprocess and Debian's Chromium via Playwright.

Chromium is /usr/bin/chromium (Playwright's own download is not used). When it is missing the tests skip,
except under CI (CI=true), where we try `apt-get install -y chromium fonts-noto-cjk` first and fail if
it is still missing.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

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


class Server:
    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.proc: subprocess.Popen[str] | None = None
        self.base = ""

    def start(self, timeout: float = 30) -> Server:
        db = f"sqlite+aiosqlite:///{self.data_dir / 'db.sqlite3'}"
        cmd = [sys.executable, "-m", "majiang", "serve", "--port", "0", "--data-dir", str(self.data_dir),
               "--database-url", db]
        log = open(self.data_dir / "server.log", "a")  # noqa: SIM115 - the child keeps it
        self.proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=log, text=True,
                                     env={**os.environ, "PYTHONUNBUFFERED": "1"})
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        m = re.search(r"http://([\d.]+):(\d+)/", line)
        if not m:
            self.stop()
            raise RuntimeError(f"server did not start: {line!r}; {(self.data_dir / 'server.log').read_text()[-2000:]}")
        self.base = f"http://{m.group(1)}:{m.group(2)}"
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.base + "/api/health", timeout=2).status_code == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("server not healthy")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = _ensure_chromium()
    if path is None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"Chromium is required under CI but {CHROMIUM} is missing (apt-get install chromium)")
        pytest.skip(f"{CHROMIUM} is missing")
    return path


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web-server")).start()
    try:
        yield srv
    finally:
        srv.stop()


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
