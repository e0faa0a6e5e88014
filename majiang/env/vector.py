"""Many tables stepped as one batch, for throughput (numpy only; no gymnasium needed).

``VectorEnv(n)`` holds ``n`` independent tables. Each has one acting seat at a time; ``step``
takes one action index per table and returns the batched observations and masks of the seats
that act next, the points each seat won in hands that ended (``rewards``, shape (n, 4)) and which
tables finished a match (those are reset at once: their next observation is a new match's).
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, SupportsIndex

from majiang.env.actions import N_ACTIONS
from majiang.env.observation import C
from majiang.env.table import SEATS, EnvTable
from majiang.env.tracker import L

if TYPE_CHECKING:
    import numpy as np  # (imported where used: `import majiang.env` stays under 60 ms, numpy alone ~60-90)


class VectorEnv:
    def __init__(self, n: SupportsIndex, ruleset: str = "anqing", *, mode: str | None = None,
                 room: str | None = None, options: Mapping[str, Any] | None = None, seed: object = 0,
                 hands: SupportsIndex = 1) -> None:
        import numpy as np

        count = operator.index(n)
        if count < 1:
            raise ValueError(f"n must be at least 1, got {count}")
        self.tables = [EnvTable(ruleset, mode=mode, room=room, options=options, seed=f"{seed}:{i}", hands=hands)
                       for i in range(count)]
        # One ruleset for the whole batch: it keeps no per-hand state, and the tables then share one
        # set of its caches (fewer distinct objects for the memory caches to hold on every step).
        for t in self.tables[1:]:
            t.ruleset = self.tables[0].ruleset
        self.n = count
        # Each table writes its planes and mask straight into one buffer per batch, which the
        # arrays below wrap: no numpy call per table and step.
        self._planes = bytearray(count * L)
        self._masks = bytearray(count * N_ACTIONS)
        self.observations = np.ndarray((count, C, 34), np.uint8, self._planes)
        self.masks = np.ndarray((count, N_ACTIONS), np.int8, self._masks)
        self.seats = np.zeros(count, dtype=np.int64)

    def __deepcopy__(self, memo: dict[int, object]) -> VectorEnv:
        """Independent tables at the same point (each deep-copied: see ``EnvTable.__deepcopy__``) with
        batch arrays of their own, holding what these hold now. (Compiled with mypyc, the batch
        cannot be rebuilt attribute by attribute as ``copy`` otherwise would.)"""
        import numpy as np

        twin = VectorEnv(1)
        memo[id(self)] = twin
        twin.tables = [copy.deepcopy(t, memo) for t in self.tables]
        twin.n = self.n
        twin._planes, twin._masks = bytearray(self._planes), bytearray(self._masks)
        twin.observations = np.ndarray((self.n, C, 34), np.uint8, twin._planes)
        twin.masks = np.ndarray((self.n, N_ACTIONS), np.int8, twin._masks)
        twin.seats = self.seats.copy()
        return twin

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(observations (n, C, 34), masks (n, A), acting seats (n,))."""
        for i, t in enumerate(self.tables):
            t.reset()
            self.seats[i] = self._observe(i)
        return self.observations, self.masks, self.seats

    def _observe(self, i: int) -> int:
        """Copy table ``i``'s acting seat's planes and mask into the batch; returns that seat."""
        t = self.tables[i]
        seat = t.acting()
        t.observe_into(seat, self._planes, i * L, self._masks, i * N_ACTIONS)
        return seat

    def step(self, actions: object) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(observations, masks, acting seats, rewards (n, 4), match finished (n,)) for one action
        index per table (a numpy array, a list, a tuple, anything numpy reads as one row of ints).
        The arrays are reused from step to step: copy what you keep."""
        import numpy as np

        batch: np.ndarray = actions if isinstance(actions, np.ndarray) else np.asarray(actions)
        if batch.shape != (self.n,) or (batch.size and batch.dtype.kind not in "iu"):
            raise ValueError(f"one action per table (an integer each): {self.n} expected, got {actions!r}")
        rewards = np.zeros((self.n, SEATS), dtype=np.float32)
        done = np.zeros(self.n, dtype=bool)
        # Plain ints once for the batch (indexing an array item by item makes a numpy scalar each).
        chosen: list[int] = batch.tolist()
        seats = []
        for i, t in enumerate(self.tables):
            totals = t.step(chosen[i])
            if totals is not None:
                rewards[i] = totals
            if t.finished:
                done[i] = True
                t.reset()
            seats.append(self._observe(i))
        self.seats[:] = seats
        return self.observations, self.masks, self.seats, rewards, done

    def random_actions(self, rng: np.random.Generator) -> np.ndarray:
        """A uniformly random legal index per table (for baselines and the benchmark): one uniform
        draw per table, from one call to ``rng``, picks among the acting seat's legal indices (those
        the last ``step``'s masks hold), read from the table's own list of them: no pass over the
        (n, A) masks, whose numpy calls cost more than the choice itself."""
        draws: list[float] = rng.random(self.n).tolist()
        out: list[int] = []
        for i, t in enumerate(self.tables):
            idx = t.legal_indices()
            k = len(idx)
            out.append(idx[min(int(draws[i] * k), k - 1)])  # (min: a draw is < 1, but never trust rounding)
        import numpy as np

        return np.array(out, dtype=np.int64)
