"""Bots: policies over a seat's view (never the engine state), the same input a remote player has.

``make_bot(name, seed)`` returns an object with ``choose(view) -> Action``; ``BOTS`` lists the names.

A bot's module is imported when its factory is first read from ``BOTS`` (``make_bot``): the strong,
easy and hard bots import every ruleset's scoring (their valuation), which a process that only
names the bots (the lobby's levels, ``--bots`` checks, a server answering its first request) does
not need (issue 28, start-up). ``name in BOTS`` and ``sorted(BOTS)`` import nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping

from majiang.bots.base import Bot
from majiang.bots.random_bot import RandomBot


# Each bot's factory (a Bot class, called with the seed), imported where it is asked for; the imports
# are plain statements, so tests/test_layers.py sees them as the edges they are.
def _greedy() -> Callable[[int], Bot]:
    from majiang.bots.greedy import GreedyBot

    return GreedyBot


def _greedy_v1() -> Callable[[int], Bot]:  # the greedy bot before its speed-up, for the arena's comparison
    from majiang.bots.greedy_v1 import GreedyBotV1

    return GreedyBotV1


def _strong() -> Callable[[int], Bot]:
    from majiang.bots.strong import StrongBot

    return StrongBot


def _easy() -> Callable[[int], Bot]:  # greedy with a beginner's habits (majiang.bots.levels)
    from majiang.bots.easy import EasyBot

    return EasyBot


def _hard() -> Callable[[int], Bot]:  # the strong bot's play, its discards by an expectimax over its own draws
    from majiang.bots.hard import HardBot

    return HardBot


def _random() -> Callable[[int], Bot]:
    return RandomBot


_WHERE: dict[str, Callable[[], Callable[[int], Bot]]] = {
    "random": _random, "greedy": _greedy, "greedy_v1": _greedy_v1, "strong": _strong, "easy": _easy,
    "hard": _hard,
}


class _Bots(Mapping[str, Callable[[int], Bot]]):
    """name → bot factory, each imported on first read."""

    def __init__(self) -> None:
        self._made: dict[str, Callable[[int], Bot]] = {"random": RandomBot}

    def __getitem__(self, name: str) -> Callable[[int], Bot]:
        made = self._made.get(name)
        if made is None:
            made = self._made[name] = _WHERE[name]()
        return made

    def __contains__(self, name: object) -> bool:  # (without importing the bot, as Mapping's would)
        return name in _WHERE

    def __iter__(self) -> Iterator[str]:
        return iter(_WHERE)

    def __len__(self) -> int:
        return len(_WHERE)


BOTS: Mapping[str, Callable[[int], Bot]] = _Bots()


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
