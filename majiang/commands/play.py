"""``majiang play``: you against three greedy bots in the terminal."""

from __future__ import annotations

import argparse
import secrets
import sys

from majiang.commands.simulate import ruleset_options
from majiang.rules.base import RulesetError
from majiang.rules.registry import RULESETS, make_ruleset

NAME = "play"
HELP = "play in the terminal against three greedy bots"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", default="anqing", choices=sorted(RULESETS))
    p.add_argument("--mode", help="anqing: A or B; hefei: baoting or bubaoting")
    p.add_argument("--room", choices=("baoting", "bubaoting"), help="hefei room")
    p.add_argument("--hands", type=int, default=8, help="hands in the match (default 8)")
    p.add_argument("--seed", help="match seed (default: a fresh random one)")
    p.add_argument("--seat", type=int, default=0, choices=range(4), help="your seat (default 0)")


def _read(prompt: str) -> str:
    try:
        return input(prompt)
    except EOFError:
        from majiang.tui.game import Quit

        raise Quit from None


def run(args: argparse.Namespace) -> int:
    from majiang.tui.game import TerminalGame

    try:
        ruleset = make_ruleset(args.ruleset, ruleset_options(args.ruleset, args.mode, args.room))
    except (ValueError, RulesetError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.hands < 1:
        print("error: --hands must be at least 1", file=sys.stderr)
        return 2
    seed = args.seed or secrets.token_hex(8)
    print(f"{ruleset.title}: you are seat {args.seat}; match seed {seed}")
    game = TerminalGame(ruleset, seed=seed, hands=args.hands, human=args.seat, out=sys.stdout, read=_read)
    return game.play()
