"""Which draws would lower a part's shanten: the bots' hot path, worked out group by group.

A part's shanten is a best choice over the four groups (m, p, s, honors) of the sets, partial
sets and pair each group can show (see ``majiang.hand.shanten``). A draw changes one group only,
so for each group the other three are combined once (their Pareto-best block counts) and every
draw into that group is then tried against that short list, instead of re-running a whole
shanten per draw. Same definition as ``majiang.hand.shanten`` (a test checks they agree on random
parts with and without wilds, in both tile sets); kept in the bots layer so the hand engine stays
the single source of every rule decision and this stays a search aid.
"""

from __future__ import annotations

from majiang.hand import TileSet

Block = tuple[int, int, int]  # (sets, partial sets, pair)
Key = tuple[int, ...]
GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
# Entries each process-wide memo keeps before starting afresh. The memos live as long as the process
# (a server, a simulation worker), so they are bounded: at 200k entries each the four groups, the
# combined blocks and the needs of every tile set reached about 1 GB in a long-running process; a hand
# touches a few hundred keys, so a small bound keeps nearly every hit (bench/simulate.py --bots greedy).
CACHE_LIMIT = 20_000


class GroupBlocks:
    """Pareto-best (sets, partials, pair) block counts a group's count tuple can show."""

    def __init__(self, ranks: frozenset[int], length: int) -> None:
        chows = length == 9  # the honors make no chows
        self.starts = frozenset(a for a in range(length - 2) if chows and {a, a + 1, a + 2} <= ranks)
        # A two-tile partial (i, i+1) or (i, i+2) only counts if some chow completes it.
        self.adjacent = frozenset(i for i in range(length - 1) if i in self.starts or i - 1 in self.starts)
        self.memo: dict[Key, tuple[Block, ...]] = {}

    def __call__(self, c: Key) -> tuple[Block, ...]:
        hit = self.memo.get(c)
        if hit is not None:
            return hit
        i = next((r for r, x in enumerate(c) if x), -1)
        if i < 0:
            out: tuple[Block, ...] = ((0, 0, 0),)
            self.memo[c] = out
            return out
        found: set[Block] = set(self(_take(c, (i,))))  # tile i left alone

        def add(rest: Key, dm: int, dt: int, dp: int) -> None:
            for m, t, p in self(rest):
                if p + dp <= 1:
                    found.add((m + dm, t + dt, p + dp))

        n = c[i]
        if n >= 3:
            add(_take(c, (i, i, i)), 1, 0, 0)
        if n >= 2:
            rest = _take(c, (i, i))
            add(rest, 0, 1, 0)
            add(rest, 0, 0, 1)
        if i in self.starts and c[i + 1] and c[i + 2]:
            add(_take(c, (i, i + 1, i + 2)), 1, 0, 0)
        if i in self.adjacent and c[i + 1]:
            add(_take(c, (i, i + 1)), 0, 1, 0)
        if i in self.starts and c[i + 2]:
            add(_take(c, (i, i + 2)), 0, 1, 0)
        out = tuple(pareto(found))
        if len(self.memo) > CACHE_LIMIT:
            self.memo.clear()
        self.memo[c] = out
        return out


def _take(c: Key, idx: tuple[int, ...]) -> Key:
    rest = list(c)
    for j in idx:
        rest[j] -= 1
    return tuple(rest)


def pareto(options: set[Block] | list[Block]) -> list[Block]:
    # In descending order anything that dominates a block comes before it, so each block is
    # checked against the kept ones only.
    out: list[Block] = []
    for o in sorted(set(options), reverse=True):
        a, b, c = o
        for q in out:
            if q[0] >= a and q[1] >= b and q[2] >= c:
                break
        else:
            out.append(o)
    return out


def combine(a: tuple[Block, ...] | list[Block], b: tuple[Block, ...] | list[Block]) -> list[Block]:
    return pareto({(x[0] + y[0], x[1] + y[1], x[2] + y[2]) for x in a for y in b if x[2] + y[2] <= 1})


def best_used(mine: tuple[Block, ...], others: tuple[Block, ...] | list[Block], naturals: int, n: int) -> int:
    """Most natural tiles the blocks can use (as in ``majiang.hand.shanten``): min(naturals, 2m + t + p + n + 1)."""
    best = 0
    slots = n + 1
    for am, at, ap in mine:
        for bm, bt, bp in others:
            p = ap + bp
            if p > 1:
                continue
            m = am + bm
            t = at + bt
            if m + t > n:
                t = n - m
            used = 2 * m + t + p + slots
            if used > best:
                best = used
    return naturals if naturals < best else best


def _pairs(c: Key) -> int:
    return c.count(2) + c.count(3) + 2 * c.count(4)


_FINDERS: dict[tuple[object, ...], DrawFinder] = {}


def draw_finder(tileset: TileSet | None, seven_pairs: bool) -> DrawFinder:
    """The process's finder for a tile set: its tables fill once and serve every hand and bot."""
    key = (tileset, seven_pairs)
    f = _FINDERS.get(key)
    if f is None:
        f = _FINDERS[key] = DrawFinder(tileset, seven_pairs)
    return f


