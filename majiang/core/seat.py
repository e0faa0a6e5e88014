"""The mutable per-hand state the engine keeps: each seat's tiles and flags, the open claim window.

Compiled with the engine where mypyc is available (docs/engine.md); the frozen pieces they hold
(melds, river tiles) are msgspec structs in :mod:`majiang.core.melds`.
"""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from majiang.core.actions import Action
    from majiang.core.melds import Meld, RiverTile

@dataclass
class ClaimWindow:
    """Open after a discard while the seats that may claim it decide."""

    tile: int
    discarder: int
    options: dict[int, list[Action]]  # seat -> legal responses (Pass first)
    responses: dict[int, Action] = field(default_factory=dict)
    robbing: bool = False  # on a 加杠's tile (抢杠): `discarder` is the seat making the kong

    def waiting_for(self) -> list[int]:
        return [s for s in self.options if s not in self.responses]


@dataclass
class SeatState:
    counts: list[int]  # concealed tiles by physical kind (34, or 42 where flowers are in play)
    # The same tiles as a sorted list, kept in step with `counts` through add/take: every view
    # lists them, and a sorted insert or removal per change is far cheaper than a rebuild per view.
    held: list[int] = field(default_factory=list)
    melds: list[Meld] = field(default_factory=list)
    exposed: list[int] = field(default_factory=list)  # laid open: 杠牌 (Anqing), flowers (补花)
    river: list[RiverTile] = field(default_factory=list)
    declared: bool = False  # 报听 (Hefei)
    discarded_wild: bool = False
    drawn: int | None = None  # the tile just drawn, while it is this seat's turn
    draws: int = 0  # how many times this seat has drawn from the wall (地胡, first go-around)
    kept: bool = False  # holds 杠牌 that would be laid open but for a ruleset's exception
    passed_win: bool = False  # let a discard win go since its last draw (Hefei option 过水不胡)
    # Holds the indicator's own tile, a plain tile though its kind is wild (TableFlags.plain_indicator):
    # the engine knows tiles by kind, so it records the one physical tile whose kind says too little.
    # A discard of its kind throws it first; a chi may use it (docs/rules/baida.md).
    plain_indicator: bool = False
    drawn_plain: bool = False  # `drawn` (while not None) is that plain indicator tile
    # A ruleset's per-seat answers that depend on the concealed tiles only (baida: the kinds a
    # discard wins on), each kept with a copy of the tiles it was worked out from (`held`, which
    # changes with `counts`: a shorter list to compare) and used only while they are equal: no
    # mutation site has to know about it.
    memo: dict[str, tuple[list[int], object]] = field(default_factory=dict, compare=False, repr=False)

    @property
    def concealed_size(self) -> int:
        return len(self.held)

    def add(self, tile: int) -> None:
        self.counts[tile] += 1
        insort(self.held, tile)

    def take(self, tile: int, n: int = 1) -> None:
        self.counts[tile] -= n
        held = self.held
        for _ in range(n):
            held.remove(tile)

    def tiles(self) -> list[int]:
        """The concealed tiles, ascending (a fresh list)."""
        return self.held.copy()
