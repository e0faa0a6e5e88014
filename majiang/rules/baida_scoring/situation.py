"""The 百搭 winning situation: what the engine (or a JSON file) tells scoring, and its validation.

An impossible situation raises ``ValueError`` naming the field and the fault (the CLI exits 2 on it);
whether a possible situation is a *win* is :func:`majiang.rules.baida_scoring.score`'s business.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from majiang.core.options import described
from majiang.tiles import TileError, format_tiles, parse_tiles

__all__ = ["BaidaOptions", "Meld", "PlainIndicator", "Situation", "WinHand", "parse_situation", "validate", "wilds_of"]

SEATS = range(4)
WINDS = ("E", "S", "W", "N")
FLOWER_GROUPS = (range(34, 38), range(38, 42))  # 春夏秋冬, 梅兰竹菊
MeldType = Literal["chi", "peng", "minggang", "angang", "jiagang"]


class BaidaOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table's choices that change a hand's 台 or its payment (docs/rules/baida.md). The table's own
    options (majiang.rules.options.BaidaRules) extend these."""

    # also the four copies of the tile after the indicator are 百搭
    seven_baida: Annotated[bool, described(
        "七百搭", "Seven wilds",
        "翻牌的下一张牌四张也做百搭（共七张）；四百搭 2 台，七张全有 20 台。",
        "The four copies of the tile after the indicator are 百搭 too (seven in all); 4 of them 2 台, all 7 20 台."
    )] = False
    # 起胡: the fewest 台 a win needs
    min_tai: Annotated[int, described(
        "起胡台数", "Minimum tai",
        "胡牌至少要有几台（平胡算 1 台）。",
        "The fewest 台 a win needs (a plain hand is 1 台)."
    )] = 1
    # 庄 is 1 + the hands the dealer has kept the deal (off: always 1)
    dealer_streak: Annotated[bool, described(
        "连庄加台", "Dealer streak",
        "庄家胡牌 1 台，每连一庄再加 1 台；关掉则庄家只算 1 台。",
        "A dealer's win is 1 台 plus 1 per hand he has kept the deal; off: always 1."
    )] = True
    # 底
    di: Annotated[int, described(
        "底", "Stake",
        "每台的底分：放冲者付 2 × 底 × 台，自摸三家各付 底 × 台。",
        "The stake per 台: a discarder pays 2 × stake × 台; on a self-draw each other seat pays stake × 台."
    )] = 1
    # pay 底 × 2^(台 − 1) instead of 底 × 台
    doubling: Annotated[bool, described(
        "翻倍计分", "Doubling",
        "按 底 × 2^(台−1) 付，而不是 底 × 台（配合封顶，默认 5 台）。",
        "Pay stake × 2^(台−1) instead of stake × 台 (with a cap, 5 台 unless set)."
    )] = False
    # 封顶 in 台 (0: none when linear, 5 when doubling)
    cap: Annotated[int, described(
        "封顶", "Cap",
        "最多算几台；0 表示不封顶（翻倍计分时为 5 台）。",
        "The most 台 a win counts; 0: no cap (5 台 with doubling)."
    )] = 0

    @property
    def cap_tai(self) -> int:
        """The cap in force (0: none)."""
        return self.cap or (5 if self.doubling else 0)

