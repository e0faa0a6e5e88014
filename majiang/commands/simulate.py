"""``majiang simulate``: bot-only matches with a summary (and optional JSON, plot and replay files)."""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from majiang.bots import BOTS
from majiang.commands.options_arg import add_option_arguments, options_from_args
from majiang.rules.base import RulesetError
from majiang.rules.registry import RULESETS, make_ruleset

NAME = "simulate"
HELP = "play bot-only matches and print wins, draws, points, scoring items and hand lengths"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    p.add_argument("--mode", help="anqing: A (不打缺) or B (打缺); hefei: baoting or bubaoting (same as --room)")
    p.add_argument("--room", choices=("baoting", "bubaoting"), help="hefei: 报听 or 不报听 room")
    add_option_arguments(p)
    p.add_argument("--hands", type=int, default=1000, help="hands in all (default 1000)")
    p.add_argument("--match-hands", type=int, default=8, help="hands per match, the deal rotating (default 8)")
    p.add_argument("--bots", default="greedy,random,random,random",
                   help='four bot names, seat 0 first; cmd:"PROGRAM ARGS" seats a program (docs/bot-protocol.md)')
    p.add_argument("--seed", default="0", help="run seed: the same seed gives the same hands")
    p.add_argument("--workers", type=int, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    p.add_argument("--plot", metavar="FILE", help="write a PNG of the points distribution and item frequencies")
    p.add_argument("--save-dir", metavar="DIR", help="save every hand as a replay file (see `majiang replay`)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def ruleset_options(ruleset: str, mode: str | None, room: str | None) -> dict[str, Any]:
    """--mode/--room → ruleset options; raises ValueError naming what is wrong."""
    if ruleset == "anqing":
        if room:
            raise ValueError("--room is for hefei; anqing takes --mode A or B")
        if mode is None:
            return {}
        if mode.upper() not in ("A", "B"):
            raise ValueError(f"anqing --mode is A or B, got {mode!r}")
        return {"mode": mode.upper()}
    if mode is not None and room is not None and mode != room:
        raise ValueError(f"--mode {mode} and --room {room} disagree")
    chosen = room or mode
    if chosen is None:
        return {}
    if chosen not in ("baoting", "bubaoting"):
        raise ValueError(f"hefei --room/--mode is baoting or bubaoting, got {chosen!r}")
    return {"room": chosen}


def run(args: argparse.Namespace) -> int:
    from majiang.sim.progress import Progress
    from majiang.sim.runner import SimConfig
    from majiang.sim.runner import run as run_sim
    from majiang.sim.stats import format_summary, summarize

    try:
        # The full options (defaults filled in) go into the summary and the replay files.
        chosen = options_from_args(args.ruleset, args, ruleset_options(args.ruleset, args.mode, args.room))
        if "rounds" not in chosen and "rounds" in RULESETS[args.ruleset].options_type.__struct_fields__:
            # A match of 圈 (baida's default: one 圈) ends when the deal has gone round, after 4 hands or
            # many more, so --hands would not be the hands played: matches of --match-hands hands are.
            chosen["rounds"] = 0
        options = make_ruleset(args.ruleset, chosen).options_dict()
    except (ValueError, RulesetError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    bots = tuple(b.strip() for b in args.bots.split(","))
    unknown = [b for b in bots if b not in BOTS and not b.startswith("cmd:")]  # cmd: runs a program
    if len(bots) != 4 or unknown:
        what = f"unknown bot(s) {', '.join(unknown)}" if unknown else f"{len(bots)} given"
        print(f"error: --bots needs four names from {', '.join(sorted(BOTS))} ({what})", file=sys.stderr)
        return 2
    if args.hands < 1 or args.match_hands < 1 or args.workers < 1:
        print("error: --hands, --match-hands and --workers must be at least 1", file=sys.stderr)
        return 2
    cfg = SimConfig(ruleset=args.ruleset, options=options, hands=args.hands, bots=bots, seed=args.seed,
                    match_hands=args.match_hands, save_dir=args.save_dir)
    progress = Progress(cfg.hands, enabled=not args.no_progress)
    start = time.perf_counter()
    results = run_sim(cfg, workers=args.workers, on_match=progress.update)
    elapsed = time.perf_counter() - start
    progress.close()
    summary = summarize(results, cfg)
    print(format_summary(summary, elapsed))
    if options.get("rounds"):
        print(f"(--option rounds={options['rounds']}: each match lasts {options['rounds']} 圈 whatever --match-hands "
              f"says, so {summary['hands']} hands were played in {cfg.matches} matches, not --hands {args.hands})")
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, ensure_ascii=False, indent=2)
    if args.plot:
        from majiang.sim.plot import write_plot

        write_plot(args.plot, results, cfg, summary)
    return 0
