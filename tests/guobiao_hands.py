"""Winning 国标 hands for the differential check against PyMahjongGB, aimed at every fan.

``winning_hands(seed, n)`` yields :class:`GbHand` situations: four sets and a pair drawn from a
theme (one per family of fans: flushes, straights, shifted chows or pungs, winds, dragons, the
rank ranges, terminals, greens, reversibles...) or a special form (七对, 十三幺, 全不靠, 七星不靠,
组合龙, 九莲宝灯), then some sets declared (chi, peng, kong, concealed kong), a winning tile picked
from the concealed part, and the situation flags (self-draw, last copy, last tile, kong, winds,
flowers) drawn at random. Fixed seeds: the same seed gives the same hands.

``to_pymahjonggb(hand)`` is the same situation in PyMahjongGB's arguments.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from majiang.rules.guobiao_fans import GbHand, GbMeld

Set = tuple[str, int]  # ("c", lowest tile) or ("p", tile)
Theme = Callable[[random.Random], tuple[list[Set], int] | None]

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = WINDS + DRAGONS


def _chow(suit: int, rank: int) -> Set:
    return ("c", suit * 9 + rank - 1)


def _pung(t: int) -> Set:
    return ("p", t)


def _any_set(r: random.Random, suits: tuple[int, ...] = (0, 1, 2), honors: bool = True,
             ranks: tuple[int, int] = (1, 9), chow_share: float = 0.5) -> Set:
    lo, hi = ranks
    if honors and r.random() < 0.25:
        return _pung(r.choice(HONORS))
    s = r.choice(suits)
    if hi - lo >= 2 and r.random() < chow_share:
        return _chow(s, r.randint(lo, hi - 2))
    return _pung(s * 9 + r.randint(lo, hi) - 1)


def _any_pair(r: random.Random, suits: tuple[int, ...] = (0, 1, 2), honors: bool = True,
              ranks: tuple[int, int] = (1, 9)) -> int:
    if honors and r.random() < 0.25:
        return r.choice(HONORS)
    return r.choice(suits) * 9 + r.randint(*ranks) - 1


def _fill(r: random.Random, sets: list[Set], **kw: Any) -> tuple[list[Set], int]:
    pair_kw = {k: v for k, v in kw.items() if k != "chow_share"}
    while len(sets) < 4:
        sets.append(_any_set(r, **kw))
    return sets, _any_pair(r, **pair_kw)


def _suits3(r: random.Random) -> list[int]:
    s = [0, 1, 2]
    r.shuffle(s)
    return s


def t_random(r: random.Random) -> tuple[list[Set], int]:
    return _fill(r, [])


def t_chows(r: random.Random) -> tuple[list[Set], int]:
    return _fill(r, [], honors=False, chow_share=1.0)


def t_pungs(r: random.Random) -> tuple[list[Set], int]:
    return _fill(r, [], chow_share=0.0)


def t_flush(r: random.Random) -> tuple[list[Set], int]:
    s = r.randrange(3)
    return _fill(r, [], suits=(s,), honors=r.random() < 0.5)


def t_pure_straight(r: random.Random) -> tuple[list[Set], int]:
    s = r.randrange(3)
    return _fill(r, [_chow(s, 1), _chow(s, 4), _chow(s, 7)])


def t_mixed_straight(r: random.Random) -> tuple[list[Set], int]:
    a, b, c = _suits3(r)
    return _fill(r, [_chow(a, 1), _chow(b, 4), _chow(c, 7)])


def t_same_chows(r: random.Random) -> tuple[list[Set], int]:
    s, k = r.randrange(3), r.randint(1, 7)
    n = r.choice((2, 3, 3, 4))
    return _fill(r, [_chow(s, k)] * n)


def t_shifted_chows(r: random.Random) -> tuple[list[Set], int]:
    s, step = r.randrange(3), r.choice((1, 2))
    n = r.choice((3, 4))
    start = r.randint(1, 7 - step * (n - 1))
    return _fill(r, [_chow(s, start + step * i) for i in range(n)])


def t_mixed_chows(r: random.Random) -> tuple[list[Set], int]:
    a, b, c = _suits3(r)
    k = r.randint(1, 5)
    if r.random() < 0.5:
        return _fill(r, [_chow(a, k), _chow(b, k + 1), _chow(c, k + 2)])
    return _fill(r, [_chow(a, k), _chow(b, k), _chow(c, k)])


def t_terminal_chows(r: random.Random) -> tuple[list[Set], int]:
    a, b, c = _suits3(r)
    if r.random() < 0.5:
        return [_chow(a, 1), _chow(a, 1), _chow(a, 7), _chow(a, 7)], a * 9 + 4
    return [_chow(b, 1), _chow(b, 7), _chow(c, 1), _chow(c, 7)], a * 9 + 4


def t_pair_chows(r: random.Random) -> tuple[list[Set], int]:
    """Chow pairs: 喜相逢, 连六, 老少副, 一般高 in numbers."""
    sets: list[Set] = []
    for _ in range(2):
        s, k = r.randrange(3), r.randint(1, 7)
        kind = r.randrange(4)
        if kind == 0:
            sets += [_chow(s, k), _chow((s + r.randint(1, 2)) % 3, k)]
        elif kind == 1 and k <= 4:
            sets += [_chow(s, k), _chow(s, k + 3)]
        elif kind == 2:
            sets += [_chow(s, 1), _chow(s, 7)]
        else:
            sets += [_chow(s, k), _chow(s, k)]
    return _fill(r, sets[:4])


def t_shifted_pungs(r: random.Random) -> tuple[list[Set], int]:
    s = r.randrange(3)
    n = r.choice((3, 4))
    start = r.randint(1, 10 - n)
    return _fill(r, [_pung(s * 9 + start - 1 + i) for i in range(n)], chow_share=0.3)


def t_mixed_pungs(r: random.Random) -> tuple[list[Set], int]:
    a, b, c = _suits3(r)
    k = r.randint(1, 7)
    if r.random() < 0.5:
        return _fill(r, [_pung(a * 9 + k - 1), _pung(b * 9 + k), _pung(c * 9 + k + 1)])
    n = r.choice((2, 3))
    return _fill(r, [_pung(s * 9 + k - 1) for s in (a, b, c)[:n]])


def t_winds(r: random.Random) -> tuple[list[Set], int]:
    w = list(WINDS)
    r.shuffle(w)
    n = r.choice((2, 3, 3, 4))
    sets = [_pung(x) for x in w[:n]]
    if n == 3 and r.random() < 0.5:
        sets, _pair = _fill(r, sets)
        return sets, w[3]
    return _fill(r, sets)


def t_dragons(r: random.Random) -> tuple[list[Set], int]:
    d = list(DRAGONS)
    r.shuffle(d)
    n = r.choice((1, 2, 2, 3))
    sets = [_pung(x) for x in d[:n]]
    if n == 2 and r.random() < 0.5:
        sets, _pair = _fill(r, sets)
        return sets, d[2]
    return _fill(r, sets)


def t_honors(r: random.Random) -> tuple[list[Set], int]:
    h = list(HONORS)
    r.shuffle(h)
    return [_pung(x) for x in h[:4]], h[4]


def t_terminals(r: random.Random) -> tuple[list[Set], int]:
    pool = [0, 8, 9, 17, 18, 26] + (list(HONORS) if r.random() < 0.5 else [])
    r.shuffle(pool)
    return [_pung(x) for x in pool[:4]], pool[4]


def t_outside(r: random.Random) -> tuple[list[Set], int]:
    sets: list[Set] = []
    for _ in range(4):
        x = r.random()
        s = r.randrange(3)
        if x < 0.5:
            sets.append(_chow(s, r.choice((1, 7))))
        elif x < 0.8:
            sets.append(_pung(s * 9 + r.choice((0, 8))))
        else:
            sets.append(_pung(r.choice(HONORS)))
    pair = r.choice((0, 8, 9, 17, 18, 26, *HONORS))
    return sets, pair


def t_green(r: random.Random) -> tuple[list[Set], int]:
    greens = [19, 20, 21, 23, 25, 32]
    sets: list[Set] = [("c", 19) if r.random() < 0.4 else _pung(r.choice(greens)) for _ in range(4)]
    return sets, r.choice(greens)


def t_reversible(r: random.Random) -> tuple[list[Set], int]:
    pool_p = [9, 10, 11, 12, 13, 16, 17]
    pool_s = [19, 21, 22, 23, 25, 26]
    sets: list[Set] = []
    for _ in range(4):
        x = r.random()
        if x < 0.3:
            sets.append(("c", r.choice((9, 10, 11))))
        elif x < 0.4:
            sets.append(("c", 21))
        else:
            sets.append(_pung(r.choice(pool_p + pool_s + [33])))
    return sets, r.choice(pool_p + pool_s + [33])


def t_even_pungs(r: random.Random) -> tuple[list[Set], int]:
    evens = [s * 9 + k - 1 for s in range(3) for k in (2, 4, 6, 8)]
    return [_pung(r.choice(evens)) for _ in range(4)], r.choice(evens)


def t_ranks(r: random.Random) -> tuple[list[Set], int]:
    ranks = r.choice(((1, 3), (1, 4), (4, 6), (6, 9), (7, 9), (2, 8)))
    return _fill(r, [], honors=False, ranks=ranks)


def t_fives(r: random.Random) -> tuple[list[Set], int]:
    sets: list[Set] = []
    for _ in range(4):
        s = r.randrange(3)
        sets.append(_chow(s, r.randint(3, 5)) if r.random() < 0.6 else _pung(s * 9 + 4))
    return sets, r.randrange(3) * 9 + 4


def t_all_types(r: random.Random) -> tuple[list[Set], int]:
    a, b, c = _suits3(r)
    sets = [_any_set(r, suits=(a,), honors=False), _any_set(r, suits=(b,), honors=False),
            _any_set(r, suits=(c,), honors=False), _pung(r.choice(WINDS))]
    return sets, r.choice(DRAGONS)


def t_chicken(r: random.Random) -> tuple[list[Set], int]:
    """无番和: three suits, simples-and-honour-pair, no two sets related; declared, won on a discard."""
    while True:
        a, b, c = _suits3(r)
        sets = [_chow(a, r.randint(2, 6)), _pung(b * 9 + r.randint(2, 8) - 1), _chow(c, r.randint(2, 6)),
                _any_set(r, honors=False, ranks=(2, 8))]
        ranks = [st[1] % 9 for st in sets if st[0] == "c"]
        if len(set(ranks)) == len(ranks):
            return sets, r.choice(HONORS)


def t_kongs(r: random.Random) -> tuple[list[Set], int]:
    return _fill(r, [], chow_share=0.0)


# Hints for the declaring step: how many sets to declare, the share of pungs made kongs, self-draw.
HINTS: dict[Callable[..., object], dict[str, float]] = {
    t_chicken: {"melds": 2, "kong": 0.0, "self_drawn": 0.0},
    t_kongs: {"kong": 0.9},
}

THEMES: tuple[Theme, ...] = (
    t_chicken, t_kongs,
    t_random, t_random, t_chows, t_pungs, t_flush, t_pure_straight, t_mixed_straight, t_same_chows,
    t_shifted_chows, t_mixed_chows, t_terminal_chows, t_pair_chows, t_shifted_pungs, t_mixed_pungs,
    t_winds, t_dragons, t_honors, t_terminals, t_outside, t_green, t_reversible, t_even_pungs,
    t_ranks, t_ranks, t_fives, t_all_types,
)


def _set_tiles(st: Set) -> list[int]:
    kind, t = st
    return [t, t + 1, t + 2] if kind == "c" else [t, t, t]


def _situation(r: random.Random, hand14: list[int], melds: list[GbMeld]) -> GbHand | None:
    """Pick the winning tile among the concealed tiles and draw the flags."""
    counts = [0] * 34
    for t in hand14:
        counts[t] += 1
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    if max(counts) > 4:
        return None
    win = r.choice(hand14)
    concealed = list(hand14)
    concealed.remove(win)
    r.shuffle(concealed)
    return GbHand(
        concealed=tuple(concealed), melds=tuple(melds), win_tile=win,
        self_drawn=r.random() < 0.5, last_copy=r.random() < 0.15, last_tile=r.random() < 0.1,
        kong_win=r.random() < 0.12, seat_wind=r.randrange(4), prevalent_wind=r.randrange(4),
        flowers=r.choice((0, 0, 0, 1, 2, 3, 8)))


def regular_hand(r: random.Random, theme: Theme) -> GbHand | None:
    got = theme(r)
    if got is None:
        return None
    sets, pair = got
    r.shuffle(sets)
    hint = HINTS.get(theme, {})
    n_melds = int(hint.get("melds", r.choice((0, 0, 0, 1, 1, 2, 2, 3, 4))))
    kong = hint.get("kong", 0.12)
    melds: list[GbMeld] = []
    hand14 = [pair, pair]
    for i, st in enumerate(sets):
        tiles = _set_tiles(st)
        if st[0] == "p" and r.random() < kong / 2:  # a concealed kong is declared whatever n_melds says
            melds.append(GbMeld("concealed_kong", (st[1],) * 4, 0))
        elif i < n_melds or (st[0] == "p" and r.random() < kong / 2):
            if st[0] == "c":
                melds.append(GbMeld("chi", tuple(tiles), r.randint(1, 3)))
            elif r.random() < max(0.3, kong):
                melds.append(GbMeld("kong", (st[1],) * 4, r.randint(1, 3)))
            else:
                melds.append(GbMeld("peng", tuple(tiles), r.randint(1, 3)))
        else:
            hand14 += tiles
    h = _situation(r, hand14, melds)
    if h is not None and "self_drawn" in hint:
        h = GbHand(h.concealed, h.melds, h.win_tile, r.random() < hint["self_drawn"], h.last_copy, h.last_tile,
                   h.kong_win, h.seat_wind, h.prevalent_wind, h.flowers)
    return h


_KNITTED = tuple(
    tuple(sorted(s * 9 + k - 1 for s, start in zip(order, (1, 2, 3), strict=True)
                 for k in (start, start + 3, start + 6)))
    for order in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)))


def special_hand(r: random.Random) -> GbHand | None:
    kind = r.randrange(7)
    melds: list[GbMeld] = []
    if kind == 0:  # 七对 (pairs may repeat: 四归一)
        pool = list(range(34)) if r.random() < 0.5 else [r.randrange(3) * 9 + k for k in range(9)]
        hand = [t for t in r.choices(pool, k=7) for _ in range(2)]
    elif kind == 1:  # 连七对
        s, k = r.randrange(3), r.randint(0, 2)
        hand = [s * 9 + k + i for i in range(7) for _ in range(2)]
    elif kind == 2:  # 十三幺
        orphans = [0, 8, 9, 17, 18, 26, *HONORS]
        hand = [*orphans, r.choice(orphans)]
    elif kind in (3, 4):  # 全不靠 / 七星不靠
        seq = list(r.choice(_KNITTED))
        n_honors = 7 if kind == 4 else r.randint(5, 7)
        hand = r.sample(seq, 14 - n_honors) + r.sample(list(HONORS), n_honors)
    elif kind == 5:  # 组合龙 + a set + a pair, the set maybe declared
        hand = list(r.choice(_KNITTED))
        st = _any_set(r)
        pair = _any_pair(r)
        if r.random() < 0.4:
            if st[0] == "c":
                melds.append(GbMeld("chi", tuple(_set_tiles(st)), r.randint(1, 3)))
            else:
                melds.append(GbMeld(r.choice(("peng", "kong", "concealed_kong")), (st[1],) * 3, 1))
                if melds[0].kind != "peng":
                    melds[0] = GbMeld(melds[0].kind, (st[1],) * 4, 0 if melds[0].kind == "concealed_kong" else 1)
        else:
            hand += _set_tiles(st)
        hand += [pair, pair]
    else:  # 九莲宝灯
        s = r.randrange(3)
        hand = [s * 9 + k for k in (0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 8)] + [s * 9 + r.randrange(9)]
    return _situation(r, hand, melds)


def winning_hands(seed: int, n: int, special_share: float = 0.12) -> Iterator[GbHand]:
    """``n`` hands, each a winning shape by construction (the calculators decide its fans)."""
    r = random.Random(seed)
    made = 0
    while made < n:
        h = special_hand(r) if r.random() < special_share else regular_hand(r, r.choice(THEMES))
        if h is not None:
            made += 1
            yield h


_SUIT_LETTER = "WBT"  # PyMahjongGB: W 万, B 饼 (筒), T 条


def gb_tile(t: int) -> str:
    if t < 27:
        return f"{_SUIT_LETTER[t // 9]}{t % 9 + 1}"
    return f"F{t - 26}" if t < 31 else f"J{t - 30}"


def to_pymahjonggb(h: GbHand) -> dict[str, Any]:
    packs = []
    for m in h.melds:
        if m.kind == "chi":
            packs.append(("CHI", gb_tile(sorted(m.tiles)[1]), m.offer))
        elif m.kind == "peng":
            packs.append(("PENG", gb_tile(m.tiles[0]), m.offer))
        else:
            packs.append(("GANG", gb_tile(m.tiles[0]), 0 if m.kind == "concealed_kong" else m.offer))
    return dict(pack=tuple(packs), hand=tuple(gb_tile(t) for t in h.concealed), winTile=gb_tile(h.win_tile),
                flowerCount=h.flowers, isSelfDrawn=h.self_drawn, is4thTile=h.last_copy,
                isAboutKong=h.kong_win, isWallLast=h.last_tile, seatWind=h.seat_wind,
                prevalentWind=h.prevalent_wind, verbose=True)


def shanten_hands(seed: int, n: int) -> Iterator[tuple[int, ...]]:
    """Concealed parts of 13, 10, 7, 4 or 1 tiles: half drawn from the whole wall, half from two
    of the four tile groups (so that flushes, pairs and knitted shapes come up near ready)."""
    r = random.Random(seed)
    wall = [t for t in range(34) for _ in range(4)]
    for _ in range(n):
        k = r.choice((13, 13, 13, 13, 10, 10, 7, 4, 1))
        pool = wall
        if r.random() < 0.5:
            groups = r.sample(range(4), 2)
            pool = [t for t in wall if t // 9 in groups]
        if r.random() < 0.1:  # knitted and honour tiles only
            pool = [t for seq in _KNITTED[r.randrange(6):][:1] for t in seq] * 2 + list(HONORS) * 2
        yield tuple(r.sample(pool, k)) if len(pool) >= k else tuple(r.sample(wall, k))


def simulated_situations(hands: int, seed: str = "7") -> list[GbHand]:
    """Every distinct winning situation the fan calculator is asked about while bots play
    ``hands`` hands of guobiao (the settlements, the offered wins, the 听 hints, the bots' looks
    ahead): the situations real tables produce, 和绝张 and the kong flags read from the table."""
    import majiang.rules.guobiao_fans as fans
    from majiang.sim.runner import SimConfig, run

    seen: dict[GbHand, None] = {}
    score = fans.score_hand

    def recording(h: GbHand) -> Any:
        lines = score(h)
        if lines is not None:
            seen[h] = None
        return lines

    fans.score_hand = recording  # (recorded in passing: the calculator still answers every call)
    try:
        run(SimConfig("guobiao", hands=hands, bots=("greedy", "strong", "greedy", "strong"), seed=seed))
    finally:
        fans.score_hand = score
    return list(seen)
