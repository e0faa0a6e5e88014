"""The 国标麻将 winning situation: what the engine (or a JSON file) tells scoring, and its validation.

An impossible situation raises ``ValueError`` naming the field and the fault (``majiang score`` exits 2
on it); whether a possible situation is a *win* worth 8 fans is
:func:`majiang.rules.guobiao_scoring.score`'s business.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, NamedTuple

import msgspec

from majiang.core.options import described
from majiang.tiles import TileError, format_tiles, parse_tiles

__all__ = ["WINDS", "GuobiaoOptions", "Meld", "Situation", "WinHand", "parse_situation", "validate"]

SEATS = range(4)
WINDS = ("E", "S", "W", "N")
Wind = Literal["E", "S", "W", "N"]
MeldType = Literal["chi", "peng", "minggang", "angang", "jiagang"]


class GuobiaoOptions(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The table's choices that change a hand's payment (docs/rules/guobiao.md). The table's own
    options (majiang.rules.options.GuobiaoRules) extend these."""

    # 底分: every seat pays it to the winner on top of the fans (the competition rules: 8)
    base: Annotated[int, described(
        "底分", "Base",
        "和牌者从每家各得底分；放炮者另付番数（自摸三家都付 底分 + 番数）。比赛规则为 8。",
        "The winner gets the base from every seat; the discarder also pays the fans (on a self-draw all "
        "three pay base + fans). The competition rules' base is 8."
    )] = 8
    # 起和番: the fewest fans a win needs, flowers not counted (the competition rules: 8)
    min_fan: Annotated[int, described(
        "起和番数", "Minimum fans",
        "和牌至少要几番，花牌不计（比赛规则为 8 番）。",
        "The fewest fans a win needs, flowers not counted (the competition rules: 8)."
    )] = 8


