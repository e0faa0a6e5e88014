"""Bots thinking in a process of their own (``MAJIANG_LIMITS=bot_processes=1``, majiang/server/bot_process.py):
the same decisions as on the server's thread for the same seeds, a child that ends with its server, and
a table that plays on when the child dies."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import TEST_LIMITS, ServerProcess, seeded_bot_hand


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out += [int(c) for c in text]
    return out


def _bot_child(pid: int, timeout: float = 30.0) -> int:
    """The server's bots' process (a spawned child running multiprocessing's worker), once it is up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for child in _children(pid):
            try:
                cmd = Path(f"/proc/{child}/cmdline").read_bytes()
            except OSError:
                continue
            if b"multiprocessing" in cmd and b"spawn_main" in cmd:
                return child
        time.sleep(0.05)
    raise AssertionError(f"no bots' process under the server {pid}")


def _cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def _gone(pid: int, timeout: float = 15.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            stat = Path(f"/proc/{pid}/stat").read_text()
        except OSError:
            return True
        if stat.rsplit(")", 1)[1].split()[0] == "Z":  # ended, not yet reaped by its (gone) parent's adopter
            return True
        time.sleep(0.05)
    return False


@pytest.fixture(scope="module")
def servers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    tmp = tmp_path_factory.mktemp("bot-process")
    threaded = ServerProcess(tmp / "thread").start()
    child = ServerProcess(tmp / "child", limits=TEST_LIMITS + ",bot_processes=1").start()
    try:
        yield threaded, child
    finally:
        threaded.stop()
        child.stop()


async def _bot_hand(server: ServerProcess, level: str, ruleset: str) -> list[object]:
    """One hand of three bots of ``level`` and a scripted player, every seed fixed: what the player saw
    of each seat at its end."""
    async with httpx.AsyncClient(base_url=server.base, timeout=30) as http:
        return await seeded_bot_hand(server, http, "分身", ruleset, level, f"{ruleset}-0", "proc-match", 11)


@pytest.mark.parametrize(("level", "ruleset"), [("normal", "anqing"), ("easy", "hefei"), ("normal", "baida")])
async def test_the_child_decides_as_the_thread_does(servers: tuple[ServerProcess, ServerProcess], level: str,
                                                     ruleset: str) -> None:
    # The bots' process gets each question as the seat's view sent over a pipe; with the same seeds every
    # bot's discard and claim is the one the server's own thread makes (easy bots roll dice: their seeds too)
    threaded, child = servers
    here = await _bot_hand(threaded, level, ruleset)
    assert any(river for river, _ in here)
    assert child.proc is not None
    bots = _bot_child(child.proc.pid)
    before = _cpu_ticks(bots)
    assert await _bot_hand(child, level, ruleset) == here
    assert _cpu_ticks(bots) > before, "the child did not think"  # (the decisions were its own)


async def test_the_child_ends_with_its_server(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "s", limits=TEST_LIMITS + ",bot_processes=1").start()
    try:
        assert srv.proc is not None
        child = _bot_child(srv.proc.pid)
        srv.kill()  # SIGKILL: no shutdown runs; the child sees its parent gone
        assert _gone(child), "the bots' process outlived its server"
    finally:
        srv.stop()
    srv = ServerProcess(tmp_path / "t", limits=TEST_LIMITS + ",bot_processes=1").start()
    assert srv.proc is not None
    child = _bot_child(srv.proc.pid)
    srv.stop()  # an ordinary stop ends it too
    assert _gone(child)


async def test_a_table_plays_on_when_the_child_dies(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "s", limits=TEST_LIMITS + ",bot_processes=1").start()
    try:
        assert srv.proc is not None
        first = _bot_child(srv.proc.pid)
        os.kill(first, signal.SIGKILL)
        assert _gone(first)
        # the next decision finds the pool broken: it is made on the thread, and a new child is started
        here = await _bot_hand(srv, "normal", "anqing")
        assert any(river for river, _ in here)
        second = await asyncio.to_thread(_bot_child, srv.proc.pid)
        assert second != first
        assert "the bots' process ended" in srv.log_path.read_text()
    finally:
        srv.stop()
