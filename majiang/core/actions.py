"""Typed actions a seat can take. They serialize to JSON as ``{"type": "discard", "tile": 5}``.

Actions carry *physical* tile ids: where a stand-in (Anqing's 红中) plays as another
tile, the action names the physical tiles taken from the hand, so there is never
doubt which tiles left it.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from majiang.tiles import format_tiles


class Discard(msgspec.Struct, frozen=True, tag="discard"):
    tile: int


class Declare(msgspec.Struct, frozen=True, tag="declare"):
    """报听: declare ready and discard ``tile`` in one move (Hefei 报听 rooms)."""

    tile: int


class Chi(msgspec.Struct, frozen=True, tag="chi"):
    tiles: tuple[int, int]  # the two tiles from the hand that join the discard


class Peng(msgspec.Struct, frozen=True, tag="peng"):
    tiles: tuple[int, int]


KongKind = Literal["exposed", "concealed", "added"]


class Kong(msgspec.Struct, frozen=True, tag="kong"):
    kind: KongKind  # exposed 明杠 (on a discard), concealed 暗杠, added 加杠 (onto an own peng)
    tiles: tuple[int, ...]  # tiles taken from the hand: 3 (exposed), 4 (concealed) or 1 (added)


class WildKong(msgspec.Struct, frozen=True, tag="wildkong"):
    """Anqing 直叫: kong the two wilds (the held lone wild and the one just drawn)."""


class Expose(msgspec.Struct, frozen=True, tag="expose"):
    """Expose a held 杠牌 (Anqing) and draw a replacement from the tail."""

    tile: int


class Win(msgspec.Struct, frozen=True, tag="win"):
    pass


class Pass(msgspec.Struct, frozen=True, tag="pass"):
    pass


Action = Discard | Declare | Chi | Peng | Kong | WildKong | Expose | Win | Pass

_decoder = msgspec.json.Decoder(Action)
_converter_type = Action


def action_from_json(data: bytes | str) -> Action:
    """Decode one action; raises msgspec.ValidationError/DecodeError naming the fault."""
    return _decoder.decode(data)


def action_from_builtins(obj: object) -> Action:
    return msgspec.convert(obj, _converter_type)


def action_to_builtins(action: Action) -> dict[str, object]:
    return msgspec.to_builtins(action)  # type: ignore[no-any-return]


def describe(action: Action) -> str:
    """A short human description, e.g. ``discard 5m`` or ``peng 5m5m``."""
    match action:
        case Discard(tile) | Declare(tile) | Expose(tile):
            name = type(action).__name__.lower()
            return f"{name} {format_tiles([tile])}"
        case Chi(tiles) | Peng(tiles):
            return f"{type(action).__name__.lower()} {format_tiles(tiles)}"
        case Kong(kind, tiles):
            return f"kong ({kind}) {format_tiles(tiles)}"
        case WildKong():
            return "wild kong (直叫)"
        case Win():
            return "win"
        case Pass():
            return "pass"
    raise TypeError(f"not an action: {action!r}")
