"""Run a command under valgrind's callgrind and read its event totals (the benches' instruction counts).

Instruction counts do not move with the machine's load, as timed rates do; the benches that print
them (hand_peers.py, env_instr.py, simulate_instr.py) run a child of themselves through :func:`run`.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path


def run(argv: list[str], *options: str) -> tuple[dict[str, int], str]:
    """(the whole run's totals by event name, e.g. ``Ir`` for instructions; its standard output).
    ``options`` go to valgrind (``--branch-sim=yes`` adds the branch events)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        done = subprocess.run(["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *options, *argv],
                              check=True, capture_output=True, text=True)
        return summary(out), done.stdout


def summary(path: Path) -> dict[str, int]:
    events: list[str] = []
    for line in path.read_text().splitlines():
        if line.startswith("events:"):
            events = line.split()[1:]
        if line.startswith(("summary:", "totals:")):
            return dict(zip(events, map(int, line.split()[1:]), strict=False))
    raise RuntimeError(f"no totals in {path}")
