"""Events and settlements as plain lines of text: what the terminal game and ``majiang replay`` print.

Kept with the terminal game (``majiang replay`` is a command, above it, and reads it from here).
"""

from __future__ import annotations

from majiang.core.events import (
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
)
from majiang.tiles import format_tiles


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