class Meld(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    type: MeldType
    tiles: str  # as they lie, e.g. "345m", "777p", "1111z"
    from_seat: int | None = None  # who discarded the claimed tile (chi/peng/明杠/加杠)
    claimed: str | None = None  # the tile taken (a chi's claimed tile; optional)


class Situation(msgspec.Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player's claimed win. Seats are 0–3; tiles in compact notation (flowers f1–f8)."""

    ruleset: Literal["guobiao"] = "guobiao"
    seat_wind: Wind = "E"  # 门风 of the winner
    prevalent_wind: Wind = "E"  # 圈风
    winner: int
    concealed: str  # the concealed tiles, winning tile included: 14 − 3 × melds
    melds: list[Meld] = []
    flowers: str = ""  # the flowers the winner has laid open (补花): 1 fan each, not toward the minimum
    winning_tile: str
    how: Literal["self_draw", "discard", "rob_kong"]
    from_seat: int | None = None  # the discarder, or the seat whose 加杠 was robbed
    kong_win: bool = False  # self-drawn on a kong's replacement (杠上开花)
    last_copy: bool = False  # the winning tile is the last of its kind: three are in sight (和绝张)
    last_tile: bool = False  # the wall's last tile drawn (妙手回春) or the discard after it (海底捞月)
    options: GuobiaoOptions = GuobiaoOptions()
    note: str = ""  # free text for people; ignored by scoring


class WinHand(NamedTuple):
    """A validated situation's tiles as ids (the concealed part without the winning tile)."""

    concealed: list[int]
    melds: list[tuple[MeldType, tuple[int, ...], int | None, int | None]]  # (type, tiles, from_seat, claimed)
    flowers: list[int]
    winning_tile: int


def _tiles(field: str, text: str) -> list[int]:
    try:
        return parse_tiles(text)
    except TileError as e:
        raise ValueError(f"{field}: {e}") from None


def _check_meld(m: Meld, tiles: list[int], winner: int) -> None:
    if any(t >= 34 for t in tiles):
        raise ValueError(f"melds: {m.tiles}: a flower is never part of a meld")
    if m.type == "chi":
        ok = len(tiles) == 3 and tiles[0] < 27 and sorted(tiles) == [tiles[0], tiles[0] + 1, tiles[0] + 2] \
            and tiles[0] // 9 == tiles[2] // 9
        if not ok:
            raise ValueError(f"melds: chi {m.tiles} is not three tiles in a row of one suit")
        if m.from_seat is not None and m.from_seat != (winner - 1) % 4:
            raise ValueError(f"melds: chi {m.tiles} from seat {m.from_seat}: a chi is taken from the 上家 only "
                             f"(seat {(winner - 1) % 4} for winner {winner})")
    else:
        size = 3 if m.type == "peng" else 4
        if len(tiles) != size or len(set(tiles)) != 1:
            raise ValueError(f"melds: {m.type} {m.tiles} must be {size} of one tile")
    claimed = m.type != "angang"
    if claimed and (m.from_seat is None or m.from_seat not in SEATS or m.from_seat == winner):
        raise ValueError(f"melds: {m.type} {m.tiles} needs the other seat (0-3) it was claimed from")
    if not claimed and m.from_seat is not None:
        raise ValueError(f"melds: angang {m.tiles} is not claimed from anyone")
    if m.claimed is not None:
        c = _tiles("melds.claimed", m.claimed)
        if len(c) != 1 or c[0] not in tiles:
            raise ValueError(f"melds: claimed {m.claimed!r} is not one tile of {m.tiles}")


def validate(s: Situation) -> WinHand:
    """Check ``s`` is a possible situation (not that it is a win); return its tiles."""
    if s.winner not in SEATS:
        raise ValueError(f"winner: seat {s.winner} out of range (0-3)")
    o = s.options
    if o.base < 0 or o.min_fan < 0:
        raise ValueError(f"options: base and min_fan are at least 0, got {o.base} and {o.min_fan}")
    concealed = _tiles("concealed", s.concealed)
    win = _tiles("winning_tile", s.winning_tile)
    if len(win) != 1:
        raise ValueError(f"winning_tile: one tile, got {s.winning_tile!r}")
    w = win[0]
    if w >= 34:
        raise ValueError("winning_tile: a flower is laid open and replaced, never won on")
    if w not in concealed:
        raise ValueError(f"winning_tile {s.winning_tile} is not in the concealed hand (include it)")
    melds: list[tuple[MeldType, tuple[int, ...], int | None, int | None]] = []
    for m in s.melds:
        tiles = _tiles("melds", m.tiles)
        _check_meld(m, tiles, s.winner)
        claimed = _tiles("melds.claimed", m.claimed)[0] if m.claimed else None
        melds.append((m.type, tuple(tiles), m.from_seat, claimed))
    if len(melds) > 4:
        raise ValueError(f"melds: {len(melds)} melds is impossible (at most 4)")
    want = 14 - 3 * len(melds)
    if len(concealed) != want:
        raise ValueError(f"concealed: {len(concealed)} tiles with {len(melds)} meld(s); a winning hand holds {want}")
    stray = [t for t in concealed if t >= 34]
    if stray:
        raise ValueError(f"concealed: {format_tiles(stray)} is a flower: it is laid open at once (补花)")
    flowers = _tiles("flowers", s.flowers)
    if any(f < 34 for f in flowers):
        raise ValueError(f"flowers: {s.flowers} holds a tile that is not a flower")
    everything = concealed + [t for _, ts, _, _ in melds for t in ts] + flowers
    for t in set(everything):
        limit = 1 if t >= 34 else 4
        if everything.count(t) > limit:
            raise ValueError(f"{everything.count(t)} copies of {format_tiles([t])} (at most {limit})")
    if s.how == "self_draw":
        if s.from_seat is not None:
            raise ValueError("from_seat: a self-drawn win has no discarder")
    else:
        if s.from_seat not in SEATS or s.from_seat == s.winner:
            raise ValueError(f"from_seat: a {s.how} win needs another seat (0-3) than the winner")
        if s.kong_win:
            raise ValueError("kong_win: 杠上开花 is self-drawn (a robbed kong is how=rob_kong)")
    if s.how == "rob_kong" and s.last_tile:
        raise ValueError("last_tile: a kong is never made on the last tile, so it cannot be robbed there")
    rest = list(concealed)
    rest.remove(w)
    return WinHand(sorted(rest), melds, flowers, w)


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
