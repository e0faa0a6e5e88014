"""Observation planes of shape (C, 34) built from one seat's :class:`SeatView` and nothing else.

The view is what the engine lets a seat see (its own concealed tiles, the public melds with
other seats' 暗杠 face down, rivers, the wild), so no plane can hold another seat's concealed
tile. Seats are relative: 0 = the observer, 1 = the next seat (下家), 2 = across, 3 = the
previous seat (上家). docs/env.md lists the planes; :data:`PLANES` names them in order.

Columns are the 34 tile kinds. baida's eight flowers (tile ids 34–41) have their own planes after
``scalars``, flower *f* in column ``f − 34`` (and ``f − 26`` for a second fact on the same plane), so
the planes of the first two rulesets kept their numbers and meaning when baida came.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from majiang.engine.view import SeatView
from majiang.rules.registry import ENTRIES

if TYPE_CHECKING:
    import numpy as np  # (imported where used: `import majiang.env` stays under 60 ms, numpy alone ~60-90)

RIVER_BUCKETS = 3  # a seat's discards 1–6, 7–12 and 13 on: early, middle and late in the hand
BUCKET_SIZE = 6

PLANES: tuple[str, ...] = (
    "hand",  # own concealed tiles, count per kind (0–4)
    "drawn",  # the tile just drawn, on own turn
    *(f"melds[{r}]" for r in range(4)),  # tiles in each seat's open melds (another's 暗杠 is face down: absent)
    *(f"exposed[{r}]" for r in range(4)),  # 杠牌 laid open by each seat (Anqing)
    *(f"river[{r}][{b}]" for r in range(4) for b in range(RIVER_BUCKETS)),  # discards by seat and order bucket
    "claim",  # the discard on offer in a claim window
    "wild",  # Anqing: the wild (one-hot)
    "stand_in",  # Anqing: the 红中 stand-in playing as the wild's face
    "gangpai",  # Anqing: the 杠牌 kinds
    "indicator",  # Anqing: the tile turned up
    "in_play",  # 1 for every kind the ruleset plays with
    "suit_count",  # own tiles (concealed + melds) per suit, written on that suit's nine kinds (Hefei: 8 to win)
    "scalars",  # see SCALARS: one number per column
    "flower_hand",  # baida: own flower 百搭 held (columns 0–7), the just-drawn tile if a flower (8–15)
    *(f"flowers[{r}]" for r in range(4)),  # baida: flowers seat r laid open (补花, 0–7) and discarded (8–15)
    "flower_table",  # baida: the flower 百搭 kinds (0–7), the indicator if a flower (8–15)
)
C = len(PLANES)
P = {name: i for i, name in enumerate(PLANES)}

# Columns of the "scalars" plane.
SCALARS: tuple[str, ...] = (
    "wall_left",
    "streak",
    "dealer",  # relative seat
    "phase",  # 0 turn, 1 claim window, 2 海捞 turn, 3 over
    *(f"hand_count[{r}]" for r in range(4)),
    *(f"declared[{r}]" for r in range(4)),  # 报听 flags
    *(f"hidden_kongs[{r}]" for r in range(4)),  # 暗杠 lying face down
    "current",  # relative seat whose turn it is (in a claim window: the discarder)
    "indicator_in_wall",
    "ruleset",  # the ruleset's number (its entry's observation code): 0 anqing, 1 hefei, 2 baida, 3 guobiao
    "variant",  # its entry's variant option: anqing mode B (打缺) = 1; hefei 报听 room = 1; baida seven_baida = 1
    "round_wind",  # 圈风 0 东 … 3 北 (baida, guobiao; 0 elsewhere)
    "seat_wind",  # the observer's own wind 0 东 … 3 北 (the dealer is 东)
    "plain_indicator_held",  # baida: the observer holds the indicator's own tile, a plain one (own view only)
)
S = {name: i for i, name in enumerate(SCALARS)}
_PHASES = {"turn": 0, "claim": 1, "haidi": 2, "over": 3}
_RIVER0 = P["river[0][0]"]
_MELDS0 = P["melds[0]"]
_EXPOSED0 = P["exposed[0]"]
_SCAL = P["scalars"] * 34
FLOWER0 = 34  # the first flower's tile id
_FLOWER_HAND = P["flower_hand"] * 34
_FLOWERS0 = P["flowers[0]"]
_FLOWER_TABLE = P["flower_table"] * 34


def observation_space_bounds() -> tuple[int, int, tuple[int, int]]:
    """(low, high, shape) of the planes: every value is a small count that fits a byte."""
    return 0, 255, (C, 34)


_templates: dict[tuple[object, ...], bytes] = {}


def _template(view: SeatView) -> bytes:
    """The planes fixed for the whole hand (wild, stand-in, 杠牌, indicator, tiles in play), built
    once per table setup and copied per observation."""
    return template(view.ruleset, view.wild, view.stand_in, tuple(view.gangpai), view.indicator,
                    tuple(view.wilds))


def template(ruleset: str, wild: int | None, stand_in: int | None, gangpai: tuple[int, ...],
             indicator: int | None, wilds: tuple[int, ...]) -> bytes:
    """:func:`_template` from the table facts themselves (``gangpai``, ``wilds`` ascending, as in a
    view): the incremental planes (majiang/env/tracker.py) start every hand from it."""
    key = (ruleset, wild, stand_in, gangpai, indicator, wilds)
    t = _templates.get(key)
    if t is None:
        buf = bytearray(C * 34)
        for w in {*wilds, *(() if wild is None else (wild,))}:  # baida: several 百搭 kinds
            if w < FLOWER0:
                buf[P["wild"] * 34 + w] = 1
            else:
                buf[_FLOWER_TABLE + w - FLOWER0] = 1
        if stand_in is not None:
            buf[P["stand_in"] * 34 + stand_in] = 1
        for g in gangpai:
            buf[P["gangpai"] * 34 + g] = 1
        if indicator is not None:
            if indicator < FLOWER0:
                buf[P["indicator"] * 34 + indicator] = 1
            else:
                buf[_FLOWER_TABLE + 8 + indicator - FLOWER0] = 1
        entry = ENTRIES.get(ruleset)
        for k in range(34) if entry is None else entry.ruleset.kinds:
            if k < FLOWER0:  # (baida's flowers have planes of their own)
                buf[P["in_play"] * 34 + k] = 1
        buf[_SCAL + 18] = 255 if entry is None else entry.observation.code
        if len(_templates) > 4096:  # a long run sees every setup eventually: keep the cache small
            _templates.clear()
        t = _templates[key] = bytes(buf)
    return t


def variant_flag(ruleset: str, options: dict[str, object]) -> int:
    """Scalar ``variant``: 1 when the options hold the ruleset entry's variant (Anqing mode B, a Hefei
    报听 room, baida's ``seven_baida``)."""
    entry = ENTRIES.get(ruleset)
    return 0 if entry is None else entry.observation.variant_flag(options)


