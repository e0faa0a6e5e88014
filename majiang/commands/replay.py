"""``majiang replay FILE``: a saved hand move by move, from one seat's view or in full.

The hand is rebuilt from the file's seed and actions; every event passes through
:func:`majiang.core.events.redact` for the chosen seat, so a seat's replay shows exactly
what that seat saw at the table (other hands only once the hand is over).
"""

from __future__ import annotations

import argparse
import sys

from majiang.core.actions import describe
from majiang.core.events import Event, HandEnded, redact
from majiang.engine.hand import Hand, IllegalAction
from majiang.engine.replay import decode
from majiang.rules.option_info import options_text
from majiang.rules.registry import make_ruleset
from majiang.tiles import format_tiles
from majiang.tui.narrate import describe_event, settlement_lines

NAME = "replay"
HELP = "print a replay file move by move, from one seat's view (--seat N) or in full"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a replay file (from `majiang simulate --save-dir` or a table)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, choices=range(4), help="show only what this seat saw")
    who.add_argument("--full", action="store_true", help="show everything (the default)")


def render(replay_bytes: bytes, seat: int | None) -> list[str]:
    """The lines of a replay, as ``seat`` saw it (None: the full view)."""
    replay = decode(replay_bytes)
    ruleset = make_ruleset(replay.ruleset, replay.options)
    hand = Hand(ruleset, replay.seed, dealer=replay.dealer, streak=replay.streak, hand_no=replay.hand_no,
                dealer_dice=replay.dealer_dice, round_wind=replay.round_wind)
    view = "full view" if seat is None else f"seat {seat}'s view"
    lines = [f"{replay.ruleset} ({options_text(replay.options)}) — {view}"]
    last_held = [""]

    def show(events: list[Event]) -> None:
        for e in events:
            shown = e if seat is None else redact(e, seat)
            if isinstance(shown, HandEnded):
                lines.extend(settlement_lines(shown))
                continue
            text = describe_event(shown)
            if text:
                lines.append(text)
        if seat is not None and not hand.over:
            held = format_tiles(hand.seat_state[seat].tiles())
            if held != last_held[0]:  # only when the seat's own tiles changed
                last_held[0] = held
                lines.append(f"    seat {seat} holds {held}")

    show(list(hand.events))
    for n, (who, action) in enumerate(replay.actions, 1):
        if seat is None or who == seat:
            lines.append(f"#{n} seat {who}: {describe(action)}")
        try:
            events = hand.apply(who, action)
        except IllegalAction as err:
            lines.append(f"replay stops: action #{n} is illegal here: {err}")
            break
        show(events)
    if not hand.over:
        lines.append(f"(the hand is unfinished after {len(replay.actions)} actions)")
    return lines


def run(args: argparse.Namespace) -> int:
    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        lines = render(data, args.seat)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    sys.stdout.write("\n".join(lines) + "\n")
    return 0
