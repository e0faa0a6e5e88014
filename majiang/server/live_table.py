"""A table's owner: one asyncio lock serializes everything that changes it.

Every change goes the same way: check → :meth:`LiveTable.commit` (apply the records to the state,
append them to the log and wait for the commit) → arm clocks and bots → push each connected
seat its own view. Bots, 托管 and clock timeouts act through the very same path as players.
"""

from __future__ import annotations

import asyncio
import functools
import itertools
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import msgspec

from majiang.backend import journal as j
from majiang.backend.auth import names_confusable
from majiang.backend.hooks import HandReport
from majiang.backend.metrics import ACTIONS, RECORDS
from majiang.backend.protocol import encoder, message
from majiang.backend.store import StaleOwner, Store
from majiang.bots import BOTS, make_bot
from majiang.bots.base import Bot
from majiang.bots.levels import DEFAULT_LEVEL, level_bot
from majiang.core.actions import Action
from majiang.core.events import Won
from majiang.engine import event_to_builtins, redact, seat_view
from majiang.engine.absent import absent_win, claim_timeout_action, missed_turn_action
from majiang.engine.hand import Hand
from majiang.engine.replay import encode as encode_replay
from majiang.engine.replay import to_replay
from majiang.engine.view import SeatView
from majiang.platform.ranked import record_op
from majiang.server import clocks, room_view
from majiang.server.bot_process import THINKING, BotKey
from majiang.server.botpace import PACE
from majiang.server.chat import ChatLimiter
from majiang.server.clocks import Timers
from majiang.server.conn import Conn
from majiang.server.logs import TABLE
from majiang.server.table_state import SEATS, TableState
from majiang.server.thinking import think_delay

log = logging.getLogger("majiang.server")
Job = Callable[[], Coroutine[Any, Any, None]]

EVICT_SECONDS = 600.0  # a finished or dissolved table leaves memory this long after its last activity
MAX_FAILURES = 5  # consecutive failed timer moves (bot, clock, deal) before the table is closed
IDLE_SECONDS = 1800.0  # a waiting room with no change for this long is closed (and never rebuilt)
# Bots decide off the event loop (majiang/server/bot_process.py: a thread, or a process of their own):
# the strong bot's longest decisions take tens of milliseconds of CPU, and on the loop each one delayed
# every other table's intents and views by as much (docs/server.md, "Several nodes"). A table's lock is
# not held while its bot decides (_bot_move).
_TABLE_NUMBERS = itertools.count()  # each table's bots are its own in the bots' process


def masked_view(view: SeatView) -> SeatView:
    """What a seat is shown: in a claim window a seat with no decision of its own (never asked, or
    already answered) sees the ordinary waiting state, exactly as if nobody could claim: phase
    ``turn`` with the discarder as ``current`` and no ``claim``. (That someone may claim is
    exactly what the other seats must not learn.)"""
    if view.phase == "claim" and not view.legal:
        view.phase = "turn"
        view.claim = None
    return view


def default_bot() -> str:
    # The strongest bot available (docs/bots.md: strong beats greedy in the arena in every ruleset).
    return next(name for name in ("strong", "greedy", "random") if name in BOTS)


class TableError(Exception):
    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason


class LiveTable:
    def __init__(self, state: TableState, store: Store, bot_name: str = "",
                 idle_seconds: float = IDLE_SECONDS, evict_seconds: float = EVICT_SECONDS) -> None:
        self.state = state
        self.idle_seconds = idle_seconds
        self.evict_seconds = evict_seconds
        # seat -> (asked, deadline on the monotonic clock, full length): a question's deadline is fixed
        # when it is asked; 托管 toggles and reconnects re-arm the clock for what is left, never more
        self.deadlines: dict[int, tuple[int, float, float]] = {}
        self.store = store
        self.bot_name = bot_name or default_bot()
        self.explicit_bot = bot_name  # `majiang serve --bot NAME`: it plays the normal level
        self.lock = asyncio.Lock()
        self._thinking: set[tuple[int, int]] = set()  # (seat, asked) a bot is deciding outside the lock
        self.conns: list[Conn | None] = [None] * SEATS
        self.cursor = [0] * SEATS  # how many of the hand's events each seat has been sent
        self.timers = Timers()
        # Each seat's bot as (table number, seat, kind, seed): the bots' process knows it by that key; a
        # new kind or a forgotten bot (a new seed, and a new table number) is a new bot there too.
        self._bot_keys: dict[int, BotKey] = {}
        self._bots: dict[int, tuple[BotKey, Bot]] = {}  # the bots made in this process (for the thread)
        self._bot_number = next(_TABLE_NUMBERS)
        self.actions = 0  # applied actions (for figures)
        self._shown: list[bytes | None] = [None] * SEATS  # what each seat's last view showed (see view_message)
        self._failures = 0
        self.broken: str | None = None  # why the table was closed after a failed save
        self.on_closed: Callable[[], Awaitable[None]] | None = None  # the registry forgets the table
        # Spectators: each watching connection and how many of the (delayed) hand's events it was sent.
        self.watchers: dict[Conn, int] = {}
        self.chat_limits = ChatLimiter()  # quick phrases per seat (chat.py)
        self._watch_hand: tuple[int, int, Hand] | None = None  # (hand_no, step, the hand as spectators see it)
        # "Play again with the same seats" (rest.room_rematch): {"code", "by"} of the room opened after
        # this finished one; the lock makes players asking at once get one room, not two
        self.rematch: dict[str, Any] | None = None
        self.rematch_lock = asyncio.Lock()
        # Test hooks only (rest.room_test_deal): seeds for the next hands, first first, and the match's
        # seed (its first dealer) if no hand was dealt yet; held in memory until a deal record carries them
        self.fixed_seeds: list[str] = []
        # The ready countdown between two hands: its deadline (monotonic) and everyone it has counted
        self._countdown_deadline: float | None = None
        self._countdown_seen: set[str] = set()
        self._countdown_between = 0
        self.fixed_match_seed: str | None = None
        # and the seed of the bots' own randomness (seat s plays with fixed_bot_seed + s), so a test can
        # replay a table whose bots roll dice (easy, hard) exactly; None: a fresh random seed per bot
        self.fixed_bot_seed: int | None = None

    def background(self, what: str, fn: Job) -> Job:
        """A timer callback that never wedges the table: an error is logged, and clocks and bots are
        armed again for whatever the situation is now (after a few failures in a row the table closes)."""
        async def run() -> None:
            TABLE.set(self.code)  # this task's log records name the table (majiang/server/logs.py)
            try:
                await fn()
                self._failures = 0
            except Exception as e:
                if not isinstance(e, TableError):
                    log.exception("%s failed at table %s", what, self.code)
                self._failures += 1
                async with self.lock:
                    if self._failures >= MAX_FAILURES and self.state.status not in ("finished", "dissolved"):
                        await self.fail(f"{what} failed {self._failures} times in a row")
                    else:
                        self.schedule(retry=True)
        return run

    @property
    def code(self) -> str:
        return self.state.code

    # --- the one way to change a table ---------------------------------------------------
    async def commit(self, *records: j.AnyRecord) -> None:
        """Apply records in order, append them to the log and wait until they are durable.

        If a write fails the table is ahead of its log: it is closed at once (:meth:`fail`) and
        ``TableError("internal")`` is raised, so nobody is shown a state that was not saved."""
        if self.broken is not None:
            raise TableError("dissolved", f"the room was closed: {self.broken}")
        st = self.state
        futs = []
        for record in records:
            hand_before = st.hand
            over_before = hand_before.over if hand_before is not None else True
            st.apply(record)
            futs.append(self.store.append(st.code, st.seq, record))
            RECORDS.labels(j.kind_of(record)).inc()
            if isinstance(record, j.Act):
                self.actions += 1
                ACTIONS.inc()
                if not over_before and st.hand is not None and st.hand.over:
                    futs.extend(self._hand_finished())
                    self._lighten(st.hand)
            elif isinstance(record, j.Dissolve):
                futs.append(self.store.set_room_status(st.code, "dissolved", st.totals))
            elif isinstance(record, j.Deal):
                self.cursor = [0] * SEATS
            elif isinstance(record, j.Void):  # the hand is dealt again under the same number: spectators start over
                self._watch_hand = None
                for w in self.watchers:
                    self.watchers[w] = 0
        results = await asyncio.gather(*futs, return_exceptions=True)
        failed = next((r for r in results if isinstance(r, BaseException)), None)
        if isinstance(failed, StaleOwner):  # several nodes: another node owns the table now
            log.warning("table %s: refused as stale (another node took it over); dropping it here", st.code)
            self.hand_over()
            raise TableError("moved", "the table moved to another server; reconnect")
        if failed is not None:
            log.error("table %s: a write failed (%r); closing the table", st.code, failed)
            await self.fail("the table could not be saved")
            raise TableError("internal", "the table could not be saved; it was closed")

    def hand_over(self) -> None:
        """Another node owns this table now (majiang/server/cluster/): stop every timer and close every
        connection with 1012 (service restart), so the clients reconnect, to any node, and find the table
        on its new owner. Nothing is written: the new owner's log is the table."""
        if self.broken == "moved":
            return
        self.broken = "moved"
        self.timers.cancel_all()
        for c in [*self.conns, *self.watchers]:
            if c is not None:
                c.close(1012)
        self.conns = [None] * SEATS
        self.watchers.clear()
        if self.on_closed is not None:
            self._closing = asyncio.ensure_future(self.on_closed())  # kept: a task must be referenced

    async def fail(self, reason: str) -> None:
        """Close the table after a failure (call under the lock): the room is marked dissolved in the
        store (so it is not rebuilt from a log that may lag behind), every player is told why and
        disconnected, and every timer stops."""
        st = self.state
        self.broken = reason
        st.status = "dissolved"
        st.dissolved_by = "error"
        st.vote = None
        self.timers.cancel_all()
        try:
            await self.store.set_room_status(st.code, "dissolved", st.totals)
        except Exception:
            log.exception("table %s: could not mark the room dissolved", st.code)
        self.broadcast(room=False, hand=False)
        self.schedule()

    def _lighten(self, hand: Hand) -> None:
        """Drop what an ended hand will never read again. A finished table stays in memory for
        ``evict_seconds`` and every scheduled full collection walks it (housekeeping.py): its hand's
        听-hint caches (``ting_hint`` answers None once a hand is over) were half of what it gave the
        collector; the spectators' delayed copy and, once the match is over, the bots go too."""
        hand.hint_cache.clear()
        hand.hint_wins.clear()
        self._watch_hand = None
        if self.state.status == "finished":
            self.forget_bots()

    def _hand_finished(self) -> list[asyncio.Future[None]]:
        st = self.state
        hand = st.hand
        assert hand is not None and hand.settlement is not None
        s = hand.settlement
        public = seat_view(hand, None)  # (what a spectator sees of the ended hand: its seed hash, its wins)
        # the settlement with how each winner won (自摸 or on whose discard), so a record's settlement is
        # titled as the table's was: the settlement alone names the winners, not how they won
        settlement = {**msgspec.to_builtins(s), "wins": msgspec.to_builtins(public.wins or [])}
        row = {
            "hand_no": hand.hand_no, "dealer": hand.dealer, "streak": hand.streak, "seed": hand.seed,
            "seed_hash": public.seed_hash, "players": encoder.encode(st.hand_players).decode(),
            "totals": encoder.encode(s.totals).decode(), "draw": bool(s.draw or not s.winners),
            "settlement": encoder.encode(settlement).decode(), "replay": encode_replay(to_replay(hand)).decode(),
        }
        seats = [{"seat": i, "player_id": p, "total": s.totals[i], "won": i in s.winners}
                 for i, p in enumerate(st.hand_players)]
        won = [e for e in hand.events if isinstance(e, Won)]
        report = HandReport(
            room_code=st.code, hand_no=hand.hand_no, ruleset=st.ruleset_name, players=list(st.hand_players),
            names=[seat.name or "" for seat in st.seats], totals=list(s.totals), match_totals=st.totals,
            winners=sorted(s.winners), self_drawn=sorted(e.seat for e in won if e.self_draw),
            dealt_in=next((e.from_seat for e in won if not e.self_draw), None),
            match_over=st.status == "finished", finished_at=time.time())
        futs = [self.store.add_hand(st.code, row, seats, report),
                self.store.set_room_status(st.code, st.status, st.totals)]
        if st.status == "finished" and st.settings.ranked:  # the four accounts' ratings, in the same batch
            rating = record_op(st.code, st.ruleset_name, st.options, st.hand_players, st.totals, st.acts,
                               st.auto_acts)
            if rating is not None:
                futs.append(self.store.op(rating, st.code))
        return futs

    async def settle(self, *, room: bool, hand: bool) -> None:
        """After a commit: arm clocks/bots/countdowns, then push what changed."""
        self.schedule()
        self.broadcast(room=room, hand=hand)

    # --- pushing -------------------------------------------------------------------------------
    def broadcast(self, *, room: bool, hand: bool) -> None:
        st = self.state
        if st.status == "dissolved":
            extra = {"reason": self.broken} if self.broken else {}
            msg = message("dissolved", st.shown_seq, by=st.dissolved_by, totals=st.totals, **extra)
            for i, c in enumerate(self.conns):
                if c is not None:
                    c.send(msg)
                    c.close(1000)
                    self.conns[i] = None
            for w in list(self.watchers):
                w.send(msg)
                w.close(1000)
            self.watchers.clear()
            self.timers.cancel_all()
            return
        room_msg = message("room", st.shown_seq, room=self.room_json()) if room else None
        for seat, c in enumerate(self.conns):
            if c is None:
                continue
            if room_msg is not None:
                c.send(room_msg)
            if hand and st.hand is not None:
                view = self.view_message(seat)
                if view is not None:
                    c.send(view)
        for w in list(self.watchers):
            if room_msg is not None:
                w.send(room_msg)
            if hand and st.hand is not None:
                self.send_watch_view(w)
        if hand and st.status == "finished" and st.hand is not None and st.hand.over:
            end = message("match_end", st.shown_seq, totals=st.totals, hands=st.match.hand_no if st.match else 0)
            for c in [*self.conns, *self.watchers]:
                if c is not None:
                    c.send(end)

    def view_message(self, seat: int, snapshot: bool = False) -> bytes | None:
        """The seat's ``view`` message; None when nothing it may see has changed since its last one
        (another seat's pass in a claim window changes nothing a seat may see: it is not announced)."""
        st = self.state
        hand = st.hand
        assert hand is not None
        if snapshot:
            events: list[dict[str, object]] = []
        else:
            events = [event_to_builtins(redact(e, seat)) for e in hand.events[self.cursor[seat]:]]
        self.cursor[seat] = len(hand.events)
        view = masked_view(seat_view(hand, seat, hint=True))
        if st.duplicate is not None:  # the other tables of the round deal this wall too: sealed until it ends
            view.seed = None
        clock = self.clock_json(seat)
        shown = encoder.encode((view, st.asked[seat], clock and clock["seats"], st.seats[seat].tuoguan))
        if not snapshot and not events and shown == self._shown[seat]:
            return None
        self._shown[seat] = shown
        return message("view", st.shown_seq, asked=st.asked[seat], step=st.public_step(len(hand.log)), view=view,
                       events=events, clock=clock, tuoguan=st.seats[seat].tuoguan)

    def watched_hand(self) -> Hand:
        """The hand as spectators see it: ``watch_delay`` actions behind the table while it is played
        (rebuilt from the action log, once per step), the real hand once it is over."""
        hand = self.state.hand
        assert hand is not None
        delay = self.state.settings.watch_delay
        if delay <= 0 or hand.over or len(hand.log) <= 0:
            return hand
        step = max(0, len(hand.log) - delay)
        cached = self._watch_hand
        if cached is None or cached[0] != hand.hand_no or cached[1] != step:
            past = Hand.replay(hand.ruleset, hand.seed, hand.log[:step], dealer=hand.dealer, streak=hand.streak,
                               hand_no=hand.hand_no, dealer_dice=hand.dealer_dice, round_wind=hand.round_wind)
            self._watch_hand = cached = (hand.hand_no, step, past)
        return cached[2]

    def send_watch_view(self, conn: Conn, snapshot: bool = False) -> None:
        """A spectator's ``view``: the same redaction as a seat's — ``seat_view`` and ``redact`` with
        ``seat=None`` (no concealed tile, no draw), then :func:`masked_view` (no claim window)."""
        hand = self.watched_hand()
        start = 0 if snapshot else self.watchers.get(conn, 0)
        if start > len(hand.events):  # a new hand (or the delayed hand caught up with a new deal)
            start = 0
        events = [] if snapshot else [event_to_builtins(redact(e, None)) for e in hand.events[start:]]
        self.watchers[conn] = len(hand.events)
        if not snapshot and not events:
            return
        view = masked_view(seat_view(hand, None))
        if self.state.duplicate is not None:
            view.seed = None
        clock = self.clock_json(None) if hand is self.state.hand else None
        conn.send(message("view", self.state.shown_seq, asked=0, step=self.state.public_step(len(hand.log)),
                          view=view, events=events,
                          clock=clock, tuoguan=False))

    def snapshot(self, seat: int) -> bytes:
        """The seat's full view (welcome, sync, reconnect): always sent."""
        msg = self.view_message(seat, snapshot=True)
        assert msg is not None
        return msg

    def clock_json(self, seat: int | None) -> dict[str, Any] | None:
        """Whose decision is timed, as ``seat`` may know it: on a turn the current seat's clock (public);
        in a claim window only the seat's own clock, if it is asked (who else may claim is secret)."""
        timed = [s for s in range(SEATS) if self.timers.armed(clocks.clock(s))]
        hand = self.state.hand
        if hand is not None and hand.phase == "claim":
            timed = [seat] if seat in timed else []
        if not timed:
            return None
        left = self.timers.remaining(clocks.clock(seat if seat in timed else timed[0]))
        assert left is not None
        return {"seats": timed, "remaining": round(left[0], 2), "total": left[1]}

    def room_json(self) -> dict[str, Any]:
        """The room as its players see it (majiang/server/room_view.py: the one shape of a room)."""
        return room_view.live_room(self.state, [c is not None for c in self.conns], self.timers,
                                   self.rematch).to_json()

    # --- clocks, bots, countdowns ----------------------------------------------------------------
    def schedule(self, retry: bool = False) -> None:
        """Arm clocks, bot moves and countdowns for the situation now (``retry``: after a failed move,
        bots wait at least a second, so a move that keeps failing does not spin)."""
        st = self.state
        if self.broken == "moved":  # handed over to another node: nothing runs here any more
            return
        if st.status in ("dissolved", "finished"):
            self.timers.cancel_all()
            if self.on_closed is not None:
                self.timers.arm(clocks.EVICT, st.seq, self.evict_seconds, self.background("evict", self._evict))
            return
        bot_delay = max(st.settings.bot_delay, 1.0) if retry else st.settings.bot_delay
        hand = st.hand
        acting = set(hand.to_act()) if st.status == "playing" and hand is not None else set()
        now = time.monotonic()
        for s in range(SEATS):
            seat = st.seats[s]
            if s in acting and (seat.automatic or self.overdue(s, now)):
                # (an overdue seat that switched 托管 off keeps its bot move: the question's time is up;
                # a clock that is due but has not fired yet still fires, so the timeout is counted)
                if seat.automatic:
                    self.timers.cancel(clocks.clock(s))
                if retry:
                    self.timers.cancel(clocks.bot_move(s))
                assert hand is not None
                delay = bot_delay if retry else think_delay(hand, s, bot_delay)
                self.timers.arm(clocks.bot_move(s), st.asked[s], delay,
                                self.background("bot move", functools.partial(self._bot_move, s, st.asked[s])))
            elif s in acting:
                self.timers.cancel(clocks.bot_move(s))
                assert hand is not None
                secs = st.settings.claim_seconds if hand.phase == "claim" else st.settings.discard_seconds
                deadline = self.deadlines.get(s)
                if deadline is None or deadline[0] != st.asked[s]:
                    deadline = self.deadlines[s] = (st.asked[s], now + secs, secs)
                self.timers.arm(clocks.clock(s), st.asked[s], max(0.0, deadline[1] - now),
                                self.background("clock", functools.partial(self._timeout, s, st.asked[s])),
                                total=deadline[2])
            else:
                self.timers.cancel(clocks.clock(s))
                self.timers.cancel(clocks.bot_move(s))
        self._schedule_waiting()

    def overdue(self, seat: int, now: float | None = None) -> bool:
        """The seat's current question has run out of time (its clock fired, or would have)."""
        deadline = self.deadlines.get(seat)
        return (deadline is not None and deadline[0] == self.state.asked[seat]
                and (time.monotonic() if now is None else now) >= deadline[1])

    def _schedule_waiting(self) -> None:
        st = self.state
        if st.ready_to_deal():
            # a short pause when everyone is automatic, so a watcher can read the settlement
            pause = min(3.0, st.settings.bot_delay * 4) if st.match is not None else 0.0
            self.timers.arm(clocks.DEAL, st.seq, pause, self.background("deal", self._deal))
        else:
            self.timers.cancel(clocks.DEAL)
        # Once every seat is taken and someone is ready, every seat not ready gets ready_seconds (one
        # countdown for all of them, not re-armed as seats get ready) and is then made ready.
        # The countdown's deadline is kept between two hands while only people it already counted sit
        # down: a player who leaves and comes back gets what is left, not a fresh countdown (one who
        # did that every 8 s held the next deal back for ever). Someone new restarts it.
        unready = [i for i, s in enumerate(st.seats) if not s.ready]
        between = st.match.hand_no if st.match is not None else 0  # the hands played: which interval this is
        if st.status != "waiting" or self._countdown_between != between:
            self._countdown_deadline, self._countdown_seen, self._countdown_between = None, set(), between
        if st.status == "waiting" and all(s.occupied for s in st.seats) and 0 < len(unready) < SEATS:
            now = time.monotonic()
            idents = {s.ident() for s in st.seats}
            if self._countdown_deadline is None or not idents <= self._countdown_seen:
                self._countdown_deadline = now + st.settings.ready_seconds
            self._countdown_seen |= idents
            self.timers.arm(clocks.COUNTDOWN, self._countdown_deadline, max(0.0, self._countdown_deadline - now),
                            self.background("countdown", self._countdown), total=st.settings.ready_seconds)
        else:
            self.timers.cancel(clocks.COUNTDOWN)
        # A waiting room where nothing happens for idle_seconds is closed: it stops holding seats, its
        # creator's quota and a place in the list, and is not rebuilt at the next start.
        if st.status == "waiting":
            self.timers.arm(clocks.IDLE, st.seq, self.idle_seconds, self.background("idle", self._idle))
        else:
            self.timers.cancel(clocks.IDLE)

    async def _deal(self) -> None:
        async with self.lock:
            st = self.state
            if not st.ready_to_deal():
                return
            seed = st.duplicate_seed() or (self.fixed_seeds.pop(0) if self.fixed_seeds else secrets.token_hex(16))
            match_seed = None
            if st.match is None:
                match_seed = (st.duplicate["match_seed"] if st.duplicate is not None
                              else self.fixed_match_seed or secrets.token_hex(16))
            await self.commit(j.Deal(seed=seed, match_seed=match_seed))
            await self.settle(room=True, hand=True)

    async def _countdown(self) -> None:
        async with self.lock:
            st = self.state
            late = [i for i, s in enumerate(st.seats) if s.occupied and not s.ready]
            if st.status != "waiting" or not late:
                return
            await self.commit(*(j.Ready(seat=i, auto=True) for i in late))
            await self.settle(room=True, hand=False)

    async def _idle(self) -> None:
        async with self.lock:
            if self.state.status != "waiting":
                return
            await self.commit(j.Dissolve(by="idle"))
            await self.settle(room=True, hand=False)

    async def _timeout(self, seat: int, asked: int) -> None:
        async with self.lock:
            st = self.state
            if st.status != "playing" or st.asked[seat] != asked or st.seats[seat].automatic:
                return
            hand = st.hand
            claim_action = claim_timeout_action(st.ruleset, hand.legal_actions(seat)) \
                if hand is not None and hand.phase == "claim" else None
            if claim_action is not None:
                # A claim window's clock ran out: take a legal win where the ruleset says so (Hefei),
                # else pass, without 托管 (a seat switching to 托管 in a claim window would tell the
                # table that it could claim).
                await self.act_locked(seat, claim_action)
                return
            if st.missed[seat] + 1 >= st.settings.tuoguan_after:
                await self.commit(j.Tuoguan(seat=seat, on=True, reason="timeout"))
            else:
                # One slow turn is forgiven: the table plays this turn only (the seat is overdue, so
                # schedule() arms its bot move) and the seat stays its player's.
                await self.commit(j.Missed(seat=seat))
            await self.settle(room=True, hand=True)

    async def _evict(self) -> None:
        async with self.lock:
            if self.state.status not in ("finished", "dissolved") or self.on_closed is None:
                return
            for i, c in enumerate(self.conns):
                if c is not None:
                    c.close(1000)
                    self.conns[i] = None
            await self.on_closed()

    def level_bot(self, level: str) -> str:
        """The bot that plays ``level`` here: the server's ``--bot`` plays normal when it was given one,
        and a level whose bot is not installed falls back to the server's default."""
        if level == DEFAULT_LEVEL and self.explicit_bot:
            return self.explicit_bot
        name = level_bot(level)
        return name if name in BOTS else self.bot_name

    def forget_bots(self) -> None:
        """Drop the seats' bots (and what they remember): each is made again when next asked."""
        THINKING.forget(list(self._bot_keys.values()))
        self._bots.clear()
        self._bot_keys.clear()
        self._bot_number = next(_TABLE_NUMBERS)  # (in the bots' process too, with a fixed seed)

    def bot_key(self, seat: int) -> BotKey:
        """Which bot answers the seat: its own kind for a bot seat, the room's 托管 level for a human in
        托管, with a seed of its own (or the test hook's) rolled when the seat's bot is (re)made."""
        name = self.state.seats[seat].bot or self.level_bot(self.state.settings.tuoguan_level)
        key = self._bot_keys.get(seat)
        if key is None or key[2] != name:
            seed = secrets.randbits(32) if self.fixed_bot_seed is None else self.fixed_bot_seed + seat
            key = self._bot_keys[seat] = (self._bot_number, seat, name, seed)
        return key

    def bot_for(self, seat: int) -> Bot:
        """The seat's bot, made in this process (for the bots' thread)."""
        key = self.bot_key(seat)
        made = self._bots.get(seat)
        if made is None or made[0] != key:
            made = self._bots[seat] = (key, make_bot(key[2], key[3]))
        return made[1]

    async def _bot_move(self, seat: int, asked: int) -> None:
        # The bot thinks outside the table's lock: its decision waits in the bots' queue behind every
        # other table's bots, and a human answering in the same claim window must not wait for that
        # queue (it did: at 60 tables on one node the humans' p50 rose from 5 to 30 ms). The view it
        # thinks on is a snapshot; the answer is applied only if the same question still stands and
        # the action is still legal; otherwise it thinks again on the new view.
        if (seat, asked) in self._thinking:  # re-armed while its bot thinks: one decision is enough
            return
        self._thinking.add((seat, asked))
        due = time.monotonic()
        try:
            if await self._bot_answer(seat, asked):
                PACE.record(time.monotonic() - due)
        finally:
            self._thinking.discard((seat, asked))

    async def _bot_answer(self, seat: int, asked: int) -> bool:
        """Answer ``seat``'s question ``asked`` by its bot; False if it needed no answer (any more)."""
        chosen: Action | None = None
        seen: tuple[int, Hand, SeatView] | None = None  # the view the bot thought on, and when
        while True:  # again only when the legal actions changed under a standing question (rare)
            async with self.lock:
                st = self.state
                hand = st.hand
                if st.status != "playing" or hand is None or st.asked[seat] != asked or not (
                        st.seats[seat].automatic or self.overdue(seat)):
                    return False
                # Nothing recorded while the bot thought (the usual case): the hand, so the view, is
                # as it was; building the view again cost as much as the first time.
                if seen is None or seen[0] != st.seq or seen[1] is not hand:
                    seen = (st.seq, hand, seat_view(hand, seat))
                view = seen[2]
                if not view.legal:
                    return False
                # A human in 托管 takes any legal win where the ruleset says so (Hefei); a human whose one
                # turn ran out discards the tile it drew (摸切); bots choose.
                if st.seats[seat].tuoguan:
                    action = absent_win(st.ruleset, view.legal)
                elif st.seats[seat].human:
                    action = missed_turn_action(st.ruleset, view.legal, view.drawn)
                else:
                    action = None
                if action is None and chosen in view.legal:
                    action = chosen
                if action is not None:
                    await self.act_locked(seat, action)
                    return True
                key = self.bot_key(seat)
            try:
                chosen = await THINKING.choose(key, view, functools.partial(self.bot_for, seat))
                if chosen not in view.legal:
                    raise ValueError(f"bot chose {chosen!r}, not legal")
            except Exception:  # a faulty bot must not stall the table
                log.exception("bot failed at table %s seat %d", self.state.code, seat)
                chosen = view.legal[0]

    async def act_locked(self, seat: int, action: Action, human: bool = False) -> None:
        records: list[j.AnyRecord] = []
        hand = self.state.hand
        forgiven = human and self.state.missed[seat] > 0  # its run of missed turns ends: the room shows it
        # Acting ends 托管, but not in a claim window: the room message would show the table who could claim.
        if human and self.state.seats[seat].tuoguan and not (hand is not None and hand.phase == "claim") \
                and not self.state.tuoguan_locked(seat):
            records.append(j.Tuoguan(seat=seat, on=False, reason="acted"))
        records.append(j.Act(seat=seat, action=action, own=human))
        try:
            await self.commit(*records)
        finally:  # even after a failure: clocks and bots are armed again for the situation now
            await self.settle(room=len(records) > 1 or forgiven or self.state.status != "playing", hand=True)

    # --- connections ---------------------------------------------------------------------------
    async def attach(self, conn: Conn, player_id: str, name: str) -> int | None:
        """Seat the player (its own seat, or a free one while waiting); None: it watches instead."""
        async with self.lock:
            st = self.state
            if st.status == "dissolved":
                raise TableError("dissolved", "the room was dissolved")
            seat = st.seat_of(player_id)
            records: list[j.AnyRecord] = []
            if seat is None and player_id in st.removed:
                raise TableError("removed", "the operator removed you from this room")
            if seat is None:
                seat = st.free_seat()
                if seat is None or st.status != "waiting":
                    if not st.settings.watch:
                        raise TableError("room_full", "every seat is taken (and this room does not allow watching)")
                    self._watch(conn, player_id, name)
                    return None  # (a spectator has no seat)
                self.check_name(name, player_id)
                records.append(j.Seat(seat=seat, player_id=player_id, name=name))
            elif st.seats[seat].tuoguan and st.status != "finished" and not st.tuoguan_locked(seat):
                records.append(j.Tuoguan(seat=seat, on=False, reason="reconnected"))
            if records:
                await self.commit(*records)
            old = self.conns[seat]
            if old is not None:
                old.close(4000)
            self.conns[seat] = conn
            conn.seat = seat
            self.timers.cancel(clocks.grace(seat))
            self.schedule()
            conn.send(message("welcome", st.shown_seq, player_id=player_id, name=name, seat=seat,
                              room=self.room_json()))
            if st.hand is not None:
                conn.send(self.snapshot(seat))
            room_msg = message("room", st.shown_seq, room=self.room_json())
            for i, c in enumerate(self.conns):
                if c is not None and i != seat:
                    c.send(room_msg)
            return seat

    def _watch(self, conn: Conn, player_id: str, name: str) -> None:
        """Seat-less: the connection watches (public information only, see :meth:`send_watch_view`)."""
        st = self.state
        conn.seat = None
        conn.watching = True
        self.watchers[conn] = 0
        conn.send(message("welcome", st.shown_seq, player_id=player_id, name=name, seat=None, room=self.room_json(),
                          watching=True))
        if st.hand is not None:
            self.send_watch_view(conn, snapshot=True)
        return None

    async def watcher_intent(self, conn: Conn, kind: str) -> None:
        """A spectator may only ``sync`` and ``ping``; anything else is refused, changing nothing."""
        async with self.lock:
            st = self.state
            if kind == "sync":
                conn.send(message("room", st.shown_seq, room=self.room_json()))
                if st.hand is not None:
                    self.send_watch_view(conn, snapshot=True)
            elif kind == "ping":
                conn.send(message("pong", st.shown_seq))
            else:
                conn.send(message("error", st.shown_seq, code="not_now", reason="spectators only watch", ref=kind))

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            if self.watchers.pop(conn, None) is not None:
                return
            seat = conn.seat
            if seat is None or self.conns[seat] is not conn:
                return
            self.conns[seat] = None
            st = self.state
            self.await_connection(seat)
            if st.vote is not None and st.status in ("waiting", "playing") and st.vote_passed(self.connected()):
                await self.commit(j.Dissolve(by="vote"))  # the one who left was the last holdout
                await self.settle(room=True, hand=False)
                return
            self.broadcast(room=True, hand=False)

    def await_connection(self, seat: int) -> None:
        """A human seat with no connection gets ``grace_seconds`` to connect (after a REST join too)."""
        st = self.state
        if self.conns[seat] is None and st.status in ("waiting", "playing") and st.seats[seat].human:
            player = st.seats[seat].player_id
            self.timers.arm(clocks.grace(seat), (player, st.seq), st.settings.grace_seconds,
                            self.background("grace", lambda: self._grace(seat, player)))

    def connected(self) -> set[int]:
        return {i for i, c in enumerate(self.conns) if c is not None}

    def check_name(self, name: str, player_id: str) -> None:
        """Refuse a newcomer whose name would be taken for a seated player's or bot's."""
        for s in self.state.seats:
            if s.occupied and s.player_id != player_id and s.name and names_confusable(name, s.name):
                raise TableError("name_taken", f"{s.name!r} is seated here and {name!r} looks the same; "
                                               "choose another name")

    async def _grace(self, seat: int, player: str | None = None) -> None:
        async with self.lock:
            st = self.state
            s = st.seats[seat]
            if self.conns[seat] is not None or not s.human or s.tuoguan or st.status not in ("waiting", "playing"):
                return
            if player is not None and s.player_id != player:
                return
            if st.status == "waiting" and st.match is None and st.duplicate is None:
                # Before the first hand an absent player's seat is freed for someone who will play.
                await self.commit(j.Leave(seat=seat, reason="absent"))
                await self.settle(room=True, hand=False)
                return
            await self.commit(j.Tuoguan(seat=seat, on=True, reason="disconnected"))
            await self.settle(room=True, hand=True)

    def start_after_recovery(self) -> None:
        """Resume clocks and bots; humans are offline until they reconnect (托管 after the grace)."""
        st = self.state
        for i, s in enumerate(st.seats):
            if s.human and not s.tuoguan and st.status in ("waiting", "playing"):
                self.timers.arm(clocks.grace(i), st.seq, st.settings.grace_seconds,
                                self.background("grace", functools.partial(self._grace, i)))
        if st.hand is not None:
            self.cursor = [len(st.hand.events)] * SEATS
        self.schedule()
