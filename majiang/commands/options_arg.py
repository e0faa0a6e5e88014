"""``--option KEY=VALUE`` for the commands that set up tables (``simulate``, ``arena``): repeatable,
the value read as JSON when it parses (``true``, ``30``, ``"B"``), else as a plain string (``B``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from majiang.rules.registry import RULESETS, RulesetError, make_ruleset


def add_option_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option", action="append", default=[], metavar="KEY=VALUE",
        help="a ruleset option, e.g. --option cap=30 --option flowers=true (repeatable; "
             "see docs/rules/ for every option)")


def parse_option(text: str) -> tuple[str, Any]:
    """``"cap=30"`` → ``("cap", 30)``; ``ValueError`` naming the fault."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key:
        raise ValueError(f"--option {text!r}: expected KEY=VALUE, e.g. --option cap=30")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return key, value


def options_from_args(ruleset: str, args: argparse.Namespace, base: dict[str, Any] | None = None) -> dict[str, Any]:
    """The ruleset options ``args.option`` sets on top of ``base`` (e.g. what --mode/--room chose),
    checked against the ruleset: ``ValueError`` on an unknown key or a bad value."""
    if ruleset not in RULESETS:
        raise ValueError(f"unknown ruleset {ruleset!r}; choose from {', '.join(RULESETS)}")
    fields = RULESETS[ruleset].options_type.__struct_fields__
    options = dict(base or {})
    for text in getattr(args, "option", None) or []:
        key, value = parse_option(text)
        if key not in fields:
            raise ValueError(f"--option {key}: {ruleset} has no such option; it has {', '.join(fields)}")
        options[key] = value
    try:
        make_ruleset(ruleset, options)
    except RulesetError as e:
        raise ValueError(f"--option: {e}") from None
    return options
