"""A match: hands in sequence with dealer rotation, the dealer's streak and running totals."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import msgspec

from majiang.engine.actions import Action
from majiang.engine.events import Event
from majiang.engine.hand import Hand, IllegalAction
from majiang.rules.base import Ruleset
from majiang.rules.settlement import Settlement


class HandRecord(msgspec.Struct):
    hand_no: int
    dealer: int
    streak: int
    seed: str
    actions: list[tuple[int, Action]]
    settlement: Settlement


def derived_seed(match_seed: str, hand_no: int) -> str:
    """A reproducible per-hand seed for simulations and tests (the server draws fresh ones from `secrets`)."""
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
        if first_dealer is None:
            first_dealer = ruleset.first_dealer(derived_seed(seed, 0))
        self.dealer = first_dealer
        self.streak = ruleset.first_streak
        self.hand_no = 0
        self.hand: Hand = self._new_hand()

    def _new_hand(self) -> Hand:
        self.hand_no += 1
        return Hand(self.ruleset, self._seed_source(self.hand_no), dealer=self.dealer, streak=self.streak,
                    hand_no=self.hand_no)

    @property
    def finished(self) -> bool:
        return self.hand.over and self.hand_no >= self.hands_total

    def apply(self, seat: int, action: Action) -> list[Event]:
        if self.hand.over:
            raise IllegalAction("the hand is over; start the next one")
        events = self.hand.apply(seat, action)
        if self.hand.over:
            self._record()
        return events

    def _record(self) -> None:
        hand = self.hand
        assert hand.settlement is not None and hand.outcome is not None
        for i, v in enumerate(hand.settlement.totals):
            self.totals[i] += v
        self.history.append(
            HandRecord(hand_no=hand.hand_no, dealer=hand.dealer, streak=hand.streak, seed=hand.seed,
                       actions=list(hand.log), settlement=hand.settlement)
        )
        self.dealer, self.streak = self.ruleset.next_deal(hand.dealer, hand.streak, hand.outcome)

    def next_hand(self) -> Hand:
        if not self.hand.over:
            raise IllegalAction("the current hand is not over")
        if self.finished:
            raise IllegalAction(f"the match is over after {self.hands_total} hands")
        self.hand = self._new_hand()
        return self.hand

    def new_game(self) -> None:
        """A player left or the operator dissolved the table: the streak starts again (dealer stays)."""
        self.streak = self.ruleset.first_streak
