"""Rulesets by name, for the CLI, the server and replay files."""

from __future__ import annotations

from typing import Any

from majiang.rules.anqing import Anqing
from majiang.rules.baida import Baida
from majiang.rules.base import Ruleset, RulesetError
from majiang.rules.hefei import Hefei

RULESETS: dict[str, type[Ruleset]] = {"anqing": Anqing, "hefei": Hefei, "baida": Baida}


def make_ruleset(name: str, options: dict[str, Any] | None = None) -> Ruleset:
    try:
        cls = RULESETS[name]
    except KeyError:
        raise RulesetError(f"unknown ruleset {name!r}; choose from {', '.join(RULESETS)}") from None
    return cls(options or {})
