"""What a ruleset may read of the hand it is asked about: a structural type (``typing.Protocol``).

The rules need the table's state (who holds what, the wild, the dealer, the kong chain) but not the
engine's flow, so they see the hand through this protocol instead of importing
:class:`majiang.engine.hand.Hand`: the rules sit below the engine and never import it. ``Hand``
satisfies it as it is (mypy checks that where the engine hands itself to its ruleset).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from majiang.core.deal import NaturalTable, TableInfo
    from majiang.core.seat import SeatState


class TableView(Protocol):
    seat_state: list[SeatState]  # per seat: concealed counts, melds, exposures, flags
    info: TableInfo  # the wild and its companions, fixed at the deal
    natural: NaturalTable | None  # per-hand cache kept by Ruleset.natural_table
    hint_wins: dict[tuple[object, ...], bool]  # a ruleset's scored 听-hint answers, per hand
    dealer: int
    streak: int
    round_wind: int  # 圈风: 0 东, 1 南, 2 西, 3 北 (a seat's own wind is (seat - dealer) % 4)
    robbing: bool  # the claim window open now is on a 加杠's tile (抢杠), not a discard
    phase: str  # "turn" | "claim" | "haidi" | "over"
    head: int  # the next tile drawn from the front of the wall
    indicator_index: int | None
    kong_chain: int  # kongs/杠牌 in a row before the current replacement draw
    kong_made: bool  # that run holds a kong (not only 补花 or 杠牌)
    after_claim: bool  # the turn began with a chi/peng
    claims_made: bool
    discards_made: int
    kou: list[list[int]]  # kou[a][b]: melds b made from a's discards
    kou_all_pung: list[list[bool]]

    @property
    def wall_left(self) -> int: ...

    def can_kong(self) -> bool: ...

    def seat_wind(self, seat: int) -> int: ...
