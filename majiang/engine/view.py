"""The per-seat view: the only picture of a hand that leaves the engine.

A seat sees its own concealed tiles, everyone's melds (another seat's 暗杠 face
down), exposures, rivers and hand sizes, the public wall count and the wild; never
another seat's concealed tiles, nor anything of the wall's order. When the hand is
over, the settlement reveals every hand and the seed.
"""

from __future__ import annotations

import msgspec

from majiang.core.actions import Action
from majiang.core.events import Won
from majiang.core.melds import Meld, RiverTile
from majiang.core.settlement import Settlement
from majiang.engine.hand import Hand
from majiang.engine.hint import ting_hint
from majiang.engine.ting import Ting


class PublicMeld(msgspec.Struct, frozen=True):
    kind: str
    tiles: tuple[int, ...]  # empty for another seat's 暗杠
    from_seat: int | None = None
    called: int | None = None


class SeatPublic(msgspec.Struct, frozen=True):
    seat: int
    hand_count: int
    melds: list[PublicMeld]
    exposed: list[int]  # laid open: 杠牌 (Anqing), flowers (补花)
    river: list[RiverTile]
    declared: bool
    wind: int = 0  # the seat's own wind (位风): 0 东 1 南 2 西 3 北, the dealer being 东


class ClaimInfo(msgspec.Struct, frozen=True):
    tile: int
    discarder: int  # with `robbing`: the seat whose 加杠 it is
    robbing: bool = False  # the tile is a 加杠's (抢杠), not a discard


class WinInfo(msgspec.Struct, frozen=True):
    """How one winner won (public once the hand is over): the settlement's title and the winning tile."""

    seat: int
    tile: int
    self_draw: bool
    from_seat: int | None = None


class SeatView(msgspec.Struct):
    ruleset: str
    options: dict[str, object]
    seat: int | None  # None: a spectator
    hand_no: int
    dealer: int
    streak: int
    phase: str
    current: int  # whose turn it is (in a claim window: the discarder)
    wall_left: int
    dice: tuple[int, ...]
    indicator: int | None
    indicator_in_wall: bool  # still lying face up in the wall (so it is seen, but not yet drawn)
    wild: int | None
    stand_in: int | None
    gangpai: list[int]
    hand: list[int]  # own concealed tiles, sorted, the drawn tile included
    drawn: int | None  # own tile just drawn
    seats: list[SeatPublic]
    claim: ClaimInfo | None
    legal: list[Action]  # what this seat may do now (empty when nothing is asked of it)
    seed_hash: str
    settlement: Settlement | None = None
    revealed: list[list[int]] | None = None  # every hand, once the hand is over
    seed: str | None = None
    ting: Ting | None = None  # the 听 hint (majiang.engine.hint), when asked for
    dealer_dice: tuple[int, ...] = ()  # hand 1: the dice that picked the first dealer, if any
    wins: list[WinInfo] | None = None  # every win of the hand (from the ``won`` events), once it is over
    round_wind: int = 0  # 圈风: 0 东 1 南 2 西 3 北 (each seat's own wind is in `seats`)
    wilds: list[int] = []  # every wild kind where there are several (百搭); `wild` is the lowest
    # Own concealed information (never another seat's, nor a spectator's): the seat holds the indicator's
    # own tile, a plain tile of its wild kind (百搭麻将: only the other copies are 百搭), and whether the
    # tile just drawn (`drawn`) is that one.
    plain_indicator_held: bool = False
    drawn_plain: bool = False


def _meld_for(meld: Meld, owner: int, viewer: int | None, over: bool) -> PublicMeld:
    hidden = meld.kind == "kong_concealed" and owner != viewer and not over
    return PublicMeld(kind=meld.kind, tiles=() if hidden else meld.tiles, from_seat=meld.from_seat,
                      called=meld.called)


