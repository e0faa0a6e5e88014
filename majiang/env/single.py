"""A Gymnasium single-agent wrapper: one learner seat, the other three played by named bots.

``step`` plays the learner's action, then lets the bots act until the learner has a decision
again (or the match ends); the reward is the learner's points from every hand that ended in
between, so rewards over an episode add up to the learner's match total.
"""

from __future__ import annotations

import random
from typing import Any, SupportsIndex

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from majiang.bots import make_bot
from majiang.bots.base import Bot
from majiang.core.events import redact
from majiang.engine.hand import Hand
from majiang.engine.view import light_view, seat_view
from majiang.env.actions import N_ACTIONS
from majiang.env.aec import observation_space
from majiang.env.table import SEATS, EnvTable


class SingleAgentEnv(gym.Env):
    # gymnasium declares it an instance attribute (a ClassVar here clashes with that for mypy)
    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012

    def __init__(self, ruleset: str = "anqing", *, mode: str | None = None, room: str | None = None,
                 options: dict[str, Any] | None = None, seed: int | str = 0, hands: int = 1,
                 opponents: str | list[str] = "strong", seat: int | None = 0) -> None:
        names = [opponents] * (SEATS - 1) if isinstance(opponents, str) else list(opponents)
        if len(names) != SEATS - 1:
            raise ValueError(f"opponents: one bot name or three, got {len(names)}")
        self.opponent_names = names
        for n in names:
            make_bot(n)  # fail now, naming the unknown bot, rather than at the first step
        if seat is not None and not 0 <= seat < SEATS:
            raise ValueError(f"seat must be 0–3 or None (a random seat each episode), got {seat}")
        self.fixed_seat = seat
        self.table = EnvTable(ruleset, mode=mode, room=room, options=options, seed=seed, hands=hands)
        self.observation_space = observation_space()
        self.action_space = spaces.Discrete(N_ACTIONS)
        self.seat = seat or 0
        self.bots: dict[int, Bot] = {}
        self._fed_hand: Hand | None = None  # the hand whose events the bots have been shown, and how many
        self._fed = 0
        self._rng = random.Random(str(seed))

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(str(seed))
        self.table.reset(seed)
        while True:
            self.seat = self.fixed_seat if self.fixed_seat is not None else self._rng.randrange(SEATS)
            others = [s for s in range(SEATS) if s != self.seat]
            self.bots = {s: make_bot(n, self._rng.getrandbits(32))
                         for s, n in zip(others, self.opponent_names, strict=True)}
            self._fed_hand, self._fed = None, 0
            reward = self._run_bots()
            if not self.table.finished:
                break
            # The bots settled the whole match before the learner had a single decision (a 天胡 in a
            # one-hand match): there is nothing to learn from it, so deal the next match instead.
            self.table.reset()
        info = {"seat": self.seat, "reward_before_first_decision": reward}
        return self.table.observe(self.seat), info

    def step(self, action: SupportsIndex) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.table.finished:
            raise RuntimeError("the episode is over: call reset()")
        if self.table.acting() != self.seat:
            raise RuntimeError("the learner has no decision now (call reset())")
        reward = 0.0
        totals = self.table.step(action)  # an index: a float is refused, not truncated
        if totals is not None:
            reward += totals[self.seat]
        reward += self._run_bots()
        done = self.table.finished
        info: dict[str, Any] = {"seat": self.seat}
        if done and self.table.match is not None:
            info["totals"] = list(self.table.match.totals)
        return self.table.observe(self.seat), reward, done, False, info

    def action_masks(self) -> np.ndarray:
        """The current mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.table.observe(self.seat)["action_mask"]

    def _feed(self) -> None:
        """Show bots with an observe() hook (the cmd: bot) their seat's redacted events so far,
        finishing a hand that just ended first."""
        hand = self.table.hand
        if self._fed_hand is not hand:
            if self._fed_hand is not None:
                self._show(self._fed_hand, self._fed)
            self._fed_hand, self._fed = hand, 0
        self._fed = self._show(hand, self._fed)

    def _show(self, hand: Hand, start: int) -> int:
        new = hand.events[start:]
        if new:
            for seat, bot in self.bots.items():
                if hasattr(bot, "observe"):
                    bot.observe([redact(e, seat) for e in new])
        return len(hand.events)

    def _run_bots(self) -> float:
        """Let the bots act until the learner decides or the match ends; the learner's points meanwhile."""
        reward = 0.0
        table = self.table
        while not table.finished:
            seat = table.acting()
            self._feed()
            if seat == self.seat:
                break
            bot = self.bots[seat]
            make_view = light_view if getattr(bot, "view_detail", "full") == "legal" else seat_view
            totals = table.apply(seat, bot.choose(make_view(table.hand, seat)))
            if totals is not None:
                reward += totals[self.seat]
        self._feed()
        return reward


def single_agent(ruleset: str = "anqing", *, mode: str | None = None, room: str | None = None,
                 options: dict[str, Any] | None = None, seed: int | str = 0, hands: int = 1,
                 opponents: str | list[str] = "strong", seat: int | None = 0) -> SingleAgentEnv:
    """A Gymnasium env of one learner seat against ``opponents`` (a bot name, or three)."""
    return SingleAgentEnv(ruleset, mode=mode, room=room, options=options, seed=seed, hands=hands,
                          opponents=opponents, seat=seat)
