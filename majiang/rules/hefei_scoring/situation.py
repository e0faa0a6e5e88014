"""The Hefei winning situation: what the engine (or a JSON file) tells scoring, and its validation.

Everything an impossible situation can get wrong raises ``ValueError`` naming the field and the fault, so the
CLI can exit 2 and the engine finds its own bugs early. Whether a *valid* situation is a *win* is not decided
here (that is :func:`majiang.rules.hefei_scoring.score`): a non-win is a normal outcome, not bad input.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from majiang.core.options import described
from majiang.tiles import TileError, format_tiles, parse_tiles, rank, tiles_to_counts

__all__ = ["HefeiOptions", "Situation", "WinHand", "hand_of", "parse_situation", "validate"]

SEATS = range(4)
SUIT_NAMES = ("万", "饼", "条")


class HefeiOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table variants that change a score, where the source text leaves room; defaults are our
    reading (docs/rules/hefei.md). The table's own options (majiang.rules.options.HefeiRules) extend these."""

    # "三张一样的牌在手": a triplet completed by another seat's discard is not 坎 (the third tile was not
    # in hand); the option counts it anyway.
    kan_from_discard: Annotated[bool, described(
        "点炮也算坎", "Kan from discards",
        "别人打出的牌凑成的刻子也算坎；默认只算手里的三张。",
        "A triplet completed by another player's discard counts as 坎; by default only three in hand do."
    )] = False
    # 卡 is judged on the decomposition ("只要能做成胡1张都算"); strict tables want a true one-tile wait.
    ka_single_wait: Annotated[bool, described(
        "卡须真单张", "Strict ka wait",
        "只有真的只听一张时才算卡；默认按拆法算。",
        "卡 counts only when the hand truly waited on one tile; by default it is judged on the grouping."
    )] = False
    # 缺一门 is +1 however many suits are absent; some tables pay it per absent suit.
    queyimen_per_suit: Annotated[bool, described(
        "缺一门按门算", "Void per suit",
        "每缺一门加 1 分；默认缺门只加 1 分。",
        "+1 for each absent suit; by default 缺一门 is +1 however many are absent."
    )] = False
    # Every seat's 暗杠 earns 2 from each other seat when the hand is won (void on 荒庄, "本局所有杠分无效"),
    # instead of the winner's 暗杠 being a 杠 item of his win.
    kong_points_all: Annotated[bool, described(
        "杠分人人算", "Kong points for all",
        "有人胡牌时，每家的暗杠各向其他三家收 2 分（荒庄作废）。",
        "When someone wins, every player's 暗杠 earns 2 from each other player (void on a drawn hand)."
    )] = False

class Situation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player's claimed win. Seats are 0-3; tiles in compact notation (``"234m55p"``)."""

    ruleset: Literal["hefei"] = "hefei"
    room: Literal["baoting", "bubaoting"]  # 报听 room (base 12) or 不报听 room (base 10)
    dealer: int
    lianzhuang: int = 1  # 连庄数, >= 1
    winner: int
    hand: str  # the concealed tiles, winning tile included: 14 - 3 x kongs tiles
    kongs: list[str] = []  # 暗杠, one tile each: ["5m", "7p"]
    winning_tile: str
    how: Literal["self_draw", "discard"]
    from_seat: int | None = None  # the discarder, for how == "discard" only
    declared: bool = False  # the winner declared 报听 (报听 room only)
    haidi: bool = False  # won by self-draw in the 海捞区 (the last four tiles)
    opening_hand: bool = False  # the dealer's opening 14, before any draw: 天胡
    first_round: bool = False  # still the first go-around: a non-dealer's self-draw is 地胡
    options: HefeiOptions = HefeiOptions()
    # With options.kong_points_all: how many 暗杠 each other seat has made, {"seat": count}.
    other_kongs: dict[int, int] = {}
    note: str = ""  # free text for humans (example files say what they show); ignored by scoring


class WinHand(NamedTuple):
    """The tiles of a validated situation as ids."""

    concealed: list[int]  # 34-count array of the concealed part (winning tile included)
    kongs: tuple[int, ...]  # tile id of each 暗杠
    winning_tile: int

    @property
    def full_counts(self) -> list[int]:
        """Every tile of the hand, each kong as four."""
        counts = list(self.concealed)
        for k in self.kongs:
            counts[k] += 4
        return counts


