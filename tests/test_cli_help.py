"""The ``majiang`` command as a newcomer meets it: the help of the whole and of every command,
unknown options answered with the right usage, and one-line errors for bad input."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = ["analyze", "arena", "bot", "play", "replay", "score", "serve", "simulate", "verify"]


def majiang(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "majiang", *argv], capture_output=True, text=True, cwd=ROOT,
                          timeout=120)


def test_bare_majiang_lists_every_command_and_exits_2() -> None:
    r = majiang()
    assert r.returncode == 2 and "Traceback" not in r.stderr
    for name in COMMANDS:
        assert f"    {name} " in r.stdout


def test_top_level_help_lists_every_command() -> None:
    r = majiang("--help")
    assert r.returncode == 0, r.stderr
    assert "95%" in r.stdout  # the arena's description, which argparse once read as a format code
    for name in COMMANDS:
        assert f"    {name} " in r.stdout


@pytest.mark.parametrize("name", COMMANDS)
def test_every_command_has_help(name: str) -> None:
    r = majiang(name, "--help")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"usage: majiang {name}")
    assert "Traceback" not in r.stderr


def test_an_unknown_option_gets_the_commands_usage() -> None:
    r = majiang("simulate", "--ruleset", "anqing", "--frobnicate")
    assert r.returncode == 2
    assert r.stderr.startswith("usage: majiang simulate")
    assert "majiang simulate: error: unrecognized arguments: --frobnicate" in r.stderr


def test_an_unknown_command_is_named() -> None:
    r = majiang("frobnicate")
    assert r.returncode == 2
    assert "invalid choice: 'frobnicate'" in r.stderr and "Traceback" not in r.stderr


def test_verify_a_missing_file_says_it_cannot_read_it(tmp_path: Path) -> None:
    missing = tmp_path / "nope.json"
    r = majiang("verify", str(missing))
    assert r.returncode == 2
    assert r.stderr.strip() == f"error: cannot read {missing}: No such file or directory"


def test_analyze_names_the_bad_wild_and_the_bad_hand() -> None:
    r = majiang("analyze", "123m456p789s1122z", "--wild", "0z")
    assert r.returncode == 2 and r.stderr.startswith("error: --wild '0z': ")
    r = majiang("analyze", "12xm")
    assert r.returncode == 2 and r.stderr.startswith("error: the hand '12xm': ")


def test_analyze_imports_no_server_or_asyncio() -> None:
    """``majiang analyze`` builds only its own parser: the server's, the bots' and asyncio's
    imports are not paid for one hand."""
    code = ("import sys; from majiang.cli import main; main(['analyze', '123m456p789s1122z']); "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('asyncio', 'ssl', 'uvicorn', 'starlette')"
            " or m.startswith(('majiang.bots', 'majiang.server'))))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"


def test_an_unknown_option_of_a_nested_command_gets_its_usage() -> None:
    r = majiang("bot", "connect", "--server", "http://127.0.0.1:9", "--room", "X", "--frobnicate")
    assert r.returncode == 2
    assert r.stderr.startswith("usage: majiang bot connect")


def test_ctrl_c_ends_a_long_command_in_one_line() -> None:
    """A user stopping a long arena with Ctrl-C gets "interrupted" and exit code 130, not a traceback
    (the command's guard also turns an unexpected error into one line; MAJIANG_DEBUG=1 shows it whole)."""
    p = subprocess.Popen([sys.executable, "-m", "majiang", "arena", "--ruleset", "hefei", "--mode", "bubaoting",
                          "--bots", "strong,greedy", "--hands", "4000", "--workers", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    try:
        assert p.stderr is not None
        seen = b""
        while b" hands " not in seen:  # the progress line: the arena is playing
            chunk = p.stderr.read1(4096)
            assert chunk, seen
            seen += chunk
        p.send_signal(signal.SIGINT)
        _, rest = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    err = (seen + rest).decode()
    assert p.returncode == 130, err
    assert "Traceback" not in err and err.rstrip().endswith("majiang arena: interrupted"), err
