"""The one way the live table tells the platform a hand ended (majiang/platform/records.py consumes it).

The table builds a :class:`HandReport` from what it holds anyway when a hand ends; the store runs
every registered hook inside the transaction that saves the hand, so a hand is never kept without
its record (its 战绩 line and replay code), nor a record without its hand."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from majiang.backend.sa_async import AsyncConnection


@dataclass(frozen=True)
class HandReport:
    room_code: str
    hand_no: int
    ruleset: str
    players: list[str]  # per seat: a player id or "bot:<kind>"
    names: list[str]  # per seat, as shown at the table
    totals: list[int]  # this hand's points per seat
    match_totals: list[int]  # the match's running totals after this hand
    winners: list[int]
    self_drawn: list[int]  # winners who won on their own draw (自摸)
    dealt_in: int | None  # the seat whose discard was won on (点炮), None for a self-draw or a draw
    match_over: bool
    finished_at: float


HandHook = Callable[[AsyncConnection, HandReport], Awaitable[None]]
