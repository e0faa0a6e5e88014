"""The Anqing winning situation: what the engine (or a JSON file) tells scoring, and its validation.

Everything an impossible situation can get wrong raises ``ValueError`` naming the field and the fault, so the
CLI can exit 2 and the engine finds its own bugs early. Whether a *valid* situation is a *win* is not decided
here (that is :func:`majiang.rules.anqing_scoring.score`): a non-win is a normal outcome, not bad input.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from majiang.core.options import described
from majiang.rules.anqing_scoring.wilds import gangpai_of, stand_in_of, wild_of
from majiang.tiles import TileError, format_tiles, is_suit, parse_tile, parse_tiles, suit

__all__ = ["AnqingOptions", "Kou", "Meld", "Situation", "WinHand", "hand_of", "parse_situation", "validate"]

SEATS = range(4)
MeldType = Literal["chi", "peng", "minggang", "angang", "jiagang", "wildkong"]
CLAIMED = frozenset({"chi", "peng", "minggang", "jiagang"})  # each one is a 口 from its from_seat
KONGS = frozenset({"minggang", "angang", "jiagang"})


class AnqingOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table variants that change a score; defaults are our reading (docs/rules/anqing.md). The
    table's own options (majiang.rules.options.AnqingRules) extend these."""

    # A 不打缺 (chi from 上家, no suit limit), B 打缺 (no chi, at most two suits)
    mode: Annotated[Literal["A", "B"], described(
        "玩法", "Mode",
        "不打缺可吃上家；打缺不吃牌，胡牌时万筒条最多留两门。",
        "A: chi from the left player allowed; B: no chi, at most two of the three suits when winning.",
        choices={"A": ("不打缺", "A: all suits"), "B": ("打缺", "B: two suits at most")}
    )] = "A"
    # the 3/6/12/15 番 between the kept dealer and each other seat
    lianzhuang_bonus: Annotated[bool, described(
        "连庄加番", "Streak bonus",
        "庄家连庄时，庄闲之间每笔另加 3/6/12/15 番。",
        "While the dealer keeps the deal, payments between him and others add 3/6/12/15 番."
    )] = True
    # No chi at all (seed 001's flow); mode B never chis anyway (the table passes no_chi in mode B).
    no_chi: Annotated[bool, described(
        "不可吃牌", "No chi",
        "只许碰、杠，不许吃（另一份规则的打法）。",
        "Pung and kong only, no chi, even in mode A (as the second rule text plays it)."
    )] = False
    # Mode B only: a 杠牌 may be kept as an ordinary honor (it then scores nothing). Ignored in mode A.
    keep_gangpai: Annotated[bool, described(
        "打缺可留杠牌", "Keep kong tiles in B",
        "打缺时发、白可不亮出，当普通字牌用（不算钱）。",
        "In mode B a 杠牌 (发/白) may be kept as an ordinary honor tile; it then earns nothing."
    )] = True
    # 十三烂/七星归位: a wild held as its own face (东 as 东) is allowed; strict rules out any wild held.
    shisanlan_strict: Annotated[bool, described(
        "十三烂不许有钻", "Strict 13-apart",
        "手中有任何钻牌都不能成十三烂/七星归位；默认钻牌当本身（如东当东）可以。",
        "Any wild held rules out 十三烂/七星归位; by default a wild held as its own face (东 as 东) is fine."
    )] = False
    # 顺包/反包: the multiplied amount is the dealer's (底 8 + 4k and the 连庄 bonus), "跟庄家算";
    # off: the payer's own amount.
    bao_dealer_rate: Annotated[bool, described(
        "包牌按庄家算", "Bao at dealer rate",
        "顺包、反包的金额先按庄家的底与连庄算，再乘倍数；关闭则按付款人自己的金额。",
        "Bao and reverse bao (顺包/反包) amounts are worked out as the dealer's (base 8 + 4k and "
        "streak bonus), then multiplied; off: the payer's own amount."
    )] = True
    # 封顶: the most one payer pays the winner for one hand (0: no cap).
    cap: Annotated[int, described(
        "封顶", "Cap",
        "每家每局最多付这么多；0 表示不封顶。",
        "The most one player pays for one hand; 0 means no cap."
    )] = 0
    # 中 发 白 and 东 are flowers (seed 001): laid open like 杠牌, +1 each; 红中 is then no stand-in and 东 no
    # wind. The wild among them stays wild.
    flowers: Annotated[bool, described(
        "中发白东算花", "Dragons, East as flowers",
        "中、发、白和东风都算花：摸到即亮出补牌，每张 +1 番（钻牌本身除外）。",
        "The three dragons and East are flowers: laid open with a replacement when drawn, +1 fan each "
        "(the wild excepted)."
    )] = False
    # Mode B suit items; the texts name them but give no value.
    qingyise: Annotated[int, described(
        "清一色番数", "Full flush fan",
        "打缺时清一色（只有一门花色）的番数。",
        "Mode B: the fan for one suit only."
    )] = 10
    couyise: Annotated[int, described(
        "凑一色番数", "Half flush fan",
        "打缺时凑一色（一门花色加字牌）的番数。",
        "Mode B: the fan for one suit plus honours."
    )] = 5
    ziyise: Annotated[int, described(
        "字一色番数", "All honours fan",
        "打缺时字一色（全是字牌）的番数。",
        "Mode B: the fan for honours only."
    )] = 20

