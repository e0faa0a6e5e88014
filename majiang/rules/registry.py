"""The rulesets by name: one :class:`~majiang.rules.entry.RulesetEntry` each, for the CLI, the server,
the bots, the environments and replay files. Adding a ruleset adds its entry here
(docs/architecture.md, "Adding a ruleset"); a test or a plugin may :func:`register` one of its own.
"""

from __future__ import annotations

from typing import Any

from majiang.rules import anqing_scoring, baida_scoring, guobiao_scoring, hefei_scoring
from majiang.rules.anqing import Anqing
from majiang.rules.baida import Baida
from majiang.rules.base import Ruleset, RulesetError
from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry
from majiang.rules.guobiao import Guobiao
from majiang.rules.hefei import Hefei

BUILT_IN: tuple[RulesetEntry, ...] = (
    RulesetEntry(
        ruleset=Anqing, scoring=anqing_scoring, mode_option="mode",
        observation=ObservationFacts(code=0, variant=("mode", "B")),
        bot=BotTuning(family="anqing", typical_win=40.0, denial=12.0, closed_bonus=0.75),
    ),
    RulesetEntry(
        ruleset=Hefei, scoring=hefei_scoring, mode_option="room",
        observation=ObservationFacts(code=1, variant=("room", "baoting")),
        bot=BotTuning(family="hefei", typical_win=30.0, denial=0.0, goal_draws=True),
    ),
    RulesetEntry(
        ruleset=Baida, scoring=baida_scoring,
        observation=ObservationFacts(code=2, variant=("seven_baida", True)),
        bot=BotTuning(family="baida", typical_win=5.0, denial=2.0, closed_bonus=0.85, claim_speed=0.6),
    ),
    RulesetEntry(
        ruleset=Guobiao, scoring=guobiao_scoring,
        observation=ObservationFacts(code=3),
        bot=BotTuning(family="guobiao", typical_win=40.0, denial=10.0, closed_bonus=0.5),
    ),
)

ENTRIES: dict[str, RulesetEntry] = {e.name: e for e in BUILT_IN}
# name → class, kept in step with ENTRIES by register (the older spelling most callers use).
RULESETS: dict[str, type[Ruleset]] = {name: e.ruleset for name, e in ENTRIES.items()}


def register(entry: RulesetEntry) -> None:
    """Add a ruleset (or replace the one of that name): a test's variant, a plugin's region."""
    ENTRIES[entry.name] = entry
    RULESETS[entry.name] = entry.ruleset


def unregister(name: str) -> None:
    """Take a registered ruleset away again (a test's variant, when the test is done)."""
    ENTRIES.pop(name, None)
    RULESETS.pop(name, None)


def entry(name: str) -> RulesetEntry:
    try:
        return ENTRIES[name]
    except KeyError:
        raise RulesetError(f"unknown ruleset {name!r}; choose from {', '.join(ENTRIES)}") from None


def make_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    return entry(name).ruleset(options or {})
