"""``majiang replay FILE``: a saved hand move by move, from one seat's view or in full.

The hand is rebuilt from the file's seed and actions; every event passes through
:func:`majiang.engine.events.redact` for the chosen seat, so a seat's replay shows exactly
what that seat saw at the table (other hands only once the hand is over).
"""

from __future__ import annotations

import argparse
import sys

from majiang.engine.actions import describe
from majiang.engine.events import (
    AddedKong,
    Claimed,
    ConcealedKong,
    Dealt,
    Discarded,
    Drew,
    Event,
    Exposed,
    HandEnded,
    HandStarted,
    Passed,
    WildKonged,
    Won,
    redact,
)
from majiang.engine.hand import Hand, IllegalAction
from majiang.engine.replay import decode, make_ruleset
from majiang.rules.option_info import options_text
from majiang.tiles import format_tiles

NAME = "replay"
HELP = "print a replay file move by move, from one seat's view (--seat N) or in full"


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a replay file (from `majiang simulate --save-dir` or a table)")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--seat", type=int, choices=range(4), help="show only what this seat saw")
    who.add_argument("--full", action="store_true", help="show everything (the default)")


def _t(tile: int | None) -> str:
    return "??" if tile is None else format_tiles([tile])


def describe_event(e: Event) -> str | None:
    match e:
        case HandStarted():
            wild = f", indicator {_t(e.indicator)} wild {_t(e.wild)}" if e.wild is not None else ""
            picked = f" (picked by the dice {e.dealer_dice})" if e.dealer_dice else ""
            return f"hand {e.hand_no}: dealer seat {e.dealer}{picked}, streak {e.streak}, dice {e.dice}{wild}"
        case Dealt():
            tiles = format_tiles(e.tiles) if e.tiles else f"{e.count} tiles face down"
            return f"seat {e.seat} dealt {tiles}"
        case Drew():
            return f"seat {e.seat} draws {_t(e.tile)} ({e.source}, {e.wall_left} left)"
        case Discarded():
            how = " and declares 报听" if e.declared else ""
            return f"seat {e.seat} discards {_t(e.tile)}{how}"
        case Claimed():
            return f"seat {e.seat} {e.kind} {_t(e.tile)} from seat {e.from_seat}: {format_tiles(e.tiles)}"
        case ConcealedKong():
            return f"seat {e.seat} concealed kong {format_tiles(e.tiles) if e.tiles else '(face down)'}"
        case AddedKong():
            return f"seat {e.seat} adds {_t(e.tile)} to a peng"
        case WildKonged():
            return f"seat {e.seat} 直叫: kongs the wilds {format_tiles(e.tiles)}"
        case Exposed():
            return f"seat {e.seat} lays {'flower' if e.tile >= 34 else '杠牌'} {_t(e.tile)} open"
        case Passed():
            return f"seat {e.seat} passes"
        case Won():
            how = "self-drawn" if e.self_draw else f"on seat {e.from_seat}'s discard"
            return f"seat {e.seat} WINS on {_t(e.tile)} ({how})"
        case HandEnded():
            return None  # printed as the settlement below
    return str(e)


def settlement_lines(e: HandEnded) -> list[str]:
    s = e.settlement
    lines = ["荒庄: nobody won" if e.draw else f"winners: {', '.join(f'seat {w}' for w in s.winners)}"]
    for seat, tiles in enumerate(e.hands):
        lines.append(f"  seat {seat} held {format_tiles(tiles) or '-'}")
    per = s.per_winner or ({s.winners[0]: s.items} if s.winners else {})
    for w, items in per.items():
        for it in items:
            lines.append(f"  seat {w}: {it.name} ({it.key}) {it.value}" + (f" — {it.note}" if it.note else ""))
    for p in s.payments:
        lines.append(f"  seat {p.payer} pays seat {p.payee} {p.amount}")
    lines.append(f"  totals: {s.totals}")
    return lines


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
