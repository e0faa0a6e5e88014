"""``is_win`` and ``waits``: a few dict lookups per call.

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

from collections.abc import Sequence

from majiang.hand.groups import COMPLETE_SIZES, FULL_TABLES, WAITING_SIZES, bad_size, tables_for
from majiang.hand.tileset import TileSet

_ANY_SIZE = COMPLETE_SIZES | WAITING_SIZES


_M, _P, _S, _H = FULL_TABLES.need


def is_win(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> bool:
    """True when the concealed part (naturals ``counts`` plus ``jokers`` wilds) is complete.

    A waiting-size part (3n+1) is simply not complete: False.
    """
    # Hot path: one tuple, four slices, four dict lookups. The size comes from the
    # tables' tile counts (no sum over 34 entries) and the tables validated every
    # count when the key was first seen.
    if tileset is None:
        m, p, s, h = _M, _P, _S, _H
    else:
        m, p, s, h = tables_for(tileset).need
    if len(counts) != 34 or jokers < 0:
        raise bad_size(counts, jokers, _ANY_SIZE, "is_win")
    c = counts if type(counts) is tuple else tuple(counts)
    sm, dm, nm = m[c[0:9]]
    sp, dp, np_ = p[c[9:18]]
    ss, ds, ns = s[c[18:27]]
    sh, dh, nh = h[c[27:34]]
    total = nm + np_ + ns + nh + jokers
    if total not in COMPLETE_SIZES:
        if total in WAITING_SIZES:
            return False
        raise bad_size(counts, jokers, _ANY_SIZE, "is_win")
    if dp < dm:
        dm = dp
    if ds < dm:
        dm = ds
    if dh < dm:
        dm = dh
    if sm + sp + ss + sh + dm <= jokers:
        return True
    # Counts were validated by the lookups above, so the odd kinds are those held 1 or 3 times.
    return seven_pairs and total == 14 and c.count(1) + c.count(3) <= jokers


def waits(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> list[int]:
    """Sorted tile ids (within the tile set) whose drawing completes a 3n+1 part.

    A kind the part already holds four natural copies of is never a wait: no fifth
    copy can be drawn.
    """
    tables = FULL_TABLES if tileset is None else tables_for(tileset)
    if len(counts) != 34 or jokers < 0:
        raise bad_size(counts, jokers, WAITING_SIZES, "waits")
    if type(counts) is not tuple:
        counts = tuple(counts)
    keys = (counts[0:9], counts[9:18], counts[18:27], counts[27:34])
    need = tables.need
    values = [need[0][keys[0]], need[1][keys[1]], need[2][keys[2]], need[3][keys[3]]]
    total = values[0][2] + values[1][2] + values[2][2] + values[3][2] + jokers
    if total not in WAITING_SIZES:
        raise bad_size(counts, jokers, WAITING_SIZES, "waits")
    total_s = values[0][0] + values[1][0] + values[2][0] + values[3][0]
    found: list[int] = []
    succ = tables.successors
    for g in range(4):
        # The new tile lands in group g; the other groups keep their values.
        others_s = total_s - values[g][0]
        others_d = min([values[o][1] for o in range(4) if o != g])
        budget = jokers - others_s
        for s2, d2, ids in succ[g][keys[g]]:
            if s2 + (d2 if d2 < others_d else others_d) <= budget:
                found.extend(ids)
    if seven_pairs and total == 13:
        odd = counts.count(1) + counts.count(3)
        if odd + 1 <= jokers:  # any drawn kind still leaves enough wilds
            found.extend(t for t in tables.tileset.sorted_kinds if counts[t] < 4)
        elif odd - 1 <= jokers:  # drawing a kind held once or three times pairs it
            found.extend(t for t in tables.tileset.sorted_kinds if counts[t] in (1, 3))
        return sorted(set(found))
    found.sort()
    return found
