"""The docs hold: every Python block of README.md and docs/ runs as written, and every `majiang`
command they show is one the command line accepts (the concrete ones are run, hands capped).

A block is run from the repository's root in a fresh interpreter, so it may import only what it
imports itself. A command shown as a synopsis (``--ruleset anqing|hefei``, ``[--json out.json]``) has
each of its options checked against that command's parser."""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from majiang.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```(\w*)\n(.*?)^```", re.S | re.M)
# hands capped for the commands that are run: a doc may show a figure-sized run
CAPS = {"simulate": ["--hands", "8", "--no-progress"], "arena": ["--hands", "8", "--no-progress"]}
NOT_RUN = {"serve", "play", "bot"}  # a server that runs until stopped, a terminal game, a seat at a server


def _where(path: Path, text: str, pos: int) -> str:
    return f"{path.relative_to(ROOT)}:{text.count(chr(10), 0, pos) + 1}"


def python_blocks() -> list[tuple[str, str]]:
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        out += [(_where(path, text, m.start()), m.group(2)) for m in BLOCK.finditer(text) if m.group(1) == "python"]
    return out


def majiang_commands() -> list[tuple[str, str]]:
    """Every `majiang …` command line in a code block (continuation lines joined) or a table's code span."""
    out = []
    for path in DOCS:
        text = path.read_text(encoding="utf-8")
        for m in BLOCK.finditer(text):
            if m.group(1) == "python":
                continue
            body = m.group(2).replace("\\\n", " ")
            for i, line in enumerate(body.splitlines()):
                line = re.sub(r"^(\.venv/bin/)?", "", line.strip())
                if line.startswith("majiang "):
                    out.append((f"{_where(path, text, m.start())}+{i + 1}", line.split("  #")[0].strip()))
        for m in re.finditer(r"^\|[^\n]*?`((?:\.venv/bin/)?majiang [^`]+)`", text, re.M):
            if len(m.group(1).split()) > 2:  # a command with its arguments, not a mention of one by name
                out.append((_where(path, text, m.start()), re.sub(r"^\.venv/bin/", "", m.group(1))))
    return out


@pytest.mark.parametrize("block", [b for _, b in python_blocks()], ids=[w for w, _ in python_blocks()])
def test_python_block_runs_as_written(block: str) -> None:
    r = subprocess.run([sys.executable, "-c", block], cwd=ROOT, input="", capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr[-3000:]


def _options(parser: argparse.ArgumentParser) -> set[str]:
    found = {s for a in parser._actions for s in a.option_strings}
    for a in parser._actions:
        if isinstance(a, argparse._SubParsersAction):
            for sub in a.choices.values():
                found |= _options(sub)
    return found


def _is_synopsis(line: str) -> bool:
    """Alternatives, optional parts or a placeholder in capitals (FILE, N, KEY=VALUE)."""
    return any(mark in line for mark in ("|", "[", "…", "...")) or re.search(r"\b[A-Z][A-Z_]*\b", line) is not None


@pytest.mark.parametrize("line", [c for _, c in majiang_commands()], ids=[w for w, _ in majiang_commands()])
def test_documented_command_is_accepted(line: str) -> None:
    words = shlex.split(line)
    assert words[0] == "majiang"
    command = words[1]
    parser = build_parser(only=command)
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    assert command in sub.choices, f"{line}: no such command"
    if _is_synopsis(line):
        known = _options(sub.choices[command])
        for flag in re.findall(r"(?<![\w-])--[a-z][a-z-]*", line):
            assert flag in known, f"{line}: majiang {command} has no {flag}"
        return
    try:
        parser.parse_args(words[1:])
    except SystemExit as e:
        raise AssertionError(f"{line}: refused by the parser") from e
    if command in NOT_RUN:
        return
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    r = subprocess.run([sys.executable, "-m", "majiang", *words[1:], *CAPS.get(command, [])], cwd=ROOT, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]


def test_the_docs_show_commands_and_blocks() -> None:
    """The collectors find what is there (a change of fence or table style would silently test nothing)."""
    assert len(python_blocks()) >= 6
    assert {c.split()[1] for _, c in majiang_commands()} >= {"serve", "analyze", "simulate", "arena", "score"}
