"""A uniformly random legal action; deterministic under its seed."""

from __future__ import annotations

import random

from majiang.core.actions import Action
from majiang.engine.view import SeatView


class RandomBot:
    name = "random"
    view_detail = "legal"  # decides from view.legal alone: a light view will do (see engine.view.light_view)

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        if not view.legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal)
