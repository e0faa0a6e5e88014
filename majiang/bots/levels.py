"""Bot levels: what a player chooses in the lobby, and the bot that plays each.

======== ======== ======= ==========================================================
level    中文     bot     plays
======== ======== ======= ==========================================================
easy     入门     easy    like a beginner: keeps lone honors, misses claims, never folds
normal   普通     strong  expected value from the ruleset's scoring, defence (the strong bot)
hard     高手     hard    the strong bot's play, discards by expectimax on own draws
======== ======== ======= ==========================================================

A room has a level for the bots it seats and one for 托管 (normal unless the room says otherwise); a
seat may be given its own when its bot is added.
"""

from __future__ import annotations

from typing import Final

import msgspec


class Level(msgspec.Struct, frozen=True):
    name: str
    bot: str  # the name in majiang.bots.BOTS
    zh: str
    en: str


LEVELS: Final[dict[str, Level]] = {
    "easy": Level("easy", "easy", "入门", "Easy"),
    "normal": Level("normal", "strong", "普通", "Normal"),
    "hard": Level("hard", "hard", "高手", "Hard"),
}
DEFAULT_LEVEL: Final = "normal"


def level_bot(level: str) -> str:
    """The bot that plays ``level``; a ValueError names the levels there are."""
    try:
        return LEVELS[level].bot
    except KeyError:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS)}") from None


def level_of(bot: str | None) -> str | None:
    """The level a bot name plays at (None: not one of the levels' bots, e.g. ``random`` or a program)."""
    return next((lv.name for lv in LEVELS.values() if lv.bot == bot), None)