def planes(view: SeatView) -> np.ndarray:
    """The (C, 34) uint8 planes of ``view`` (a seat's view; not a spectator's)."""
    me = view.seat
    if me is None:
        raise ValueError("observations are built for a seat, not a spectator")
    # A flat bytearray written by index, then wrapped without a copy: far cheaper per step than
    # setting numpy items one by one.
    buf = bytearray(_template(view))
    own_suits = [0, 0, 0]
    for t in view.hand:
        if t < 27:
            own_suits[t // 9] += 1
        elif t >= FLOWER0:  # a flower 百搭 (baida)
            buf[_FLOWER_HAND + t - FLOWER0] += 1
            continue
        buf[t] += 1
    if view.drawn is not None:
        if view.drawn < FLOWER0:
            buf[34 + view.drawn] = 1
        else:
            buf[_FLOWER_HAND + 8 + view.drawn - FLOWER0] = 1
    for s in view.seats:
        r = (s.seat - me) % 4
        hidden = 0
        if s.melds:
            base = (_MELDS0 + r) * 34
            for m in s.melds:
                if not m.tiles:
                    hidden += 1
                    continue
                for t in m.tiles:
                    buf[base + t] += 1
                    if r == 0 and t < 27:
                        own_suits[t // 9] += 1
        if s.exposed:
            base = (_EXPOSED0 + r) * 34
            for t in s.exposed:
                if t < FLOWER0:
                    buf[base + t] += 1
                else:  # 补花
                    buf[(_FLOWERS0 + r) * 34 + t - FLOWER0] += 1
        base = (_RIVER0 + r * RIVER_BUCKETS) * 34
        river = s.river
        for b, start in enumerate(_BUCKET_STARTS):
            bb = base + b * 34
            for rt in river[start:_BUCKET_ENDS[b]]:
                if rt.tile < FLOWER0:
                    buf[bb + rt.tile] += 1
                else:  # a flower 百搭 thrown
                    buf[(_FLOWERS0 + r) * 34 + 8 + rt.tile - FLOWER0] += 1
        buf[_SCAL + 4 + r] = min(s.hand_count, 255)
        buf[_SCAL + 8 + r] = 1 if s.declared else 0
        buf[_SCAL + 12 + r] = hidden
    # Who may claim a discard is secret (the server shows a seat that is not asked an ordinary wait):
    # a claim window appears only to a seat that has a decision in it.
    asked_to_claim = view.claim is not None and bool(view.legal)
    if asked_to_claim and view.claim.tile < FLOWER0:  # type: ignore[union-attr]  # (a flower is never claimed)
        buf[_CLAIM + view.claim.tile] = 1  # type: ignore[union-attr]
    base = _SUIT_COUNT
    buf[base : base + 9] = _RUNS[min(own_suits[0], 255)]
    buf[base + 9 : base + 18] = _RUNS[min(own_suits[1], 255)]
    buf[base + 18 : base + 27] = _RUNS[min(own_suits[2], 255)]
    buf[_SCAL + 0] = min(view.wall_left, 255)
    buf[_SCAL + 1] = min(view.streak, 255)
    buf[_SCAL + 2] = (view.dealer - me) % 4
    buf[_SCAL + 3] = 0 if (view.phase == "claim" and not asked_to_claim) else _PHASES.get(view.phase, 3)
    buf[_SCAL + 16] = (view.current - me) % 4
    buf[_SCAL + 17] = 1 if view.indicator_in_wall else 0
    buf[_SCAL + 19] = variant_flag(view.ruleset, view.options)
    buf[_SCAL + 20] = view.round_wind
    buf[_SCAL + 21] = view.seats[me].wind if view.seats else 0
    buf[_SCAL + 22] = 1 if view.plain_indicator_held else 0
    import numpy as np

    return np.frombuffer(buf, dtype=np.uint8).reshape(C, 34)


_BUCKET_STARTS = tuple(b * BUCKET_SIZE for b in range(RIVER_BUCKETS))
_BUCKET_ENDS = (*_BUCKET_STARTS[1:], 10_000)  # the last bucket takes the rest of the river
_CLAIM = P["claim"] * 34
_SUIT_COUNT = P["suit_count"] * 34
_RUNS = tuple(bytes([n]) * 9 for n in range(256))
