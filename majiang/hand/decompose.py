"""``decompositions``: every distinct split of a complete part, wilds made explicit.

A plain search (compiled with mypyc, majiang.native: the strong bot scores many candidate wins),
kept quick by the need tables: a branch is followed only while the remaining naturals can still be
completed with the remaining wilds. The search always places the lowest natural tile left, in a
pair, a pung, or one of the (up to three) chows that contain it; positions below
it must be wilds (nothing natural is left there), positions above may take a
natural or a wild — both are distinct decompositions. Once no natural is left, the
remaining wilds form whole-wild groups, enumerated over every pung, chow and pair
of the tile set (scoring needs them: a wild chow can complete 一条龙, a wild pung an
all-pung hand).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations_with_replacement, product

from majiang.hand.groups import COMPLETE_SIZES, GROUP_SLICES, WAITING_SIZES, GroupTables, bad_size, tables_for
from majiang.hand.tables import chow_starts
from majiang.hand.tileset import TileSet
from majiang.hand.types import Decomposition, Group
from majiang.hand.win import is_win

_ANY_SIZE = COMPLETE_SIZES | WAITING_SIZES


def decompositions(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> list[Decomposition]:
    """All distinct decompositions, regular forms first, each in a fixed order; [] if not complete."""
    # only plain ints are looked up (1.0 would find 1's answer and skip the checks)
    if type(jokers) is not int or not all(type(c) is int for c in counts):
        return _decompositions(counts, jokers, seven_pairs, tileset)
    key = (tuple(counts), jokers, seven_pairs, tileset)
    hit = _MEMO.get(key)
    if hit is not None:
        return list(hit)
    found = _decompositions(counts, jokers, seven_pairs, tileset)
    # only short answers: three or four wilds make hundreds of fillings (rare, and megabytes kept)
    if len(found) <= _MEMO_ANSWER:
        if len(_MEMO) >= _MEMO_SIZE:
            del _MEMO[next(iter(_MEMO))]  # the oldest
        _MEMO[key] = tuple(found)
    return found


# Scoring asks for the same hands again and again (a bot weighs a win drawn and the same win on a
# discard, the same ready hand reached by several discards): 43 % of the calls in four strong bots'
# hands repeat one made before, so the answers are kept, the oldest dropped first. Their groups are
# tuples: a caller gets its own list, nothing else to copy. At most about 4,096 × 16 decompositions.
_MEMO: dict[tuple[tuple[int, ...], int, bool, TileSet | None], tuple[Decomposition, ...]] = {}
_MEMO_SIZE = 4096
_MEMO_ANSWER = 16


def _decompositions(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None
) -> list[Decomposition]:
    total = sum(counts) + jokers if len(counts) == 34 and jokers >= 0 else -1
    if total not in _ANY_SIZE:
        raise bad_size(counts, jokers, _ANY_SIZE, "decompositions")
    if not is_win(counts, jokers, seven_pairs, tileset):  # also validates every count
        return []
    tables = tables_for(tileset)
    found = _regular_keys(counts, jokers, tables)
    regular = [Decomposition("regular", g) for g in sorted(found)]
    seven: list[Decomposition] = []
    if seven_pairs and total == 14:
        pairs_found = {tuple(sorted(p)) for p in _seven_pairs(tuple(counts), jokers, tables)}
        seven = [Decomposition("seven_pairs", g) for g in sorted(pairs_found)]
    return regular + seven


def iter_decompositions(
    counts: Sequence[int], jokers: int = 0, seven_pairs: bool = True, tileset: TileSet | None = None,
    *, any_wild_filling: bool = False,
) -> Iterator[Decomposition]:
    """:func:`decompositions` one at a time, in search order (not sorted), each once: for a caller
    that may stop at the first one that suits it.

    ``any_wild_filling``: where the wilds left over make whole groups of their own, yield one
    filling (pungs, and a pair) instead of every pung, chow and pair they could be. For questions
    that depend only on where the natural tiles sit (which wait, which pair) that is the same
    answer, without the hundreds of fillings three or four wilds allow."""
    total = sum(counts) + jokers if len(counts) == 34 and jokers >= 0 else -1
    if total not in _ANY_SIZE:
        raise bad_size(counts, jokers, _ANY_SIZE, "decompositions")
    if not is_win(counts, jokers, seven_pairs, tileset):  # also validates every count
        return
    tables = tables_for(tileset)
    seen: set[tuple[Group, ...]] = set()
    for groups in _regular(list(counts), jokers, True, tables, [], any_wild_filling):
        key = (*sorted(groups[:-1]), groups[-1])
        if key not in seen:
            seen.add(key)
            yield Decomposition("regular", key)
    if seven_pairs and total == 14:
        for p in _seven_pairs(tuple(counts), jokers, tables, any_wild_filling):
            key = tuple(sorted(p))
            if key not in seen:
                seen.add(key)
                yield Decomposition("seven_pairs", key)


def _regular_keys(counts: Sequence[int], jokers: int, tables: GroupTables) -> set[tuple[Group, ...]]:
    """Every regular decomposition of a complete part, as a key: its sets sorted, then the pair.

    The same set as the one search :func:`_regular` walks (each group holds the lowest natural left,
    or is made of wilds once no natural is left), found group by group (m, p, s, honors): a chow
    never leaves its suit, so a decomposition is one way of covering each group's naturals (with
    some of the wilds, at most one of them taking the pair), plus whole-wild groups for the wilds
    left. A group's ways depend only on its counts and the wilds it may use, and hands share most
    of them (the strong bot scores thousands of candidate wins a hand, one group changed from the
    last), so they are remembered (:data:`_PARTS`): the search over the whole hand cost 40-180 µs
    a hand compiled, most of the cost of scoring a candidate win. The caller sorts, so the order
    is the same too."""
    n = len(GROUP_SLICES)
    need = [tables.need[g][tuple(counts[lo:hi])][0] for g, (lo, hi) in enumerate(GROUP_SLICES)]
    total = sum(need)
    # A group may use the wilds the others do not need for their sets (one more: a group taking the
    # pair may need one wild less than for sets alone, the need tables' d >= -1).
    ways = [_group_ways(counts, g, min(jokers, jokers - (total - need[g]) + 1), tables) for g in range(n)]
    found: set[tuple[Group, ...]] = set()
    _join(ways, jokers, tables, found, [], 0, 0, 0)
    return found


def _join(ways: list[list[tuple[tuple[Group, ...], int, int]]], jokers: int, tables: GroupTables,
          found: set[tuple[Group, ...]], chosen: list[tuple[Group, ...]], g: int, used: int, paired: int) -> None:
    """One way for each group from ``g`` on, within the wilds and one pair: each whole choice (with
    whole-wild groups for the wilds left) added to ``found``. A module function, not a closure: a
    recursive closure is a reference cycle, garbage only a full collection frees, and thousands of
    them a hand made the young collections of a server's bot thread take tens of milliseconds."""
    if g == len(ways):
        sets = [x for groups in chosen for x in groups]
        natural_pair = [x for x in sets if x.kind == "pair"]
        if natural_pair:
            sets.remove(natural_pair[0])
        for wild_groups in _all_wild(jokers - used, not natural_pair, tables):
            pair = natural_pair or [x for x in wild_groups if x.kind == "pair"]
            found.add((*sorted(sets + [x for x in wild_groups if x.kind != "pair"]), pair[0]))
        return
    for groups, u, p in ways[g]:
        if used + u <= jokers and paired + p <= 1:
            chosen.append(groups)
            _join(ways, jokers, tables, found, chosen, g + 1, used + u, paired + p)
            chosen.pop()


