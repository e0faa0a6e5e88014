"""A table's state as a pure function of its log.

Every change to a table is a *record* (majiang/backend/journal.py); :meth:`TableState.apply` is the only
way state changes, both live and when a table is rebuilt after a restart, so recovery is just
applying the stored records again (the engine itself is deterministic). ``seq`` is the number
of records applied: it is the sequence number every server message carries, and it stays
monotonic across restarts because it is the log's length.

Records (docs/server.md): create, seat, leave, ready, deal, act, missed, tuoguan, vote, vote_end, dissolve, void.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.backend import journal as j
from majiang.backend.protocol import RoomSettings
from majiang.core.actions import Action
from majiang.engine import Hand, IllegalAction, Match
from majiang.rules.base import Ruleset
from majiang.rules.registry import make_ruleset

SEATS = 4
# A player who leaves a running match this many times between two hands comes back in 托管, ready,
# until the next hand is dealt: leaving and returning must not hold the next deal back (issue 30).
LEAVES_TO_TUOGUAN = 2


@dataclass
class SeatInfo:
    player_id: str | None = None
    name: str | None = None
    bot: str | None = None  # the bot's kind when a bot holds the seat
    ready: bool = False
    tuoguan: bool = False  # 托管: the bot plays for this human

    @property
    def occupied(self) -> bool:
        return self.player_id is not None or self.bot is not None

    @property
    def human(self) -> bool:
        return self.player_id is not None

    @property
    def automatic(self) -> bool:
        """Played by the server's bot right now (a bot seat, or a human in 托管)."""
        return self.bot is not None or self.tuoguan

    def ident(self) -> str:
        return self.player_id or f"bot:{self.bot}"


@dataclass
class Vote:
    by: int
    votes: dict[int, bool]