class Meld(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    type: MeldType
    tiles: str  # as they lie, e.g. "345m", "777p", "1111z"
    from_seat: int | None = None  # who discarded the claimed tile (chi/peng/明杠/加杠)


# The indicator's own tile is a plain tile, not a 百搭 (only "the other three copies" are): "" the winner
# does not hold it; "held" one of the concealed tiles of its kind is it; "winning_tile" the winner drew it
# as the winning tile (self-drawn).
PlainIndicator = Literal["", "held", "winning_tile"]


class Situation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player's claimed win. Seats are 0–3, the dealer is 东; tiles in compact notation."""

    ruleset: Literal["baida"] = "baida"
    indicator: str  # the tile turned up (翻牌): decides the 百搭
    round_wind: Literal["E", "S", "W", "N"] = "E"  # 圈风
    dealer: int
    streak: int = 0  # hands the dealer has kept the deal before this one
    winner: int
    concealed: str  # the concealed tiles, winning tile included: 14 − 3 × melds
    melds: list[Meld] = []
    flowers: str = ""  # the flowers the winner has laid open (补花)
    winning_tile: str
    how: Literal["self_draw", "discard", "rob_kong"]
    from_seat: int | None = None  # the discarder, or the seat whose 加杠 was robbed
    replacement: bool = False  # won on the replacement after a kong or a 补花 (杠开)
    last_tile: bool = False  # won on the last tile of the wall (海底捞月)
    opening_hand: bool = False  # the dealer's opening hand, before his first discard (天胡)
    dealer_first_discard: bool = False  # won on the dealer's first discard (地胡)
    plain_indicator: PlainIndicator = ""  # the indicator's own tile among the concealed ones (see above)
    options: BaidaOptions = BaidaOptions()
    note: str = ""  # free text for people; ignored by scoring


def next_kind(t: int) -> int:
    """The tile after ``t`` in the 翻牌 order: suits 9→1, 东→南→西→北→东, 中→发→白→中, flowers in their group."""
    if t < 27:
        return t - t % 9 + (t % 9 + 1) % 9
    if t < 31:
        return 27 + (t - 27 + 1) % 4
    if t < 34:
        return 31 + (t - 31 + 1) % 3
    g = 34 if t < 38 else 38
    return g + (t - g + 1) % 4


def wilds_of(indicator: int, seven: bool = False) -> frozenset[int]:
    """The 百搭 kinds an indicator makes: its own kind (the other copies), or the other three flowers of
    its group; with ``seven`` also the kind after it (which, for a flower, is one of those three)."""
    if indicator >= 34:
        g = FLOWER_GROUPS[0] if indicator < 38 else FLOWER_GROUPS[1]
        return frozenset(f for f in g if f != indicator)
    return frozenset({indicator, next_kind(indicator)} if seven else {indicator})


class WinHand(NamedTuple):
    """A validated situation's tiles as ids."""

    wilds: frozenset[int]
    natural: list[int]  # 34 counts: the concealed tiles that play as themselves (a claimed 百搭 does)
    jokers: int  # the 百搭 in the concealed part, each standing for any tile
    melds: list[tuple[MeldType, tuple[int, ...]]]  # (type, tiles)
    flowers: list[int]
    winning_tile: int
    winning_natural: bool  # the winning tile plays as its face (not a 百搭 drawn)


def _tiles(field: str, text: str) -> list[int]:
    try:
        return parse_tiles(text)
    except TileError as e:
        raise ValueError(f"{field}: {e}") from None


def _check_meld(m: Meld, tiles: list[int]) -> None:
    if any(t >= 34 for t in tiles):
        raise ValueError(f"melds: {m.tiles}: a flower is never part of a meld")
    if m.type == "chi":
        ok = len(tiles) == 3 and tiles[0] < 27 and tiles[0] // 9 == tiles[2] // 9 and \
            sorted(tiles) == [tiles[0], tiles[0] + 1, tiles[0] + 2]
        if not ok:
            raise ValueError(f"melds: chi {m.tiles} is not three tiles in a row of one suit")
    else:
        size = 3 if m.type == "peng" else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            raise ValueError(f"melds: {m.type} {m.tiles} must be {size} of one tile")
    claimed = m.type != "angang"
    if claimed and (m.from_seat is None or m.from_seat not in SEATS):
        raise ValueError(f"melds: {m.type} {m.tiles} needs the seat it was claimed from (0-3)")
    if not claimed and m.from_seat is not None:
        raise ValueError(f"melds: angang {m.tiles} is not claimed from anyone")


def _check_claim(m: Meld, tiles: list[int], wilds: frozenset[int], winner: int) -> None:
    """What the table never allows, refused as impossible (docs/rules/baida.md): a 百搭 never helps to
    peng or kong (a claimed 百搭 plays as its face, but the claimer's copies of that kind are 百搭, and a
    百搭 kind has no 暗杠 either), and a chi is taken from the 上家 only."""
    if m.type != "chi" and tiles[0] in wilds:
        raise ValueError(f"melds: {m.type} {m.tiles}: {format_tiles(tiles[:1])} is a 百搭 this hand, and a 百搭 "
                         "never helps to peng or kong")
    if m.type == "chi" and m.from_seat is not None and m.from_seat != (winner - 1) % 4:
        raise ValueError(f"melds: chi {m.tiles} from seat {m.from_seat}: a chi is taken from the 上家 only "
                         f"(seat {(winner - 1) % 4} for winner {winner})")


def validate(s: Situation) -> WinHand:
    """Check ``s`` is a possible situation (not that it is a win); return its tiles."""
    for field in ("dealer", "winner"):
        if getattr(s, field) not in SEATS:
            raise ValueError(f"{field}: seat {getattr(s, field)} out of range (0-3)")
    if s.streak < 0:
        raise ValueError(f"streak: hands the dealer kept the deal, at least 0, got {s.streak}")
    o = s.options
    if o.min_tai < 1 or o.di < 1 or o.cap < 0:
        raise ValueError("options: min_tai and di are at least 1, cap at least 0")
    ind = _tiles("indicator", s.indicator)
    if len(ind) != 1:
        raise ValueError(f"indicator: one tile, got {s.indicator!r}")
    wilds = wilds_of(ind[0], o.seven_baida)
    concealed = _tiles("concealed", s.concealed)
    win = _tiles("winning_tile", s.winning_tile)
    if len(win) != 1:
        raise ValueError(f"winning_tile: one tile, got {s.winning_tile!r}")
    w = win[0]
    if w not in concealed:
        raise ValueError(f"winning_tile {s.winning_tile} is not in the concealed hand (include it)")
    melds = []
    for m in s.melds:
        tiles = _tiles("melds", m.tiles)
        _check_meld(m, tiles)
        _check_claim(m, tiles, wilds, s.winner)
        melds.append((m.type, tuple(tiles)))
    if len(melds) > 4:
        raise ValueError(f"melds: {len(melds)} melds is impossible (at most 4)")
    want = 14 - 3 * len(melds)
    if len(concealed) != want:
        raise ValueError(f"concealed: {len(concealed)} tiles with {len(melds)} meld(s); a winning hand holds {want}")
    flowers = _tiles("flowers", s.flowers)
    if any(f < 34 for f in flowers):
        raise ValueError(f"flowers: {s.flowers} holds a tile that is not a flower")
    if any(f in wilds for f in flowers):
        raise ValueError(f"flowers: a flower that is a 百搭 is kept in the hand, never laid open ({s.flowers})")
    everything = concealed + [t for _, ts in melds for t in ts] + flowers
    for t in set(everything):
        limit = 1 if t >= 34 else 4
        if everything.count(t) > limit:
            raise ValueError(f"{everything.count(t)} copies of {format_tiles([t])} (at most {limit})")
    stray = [t for t in concealed if t >= 34 and t not in wilds]
    if stray:
        raise ValueError(f"concealed: flower {format_tiles(stray)} is not a 百搭: it would have been laid open (补花)")
    if s.how == "self_draw":
        if s.from_seat is not None:
            raise ValueError("from_seat: a self-drawn win has no discarder")
    else:
        if s.from_seat not in SEATS or s.from_seat == s.winner:
            raise ValueError(f"from_seat: a {s.how} win needs another seat (0-3) than the winner")
        if w >= 34:
            raise ValueError("winning_tile: a discarded flower cannot be claimed")
    if s.replacement and s.how != "self_draw":
        raise ValueError("replacement: 杠开 is a self-drawn win on a replacement tile")
    if s.opening_hand and (s.how != "self_draw" or s.winner != s.dealer or melds):
        raise ValueError("opening_hand: 天胡 is the dealer's own opening hand, self-drawn, with no meld")
    if s.dealer_first_discard and (s.how != "discard" or s.from_seat != s.dealer or s.winner == s.dealer):
        raise ValueError("dealer_first_discard: 地胡 is another seat winning on the dealer's discard")
    plain = s.plain_indicator
    if plain:
        i = ind[0]
        if i >= 34:
            raise ValueError("plain_indicator: a flower indicator is laid open when drawn (it is no 百搭)")
        if plain == "winning_tile" and (s.how != "self_draw" or w != i):
            raise ValueError(f"plain_indicator: winning_tile is a self-drawn win on the indicator's own tile "
                             f"(winning_tile {s.indicator}, how self_draw)")
        besides = plain == "held" and w == i  # the winning tile is another copy: a 百搭 drawn, or claimed
        if concealed.count(i) - besides < 1:
            raise ValueError(f"plain_indicator: the concealed hand holds no {s.indicator}"
                             + (" besides the winning tile" if besides else ""))
    # the winning tile plays as its face: claimed, or the plain indicator drawn (not a 百搭 drawn)
    natural_win = s.how != "self_draw" or w not in wilds or plain == "winning_tile"
    natural = [0] * 34
    jokers = 0
    for t in concealed:
        if t in wilds:
            jokers += 1
        else:
            natural[t] += 1
    if natural_win and w in wilds:  # a claimed 百搭 plays as its own face (or it is the plain indicator)
        jokers -= 1
        natural[w] += 1
    if plain == "held":  # the indicator's own tile, besides the winning tile: itself
        jokers -= 1
        natural[ind[0]] += 1
    return WinHand(wilds, natural, jokers, melds, flowers, w, natural_win)


def parse_situation(data: dict[str, Any]) -> Situation:
    """A decoded JSON object to a validated :class:`Situation`; ``ValueError`` names any fault."""
    if not isinstance(data, dict):
        raise ValueError("a situation is a JSON object")
    try:
        situation = msgspec.convert(data, Situation)
    except msgspec.ValidationError as e:
        raise ValueError(str(e)) from None
    validate(situation)
    return situation
