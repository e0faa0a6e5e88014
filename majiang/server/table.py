"""A table's owner: one asyncio lock serializes everything that changes it.

Every change goes the same way: check → :meth:`Table.commit` (apply the records to the state,
append them to the log and wait for the commit) → arm clocks and bots → push each connected
seat its own view. Bots, 托管 and clock timeouts act through the very same path as players.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

from majiang.bots import BOTS, make_bot
from majiang.bots.base import Bot
from majiang.engine import action_to_builtins, event_to_builtins, redact, seat_view
from majiang.engine.actions import Action, Pass
from majiang.engine.replay import encode as encode_replay
from majiang.engine.replay import to_replay
from majiang.engine.view import SeatView
from majiang.server.clocks import Timers
from majiang.server.conn import Conn
from majiang.server.protocol import encoder, message
from majiang.server.state import SEATS, TableState
from majiang.server.store import Store

log = logging.getLogger("majiang.server")
Job = Callable[[], Coroutine[Any, Any, None]]

EVICT_SECONDS = 600.0  # a finished or dissolved table leaves memory this long after its last activity
MAX_FAILURES = 5  # consecutive failed timer moves (bot, clock, deal) before the table is closed


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


class Table:
    def __init__(self, state: TableState, store: Store, bot_name: str = "") -> None:
        self.state = state
        self.store = store
        self.bot_name = bot_name or default_bot()
        self.lock = asyncio.Lock()
        self.conns: list[Conn | None] = [None] * SEATS
        self.cursor = [0] * SEATS  # how many of the hand's events each seat has been sent
        self.timers = Timers()
        self._bots: dict[int, Bot] = {}
        self.actions = 0  # applied actions (for figures)
        self._shown: list[bytes | None] = [None] * SEATS  # what each seat's last view showed (see view_message)
        self._failures = 0
        self.broken: str | None = None  # why the table was closed after a failed save
        self.on_closed: Callable[[], Awaitable[None]] | None = None  # the registry forgets the table

    def background(self, what: str, fn: Job) -> Job:
        """A timer callback that never wedges the table: an error is logged, and clocks and bots are
        armed again for whatever the situation is now (after a few failures in a row the table closes)."""
        async def run() -> None:
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
    async def commit(self, *records: tuple[str, dict[str, Any]]) -> None:
        """Apply records in order, append them to the log and wait until they are durable.

        If a write fails the table is ahead of its log: it is closed at once (:meth:`fail`) and
        ``TableError("internal")`` is raised, so nobody is shown a state that was not saved."""
        if self.broken is not None:
            raise TableError("dissolved", f"the room was closed: {self.broken}")
        st = self.state
        futs = []
        for kind, data in records:
            hand_before = st.hand
            over_before = hand_before.over if hand_before is not None else True
            st.apply(kind, data)
            futs.append(self.store.append(st.code, st.seq, kind, data))
            if kind == "act":
                self.actions += 1
                if not over_before and st.hand is not None and st.hand.over:
                    futs.extend(self._hand_finished())
            elif kind == "dissolve":
                futs.append(self.store.set_room_status(st.code, "dissolved", st.totals))
            elif kind == "deal":
                self.cursor = [0] * SEATS
        results = await asyncio.gather(*futs, return_exceptions=True)
        failed = next((r for r in results if isinstance(r, BaseException)), None)
        if failed is not None:
            log.error("table %s: a write failed (%r); closing the table", st.code, failed)
            await self.fail("the table could not be saved")
            raise TableError("internal", "the table could not be saved; it was closed")

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

    def _hand_finished(self) -> list[asyncio.Future[None]]:
        st = self.state
        hand = st.hand
        assert hand is not None and hand.settlement is not None
        s = hand.settlement
        row = {
            "hand_no": hand.hand_no, "dealer": hand.dealer, "streak": hand.streak, "seed": hand.seed,
            "seed_hash": seat_view(hand, None).seed_hash, "players": encoder.encode(st.hand_players).decode(),
            "totals": encoder.encode(s.totals).decode(), "draw": bool(s.draw or not s.winners),
            "settlement": encoder.encode(s).decode(), "replay": encode_replay(to_replay(hand)).decode(),
        }
        seats = [{"seat": i, "player_id": p, "total": s.totals[i], "won": i in s.winners}
                 for i, p in enumerate(st.hand_players)]
        return [self.store.add_hand(st.code, row, seats), self.store.set_room_status(st.code, st.status, st.totals)]

    async def settle(self, *, room: bool, hand: bool) -> None:
        """After a commit: arm clocks/bots/countdowns, then push what changed."""
        self.schedule()
        self.broadcast(room=room, hand=hand)

    # --- pushing -------------------------------------------------------------------------------
    def broadcast(self, *, room: bool, hand: bool) -> None:
        st = self.state
        if st.status == "dissolved":
            extra = {"reason": self.broken} if self.broken else {}
            msg = message("dissolved", st.seq, by=st.dissolved_by, totals=st.totals, **extra)
            for i, c in enumerate(self.conns):
                if c is not None:
                    c.send(msg)
                    c.close(1000)
                    self.conns[i] = None
            self.timers.cancel_all()
            return
        room_msg = message("room", st.seq, room=self.room_json()) if room else None
        for seat, c in enumerate(self.conns):
            if c is None:
                continue
            if room_msg is not None:
                c.send(room_msg)
            if hand and st.hand is not None:
                view = self.view_message(seat)
                if view is not None:
                    c.send(view)
        if hand and st.status == "finished" and st.hand is not None and st.hand.over:
            end = message("match_end", st.seq, totals=st.totals, hands=st.match.hand_no if st.match else 0)
            for c in self.conns:
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
        clock = self.clock_json(seat)
        shown = encoder.encode((view, st.asked[seat], clock and clock["seats"], st.seats[seat].tuoguan))
        if not snapshot and not events and shown == self._shown[seat]:
            return None
        self._shown[seat] = shown
        return message("view", st.seq, asked=st.asked[seat], step=len(hand.log), view=view,
                       events=events, clock=clock, tuoguan=st.seats[seat].tuoguan)

    def snapshot(self, seat: int) -> bytes:
        """The seat's full view (welcome, sync, reconnect): always sent."""
        msg = self.view_message(seat, snapshot=True)
        assert msg is not None
        return msg

    def clock_json(self, seat: int) -> dict[str, Any] | None:
        """Whose decision is timed, as ``seat`` may know it: on a turn the current seat's clock (public);
        in a claim window only the seat's own clock, if it is asked (who else may claim is secret)."""
        timed = [s for s in range(SEATS) if self.timers.armed(f"clock:{s}")]
        hand = self.state.hand
        if hand is not None and hand.phase == "claim":
            timed = [seat] if seat in timed else []
        if not timed:
            return None
        left = self.timers.remaining(f"clock:{seat if seat in timed else timed[0]}")
        assert left is not None
        return {"seats": timed, "remaining": round(left[0], 2), "total": left[1]}

    def room_json(self) -> dict[str, Any]:
        st = self.state
        totals = st.totals
        seats = [{"seat": i, "occupied": s.occupied, "player_id": s.player_id, "name": s.name, "bot": s.bot,
                  "ready": s.ready, "connected": s.bot is not None or self.conns[i] is not None,
                  "tuoguan": s.tuoguan, "total": totals[i]} for i, s in enumerate(st.seats)]
        countdown = None
        left = self.timers.remaining("countdown")
        if left is not None:
            countdown = {"seat": self.timers.key("countdown"), "remaining": round(left[0], 2), "total": left[1]}
        vote = None
        if st.vote is not None:
            vleft = self.timers.remaining("vote")
            vote = {"by": st.vote.by, "votes": {str(k): v for k, v in st.vote.votes.items()},
                    "remaining": round(vleft[0], 2) if vleft else 0.0}
        next_deal = None
        if st.match is not None and st.match.hand.over and not st.match.finished:
            next_deal = {"dealer": st.match.dealer, "streak": st.match.streak}
        return {"code": st.code, "ruleset": st.ruleset_name, "title": st.ruleset.title, "options": st.options,
                "settings": {f: getattr(st.settings, f) for f in st.settings.__struct_fields__},
                "status": st.status, "hand_no": st.match.hand_no if st.match else 0, "seats": seats,
                "totals": totals, "countdown": countdown, "vote": vote, "next_deal": next_deal}

    # --- clocks, bots, countdowns ----------------------------------------------------------------
    def schedule(self, retry: bool = False) -> None:
        """Arm clocks, bot moves and countdowns for the situation now (``retry``: after a failed move,
        bots wait at least a second, so a move that keeps failing does not spin)."""
        st = self.state
        if st.status in ("dissolved", "finished"):
            self.timers.cancel_all()
            if self.on_closed is not None:
                self.timers.arm("evict", st.seq, EVICT_SECONDS, self.background("evict", self._evict))
            return
        bot_delay = max(st.settings.bot_delay, 1.0) if retry else st.settings.bot_delay
        hand = st.hand
        acting = set(hand.to_act()) if st.status == "playing" and hand is not None else set()
        for s in range(SEATS):
            seat = st.seats[s]
            if s in acting and seat.automatic:
                self.timers.cancel(f"clock:{s}")
                if retry:
                    self.timers.cancel(f"bot:{s}")
                self.timers.arm(f"bot:{s}", st.asked[s], bot_delay,
                                self.background("bot move", lambda s=s, a=st.asked[s]: self._bot_move(s, a)))
            elif s in acting:
                self.timers.cancel(f"bot:{s}")
                assert hand is not None
                secs = st.settings.claim_seconds if hand.phase == "claim" else st.settings.discard_seconds
                self.timers.arm(f"clock:{s}", st.asked[s], secs,
                                self.background("clock", lambda s=s, a=st.asked[s]: self._timeout(s, a)))
            else:
                self.timers.cancel(f"clock:{s}")
                self.timers.cancel(f"bot:{s}")
        self._schedule_waiting()

    def _schedule_waiting(self) -> None:
        st = self.state
        if st.ready_to_deal():
            # a short pause when everyone is automatic, so a watcher can read the settlement
            pause = min(3.0, st.settings.bot_delay * 4) if st.match is not None else 0.0
            self.timers.arm("deal", st.seq, pause, self.background("deal", self._deal))
        else:
            self.timers.cancel("deal")
        unready = [i for i, s in enumerate(st.seats) if not s.ready]
        if st.status == "waiting" and all(s.occupied for s in st.seats) and len(unready) == 1:
            seat = unready[0]
            self.timers.arm("countdown", seat, st.settings.ready_seconds,
                            self.background("countdown", lambda: self._countdown(seat)))
        else:
            self.timers.cancel("countdown")

    async def _deal(self) -> None:
        async with self.lock:
            st = self.state
            if not st.ready_to_deal():
                return
            data: dict[str, Any] = {"seed": secrets.token_hex(16)}
            if st.match is None:
                data["match_seed"] = secrets.token_hex(16)
            await self.commit(("deal", data))
            await self.settle(room=True, hand=True)

    async def _countdown(self, seat: int) -> None:
        async with self.lock:
            st = self.state
            if st.status != "waiting" or st.seats[seat].ready or not st.seats[seat].occupied:
                return
            await self.commit(("ready", {"seat": seat, "auto": True}))
            await self.settle(room=True, hand=False)

    async def _timeout(self, seat: int, asked: int) -> None:
        async with self.lock:
            st = self.state
            if st.status != "playing" or st.asked[seat] != asked or st.seats[seat].automatic:
                return
            hand = st.hand
            if hand is not None and hand.phase == "claim" and hand.is_legal(seat, Pass()) is None:
                # A claim window's clock ran out: pass for the seat, without 托管 (a seat switching
                # to 托管 in a claim window would tell the table that it could claim).
                await self.act_locked(seat, Pass())
                return
            await self.commit(("tuoguan", {"seat": seat, "on": True, "reason": "timeout"}))
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

    def bot_for(self, seat: int) -> Bot:
        if seat not in self._bots:
            self._bots[seat] = make_bot(self.state.seats[seat].bot or self.bot_name, secrets.randbits(32))
        return self._bots[seat]

    async def _bot_move(self, seat: int, asked: int) -> None:
        async with self.lock:
            st = self.state
            hand = st.hand
            if st.status != "playing" or hand is None or st.asked[seat] != asked or not st.seats[seat].automatic:
                return
            view = seat_view(hand, seat)
            if not view.legal:
                return
            try:
                action = self.bot_for(seat).choose(view)
                if action not in view.legal:
                    raise ValueError(f"bot chose {action!r}, not legal")
            except Exception:  # a faulty bot must not stall the table
                log.exception("bot failed at table %s seat %d", st.code, seat)
                action = view.legal[0]
            await self.act_locked(seat, action)

    async def act_locked(self, seat: int, action: Action, human: bool = False) -> None:
        records: list[tuple[str, dict[str, Any]]] = []
        hand = self.state.hand
        # Acting ends 托管, but not in a claim window: the room message would show the table who could claim.
        if human and self.state.seats[seat].tuoguan and not (hand is not None and hand.phase == "claim"):
            records.append(("tuoguan", {"seat": seat, "on": False, "reason": "acted"}))
        records.append(("act", {"seat": seat, "action": action_to_builtins(action)}))
        try:
            await self.commit(*records)
        finally:  # even after a failure: clocks and bots are armed again for the situation now
            await self.settle(room=len(records) > 1 or self.state.status != "playing", hand=True)

    # --- connections ---------------------------------------------------------------------------
    async def attach(self, conn: Conn, player_id: str, name: str) -> int:
        async with self.lock:
            st = self.state
            if st.status == "dissolved":
                raise TableError("dissolved", "the room was dissolved")
            seat = st.seat_of(player_id)
            records: list[tuple[str, dict[str, Any]]] = []
            if seat is None:
                seat = st.free_seat()
                if seat is None or st.status != "waiting":
                    raise TableError("room_full", "every seat is taken")
                records.append(("seat", {"seat": seat, "player_id": player_id, "name": name}))
            elif st.seats[seat].tuoguan and st.status != "finished":
                records.append(("tuoguan", {"seat": seat, "on": False, "reason": "reconnected"}))
            if records:
                await self.commit(*records)
            old = self.conns[seat]
            if old is not None:
                old.close(4000)
            self.conns[seat] = conn
            conn.seat = seat
            self.timers.cancel(f"grace:{seat}")
            self.schedule()
            conn.send(message("welcome", st.seq, player_id=player_id, name=name, seat=seat, room=self.room_json()))
            if st.hand is not None:
                conn.send(self.snapshot(seat))
            room_msg = message("room", st.seq, room=self.room_json())
            for i, c in enumerate(self.conns):
                if c is not None and i != seat:
                    c.send(room_msg)
            return seat

    async def detach(self, conn: Conn) -> None:
        async with self.lock:
            seat = conn.seat
            if seat is None or self.conns[seat] is not conn:
                return
            self.conns[seat] = None
            st = self.state
            if st.status in ("waiting", "playing") and st.seats[seat].human:
                self.timers.arm(f"grace:{seat}", st.seq, st.settings.grace_seconds,
                                self.background("grace", lambda: self._grace(seat)))
            self.broadcast(room=True, hand=False)

    async def _grace(self, seat: int) -> None:
        async with self.lock:
            st = self.state
            s = st.seats[seat]
            if self.conns[seat] is not None or not s.human or s.tuoguan or st.status not in ("waiting", "playing"):
                return
            await self.commit(("tuoguan", {"seat": seat, "on": True, "reason": "disconnected"}))
            await self.settle(room=True, hand=True)

    def start_after_recovery(self) -> None:
        """Resume clocks and bots; humans are offline until they reconnect (托管 after the grace)."""
        st = self.state
        for i, s in enumerate(st.seats):
            if s.human and not s.tuoguan and st.status in ("waiting", "playing"):
                self.timers.arm(f"grace:{i}", st.seq, st.settings.grace_seconds,
                                self.background("grace", lambda i=i: self._grace(i)))
        if st.hand is not None:
            self.cursor = [len(st.hand.events)] * SEATS
        self.schedule()
