"""Which modules run compiled (mypyc), and the switch that runs their Python sources instead.

The engine's hot modules (:data:`NATIVE_MODULES`: the hand flow, the rulesets' table flow, the
environment's table) are compiled with mypyc when the project is installed and mypyc and a C
compiler are there (setup.py; docs/engine.md): the same source, run as C, about 1.6x faster a step.
Without them the install goes on and everything runs from the sources, as before.

Python imports a compiled module in preference to its ``.py``, so an edit made to a source after
the build would silently not run. The build therefore records the SHA-256 of each compiled source
and of the modules it reads types from (:data:`TYPE_SOURCES`) in ``_native_sources.json``;
:func:`install` (called by ``majiang/__init__.py`` before any of these modules can be imported)
compares them, and when any source differs, when nothing was built, or
when ``MAJIANG_PURE`` is set (not "0", as for the C accelerators), it puts a finder first on
``sys.meta_path`` that loads all of them from their sources. They are one compiled group, so they
go together: either all compiled or all from source.

The decision is taken when it is first needed, not when ``majiang`` is imported: when one of the
group is first imported (the finder :func:`install` puts first on ``sys.meta_path`` asks), or when
:data:`ACTIVE` or :data:`REASON` is first read. Checking the build reads and hashes the recorded
sources, which ``import majiang.hand`` (no compiled module) should not pay for; that is also why
this module imports hashlib, json and pathlib only inside the functions that need them.

This module imports nothing of majiang's (setup.py reads :data:`NATIVE_MODULES` from it).
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from pathlib import Path
    from types import ModuleType

# The modules compiled together. Their msgspec structs live in modules that are not compiled
# (majiang.rules.*_options, majiang.core.melds): mypyc replaces the annotations of the classes it
# compiles with runtime types, which msgspec cannot read.
NATIVE_MODULES: tuple[str, ...] = (
    "majiang.core.deal",
    "majiang.core.seat",
    "majiang.engine.hand",
    "majiang.engine.match",
    "majiang.rules.base",
    "majiang.rules.anqing",
    "majiang.rules.hefei",
    "majiang.rules.baida",
    "majiang.env.actions",
    "majiang.env.tracker",
    "majiang.env.table",
    "majiang.env.vector",
    "majiang.hand.decompose",
    "majiang.rules.anqing_scoring.patterns",
    "majiang.rules.baida_scoring.items",
    "majiang.rules.hefei_scoring.items",
    "majiang.bots.analysis",
    "majiang.bots.draws",
    "majiang.bots.easy",
    "majiang.bots.goal",
    "majiang.bots.greedy",
    "majiang.bots.strong",
    "majiang.bots.valuation",
)
#: The name of the compiled group (its shared library is ``majiang._native__mypyc``).
GROUP = "majiang._native"
STAMP_NAME = "_native_sources.json"
STATS_NAME = "_native_stats.txt"

_PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))


def _package() -> Path:
    from pathlib import Path

    return Path(_PACKAGE_DIR)


def source_path(module: str) -> Path:
    """The ``.py`` of one of :data:`NATIVE_MODULES`."""
    return _package().parent.joinpath(*module.split(".")).with_suffix(".py")


# The compiled code also relies on the types of what it imports (an action's ``tile`` unboxed as an
# int, a meld's ``tiles`` checked as a tuple): those sources are recorded too, so a change there
# also sends the group back to its sources until the next build.
TYPE_SOURCES: tuple[str, ...] = (
    "majiang/tiles.py", "majiang/core", "majiang/engine", "majiang/rules", "majiang/hand", "majiang/env",
    "majiang/bots",
)


def _recorded_names(root: str) -> list[str]:
    """The recorded files, relative to the project ``root`` (os.walk: a third of pathlib's rglob)."""
    names = {os.path.join(*m.split(".")) + ".py" for m in NATIVE_MODULES}
    for entry in TYPE_SOURCES:
        path = os.path.join(root, entry)
        if not os.path.isdir(path):
            names.add(entry)
            continue
        for folder, _, files in os.walk(path):
            rel = os.path.relpath(folder, root)
            names.update(os.path.join(rel, f) for f in files if f.endswith(".py"))
    return sorted(n.replace(os.sep, "/") for n in names)


def _recorded_files(root: Path) -> list[Path]:
    return [root / name for name in _recorded_names(str(root))]


def source_stats(root: Path | None = None) -> str:
    """``size mtime_ns file`` a line for each recorded source, as the build leaves them (written
    beside the digests as :data:`STATS_NAME`): a source whose size and modification time are still
    these is the one that was hashed, so the check at start-up hashes only the others (hashing all
    79 files took ≈ 12 ms of ``import majiang.env``'s CPU; issue 28)."""
    base = str(_package().parent if root is None else root)
    lines = []
    for name in _recorded_names(base):
        st = os.stat(os.path.join(base, name))
        lines.append(f"{st.st_size} {st.st_mtime_ns} {name}\n")
    return "".join(lines)


def source_digests(root: Path | None = None) -> dict[str, str]:
    """file (relative to the project) → SHA-256 of its source, as the build records them: the
    compiled modules and the modules they read types from (``root``: the project's folder)."""
    import hashlib

    base = _package().parent if root is None else root
    return {path.relative_to(base).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
            for path in _recorded_files(base)}


def _extension(base: Path) -> Path | None:
    """The compiled extension module ``base`` + one of this interpreter's suffixes, if built."""
    import importlib.machinery

    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        candidate = base.with_name(base.name + suffix)
        if candidate.exists():
            return candidate
    return None


def _compiled_file(module: str) -> Path | None:
    """The compiled extension of ``module`` next to its source, if there is one."""
    return _extension(source_path(module).with_suffix(""))


def _group_library() -> Path | None:
    """The group's shared library (``majiang/_native__mypyc*.so``), which holds all the code."""
    return _extension(_package() / (GROUP.rsplit(".", 1)[-1] + "__mypyc"))


def _why_sources() -> str | None:
    """Why the sources must run instead of the compiled modules (None: the compiled ones may)."""
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return "MAJIANG_PURE is set"
    built = [m for m in NATIVE_MODULES if _compiled_file(m) is not None]
    library = _group_library()
    if not built and library is None:
        return "not compiled (no mypyc or no C compiler at install)"
    stamp = _package() / STAMP_NAME
    try:
        stamped = stamp.stat().st_mtime
    except OSError:
        return f"{STAMP_NAME} is missing: the compiled modules cannot be matched to their sources"
    if library is None or len(built) != len(NATIVE_MODULES):
        missing = sorted(set(NATIVE_MODULES) - set(built)) or [GROUP + "__mypyc"]
        return f"only part of the group is compiled (missing: {', '.join(missing)})"
    # The digests are written when mypyc has generated the C, before it is compiled: a library
    # older than them is a previous build whose recompile failed (2 s: a zip file's time resolution).
    if library.stat().st_mtime + 2 < stamped:
        return "the compiled library is older than the last build's sources (its compile failed)"
    try:
        changed = _changed_sources(stamped)
    except OSError as e:
        return f"a source cannot be read to check the build ({e})"
    except ValueError:
        return f"{STAMP_NAME} cannot be read: the compiled modules cannot be matched to their sources"
    if changed:
        shown = ", ".join(changed[:4]) + (f" and {len(changed) - 4} more" if len(changed) > 4 else "")
        return f"the sources changed since the build ({shown})"
    return None


def _changed_sources(stamped: float) -> list[str]:
    """The sources whose SHA-256 is not the one recorded at the build (and the files added or gone).

    When every source still has the size and modification time :data:`STATS_NAME` recorded at
    the build (written with the digests, so no older than them), none is read: that is the common
    case, a start with nothing edited. Otherwise the digests are read and the sources whose stat
    differs are hashed (a file only touched is still the one built)."""
    base = str(_package().parent)
    names = _recorded_names(base)
    now = {name: os.stat(os.path.join(base, name)) for name in names}
    built: dict[str, tuple[int, int]] = {}
    stats = os.path.join(base, "majiang", STATS_NAME)
    try:
        if os.stat(stats).st_mtime + 2 >= stamped:  # (2 s: a zip file's time resolution, as above)
            with open(stats, encoding="utf-8") as f:
                for line in f.read().splitlines():
                    size, mtime, name = line.split(" ", 2)
                    built[name] = (int(size), int(mtime))
    except (OSError, ValueError):
        built = {}
    unsure = [n for n in names if built.get(n) != (now[n].st_size, now[n].st_mtime_ns)]
    if not unsure and len(built) == len(names):
        return []
    import hashlib
    import json

    with open(os.path.join(base, "majiang", STAMP_NAME), encoding="utf-8") as f:
        recorded: dict[str, str] = json.loads(f.read())
    changed = set(names) ^ set(recorded)
    for name in unsure:
        if name not in changed:
            with open(os.path.join(base, name), "rb") as f:
                if hashlib.sha256(f.read()).hexdigest() != recorded[name]:
                    changed.add(name)
    return sorted(changed)


class _SourceFinder:
    """Finds :data:`NATIVE_MODULES` as their ``.py`` sources, ahead of the compiled extensions, once
    the build is found unusable; until the first of them is imported it has not looked."""

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname not in NATIVE_MODULES or _decide() or not _shadowed:
            return None
        import importlib.util

        return importlib.util.spec_from_file_location(fullname, source_path(fullname))


#: True when the compiled modules are in use; why they are not, when they are not ("" when they
#: are). Both are decided on first use (module ``__getattr__`` below), then plain globals.
ACTIVE: bool
REASON: str
_shadowed = False  # some compiled module exists but must not run: the finder serves the sources


def _decide() -> bool:
    """Whether the compiled modules run (decided once per process; sets ACTIVE and REASON)."""
    decided = globals().get("ACTIVE")
    if decided is not None:
        return bool(decided)
    global _shadowed
    reason = _why_sources()
    _shadowed = reason is not None and any(_compiled_file(m) is not None for m in NATIVE_MODULES)
    globals()["REASON"] = reason or ""
    globals()["ACTIVE"] = reason is None
    if reason is not None and reason.startswith("the sources changed"):  # (a developer's edit: say why)
        print(f"majiang: running the Python sources: {reason}; rebuild with scripts/setup-venv", file=sys.stderr)
    return reason is None


def __getattr__(name: str) -> object:
    if name in ("ACTIVE", "REASON"):
        _decide()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def install() -> None:
    """Put the finder that decides, on first need, between the compiled modules and their sources."""
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())
