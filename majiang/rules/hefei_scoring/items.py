"""The Hefei score items: which apply to a hand, and the best decomposition to score it with.

Items split in two: hand-wide ones (支, 双八支, 缺一门, 同, 杠, 海捞) that only look at tile counts, and
shape ones (坎, 活, 卡, 双铺子, 七对) that depend on how the tiles are grouped and where the winning tile sits.
The shape ones are tried for every decomposition and every placement of the winning tile; the best total wins.
"""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from majiang.core.settlement import ScoreItem
from majiang.hand import TileSet, decompositions
from majiang.hand.types import Decomposition, Group
from majiang.tiles import format_tiles, rank

from .situation import SUIT_NAMES, Situation, WinHand

__all__ = ["ORDER", "Scored", "best", "suit_counts", "winning_tiles"]

# Table order of the rule page; items are reported in it.
ORDER = (
    "base", "zhi", "shuangbazhi", "queyimen", "tong", "kan", "gang", "huo", "ka", "shuangpuzi", "qidui",
    "hailao", "tianhu", "dihu",
)  # fmt: skip
NAMES = {
    "base": "基本分", "zhi": "支", "shuangbazhi": "双八支", "queyimen": "缺一门", "tong": "同", "kan": "坎",
    "gang": "杠", "huo": "活", "ka": "卡", "shuangpuzi": "双铺子", "qidui": "七对", "hailao": "海捞",
    "tianhu": "天胡", "dihu": "地胡",
}  # fmt: skip
BASE = {"baoting": 12, "bubaoting": 10}
MIN_SUIT = 8  # a win needs one suit of 8 or more tiles


class Scored(NamedTuple):
    items: list[ScoreItem]
    decomposition: Decomposition
    win_group: int  # index in decomposition.groups where the winning tile is placed

    @property
    def total(self) -> int:
        return sum(i.value for i in self.items)


def _item(key: str, value: int, note: str) -> ScoreItem:
    return ScoreItem(key=key, name=NAMES[key], value=value, note=note)


def suit_counts(full_counts: list[int]) -> list[int]:
    return [sum(full_counts[9 * s : 9 * s + 9]) for s in range(3)]


def shape_decompositions(hand: WinHand) -> list[Decomposition]:
    # Seven pairs needs all 14 tiles concealed; with a kong the concealed part is 11 or fewer.
    return decompositions(hand.concealed, 0, seven_pairs=not hand.kongs, tileset=TileSet.HEFEI)


def is_complete(counts: list[int], kongs: int) -> bool:
    """Whether ``counts`` (the concealed part, beside ``kongs`` kongs) forms sets and a pair or seven pairs."""
    return bool(decompositions(counts, 0, seven_pairs=not kongs, tileset=TileSet.HEFEI))


def winning_tiles(hand: WinHand) -> list[int]:
    """The tile kinds the hand waited on before the winning tile (shape and 8-tile rule), still available."""
    before = list(hand.concealed)
    before[hand.winning_tile] -= 1
    full = hand.full_counts
    out = []
    for t in range(27):
        if not 2 <= rank(t) <= 8 or full[t] - (t == hand.winning_tile) >= 4:
            continue
        after = list(before)
        after[t] += 1
        with_kongs = list(full)
        with_kongs[hand.winning_tile] -= 1
        with_kongs[t] += 1
        if max(suit_counts(with_kongs)) >= MIN_SUIT and is_complete(after, len(hand.kongs)):
            out.append(t)
    return out


def hand_items(s: Situation, hand: WinHand) -> list[ScoreItem]:
    """Base and the items that look only at tile counts."""
    full = hand.full_counts
    suits = suit_counts(full)
    items = [_item("base", BASE[s.room], "报听 room" if s.room == "baoting" else "不报听 room")]
    over = [(SUIT_NAMES[i], n - MIN_SUIT) for i, n in enumerate(suits) if n > MIN_SUIT]
    if over:
        items.append(_item("zhi", sum(o for _, o in over), ", ".join(f"{n}{MIN_SUIT + o}张" for n, o in over)))
    if sum(n >= MIN_SUIT for n in suits) >= 2:
        items.append(_item("shuangbazhi", 50, "two suits of 8 or more"))
    absent = [SUIT_NAMES[i] for i, n in enumerate(suits) if n == 0]
    if absent:
        value = len(absent) if s.options.queyimen_per_suit else 1
        items.append(_item("queyimen", value, "no " + ", ".join(absent)))
    tong = []
    for r in range(2, 9):
        n = sum(full[9 * suit + r - 1] for suit in range(3))
        if n >= 5:
            tong.append((r, n))
    if tong:
        items.append(_item("tong", sum(n - 4 for _, n in tong), ", ".join(f"{n}张{r}" for r, n in tong)))
    if hand.kongs and not s.options.kong_points_all:  # with the option they are paid as 杠分 instead
        items.append(_item("gang", 2 * len(hand.kongs), "暗杠 " + " ".join(format_tiles([k] * 4) for k in hand.kongs)))
    if s.haidi:
        items.append(_item("hailao", 10, "won in the 海捞区"))
    return items