class TableState:
    def __init__(self, code: str, ruleset: str, options: dict[str, Any], settings: RoomSettings) -> None:
        self.code = code
        self.ruleset: Ruleset = make_ruleset(ruleset, options)
        self.ruleset_name = ruleset
        self.options = self.ruleset.options_dict()
        self.settings = settings
        self.seats = [SeatInfo() for _ in range(SEATS)]
        self.status = "waiting"  # waiting | playing | finished | dissolved
        self.match: Match | None = None
        self.seq = 0
        # What the players are told of the sequence: the records anyone may know of. An answer in a
        # claim window that leaves it open is secret to the others (that they could claim at all is),
        # so it moves ``seq`` (the log's length) but not ``shown_seq``; every frame, every question's
        # ``asked`` and every ``act``'s seq speak of shown_seq. It too is a function of the log.
        self.shown_seq = 0
        self._secret = False  # the record being applied is a secret answer
        self.hidden_steps: list[bool] = []  # per action of the current hand: a secret answer
        self.asked = [0] * SEATS  # seq at which each seat's current decision was posed
        self.vote: Vote | None = None
        self.vote_result: dict[str, Any] | None = None  # how the last dissolve vote ended (refused/timeout)
        self.dissolved_by: str | None = None
        self.hand_players: list[str] = []  # who sat where when the current hand was dealt
        self.creator: str | None = None  # the player who created the room (rooms per player are capped)
        self.timeouts = [0] * SEATS  # turn clocks each seat let run out in this match (托管 stays on after N)
        self.leaves: dict[str, int] = {}  # player -> times it left the running match since the last deal
        self.missed = [0] * SEATS  # turns in a row each seat's clock played for it (托管 after tuoguan_after)
        # The operator dissolved the hand being played (a ``void`` record): it is dealt again, same number
        self.voided = False
        self.removed: set[str] = set()  # players the operator removed from this room (they may not sit again)
        # each seat's actions in this match and how many of them 托管 took (a rated seat mostly played by
        # 托管 is marked in the record, majiang/platform/ranked.py); derived from the log like timeouts
        self.acts = [0] * SEATS
        self.auto_acts = [0] * SEATS
        self._seeds: dict[int, str] = {}
        # A tournament's table (majiang/server/tourney.py): its round's walls, which one each hand deals
        # and the match seed; from the create record, never shown to anyone before the round is over
        self.duplicate: dict[str, Any] | None = None

    @property
    def hand(self) -> Hand | None:
        return self.match.hand if self.match is not None else None

    @property
    def totals(self) -> list[int]:
        return list(self.match.totals) if self.match is not None else [0] * SEATS

    def seat_of(self, player_id: str) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.player_id == player_id), None)

    def free_seat(self) -> int | None:
        return next((i for i, s in enumerate(self.seats) if not s.occupied), None)

    def ready_to_deal(self) -> bool:
        return (self.status == "waiting" and all(s.occupied and s.ready for s in self.seats)
                and not (self.match is not None and self.match.finished))

    # --- applying records -------------------------------------------------------------------
    def apply(self, record: j.AnyRecord) -> None:
        """Apply one record; raises (IllegalAction/ValueError) with the state unchanged."""
        self._secret = False
        match record:
            case j.Create():  # the constructor already took the rest (recovery reads it back)
                self.creator, self.duplicate = record.by, record.duplicate
            case j.Seat():
                self._r_seat(record.seat, record.player_id, record.name, record.bot)
            case j.Leave():
                self._r_leave(record.seat, record.reason)
            case j.Ready():
                self.seats[record.seat].ready = True
            case j.Deal():
                self._r_deal(record.seed, record.match_seed)
            case j.Act():
                self._r_act(record.seat, record.action, record.own)
            case j.Tuoguan():
                self._r_tuoguan(record.seat, record.on, record.reason)
            case j.Missed():
                self.missed[record.seat] += 1
            case j.Vote():
                self._r_vote(record.seat, record.agree)
            case j.VoteEnd():
                self._r_vote_end(record.result)
            case j.Void():
                self._r_void(record.by, record.reason)
            case j.Dissolve():
                self._r_dissolve(record.by)
            case _:  # (a Record subclass the journal does not know: a programming error)
                raise ValueError(f"unknown record {record!r}")
        self.seq += 1
        if not self._secret:
            self.shown_seq += 1
        if isinstance(record, j.Deal):
            hand = self.hand
            assert hand is not None
            for s in hand.to_act():
                self.asked[s] = self.shown_seq

    def duplicate_seed(self) -> str | None:
        """The seed a tournament table deals next: its round's wall for that hand number (a hand dealt
        again after the operator voided it takes a fresh seed: its wall was seen). None elsewhere."""
        d = self.duplicate
        if d is None or self.voided:
            return None
        n = 1 if self.match is None else self.match.hand_no + 1
        seeds = d["seeds"]
        return str(seeds[(n - 1 + int(d["table"])) % len(seeds)])

    def _r_seat(self, seat: int, player_id: str | None, name: str, bot: str | None = None) -> None:
        if self.seats[seat].occupied:
            raise ValueError(f"seat {seat} is taken")
        # Bots are always ready: a table of one human and three bots waits only for the human.
        self.seats[seat] = SeatInfo(player_id=player_id, name=name, bot=bot, ready=bot is not None)
        self.timeouts[seat] = 0
        if player_id is not None and self.leaves_locked(player_id):
            self.seats[seat].tuoguan = self.seats[seat].ready = True
        self.missed[seat] = 0
        self.acts[seat] = self.auto_acts[seat] = 0

    def _r_leave(self, seat: int, reason: str = "") -> None:
        """``reason``: "" (the player left), "absent" (not connected within the grace period) or
        "removed" (by the operator: the player may not sit here again)."""
        if self.status == "playing":
            raise ValueError("cannot leave during a hand")
        player = self.seats[seat].player_id
        if player is not None and self.match is not None:
            self.leaves[player] = self.leaves.get(player, 0) + 1
        who = self.seats[seat].player_id
        if reason == "removed" and who is not None:
            self.removed.add(who)
        self.seats[seat] = SeatInfo()
        self.timeouts[seat] = 0
        # A dissolve vote outlives a leave (each leave used to erase it): only the leaver's own answer goes.
        if self.vote is not None:
            self.vote.votes.pop(seat, None)
        self.missed[seat] = 0
        if self.match is not None:
            self.match.new_game()  # a new player means a new game: the dealer's streak starts again

    def _r_deal(self, seed: str, match_seed: str | None = None) -> None:
        if not self.ready_to_deal():
            raise ValueError("not everyone is ready")
        if self.match is None:
            assert match_seed is not None
            self._seeds[1] = seed
            self.timeouts = [0] * SEATS
            self.acts, self.auto_acts = [0] * SEATS, [0] * SEATS
            self.match = Match(self.ruleset, hands=self.settings.hands, seed=match_seed,
                               seed_source=self._seeds.__getitem__)  # the first dealer: from match_seed
        elif self.voided:  # the voided hand's number is dealt again, from a fresh seed, as a new game
            m = self.match
            self._seeds[m.hand_no] = seed
            m.hand = Hand(self.ruleset, seed, dealer=m.dealer, streak=m.streak, hand_no=m.hand_no,
                          dealer_dice=m.dealer_dice if m.hand_no == 1 else (), round_wind=m.round_wind)
            self.voided = False
        else:
            self._seeds[self.match.hand_no + 1] = seed
            self.match.next_hand()
        self.status = "playing"
        self.hand_players = [s.ident() for s in self.seats]
        self.leaves.clear()
        self.hidden_steps = []

    def _r_act(self, seat: int, action: Action, own: bool = False) -> None:
        """``own``: the player chose it (not its bot, 托管 or a clock): its run of missed turns ends."""
        hand = self.hand
        if self.status != "playing" or self.match is None or hand is None:
            raise IllegalAction("no hand is being played")
        before = set(hand.to_act())
        window = hand.claim if hand.phase == "claim" else None
        self.match.apply(seat, action)
        self.acts[seat] += 1
        if self.seats[seat].tuoguan:
            self.auto_acts[seat] += 1
        after = set(hand.to_act())
        if own:
            self.missed[seat] = 0
        # the same claim window still open: this answer is known to its seat only
        self._secret = window is not None and hand.phase == "claim" and hand.claim is window
        self.hidden_steps.append(self._secret)
        # A seat's question is new if it was not being asked before, or it just acted itself (a kong
        # and its replacement draw); another seat's answer in a claim window leaves it standing.
        for s in after:
            if s == seat or s not in before:
                self.asked[s] = self.shown_seq + 1
        if hand.over:
            self.status = "finished" if self.match.finished else "waiting"
            for info in self.seats:
                info.ready = info.automatic

    def _r_tuoguan(self, seat: int, on: bool, reason: str = "") -> None:
        st = self.seats[seat]
        st.tuoguan = on
        self.missed[seat] = 0  # 托管 taking over (or handing back) starts the count of missed turns again
        if on and reason == "timeout":
            self.timeouts[seat] += 1
        if on and self.status == "waiting":
            st.ready = True

    def _r_vote(self, seat: int, agree: bool) -> None:
        if self.vote is None:
            self.vote = Vote(by=seat, votes={})
        self.vote.votes[seat] = agree

    def _r_vote_end(self, result: str) -> None:
        v = self.vote
        # How the last vote ended, for the room message: the asker is told who refused.
        self.vote_result = {"by": v.by if v else None, "result": result, "seq": self.shown_seq + 1,
                            "refused": sorted(s for s, agree in (v.votes.items() if v else []) if not agree)}
        self.vote = None

    def _r_void(self, by: str, reason: str = "") -> None:
        """The operator dissolved the table's hand (Hefei: "网管解散算作新一局开始"): the hand being
        played is dropped unscored and dealt again under the same number; either way a new game starts
        (``Match.new_game``: where the ruleset says so the streak, 连庄, is 1 again; the dealer stays)."""
        if self.match is None or self.status not in ("waiting", "playing"):
            raise ValueError(f"no match to dissolve a hand of (the room is {self.status})")
        if self.status == "playing":
            self.voided = True
            self.status = "waiting"
            for s in self.seats:
                s.ready = s.automatic
        self.vote = None
        self.match.new_game()

    def _r_dissolve(self, by: str) -> None:
        self.status = "dissolved"
        self.dissolved_by = by
        self.vote = None

    def public_step(self, steps: int) -> int:
        """The first ``steps`` actions of the current hand as the players count them (secret answers
        left out): the ``step`` every view carries."""
        return steps - sum(self.hidden_steps[:steps])

    # --- questions --------------------------------------------------------------------------
    def vote_passed(self, connected: set[int]) -> bool:
        """Every connected human agrees (an absent player cannot hold the table hostage)."""
        v = self.vote
        return v is not None and all(v.votes.get(i) is True for i, s in enumerate(self.seats)
                                     if s.human and i in connected)

    def leaves_locked(self, player_id: str) -> bool:
        """The player left this match's table LEAVES_TO_TUOGUAN times since the last deal: it sits in
        托管 until the next hand is dealt."""
        return self.match is not None and self.status == "waiting" and \
            self.leaves.get(player_id, 0) >= LEAVES_TO_TUOGUAN

    def tuoguan_locked(self, seat: int) -> bool:
        """托管 stays on for the rest of the match once the seat's clock ran out ``max_timeouts`` times,
        and until the next deal for a player who left too often since the last one (leaves_locked)."""
        player = self.seats[seat].player_id
        return self.timeouts[seat] >= self.settings.max_timeouts or (
            player is not None and self.leaves_locked(player))
