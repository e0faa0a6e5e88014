"""The fan calculation proper: divide the hand, score each division, keep the best.

The reading follows the rule book's combination principles as the competition's reference scorer
(PyMahjongGB, over the ChineseOfficialMahjongHelper calculator) applies them, so that the two agree
hand by hand — including where the rule book leaves a choice open:

- every division of the concealed tiles into sets and a pair is scored; the highest total wins,
  the first one in a fixed order (sets ordered by tile, a pung before the chow at the same tile)
  when two tie, and a special form (七对, 十三幺, 全不靠, 组合龙) is kept unless a division beats it;
- a concealed pung completed by a discard counts as melded unless a concealed chow of the same
  division could hold the winning tile;
- 边张 / 坎张 / 单钓将 only when the hand waited on one tile alone (regular and 七对 waits merged);
- four chows: a four-chow fan, else the first three with a three-chow fan plus at most one fan of
  the fourth chow with them (套算一次), else pairwise fans, at most three of them and none for a
  chow unrelated to the others, trimmed duplicates first from 老少副 up (不得相同);
- the implied fans are struck in the rule book's order (不重复 / 就高不就低), wind pungs last.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from operator import mul
from typing import Final

from majiang.rules.guobiao_fans.codes import (
    ALL_CODES,
    DRAGONS,
    GREEN,
    HONOR,
    KNITTED,
    ORPHANS,
    REVERSIBLE,
    TABLE_SIZE,
    TERMINAL,
    TERMINAL_OR_HONOR,
    WINDS,
    C,
    E,
    F,
    N,
    P,
    S,
    W,
)
from majiang.rules.guobiao_fans.table import ALL_FANS

CHOW: Final = 1
PUNG: Final = 2
KONG: Final = 3
PAIR: Final = 4
MELDED: Final = 1 << 12

BIG_FOUR_WINDS: Final = 0
BIG_THREE_DRAGONS: Final = 1
ALL_GREEN: Final = 2
NINE_GATES: Final = 3
FOUR_KONGS: Final = 4
SEVEN_SHIFTED_PAIRS: Final = 5
THIRTEEN_ORPHANS: Final = 6
ALL_TERMINALS: Final = 7
LITTLE_FOUR_WINDS: Final = 8
LITTLE_THREE_DRAGONS: Final = 9
ALL_HONORS: Final = 10
FOUR_CONCEALED_PUNGS: Final = 11
PURE_TERMINAL_CHOWS: Final = 12
QUADRUPLE_CHOW: Final = 13
FOUR_PURE_SHIFTED_PUNGS: Final = 14
FOUR_PURE_SHIFTED_CHOWS: Final = 15
THREE_KONGS: Final = 16
ALL_TERMINALS_AND_HONORS: Final = 17
SEVEN_PAIRS: Final = 18
GREATER_HONORS_AND_KNITTED_TILES: Final = 19
ALL_EVEN_PUNGS: Final = 20
FULL_FLUSH: Final = 21
PURE_TRIPLE_CHOW: Final = 22
PURE_SHIFTED_PUNGS: Final = 23
UPPER_TILES: Final = 24
MIDDLE_TILES: Final = 25
LOWER_TILES: Final = 26
PURE_STRAIGHT: Final = 27
THREE_SUITED_TERMINAL_CHOWS: Final = 28
PURE_SHIFTED_CHOWS: Final = 29
ALL_FIVES: Final = 30
TRIPLE_PUNG: Final = 31
THREE_CONCEALED_PUNGS: Final = 32
LESSER_HONORS_AND_KNITTED_TILES: Final = 33
KNITTED_STRAIGHT: Final = 34
UPPER_FOUR: Final = 35
LOWER_FOUR: Final = 36
BIG_THREE_WINDS: Final = 37
MIXED_STRAIGHT: Final = 38
REVERSIBLE_TILES: Final = 39
MIXED_TRIPLE_CHOW: Final = 40
MIXED_SHIFTED_PUNGS: Final = 41
CHICKEN_HAND: Final = 42
LAST_TILE_DRAW: Final = 43
LAST_TILE_CLAIM: Final = 44
OUT_WITH_REPLACEMENT_TILE: Final = 45
ROBBING_THE_KONG: Final = 46
ALL_PUNGS: Final = 47
HALF_FLUSH: Final = 48
MIXED_SHIFTED_CHOWS: Final = 49
ALL_TYPES: Final = 50
MELDED_HAND: Final = 51
TWO_CONCEALED_KONGS: Final = 52
TWO_DRAGON_PUNGS: Final = 53
OUTSIDE_HAND: Final = 54
FULLY_CONCEALED_HAND: Final = 55
TWO_MELDED_KONGS: Final = 56
LAST_TILE: Final = 57
DRAGON_PUNG: Final = 58
PREVALENT_WIND: Final = 59
SEAT_WIND: Final = 60
CONCEALED_HAND: Final = 61
ALL_CHOWS: Final = 62
TILE_HOG: Final = 63
DOUBLE_PUNG: Final = 64
TWO_CONCEALED_PUNGS: Final = 65
CONCEALED_KONG: Final = 66
ALL_SIMPLES: Final = 67
PURE_DOUBLE_CHOW: Final = 68
MIXED_DOUBLE_CHOW: Final = 69
SHORT_STRAIGHT: Final = 70
TWO_TERMINAL_CHOWS: Final = 71
PUNG_OF_TERMINALS_OR_HONORS: Final = 72
MELDED_KONG: Final = 73
ONE_VOIDED_SUIT: Final = 74
NO_HONORS: Final = 75
EDGE_WAIT: Final = 76
CLOSED_WAIT: Final = 77
SINGLE_WAIT: Final = 78
SELF_DRAWN: Final = 79
FLOWER_TILES: Final = 80
CONCEALED_KONG_AND_MELDED_KONG: Final = 81
NUM_FANS: Final = 82

Table = list[int]


def pack(kind: int, code: int, melded: bool = False) -> int:
    """A set as one int: kind in bits 8-11, its middle tile (chows) or tile in the low byte."""
    return (MELDED if melded else 0) | (kind << 8) | code


def _kind(p: int) -> int:
    return (p >> 8) & 15


def _tile(p: int) -> int:
    return p & 0xFF


def _is_melded(p: int) -> bool:
    return p >= MELDED


def _numbered(c: int) -> bool:
    return c < 0x40


def pack_tiles(p: int) -> list[int]:
    kind, t = _kind(p), _tile(p)
    if kind == CHOW:
        return [t - 1, t, t + 1]
    return [t] * (3 if kind == PUNG else 4 if kind == KONG else 2)


# ---------------------------------------------------------------- dividing the concealed tiles

# Candidate sets in the order divisions are discovered: by lowest tile, a pung before the chow.
_CANDIDATES: Final[tuple[tuple[int, int], ...]] = tuple(
    cand for c in ALL_CODES for cand in ((PUNG, c), (CHOW, c)) if cand[0] == PUNG or (
        _numbered(c) and (c & 15) < 8))


@lru_cache(maxsize=1 << 16)
def suit_divisions(counts: tuple[int, ...], base: int) -> dict[int, tuple[tuple[int, ...], ...]]:
    """One suit's readings as sets, keyed by the pair they leave (0: no pair), each a tuple of
    :func:`pack` ints in the order the sets were taken (by tile, a pung before the chow)."""
    out: dict[int, list[tuple[int, ...]]] = {}
    c = list(counts)
    chosen: list[int] = []
    _divide(c, base, out, chosen, 0, 0)
    for r in range(9):
        if c[r] >= 2:
            c[r] -= 2
            _divide(c, base, out, chosen, 0, base + r)
            c[r] += 2
    return {k: tuple(v) for k, v in out.items()}


def _divide(c: list[int], base: int, out: dict[int, list[tuple[int, ...]]], chosen: list[int], start: int,
            pair: int) -> None:
    """The sets of :func:`suit_divisions` from choice ``start`` on (a module function, not a recursive
    closure: a closure that calls itself is a reference cycle, garbage for the collector to find, and a
    server's bots made thousands of them a hand)."""
    i = next((k for k, v in enumerate(c) if v), -1)
    if i < 0:
        out.setdefault(pair, []).append(tuple(chosen))
        return
    for k in range(start, 18):
        r = k >> 1
        if r > i:
            break
        if k & 1 == 0:
            if c[r] < 3:
                continue
            c[r] -= 3
            chosen.append(pack(PUNG, base + r))
            _divide(c, base, out, chosen, k, pair)
            chosen.pop()
            c[r] += 3
        elif r < 7 and c[r] and c[r + 1] and c[r + 2]:
            c[r] -= 1
            c[r + 1] -= 1
            c[r + 2] -= 1
            chosen.append(pack(CHOW, base + r + 1))
            _divide(c, base, out, chosen, k, pair)
            chosen.pop()
            c[r] += 1
            c[r + 1] += 1
            c[r + 2] += 1


def divisions(cnt: list[int], need: int) -> list[tuple[int, ...]]:
    """Every way to split ``cnt`` into ``need`` sets and a pair: sorted concealed sets (as
    :func:`pack` ints) followed by the pair, each division once; by pair, then by sets (the
    order of equal-valued readings decides which one is reported)."""
    out: list[tuple[int, ...]] = []
    if sum(cnt) != need * 3 + 2:
        return out
    honor_sets: list[int] = []
    honor_pair = 0
    for h in HONOR:
        n = cnt[h]
        if n == 3:
            honor_sets.append(pack(PUNG, h))
        elif n == 2:
            if honor_pair:
                return out
            honor_pair = h
        elif n:
            return out
    tables = [suit_divisions(tuple(cnt[base:base + 9]), base) for base in (0x11, 0x21, 0x31)]
    honors = tuple(honor_sets)
    pair_choices = [honor_pair] if honor_pair else sorted({p for tab in tables for p in tab if p})
    for pair in pair_choices:
        per_suit = [tab.get(pair if pair >> 4 == s else 0, ()) for s, tab in enumerate(tables, 1)]
        for a in per_suit[0]:
            for b in per_suit[1]:
                for c in per_suit[2]:
                    out.append((*sorted((*a, *b, *c, *honors)), pack(PAIR, pair)))
    return out


# ---------------------------------------------------------------- waits

SETS: Final = 0  # a group of tiles that is sets alone
WITH_PAIR: Final = 1  # sets and one pair
NEITHER: Final = 2


@lru_cache(maxsize=1 << 17)
def suit_form(counts: tuple[int, ...]) -> int:
    """Whether one suit's counts (any length, up to five copies) are sets, sets and a pair, or neither."""
    n = sum(counts)
    if n == 0:
        return SETS
    if n % 3 == 1:
        return NEITHER
    want_pair = n % 3 == 2
    c = list(counts)
    return (WITH_PAIR if _sets_of(c, True) else NEITHER) if want_pair else (SETS if _sets_of(c, False) else NEITHER)


def _sets_of(c: list[int], pair_left: bool) -> bool:
    """Whether counts ``c`` are sets (and the pair, while ``pair_left``): :func:`suit_form`'s search, a
    module function for the reason :func:`_divide` gives."""
    i = next((k for k, v in enumerate(c) if v), -1)
    if i < 0:
        return not pair_left
    if pair_left and c[i] >= 2:
        c[i] -= 2
        ok = _sets_of(c, False)
        c[i] += 2
        if ok:
            return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _sets_of(c, pair_left)
        c[i] += 3
        if ok:
            return True
    if i + 2 < len(c) and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _sets_of(c, pair_left)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _honor_form(n: int) -> int:
    return SETS if n in (0, 3) else WITH_PAIR if n == 2 else NEITHER


@lru_cache(maxsize=1 << 16)
def suit_waits(counts: tuple[int, ...]) -> tuple[int, tuple[tuple[int, int], ...]]:
    """One suit's form, and each rank whose addition gives it a form: (rank index, new form)."""
    adds = []
    row = list(counts)
    for r in range(9):
        if not (row[r] or (r > 0 and row[r - 1]) or (r < 8 and row[r + 1]) or (r > 1 and row[r - 2])
                or (r < 7 and row[r + 2])):
            continue  # a tile near none of the suit's cannot complete it
        row[r] += 1
        nf = suit_form(tuple(row))
        row[r] -= 1
        if nf != NEITHER:
            adds.append((r, nf))
    return suit_form(counts), tuple(adds)


def regular_waits(tiles: list[int]) -> set[int]:
    """The tiles that complete ``tiles`` (13 - 3n of them) into sets and a pair, by shape (a
    fifth copy included: what the hand is shaped to wait on)."""
    cnt = [0] * TABLE_SIZE
    for t in tiles:
        cnt[t] += 1
    suits = [suit_waits(tuple(cnt[base:base + 9])) for base in (0x11, 0x21, 0x31)]
    honor_forms = [_honor_form(cnt[h]) for h in HONOR]
    forms = [sw[0] for sw in suits] + honor_forms
    neither = forms.count(NEITHER)
    if neither > 1:
        return set()
    pairs = forms.count(WITH_PAIR)
    out: set[int] = set()
    for g, (f, adds) in enumerate(suits):
        if neither - (f == NEITHER):
            continue
        rest_pairs = pairs - (f == WITH_PAIR)
        base = 0x11 + 16 * g
        for r, nf in adds:
            if nf + rest_pairs == WITH_PAIR:
                out.add(base + r)
    for h, f in zip(HONOR, honor_forms, strict=True):
        if (cnt[h] and not neither - (f == NEITHER)
                and _honor_form(cnt[h] + 1) + pairs - (f == WITH_PAIR) == WITH_PAIR):
            out.add(h)
    return out


def seven_pairs_waits(tiles: list[int]) -> set[int]:
    if len(tiles) != 13:
        return set()
    cnt = [0] * TABLE_SIZE
    pairs = 0
    for t in tiles:
        cnt[t] += 1
        if cnt[t] == 2:
            pairs += 1
            cnt[t] = 0
    if pairs != 6:
        return set()
    return {c for c in ALL_CODES if cnt[c]}


# ---------------------------------------------------------------- set combinations

def _four_chows_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if (t0 + 2 == t1 and t1 + 2 == t2 and t2 + 2 == t3) or (t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3):
        return FOUR_PURE_SHIFTED_CHOWS
    if t0 == t1 == t2 == t3:
        return QUADRUPLE_CHOW
    return -1


def _ranks_shifted_by_one(r0: int, r1: int, r2: int) -> bool:
    lo = min(r0, r1, r2)
    return sorted((r0, r1, r2)) == [lo, lo + 1, lo + 2]


def _three_chows_fan(t0: int, t1: int, t2: int) -> int:
    s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
    r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
    if s0 != s1 and s0 != s2 and s1 != s2:
        if _ranks_shifted_by_one(r0, r1, r2):
            return MIXED_SHIFTED_CHOWS
        if r0 == r1 == r2:
            return MIXED_TRIPLE_CHOW
        if sorted((r0, r1, r2)) == [2, 5, 8]:
            return MIXED_STRAIGHT
    else:
        if t0 + 3 == t1 and t1 + 3 == t2:
            return PURE_STRAIGHT
        if (t0 + 2 == t1 and t1 + 2 == t2) or (t0 + 1 == t1 and t1 + 1 == t2):
            return PURE_SHIFTED_CHOWS
        if t0 == t1 == t2:
            return PURE_TRIPLE_CHOW
    return -1


def _two_chows_fan(t0: int, t1: int) -> int:
    if t0 >> 4 != t1 >> 4:
        return MIXED_DOUBLE_CHOW if t0 & 15 == t1 & 15 else -1
    if t0 + 3 == t1 or t1 + 3 == t0:
        return SHORT_STRAIGHT
    if {t0 & 15, t1 & 15} == {2, 8}:
        return TWO_TERMINAL_CHOWS
    if t0 == t1:
        return PURE_DOUBLE_CHOW
    return -1


def _extra_chow_fan(a: int, b: int, c: int, extra: int) -> int:
    """With a three-chow fan, the fourth chow adds at most one fan (套算一次), the highest-ranked."""
    found = {_two_chows_fan(a, extra), _two_chows_fan(b, extra), _two_chows_fan(c, extra)}
    for fan in (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS):
        if fan in found:
            return fan
    return -1


_PAIR_CHOW_FANS: Final = (PURE_DOUBLE_CHOW, MIXED_DOUBLE_CHOW, SHORT_STRAIGHT, TWO_TERMINAL_CHOWS)


def _limit_pair_fans(fans: list[int], limit: int, t: Table) -> None:
    """At most ``limit`` two-chow fans; the surplus goes from the repeated ones first, 老少副 up."""
    counts = [sum(1 for f in fans if f == kind) for kind in _PAIR_CHOW_FANS]
    n = sum(counts)
    keep = 1
    while n > limit and keep >= 0:
        idx = 4
        while n > limit and idx > 0:
            idx -= 1
            while counts[idx] > keep and n > limit:
                counts[idx] -= 1
                n -= 1
        keep -= 1
    for kind, k in zip(_PAIR_CHOW_FANS, counts, strict=True):
        t[kind] = k


def _four_chows(m: list[int], t: Table) -> None:
    fan = _four_chows_fan(m[0], m[1], m[2], m[3])
    if fan >= 0:
        t[fan] = 1
        return
    for a, b, c, extra in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_chows_fan(m[a], m[b], m[c])
        if fan >= 0:
            t[fan] = 1
            fan = _extra_chow_fan(m[a], m[b], m[c], m[extra])
            if fan >= 0:
                t[fan] = 1
            return
    pairs = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
    fans = [_two_chows_fan(m[i], m[j]) for i, j in pairs]
    limit = 3
    for k in range(4):  # a chow related to none of the others takes one fan off the ceiling
        if all(f < 0 for (i, j), f in zip(pairs, fans, strict=True) if k in (i, j)):
            limit -= 1
    if limit > 0:
        _limit_pair_fans(fans, limit, t)


def _three_chows(m: list[int], t: Table) -> None:
    fan = _three_chows_fan(m[0], m[1], m[2])
    if fan >= 0:
        t[fan] = 1
        return
    _limit_pair_fans([_two_chows_fan(m[0], m[1]), _two_chows_fan(m[0], m[2]), _two_chows_fan(m[1], m[2])], 2, t)


def _four_pungs_fan(t0: int, t1: int, t2: int, t3: int) -> int:
    if _numbered(t0) and t0 + 1 == t1 and t1 + 1 == t2 and t2 + 1 == t3:
        return FOUR_PURE_SHIFTED_PUNGS
    if (t0, t1, t2, t3) == (E, S, W, N):
        return BIG_FOUR_WINDS
    return -1


def _three_pungs_fan(t0: int, t1: int, t2: int) -> int:
    if _numbered(t0) and _numbered(t1) and _numbered(t2):
        s0, s1, s2 = t0 >> 4, t1 >> 4, t2 >> 4
        r0, r1, r2 = t0 & 15, t1 & 15, t2 & 15
        if s0 != s1 and s0 != s2 and s1 != s2:
            if _ranks_shifted_by_one(r0, r1, r2):
                return MIXED_SHIFTED_PUNGS
            if r0 == r1 == r2:
                return TRIPLE_PUNG
        elif t0 + 1 == t1 and t1 + 1 == t2:
            return PURE_SHIFTED_PUNGS
        return -1
    if (t0, t1, t2) in ((E, S, W), (E, S, N), (E, W, N), (S, W, N)):
        return BIG_THREE_WINDS
    if (t0, t1, t2) == (C, F, P):
        return BIG_THREE_DRAGONS
    return -1


def _two_pungs_fan(t0: int, t1: int) -> int:
    if _numbered(t0) and _numbered(t1):
        return DOUBLE_PUNG if t0 & 15 == t1 & 15 else -1
    if t0 in DRAGONS and t1 in DRAGONS:
        return TWO_DRAGON_PUNGS
    return -1


def _four_pungs(m: list[int], t: Table) -> None:
    fan = _four_pungs_fan(m[0], m[1], m[2], m[3])
    if fan >= 0:
        t[fan] = 1
        return
    for a, b, c, free in ((0, 1, 2, 3), (0, 1, 3, 2), (0, 2, 3, 1), (1, 2, 3, 0)):
        fan = _three_pungs_fan(m[a], m[b], m[c])
        if fan >= 0:
            t[fan] = 1
            for i in (0, 1, 2, 3):  # the free pung combines once (套算一次)
                if i != free:
                    fan = _two_pungs_fan(m[i], m[free])
                    if fan >= 0:
                        t[fan] += 1
                        break
            return
    for i, j in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        fan = _two_pungs_fan(m[i], m[j])
        if fan >= 0:
            t[fan] += 1


def _three_pungs(m: list[int], t: Table) -> None:
    fan = _three_pungs_fan(m[0], m[1], m[2])
    if fan >= 0:
        t[fan] = 1
        return
    for i, j in ((0, 1), (0, 2), (1, 2)):
        fan = _two_pungs_fan(m[i], m[j])
        if fan >= 0:
            t[fan] += 1


_CONCEALED_PUNG_FAN: Final = {2: TWO_CONCEALED_PUNGS, 3: THREE_CONCEALED_PUNGS, 4: FOUR_CONCEALED_PUNGS}


def _kongs_and_pungs(pungs: list[int], t: Table) -> None:
    """Kong fans, concealed-pung fans, 碰碰和, and the fans of each pung (箭刻, 幺九刻)."""
    melded_kongs = concealed_kongs = concealed_pungs = 0
    for p in pungs:
        if _is_melded(p):
            melded_kongs += _kind(p) == KONG
        elif _kind(p) == KONG:
            concealed_kongs += 1
        else:
            concealed_pungs += 1
    kongs = melded_kongs + concealed_kongs
    # A concealed kong is a concealed pung too: count them together.
    hidden = concealed_kongs + concealed_pungs
    if kongs == 1:
        t[MELDED_KONG if melded_kongs else CONCEALED_KONG] = 1
    elif kongs == 2:
        if concealed_kongs == 0:
            t[TWO_MELDED_KONGS] = 1
        elif concealed_kongs == 1:
            t[CONCEALED_KONG_AND_MELDED_KONG] = 1
        else:
            t[TWO_CONCEALED_KONGS] = 1
    elif kongs == 3:
        t[THREE_KONGS] = 1
    elif kongs == 4:
        t[FOUR_KONGS] = 1
    # (双暗杠 already holds two concealed pungs: with no third, no 双暗刻 on top.)
    if hidden in _CONCEALED_PUNG_FAN and not (kongs == 2 and concealed_kongs == 2 and hidden == 2):
        t[_CONCEALED_PUNG_FAN[hidden]] = 1
    if len(pungs) == 4 and not t[FOUR_KONGS] and not t[FOUR_CONCEALED_PUNGS]:
        t[ALL_PUNGS] = 1
    for p in pungs:
        c = _tile(p)
        if c in DRAGONS:
            t[DRAGON_PUNG] += 1
        elif c in TERMINAL or c in WINDS:
            t[PUNG_OF_TERMINALS_OR_HONORS] += 1


def _is_pure_terminal_chows(chows: list[int], pair: int) -> bool:
    pt = _tile(pair)
    if pt & 15 != 5 or not _numbered(pt):
        return False
    mids = sorted(_tile(c) for c in chows)
    return all(m >> 4 == pt >> 4 for m in mids) and [m & 15 for m in mids] == [2, 2, 8, 8]


def _is_three_suited_terminal_chows(chows: list[int], pair: int) -> bool:
    pt = _tile(pair)
    if pt & 15 != 5 or not _numbered(pt):
        return False
    others = [s for s in (1, 2, 3) if s != pt >> 4]
    want = sorted(s * 16 + r for s in others for r in (2, 8))
    return sorted(_tile(c) for c in chows) == want


# ---------------------------------------------------------------- whole-hand traits

def _by_win_flags(t: Table, self_drawn: bool, fourth: bool, about_kong: bool, wall_last: bool) -> None:
    if fourth:
        t[LAST_TILE] = 1
    if wall_last:
        t[LAST_TILE_DRAW if self_drawn else LAST_TILE_CLAIM] = 1
    if about_kong:
        t[OUT_WITH_REPLACEMENT_TILE if self_drawn else ROBBING_THE_KONG] = 1
    if self_drawn:
        t[SELF_DRAWN] = 1


def _by_suits(tiles: list[int], t: Table) -> None:
    suits = {c >> 4 for c in tiles}
    if 4 not in suits:
        t[NO_HONORS] = 1
    missing = sum(1 for s in (1, 2, 3) if s not in suits)
    t[ONE_VOIDED_SUIT] += missing
    if missing == 2:
        t[ONE_VOIDED_SUIT] = 0
        t[HALF_FLUSH if 4 in suits else FULL_FLUSH] = 1
    if suits == {1, 2, 3, 4} and any(c in WINDS for c in tiles) and any(c in DRAGONS for c in tiles):
        t[ALL_TYPES] = 1


def _by_tile_traits(tiles: list[int], t: Table) -> None:
    if not any(c in TERMINAL_OR_HONOR for c in tiles):
        t[ALL_SIMPLES] = 1
    if all(c in REVERSIBLE for c in tiles):
        t[REVERSIBLE_TILES] = 1
    if all(c in GREEN for c in tiles):
        t[ALL_GREEN] = 1
    if t[ALL_SIMPLES]:
        return
    if all(c in HONOR for c in tiles):
        t[ALL_HONORS] = 1
    elif all(c in TERMINAL for c in tiles):
        t[ALL_TERMINALS] = 1
    elif all(c in TERMINAL_OR_HONOR for c in tiles):
        t[ALL_TERMINALS_AND_HONORS] = 1


def _by_rank_range(tiles: list[int], t: Table) -> None:
    if any(not _numbered(c) for c in tiles):
        return
    ranks = {c & 15 for c in tiles}
    if max(ranks) <= 4:
        t[LOWER_FOUR if 4 in ranks else LOWER_TILES] = 1
    elif min(ranks) >= 6:
        t[UPPER_FOUR if 6 in ranks else UPPER_TILES] = 1
    elif min(ranks) >= 4 and max(ranks) <= 6:
        t[MIDDLE_TILES] = 1


def _by_tile_hog(tiles: list[int], t: Table) -> None:
    cnt: dict[int, int] = {}
    for c in tiles:
        cnt[c] = cnt.get(c, 0) + 1
    t[TILE_HOG] = sum(1 for n in cnt.values() if n == 4) - (len(tiles) - 14)


def _by_pack_traits(packs: list[int], t: Table) -> None:
    outside = fives = evens = 0
    for p in packs:
        c = _tile(p)
        if not _numbered(c):
            outside += 1
            continue
        r = c & 15
        if _kind(p) == CHOW:
            if r in (2, 8):
                outside += 1
            elif r in (4, 5, 6):
                fives += 1
        elif r in (1, 9):
            outside += 1
        elif r == 5:
            fives += 1
        elif r in (2, 4, 6, 8):
            evens += 1
    if outside == 5:
        t[OUTSIDE_HAND] = 1
    elif fives == 5:
        t[ALL_FIVES] = 1
    elif evens == 5:
        t[ALL_EVEN_PUNGS] = 1


def wait_set(standing: list[int], seven_pairs_too: bool) -> set[int]:
    """What the hand waited on: the regular waits, with 七对's added (when the hand has no
    declared set) only if there is a regular wait at all."""
    waits = regular_waits(standing)
    if waits and seven_pairs_too:
        waits |= seven_pairs_waits(standing)
    return waits


def _by_wait(concealed_packs: list[int], waits: Callable[[], set[int]], win: int, t: Table) -> None:
    """边张 / 坎张 / 单钓将: only when the hand waited on the winning tile alone (the waits are
    worked out only when the winning tile's place could give one of them)."""
    if t[MELDED_HAND] or t[FOUR_KONGS]:
        return
    edge = closed = single = False
    for p in concealed_packs:
        kind, c = _kind(p), _tile(p)
        if kind == CHOW:
            if c == win:
                closed = True
            elif c + 1 == win or c - 1 == win:
                edge = True
        elif kind == PAIR and c == win:
            single = True
    if not (edge or closed or single) or len(waits()) != 1:
        return
    if edge:
        t[EDGE_WAIT] = 1
    elif closed:
        t[CLOSED_WAIT] = 1
    elif single:
        t[SINGLE_WAIT] = 1


def _strike(t: Table, *fans: int) -> None:
    for f in fans:
        t[f] = 0


def _strike_implied(t: Table) -> None:
    """不重复 / 就高不就低: each fan strikes the fans it already contains, in the rule book's order."""
    if t[BIG_FOUR_WINDS]:
        _strike(t, BIG_THREE_WINDS, ALL_PUNGS, PUNG_OF_TERMINALS_OR_HONORS)
    if t[BIG_THREE_DRAGONS]:
        _strike(t, TWO_DRAGON_PUNGS, DRAGON_PUNG)
    if t[ALL_GREEN]:
        _strike(t, HALF_FLUSH, ONE_VOIDED_SUIT)
    if t[NINE_GATES]:
        _strike(t, FULL_FLUSH, CONCEALED_HAND, ONE_VOIDED_SUIT, NO_HONORS)
        t[PUNG_OF_TERMINALS_OR_HONORS] -= 1
        if t[FULLY_CONCEALED_HAND]:
            t[FULLY_CONCEALED_HAND] = 0
            t[SELF_DRAWN] = 1
    if t[FOUR_KONGS]:
        _strike(t, SINGLE_WAIT)
    if t[SEVEN_SHIFTED_PAIRS]:
        _strike(t, SEVEN_PAIRS, FULL_FLUSH, CONCEALED_HAND, ONE_VOIDED_SUIT, NO_HONORS)
    if t[THIRTEEN_ORPHANS]:
        _strike(t, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT)
    if t[ALL_TERMINALS]:
        _strike(t, ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
                NO_HONORS, DOUBLE_PUNG)
    if t[LITTLE_FOUR_WINDS]:
        # The fourth set is a 1/9 pung (then 混幺九), a dragon pung (字一色) or no 幺九刻 at all.
        _strike(t, BIG_THREE_WINDS, PUNG_OF_TERMINALS_OR_HONORS)
    if t[LITTLE_THREE_DRAGONS]:
        _strike(t, TWO_DRAGON_PUNGS, DRAGON_PUNG)
    if t[ALL_HONORS]:
        _strike(t, ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS,
                ONE_VOIDED_SUIT)
    if t[FOUR_CONCEALED_PUNGS]:
        _strike(t, ALL_PUNGS, CONCEALED_HAND)
        if t[FULLY_CONCEALED_HAND]:
            t[FULLY_CONCEALED_HAND] = 0
            t[SELF_DRAWN] = 1
    if t[PURE_TERMINAL_CHOWS]:
        _strike(t, SEVEN_PAIRS, FULL_FLUSH, ALL_CHOWS, PURE_DOUBLE_CHOW, TWO_TERMINAL_CHOWS,
                ONE_VOIDED_SUIT, NO_HONORS)
    if t[QUADRUPLE_CHOW]:
        _strike(t, PURE_SHIFTED_PUNGS, TILE_HOG, PURE_DOUBLE_CHOW)
    if t[FOUR_PURE_SHIFTED_PUNGS]:
        _strike(t, PURE_TRIPLE_CHOW, ALL_PUNGS)
    if t[FOUR_PURE_SHIFTED_CHOWS]:
        _strike(t, PURE_SHIFTED_CHOWS, TWO_TERMINAL_CHOWS, SHORT_STRAIGHT)
    if t[ALL_TERMINALS_AND_HONORS]:
        _strike(t, ALL_PUNGS, OUTSIDE_HAND, PUNG_OF_TERMINALS_OR_HONORS)
    if t[SEVEN_PAIRS]:
        _strike(t, CONCEALED_HAND, SINGLE_WAIT)
    if t[GREATER_HONORS_AND_KNITTED_TILES]:
        _strike(t, ALL_TYPES, CONCEALED_HAND)
    if t[ALL_EVEN_PUNGS]:
        _strike(t, ALL_PUNGS, ALL_SIMPLES, NO_HONORS)
    if t[FULL_FLUSH]:
        _strike(t, ONE_VOIDED_SUIT, NO_HONORS)
    if t[PURE_TRIPLE_CHOW]:
        _strike(t, PURE_SHIFTED_PUNGS, PURE_DOUBLE_CHOW)
    if t[PURE_SHIFTED_PUNGS]:
        _strike(t, PURE_TRIPLE_CHOW)
    if t[UPPER_TILES]:
        _strike(t, UPPER_FOUR, NO_HONORS)
    if t[MIDDLE_TILES]:
        _strike(t, ALL_SIMPLES, NO_HONORS)
    if t[LOWER_TILES]:
        _strike(t, LOWER_FOUR, NO_HONORS)
    if t[THREE_SUITED_TERMINAL_CHOWS]:
        _strike(t, ALL_CHOWS, NO_HONORS, MIXED_DOUBLE_CHOW, TWO_TERMINAL_CHOWS)
    if t[ALL_FIVES]:
        _strike(t, ALL_SIMPLES, NO_HONORS)
    if t[LESSER_HONORS_AND_KNITTED_TILES]:
        _strike(t, ALL_TYPES, CONCEALED_HAND)
    if t[UPPER_FOUR]:
        _strike(t, NO_HONORS)
    if t[LOWER_FOUR]:
        _strike(t, NO_HONORS)
    if t[BIG_THREE_WINDS] and not t[ALL_HONORS] and not t[ALL_TERMINALS_AND_HONORS]:
        t[PUNG_OF_TERMINALS_OR_HONORS] -= 3  # the three wind pungs are inside 三风刻
    if t[REVERSIBLE_TILES]:
        _strike(t, ONE_VOIDED_SUIT)
    if t[LAST_TILE_DRAW]:
        _strike(t, SELF_DRAWN)
    if t[OUT_WITH_REPLACEMENT_TILE]:
        _strike(t, SELF_DRAWN)
    if t[ROBBING_THE_KONG]:
        _strike(t, LAST_TILE)
    if t[TWO_CONCEALED_KONGS]:
        _strike(t, CONCEALED_KONG)
    if t[HALF_FLUSH]:
        _strike(t, ONE_VOIDED_SUIT)
    if t[MELDED_HAND]:
        _strike(t, SINGLE_WAIT)
    if t[TWO_DRAGON_PUNGS]:
        _strike(t, DRAGON_PUNG)
    if t[FULLY_CONCEALED_HAND]:
        _strike(t, SELF_DRAWN)
    if t[TWO_MELDED_KONGS]:
        _strike(t, MELDED_KONG)
    if t[ALL_CHOWS]:
        _strike(t, NO_HONORS)
    if t[ALL_SIMPLES]:
        _strike(t, NO_HONORS)


def _by_wind(c: int, prevalent: int, seat: int, t: Table) -> None:
    """圈风刻 / 门风刻 replace the wind pung's 幺九刻 (unless a bigger fan already took it)."""
    taken = t[BIG_THREE_WINDS] or t[ALL_TERMINALS_AND_HONORS] or t[ALL_HONORS] or t[LITTLE_FOUR_WINDS]
    wind = c - E
    if wind == prevalent:
        t[PREVALENT_WIND] = 1
        if not taken:
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1
    if wind == seat:
        t[SEAT_WIND] = 1
        if seat != prevalent and not taken:
            t[PUNG_OF_TERMINALS_OR_HONORS] -= 1


class Situation:
    """The per-hand inputs every division is scored with."""

    __slots__ = ("_tile_fans", "_waits", "about_kong", "fixed", "fourth", "prevalent", "seat", "self_drawn", "standing",
                 "wall_last", "win")

    def __init__(self, fixed: list[int], standing: list[int], win: int, self_drawn: bool, fourth: bool,
                 about_kong: bool, wall_last: bool, seat: int, prevalent: int) -> None:
        self.fixed = fixed
        self.standing = standing
        self.win = win
        self.self_drawn = self_drawn
        self.fourth = fourth
        self.about_kong = about_kong
        self.wall_last = wall_last
        self.seat = seat
        self.prevalent = prevalent
        self._waits: set[int] | None = None
        self._tile_fans: list[tuple[int, int]] | None = None

    def tile_fans(self) -> list[tuple[int, int]]:
        """The fans of the tiles alone (suits, ranks, terminals, 四归一): the same for every
        division, worked out once."""
        if self._tile_fans is None:
            tiles = list(self.standing)
            for p in self.fixed:
                tiles.extend(pack_tiles(p))
            tiles.append(self.win)
            t = [0] * NUM_FANS
            _by_suits(tiles, t)
            _by_tile_traits(tiles, t)
            _by_rank_range(tiles, t)
            _by_tile_hog(tiles, t)
            self._tile_fans = [(i, v) for i, v in enumerate(t) if v]
        return self._tile_fans

    def waits(self) -> set[int]:
        """The wait set, worked out once for all the divisions of the hand."""
        if self._waits is None:
            self._waits = wait_set(self.standing, not self.fixed)
        return self._waits

    def flags(self, t: Table) -> None:
        _by_win_flags(t, self.self_drawn, self.fourth, self.about_kong, self.wall_last)


def score_division(packs: list[int], sit: Situation) -> Table:
    """The fans of one division: ``packs`` = the declared sets, the concealed ones, the pair."""
    t = [0] * NUM_FANS
    nfixed = len(sit.fixed)
    win = sit.win
    pair = packs[4]
    chows = [p for p in packs[:4] if _kind(p) == CHOW]
    pungs = [p for p in packs[:4] if _kind(p) != CHOW]
    sit.flags(t)
    if not sit.self_drawn and not any(
            not _is_melded(c) and _tile(c) - 1 <= win <= _tile(c) + 1 for c in chows):
        # A discard that completes a concealed pung makes it a melded one.
        pungs = [p | MELDED if _tile(p) == win and not _is_melded(p) else p for p in pungs]
    if pungs:
        _kongs_and_pungs(pungs, t)
    n = len(chows)
    if n == 4:
        if _is_three_suited_terminal_chows(chows, pair):
            t[THREE_SUITED_TERMINAL_CHOWS] = 1
        elif _is_pure_terminal_chows(chows, pair):
            t[PURE_TERMINAL_CHOWS] = 1
        else:
            _four_chows(sorted(_tile(c) for c in chows), t)
    elif n == 3:
        _three_chows(sorted(_tile(c) for c in chows), t)
    elif n == 2:
        f = _two_chows_fan(_tile(chows[0]), _tile(chows[1]))
        if f >= 0:
            t[f] += 1
        f = _two_pungs_fan(_tile(pungs[0]), _tile(pungs[1]))
        if f >= 0:
            t[f] += 1
    elif n == 1:
        _three_pungs(sorted(_tile(p) for p in pungs), t)
    else:
        _four_pungs(sorted(_tile(p) for p in pungs), t)
    standing = sit.standing
    if nfixed == 0 and _is_nine_gates(standing):
        t[NINE_GATES] = 1
    melded = sum(1 for p in sit.fixed if _is_melded(p))
    if melded == 0:
        t[FULLY_CONCEALED_HAND if sit.self_drawn else CONCEALED_HAND] = 1
    elif melded == 4:
        t[SELF_DRAWN if sit.self_drawn else MELDED_HAND] = 1
    elif sit.self_drawn:
        t[SELF_DRAWN] = 1
    pair_tile = _tile(pair)
    if n == 4:
        if _numbered(pair_tile):
            t[ALL_CHOWS] = 1
    elif t[TWO_DRAGON_PUNGS]:
        if pair_tile in DRAGONS:
            t[LITTLE_THREE_DRAGONS] = 1
            t[TWO_DRAGON_PUNGS] = 0
    elif t[BIG_THREE_WINDS] and pair_tile in WINDS:
        t[LITTLE_FOUR_WINDS] = 1
        t[BIG_THREE_WINDS] = 0
    _by_pack_traits(packs, t)
    for i, v in sit.tile_fans():
        t[i] = v
    _by_wait(packs[nfixed:], sit.waits, win, t)
    _strike_implied(t)
    if not t[BIG_FOUR_WINDS]:
        for p in pungs:
            if _tile(p) in WINDS:
                _by_wind(_tile(p), sit.prevalent, sit.seat, t)
    if not any(t):
        t[CHICKEN_HAND] = 1
    return t


def _is_nine_gates(standing: list[int]) -> bool:
    if len(standing) != 13:
        return False
    s = standing[0] >> 4
    if s > 3:
        return False
    want = [s * 16 + r for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    return sorted(standing) == want


def knitted_straight_form(sit: Situation) -> Table | None:
    """组合龙 with one more set (concealed or declared) and a pair."""
    nfixed = len(sit.fixed)
    if nfixed > 1:
        return None
    win = sit.win
    cnt = [0] * TABLE_SIZE
    for c in sit.standing:
        cnt[c] += 1
    cnt[win] += 1
    single_wait = cnt[win] > 1
    seq = next((k for k in KNITTED if all(cnt[c] for c in k)), None)
    if seq is None:
        return None
    for c in seq:
        cnt[c] -= 1
    found = divisions(list(cnt), 1 - nfixed)
    if len(found) != 1:
        return None
    rest = list(found[0])
    packs = [sit.fixed[0], rest[0]] if nfixed else rest
    the_set, pair = packs
    t = [0] * NUM_FANS
    t[KNITTED_STRAIGHT] = 1
    if _kind(the_set) == CHOW:
        if _numbered(_tile(pair)):
            t[ALL_CHOWS] = 1
    else:
        _kongs_and_pungs([the_set], t)
    sit.flags(t)
    if nfixed == 0 or (_kind(the_set) == KONG and not _is_melded(the_set)):
        t[FULLY_CONCEALED_HAND if sit.self_drawn else CONCEALED_HAND] = 1
    tiles = [*seq, *pack_tiles(the_set), *pack_tiles(pair)]
    _by_suits(tiles, t)
    _by_tile_hog(tiles, t)
    if nfixed == 0:
        cnt[win] -= 1
        # What is left of the hand outside the 组合龙 (at most four tiles are looked at).
        left: list[int] = []
        for c in ALL_CODES:
            left.extend([c] * max(cnt[c], 0))
        _by_wait(packs, lambda: wait_set(left[:4], False), win, t)
    elif single_wait:
        t[SINGLE_WAIT] = 1
    _strike_implied(t)
    if _tile(the_set) in WINDS and _kind(the_set) != CHOW:
        _by_wind(_tile(the_set), sit.prevalent, sit.seat, t)
    return t


def special_form(s14: list[int], sit: Situation) -> Table | None:
    """七对 / 连七对, 十三幺, 全不靠 / 七星不靠 (a concealed hand of 14 tiles, sorted)."""
    t = [0] * NUM_FANS
    if all(s14[i] == s14[i + 1] for i in range(0, 14, 2)):
        if _numbered(s14[0]) and all(s14[i] + 1 == s14[i + 2] for i in range(0, 12, 2)):
            t[SEVEN_SHIFTED_PAIRS] = 1
            _by_tile_traits(s14, t)
        else:
            t[SEVEN_PAIRS] = 1
            _by_suits(s14, t)
            _by_tile_traits(s14, t)
            _by_rank_range(s14, t)
            _by_tile_hog(s14, t)
    elif all(c in TERMINAL_OR_HONOR for c in s14) and set(ORPHANS) <= set(s14):
        t[THIRTEEN_ORPHANS] = 1
    else:
        numbered = [c for c in s14 if _numbered(c)]
        honors = s14[len(numbered):]
        if not 7 <= len(numbered) <= 9 or len(set(numbered)) != len(numbered):
            return None
        if not any(set(numbered) <= set(k) for k in KNITTED):
            return None
        if len(set(honors)) != len(honors):
            return None
        if len(numbered) == 7 and len(honors) == 7:
            t[GREATER_HONORS_AND_KNITTED_TILES] = 1
        else:
            t[LESSER_HONORS_AND_KNITTED_TILES] = 1
            if len(numbered) == 9:
                t[KNITTED_STRAIGHT] = 1
    sit.flags(t)
    _strike_implied(t)
    return t


_VALUES: Final[tuple[int, ...]] = tuple(f.value for f in ALL_FANS)


def total(t: Table) -> int:
    return sum(map(mul, _VALUES, t))


def calculate(sit: Situation) -> Table | None:
    """The best-scoring reading of the hand, or None when it is not a winning shape."""
    s14 = sorted([*sit.standing, sit.win])
    best: Table | None = None
    best_total = 0
    nfixed = len(sit.fixed)
    if nfixed <= 1:
        best = knitted_straight_form(sit)
        if best is None and nfixed == 0:
            best = special_form(s14, sit)
        if best is not None:
            best_total = total(best)
    if best is None or best[SEVEN_PAIRS] == 1:
        cnt = [0] * TABLE_SIZE
        for c in s14:
            cnt[c] += 1
        for div in divisions(cnt, 4 - nfixed):
            t = score_division([*sit.fixed, *div], sit)
            v = total(t)
            if v >= best_total:  # (of equal readings the last one stands, as in the reference)
                best, best_total = t, v
    return best