def _ka(group: Group, win: int) -> str:
    """Why placing the winning tile in ``group`` is a 卡 (one-tile wait shape), or ''."""
    if group.kind == "pair":
        return "单调"
    if group.kind != "chow":
        return ""
    low = group.tiles[0]
    if win == low + 1:
        return "夹"
    # No 1s or 9s in Hefei: 23 can only take 4, 78 only 6.
    if (win == low + 2 and rank(low) == 2) or (win == low and rank(low) == 6):
        return "边"
    return ""


def shape_items(s: Situation, hand: WinHand, d: Decomposition, win_group: int, single_wait: bool) -> list[ScoreItem]:
    """坎, 活, 卡, 双铺子 for a regular decomposition; 七对 (alone) for seven pairs."""
    if d.form == "seven_pairs":
        return [_item("qidui", 5, "seven pairs")]
    items = []
    pungs = [g.tiles[0] for g in d.sets if g.kind == "pung"]
    huo = [t for t in pungs if hand.concealed[t] == 4]  # the fourth tile can only sit in a chow
    kan = [t for t in pungs if t not in huo]
    if not s.options.kan_from_discard and s.how == "discard" and d.groups[win_group].kind == "pung":
        kan = [t for t in kan if t != d.groups[win_group].tiles[0]]
    if kan:
        items.append(_item("kan", len(kan), " ".join(format_tiles([t] * 3) for t in kan)))
    if huo:
        items.append(_item("huo", 4 * len(huo), " ".join(format_tiles([t] * 4) for t in huo)))
    why = _ka(d.groups[win_group], hand.winning_tile)
    if why and (not s.options.ka_single_wait or single_wait):
        items.append(_item("ka", 1, f"{why} {format_tiles([hand.winning_tile])}"))
    chows = Counter(g.tiles for g in d.sets if g.kind == "chow")
    # k identical chows make k - 1 双铺子: the text's 555666777 (three 567) counts two.
    puzi = [(tiles, k - 1) for tiles, k in sorted(chows.items()) if k >= 2]
    if puzi:
        note = ", ".join(f"{k + 1}×{format_tiles(tiles)}" for tiles, k in puzi)
        items.append(_item("shuangpuzi", 2 * sum(k for _, k in puzi), note))
    return items


def _ordered(items: list[ScoreItem]) -> list[ScoreItem]:
    return sorted(items, key=lambda i: ORDER.index(i.key))


def best(s: Situation, hand: WinHand, ds: list[Decomposition]) -> Scored:
    """The highest-scoring (decomposition, winning-tile placement); ties go to the first in a stable order."""
    common = hand_items(s, hand)
    single_wait = s.options.ka_single_wait and len(winning_tiles(hand)) == 1
    candidates: list[Scored] = []
    for d in sorted(ds, key=lambda d: (d.form != "regular", d.groups)):
        places = [i for i, g in enumerate(d.groups) if hand.winning_tile in g.tiles]
        if d.form == "seven_pairs":
            places = places[:1]  # every placement scores the same
        for i in places:
            candidates.append(Scored(_ordered(common + shape_items(s, hand, d, i, single_wait)), d, i))
    top = max(c.total for c in candidates)
    return next(c for c in candidates if c.total == top)


def special(s: Situation) -> ScoreItem | None:
    """天胡 / 地胡, which replace every item but the base (庄分 is added per payment)."""
    if s.opening_hand:
        return _item("tianhu", 100, "dealer wins on the opening 14")
    if s.first_round and s.winner != s.dealer and s.how == "self_draw":
        return _item("dihu", 80, "non-dealer self-draw in the first go-around")
    return None
