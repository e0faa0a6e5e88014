"""Events the engine emits. Some carry private tiles; :func:`redact` makes the copy a
given seat may see. Nothing leaves the engine without passing through it (or
through the engine's ``seat_view``)."""

from __future__ import annotations

from typing import Literal

import msgspec

from majiang.core.settlement import Settlement


class HandStarted(msgspec.Struct, frozen=True, tag="hand_started"):
    hand_no: int
    dealer: int
    streak: int
    dice: tuple[int, ...]
    seed_hash: str  # SHA-256 of the seed; the seed itself is revealed when the hand ends
    wall_size: int
    indicator: int | None = None  # Anqing: the tile turned up (翻牌); public
    wild: int | None = None
    stand_in: int | None = None
    gangpai: tuple[int, ...] = ()
    dealer_dice: tuple[int, ...] = ()  # hand 1: the dice that picked the first dealer (Anqing), if any
    round_wind: int = 0  # 圈风: 0 东 1 南 2 西 3 北; each seat's wind is (seat - dealer) % 4
    wilds: tuple[int, ...] = ()  # every wild kind, where there are several (百搭)


class Dealt(msgspec.Struct, frozen=True, tag="dealt"):
    seat: int
    tiles: tuple[int, ...]  # empty in another seat's copy
    count: int


class Drew(msgspec.Struct, frozen=True, tag="drew"):
    seat: int
    tile: int | None  # None in another seat's copy
    source: Literal["wall", "replacement", "haidi"]
    wall_left: int


class Discarded(msgspec.Struct, frozen=True, tag="discarded"):
    seat: int
    tile: int
    declared: bool = False  # 报听 with this discard
    tsumogiri: bool = False  # the tile just drawn


class Claimed(msgspec.Struct, frozen=True, tag="claimed"):
    seat: int
    kind: Literal["chi", "peng", "kong"]
    tile: int  # the discard taken
    tiles: tuple[int, ...]  # the whole meld, physical tiles
    from_seat: int


class ConcealedKong(msgspec.Struct, frozen=True, tag="concealed_kong"):
    seat: int
    tiles: tuple[int, ...]  # empty in another seat's copy: 暗杠 lies face down


class AddedKong(msgspec.Struct, frozen=True, tag="added_kong"):
    seat: int
    tile: int


class WildKonged(msgspec.Struct, frozen=True, tag="wild_konged"):
    seat: int
    tiles: tuple[int, ...]


class Exposed(msgspec.Struct, frozen=True, tag="exposed"):
    """A 杠牌 laid open (Anqing), followed by a replacement draw."""

    seat: int
    tile: int


class Passed(msgspec.Struct, frozen=True, tag="passed"):
    seat: int


class Won(msgspec.Struct, frozen=True, tag="won"):
    seat: int
    tile: int
    self_draw: bool
    from_seat: int | None = None


class HandEnded(msgspec.Struct, frozen=True, tag="hand_ended"):
    draw: bool  # 荒庄
    settlement: Settlement
    hands: tuple[tuple[int, ...], ...]  # every seat's concealed tiles, revealed at the end
    concealed_kongs: tuple[tuple[tuple[int, ...], ...], ...]
    seed: str  # the hand's seed, so anyone can rebuild the wall


Event = (
    HandStarted
    | Dealt
    | Drew
    | Discarded
    | Claimed
    | ConcealedKong
    | AddedKong
    | WildKonged
    | Exposed
    | Passed
    | Won
    | HandEnded
)


def redact(event: Event, seat: int | None) -> Event:
    """The copy of ``event`` that ``seat`` may see (``None``: a spectator, who sees only public parts)."""
    match event:
        case Dealt() if event.seat != seat:
            return Dealt(seat=event.seat, tiles=(), count=event.count)
        case Drew() if event.seat != seat and event.tile is not None:
            return Drew(seat=event.seat, tile=None, source=event.source, wall_left=event.wall_left)
        case ConcealedKong() if event.seat != seat:
            return ConcealedKong(seat=event.seat, tiles=())
    return event


def event_to_builtins(event: Event) -> dict[str, object]:
    return msgspec.to_builtins(event)  # type: ignore[no-any-return]