def parse_situation(data: dict[str, Any]) -> Situation:
    """A JSON object (already decoded) to a validated :class:`Situation`; ``ValueError`` names any fault."""
    if not isinstance(data, dict):
        raise ValueError("a situation is a JSON object")
    kongs = data.get("other_kongs")
    if isinstance(kongs, dict):  # JSON object keys are strings: {"3": 2} names seat 3
        try:
            data = data | {"other_kongs": {int(k): v for k, v in kongs.items()}}
        except ValueError:
            raise ValueError(f"other_kongs: keys are seats 0-3, got {list(kongs)}") from None
    try:
        situation = msgspec.convert(data, Situation)
    except msgspec.ValidationError as e:
        raise ValueError(str(e)) from None
    validate(situation)
    return situation


def _tiles(field: str, text: str) -> list[int]:
    try:
        tiles = parse_tiles(text)
    except TileError as e:
        raise ValueError(f"{field}: {e}") from None
    for t in tiles:
        if t >= 27 or not 2 <= rank(t) <= 8:
            raise ValueError(f"{field}: {format_tiles([t])} is not a Hefei tile (only 2-8 of m, p, s)")
    return tiles


def _kong_tile(text: str) -> int:
    tiles = _tiles("kongs", text)
    # Accept "5m" (the documented form) and the spelled-out "5555m".
    if len(tiles) == 1 or (len(tiles) == 4 and len(set(tiles)) == 1):
        return tiles[0]
    raise ValueError(f"kongs: {text!r} must name one tile, e.g. '5m'")


def hand_of(s: Situation) -> WinHand:
    """Tile ids of ``s``; raises ``ValueError`` like :func:`validate` (which it is part of)."""
    concealed = _tiles("hand", s.hand)
    kongs = tuple(_kong_tile(k) for k in s.kongs)
    win = _tiles("winning_tile", s.winning_tile)
    if len(win) != 1:
        raise ValueError(f"winning_tile: expected exactly one tile, got {s.winning_tile!r}")
    if len(kongs) > 4:
        raise ValueError(f"kongs: {len(kongs)} kongs is impossible (at most 4)")
    expected = 14 - 3 * len(kongs)
    if len(concealed) != expected:
        raise ValueError(
            f"hand: {len(concealed)} tiles with {len(kongs)} kong(s); a winning hand holds {expected} "
            "(14 - 3 x kongs, winning tile included)"
        )
    hand = WinHand(tiles_to_counts(concealed), kongs, win[0])
    for t, n in enumerate(hand.full_counts):
        if n > 4:
            raise ValueError(f"{n} copies of {format_tiles([t])} counting hand and kongs (at most 4)")
    if hand.concealed[win[0]] == 0:
        raise ValueError(f"winning_tile {s.winning_tile} is not in the concealed hand (include it in 'hand')")
    return hand


def validate(s: Situation) -> WinHand:
    """Check ``s`` is a possible situation (not that it is a win); return its tiles."""
    for field in ("dealer", "winner"):
        if getattr(s, field) not in SEATS:
            raise ValueError(f"{field}: seat {getattr(s, field)} out of range (0-3)")
    if s.lianzhuang < 1:
        raise ValueError(f"lianzhuang: 连庄数 is at least 1, got {s.lianzhuang}")
    if s.how == "discard":
        if s.from_seat is None:
            raise ValueError("from_seat: a discard win needs the discarder's seat")
        if s.from_seat not in SEATS:
            raise ValueError(f"from_seat: seat {s.from_seat} out of range (0-3)")
        if s.from_seat == s.winner:
            raise ValueError("from_seat: the winner cannot win on their own discard (use how=self_draw)")
    elif s.from_seat is not None:
        raise ValueError("from_seat: only a discard win has a discarder")
    for seat, n in s.other_kongs.items():
        if seat not in SEATS or seat == s.winner:
            raise ValueError(f"other_kongs: seat {seat} is not another seat than the winner {s.winner} (0-3)")
        if not 0 <= n <= 4:
            raise ValueError(f"other_kongs: seat {seat} has {n} kongs (0-4)")
    if s.other_kongs and not s.options.kong_points_all:
        raise ValueError("other_kongs: only counted with options.kong_points_all")
    if s.declared and s.room == "bubaoting":
        raise ValueError("declared: there is no 报听 in a 不报听 room")
    if s.haidi and s.how != "self_draw":
        raise ValueError("haidi: nobody discards in the 海捞区, a 海捞 win is a self-draw")
    if s.haidi and (s.opening_hand or s.first_round):
        raise ValueError("haidi: the 海捞区 cannot be reached in the first go-around")
    if s.opening_hand:
        if s.winner != s.dealer:
            raise ValueError("opening_hand: only the dealer holds an opening 14 (天胡)")
        if s.how != "self_draw":
            raise ValueError("opening_hand: the dealer's opening 14 is a self-draw, not a discard win")
        if s.kongs:
            raise ValueError("opening_hand: a kong draws a replacement, so the hand is no longer the opening 14")
    return hand_of(s)
