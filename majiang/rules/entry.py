"""What the rest of majiang knows about one ruleset: its registry entry.

A ruleset is declared once, as a :class:`RulesetEntry` (the built-in ones in
:mod:`majiang.rules.registry`): its class (which carries its name, title, tiles and options struct,
the options with their labels and help in both languages), the option that names its modes, its
scoring package, the facts the RL observation encodes about it and how the bots tune their play
to it. Everything that used to key a table by ruleset name (the observation's codes, the strong
bot's constants, ``majiang score``'s list, the lobby's defaults) reads the entry instead.
"""

from __future__ import annotations

import typing
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Literal

import msgspec

from majiang.core.options import OptionInfo, option_infos
from majiang.rules.base import Ruleset


@dataclass(frozen=True)
class ObservationFacts:
    """What the RL observation (majiang/env/observation.py, docs/env.md) encodes about the ruleset.

    ``code`` is the observation's ``ruleset`` scalar: a number fixed once for the ruleset, since a
    trained model reads it (0 anqing, 1 hefei, 2 baida, 3 guobiao; a new ruleset takes the next free one).
    ``variant`` is the option and value that set the ``variant`` scalar to 1 (Anqing's mode B …)."""

    code: int
    variant: tuple[str, object] | None = None

    def variant_flag(self, options: dict[str, object]) -> int:
        if self.variant is None:
            return 0
        key, value = self.variant
        return 1 if options.get(key) == value else 0


# The ways of play the bots know (majiang/bots/strong.py, valuation.py): how a win is valued (the
# situation each scoring package reads) and which ruleset-specific tactics apply (Hefei's 报听 and
# eight-in-a-suit goal, 百搭's wilds and open claims). A new ruleset names the one it plays like.
BotFamily = Literal["anqing", "hefei", "baida", "guobiao"]


@dataclass(frozen=True)
class BotTuning:
    """The strong bot's constants for the ruleset (from arena runs of the bots; docs/bots.md)."""

    family: BotFamily
    typical_win: float = 30.0  # a typical win's value to the winner: far hands and dealing in
    denial: float = 0.0  # what winning first saves (another seat's win not paid)
    closed_bonus: float = 1.0  # a far hand that claims keeps this share of its typical value
    claim_speed: float = 1.05  # a claim bringing the hand nearer must keep this share of passing's value
    goal_draws: bool = False  # speed is measured in draws toward a valid win (majiang.bots.goal)


@dataclass(frozen=True)
class RulesetEntry:
    ruleset: type[Ruleset]
    scoring: ModuleType  # its scoring package: ``parse_situation(dict)`` and ``score(situation)``
    observation: ObservationFacts
    bot: BotTuning
    # The option whose values are the ruleset's modes (Anqing's mode A/B, Hefei's room): the CLI's
    # --mode, the env's mode=, the rules page per mode. None: one mode only.
    mode_option: str | None = None

    @property
    def name(self) -> str:
        return self.ruleset.name

    @property
    def title(self) -> str:
        return self.ruleset.title

    @property
    def options_type(self) -> type[msgspec.Struct]:
        return self.ruleset.options_type

    def modes(self) -> tuple[str, ...]:
        """The values of :attr:`mode_option` (its ``Literal`` type), in declaration order; () when
        the ruleset has one mode."""
        if self.mode_option is None:
            return ()
        hint = typing.get_type_hints(self.options_type, include_extras=False)[self.mode_option]
        return tuple(str(v) for v in typing.get_args(hint))

    def pages(self) -> tuple[str, ...]:
        """The rules pages: one per mode, or ``default`` for a ruleset of one mode."""
        return self.modes() or ("default",)

    def option_infos(self) -> tuple[OptionInfo, ...]:
        """Each option described (label, help, choice names), in the lobby's order: the mode first."""
        return option_infos(self.options_type, first=self.mode_option)

    def for_clients(self) -> dict[str, Any]:
        """What ``GET /api/rulesets`` says of the ruleset (the lobby and the rules pages read only
        this): its options' defaults and descriptions, its modes, and each page's scoring table."""
        return {
            "name": self.name,
            "title": self.title,
            "options": msgspec.to_builtins(self.options_type()),
            "option_info": msgspec.to_builtins(list(self.option_infos())),
            "mode_option": self.mode_option,
            "modes": list(self.modes()),
            "rules_table": {page: msgspec.to_builtins(self.scoring.rules_table(None if page == "default" else page))
                            for page in self.pages()},
            "examples": {page: self.example(None if page == "default" else page) for page in self.pages()},
        }

    def example(self, mode: str | None) -> dict[str, Any]:
        """A rules page's worked example, scored by the ruleset's own scoring: the page prints these
        items and payments, so its figures cannot drift from the code (docs/rules/)."""
        ex = self.scoring.worked_example(mode)
        settlement = self.scoring.score(self.scoring.parse_situation(ex.situation))
        if not settlement.valid:  # (a test scores every page; a broken example must not reach a page)
            raise ValueError(f"{self.name} {mode}: the worked example does not win: {settlement.reason}")
        return {**msgspec.to_builtins(ex), "settlement": msgspec.to_builtins(settlement)}