def seat_view(hand: Hand, seat: int | None, hint: bool = False) -> SeatView:
    """``seat``'s picture of the hand (None: a spectator's). ``hint`` adds the 听 hint, for
    people; bots and simulations do without it."""
    over = hand.over
    own = hand.seat_state[seat] if seat is not None else None
    seats = [
        SeatPublic(
            seat=i,
            hand_count=st.concealed_size,
            melds=[_meld_for(m, i, seat, over) for m in st.melds],
            exposed=list(st.exposed),
            river=list(st.river),
            declared=st.declared,
            wind=hand.seat_wind(i),
        )
        for i, st in enumerate(hand.seat_state)
    ]
    claim = hand.claim
    is_turn = own is not None and hand.phase in ("turn", "haidi") and hand.current == seat
    legal = hand.legal_actions(seat) if seat is not None else []
    return SeatView(
        ruleset=hand.ruleset.name,
        options=hand.ruleset.options_dict(),
        seat=seat,
        hand_no=hand.hand_no,
        dealer=hand.dealer,
        streak=hand.streak,
        phase=hand.phase,
        current=claim.discarder if claim is not None else hand.current,
        wall_left=hand.wall_left,
        dice=hand.dice,
        indicator=hand.info.indicator,
        indicator_in_wall=hand.indicator_index is not None and hand.head <= hand.indicator_index <= hand.tail,
        wild=hand.info.wild,
        stand_in=hand.info.stand_in,
        gangpai=sorted(hand.info.gangpai),
        hand=own.tiles() if own is not None else [],
        drawn=own.drawn if (own is not None and is_turn) else None,
        seats=seats,
        claim=ClaimInfo(tile=claim.tile, discarder=claim.discarder, robbing=claim.robbing) if claim is not None
        else None,
        legal=legal,
        seed_hash=_seed_hash(hand),
        settlement=hand.settlement if over else None,
        revealed=[st.tiles() for st in hand.seat_state] if over else None,
        seed=hand.seed if over else None,
        ting=ting_hint(hand, seat, legal) if hint and seat is not None else None,
        dealer_dice=hand.dealer_dice,
        wins=_wins(hand) if over else None,
        round_wind=hand.round_wind,
        wilds=sorted(hand.info.wilds),
        plain_indicator_held=own is not None and own.plain_indicator,
        drawn_plain=own is not None and is_turn and own.drawn is not None and own.drawn_plain,
    )


def _wins(hand: Hand) -> list[WinInfo]:
    return [WinInfo(seat=e.seat, tile=e.tile, self_draw=e.self_draw, from_seat=e.from_seat)
            for e in hand.events if isinstance(e, Won)]


def light_view(hand: Hand, seat: int) -> SeatView:
    """A seat view without the table's public part (``seats`` is empty, ``options`` too): for bots
    that declare they decide from the legal list and their own tiles alone (``view_detail = "legal"``).

    It holds nothing :func:`seat_view` would not show the same seat; it only skips building the
    other seats' melds and rivers, which is most of a view's cost in a simulation."""
    st = hand.seat_state[seat]
    claim = hand.claim
    phase = hand.phase
    info = hand.info
    index = hand.indicator_index
    drawn = st.drawn if ((phase == "turn" or phase == "haidi") and hand.current == seat) else None
    # By keyword, like every wide struct: a positional tail once put the round wind into `wins`.
    return SeatView(
        ruleset=hand.ruleset.name,
        options={},
        seat=seat,
        hand_no=hand.hand_no,
        dealer=hand.dealer,
        streak=hand.streak,
        phase=phase,
        current=claim.discarder if claim is not None else hand.current,
        wall_left=hand.tail - hand.head + 1,
        dice=hand.dice,
        indicator=info.indicator,
        indicator_in_wall=index is not None and hand.head <= index <= hand.tail,
        wild=info.wild,
        stand_in=info.stand_in,
        gangpai=[],
        hand=st.tiles(),
        drawn=drawn,
        seats=[],
        claim=(ClaimInfo(tile=claim.tile, discarder=claim.discarder, robbing=claim.robbing)
               if claim is not None else None),
        legal=hand.legal_actions(seat),
        seed_hash=hand.seed_digest,
        settlement=hand.settlement if phase == "over" else None,
        round_wind=hand.round_wind,
        wilds=sorted(info.wilds),
        plain_indicator_held=st.plain_indicator,
        drawn_plain=drawn is not None and st.drawn_plain,
    )


def _seed_hash(hand: Hand) -> str:
    return hand.seed_digest


def unseen_counts(view: SeatView) -> list[int]:
    """How many of each kind this seat cannot see anywhere (wall + other hands), from its view alone."""
    seen = [0] * 42  # flowers (34–41) can be in view: laid open, or a wild in hand
    for t in view.hand:
        seen[t] += 1
    for s in view.seats:
        for m in s.melds:
            for t in m.tiles:
                seen[t] += 1
        for t in s.exposed:
            seen[t] += 1
        for r in s.river:
            if not r.claimed:
                seen[r.tile] += 1
    if view.indicator is not None and view.indicator_in_wall:
        seen[view.indicator] += 1
    return [max(0, 4 - c) for c in seen[:34]]
