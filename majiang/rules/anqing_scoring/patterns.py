"""Anqing patterns (牌型番数): every reading of the winning hand as a scored, checked candidate.

A candidate is one decomposition with one placement of the winning tile (or the 十三烂 reading). Scoring
keeps the valid candidate with the highest total, so each rule here only has to judge the reading it is
given. The drawn-wild and discarded-wild rules depend on the reading (跑风 is judged on the shape of the
group the winning tile completes), hence they are checked per candidate too.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise
from typing import NamedTuple

from majiang.core.settlement import ScoreItem
from majiang.hand import Decomposition, Group, decompositions
from majiang.hand.decompose import iter_decompositions
from majiang.rules.anqing_scoring.situation import CLAIMED, KONGS, Situation, WinHand
from majiang.tiles import HONORS, WINDS, chinese, format_tiles, is_suit, rank, suit

__all__ = ["Candidate", "best_fan", "candidates", "gangkai_fan", "suits_of"]

SUIT_NAMES = ("万", "筒", "条")


class Candidate(NamedTuple):
    items: list[ScoreItem]
    reading: tuple[Group, ...]  # the decomposition's groups (() for 十三烂, whose notation is ``fixed``)
    reason: str = ""  # why this reading is not a win; "" when it is
    hand: WinHand | None = None  # whose melds and 杠牌 follow the groups in the notation
    fixed: tuple[str, ...] = ()

    @property
    def total(self) -> int:
        return sum(i.value for i in self.items)

    @property
    def groups(self) -> list[str]:
        """The reading, one notation string per group, then the melds and 杠牌. Written when asked: a
        hand is read many ways, and only the best reading is shown."""
        if self.fixed or self.hand is None:
            return list(self.fixed)
        return [_fmt_group(g) for g in self.reading] + _fmt_melds(self.hand)


class Family(NamedTuple):
    """A 天胡-family pattern: they do not stack, and replace 跑风, 门清 and 碰碰胡."""

    item: ScoreItem
    has_paofeng: bool  # its value includes 跑风 (the drawn-wild and discarded-wild rules accept it)


def gangkai_fan(n: int) -> int:
    """杠开 after ``n`` kongs in a row: Σ(3i+1) − n, i.e. 3 / 9 / 18 / 30."""
    return sum(3 * i + 1 for i in range(1, n + 1)) - n


def suits_of(h: WinHand, *, as_themselves: bool = False) -> tuple[set[int], bool]:
    """Suits (0-2) of the natural tiles in concealed and melds, and whether an honor is among them.

    Wilds are left out: a wild inside a group takes that group's suit, and an all-wild group may stand for
    any suit already present, so the natural tiles alone decide the 打缺 limit and the 一色 items.
    """
    tiles = [t if as_themselves else h.face(t) for t in h.concealed if t != h.wild]
    tiles += [t for m in h.melds if m.type != "wildkong" for t in m.face]
    return {suit(t) for t in tiles if is_suit(t)}, any(t in HONORS for t in tiles)


def _item(key: str, name: str, value: int, note: str = "") -> ScoreItem:
    return ScoreItem(key=key, name=name, value=value, note=note)


def _fmt_group(g: Group) -> str:
    wild = [t for t, w in zip(g.tiles, g.wild, strict=True) if w]
    text = f"{g.kind} {format_tiles(g.tiles)}"
    return f"{text} (W as {format_tiles(wild)})" if wild else text


def _fmt_melds(h: WinHand) -> list[str]:
    out = [
        f"{m.type} {format_tiles(m.tiles)}" + (f" from seat {m.from_seat}" if m.from_seat is not None else "")
        for m in h.melds
    ]
    return out + [f"gangpai {format_tiles([t])}" for t in h.gangpai_exposed]


def _always(s: Situation, h: WinHand, groups: tuple[Group, ...], *, as_themselves: bool = False,
            fixed: tuple[list[ScoreItem], list[ScoreItem]] | None = None) -> list[ScoreItem]:
    """Items added whatever the pattern: 摸牌天胡, 地胡, 杠开, kongs, 杠牌, 风, 一龙, mode-B suit items.
    ``fixed``: :func:`_fixed_items` of the hand, when the caller reads it many ways (they do not depend
    on the reading)."""
    head, tail = _fixed_items(s, h, as_themselves=as_themselves) if fixed is None else fixed
    items = list(head)
    # A kept 杠牌 (mode B) is no wind that earns: with option flowers, a kept 东 is one.
    winds = [g.tiles[0] for g in groups if g.kind == "pung" and g.tiles[0] in WINDS and g.tiles[0] not in h.gangpai]
    winds += [m.face[0] for m in h.melds if m.type == "peng" and m.face[0] in WINDS and m.face[0] not in h.gangpai]
    if winds:
        items.append(_item("feng", "风", len(winds), "wind triplets " + "".join(chinese(t) for t in winds)))
    ranks: dict[int, set[int]] = {}
    for t in [t for g in groups for t in g.tiles] + [t for m in h.melds if m.type != "wildkong" for t in m.face]:
        if is_suit(t):
            ranks.setdefault(suit(t), set()).add(rank(t))
    for su, rs in sorted(ranks.items()):
        if len(rs) == 9:
            items.append(_item("yilong", "一龙", 10, f"1-9 {SUIT_NAMES[su]}"))
            break
    items += tail
    return items


def _fixed_items(s: Situation, h: WinHand, *, as_themselves: bool = False) -> tuple[list[ScoreItem], list[ScoreItem]]:
    """The items of :func:`_always` that do not depend on the reading: those before 风 (摸牌天胡, 地胡, 杠开,
    kongs, 杠牌) and those after 一龙 (mode B's suit items)."""
    items: list[ScoreItem] = []
    if s.opening_hand:
        items.append(_item("mopai_tianhu", "摸牌天胡", 30, "the dealer's opening 14"))
    if s.first_draw:
        items.append(_item("dihu", "地胡", 30, "a non-dealer's first draw, no claim yet"))
    if s.win_by == "replacement":
        n = s.kongs_before
        items.append(_item("gangkai", "杠开", gangkai_fan(n), f"{n} kong(s) in a row before the winning draw"))
    for m in h.melds:
        if m.type == "wildkong":
            items.append(_item("zuangang", "钻杠", 1, f"直叫 W-kong {format_tiles(m.tiles)}"))
        elif m.type in KONGS and m.face[0] in h.gangpai:
            # Mode B keeps 杠牌 as honors: "算风牌，但不算钱" (counted as honors, but paid nothing).
            continue
        elif m.type in KONGS:
            base, name = (2, "暗杠") if m.type == "angang" else (1, "明杠")
            wind = m.face[0] in WINDS
            note = f"{chinese(m.face[0])} {name} {base}" + (" + wind 1" if wind else "")
            items.append(_item(m.type, name, base + wind, note))
    if h.gangpai_exposed:
        n = len(h.gangpai_exposed)
        key, name = ("hua", "花") if s.options.flowers else ("gangpai", "杠牌")
        items.append(_item(key, name, n, f"{format_tiles(h.gangpai_exposed)} exposed, 1 each"))
    tail = _suit_items(s, h, as_themselves=as_themselves) if s.options.mode == "B" else []
    return items, tail


def _suit_items(s: Situation, h: WinHand, *, as_themselves: bool) -> list[ScoreItem]:
    suits, honors = suits_of(h, as_themselves=as_themselves)
    if not suits and honors:
        return [_item("ziyise", "字一色", s.options.ziyise, "honors only")]
    if len(suits) == 1:
        name = SUIT_NAMES[next(iter(suits))]
        if honors:
            return [_item("couyise", "凑一色", s.options.couyise, f"{name} and honors")]
        return [_item("qingyise", "清一色", s.options.qingyise, f"{name} only")]
    return []


def _rule_reason(s: Situation, h: WinHand, has_paofeng: bool) -> str:
    """The drawn-wild and discarded-wild rules, judged on one reading."""
    zhijiao = any(m.type == "wildkong" for m in h.melds)
    if h.winning_tile == h.wild and not zhijiao and not has_paofeng:
        return (
            "a win on a drawn wild must count 跑风 by itself (hard 对对胡, 七对有钻, a 天胡 with 跑风) or be 直叫; "
            "holding a lone wild and drawing the second one is 直叫 (kong the two W)"
        )
    if s.winner_discarded_wild and not has_paofeng and s.win_by != "replacement":
        return "the winner discarded a wild earlier this hand, so the win must include 跑风 or 杠开"
    return ""


def _paofeng_shape(g: Group, face: int) -> str:
    """The 跑风 wait of group ``g`` completed by natural ``face``: 独吊, 留钻, 边, 卡, or "" for none."""
    others = list(zip(g.tiles, g.wild, strict=True))
    others.remove((face, False))
    if g.kind == "pair":
        return "留钻" if others[0][1] else "独吊"
    if g.kind != "chow" or any(w for _, w in others):
        return ""  # a held wild in a chow or pung leaves several tiles that complete it
    low = g.tiles[0]
    if face == low + 1:
        return "卡"
    if (face == low + 2 and rank(low) == 1) or (face == low and rank(low) == 7):
        return "边"
    return ""


def _family(s: Situation, h: WinHand, d: Decomposition | None, four_wilds: bool) -> list[Family]:
    fam: list[Family] = []
    add = fam.append
    on_wild = h.winning_tile == h.wild
    if d is not None and d.form == "seven_pairs":
        partners = sum(g.jokers == 1 for g in d.groups)
        wild_pairs = sum(g.jokers == 2 for g in d.groups)
        if four_wilds and wild_pairs == 2 and not partners:
            add(Family(_item("shuang_tianhu", "双天胡", 66, "seven pairs, four W as two W pairs"), True))
        elif partners:
            add(Family(_item("qidui_youzuan", "七对有钻", 9, "seven pairs with W partners, 跑风 included"), True))
        else:
            add(Family(_item("qidui_tianhu", "七对天胡", 36, "seven pairs, W only as W pairs: 30 + 跑风 6"), True))
    if four_wilds:
        fam.append(Family(_item("sizuan_tianhu", "四钻天胡", 36, "all four W: 30 + 跑风 6"), True))
    if sum(m.type != "wildkong" for m in h.melds) == 4 and len(h.concealed) == 2:
        held = list(h.concealed)
        held.remove(h.winning_tile)
        if on_wild:
            # Held a natural tile and drew a W: not "won on its match", so no 跑风 (the 独吊 example).
            fam.append(Family(_item("dadiaoche", "大吊车", 30, "won on a drawn W: no 跑风"), False))
        elif held[0] == h.wild:
            fam.append(Family(_item("dadiaoche", "大吊车 (吊钻)", 9, "held a W, any tile wins: 3 + 跑风 6"), True))
        else:
            add(Family(_item("dadiaoche", "大吊车", 36, "four melds, won on the held tile's match: 30 + 6"), True))
    return fam


def _reading_basics(h: WinHand, d: Decomposition) -> tuple[bool, int, bool]:
    """(直叫, wilds held besides a drawn one, all pungs) for one reading."""
    zhijiao = any(m.type == "wildkong" for m in h.melds)
    wilds_held = h.concealed.count(h.wild) - (h.winning_tile == h.wild)
    all_pungs = d.form == "regular" and all(g.kind == "pung" for g in d.sets)
    return zhijiao, wilds_held, all_pungs and all(m.type != "chi" for m in h.melds)


def _plain_paofeng(h: WinHand, placed: Group | None, zhijiao: bool, wilds_held: int,
                   all_pungs: bool) -> ScoreItem | None:
    """The 直叫 / 跑风 item of a reading outside the 天胡 family, or None when it has no 跑风."""
    if zhijiao:
        return _item("zhijiao", "直叫", 6, "held a lone W, drew the second: kong, any replacement wins")
    if all_pungs and wilds_held == 0:
        return _item("paofeng", "跑风", 6, "硬对对胡: no W among the held tiles")
    if placed is not None and (shape := _paofeng_shape(placed, h.face(h.winning_tile))):
        return _item("paofeng", "跑风", 6, f"{shape}: {_fmt_group(placed)}")
    return None


def _reading_valid(s: Situation, h: WinHand, d: Decomposition, placed: Group | None) -> bool:
    """Whether :func:`_score_reading` would find no reason against this reading, without its items."""
    zhijiao, wilds_held, all_pungs = _reading_basics(h, d)
    family = _family(s, h, d, h.concealed.count(h.wild) + 2 * zhijiao == 4)
    if family:
        has_paofeng = max(family, key=lambda f: f.item.value).has_paofeng
    else:
        has_paofeng = _plain_paofeng(h, placed, zhijiao, wilds_held, all_pungs) is not None
    return not _rule_reason(s, h, has_paofeng)


def _score_reading(s: Situation, h: WinHand, d: Decomposition, placed: Group | None,
                   fixed: tuple[list[ScoreItem], list[ScoreItem]] | None = None) -> Candidate:
    zhijiao, wilds_held, all_pungs = _reading_basics(h, d)
    four_wilds = h.concealed.count(h.wild) + 2 * zhijiao == 4
    family = _family(s, h, d, four_wilds)
    items: list[ScoreItem] = []
    if family:
        best = max(family, key=lambda f: f.item.value)
        items.append(best.item)
        has_paofeng = best.has_paofeng
    else:
        paofeng = _plain_paofeng(h, placed, zhijiao, wilds_held, all_pungs)
        has_paofeng = paofeng is not None
        if paofeng is not None:
            items.append(paofeng)
        if all_pungs:
            items.append(_item("pengpenghu", "碰碰胡", 3, "all triplets/kongs + pair (对对胡's 3, counted once)"))
        if not any(m.type in CLAIMED for m in h.melds):
            items.append(_item("menqing", "门清", 3, "no chi, peng or 明杠"))
    items += _always(s, h, d.groups, fixed=fixed)
    if not items:
        items.append(_item("pinghu", "平胡", 0, "the base is paid through 底"))
    return Candidate(items, d.groups, _rule_reason(s, h, has_paofeng), h)


def _shisanlan(s: Situation, h: WinHand) -> Candidate | None:
    """十三烂 / 七星归位: 14 concealed tiles, every honor as itself (红中 and 杠牌 included). A wild may be
    held only as its own face ("没有顶替其他牌的钻": 东 as 东), which reading every tile as itself
    already does; option ``shisanlan_strict`` rules out any wild held."""
    if h.melds or len(h.concealed) != 14 or (s.options.shisanlan_strict and h.wild in h.concealed):
        return None
    tiles = sorted(h.concealed)
    honors = [t for t in tiles if t in HONORS]
    if len(set(honors)) != len(honors):
        return None
    for su in range(3):
        rs = [rank(t) for t in tiles if is_suit(t) and suit(t) == su]
        if any(b - a < 3 for a, b in pairwise(rs)):
            return None
    if len(honors) == 7:
        fam = _item("qixing_guiwei", "七星归位", 30, "十三烂 holding all seven honors")
    else:
        fam = _item("shisanlan", "十三烂", 20, "suits differ by 3 or more, honors all different")
    items = [fam, *_always(s, h, (), as_themselves=True)]
    return Candidate(items, (), _rule_reason(s, h, False), None, (f"shisanlan {format_tiles(tiles)}",))


def _readings(h: WinHand, lazy: bool = False) -> Iterator[tuple[Decomposition, Group | None]]:
    """Each decomposition with each group the winning tile may have completed.

    With 直叫 the W-kong takes the pair's second place (one extra joker) and the replacement sits in the pair.
    ``lazy``: decompositions one at a time, with one filling for groups made of wilds alone (whether a
    reading is valid never depends on what those stand for: 跑风 is about where the winning natural
    tile sits, the 天胡 family about how many wilds there are).
    """
    counts = [0] * 34
    for t in h.concealed:
        if t != h.wild:
            counts[h.face(t)] += 1
    zhijiao = any(m.type == "wildkong" for m in h.melds)
    jokers = h.concealed.count(h.wild) + zhijiao
    on_wild = h.winning_tile == h.wild
    face = h.face(h.winning_tile)
    found = iter_decompositions(counts, jokers, seven_pairs=not h.melds, any_wild_filling=True) if lazy else \
        decompositions(counts, jokers, seven_pairs=not h.melds)
    for d in found:
        if zhijiao:
            pair = d.groups[-1]
            if (on_wild and pair.jokers == 2) or (not on_wild and pair.jokers == 1 and face in pair.tiles):
                yield d, pair
        elif on_wild:
            yield d, None
        else:
            for g in dict.fromkeys(g for g in d.groups if (face, False) in zip(g.tiles, g.wild, strict=True)):
                yield d, g


def held_gangpai(s: Situation, h: WinHand) -> list[int]:
    """杠牌 in the concealed hand that rule it out (mode B may keep them as ordinary honors)."""
    if s.options.mode == "B" and s.options.keep_gangpai:
        return []
    return [t for t in h.concealed if t in h.gangpai]


def any_valid_reading(s: Situation, h: WinHand) -> bool:
    """Whether :func:`candidates` holds a valid reading, stopping at the first one found and
    building no items (the 听 hint asks this for many tiles)."""
    lan = _shisanlan(s, h)
    if lan is not None and not lan.reason:
        return True
    if held_gangpai(s, h):
        return False
    return any(_reading_valid(s, h, d, g) for d, g in _readings(h, lazy=True))


def candidates(s: Situation, h: WinHand) -> tuple[list[Candidate], str]:
    """Every reading of the hand, and why none exists when the list is empty."""
    out: list[Candidate] = []
    lan = _shisanlan(s, h)
    if lan is not None:
        out.append(lan)
    gang = held_gangpai(s, h)
    if gang:
        return out, f"the hand holds 杠牌 {format_tiles(gang)}; a hand holding a 杠牌 cannot win (expose it)"
    fixed = _fixed_items(s, h)
    out += [_score_reading(s, h, d, g, fixed) for d, g in _readings(h)]
    if out:
        return out, ""
    if any(m.type == "wildkong" for m in h.melds):
        return out, "直叫: the tiles besides the replacement do not form complete sets"
    return out, f"not a complete hand: {format_tiles(h.concealed)} does not form sets and a pair"


def best_fan(s: Situation, h: WinHand) -> int | None:
    """The total of the best valid candidate of :func:`candidates` (what ``settle`` pays on, its
    ``extra["fan"]``), or None when no candidate is valid; the mode-B suit limit is the caller's.

    The strong bot scores thousands of candidate wins a hand and needs only that number, so this
    walks the same readings (:func:`_readings`) under the same rules without building any item,
    note or notation (the format_tiles of the 跑风 notes and of the items were most of a scoring's
    cost). Each part of a reading's total is worked out as :func:`_score_reading`, :func:`_always` and
    :func:`_fixed_items` work it out: what does not depend on the reading (the fixed items, 门清, the
    melds' winds and ranks, the rules on wilds) once, what depends on the decomposition only (the 天胡
    family, 碰碰胡, 风, 一龙) once per decomposition, and only 跑风 per placement of the winning tile
    (placements repeated within a decomposition change no maximum). Tiles are read with arithmetic,
    not through majiang.tiles' helpers (plain Python, slow to call from the compiled module).
    ``tests/test_anqing_scoring_fan.py`` checks it against ``settle`` on random hands of every shape."""
    best: int | None = None
    melds = h.melds
    if not melds:
        lan = _shisanlan(s, h)
        if lan is not None and not lan.reason:
            best = lan.total
    if held_gangpai(s, h):
        return best
    wild = h.wild
    stand_in = h.stand_in
    gangpai = h.gangpai
    # _fixed_items: 摸牌天胡, 地胡, 杠开, kongs, 杠牌 (their values), then mode B's suit items
    fixed = (30 if s.opening_hand else 0) + (30 if s.first_draw else 0) + len(h.gangpai_exposed)
    if s.win_by == "replacement":
        fixed += gangkai_fan(s.kongs_before)
    zhijiao = False
    claimed = False
    no_chi = True
    winds = 0  # wind pungs among the melds (风)
    ranks = [0, 0, 0]  # a bit per rank held, per suit (一龙), the melds' first
    for m in melds:
        kind = m.type
        if kind == "wildkong":
            zhijiao = True
            fixed += 1  # 钻杠
            continue
        f0 = m.face[0]
        if kind in KONGS and f0 not in gangpai:
            fixed += (2 if kind == "angang" else 1) + (27 <= f0 < 31)
        if kind in CLAIMED:
            claimed = True
        if kind == "chi":
            no_chi = False
        if kind == "peng" and 27 <= f0 < 31 and f0 not in gangpai:
            winds += 1
        for t in m.face:
            if t < 27:
                ranks[t // 9] |= 1 << (t % 9)
    if s.options.mode == "B":
        fixed += sum(i.value for i in _suit_items(s, h, as_themselves=False))
    menqing = 0 if claimed else 3
    held = h.concealed.count(wild)
    on_wild = h.winning_tile == wild
    wilds_held = held - on_wild
    four_wilds = held + 2 * zhijiao == 4
    face = wild if h.winning_tile == stand_in else h.winning_tile
    valid_with = not _rule_reason(s, h, True)  # (the rules on wilds ask only whether there is 跑风)
    valid_without = not _rule_reason(s, h, False)
    counts = [0] * 34
    for t in h.concealed:
        if t != wild:
            counts[wild if t == stand_in else t] += 1
    regular_family: list[Family] | None = None
    for d in decompositions(counts, held + zhijiao, seven_pairs=not melds):
        groups = d.groups
        regular = d.form == "regular"
        w = winds
        r = list(ranks)
        all_pungs = regular and no_chi
        for i, g in enumerate(groups):
            tiles = g.tiles
            t0 = tiles[0]
            if g.kind == "pung":
                if 27 <= t0 < 31 and t0 not in gangpai:
                    w += 1
            elif regular and i < len(groups) - 1:
                all_pungs = False  # a chow among the sets
            for t in tiles:
                if t < 27:
                    r[t // 9] |= 1 << (t % 9)
        always = fixed + w + (10 if 0b111111111 in r else 0)
        if regular:
            if regular_family is None:
                regular_family = _family(s, h, d, four_wilds)
            family = regular_family
        else:
            family = _family(s, h, d, four_wilds)
        if family:
            top = max(family, key=lambda f: f.item.value)
            total = top.item.value + always
            # (a reading counts once the winning tile has a place in it: _readings)
            if (best is None or total > best) and (valid_with if top.has_paofeng else valid_without) and \
                    _placed_anywhere(d, face, zhijiao, on_wild):
                best = total
            continue
        base = (3 if all_pungs else 0) + menqing + always
        if (best is None or base + 6 > best) and valid_with:
            if zhijiao or (all_pungs and wilds_held == 0):
                if _placed_anywhere(d, face, zhijiao, on_wild):
                    best = base + 6
                    continue
            elif not on_wild and any(_holds(g, face) and _paofeng_shape(g, face) for g in groups):
                best = base + 6
                continue
        if (best is None or base > best) and valid_without and not (zhijiao or (all_pungs and wilds_held == 0)) and \
                (on_wild or any(_holds(g, face) and not _paofeng_shape(g, face) for g in groups)):
            best = base
    return best


def _holds(g: Group, face: int) -> bool:
    """Whether the winning tile (natural ``face``) may have completed group ``g`` (_readings)."""
    tiles, wild = g.tiles, g.wild
    return any(tiles[k] == face and not wild[k] for k in range(len(tiles)))


def _placed_anywhere(d: Decomposition, face: int, zhijiao: bool, on_wild: bool) -> bool:
    """Whether :func:`_readings` yields decomposition ``d`` at all (some group may take the winning tile)."""
    if zhijiao:
        pair = d.groups[-1]
        return (on_wild and pair.jokers == 2) or (not on_wild and pair.jokers == 1 and face in pair.tiles)
    return on_wild or any(_holds(g, face) for g in d.groups)
