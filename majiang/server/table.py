"""A table's owner: one asyncio lock serializes everything that changes it.

Every change goes the same way: check → :meth:`Table.commit` (apply the records to the state,
append them to the log and wait for the commit) → arm clocks and bots → push each connected
seat its own view. Bots, 托管 and clock timeouts act through the very same path as players.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from typing import Any

from majiang.bots import BOTS, make_bot
from majiang.bots.base import Bot
from majiang.engine import action_to_builtins, event_to_builtins, redact, seat_view
from majiang.engine.actions import Action
from majiang.engine.replay import encode as encode_replay
from majiang.engine.replay import to_replay
from majiang.server.clocks import Timers
from majiang.server.conn import Conn
from majiang.server.protocol import encoder, message
from majiang.server.state import SEATS, TableState
from majiang.server.store import Store

log = logging.getLogger("majiang.server")


def default_bot() -> str:
    return "greedy" if "greedy" in BOTS else "random"


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

    @property
    def code(self) -> str:
        return self.state.code

    # --- the one way to change a table ---------------------------------------------------
    async def commit(self, *records: tuple[str, dict[str, Any]]) -> None:
        """Apply records in order, append them to the log and wait until they are durable."""
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
        await asyncio.gather(*futs)

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
            msg = message("dissolved", st.seq, by=st.dissolved_by, totals=st.totals)
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
                c.send(self.view_message(seat))
        if hand and st.status == "finished" and st.hand is not None and st.hand.over:
            end = message("match_end", st.seq, totals=st.totals, hands=st.match.hand_no if st.match else 0)
            for c in self.conns:
                if c is not None:
                    c.send(end)

    def view_message(self, seat: int, snapshot: bool = False) -> bytes:
        st = self.state
        hand = st.hand
        assert hand is not None
        if snapshot:
            events: list[dict[str, object]] = []
        else:
            events = [event_to_builtins(redact(e, seat)) for e in hand.events[self.cursor[seat]:]]
        self.cursor[seat] = len(hand.events)
        return message("view", st.seq, asked=st.asked[seat], step=len(hand.log), view=seat_view(hand, seat),
                       events=events, clock=self.clock_json(seat), tuoguan=st.seats[seat].tuoguan)

    def clock_json(self, seat: int) -> dict[str, Any] | None:
        timed = [s for s in range(SEATS) if self.timers.armed(f"clock:{s}")]
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
    def schedule(self) -> None:
        st = self.state
        if st.status in ("dissolved", "finished"):
            self.timers.cancel_all()
            return
        hand = st.hand
        acting = set(hand.to_act()) if st.status == "playing" and hand is not None else set()
        for s in range(SEATS):
            seat = st.seats[s]
            if s in acting and seat.automatic:
                self.timers.cancel(f"clock:{s}")
                self.timers.arm(f"bot:{s}", st.asked[s], st.settings.bot_delay, lambda s=s, a=st.asked[s]:
                                self._bot_move(s, a))
            elif s in acting:
                self.timers.cancel(f"bot:{s}")
                assert hand is not None
                secs = st.settings.claim_seconds if hand.phase == "claim" else st.settings.discard_seconds
                self.timers.arm(f"clock:{s}", st.asked[s], secs, lambda s=s, a=st.asked[s]: self._timeout(s, a))
            else:
                self.timers.cancel(f"clock:{s}")
                self.timers.cancel(f"bot:{s}")
        self._schedule_waiting()

    def _schedule_waiting(self) -> None:
        st = self.state
        if st.ready_to_deal():
            # a short pause when everyone is automatic, so a watcher can read the settlement
            pause = min(3.0, st.settings.bot_delay * 4) if st.match is not None else 0.0
            self.timers.arm("deal", st.seq, pause, self._deal)
        else:
            self.timers.cancel("deal")
        unready = [i for i, s in enumerate(st.seats) if not s.ready]
        if st.status == "waiting" and all(s.occupied for s in st.seats) and len(unready) == 1:
            self.timers.arm("countdown", unready[0], st.settings.ready_seconds, lambda: self._countdown(unready[0]))
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
            await self.commit(("tuoguan", {"seat": seat, "on": True, "reason": "timeout"}))
            await self.settle(room=True, hand=True)

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
        if human and self.state.seats[seat].tuoguan:
            records.append(("tuoguan", {"seat": seat, "on": False, "reason": "acted"}))
        records.append(("act", {"seat": seat, "action": action_to_builtins(action)}))
        await self.commit(*records)
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
                conn.send(self.view_message(seat, snapshot=True))
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
                self.timers.arm(f"grace:{seat}", st.seq, st.settings.grace_seconds, lambda: self._grace(seat))
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
                self.timers.arm(f"grace:{i}", st.seq, st.settings.grace_seconds, lambda i=i: self._grace(i))
        if st.hand is not None:
            self.cursor = [len(st.hand.events)] * SEATS
        self.schedule()
