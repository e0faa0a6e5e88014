"""The full tile set's C tables as a file: written when the accelerator is built, mapped at import.

Building the complete flat tables of the full tile set (5**9 suit codes, 5**7 honors codes;
``_speedups.Shape``) takes 16-26 ms of C on this machine, more than the whole import may cost.
So the build (setup.py) writes them once to ``majiang/hand/data/tables.bin`` and an import maps
that file: no Python-level work per entry, no copy, and the pages are shared by every process of
the machine (workers, server nodes). The header carries the accelerator's ``TABLES_ID`` (its
table layout version and its build time), so a file written by another build is not used;
without a usable file the tables are built in memory as before.

Layout: a 64-byte header (``MAGIC`` + ``TABLES_ID``, zero-padded), then the suit shape's
``dump()`` at offset 64 (its blocks words, blocks, need and cls: ``DUMP_FIXED_BYTES`` +
``DUMP_BYTES_PER_CODE`` per code; then need and cls by dense index, 2 bytes for each of
``DENSE_SIZES[ranks]`` groups of at most 14 tiles), then the honors shape's at the next multiple of 64.

This module imports nothing of majiang's: setup.py runs it against the freshly built extension.
"""

from __future__ import annotations

import os
from types import ModuleType
from typing import Any

MAGIC = b"MJHT"
HEADER_SIZE = 64
#: The shapes stored, as ``Shape(length, present, starts)``: the full suit (chows start at 1-7), the honors.
SHAPES = ((9, 0b111111111, 0b1111111), (7, 0b1111111, 0))
PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data", "tables.bin")


def header(speedups: ModuleType) -> bytes:
    ident = MAGIC + str(speedups.TABLES_ID).encode("ascii")
    if len(ident) > HEADER_SIZE:
        raise ValueError(f"TABLES_ID too long for the header: {speedups.TABLES_ID!r}")
    return ident.ljust(HEADER_SIZE, b"\0")


def _offsets(speedups: ModuleType) -> list[tuple[int, int]]:
    """(offset, length) of each shape's dump in the file (its size from the extension's layout)."""
    out = []
    at = HEADER_SIZE
    for _, present, _ in SHAPES:
        digits = bin(present).count("1")
        n = speedups.DUMP_FIXED_BYTES + speedups.DUMP_BYTES_PER_CODE * 5**digits + 2 * speedups.DENSE_SIZES[digits]
        out.append((at, n))
        at = -(-(at + n) // 64) * 64
    return out


def write(speedups: ModuleType, path: str = PATH) -> None:
    """Build the shapes with ``speedups`` and write them to ``path`` (atomically: a reader sees the
    old file or the new one)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    tmp = f"{path}.{os.getpid()}.tmp"
    with open(tmp, "wb") as f:
        f.write(header(speedups))
        for (offset, _), args in zip(_offsets(speedups), SHAPES, strict=True):
            f.write(b"\0" * (offset - f.tell()))
            f.write(speedups.Shape(*args).dump())
    os.replace(tmp, path)


def load(speedups: ModuleType, path: str = PATH) -> tuple[Any, ...] | None:
    """The stored shapes read in place from a read-only mapping of ``path``, or None when the file is
    missing, unreadable, of another build or of the wrong size."""
    import mmap

    try:
        with open(path, "rb") as f:
            data = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError):
        return None
    offsets = _offsets(speedups)
    last, length = offsets[-1]
    if len(data) != last + length or data[:HEADER_SIZE] != header(speedups):
        data.close()
        return None
    view = memoryview(data)
    return tuple(speedups.Shape(*args, view[at : at + n]) for (at, n), args in zip(offsets, SHAPES, strict=True))
