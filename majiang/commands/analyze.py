"""``majiang analyze HAND [--wild 5s]``: win, shanten, waits and decompositions of a concealed part."""

from __future__ import annotations

import argparse
import sys

from majiang.hand import Decomposition, TileSet, decompositions, is_win, shanten, waits
from majiang.hand.types import Group
from majiang.tiles import TileError, chinese, format_tiles, parse_tile, parse_tiles, tiles_to_counts

NAME = "analyze"
HELP = "analyze a concealed hand: win, shanten, waits and every decomposition (wilds marked *)"

TILESETS = {"full": TileSet.FULL, "hefei": TileSet.HEFEI}


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("hand", help='tiles in compact notation, e.g. "123m456p789s1122z"')
    p.add_argument("--wild", help="the wild tile (e.g. 5s); copies of it in the hand become wilds")
    p.add_argument("--tileset", choices=sorted(TILESETS), default="full", help="which tile kinds exist")
    p.add_argument("--no-seven-pairs", action="store_true", help="do not accept seven pairs")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def group_notation(g: Group) -> str:
    """``12*3m`` style: each position's tile, a ``*`` after the ones a wild fills."""
    body = "".join(f"{format_tiles([t])[0]}{'*' if w else ''}" for t, w in zip(g.tiles, g.wild, strict=True))
    return body + format_tiles([g.tiles[0]])[-1]


def _tile_json(t: int) -> dict[str, object]:
    return {"id": t, "tile": format_tiles([t]), "name": chinese(t)}


def _decomposition_json(d: Decomposition) -> dict[str, object]:
    return {
        "form": d.form,
        "groups": [
            {"kind": g.kind, "notation": group_notation(g), "tiles": list(g.tiles), "wild": list(g.wild)}
            for g in d.groups
        ],
    }


def run(args: argparse.Namespace) -> int:
    try:
        tiles = parse_tiles(args.hand)
        if any(t >= 34 for t in tiles):
            raise TileError("flowers never enter a concealed hand")
    except TileError as e:
        print(f"error: the hand {args.hand!r}: {e}", file=sys.stderr)
        return 2
    try:
        wild = parse_tile(args.wild) if args.wild else None
        if wild is not None and wild >= 34:
            raise TileError("a flower cannot be the wild tile")
    except TileError as e:
        print(f"error: --wild {args.wild!r}: {e}", file=sys.stderr)
        return 2
    try:
        jokers = tiles.count(wild) if wild is not None else 0
        counts = tiles_to_counts(t for t in tiles if t != wild)
        tileset = TILESETS[args.tileset]
        seven = not args.no_seven_pairs
        sh = shanten(counts, jokers, seven, tileset)
        size = len(tiles)
        win = is_win(counts, jokers, seven, tileset) if size % 3 == 2 else False
        wait_list = waits(counts, jokers, seven, tileset) if size % 3 == 1 else []
        decs = decompositions(counts, jokers, seven, tileset) if win else []
    except TileError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.json:
        out = {
            "hand": format_tiles(tiles, sort=True),
            "wild": format_tiles([wild]) if wild is not None else None,
            "jokers": jokers,
            "tileset": args.tileset,
            "win": win,
            "shanten": sh,
            "waits": [_tile_json(t) for t in wait_list],
            "decompositions": [_decomposition_json(d) for d in decs],
        }
        import json  # (only here: a plain analyze need not load it)

        print(json.dumps(out, ensure_ascii=False, indent=2))
        return 0
    wild_note = f", {jokers} wild ({format_tiles([wild])} {chinese(wild)})" if wild is not None else ""
    print(f"hand: {format_tiles(tiles, sort=True)} ({size} tiles{wild_note}, tile set {args.tileset})")
    print(f"win: {'yes' if win else 'no'}")
    print(f"shanten: {sh}")
    if size % 3 == 1:
        shown = " ".join(f"{format_tiles([t])}({chinese(t)})" for t in wait_list) or "none"
        print(f"waits: {shown}")
    if decs:
        print(f"decompositions ({len(decs)}):")
        for d in decs:
            print(f"  {d.form:12} " + " ".join(group_notation(g) for g in d.groups))
    return 0
