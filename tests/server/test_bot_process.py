"""Bots thinking in a process of their own (``MAJIANG_LIMITS=bot_processes=1``, majiang/server/bot_process.py):
the same decisions as on the server's thread for the same seeds, a child that ends with its server, and
a table that plays on when the child dies."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from majiang.backend.config import Limits, usable_cores
from majiang.engine import Hand, seat_view
from majiang.rules.registry import make_ruleset
from majiang.server.bot_process import BotThinking
from tests.server.harness import TEST_LIMITS, ServerProcess, seeded_bot_hand


def _children(pid: int) -> list[int]:
    out: list[int] = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        text = (task / "children").read_text().split()
        out += [int(c) for c in text]
    return out


def _bot_children(pid: int, n: int, timeout: float = 30.0) -> list[int]:
    """The server's bots' processes (spawned children running multiprocessing's worker), once ``n`` are up."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [c for c in _children(pid) if b"multiprocessing" in _cmdline(c) and b"spawn_main" in _cmdline(c)]
        if len(found) >= n:
            return found
        time.sleep(0.05)
    raise AssertionError(f"fewer than {n} bots' processes under the server {pid}")


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def _bot_child(pid: int, timeout: float = 30.0) -> int:
    """The server's bots' process, once it is up."""
    return _bot_children(pid, 1, timeout)[0]


def _cpu_ns(pid: int) -> int:
    """The process's time on a CPU in nanoseconds (schedstat: the stat file's ticks are 10 ms, more than
    a hand of easy bots may take)."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0])


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
    threaded = ServerProcess(tmp / "thread", limits=TEST_LIMITS + ",bot_processes=0").start()
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
    before = _cpu_ns(bots)
    assert await _bot_hand(child, level, ruleset) == here
    assert _cpu_ns(bots) > before, "the child did not think"  # (the decisions were its own)


async def test_two_children_decide_as_the_thread_does(servers: tuple[ServerProcess, ServerProcess],
                                                      tmp_path: Path) -> None:
    # bot_processes=2: two children, each table's bots in one of them; the same seeds give the same game
    threaded, _ = servers
    here = await _bot_hand(threaded, "normal", "hefei")
    srv = ServerProcess(tmp_path / "two", limits=TEST_LIMITS + ",bot_processes=2").start()
    try:
        assert srv.proc is not None
        kids = _bot_children(srv.proc.pid, 2)
        assert len(kids) == 2
        before = sum(_cpu_ns(k) for k in kids)
        assert await _bot_hand(srv, "normal", "hefei") == here
        assert sum(_cpu_ns(k) for k in kids) > before, "no child thought"
    finally:
        srv.stop()


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
        assert "a bots' process ended" in srv.log_path.read_text()
    finally:
        srv.stop()


def test_the_default_follows_the_cores_the_server_may_use() -> None:
    # a child only where there is a second core to run it on: asked with the affinity cut to one core
    # and with two (the machine's, on CI), in fresh interpreters so the default is computed there
    program = ("import os, sys; os.sched_setaffinity(0, set(sorted(os.sched_getaffinity(0))[:int(sys.argv[1])]));"
               "from majiang.backend.config import Limits; print(Limits().bot_processes)")
    one = subprocess.run([sys.executable, "-c", program, "1"], capture_output=True, text=True, check=True)
    assert one.stdout.strip() == "0"
    if usable_cores() >= 2:
        two = subprocess.run([sys.executable, "-c", program, "2"], capture_output=True, text=True, check=True)
        assert two.stdout.strip() == "1"
    assert Limits.from_env("bot_processes=0").bot_processes == 0  # an operator can still keep the thread


async def test_a_server_on_two_cores_starts_its_bots_child_by_default(tmp_path: Path) -> None:
    if usable_cores() < 2:
        pytest.skip("one core: the default is the thread")
    srv = ServerProcess(tmp_path / "s").start()  # TEST_LIMITS say nothing of bot_processes
    try:
        assert srv.proc is not None
        assert _bot_child(srv.proc.pid)
    finally:
        srv.stop()


def test_the_child_forgets_a_finished_tables_bots() -> None:
    # the real child process, asked by the BotThinking the server uses: two tables' bots made by their
    # questions, one table's forgotten, the other's kept
    hand = Hand(make_ruleset("hefei", {}), "forget", dealer=0)
    view = seat_view(hand, 0)  # the dealer to discard: every key below asks the same question

    async def scenario() -> tuple[int, int]:
        thinking = BotThinking()
        thinking.start()
        try:
            for table in (1, 2):
                for seat in range(4):
                    await thinking.choose((table, seat, "strong", seat), view, lambda: pytest.fail("on the thread"))
            kept = thinking.forget([(1, seat, "strong", seat) for seat in range(4)])
            assert kept is not None
            after_one = await asyncio.wrap_future(kept)
            again = thinking.forget([(1, 0, "strong", 0), (9, 0, "cmd:x", 0)])  # (already gone; a program's)
            assert again is not None
            return after_one, await asyncio.wrap_future(again)
        finally:
            thinking.stop()

    assert asyncio.run(scenario()) == (4, 4)
