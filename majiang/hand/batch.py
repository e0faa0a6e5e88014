"""Many hands in one call: a ``(n, 34)`` array of counts in, one answer per hand out.

    import numpy as np
    from majiang.hand import batch

    hands = np.zeros((n, 34), dtype=np.uint8)  # one hand's concealed counts per row
    batch.shanten(hands)                       # int8 array of n shantens (-1 = complete)
    batch.is_win(hands, jokers=per_hand)       # bool array; jokers an int or n values

A single call from Python costs about 40-50 ns before it does anything, which is most of a
shanten on the C tables; a batch pays it once, so a researcher's or a bot's sweep over many hands
runs at the C engine's own speed (``bench/hand_peers.py`` prints ns per hand against the single
call and RiichiEnv in a loop). The answers are the single functions' (``majiang.hand.shanten``,
``is_win``), the tests check row by row. A row that is not a valid part raises the single
function's ``TileError`` prefixed by its row index, before any answer is returned.

Needs numpy (``majiang[env]``). With the C accelerator the loop runs in C (the GIL released);
without it, the pure functions run row by row (same answers, no speed-up).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from majiang.hand.codes import speedups
from majiang.hand.groups import tables_for
from majiang.hand.shanten import shanten as _shanten
from majiang.hand.tileset import TileSet
from majiang.hand.win import is_win as _is_win
from majiang.tiles import NUM_KINDS, TileError

__all__ = ["is_win", "shanten"]


def _inputs(hands: Any, jokers: Any) -> tuple[np.ndarray, int | np.ndarray]:
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != NUM_KINDS:
        raise TileError(f"hands must be an (n, {NUM_KINDS}) array of counts, got shape {arr.shape}")
    if arr.dtype != np.uint8:
        if arr.dtype.kind not in "iu":
            raise TileError(f"hands must hold integer counts, got dtype {arr.dtype}")
        if arr.size and (arr.min() < 0 or arr.max() > 4):
            row, kind = (int(x) for x in np.argwhere((arr < 0) | (arr > 4))[0])
            raise TileError(f"hand {row}: count {arr[row, kind]} for tile id {kind} out of range (0-4)")
        arr = arr.astype(np.uint8)
    arr = np.ascontiguousarray(arr)
    if isinstance(jokers, (int, np.integer)) and not isinstance(jokers, bool):
        if not 0 <= int(jokers) <= 14:
            raise TileError(f"jokers must be 0-14, got {jokers}")
        return arr, int(jokers)
    j = np.asarray(jokers)
    if j.shape != (arr.shape[0],) or j.dtype.kind not in "iu":
        raise TileError(f"jokers must be an int or {arr.shape[0]} integers (one per hand), got shape {j.shape}")
    if j.size and (j.min() < 0 or j.max() > 14):
        raise TileError(f"jokers must be 0-14, got {int(j.min())}..{int(j.max())}")
    return arr, np.ascontiguousarray(j, dtype=np.uint8)


def _jokers_of(jokers: int | np.ndarray, row: int) -> int:
    return jokers if isinstance(jokers, int) else int(jokers[row])


def _run(what: str, hands: Any, jokers: Any, seven_pairs: bool, tileset: TileSet | None) -> np.ndarray:
    arr, j = _inputs(hands, jokers)
    tables = tables_for(tileset)
    out = np.empty(arr.shape[0], dtype=np.int8)
    if speedups is not None and tables.flat is not None:
        bad = speedups.batch(what, arr, j, seven_pairs, tables.flat, out)
        if bad >= 0:
            _check_row_in(arr, j, bad, seven_pairs, tileset)
        return out
    single = _shanten if what == "shanten" else _is_win
    for row in range(arr.shape[0]):
        try:
            out[row] = single([int(c) for c in arr[row]], _jokers_of(j, row), seven_pairs, tileset)
        except TileError as e:
            raise TileError(f"hand {row}: {e}") from None
    return out


def _check_row_in(arr: np.ndarray, jokers: int | np.ndarray, row: int, seven_pairs: bool,
                  tileset: TileSet | None) -> None:
    try:
        _shanten([int(c) for c in arr[row]], _jokers_of(jokers, row), seven_pairs, tileset)
    except TileError as e:
        raise TileError(f"hand {row}: {e}") from None
    raise TileError(f"hand {row}: not a valid part")


def shanten(hands: Any, jokers: Any = 0, seven_pairs: bool = True, tileset: TileSet | None = None) -> np.ndarray:
    """``majiang.hand.shanten`` of every row of ``hands`` ((n, 34) counts): an int8 array of n."""
    return _run("shanten", hands, jokers, seven_pairs, tileset)


def is_win(hands: Any, jokers: Any = 0, seven_pairs: bool = True, tileset: TileSet | None = None) -> np.ndarray:
    """``majiang.hand.is_win`` of every row of ``hands`` ((n, 34) counts): a bool array of n."""
    return _run("is_win", hands, jokers, seven_pairs, tileset).view(np.bool_)
