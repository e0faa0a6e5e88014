"""The bot interface."""

from __future__ import annotations

from typing import Protocol

from majiang.engine.actions import Action
from majiang.engine.view import SeatView


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal`` (never empty when a bot is asked)."""
        ...
