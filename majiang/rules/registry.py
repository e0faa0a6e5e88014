"""The rulesets by name: one :class:`~majiang.rules.entry.RulesetEntry` each, for the CLI, the server,
the bots, the environments and replay files. Adding a ruleset adds its entry here
(docs/architecture.md, "Adding a ruleset"); a test or a plugin may :func:`register` one of its own.

The built-in entries are made on first use, each on its own: an entry imports its ruleset and its
scoring package (国标's fan calculator alone is ≈ 13 ms of module-level work), and a process that
plays one ruleset (an environment, ``majiang analyze``, a server's start) should not pay for the
other three (issue 28, docs/hand.md "Start-up"). Their names are known without importing anything,
so ``name in ENTRIES``, ``sorted(ENTRIES)`` and ``', '.join(RULESETS)`` stay free; reading an entry
(``ENTRIES[name]``, ``.get``, ``.values()``) makes it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, MutableMapping
from typing import TYPE_CHECKING, Any

from majiang.rules.base import Ruleset, RulesetError

if TYPE_CHECKING:  # (majiang.rules.entry too is imported by the first entry made: msgspec, dataclasses)
    from majiang.rules.entry import RulesetEntry


def _anqing() -> RulesetEntry:
    from majiang.rules import anqing_scoring
    from majiang.rules.anqing import Anqing
    from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry

    return RulesetEntry(
        ruleset=Anqing, scoring=anqing_scoring, mode_option="mode",
        observation=ObservationFacts(code=0, variant=("mode", "B")),
        bot=BotTuning(family="anqing", typical_win=40.0, denial=12.0, closed_bonus=0.75),
    )


def _hefei() -> RulesetEntry:
    from majiang.rules import hefei_scoring
    from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry
    from majiang.rules.hefei import Hefei

    return RulesetEntry(
        ruleset=Hefei, scoring=hefei_scoring, mode_option="room",
        observation=ObservationFacts(code=1, variant=("room", "baoting")),
        bot=BotTuning(family="hefei", typical_win=30.0, denial=0.0, goal_draws=True),
    )


def _baida() -> RulesetEntry:
    from majiang.rules import baida_scoring
    from majiang.rules.baida import Baida
    from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry

    return RulesetEntry(
        ruleset=Baida, scoring=baida_scoring,
        observation=ObservationFacts(code=2, variant=("seven_baida", True)),
        bot=BotTuning(family="baida", typical_win=5.0, denial=2.0, closed_bonus=0.85, claim_speed=0.6),
    )


def _guobiao() -> RulesetEntry:
    from majiang.rules import guobiao_scoring
    from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry
    from majiang.rules.guobiao import Guobiao

    return RulesetEntry(
        ruleset=Guobiao, scoring=guobiao_scoring,
        observation=ObservationFacts(code=3),
        bot=BotTuning(family="guobiao", typical_win=40.0, denial=10.0, closed_bonus=0.5),
    )


#: The built-in rulesets, by the name each one's class carries (tests/test_registry.py checks that
#: the two agree), in the order they are listed everywhere (the lobby, ``--ruleset`` choices).
BUILT_IN: dict[str, Callable[[], RulesetEntry]] = {
    "anqing": _anqing, "hefei": _hefei, "baida": _baida, "guobiao": _guobiao,
}


class _Entries(MutableMapping[str, "RulesetEntry"]):
    """name → entry, a built-in one made (its modules imported) when it is first read."""

    def __init__(self, makers: Mapping[str, Callable[[], RulesetEntry]]) -> None:
        # name → the entry, or None while only its maker is known; insertion order is the listing
        # order, as a dict's
        self._slots: dict[str, RulesetEntry | None] = dict.fromkeys(makers)
        self._makers = dict(makers)

    def __getitem__(self, name: str) -> RulesetEntry:
        made = self._slots[name]
        if made is None:
            made = self._makers[name]()
            if made.name != name:
                raise RulesetError(f"the built-in entry listed as {name!r} is named {made.name!r}")
            self._slots[name] = made
        return made

    def __setitem__(self, name: str, entry: RulesetEntry) -> None:
        self._slots[name] = entry

    def __delitem__(self, name: str) -> None:
        del self._slots[name]

    def __contains__(self, name: object) -> bool:  # (without making the entry, as Mapping's would)
        return name in self._slots

    def __iter__(self) -> Iterator[str]:
        return iter(self._slots)

    def __len__(self) -> int:
        return len(self._slots)

    def __repr__(self) -> str:
        return f"ENTRIES({', '.join(self._slots)})"


class _Classes(Mapping[str, type[Ruleset]]):
    """name → ruleset class: a view of :data:`ENTRIES` (the older spelling most callers use)."""

    def __getitem__(self, name: str) -> type[Ruleset]:
        return ENTRIES[name].ruleset

    def __contains__(self, name: object) -> bool:
        return name in ENTRIES

    def __iter__(self) -> Iterator[str]:
        return iter(ENTRIES)

    def __len__(self) -> int:
        return len(ENTRIES)


ENTRIES: MutableMapping[str, RulesetEntry] = _Entries(BUILT_IN)
RULESETS: Mapping[str, type[Ruleset]] = _Classes()


def register(entry: RulesetEntry) -> None:
    """Add a ruleset (or replace the one of that name): a test's variant, a plugin's region."""
    ENTRIES[entry.name] = entry


def unregister(name: str) -> None:
    """Take a registered ruleset away again (a test's variant, when the test is done)."""
    ENTRIES.pop(name, None)


def entry(name: str) -> RulesetEntry:
    try:
        return ENTRIES[name]
    except KeyError:
        raise RulesetError(f"unknown ruleset {name!r}; choose from {', '.join(ENTRIES)}") from None


def make_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    return entry(name).ruleset(options or {})
