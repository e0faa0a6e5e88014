"""What a seated player (or the operator) asks of a table. Each handler checks the request against
the table's state under its lock and either commits records or answers with an error; a refused
intent changes nothing."""

from __future__ import annotations

import logging

from majiang.backend import journal
from majiang.backend.protocol import (
    Act,
    AddBots,
    Chat,
    ClientMessage,
    Leave,
    Ping,
    Ready,
    Sync,
    Tuoguan,
    VoteDissolve,
    message,
)
from majiang.bots.levels import LEVELS
from majiang.engine import IllegalAction
from majiang.server import clocks
from majiang.server.chat import PHRASES
from majiang.server.conn import Conn
from majiang.server.live_table import LiveTable, TableError

log = logging.getLogger("majiang.server")


async def handle(table: LiveTable, seat: int, msg: ClientMessage, conn: Conn) -> None:
    """Carry out one client message from ``seat``; refusals become an ``error`` message to ``conn``."""
    try:
        match msg:
            case Act():
                await act(table, seat, msg)
            case Ready():
                await ready(table, seat)
            case Tuoguan(on=on):
                await tuoguan(table, seat, on)
            case AddBots(seats=seats, level=level):
                await add_bots(table, seats, level)
            case Leave():
                await leave(table, seat, conn)
            case VoteDissolve(agree=agree):
                await vote(table, seat, agree)
            case Sync():
                async with table.lock:
                    conn.send(message("room", table.state.shown_seq, room=table.room_json()))
                    if table.state.hand is not None:
                        conn.send(table.snapshot(seat))
            case Ping():
                conn.send(message("pong", table.state.shown_seq))
            case Chat(phrase=phrase):
                await chat(table, seat, phrase)
    except TableError as e:
        conn.send(message("error", table.state.shown_seq, code=e.code, reason=e.reason, ref=_ref(msg)))
    except Exception:  # a bug must not drop the connection: the client gets an answer, the log the traceback
        log.exception("%s from seat %d at table %s failed", _ref(msg), seat, table.code)
        conn.send(message("error", table.state.shown_seq, code="internal",
                          reason="the server failed to handle this message", ref=_ref(msg)))


def _ref(msg: ClientMessage) -> str:
    return type(msg).__struct_config__.tag  # type: ignore[return-value]


async def act(table: LiveTable, seat: int, msg: Act) -> None:
    if msg.seat is not None and msg.seat != seat:
        raise TableError("wrong_seat", f"you hold seat {seat}, not seat {msg.seat}")
    async with table.lock:
        st = table.state
        hand = st.hand
        if st.status != "playing" or hand is None or hand.over:
            raise TableError("not_now", "no hand is being played")
        if msg.seq < st.asked[seat] or msg.seq > st.shown_seq:
            raise TableError("stale", f"seq {msg.seq} does not answer the current question "
                                      f"(posed at seq {st.asked[seat]}, table at {st.shown_seq})")
        if not hand.legal_actions(seat):
            # One answer whatever is happening: the engine's own reasons ("nothing to decide on this
            # discard" in a claim window, "not seat N's turn" otherwise) told a seat not asked that
            # someone else could claim.
            raise TableError("illegal", f"seat {seat} has nothing to decide now")
        reason = hand.is_legal(seat, msg.action)
        if reason is not None:
            raise TableError("illegal", reason)
        try:
            await table.act_locked(seat, msg.action, human=True)
        except IllegalAction as e:  # cannot happen after is_legal, but never let it kill the socket
            raise TableError("illegal", str(e)) from None


async def ready(table: LiveTable, seat: int) -> None:
    async with table.lock:
        st = table.state
        if st.status != "waiting":
            raise TableError("not_now", f"the room is {st.status}")
        if st.seats[seat].ready:
            return
        await table.commit(journal.Ready(seat=seat))
        await table.settle(room=True, hand=False)


async def tuoguan(table: LiveTable, seat: int, on: bool) -> None:
    async with table.lock:
        st = table.state
        if st.status in ("finished", "dissolved"):
            raise TableError("not_now", f"the room is {st.status}")
        if st.seats[seat].tuoguan == on:
            return
        player = st.seats[seat].player_id
        if not on and player is not None and st.leaves_locked(player):
            raise TableError("not_now", f"托管 stays on until the next hand: you left the table {st.leaves[player]} "
                                        "times since the last one")
        if not on and st.tuoguan_locked(seat):
            raise TableError("not_now", f"托管 stays on for this match: your clock ran out {st.timeouts[seat]} times "
                                        f"(the room allows {st.settings.max_timeouts})")
        await table.commit(journal.Tuoguan(seat=seat, on=on, reason="asked"))
        await table.settle(room=True, hand=st.hand is not None)


