"""Build hook for the optional compiled parts only; all metadata lives in pyproject.toml.

- The C accelerators (``majiang/hand/_speedups.c``, ``majiang/env/_envfast.c``), and the hand
  accelerator's full tables written next to it (``majiang/hand/data/tables.bin``, mapped at import:
  majiang/hand/tablefile.py).
- The engine's hot modules compiled with mypyc (``majiang.native.NATIVE_MODULES``), from the same
  Python sources; each source's SHA-256 goes into ``majiang/_native_sources.json`` so that an edit
  made after the build runs from source instead of the stale build (majiang/native.py).

Everything is optional: without a C compiler, or without mypyc (or when it refuses the sources),
the build prints a warning and the install goes on; majiang then runs its pure-Python paths
(docs/hand.md, docs/env.md, docs/engine.md). ``MAJIANG_NO_MYPYC=1`` skips the mypyc part.
"""

from __future__ import annotations

import json
import os
import runpy
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
_native = runpy.run_path(str(ROOT / "majiang" / "native.py"))
_tablefile = runpy.run_path(str(ROOT / "majiang" / "hand" / "tablefile.py"))


def write_hand_tables(extension: str) -> None:
    """Load the freshly built hand accelerator and write its full tables beside it (data/tables.bin):
    an import then maps them instead of building them (16-26 ms). Without it the import builds them."""
    import importlib.machinery
    import importlib.util

    try:
        loader = importlib.machinery.ExtensionFileLoader("majiang.hand._speedups", extension)
        spec = importlib.util.spec_from_loader("majiang.hand._speedups", loader)
        assert spec is not None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
        _tablefile["write"](module, str(Path(extension).parent / "data" / "tables.bin"))
    except Exception as e:  # (the import builds the tables in memory instead)
        print(f"warning: the hand tables were not written ({e!r}): they are built at import", file=sys.stderr)


class BuildExt(build_ext):
    def run(self) -> None:
        super().run()
        built = Path(self.get_ext_fullpath("majiang.hand._speedups"))
        if built.exists():
            write_hand_tables(str(built))


def _metadata_only() -> bool:
    """pip asks setup.py for metadata first (egg_info / dist_info): nothing is compiled for that."""
    return len(sys.argv) > 1 and sys.argv[1] in ("egg_info", "dist_info")


def native_extensions() -> list[Extension]:
    if os.environ.get("MAJIANG_NO_MYPYC", "") not in ("", "0") or _metadata_only():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("warning: mypyc is not installed: the engine runs from its Python sources", file=sys.stderr)
        return []
    modules = _native["NATIVE_MODULES"]
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in modules]
    try:
        extensions = mypycify(paths, opt_level="3", group_name=_native["GROUP"])
    except (Exception, SystemExit) as e:  # (mypyc exits on a type error it will not compile)
        print(f"warning: mypyc could not compile the engine ({e!r}): it runs from its Python sources",
              file=sys.stderr)
        return []
    for ext in extensions:
        ext.optional = True  # (no C compiler: the sources run, as without mypyc)
    stamp = ROOT / "majiang" / _native["STAMP_NAME"]
    stamp.write_text(json.dumps(_native["source_digests"](ROOT), indent=1, sort_keys=True) + "\n")
    # each source's size and mtime, so that a start with nothing edited need not hash them (after the
    # digests: the check trusts it only when it is no older than them)
    (ROOT / "majiang" / _native["STATS_NAME"]).write_text(_native["source_stats"](ROOT))
    return extensions


setup(
    cmdclass={"build_ext": BuildExt},
    ext_modules=[
        Extension(
            "majiang.hand._speedups",
            sources=["majiang/hand/_speedups.c"],
            optional=True,
        ),
        Extension(
            "majiang.env._envfast",
            sources=["majiang/env/_envfast.c"],
            optional=True,
        ),
        *native_extensions(),
    ]
)
