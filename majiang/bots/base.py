"""The bot interface.

Optional hook: a bot may also define ``observe(events)``; the simulation runner then calls it with
its seat's events, each passed through ``redact(event, seat)``, before every decision and once when
the hand ends (the ``cmd:`` bot forwards them to its program, majiang.bots.external).
"""

from __future__ import annotations

from typing import Protocol

from majiang.core.actions import Action
from majiang.engine.view import SeatView


class Bot(Protocol):
    name: str

    def choose(self, view: SeatView) -> Action:
        """One of ``view.legal`` (never empty when a bot is asked)."""
        ...
