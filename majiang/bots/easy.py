"""The easy bot: the greedy bot with a beginner's habits.

* **Keeps lone honors.** Among the discards nearest a win it throws suited tiles first — terminals,
  then the rest — and keeps a lone honor (wind or dragon) as if a pair of it were coming; it does not
  count the useful draws each discard leaves (greedy's tie-break), so it often keeps the narrower shape.
* **Misses claims.** A chi, peng or 明杠 that greedy would take is let go half the time
  (``MISS_CLAIM``); a win is always taken.
* **Never folds**: it plays its own hand whatever the others show (as greedy).

Deterministic: the claim it misses is drawn from a generator seeded by the bot's seed and the view
(majiang.bots.seeding), so the same seed and the same views give the same choices.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from majiang.bots.analysis import PartMemo
from majiang.bots.greedy import GreedyContext, Score, decide
from majiang.bots.seeding import decision_seed
from majiang.core.actions import Action, Declare, Discard, Pass
from majiang.engine.view import SeatView

MISS_CLAIM = 0.5


class EasyBot:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.memo = PartMemo()

    def choose(self, view: SeatView) -> Action:
        return decide(view, lambda: _Beginner(view, self))


class _Beginner(GreedyContext):
    def __init__(self, view: SeatView, bot: EasyBot) -> None:
        super().__init__(view, bot.memo)
        self.bot = bot

    def best_discard(self, concealed: list[int], options: Sequence[Discard | Declare], *,
                     need_draws: bool = True) -> tuple[Score, Discard | Declare]:
        effs = self._discard_effs(concealed)[0]
        low = min(effs[a.tile] for a in options)
        wild = self.reader.wild

        def rank(a: Discard | Declare) -> tuple[int, int, int, int]:
            t = a.tile
            honor = 1 if (t >= 27 and t != wild) else 0  # a lone honor is kept for a pair that may come
            terminal = 0 if t < 27 and t % 9 in (0, 8) else 1
            return (1 if t == wild else 0, honor, terminal, 0 if isinstance(a, Declare) else 1)

        nearest = [a for a in options if effs[a.tile] == low]
        return (low, 0), min(nearest, key=rank)

    def claim(self, legal: list[Action]) -> Action:
        choice = super().claim(legal)
        if isinstance(choice, Pass):
            return choice
        if random.Random(decision_seed(self.bot.seed, self.view)).random() < MISS_CLAIM:
            return next((a for a in legal if isinstance(a, Pass)), choice)
        return choice