class DrawFinder:
    """For one tile set: the natural kinds whose draw lowers a 3n+1 part's shanten."""

    def __init__(self, tileset: TileSet | None, seven_pairs: bool) -> None:
        kinds = frozenset(range(34)) if tileset is None else tileset.kinds
        self.kinds = kinds
        self.seven_pairs = seven_pairs
        self._combined: dict[tuple[object, ...], tuple[Block, ...]] = {}
        self._needs: dict[tuple[object, ...], dict[int, int]] = {}
        self._draws: list[dict[Key, dict[int, tuple[tuple[Block, ...], int]]]] = [{}, {}, {}, {}]
        self.ranks = [sorted(k - lo for k in kinds if lo <= k < hi) for lo, hi in GROUPS]
        self.groups = [GroupBlocks(frozenset(k - lo for k in kinds if lo <= k < hi), hi - lo) for lo, hi in GROUPS]

    def _others(self, keys: list[Key], lists: list[tuple[Block, ...]], gi: int) -> tuple[Block, ...]:
        """The combined Pareto blocks of every group but ``gi`` (remembered: the discards of one
        decision, and the decisions of a hand, share most groups)."""
        ck = (gi, *(keys[j] for j in range(4) if j != gi))
        rest = self._combined.get(ck)
        if rest is None:
            a, b, c = (lists[j] for j in range(4) if j != gi)
            if len(self._combined) > CACHE_LIMIT:
                self._combined.clear()
            rest = self._combined[ck] = tuple(combine(combine(a, b), c))
        return rest

    def needed(self, natural: Key, jokers: int) -> int:
        """shanten + 1 of a part of 3n+1 or 3n+2 tiles."""
        keys = [natural[lo:hi] for lo, hi in GROUPS]
        lists = [g(k) for g, k in zip(self.groups, keys, strict=True)]
        naturals = sum(natural)
        n = (naturals + jokers - 1) // 3
        others = combine(combine(lists[1], lists[2]), lists[3])
        need = 3 * n + 2 - best_used(lists[0], others, naturals, n) - jokers
        return self._seven(need, sum(_pairs(k) for k in keys), naturals, jokers)

    def _seven(self, need: int, pairs: int, naturals: int, jokers: int) -> int:
        if self.seven_pairs and naturals + jokers >= 13 and need > 0:
            pairs = min(pairs, 7)
            used7 = 2 * pairs + min(naturals - 2 * pairs, 7 - pairs)
            need = min(need, 14 - used7 - jokers)
        return need

    def _group_draws(self, gi: int, key: Key) -> dict[int, tuple[tuple[Block, ...], int]]:
        """For each rank a draw can add to group ``gi`` holding ``key``: its blocks and pairs after."""
        table = self._draws[gi]
        hit = table.get(key)
        if hit is not None:
            return hit
        group = self.groups[gi]
        out = {}
        for r in self.ranks[gi]:
            if key[r] < 4:
                k = list(key)
                k[r] += 1
                after = tuple(k)
                out[r] = (group(after), _pairs(after))
        if len(table) > CACHE_LIMIT:
            table.clear()
        table[key] = out
        return out

    def lowering(self, natural: Key, jokers: int, candidates: list[int]) -> tuple[int, list[int]]:
        """(needed, the natural kinds among ``candidates`` whose draw lowers it) for a 3n+1 part."""
        keys = [natural[lo:hi] for lo, hi in GROUPS]
        lists = [g(k) for g, k in zip(self.groups, keys, strict=True)]
        pairs = [_pairs(k) for k in keys]
        naturals = sum(natural)
        n = (naturals + jokers - 1) // 3
        top = 3 * n + 2 - jokers
        all_pairs = sum(pairs)
        base = self._seven(top - best_used(lists[0], self._others(keys, lists, 0), naturals, n), all_pairs,
                           naturals, jokers)
        out = []
        gi = -1
        draws: dict[int, tuple[tuple[Block, ...], int]] = {}
        rest: tuple[Block, ...] = ()
        needs: dict[int, int] = {}
        lo = 0
        for v in candidates:
            g = 0 if v < 9 else 1 if v < 18 else 2 if v < 27 else 3
            if g != gi:
                gi, lo = g, GROUPS[g][0]
                draws = self._group_draws(g, keys[g])
                rest = self._others(keys, lists, g)
                # A group's draws give the same needs wherever the other groups combine to the same
                # blocks, pairs and size: remembered under that summary.
                nkey = (g, keys[g], rest, naturals, jokers, all_pairs - pairs[g])
                known = self._needs.get(nkey)
                if known is None:
                    if len(self._needs) > CACHE_LIMIT:
                        self._needs.clear()
                    known = self._needs[nkey] = {}
                needs = known
            need = needs.get(v)
            if need is None:
                hit = draws.get(v - lo)
                if hit is None:
                    needs[v] = need = 99  # four held already
                else:
                    blocks, p = hit
                    need = top - best_used(blocks, rest, naturals + 1, n)
                    if self.seven_pairs:
                        need = self._seven(need, all_pairs - pairs[g] + p, naturals + 1, jokers)
                    needs[v] = need
            if need < base:
                out.append(v)
        return base, out
