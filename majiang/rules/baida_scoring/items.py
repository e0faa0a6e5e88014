"""The 台 items of one reading of a winning hand (docs/rules/baida.md, items 1–25)."""

from __future__ import annotations

from typing import NamedTuple

from majiang.core.settlement import ScoreItem
from majiang.hand import waits
from majiang.hand.types import Decomposition

from .situation import FLOWER_GROUPS, WINDS, Situation, WinHand

__all__ = ["Reading", "flower_items", "items_for", "single_wait"]

_WIND_ZH = "东南西北"
_DRAGON_ZH = {31: "中", 32: "发", 33: "白"}


class Reading(NamedTuple):
    decomposition: Decomposition
    items: list[ScoreItem]

    @property
    def tai(self) -> int:
        return sum(i.value for i in self.items)


def single_wait(hand: WinHand) -> bool:
    """Item 4: the part before the winning tile waited on that one kind only (a 百搭 drawn never is)."""
    if not hand.winning_natural:
        return False
    part = list(hand.natural)
    part[hand.winning_tile] -= 1
    return waits(part, hand.jokers, True) == [hand.winning_tile]


def _wait_name(d: Decomposition, w: int) -> str:
    """边, 卡 or 单吊: where the winning tile sits in this reading (its natural position)."""
    for g in d.groups:
        for t, wild in zip(g.tiles, g.wild, strict=True):
            if t == w and not wild:
                if g.kind == "pair":
                    return "单吊"
                if g.kind == "chow":
                    if g.tiles[1] == w:
                        return "卡"
                    return "边"
    return "边卡单吊"


def flower_items(s: Situation, hand: WinHand) -> list[ScoreItem]:
    """Item 22 (杠花): the seat flowers laid open, 1 each; a whole group of four, 2 instead of its seat
    flower's 1; all eight, 8 instead of everything else here. 百搭 flowers are never laid open."""
    laid = set(hand.flowers)
    if len(laid) == 8:
        return [ScoreItem("hua_all", "八花", 8, "all eight flowers laid open")]
    wind = (s.winner - s.dealer) % 4
    out = []
    for g in FLOWER_GROUPS:
        own = g[wind]
        if all(f in laid for f in g):
            out.append(ScoreItem("hua_set", "四花", 2, "春夏秋冬" if g[0] == 34 else "梅兰竹菊"))
        elif own in laid:
            out.append(ScoreItem("hua", "正花", 1, f"seat flower of {_WIND_ZH[wind]}"))
    return out


def items_for(s: Situation, hand: WinHand, d: Decomposition, one_wait: bool) -> list[ScoreItem]:
    """Every 台 item of the reading ``d`` (a 平胡 when nothing else scores)."""
    out: list[ScoreItem] = []
    add = out.append
    melds = hand.melds
    if s.opening_hand:
        add(ScoreItem("tianhu", "天胡", 8, "the dealer's opening hand"))
    if s.dealer_first_discard:
        add(ScoreItem("dihu", "地胡", 6, "won on the dealer's first discard"))
    if s.how == "self_draw":
        add(ScoreItem("zimo", "自摸", 1))
    if all(kind == "angang" for kind, _ in melds):
        add(ScoreItem("menqing", "门清", 1, "no chi, peng or 明杠"))
    regular = d.form == "regular"
    if regular and one_wait:
        add(ScoreItem("bianka", _wait_name(d, hand.winning_tile), 1, "waited on one tile kind only"))
    chows = [g.tiles[0] for g in d.sets if g.kind == "chow"] + [ts[0] for kind, ts in melds if kind == "chi"]
    pungs = [g.tiles[0] for g in d.sets if g.kind == "pung"] + [ts[0] for kind, ts in melds if kind != "chi"]
    if regular and not chows:
        add(ScoreItem("duidui", "对对胡", 2))
    if not regular:
        add(ScoreItem("qidui", "七对", 2))
    if s.replacement:
        add(ScoreItem("gangkai", "杠开", 1, "won on a replacement tile"))
    if s.last_tile:
        add(ScoreItem("haidi", "海底捞月", 1, "the last tile of the wall"))
    if s.how == "rob_kong":
        add(ScoreItem("qianggang", "抢杠", 1))
    if hand.jokers == 0:
        add(ScoreItem("wubaida", "无百搭", 1))
    if s.options.seven_baida:
        if hand.jokers >= 7:
            add(ScoreItem("sanbaida", "七百搭", 20, f"{hand.jokers} 百搭 in hand"))
        elif hand.jokers >= 4:
            add(ScoreItem("sanbaida", "四百搭", 2, f"{hand.jokers} 百搭 in hand"))
    elif hand.jokers >= 3:
        add(ScoreItem("sanbaida", "三百搭", 2, f"{hand.jokers} 百搭 in hand"))
    claimed = [kind for kind, _ in melds if kind != "angang"]
    if len(claimed) == 4 and regular:
        add(ScoreItem("quanqiuren", "全求人", 2, "four claimed melds, won on the single tile's match"))
    if regular and any(all(s9 + r in chows for r in (0, 3, 6)) for s9 in (0, 9, 18)):
        add(ScoreItem("long", "一条龙", 2, "1-9 of one suit"))
    if s.winner == s.dealer:
        extra = s.streak if s.options.dealer_streak else 0
        add(ScoreItem("zhuang", "庄", 1 + extra, f"dealer, kept {s.streak} time(s)" if extra else "dealer"))
    out.extend(flower_items(s, hand))
    faces = [t for g in d.groups for t in g.tiles] + [t for _, ts in melds for t in ts]
    suits = {t // 9 for t in faces if t < 27}
    honors = any(t >= 27 for t in faces)
    if not suits:
        add(ScoreItem("ziyise", "字一色", 8))
    elif len(suits) == 1 and not honors:
        add(ScoreItem("qingyise", "清一色", 4))
    elif len(suits) == 1:
        add(ScoreItem("hunyise", "混一色", 2))
    for t in sorted(pungs):
        if t in _DRAGON_ZH:
            add(ScoreItem("jian", f"{_DRAGON_ZH[t]}刻", 1, "中发白 pung or kong"))
    seat_wind = 27 + (s.winner - s.dealer) % 4
    round_wind = 27 + WINDS.index(s.round_wind)
    if seat_wind in pungs:
        add(ScoreItem("weifeng", "位风", 1, f"{_WIND_ZH[seat_wind - 27]}风 pung, the seat's wind"))
    if round_wind in pungs:
        add(ScoreItem("quanfeng", "圈风", 1, f"{_WIND_ZH[round_wind - 27]}风 pung, the round's wind"))
    if not out:
        add(ScoreItem("pinghu", "平胡", 1, "no other item"))
    return out
