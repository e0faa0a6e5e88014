"""Base-5 group codes, and loading the optional C accelerator.

A group's *code* is its counts read as a base-5 number, rank ``r`` being the digit
of weight ``5**r`` (suits: 9 digits, < 5**9; honors: 7 digits, < 5**7). The C
accelerator (``majiang/hand/_speedups.c``) indexes its flat tables by such codes
(over the ranks a tile set has), so a group lookup is one array read.

:func:`group_codes_py` is the pure-Python reference of the C ``group_codes``.
:data:`ACCELERATED` tells whether the engine uses the accelerator;
``MAJIANG_PURE=1`` in the environment (read at import) forces the pure path, and
so does a missing or unloadable extension (no compiler at install time).
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

from majiang.tiles import NUM_KINDS

Codes = tuple[int, int, int, int]

GROUP_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))
# Limits the C file shares with the Python engine (a build that disagrees is not used).
MAX_JOKERS = 14
MAX_GROUP_TILES = 14
_REQUIRED = ("Shape", "Tables", "is_win", "shanten", "waits", "shanten_draws", "discard_shantens", "batch",
             "group_codes")


def group_code(key: tuple[int, ...]) -> int:
    """The code of one group's counts over all its ranks (valid counts 0..4 assumed)."""
    code = 0
    for c in reversed(key):
        code = code * 5 + c
    return code


def group_codes_py(counts: object) -> Codes | None:
    """The four group codes, or None unless ``counts`` is an exact list/tuple of 34 exact ints in 0..4."""
    if type(counts) is not list and type(counts) is not tuple:
        return None
    if len(counts) != NUM_KINDS:
        return None
    for c in counts:
        if type(c) is not int or not 0 <= c <= 4:
            return None
    m, p, s, h = (group_code(tuple(counts[lo:hi])) for lo, hi in GROUP_BOUNDS)
    return m, p, s, h


def load_accelerator(module: str, required: tuple[str, ...]) -> ModuleType | None:
    """The compiled module ``module``, or None for the pure-Python path: when ``MAJIANG_PURE`` is set
    (not "0"), when it is not built, or when it lacks a name of ``required`` (a stale build of another
    version: rebuild with `pip install -e .`). majiang.env loads its own accelerator the same way."""
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return None
    try:
        mod = importlib.import_module(module)
    except ImportError:
        return None
    return mod if all(hasattr(mod, name) for name in required) else None


def _load() -> ModuleType | None:
    mod = load_accelerator("majiang.hand._speedups", _REQUIRED)
    limits = (getattr(mod, "MAX_JOKERS", None), getattr(mod, "MAX_GROUP_TILES", None))
    return mod if limits == (MAX_JOKERS, MAX_GROUP_TILES) else None  # (else a build with other limits)


speedups: ModuleType | None = _load()
#: True when the C accelerator is in use (built, importable, and not disabled by MAJIANG_PURE).
ACCELERATED = speedups is not None