async def add_bots(table: LiveTable, seats: list[int] | None, level: str | None = None) -> None:
    """Bots in the free seats named (all free seats: None), at ``level`` (None: the room's bot_level)."""
    if level is not None and level not in LEVELS:
        raise TableError("bad_message", f"level must be one of {', '.join(LEVELS)}")
    async with table.lock:
        st = table.state
        if st.status != "waiting":
            raise TableError("not_now", f"bots join only while the room is waiting (it is {st.status})")
        if st.settings.ranked:
            raise TableError("not_now", "a ranked room seats four accounts and no bots")
        wanted = range(4) if seats is None else sorted(set(seats))  # a seat named twice is filled once
        if any(not 0 <= s < 4 for s in wanted):
            raise TableError("bad_message", "seats are 0..3")
        bot = table.level_bot(level or st.settings.bot_level)
        records: list[journal.AnyRecord] = [
            journal.Seat(seat=s, player_id=None, name=f"Bot {s + 1}", bot=bot)
            for s in wanted if not st.seats[s].occupied
        ]
        if records:
            await table.commit(*records)
            await table.settle(room=True, hand=False)


async def leave(table: LiveTable, seat: int, conn: Conn) -> None:
    async with table.lock:
        st = table.state
        if st.status not in ("waiting", "finished"):
            raise TableError("not_now", "you cannot leave during a hand; switch on 托管 instead")
        if st.duplicate is not None and st.status != "finished":
            raise TableError("not_now", "a tournament table's seats are fixed for the round; 托管 plays for "
                                        "you while you are away")
        await table.commit(journal.Leave(seat=seat))
        table.conns[seat] = None
        conn.seat = None
        if st.vote is not None and st.status == "waiting" and st.vote_passed(table.connected()):
            await table.commit(journal.Dissolve(by="vote"))  # the one who left was the last holdout
        await table.settle(room=True, hand=False)
        conn.send(message("room", st.shown_seq, room=table.room_json()))
        conn.close(1000)


async def vote(table: LiveTable, seat: int, agree: bool) -> None:
    async with table.lock:
        st = table.state
        if st.status not in ("waiting", "playing"):
            raise TableError("not_now", f"the room is {st.status}")
        if st.vote is None and not agree:
            raise TableError("not_now", "there is no dissolve vote to answer")
        if st.duplicate is not None:
            raise TableError("not_now", "a tournament table is not dissolved by a vote (the operator may)")
        starting = st.vote is None
        await table.commit(journal.Vote(seat=seat, agree=agree))
        if starting:
            first = st.seq
            table.timers.arm(clocks.VOTE, first, st.settings.vote_seconds,
                             table.background("vote clock", lambda: _vote_timeout(table, first)))
        if not agree:
            await table.commit(journal.VoteEnd(result="refused"))
            table.timers.cancel(clocks.VOTE)
        elif st.vote_passed(table.connected()):
            await table.commit(journal.Dissolve(by="vote"))
        await table.settle(room=True, hand=False)


async def _vote_timeout(table: LiveTable, started: int) -> None:
    async with table.lock:
        st = table.state
        if st.vote is None or st.status not in ("waiting", "playing"):
            return
        await table.commit(journal.VoteEnd(result="timeout"))
        await table.settle(room=True, hand=False)


async def dissolve(table: LiveTable, by: str) -> None:
    async with table.lock:
        if table.state.status == "dissolved":
            return
        await table.commit(journal.Dissolve(by=by))
        await table.settle(room=True, hand=False)


async def chat(table: LiveTable, seat: int, phrase: str) -> None:
    """A quick phrase to everyone at the table and its spectators, within the seat's limit."""
    if phrase not in PHRASES:
        raise TableError("bad_message", f"phrase must be one of {', '.join(PHRASES)}")
    async with table.lock:
        st = table.state
        if st.status in ("finished", "dissolved"):
            raise TableError("not_now", f"the room is {st.status}")
        wait = table.chat_limits.allow(seat)
        if wait > 0:
            raise TableError("chat_limit", f"too many quick phrases: wait {wait:.1f} s")
        msg = message("chat", st.shown_seq, seat=seat, phrase=phrase)
        for c in [*table.conns, *table.watchers]:
            if c is not None:
                c.send(msg)
