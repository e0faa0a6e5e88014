"""``shanten``: tiles away from ready, from per-group block tables.

Count ``needed`` = the fewest tiles the part must still receive (each replacing a
discard) to be complete; shanten is ``needed - 1`` (so -1 = complete, 0 = ready).

Regular form with ``n`` sets to make: choose ``m`` sets, ``t`` partial sets (two
tiles of a set: a pair, 12, 13) and ``p`` ∈ {0, 1} pair from the groups' Pareto
tables, with ``m + t <= n``. The blocks use ``3m + 2t + 2p`` natural tiles; each of
the remaining ``n - m - t + 1 - p`` slots can hold one leftover natural. So::

    used   = 3m + 2t + 2p + min(leftover naturals, free slots)
    needed = (3n + 2) - used - jokers

A wild is a tile that fits anywhere, so each one lowers ``needed`` by exactly one.
With no wilds and 13/14 tiles this is the classic ``8 - 2m - t - p``.

Seven pairs (13/14-tile parts): ``P`` pairs (four of a kind = two) use ``2P``
naturals and up to ``7 - P`` leftovers can start the missing pairs.

``shanten_draws`` answers, for a 3n+1 part, its shanten, which kinds' draw would
lower it and which can join a held tile (the bots' question for every discard they weigh);
``discard_shantens``, for a 3n+2 part, the shanten each discard leaves. By definition
one shanten per draw (per discard) here; the C path merges the blocks of the one group
a draw (a discard) changes with the other three groups merged once.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from majiang.hand.codes import speedups
from majiang.hand.groups import COMPLETE_SIZES, FULL_TABLES, WAITING_SIZES, bad_size, tables_for
from majiang.hand.tileset import TileSet

_ANY_SIZE = COMPLETE_SIZES | WAITING_SIZES
Block = tuple[int, int, int]


def _shanten_pure(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> int:
    """Tiles away from ready (-1 = complete): the reference path (and the validating one under the C path)."""
    tables = FULL_TABLES if tileset is None else tables_for(tileset)
    if len(counts) != 34 or jokers < 0:
        raise bad_size(counts, jokers, _ANY_SIZE, "shanten")
    c = counts if type(counts) is tuple else tuple(counts)
    # The lookups validate every count; their tile counts give the size and
    # their pair counts the seven-pairs figure (no sum/count over 34 entries).
    b = tables.blocks
    nm, pm, bm = b[0][c[0:9]]
    np_, pp, bp = b[1][c[9:18]]
    ns, ps, bs = b[2][c[18:27]]
    nh, ph, bh = b[3][c[27:34]]
    naturals = nm + np_ + ns + nh
    total = naturals + jokers
    if total not in _ANY_SIZE:
        raise bad_size(counts, jokers, _ANY_SIZE, "shanten")
    n = (total - 1) // 3  # sets to make: 13/14 -> 4, 1/2 -> 0
    needed = 3 * n + 2 - _best_used(bm, bp, bs, bh, naturals, n) - jokers
    if seven_pairs and total >= 13 and needed > 0:
        pairs = pm + pp + ps + ph
        if pairs > 7:
            pairs = 7
        used7 = 2 * pairs + min(naturals - 2 * pairs, 7 - pairs)
        needed = min(needed, 14 - used7 - jokers)
    return needed - 1


# With the accelerator, shanten is a C function on the complete flat tables; what it does
# not answer (bad input, a tile set's first use) goes to _shanten_pure, arguments unchanged.
_shanten_accelerated: Callable[..., int] | None = None
if speedups is not None:
    speedups.install("shanten", _shanten_pure, FULL_TABLES.flat)
    _shanten_accelerated = speedups.shanten
#: The engine's shanten: in C when the accelerator is in use, else pure Python.
shanten: Callable[..., int] = _shanten_accelerated or _shanten_pure


def _shanten_draws_pure(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> tuple[int, int, int]:
    """(shanten, lowering, connected) of a 3n+1 part, bit masks over the tile set's kinds: bit ``k`` of
    ``lowering`` when drawing kind ``k`` (held fewer than four times) lowers the shanten; of ``connected``
    when ``k`` is held or within two ranks of a held tile of its suit (a draw that can join a held tile).
    The reference path: one shanten per kind."""
    base = _shanten_pure(counts, jokers, seven_pairs, tileset)  # validates the part
    if (sum(counts) + jokers) % 3 != 1:
        raise bad_size(counts, jokers, WAITING_SIZES, "shanten_draws")
    after = list(counts)
    lowering = connected = 0
    for k in (FULL_TABLES if tileset is None else tables_for(tileset)).kinds:
        near = range(k, k + 1) if k >= 27 else range(max(k - 2, k - k % 9), min(k + 2, k - k % 9 + 8) + 1)
        if any(after[j] for j in near):
            connected |= 1 << k
        if after[k] < 4:
            after[k] += 1
            if _shanten_pure(after, jokers, seven_pairs, tileset) < base:
                lowering |= 1 << k
            after[k] -= 1
    return base, lowering, connected


_shanten_draws_accelerated: Callable[..., tuple[int, int, int]] | None = None
if speedups is not None:
    speedups.install("shanten_draws", _shanten_draws_pure, FULL_TABLES.flat)
    _shanten_draws_accelerated = speedups.shanten_draws
#: shanten, lowering and connected draws of a 3n+1 part: in C when the accelerator is in use.
shanten_draws: Callable[..., tuple[int, int, int]] = _shanten_draws_accelerated or _shanten_draws_pure


def _discard_shantens_pure(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> tuple[int | None, ...]:
    """For a 3n+2 part, 35 items: item ``k`` (``k`` < 34) the shanten of the part after throwing one of
    kind ``k`` (None when not held), item 34 after throwing a wild (None without wilds). The reference
    path: one shanten per discard."""
    _shanten_pure(counts, jokers, seven_pairs, tileset)  # validates the part
    if (sum(counts) + jokers) % 3 != 2:
        raise bad_size(counts, jokers, COMPLETE_SIZES, "discard_shantens")
    after = list(counts)
    out: list[int | None] = [None] * 35
    for k in range(34):
        if after[k]:
            after[k] -= 1
            out[k] = _shanten_pure(after, jokers, seven_pairs, tileset)
            after[k] += 1
    if jokers:
        out[34] = _shanten_pure(after, jokers - 1, seven_pairs, tileset)
    return tuple(out)


_discard_shantens_accelerated: Callable[..., tuple[int | None, ...]] | None = None
if speedups is not None:
    speedups.install("discard_shantens", _discard_shantens_pure, FULL_TABLES.flat)
    _discard_shantens_accelerated = speedups.discard_shantens
#: the shanten after each discard of a 3n+2 part: in C when the accelerator is in use.
discard_shantens: Callable[..., tuple[int | None, ...]] = _discard_shantens_accelerated or _discard_shantens_pure


def _best_used(a: tuple[Block, ...], b: tuple[Block, ...], c: tuple[Block, ...], h: tuple[Block, ...],
               naturals: int, n: int) -> int:
    """Most natural tiles the blocks of the four groups can use, over all choices."""
    best = 0
    slots = n + 1
    for am, at, ap in a:
        for bm, bt, bp in b:
            abp = ap + bp
            if abp > 1:
                continue
            abm = am + bm
            abt = at + bt
            for cm, ct, cp in c:
                abcp = abp + cp
                if abcp > 1:
                    continue
                abcm = abm + cm
                abct = abt + ct
                for hm, ht, hp in h:
                    pp = abcp + hp
                    if pp > 1:
                        continue
                    m = abcm + hm
                    t = abct + ht
                    if m + t > n:
                        t = n - m
                    blocks = 3 * m + 2 * t + 2 * pp
                    free = slots - m - t - pp
                    left = naturals - blocks
                    used = blocks + (left if left < free else free)
                    if used > best:
                        best = used
    return best