# A group's ways of covering its naturals: (tile set, group, its counts, wilds it may use) → (groups,
# wilds used, 1 if it took the pair) for each. Bounded (a server lives long): cleared when full. 40
# hands of four strong bots fill 3,200-3,800 entries (2-3 ways, 6 groups each on average; baida
# `seven_baida`, Anqing A): the bound keeps the common ones in a few megabytes.
_PARTS: dict[tuple[TileSet, int, tuple[int, ...], int], list[tuple[tuple[Group, ...], int, int]]] = {}
_PARTS_SIZE = 8192


def _group_ways(counts: Sequence[int], g: int, jokers: int,
                tables: GroupTables) -> list[tuple[tuple[Group, ...], int, int]]:
    lo, hi = GROUP_SLICES[g]
    part = tuple(counts[lo:hi])
    key = (tables.tileset, g, part, jokers)
    hit = _PARTS.get(key)
    if hit is not None:
        return hit
    out: list[tuple[tuple[Group, ...], int, int]] = []
    if jokers >= 0:
        c = [0] * 34
        c[lo:hi] = part
        _cover(c, lo, hi, jokers, True, tables, [], out)
    if len(_PARTS) >= _PARTS_SIZE:
        _PARTS.clear()
    _PARTS[key] = out
    return out