class Meld(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An exposed (or concealed-kong) set of the winner. ``from_seat``: whose discard was claimed."""

    type: MeldType
    tiles: str  # physical tiles: "345m", "555z" (红中 as stand-in), "66m" for a wildkong (the two W)
    from_seat: int | None = None  # chi/peng/minggang; for jiagang the seat the peng came from


class Kou(msgspec.Struct, frozen=True, forbid_unknown_fields=True, rename={"from_seat": "from", "to_seat": "to"}):
    """口: how many chi/peng/明杠 ``to`` made this hand from ``from``'s discards."""

    from_seat: int
    to_seat: int
    count: int
    all_peng_or_kong: bool = False


class Situation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player's self-drawn win. Seats are 0-3; tiles in compact notation (``"234m55p"``)."""

    ruleset: Literal["anqing"] = "anqing"
    options: AnqingOptions = AnqingOptions()
    base_silver: int = 1  # 基础银子
    indicator: str  # the turned-up tile (翻牌); the wild is the next one
    dealer: int
    streak: int = 0  # k: deals the dealer has kept in a row (0 on a fresh deal)
    winner: int
    concealed: str  # physical concealed tiles, winning tile included
    melds: list[Meld] = []
    gangpai: str = ""  # 杠牌 the winner exposed this hand
    winning_tile: str
    win_by: Literal["self_draw", "replacement"] = "self_draw"
    kongs_before: int = 0  # kongs / 杠牌 exposures in a row right before the winning replacement draw
    first_draw: bool = False  # a non-dealer's first draw, no claim yet at the table (地胡)
    opening_hand: bool = False  # the dealer's opening 14 (摸牌天胡)
    winner_discarded_wild: bool = False
    kou: list[Kou] = []  # 口 between seats; entries to the winner may be omitted (derived from melds)
    note: str = ""  # free text (examples carry their title here); scoring ignores it


class MeldTiles(NamedTuple):
    type: str
    tiles: tuple[int, ...]  # physical ids
    face: tuple[int, ...]  # what each tile plays as (红中 → the wild's face)
    from_seat: int | None


class WinHand(NamedTuple):
    """The ids of a validated situation, and the wild set-up they were read with."""

    wild: int
    stand_in: int | None
    gangpai: frozenset[int]
    concealed: tuple[int, ...]  # physical ids, winning tile included
    melds: tuple[MeldTiles, ...]
    gangpai_exposed: tuple[int, ...]
    winning_tile: int
    kou: dict[tuple[int, int], tuple[int, bool]]  # (from, to) -> (count, all peng/kong)

    def face(self, t: int) -> int:
        """The tile ``t`` plays as: 红中 is the wild's face when it is the stand-in."""
        return self.wild if t == self.stand_in else t


def _tiles(field: str, text: str) -> list[int]:
    try:
        tiles = parse_tiles(text)
    except TileError as e:
        raise ValueError(f"{field}: {e}") from None
    if any(t >= 34 for t in tiles):
        raise ValueError(f"{field}: Anqing has no flowers ({text!r})")
    return tiles


def _tile(field: str, text: str) -> int:
    try:
        t = parse_tile(text)
    except TileError as e:
        raise ValueError(f"{field}: {e}") from None
    if t >= 34:
        raise ValueError(f"{field}: Anqing has no flowers ({text!r})")
    return t


def _seat(field: str, seat: int | None) -> None:
    if seat not in SEATS:
        raise ValueError(f"{field}: seat {seat!r} is not 0-3")


def _meld(i: int, m: Meld, s: Situation, wild: int, stand_in: int | None, gangpai: frozenset[int]) -> MeldTiles:
    where = f"melds[{i}] ({m.type} {m.tiles})"
    tiles = tuple(_tiles(where, m.tiles))
    face = tuple(wild if t == stand_in else t for t in tiles)
    if m.type == "wildkong":
        if tiles != (wild, wild):
            raise ValueError(f"{where}: a wildkong (直叫) is the two wild tiles {format_tiles([wild, wild])}")
        if m.from_seat is not None:
            raise ValueError(f"{where}: a wildkong is made from the winner's own tiles, no from_seat")
        return MeldTiles(m.type, tiles, face, None)
    if wild in tiles:
        raise ValueError(f"{where}: a wild tile cannot be claimed or konged (only 直叫's wildkong)")
    kept = s.options.mode == "B" and s.options.keep_gangpai
    if gangpai & set(tiles) and not kept:
        raise ValueError(f"{where}: 杠牌 {format_tiles(sorted(gangpai & set(tiles)))} must be exposed, not melded")
    size = 3 if m.type in ("chi", "peng") else 4
    if len(tiles) != size:
        raise ValueError(f"{where}: a {m.type} has {size} tiles, got {len(tiles)}")
    if m.type == "chi":
        if s.options.mode == "B":
            raise ValueError(f"{where}: mode B (打缺) has no chi")
        if s.options.no_chi:
            raise ValueError(f"{where}: option no_chi: this table plays without chi")
        f = sorted(face)
        if not (all(is_suit(t) for t in f) and suit(f[0]) == suit(f[2]) and f[1] == f[0] + 1 and f[2] == f[0] + 2):
            raise ValueError(f"{where}: a chi is three consecutive tiles of one suit")
        if m.from_seat != (s.winner - 1) % 4:
            raise ValueError(f"{where}: chi only from the 上家 (seat {(s.winner - 1) % 4}), got {m.from_seat!r}")
    elif len(set(face)) != 1:
        raise ValueError(f"{where}: a {m.type} is {size} identical tiles")
    if m.type == "angang":
        if m.from_seat is not None:
            raise ValueError(f"{where}: an angang is concealed, no from_seat")
    else:
        _seat(f"{where} from_seat", m.from_seat)
        if m.from_seat == s.winner:
            raise ValueError(f"{where}: from_seat is the winner's own seat")
    return MeldTiles(m.type, tiles, face, m.from_seat)


def _check_flags(s: Situation, melds: tuple[MeldTiles, ...], exposed: tuple[int, ...]) -> None:
    kongs = sum(m.type in KONGS or m.type == "wildkong" for m in melds) + len(exposed)
    if s.win_by == "replacement":
        if not 1 <= s.kongs_before <= kongs:
            raise ValueError(
                f"kongs_before: a replacement win follows 1..{kongs} kongs/杠牌 exposures "
                f"(the hand has {kongs}), got {s.kongs_before}"
            )
    elif s.kongs_before:
        raise ValueError("kongs_before: only a replacement draw (win_by 'replacement') follows kongs")
    if any(m.type == "wildkong" for m in melds) and s.win_by != "replacement":
        raise ValueError("win_by: a wildkong (直叫) is always followed by a replacement draw")
    claimed = any(m.type in CLAIMED for m in melds)
    if s.opening_hand:
        if s.winner != s.dealer:
            raise ValueError("opening_hand: only the dealer wins on the opening 14")
        if claimed or s.first_draw:
            raise ValueError("opening_hand: nothing has been claimed before the dealer's opening win")
    if s.first_draw:
        if s.winner == s.dealer:
            raise ValueError("first_draw: 地胡 is a non-dealer's first draw; the dealer's is opening_hand")
        if claimed:
            raise ValueError("first_draw: no claim has been made yet, so the winner has no chi/peng/明杠")


def _kou(s: Situation, melds: tuple[MeldTiles, ...]) -> dict[tuple[int, int], tuple[int, bool]]:
    kou: dict[tuple[int, int], tuple[int, bool]] = {}
    for i, k in enumerate(s.kou):
        _seat(f"kou[{i}].from", k.from_seat)
        _seat(f"kou[{i}].to", k.to_seat)
        if k.from_seat == k.to_seat:
            raise ValueError(f"kou[{i}]: from and to are the same seat {k.from_seat}")
        if not 0 <= k.count <= 4:
            raise ValueError(f"kou[{i}]: count {k.count} is not 0-4 (a player makes at most four melds)")
        if (k.from_seat, k.to_seat) in kou:
            raise ValueError(f"kou[{i}]: a second entry from {k.from_seat} to {k.to_seat}")
        kou[(k.from_seat, k.to_seat)] = (k.count, k.all_peng_or_kong)
    # The winner's own melds say exactly what he claimed from whom; a listed entry must agree with them.
    for giver in SEATS:
        if giver == s.winner:
            continue
        mine = [m for m in melds if m.type in CLAIMED and m.from_seat == giver]
        derived = (len(mine), bool(mine) and all(m.type != "chi" for m in mine))
        listed = kou.get((giver, s.winner))
        if listed is not None and (listed[0] != derived[0] or (derived[0] and listed[1] != derived[1])):
            raise ValueError(
                f"kou: the entry from {giver} to the winner says {listed[0]} 口 (all peng/kong {listed[1]}) "
                f"but the winner's melds show {derived[0]} (all peng/kong {derived[1]})"
            )
        kou[(giver, s.winner)] = derived
    return kou


def hand_of(s: Situation) -> WinHand:
    """Parse and check every field of ``s``; raises ``ValueError`` naming the fault."""
    if s.ruleset != "anqing":
        raise ValueError(f"ruleset: expected 'anqing', got {s.ruleset!r}")
    if s.base_silver < 1:
        raise ValueError(f"base_silver: 基础银子 is at least 1, got {s.base_silver}")
    if s.streak < 0:
        raise ValueError(f"streak: the dealer's kept deals are 0 or more, got {s.streak}")
    if s.options.cap < 0:
        raise ValueError(f"options.cap: 封顶 is 0 (no cap) or a positive amount, got {s.options.cap}")
    for name in ("qingyise", "couyise", "ziyise"):
        if getattr(s.options, name) < 0:
            raise ValueError(f"options.{name}: a 番 value is 0 or more")
    _seat("dealer", s.dealer)
    _seat("winner", s.winner)
    indicator = _tile("indicator", s.indicator)
    flowers = s.options.flowers
    wild, stand_in, gangpai = wild_of(indicator), stand_in_of(indicator, flowers), gangpai_of(indicator, flowers)
    concealed = tuple(_tiles("concealed", s.concealed))
    winning = _tile("winning_tile", s.winning_tile)
    if winning not in concealed:
        raise ValueError(f"winning_tile {s.winning_tile} is not among the concealed tiles {s.concealed!r}")
    melds = tuple(_meld(i, m, s, wild, stand_in, gangpai) for i, m in enumerate(s.melds))
    exposed = tuple(_tiles("gangpai", s.gangpai))
    if any(t not in gangpai for t in exposed):
        names = format_tiles(sorted(gangpai))
        raise ValueError(f"gangpai: with indicator {s.indicator} only {names} are 杠牌, got {s.gangpai!r}")
    every = list(concealed) + [t for m in melds for t in m.tiles] + list(exposed)
    try:
        parse_tiles(format_tiles(every))  # at most four copies of a tile among everything the winner has
    except TileError as e:
        raise ValueError(f"the winner's tiles (concealed, melds, gangpai): {e}") from None
    sets = sum(m.type != "wildkong" for m in melds)
    if sets > 4:
        raise ValueError(f"melds: at most four sets are exposed, got {sets}")
    # A wildkong takes the pair's second tile (the replacement pairs with the W-kong), hence one tile fewer.
    want = 3 * (4 - sets) + 2 - any(m.type == "wildkong" for m in melds)
    if len(concealed) != want:
        raise ValueError(f"concealed: {len(concealed)} tiles with {len(melds)} melds; a winning hand has {want}")
    if sum(m.type == "wildkong" for m in melds) > 1:
        raise ValueError("melds: there are only four wilds, so at most one wildkong")
    _check_flags(s, melds, exposed)
    return WinHand(wild, stand_in, gangpai, concealed, melds, exposed, winning, _kou(s, melds))


def validate(s: Situation) -> Situation:
    hand_of(s)
    return s


def parse_situation(data: dict[str, Any]) -> Situation:
    """A situation from decoded JSON; ``ValueError`` with a message naming the fault."""
    if not isinstance(data, dict):
        raise ValueError("a situation is a JSON object")
    try:
        s = msgspec.convert(data, Situation)
    except msgspec.ValidationError as e:
        raise ValueError(str(e)) from None
    return validate(s)
