"""The terminal game, driven through a pseudo-terminal the way a person types."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

PROMPT = re.compile(r"choose 1-(\d+) \(q quits\): $")


class Terminal:
    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        env = {**os.environ, "PYTHONIOENCODING": "utf-8", "COLUMNS": "120"}
        self.proc = subprocess.Popen([sys.executable, "-m", "majiang", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, close_fds=True)
        os.close(slave)
        self.screen = ""

    def read_until(self, pattern: re.Pattern[str] | str, timeout: float = 30) -> re.Match[str]:
        rx = re.compile(pattern) if isinstance(pattern, str) else pattern
        deadline = time.monotonic() + timeout
        while True:
            m = rx.search(self.screen)
            if m:
                return m
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out waiting for {rx.pattern!r}; screen ends:\n{self.screen[-2000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the child closed the terminal
                    chunk = b""
                if not chunk:
                    m = rx.search(self.screen)
                    if m:
                        return m
                    raise AssertionError(f"program ended before {rx.pattern!r}; screen ends:\n{self.screen[-2000:]}")
                self.screen += chunk.decode("utf-8", "replace").replace("\r\n", "\n")

    def send(self, text: str) -> None:
        self.screen = ""  # read only what comes after this input
        os.write(self.master, (text + "\n").encode())

    def close(self) -> int:
        try:
            return self.proc.wait(timeout=20)
        finally:
            os.close(self.master)


def test_a_whole_hand_by_numbered_choices_with_a_wrong_input_reprompted() -> None:
    term = Terminal("play", "--ruleset", "anqing", "--mode", "A", "--seed", "pty-1", "--hands", "1")
    try:
        first = term.read_until(PROMPT)
        screen = term.screen
        # The table as the issue lists it: the wild marked, dealer and streak, tiles left, numbered actions.
        assert "wild " in screen and "*" in screen and "dealer:" in screen and "streak" in screen
        assert "left" in screen and "your hand:" in screen and "  1) " in screen
        n = int(first.group(1))
        term.send("banana")
        term.read_until(r"not a number: 'banana'.*\nchoose 1-")
        term.send(str(n + 5))
        term.read_until(rf"there is no action {n + 5}: choose from 1 to {n}")
        for _ in range(300):  # always take the first listed action: a win if offered, else a discard
            term.send("1")
            m = term.read_until(re.compile(r"choose 1-(\d+) \(q quits\): $|match over after 1 hands"))
            if m.group(0).startswith("match over"):
                break
        else:
            raise AssertionError("the hand did not end")
        assert "== hand over ==" in term.screen or "match totals" in term.screen
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()


def test_quit_and_hefei_shows_baoting_choices() -> None:
    term = Terminal("play", "--ruleset", "hefei", "--mode", "baoting", "--seed", "pty-2", "--hands", "1")
    try:
        term.read_until(PROMPT)
        assert "合肥麻将" in term.screen
        term.send("q")
        term.read_until("bye.")
        assert term.close() == 0
    finally:
        if term.proc.poll() is None:
            term.proc.kill()