def _cover(c: list[int], lo: int, hi: int, jokers: int, pair: bool, tables: GroupTables, groups: list[Group],
           out: list[tuple[tuple[Group, ...], int, int]]) -> None:
    """Append every way of covering the naturals of ``c[lo:hi]`` with the groups :func:`_regular` would
    place (each holding the lowest natural left), using at most ``jokers`` wilds and at most one pair."""
    i = lo
    while i < hi and not c[i]:
        i += 1
    if i == hi:
        out.append((tuple(groups), sum(g.jokers for g in groups), int(any(g.kind == "pair" for g in groups))))
        return
    for group in _groups_with(c, i, jokers, pair, tables):
        naturals = _naturals(group)
        for t in naturals:
            c[t] -= 1
        _cover(c, lo, hi, jokers - group.jokers, pair and group.kind != "pair", tables, [*groups, group], out)
        for t in naturals:
            c[t] += 1


def _feasible(c: list[int], jokers: int, pair: bool, tables: GroupTables) -> bool:
    total_s = 0
    best_d = 2
    for g, (lo, hi) in enumerate(GROUP_SLICES):
        s, d, _ = tables.need[g][tuple(c[lo:hi])]
        total_s += s
        best_d = min(best_d, d)
    return total_s + (best_d if pair else 0) <= jokers


def _regular(c: list[int], jokers: int, pair: bool, tables: GroupTables, groups: list[Group],
             one_filling: bool = False) -> Iterator[list[Group]]:
    """Yield group lists (sets in search order, the pair appended last)."""
    i = next((t for t, x in enumerate(c) if x), -1)
    if i < 0:
        for wild_groups in _all_wild(jokers, pair, tables, one_filling):
            sets = [g for g in wild_groups if g.kind != "pair"]
            pairs = [g for g in wild_groups if g.kind == "pair"]
            yield _with_pair(groups + sets, pairs)
        return
    for group in _groups_with(c, i, jokers, pair, tables):
        for t in _naturals(group):
            c[t] -= 1
        wilds = group.jokers
        is_pair = group.kind == "pair"
        if _feasible(c, jokers - wilds, pair and not is_pair, tables):
            yield from _regular(c, jokers - wilds, pair and not is_pair, tables, [*groups, group], one_filling)
        for t in _naturals(group):
            c[t] += 1


def _with_pair(groups: list[Group], pairs: list[Group]) -> list[Group]:
    pair = [g for g in groups if g.kind == "pair"] + pairs
    return [g for g in groups if g.kind != "pair"] + pair


def _naturals(group: Group) -> list[int]:
    """The tile ids a group takes from the natural counts."""
    return [t for t, w in zip(group.tiles, group.wild, strict=True) if not w]


def _groups_with(c: list[int], i: int, jokers: int, pair: bool, tables: GroupTables) -> Iterator[Group]:
    """Every group holding a natural ``i`` (the lowest natural left) the wilds allow."""
    n = c[i]
    if pair:
        if n >= 2:
            yield Group("pair", (i, i), (False, False))
        if jokers >= 1:
            yield Group("pair", (i, i), (False, True))
    for k in range(min(n, 3), 0, -1):
        if 3 - k <= jokers:
            yield Group("pung", (i, i, i), (False,) * k + (True,) * (3 - k))
    if i >= 27:
        return
    suit, r = divmod(i, 9)
    starts = _suit_starts(tables.tileset, suit)
    for a in (r - 2, r - 1, r):
        if a not in starts:
            continue
        base = suit * 9 + a
        tiles = (base, base + 1, base + 2)
        # Positions below i are wild; i is natural; above i: natural (if held) or wild.
        choices = [
            (True,) if pos < r else (False,) if pos == r else ((False, True) if c[suit * 9 + pos] else (True,))
            for pos in range(a, a + 3)
        ]
        for wild in product(*choices):
            if sum(wild) <= jokers:
                yield Group("chow", tiles, wild)


