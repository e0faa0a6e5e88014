"""The frozen pieces a seat shows: its melds and its river (msgspec structs, so not compiled:
mypyc replaces the annotations of the classes it compiles, which msgspec cannot read)."""

from __future__ import annotations

from typing import Literal

import msgspec

MeldKind = Literal["chi", "peng", "kong_exposed", "kong_concealed", "kong_added", "wildkong"]
KONG_KINDS = ("kong_exposed", "kong_concealed", "kong_added", "wildkong")


class Meld(msgspec.Struct, frozen=True):
    kind: MeldKind
    tiles: tuple[int, ...]  # physical tiles, ascending by logical value
    from_seat: int | None = None  # who discarded the claimed tile (chi/peng/明杠; kept for 加杠)
    called: int | None = None  # the claimed tile

    @property
    def is_kong(self) -> bool:
        return self.kind in KONG_KINDS


class RiverTile(msgspec.Struct, frozen=True):
    tile: int
    claimed: bool = False  # taken by another seat (still shown dimmed)
    declared: bool = False  # the discard that declared 报听
