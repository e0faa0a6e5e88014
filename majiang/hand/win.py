"""``is_win`` and ``waits``: a few table lookups per call (pure Python: is_win on packed values, see
groups.py; with the optional C accelerator both run in C on complete flat tables, see _speedups.c).

A part with ``J`` wilds is complete in the regular form when some group can take
the pair and the wilds cover every group's shortfall::

    sum(s_g) + min(d_g) <= J

Any wilds left over number a multiple of 3 (the naturals plus the used wilds make
3k+2 tiles and so does the whole part), so they form wild pungs — a wild may stand
for any kind of the tile set, even a fifth copy.

Seven pairs (14-tile parts only): every kind held an odd number of times needs one
wild; four of a kind counts as two pairs, and leftover wilds pair up.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from majiang.hand.codes import speedups
from majiang.hand.groups import (
    COMPLETE_SIZES,
    FULL_TABLES,
    JOKER_STEP,
    LOW_MASK,
    MAX_SIZE,
    ODD_SHIFT,
    VERDICT,
    WAITING_SIZES,
    bad_size,
    fill_verdicts,
    read,
    tables_for,
)
from majiang.hand.tileset import TileSet

_ANY_SIZE = COMPLETE_SIZES | WAITING_SIZES
_FM, _FP, _FS, _FH = FULL_TABLES.packed
# Prebuilt slices: a tuple subscript with a slice object skips BUILD_SLICE. The
# honors slice is open-ended so a count array of the wrong length gives a
# wrong-length honors key, which no table holds (-> slow path -> TileError).
_M, _P, _S, _H = slice(0, 9), slice(9, 18), slice(18, 27), slice(27, None)
# Low bits of -1: every d-count field 7, which no sum of four groups reaches.
_NO_KEY = -1


def _is_win_pure(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> bool:
    """True when the concealed part (naturals ``counts`` plus ``jokers`` wilds) is complete.

    A waiting-size part (3n+1) is simply not complete: False.

    The reference path, used without the C accelerator (or with MAJIANG_PURE=1).
    With the accelerator the tile sets' cache slots hold the C tables, so a
    ``tileset=`` call here would always take the slow path (still right).
    """
    # Hot path: one tuple, four slices, four plain-dict lookups returning packed
    # ints, one verdict lookup. There is no explicit validation: the packed tables
    # only hold keys of parts that passed full validation, and the verdict table
    # only holds valid sizes, so any bad input (wrong length, bad count, tile
    # outside the set, bad size, odd jokers) misses a lookup and lands in
    # _is_win_slow, which validates, raises the right TileError or fills the
    # tables for next time (so does a tile set seen for the first time).
    if tileset is None:
        # The same steps on the module's tables directly: skipping the 4-tuple
        # unpack measured 5-7 % faster, on the most common call.
        try:
            c = tuple(counts)
            v = _FM[c[_M]] + _FP[c[_P]] + _FS[c[_S]] + _FH[c[_H]]
            if jokers:
                v = v + jokers * JOKER_STEP if 0 < jokers <= MAX_SIZE else _NO_KEY
            verdict = VERDICT[v & LOW_MASK]
        except (KeyError, TypeError):
            return _is_win_slow(counts, jokers, seven_pairs, tileset)
    else:
        try:
            # A TileSet caches its packed tables in a slot (None until first use: the
            # unpack fails with TypeError); anything else has no such slot.
            m, p, s, h = tileset.hot_tables
            c = tuple(counts)
            v = m[c[_M]] + p[c[_P]] + s[c[_S]] + h[c[_H]]
            if jokers:
                # Wilds only shift two fields, so the cost is the same as without.
                v = v + jokers * JOKER_STEP if 0 < jokers <= MAX_SIZE else _NO_KEY
            verdict = VERDICT[v & LOW_MASK]
        except (KeyError, TypeError, AttributeError):
            return _is_win_slow(counts, jokers, seven_pairs, tileset)
    if verdict is not None:
        return verdict
    # 14 tiles, no regular form: seven pairs needs a wild per kind held 1 or 3 times.
    return seven_pairs and v >> ODD_SHIFT <= jokers


def _is_win_checked(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> bool:
    """What the C is_win hands back (with the caller's own arguments): validate and answer."""
    return _is_win_slow(counts, jokers, seven_pairs, tileset)


def _is_win_slow(counts: Sequence[int], jokers: int, seven_pairs: bool, tileset: TileSet | None) -> bool:
    """Validate (raising TileError), fill the packed tables, answer from the need tuples."""
    fill_verdicts()
    c, values, total = read(tables_for(tileset), counts, jokers, _ANY_SIZE, "is_win")
    if total not in COMPLETE_SIZES:
        return False
    if values[0][0] + values[1][0] + values[2][0] + values[3][0] + min(v[1] for v in values) <= jokers:
        return True
    # Counts were validated by read(), so the odd kinds are those held 1 or 3 times.
    return seven_pairs and total == 14 and c.count(1) + c.count(3) <= jokers


def _waits_pure(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> list[int]:
    """Sorted tile ids (within the tile set) whose drawing completes a 3n+1 part.

    A kind the part already holds four natural copies of is never a wait: no fifth
    copy can be drawn. The reference path (and the validating one under the C path).
    """
    tables = FULL_TABLES if tileset is None else tables_for(tileset)
    if len(counts) != 34 or jokers < 0:
        raise bad_size(counts, jokers, WAITING_SIZES, "waits")
    c = counts if type(counts) is tuple else tuple(counts)
    km, kp, ks, kh = c[0:9], c[9:18], c[18:27], c[27:34]
    need = tables.need
    sm, dm, nm = need[0][km]
    sp, dp, np_ = need[1][kp]
    ss, ds, ns = need[2][ks]
    sh, dh, nh = need[3][kh]
    total = nm + np_ + ns + nh + jokers
    if total not in WAITING_SIZES:
        raise bad_size(counts, jokers, WAITING_SIZES, "waits")
    succ = tables.successors
    om, bm = succ[0][km]
    op, bp = succ[1][kp]
    os_, bs = succ[2][ks]
    oh, bh = succ[3][kh]
    budget = jokers - sm - sp - ss - sh
    found: list[int] = []
    # The new tile lands in one group; the other three keep their values, so it
    # completes the part when s' + min(d', others' d) <= wilds - others' s.
    for left, others_d, buckets in (
        (budget + sm, min(dp, ds, dh), bm),
        (budget + sp, min(dm, ds, dh), bp),
        (budget + ss, min(dm, dp, dh), bs),
        (budget + sh, min(dm, dp, ds), bh),
    ):
        for s2, d2, ids in buckets:
            if s2 + (d2 if d2 < others_d else others_d) <= left:
                found.extend(ids)
    if seven_pairs and total == 13:
        odd = om + op + os_ + oh  # kinds held 1 or 3 times
        kinds = tables.kinds
        if odd + 1 <= jokers:  # any drawn kind still leaves enough wilds
            found.extend(t for t in kinds if c[t] < 4)
        elif odd - 1 <= jokers:  # drawing a kind held once or three times pairs it
            found.extend(t for t in kinds if c[t] in (1, 3))
        return sorted(set(found))
    found.sort()
    return found


# With the accelerator, is_win and waits are C functions on the complete flat tables
# (_speedups.c): no Python frame on the usual call. Whatever they do not answer (bad
# input, a tile set's first use, an odd signature) they pass, arguments unchanged, to
# the Python function installed here, so errors and answers are the pure path's.
_is_win_accelerated: Callable[..., bool] | None = None
_waits_accelerated: Callable[..., list[int]] | None = None
if speedups is not None:
    speedups.install("is_win", _is_win_checked, FULL_TABLES.flat)
    speedups.install("waits", _waits_pure, FULL_TABLES.flat)
    _is_win_accelerated = speedups.is_win
    _waits_accelerated = speedups.waits
#: The engine's is_win and waits: in C when the accelerator is in use, else pure Python.
is_win: Callable[..., bool] = _is_win_accelerated or _is_win_pure
waits: Callable[..., list[int]] = _waits_accelerated or _waits_pure
