"""The PettingZoo AEC environment: four agents ``seat_0``…``seat_3``, one decision at a time.

In a claim window every seat that may claim is asked in turn (the engine waits for all of them);
a seat with nothing to decide is never selected. Rewards are the points each seat won or lost in
a hand, given when the hand ends (zero-sum); the episode ends with the match (``hands=1``: the
hand).
"""

from __future__ import annotations

from typing import Any, ClassVar, SupportsIndex

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from majiang.env.actions import N_ACTIONS
from majiang.env.observation import C
from majiang.env.table import SEATS, EnvTable

AGENTS = [f"seat_{i}" for i in range(SEATS)]
_SEAT = {a: i for i, a in enumerate(AGENTS)}


def observation_space() -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(low=0, high=255, shape=(C, 34), dtype=np.uint8),
        "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
    })


class MajiangAEC(AECEnv):
    metadata: ClassVar[dict[str, Any]] = {"name": "majiang_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, ruleset: str = "anqing", *, mode: str | None = None, room: str | None = None,
                 options: dict[str, Any] | None = None, seed: int | str = 0, hands: int = 1,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.table = EnvTable(ruleset, mode=mode, room=room, options=options, seed=seed, hands=hands)
        self.possible_agents = list(AGENTS)
        self.render_mode = render_mode
        self._obs_space = observation_space()
        self._act_space = spaces.Discrete(N_ACTIONS)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._obs_space

    def action_space(self, agent: str) -> spaces.Space:
        return self._act_space

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._rewarded = False  # the last step ended a hand: self.rewards holds its points
        self.agent_selection = AGENTS[self.table.acting()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.table.observe(_SEAT[agent])

    def step(self, action: SupportsIndex | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: pass an action index, not None")
        # The table first: an action it refuses (not an index, or not legal) leaves the rewards as they were.
        totals = self.table.step(action)  # an index: a float is refused, not truncated
        self._cumulative_rewards[agent] = 0.0
        # Rewards come only when a hand ends: on every other step clearing and accumulating them
        # would change nothing, so it is done only when there is something to clear or add.
        if self._rewarded:
            self._clear_rewards()
            self._rewarded = False
        if totals is not None:
            for i, a in enumerate(AGENTS):
                self.rewards[a] = float(totals[i])
            self._accumulate_rewards()
            self._rewarded = True
        if self.table.finished:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"totals": list(self.table.match.totals)} if self.table.match else {}
            # every agent still gets its last() (with the final reward) before being removed
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = AGENTS[self.table.acting()]

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        hand = self.table.hand
        return f"hand {hand.hand_no} step {len(hand.log)} phase {hand.phase} to act {hand.to_act()}"

    def close(self) -> None:
        pass


def aec_env(ruleset: str = "anqing", *, mode: str | None = None, room: str | None = None,
            options: dict[str, Any] | None = None, seed: int | str = 0, hands: int = 1,
            render_mode: str | None = None) -> MajiangAEC:
    """A PettingZoo AEC environment of one Majiang table (see docs/env.md)."""
    return MajiangAEC(ruleset, mode=mode, room=room, options=options, seed=seed, hands=hands,
                      render_mode=render_mode)
