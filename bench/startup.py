"""Start-up costs a person waits for, each against a bare interpreter (a benchmark, not a test).

    .venv/bin/python bench/startup.py [--rounds N]

Times fresh processes: ``python -c pass`` (the floor every command pays), ``import majiang.hand``,
``import majiang.env``, ``majiang analyze "<hand>"`` as a whole command (the console script), and
``majiang serve`` (SQLite, ``--port 0``) until its first answer: from the spawn to the end of a
``GET /api/health`` sent once the banner announces the address (the process is then stopped; its CPU
figure includes the shutdown). Its data directory is made once per run, so the untimed first start
creates the database and the timed ones are restarts, as a node's starts are but its first.
Each round runs every command once, in a rotated order, so a busy stretch of a shared machine falls
on all of them alike; a figure is the median over the rounds of (command - pass) in the same round,
for wall-clock time and for the process's CPU time (user + system, from ``getrusage``), which moves
less with the load. The minimum over the rounds is printed too. Targets (issue 28): hand <= 15 ms,
env <= 60 ms, analyze <= 100 ms whole (wall), serve's first answer <= 0.5 s whole.

``--checkout DIR`` times another copy of the project (e.g. an older commit unpacked with
``git archive COMMIT majiang | tar -x -C DIR``, its C files compiled in place) with this interpreter
and its packages: each command then starts by putting DIR first on the import path (and dropping an
editable install's finder), and analyze runs as ``python -c "...main(['analyze', ...])"``; run it
with and without the option for a before/after pair.

The modules are byte-compiled first (``compileall``) as any installed copy is: with
``PYTHONDONTWRITEBYTECODE`` set and no ``__pycache__``, every run would compile the sources anew.
"""

from __future__ import annotations

import argparse
import compileall
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HAND = "123m456p789s1122z3z"


def prelude(checkout: str) -> str:
    """Python that makes ``checkout``'s majiang the one imported."""
    return ("import sys; sys.meta_path[:] = [f for f in sys.meta_path if 'editable' not in "
            f"getattr(f, '__module__', '') + str(f)]; sys.path.insert(0, {checkout!r}); ")


def commands(checkout: str | None) -> dict[str, list[str]]:
    py = sys.executable
    if checkout is not None:
        pre = prelude(checkout)
        analyze = f"from majiang.cli import main; sys.exit(main(['analyze', {HAND!r}]))"
        return {
            "python -c pass": [py, "-c", "pass"],
            "import majiang.hand": [py, "-c", pre + "import majiang.hand"],
            "import majiang.env": [py, "-c", pre + "import majiang.env"],
            f"majiang analyze {HAND}": [py, "-c", pre + analyze],
            # (serve_once appends --data-dir: sys.argv[1:] passes it on)
            SERVE: [py, "-c", pre + "from majiang.cli import main; "
                    "sys.exit(main(['serve', '--port', '0', *sys.argv[1:]]))"],
        }
    script = shutil.which("majiang", path=str(Path(py).parent)) or ""
    majiang = [script] if script else [py, "-m", "majiang"]
    out = {
        "python -c pass": [py, "-c", "pass"],
        "import majiang.hand": [py, "-c", "import majiang.hand"],
        "import majiang.env": [py, "-c", "import majiang.env"],
        f"majiang analyze {HAND}": [*majiang, "analyze", HAND],
        SERVE: [*majiang, "serve", "--port", "0"],
    }
    return out


SERVE = "majiang serve, to its first answer"
BANNER = re.compile(r"majiang server on (http://\S+?)/ ")


def run_once(name: str, argv: list[str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one fresh process."""
    if name == SERVE:  # (by name: with --checkout the word is inside a -c program, not an argument)
        return serve_once(argv)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


SERVE_DATA = tempfile.TemporaryDirectory(prefix="majiang-startup-")


def serve_once(argv: list[str]) -> tuple[float, float]:
    """(seconds from the spawn to the end of the first answer, CPU seconds of the whole process)."""
    data = SERVE_DATA.name
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen([*argv, "--data-dir", data], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, cwd=ROOT)
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            found = BANNER.search(line)
            if found:
                with urllib.request.urlopen(found.group(1) + "/api/health", timeout=30) as reply:
                    reply.read()
                break
        else:
            raise RuntimeError(f"majiang serve exited before announcing an address ({proc.wait()})")
        wall = time.perf_counter() - start
    finally:
        proc.terminate()
        proc.wait()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=21)
    ap.add_argument("--checkout", help="time this copy of the project instead (see the docstring)")
    args = ap.parse_args()
    root = Path(args.checkout).resolve() if args.checkout else ROOT
    compileall.compile_dir(str(root / "majiang"), quiet=1)
    cmds = commands(str(root) if args.checkout else None)
    names = list(cmds)
    samples: dict[str, list[tuple[float, float]]] = {n: [] for n in names}
    for n in names:  # one untimed run each: the page cache, not the first-ever start, is the case
        run_once(n, cmds[n])
    for r in range(args.rounds):
        order = names[r % len(names):] + names[: r % len(names)]
        for n in order:
            samples[n].append(run_once(n, cmds[n]))
    print(f"project: {root}; table file: "
          f"{'present' if (root / 'majiang/hand/data/tables.bin').exists() else 'absent (tables built at import)'}")
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.rounds} rounds")
    base = samples[names[0]]
    print(f"{'command':<40} {'wall':>9} {'- pass':>9} {'min':>7} {'CPU':>8} {'- pass':>8}   (ms, medians)")
    for n in names:
        walls = [w - b[0] for (w, _), b in zip(samples[n], base, strict=True)]
        cpus = [c - b[1] for (_, c), b in zip(samples[n], base, strict=True)]
        wall = statistics.median(w for w, _ in samples[n])
        cpu = statistics.median(c for _, c in samples[n])
        print(f"{n:<40} {wall * 1e3:9.1f} {statistics.median(walls) * 1e3:+9.1f} {min(walls) * 1e3:+7.1f} "
              f"{cpu * 1e3:8.1f} {statistics.median(cpus) * 1e3:+8.1f}")


if __name__ == "__main__":
    main()
