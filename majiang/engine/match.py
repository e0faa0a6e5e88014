"""A match: hands in sequence with dealer rotation, the dealer's streak and running totals."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import TYPE_CHECKING

from majiang.core.actions import Action
from majiang.core.events import Event
from majiang.engine.hand import Hand, IllegalAction
from majiang.engine.record import HandRecord

if TYPE_CHECKING:
    from majiang.rules.base import Ruleset


def derived_seed(match_seed: str, hand_no: int) -> str:
    """A reproducible per-hand seed for simulations and tests (the server draws fresh ones from `secrets`)."""
    import hashlib  # (here: its OpenSSL library is ≈ 2–3 ms of every import of the engine; issue 28)

    return hashlib.sha256(f"{match_seed}:{hand_no}".encode()).hexdigest()[:32]


class Match:
    def __init__(
        self,
        ruleset: Ruleset,
        *,
        hands: int = 8,
        seed: str = "",
        seed_source: Callable[[int], str] | None = None,
        first_dealer: int | None = None,
    ) -> None:
        if hands < 1:
            raise ValueError(f"a match has at least one hand, got {hands}")
        self.ruleset = ruleset
        self.hands_total = hands
        self.match_seed = seed
        self._seed_source = seed_source or (lambda n: derived_seed(seed, n))
        self.totals = [0] * ruleset.seats
        self.history: list[HandRecord] = []
        # The first dealer comes from the match's seeded source (Anqing: a dice roll, shown at the
        # table and kept in the first hand's replay); ``first_dealer`` overrides it (tests, old logs).
        self.dealer_dice: tuple[int, ...] = ()
        if first_dealer is None:
            first_dealer, self.dealer_dice = ruleset.first_deal(derived_seed(seed, 0))
        self.dealer = first_dealer
        self.streak = ruleset.flags.first_streak
        self.hand_no = 0
        # A match of N 圈 (ruleset option) ends when the deal has moved on 4N times; ``hands`` is then a cap.
        self.rounds = ruleset.flags.match_rounds
        self.deal_moves = 0
        self.hand: Hand = self._new_hand()

    def __deepcopy__(self, memo: dict[int, object]) -> Match:
        """An independent match at the same point (to branch a game: search, what-ifs). The
        current hand is replayed from its log (see ``Hand.__deepcopy__``); the finished hands'
        records are copied; the ruleset is shared (it keeps no per-hand state). Compiled with
        mypyc, a match cannot be rebuilt attribute by attribute as ``copy`` otherwise would."""
        twin = Match(self.ruleset, hands=self.hands_total, seed=self.match_seed, seed_source=self._seed_source,
                     first_dealer=self.dealer)
        memo[id(self)] = twin
        twin.totals = list(self.totals)
        twin.history = copy.deepcopy(self.history, memo)
        twin.dealer_dice, twin.dealer, twin.streak = self.dealer_dice, self.dealer, self.streak
        twin.hand_no, twin.rounds, twin.deal_moves = self.hand_no, self.rounds, self.deal_moves
        twin.hand = copy.deepcopy(self.hand, memo)
        return twin

    def _new_hand(self) -> Hand:
        self.hand_no += 1
        return Hand(self.ruleset, self._seed_source(self.hand_no), dealer=self.dealer, streak=self.streak,
                    hand_no=self.hand_no, dealer_dice=self.dealer_dice if self.hand_no == 1 else (),
                    round_wind=self.round_wind)

    @property
    def round_wind(self) -> int:
        """圈风: 东 in the first 圈, moving 东→南→西→北 each time the deal has gone round all seats."""
        return self.rounds_done % 4

    @property
    def rounds_done(self) -> int:
        """Whole 圈 played: the deal has passed every seat once per 圈."""
        return self.deal_moves // self.ruleset.seats

    @property
    def finished(self) -> bool:
        if not self.hand.over:
            return False
        if self.rounds and self.rounds_done >= self.rounds:
            return True
        return self.hand_no >= self.hands_total

    def apply(self, seat: int, action: Action) -> list[Event]:
        hand = self.hand
        if hand.phase == "over":
            raise IllegalAction("the hand is over; start the next one")
        events = hand.apply(seat, action)
        if hand.phase == "over":
            self._record()
        return events

    def _record(self) -> None:
        hand = self.hand
        assert hand.settlement is not None and hand.outcome is not None
        for i, v in enumerate(hand.settlement.totals):
            self.totals[i] += v
        self.history.append(
            HandRecord(hand_no=hand.hand_no, dealer=hand.dealer, streak=hand.streak, seed=hand.seed,
                       actions=list(hand.log), settlement=hand.settlement, dealer_dice=hand.dealer_dice,
                       round_wind=hand.round_wind)
        )
        self.dealer, self.streak = self.ruleset.next_deal(hand.dealer, hand.streak, hand.outcome)
        if self.dealer != hand.dealer:
            self.deal_moves += 1

    def next_hand(self) -> Hand:
        if not self.hand.over:
            raise IllegalAction("the current hand is not over")
        if self.finished:
            raise IllegalAction(f"the match is over after {self.hand_no} hands")
        self.hand = self._new_hand()
        return self.hand

    def new_game(self) -> None:
        """A player left or the operator dissolved the table: where the ruleset says so (Hefei), the
        streak starts again (the dealer stays); Anqing has no such rule, so k carries on."""
        if self.ruleset.flags.new_game_resets_streak:
            self.streak = self.ruleset.flags.first_streak
