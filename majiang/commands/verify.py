"""``majiang verify``: check a hand's fairness from its revealed seed.

Given a replay file (as the server's ``/api/rooms/{code}/hands/{n}/replay`` gives it), or a seed
with the ruleset, options, dealer and streak: check the seed against the SHA-256 announced at
the deal (``--hash``), rebuild the wall and the deal from the seed, replay every action through
the rules and compare the settlement with the one recorded. Exit 0 when everything agrees.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path

import msgspec

NAME = "verify"
HELP = "check a hand's seed against its announced hash and rebuild its wall, deal and settlement"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("replay", nargs="?", help="a replay file (JSON; '-' for stdin)")
    p.add_argument("--hash", dest="expected_hash", help="the seed hash announced when the hand was dealt")
    p.add_argument("--seed", help="the revealed seed (instead of a replay file)")
    p.add_argument("--ruleset", default="anqing")
    p.add_argument("--options", default="{}", help="ruleset options as JSON")
    p.add_argument("--dealer", type=int, default=0)
    p.add_argument("--streak", type=int, default=None)
    p.add_argument("--hand-no", type=int, default=1)
    p.add_argument("--tournament", metavar="FILE",
                   help="a tournament's record (GET /api/tournaments/{tid}/verify): check every revealed round's "
                        "seeds against the hashes committed at its start and every table's walls")
    p.add_argument("--quiet", "-q", action="store_true")


def run(args: argparse.Namespace) -> int:
    from majiang.core.events import Dealt
    from majiang.engine import Hand, IllegalAction, seed_hash
    from majiang.engine.replay import decode, rebuild
    from majiang.rules.base import RulesetError
    from majiang.rules.registry import make_ruleset
    from majiang.tiles import format_tiles

    out = (lambda *a: None) if args.quiet else print
    if args.tournament:
        return _tournament(args.tournament, out)
    if args.replay and args.replay != "-":
        try:
            raw = Path(args.replay).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
            print(f"error: cannot read {args.replay}: {reason}", file=sys.stderr)
            return 2
    try:
        if args.replay:
            replay = decode(sys.stdin.read() if args.replay == "-" else raw)
            seed = replay.seed
            ruleset = make_ruleset(replay.ruleset, replay.options)
            fresh = rebuild(replay, ruleset, upto=0)  # the deal, before any action
            hand = rebuild(replay, ruleset)
        elif args.seed:
            ruleset = make_ruleset(args.ruleset, json.loads(args.options))
            seed = args.seed
            fresh = hand = Hand(ruleset, seed, dealer=args.dealer, streak=args.streak, hand_no=args.hand_no)
            replay = None
        else:
            print("error: give a replay file or --seed", file=sys.stderr)
            return 2
    except (OSError, ValueError, RulesetError, IllegalAction) as e:
        print(f"FAIL: {e}", file=sys.stderr)
        return 1

    ok = True
    digest = seed_hash(seed)
    out(f"seed        {seed}")
    out(f"sha256      {digest}")
    if args.expected_hash is not None:
        match = digest == args.expected_hash.strip().lower()
        ok &= match
        out(f"hash        {'matches' if match else 'DOES NOT MATCH'} the announced {args.expected_hash}")
    out(f"wall        {format_tiles(fresh.wall)}")
    out(f"dice        {fresh.dice}  dealer {fresh.dealer}  streak {fresh.streak}")
    for ev in fresh.events:
        if isinstance(ev, Dealt):
            out(f"deal seat {ev.seat}: {format_tiles(ev.tiles)}")
    if replay is not None:
        out(f"actions     {len(replay.actions)} replayed, all legal")
        if replay.settlement is not None:
            same = hand.settlement is not None and msgspec.to_builtins(hand.settlement) == msgspec.to_builtins(
                replay.settlement)
            ok &= same
            out(f"settlement  {'matches' if same else 'DIFFERS from'} the recorded one; totals "
                f"{hand.settlement.totals if hand.settlement else None}")
    out("OK" if ok else "FAIL")
    return 0 if ok else 1


def _tournament(path: str, out: Callable[..., None]) -> int:
    """Duplicate walls (docs/tournaments.md): each revealed seed hashes to the committed hash, and table
    t's hand n was dealt from the round's wall (n - 1 + t) mod hands."""
    from majiang.platform.swiss import verify_record

    try:
        record = json.loads(sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8"))
        rounds = record["rounds"]
        problems = verify_record(record)
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else f"not a tournament record ({e!r})"
        print(f"error: cannot read {path}: {reason}", file=sys.stderr)
        return 2
    for r in rounds:
        hands = sum(len(t.get("hands", [])) for t in r["tables"])
        state = "revealed" if r.get("seeds") is not None else "committed, not revealed yet"
        out(f"round {r['round']}: {len(r['tables'])} tables, {hands} hands, seeds {state}")
    for p in problems:
        print(f"FAIL: {p}", file=sys.stderr)
    out("OK" if not problems else "FAIL")
    return 0 if not problems else 1
