"""Base-5 group codes, and the optional C accelerator that computes them.

A group's *code* is its counts read as a base-5 number, rank ``r`` being the digit
of weight ``5**r`` (suits: 9 digits, < 5**9; honors: 7 digits, < 5**7). Small ints
hash to themselves, so a table keyed by codes costs one cheap lookup per group,
where a tuple key costs building the tuple plus hashing its items.

This module is the pure-Python reference of ``majiang/hand/_speedups.c``:
:func:`group_codes_py` and :func:`packed_sum_py` return exactly what the C
functions return, for every input. :data:`ACCELERATED` tells which one the engine
uses; ``MAJIANG_PURE=1`` in the environment (read at import) forces the pure path,
and so does a missing or unloadable extension (no compiler at install time).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from types import ModuleType

from majiang.tiles import NUM_KINDS

Codes = tuple[int, int, int, int]
PackedTables = tuple[dict[int, int], dict[int, int], dict[int, int], dict[int, int]]

GROUP_BOUNDS = ((0, 9), (9, 18), (18, 27), (27, 34))
# Packing constants of majiang.hand.groups that packed_sum also needs (the C file
# has its own copy; a build that disagrees is not used, groups.py checks its side).
JOKER_STEP = 255
MAX_JOKERS = 14


def group_code(key: tuple[int, ...]) -> int:
    """The code of one group's counts (valid counts 0..4 assumed)."""
    code = 0
    for c in reversed(key):
        code = code * 5 + c
    return code


def group_codes_py(counts: object) -> Codes | None:
    """The four group codes, or None unless ``counts`` is an exact list/tuple of 34 exact ints in 0..4.

    None sends the caller to its validating path (which raises the right
    TileError or answers for unusual but valid input such as bools).
    """
    if type(counts) is not list and type(counts) is not tuple:
        return None
    if len(counts) != NUM_KINDS:
        return None
    for c in counts:
        if type(c) is not int or not 0 <= c <= 4:
            return None
    m, p, s, h = (group_code(tuple(counts[lo:hi])) for lo, hi in GROUP_BOUNDS)
    return m, p, s, h


def packed_sum_py(counts: object, tables: PackedTables, jokers: object) -> int | None:
    """``sum(tables[g][code_g]) + jokers * JOKER_STEP``, or None.

    None when ``counts`` is not plain (see :func:`group_codes_py`), ``jokers`` is not
    an int or bool in 0..MAX_JOKERS, or a code is not in its table. Raises TypeError
    when ``tables`` is not a 4-tuple of dicts (as the C version does).
    """
    if type(tables) is not tuple or len(tables) != 4 or any(type(t) is not dict for t in tables):
        raise TypeError("packed_sum: tables must be a tuple of 4 dicts")
    codes = group_codes_py(counts)
    if codes is None:
        return None
    if (type(jokers) is not int and type(jokers) is not bool) or not 0 <= jokers <= MAX_JOKERS:  # type: ignore[operator]
        return None
    total = int(jokers) * JOKER_STEP
    for table, code in zip(tables, codes, strict=True):
        value = table.get(code)
        if value is None:
            return None
        if type(value) is not int:
            raise TypeError("packed_sum: table values must be ints")
        if not 0 <= value <= 1 << 48:
            raise ValueError("packed_sum: table value out of range")
        total += value
    return total


def _load() -> ModuleType | None:
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return None
    try:
        from majiang.hand import _speedups  # type: ignore[attr-defined]
    except ImportError:
        return None
    if getattr(_speedups, "JOKER_STEP", None) != JOKER_STEP or getattr(_speedups, "MAX_JOKERS", None) != MAX_JOKERS:
        return None  # a stale build of another packing: rebuild with `pip install -e .`
    if not hasattr(_speedups, "packed_sum") or not hasattr(_speedups, "group_codes"):
        return None
    return _speedups  # type: ignore[no-any-return]


speedups: ModuleType | None = _load()
#: True when the C accelerator is in use (built, importable, and not disabled by MAJIANG_PURE).
ACCELERATED = speedups is not None
group_codes: Callable[[object], Codes | None] = speedups.group_codes if speedups else group_codes_py
packed_sum: Callable[[object, PackedTables, object], int | None] = speedups.packed_sum if speedups else packed_sum_py