def _suit_starts(tileset: TileSet, suit: int) -> frozenset[int]:
    """``chow_starts`` of a suit of the tile set, made once per tile set (every branch asks)."""
    key = (tileset, suit)
    hit = _starts.get(key)
    if hit is None:
        hit = _starts[key] = chow_starts(tileset.suit_ranks[suit], 9)
    return hit


_starts: dict[tuple[TileSet, int], frozenset[int]] = {}


def _wild_catalog(tables: GroupTables) -> tuple[tuple[Group, ...], tuple[Group, ...]]:
    """Every set and every pair that wilds alone can make in the tile set (made once per tile set:
    scoring an Anqing hand with wilds asks for it at every branch that runs out of naturals)."""
    hit = _catalogs.get(tables.tileset)
    if hit is not None:
        return hit
    kinds = tables.tileset.sorted_kinds
    sets = [Group("pung", (k, k, k), (True, True, True)) for k in kinds]
    for suit in range(3):
        for a in sorted(chow_starts(tables.tileset.suit_ranks[suit], 9)):
            b = suit * 9 + a
            sets.append(Group("chow", (b, b + 1, b + 2), (True, True, True)))
    pairs = [Group("pair", (k, k), (True, True)) for k in kinds]
    hit = _catalogs[tables.tileset] = (tuple(sorted(sets)), tuple(pairs))
    return hit


_catalogs: dict[TileSet, tuple[tuple[Group, ...], tuple[Group, ...]]] = {}


def _all_wild(jokers: int, pair: bool, tables: GroupTables, one: bool = False) -> Iterator[list[Group]]:
    rest = jokers - (2 if pair else 0)
    if rest < 0 or rest % 3:
        return
    if one:  # a single filling: pungs and a pair of the first kind
        k = tables.tileset.sorted_kinds[0]
        yield [Group("pung", (k, k, k), (True, True, True))] * (rest // 3) + \
            ([Group("pair", (k, k), (True, True))] if pair else [])
        return
    sets, pairs = _wild_catalog(tables)
    pair_options: list[list[Group]] = [[p] for p in pairs] if pair else [[]]
    for combo in combinations_with_replacement(sets, rest // 3):
        for p in pair_options:
            yield [*combo, *p]


def _seven_pairs(counts: tuple[int, ...], jokers: int, tables: GroupTables,
                 one_filling: bool = False) -> Iterator[list[Group]]:
    """Each held kind splits into natural pairs and half-wild pairs; spare wilds pair up."""
    held = [(t, c) for t, c in enumerate(counts) if c]
    yield from _place_pairs(held, tables.tileset.sorted_kinds, one_filling, 0, jokers, [])


def _place_pairs(held: list[tuple[int, int]], kinds: Sequence[int], one_filling: bool, idx: int, left: int,
                 acc: list[Group]) -> Iterator[list[Group]]:
    """Seven pairs from held kind ``idx`` on, with ``left`` wilds (a module function, not a
    closure: see :func:`_join`)."""
    if idx == len(held):
        if left % 2:
            return
        fillings = [(kinds[0],) * (left // 2)] if one_filling else \
            combinations_with_replacement(kinds, left // 2)
        for extra in fillings:
            yield acc + [Group("pair", (k, k), (True, True)) for k in extra]
        return
    t, c = held[idx]
    for half in range(c % 2, min(c, left) + 1, 2):
        whole = (c - half) // 2
        groups = [Group("pair", (t, t), (False, False))] * whole + [Group("pair", (t, t), (False, True))] * half
        yield from _place_pairs(held, kinds, one_filling, idx + 1, left - half, acc + groups)
