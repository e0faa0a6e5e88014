"""Bots: policies over a seat's view (never the engine state), the same input a remote player has.

``make_bot(name, seed)`` returns an object with ``choose(view) -> Action``; ``BOTS`` lists the names.
"""

from __future__ import annotations

from collections.abc import Callable

from majiang.bots.base import Bot
from majiang.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}


def _register_optional() -> None:
    try:
        from majiang.bots.greedy import GreedyBot
    except ImportError:  # the greedy bot lands separately
        return
    BOTS["greedy"] = GreedyBot
    from majiang.bots.easy import EasyBot
    from majiang.bots.greedy_v1 import GreedyBotV1
    from majiang.bots.hard import HardBot
    from majiang.bots.strong import StrongBot

    BOTS["greedy_v1"] = GreedyBotV1  # the greedy bot before its speed-up, for the arena's comparison
    BOTS["strong"] = StrongBot
    BOTS["easy"] = EasyBot  # greedy with a beginner's habits (majiang.bots.levels)
    BOTS["hard"] = HardBot  # the strong bot's choice checked by search over imagined hands


_register_optional()


def make_bot(name: str, seed: int = 0) -> Bot:
    if name.startswith("cmd:"):  # an external program speaking the bot protocol (docs/bot-protocol.md)
        from majiang.bots.external import ExternalBot

        return ExternalBot(name, seed)
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot {name!r}; choose from {', '.join(sorted(BOTS))}") from None
    return factory(seed)


__all__ = ["BOTS", "Bot", "RandomBot", "make_bot"]
