"""The room as players and the lobby see it (the ``room`` of the protocol, docs/protocol.md): one
struct, built from a live table (:func:`live_room`) or, for a room no longer in memory, from the store
(:func:`stored_room`: the seats as its log's seat and leave records left them, totals from its hands),
so both answers of ``GET /api/rooms/{code}`` have the same fields."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import msgspec

from majiang.backend import journal
from majiang.backend.protocol import RoomSettings
from majiang.bots.levels import level_of
from majiang.rules.registry import RULESETS
from majiang.server.clocks import COUNTDOWN, VOTE, Timers
from majiang.server.table_state import SEATS, TableState

if TYPE_CHECKING:
    from majiang.backend.store import Store


class SeatEntry(msgspec.Struct, kw_only=True):
    seat: int
    occupied: bool
    player_id: str | None
    name: str | None
    bot: str | None
    level: str | None  # a bot's level, or the level 托管 plays at while it plays for the seat
    ready: bool
    connected: bool
    tuoguan: bool
    missed: int  # turns in a row its clock played for it
    total: int


class RoomView(msgspec.Struct, kw_only=True):
    code: str
    ruleset: str
    title: str
    options: dict[str, Any]
    settings: RoomSettings
    status: str
    hand_no: int
    seats: list[SeatEntry]
    totals: list[int]
    countdown: dict[str, Any] | None = None  # who is not ready yet, and the time left
    vote: dict[str, Any] | None = None  # a dissolve vote in progress
    vote_result: dict[str, Any] | None = None  # how the last one ended
    next_deal: dict[str, Any] | None = None  # the next hand's dealer and 连庄
    rematch: dict[str, Any] | None = None  # the room opened to play again with the same seats

    def to_json(self) -> dict[str, Any]:
        return msgspec.to_builtins(self)  # type: ignore[no-any-return]


def live_room(st: TableState, connected: list[bool], timers: Timers, rematch: dict[str, Any] | None) -> RoomView:
    """A live table's room: ``connected``, each seat's player has a socket open; ``timers``, the table's."""
    totals = st.totals
    seats = [SeatEntry(seat=i, occupied=s.occupied, player_id=s.player_id, name=s.name, bot=s.bot,
                       level=level_of(s.bot) if s.bot is not None else
                       (st.settings.tuoguan_level if s.tuoguan else None),
                       ready=s.ready, connected=s.bot is not None or connected[i],
                       tuoguan=s.tuoguan, missed=st.missed[i], total=totals[i]) for i, s in enumerate(st.seats)]
    countdown = None
    left = timers.remaining(COUNTDOWN)
    if left is not None:
        late = [i for i, s in enumerate(st.seats) if s.occupied and not s.ready]
        countdown = {"seat": late[0] if late else None, "seats": late, "remaining": round(left[0], 2),
                     "total": left[1]}
    vote = None
    if st.vote is not None:
        vleft = timers.remaining(VOTE)
        vote = {"by": st.vote.by, "votes": {str(k): v for k, v in st.vote.votes.items()},
                "remaining": round(vleft[0], 2) if vleft else 0.0}
    next_deal = None
    if st.match is not None and (st.match.hand.over or st.voided) and not st.match.finished:
        next_deal = {"dealer": st.match.dealer, "streak": st.match.streak}
    return RoomView(code=st.code, ruleset=st.ruleset_name, title=st.ruleset.title, options=st.options,
                    settings=st.settings, status=st.status, hand_no=st.match.hand_no if st.match else 0,
                    seats=seats, totals=totals, countdown=countdown, vote=vote, vote_result=st.vote_result,
                    next_deal=next_deal, rematch=rematch)


async def stored_room(store: Store, code: str) -> RoomView | None:
    """A room that is not in memory (finished or dissolved before a restart, or let go)."""
    row = await store.room(code)
    if row is None:
        return None
    seated = journal.seated(await store.seat_records(code), SEATS)
    hands = await store.hands(code)
    totals = json.loads(row["totals"])
    cls = RULESETS.get(row["ruleset"])
    seats = [SeatEntry(seat=i, occupied=s is not None, player_id=s.player_id if s else None,
                       name=s.name if s else None, bot=s.bot if s else None,
                       level=level_of(s.bot) if s is not None and s.bot is not None else None,
                       ready=False, connected=False, tuoguan=False, missed=0,
                       total=totals[i] if i < len(totals) else 0) for i, s in enumerate(seated)]
    return RoomView(code=row["code"], ruleset=row["ruleset"], title=cls.title if cls else row["ruleset"],
                    options=json.loads(row["options"]),
                    settings=msgspec.convert(json.loads(row["settings"]), RoomSettings),
                    status=row["status"], hand_no=len(hands), seats=seats, totals=totals)
