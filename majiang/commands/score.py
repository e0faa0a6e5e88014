"""``majiang score situation.json``: settle one winning situation and print it as JSON."""

from __future__ import annotations

import argparse
import json
import sys

import msgspec

from majiang.rules.registry import ENTRIES

NAME = "score"
HELP = "score a winning situation (JSON file, '-' for stdin) and print the itemized settlement"

def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("situation", help="path to a situation JSON file, or - for standard input")


def run(args: argparse.Namespace) -> int:
    try:
        if args.situation == "-":
            raw = sys.stdin.read()
        else:
            with open(args.situation, encoding="utf-8") as f:
                raw = f.read()
    except OSError as e:
        print(f"error: cannot read {args.situation}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as e:
        print(f"error: {args.situation} is not valid JSON: {e}", file=sys.stderr)
        return 2
    if not isinstance(data, dict):
        print("error: a situation is a JSON object", file=sys.stderr)
        return 2
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str) or ruleset not in ENTRIES:
        print(f"error: 'ruleset' must be one of {', '.join(ENTRIES)}, got {ruleset!r}", file=sys.stderr)
        return 2
    scoring = ENTRIES[ruleset].scoring
    try:
        situation = scoring.parse_situation(data)
    except ValueError as e:
        print(f"error: bad situation: {e}", file=sys.stderr)
        return 2
    settlement = scoring.score(situation)
    sys.stdout.write(msgspec.json.format(msgspec.json.encode(settlement).decode(), indent=2) + "\n")
    return 0 if settlement.valid else 1
