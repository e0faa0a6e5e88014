"""Text for the terminal game, built from the human seat's view only."""

from __future__ import annotations

from majiang.core.actions import Action, Declare, Discard, describe
from majiang.engine.view import SeatView
from majiang.tiles import chinese, format_tiles

WILD_MARK = "*"  # 8p* : the wild (钻)
STAND_IN_MARK = "^"  # 5z^ : 红中 playing as the wild's face


def tile_text(t: int, view: SeatView) -> str:
    text = format_tiles([t])
    if t == view.wild or t in view.wilds:  # (百搭麻将 may have several wild kinds)
        return text + WILD_MARK
    if t == view.stand_in:
        return text + STAND_IN_MARK
    return text


def tiles_text(tiles: list[int] | tuple[int, ...], view: SeatView) -> str:
    return " ".join(tile_text(t, view) for t in tiles) or "-"


def seat_name(seat: int, view: SeatView) -> str:
    return "you" if seat == view.seat else f"seat {seat}"


def table_lines(view: SeatView, title: str) -> list[str]:
    dealer = seat_name(view.dealer, view)
    head = f"== {title} · hand {view.hand_no} · dealer: {dealer} · streak {view.streak} · wall {view.wall_left} left"
    lines = [head]
    if view.dealer_dice:  # the match's first hand: the roll that picked the dealer
        lines.append(f"first dealer picked by the dice {' + '.join(map(str, view.dealer_dice))} = "
                     f"{sum(view.dealer_dice)}, counted from 东")
    if view.wild is not None:
        wilds = view.wilds or [view.wild]
        names = " ".join(f"{tile_text(w, view)} {chinese(w)}" for w in wilds)
        shown = "" if view.indicator is None else format_tiles([view.indicator])
        wild = f"wild {names} (indicator {shown})"
        if view.stand_in is not None:
            wild += f" · {format_tiles([view.stand_in])}{STAND_IN_MARK} 红中 plays as {format_tiles([view.wild])}"
        if view.gangpai:
            wild += f" · 杠牌 {format_tiles(view.gangpai)}"
        lines.append(wild)
    for s in view.seats:
        who = seat_name(s.seat, view)
        melds = "  ".join(tiles_text(m.tiles, view) if m.tiles else "[concealed kong]" for m in s.melds)
        river = " ".join(format_tiles([r.tile]) + ("'" if r.claimed else "") for r in s.river)
        flags = " 报听" if s.declared else ""
        lines.append(f"  {who:<7} {s.hand_count:>2} tiles{flags}  melds: {melds or '-'}"
                     + (f"  {'花' if s.exposed[0] >= 34 else '杠牌'}: {format_tiles(s.exposed)}" if s.exposed else ""))
        lines.append(f"          discards: {river or '-'}")
    return lines


def hand_lines(view: SeatView) -> list[str]:
    drawn = view.drawn
    hand = list(view.hand)
    if drawn is not None and drawn in hand:
        hand.remove(drawn)  # shown apart, the way a player holds it
    text = tiles_text(hand, view) + (f"  + {tile_text(drawn, view)}" if drawn is not None else "")
    lines = [f"your hand: {text}"]
    ting = view.ting  # the engine's 听 hint: the tiles a win would be offered on
    if ting is not None:
        if ting.waits:
            lines.append(f"ready — waits: {tiles_text(ting.waits, view)}")
        for d in ting.by_discard:
            lines.append(f"discard {tile_text(d.discard, view)} → ready, waits: {tiles_text(d.waits, view)}")
        if ting.self_draw_only and (ting.waits or ting.by_discard):
            lines.append("passed a win (过水不胡): until your next draw you win only on your own draw")
    return lines


def action_lines(legal: list[Action], view: SeatView) -> list[str]:
    return [f"  {i}) {_action_text(a, view)}" for i, a in enumerate(legal, 1)]


def _action_text(a: Action, view: SeatView) -> str:
    if isinstance(a, Discard):
        return f"discard {tile_text(a.tile, view)}"
    if isinstance(a, Declare):
        return f"报听: declare ready and discard {tile_text(a.tile, view)}"
    return describe(a)
