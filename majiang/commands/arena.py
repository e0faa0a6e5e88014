"""``majiang arena``: duplicate matches between bots (the same walls, the bots rotated over the seats)."""

from __future__ import annotations

import argparse
import json
import sys
import time

from majiang.bots import BOTS
from majiang.commands.options_arg import add_option_arguments, options_from_args
from majiang.commands.simulate import ruleset_options
from majiang.rules.base import RulesetError
from majiang.rules.registry import RULESETS, make_ruleset

NAME = "arena"
HELP = "duplicate matches between bots: points per hand with a 95% interval, win/自摸/点炮 %, a verdict"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--ruleset", required=True, choices=sorted(RULESETS))
    p.add_argument("--mode", help="anqing: A (不打缺) or B (打缺); hefei: baoting or bubaoting (same as --room)")
    p.add_argument("--room", choices=("baoting", "bubaoting"), help="hefei: 报听 or 不报听 room")
    add_option_arguments(p)
    p.add_argument("--bots", default="strong,greedy",
                   help="two names A,B (seated A A B B, rotated) or four, one per seat (default strong,greedy); "
                        'cmd:"PROGRAM ARGS" seats a program (docs/bot-protocol.md)')
    p.add_argument("--hands", type=int, default=400,
                   help="hands in all, a multiple of 4: each wall is played 4 times (default 400)")
    p.add_argument("--seed", default="0", help="run seed: the same seed gives the same walls and results")
    p.add_argument("--workers", type=int, default=1, help="worker processes (results do not depend on it)")
    p.add_argument("--json", metavar="FILE", help="write the summary as JSON")
    p.add_argument("--plot", metavar="FILE", help="write a PNG of each bot's per-wall points")
    p.add_argument("--record", metavar="FILE",
                   help="keep every wall's plays in FILE as they land; run the same command again to go on "
                        "after a stop (walls already in FILE are not played again)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def run(args: argparse.Namespace) -> int:
    from majiang.sim.arena import ArenaConfig, format_arena, run_arena, summarize_arena, write_arena_plot
    from majiang.sim.arena_record import ArenaRecord, RecordError
    from majiang.sim.progress import Progress

    try:
        chosen = options_from_args(args.ruleset, args, ruleset_options(args.ruleset, args.mode, args.room))
        options = make_ruleset(args.ruleset, chosen).options_dict()
    except (ValueError, RulesetError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    bots = tuple(b.strip() for b in args.bots.split(","))
    unknown = [b for b in bots if b not in BOTS and not b.startswith("cmd:")]  # cmd: runs a program
    if unknown:
        print(f"error: unknown bot(s) {', '.join(unknown)}; choose from {', '.join(sorted(BOTS))}", file=sys.stderr)
        return 2
    if args.hands < 4 or args.hands % 4 or args.workers < 1:
        print(f"error: --hands must be a positive multiple of 4 (got {args.hands}) and --workers at least 1",
              file=sys.stderr)
        return 2
    cfg = ArenaConfig(ruleset=args.ruleset, bots=bots, walls=args.hands // 4, seed=args.seed, options=options)
    try:
        cfg.lineup  # noqa: B018 - validates the bot list
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    record = None
    if args.record:
        try:
            record = ArenaRecord(args.record, cfg)
        except (RecordError, OSError) as e:
            print(f"error: {e}", file=sys.stderr)
            return 2
    done = {i: p for i, p in record.walls.items() if i < cfg.walls} if record else {}
    if done:
        print(f"{args.record}: {len(done)} of {cfg.walls} walls already played, "
              f"{cfg.walls - len(done)} to go", file=sys.stderr)
    progress = Progress(4 * (cfg.walls - len(done)), enabled=not args.no_progress)
    start = time.perf_counter()
    plays = run_arena(cfg, workers=args.workers, on_wall=progress.update, done=done,
                      on_plays=record.append if record else None)
    elapsed = time.perf_counter() - start
    progress.close()
    summary = summarize_arena(plays, cfg)
    print(format_arena(summary, elapsed, played=4 * (cfg.walls - len(done))))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(summary, f, ensure_ascii=False, indent=2)
    if args.plot:
        write_arena_plot(args.plot, plays, cfg)
    return 0
