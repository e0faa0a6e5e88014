"""What every ruleset option means, for people: a label and a one-line explanation in Chinese and
English, and a label for each choice value, read from the options' own declarations
(:func:`majiang.core.options.described`, in the scoring packages and majiang/rules/options.py). The
lobby and the rules help render options from this (``GET /api/rulesets`` serves it as
``option_info``), so a player never sees a raw key. The order is the lobby's: the mode first, then as
declared.
"""

from __future__ import annotations

from typing import Any

import msgspec

from majiang.core.options import OptionInfo
from majiang.rules.registry import entry


def option_infos_of(ruleset: str) -> tuple[OptionInfo, ...]:
    """The options of the ruleset named ``ruleset``, described, in lobby order."""
    return entry(ruleset).option_infos()


def option_info(ruleset: str) -> list[dict[str, Any]]:
    """The ``option_info`` list of the ruleset named ``ruleset``, as JSON-ready dicts, in lobby order."""
    return msgspec.to_builtins(list(option_infos_of(ruleset)))  # type: ignore[no-any-return]


def options_text(options: dict[str, Any]) -> str:
    """Options as a person reads them on one line: ``mode=A, flowers=true, cap=null``: names and
    values as ``--option KEY=VALUE`` takes them (JSON values), not a Python dict with True/None."""

    def value(v: Any) -> str:
        return v if isinstance(v, str) else msgspec.json.encode(v).decode()

    return ", ".join(f"{k}={value(v)}" for k, v in options.items())
