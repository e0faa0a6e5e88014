"""Imagined worlds for the searching bot: a whole hand built from one seat's view and a guess at the
tiles it cannot see.

The view shows this seat's own tiles, every meld (another seat's 暗杠 face down), the 杠牌 and flowers
laid open, every river, the hand sizes, the wall count, the dice and the indicator. Everything else —
the other seats' concealed tiles, the kinds of their face-down 暗杠 and the order of the wall — is
drawn at random from what is left, under the constraints the view implies:

* the multiset: exactly the tiles the view does not show, and as many as the hidden places hold;
* a tile that must be laid open as soon as it is held (Anqing's 杠牌, baida's flowers that are no
  百搭) is in nobody's concealed hand: it would have been laid open, so it stays in the wall;
* a seat that declared 报听 (Hefei) holds a ready hand; tiles thrown after its declaration that it
  did not win on are not among its winning tiles (a declared hand's waits are locked) — tried a few
  times, then the closest draw is kept;
* the indicator lies where the dice put it while the view says it is still in the wall.

What cannot be known is approximated where the rules barely look at it (the number of draws a seat
has made, used for 天胡/地胡; a 杠开 chain; 过水不胡 marks). The result is an ordinary engine
:class:`Hand`, so the playouts run on the engine itself, compiled where it is built.

Only the view is read: :func:`sample_world` never sees the real hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

import msgspec

from majiang.core.deal import WallSetup
from majiang.core.melds import Meld, RiverTile
from majiang.core.seat import ClaimWindow, SeatState
from majiang.engine.hand import Hand
from majiang.engine.view import SeatView
from majiang.rules.base import Ruleset
from majiang.rules.registry import make_ruleset

READY_TRIES = 12  # redraws of a declared seat's hand until it is ready and its locked waits fit


Develop = Callable[[int, list[int], list[int], random.Random], None]


@dataclass(frozen=True)
class Sample:
    """One guess at the hidden tiles: each other seat's concealed tiles, the kinds of its face-down
    暗杠 (in meld order) and the wall from head to tail."""

    hands: dict[int, list[int]]
    hidden_kongs: dict[int, list[int]]
    wall: list[int]


_RULESETS: dict[bytes, Ruleset] = {}
_FULL_SETS: dict[bytes, list[int]] = {}


def ruleset_of(view: SeatView) -> Ruleset:
    """The view's ruleset with its options, made once per (name, options) in a process."""
    key = msgspec.json.encode((view.ruleset, view.options))
    rs = _RULESETS.get(key)
    if rs is None:
        if len(_RULESETS) >= 64:
            _RULESETS.clear()
            _FULL_SETS.clear()
        rs = _RULESETS[key] = make_ruleset(view.ruleset, dict(view.options))
        # every physical tile of a full set, as the ruleset builds its wall (flowers included where used)
        _FULL_SETS[key] = sorted(rs.build_wall(random.Random(0), 0).tiles)
    return rs


def _full_set(view: SeatView) -> list[int]:
    ruleset_of(view)
    return _FULL_SETS[msgspec.json.encode((view.ruleset, view.options))]


def indicator_index(view: SeatView, size: int) -> int | None:
    """Where the dice put the turned-up tile in the wall (as the rulesets' ``build_wall`` does)."""
    if view.indicator is None:
        return None
    last = view.dice[-2:]  # Anqing's third roll, baida's second: counted in stacks from the tail
    return size - 2 * sum(last)


def tail_draws(view: SeatView) -> int:
    """Tiles drawn from the tail so far: one replacement per kong (直叫 included) and per tile laid open."""
    return sum(sum(1 for m in s.melds if m.kind.startswith("kong") or m.kind == "wildkong") + len(s.exposed)
               for s in view.seats)


def unseen_pool(view: SeatView) -> list[int]:
    """The physical tiles this seat cannot see anywhere (hidden hands, hidden 暗杠, the wall), sorted;
    the indicator is left out while it lies face up in the wall (its place is known)."""
    pool: dict[int, int] = {}
    for t in _full_set(view):
        pool[t] = pool.get(t, 0) + 1
    seen = list(view.hand)
    for s in view.seats:
        for m in s.melds:
            seen.extend(m.tiles)
        seen.extend(s.exposed)
        seen.extend(r.tile for r in s.river if not r.claimed)
    if view.indicator is not None and view.indicator_in_wall:
        seen.append(view.indicator)
    for t in seen:
        if pool.get(t, 0) > 0:
            pool[t] -= 1
    return sorted(t for t, n in pool.items() for _ in range(n))


def draw_sample(view: SeatView, rng: random.Random, *, forced: frozenset[int] = frozenset(),
                ready: object = None, develop: Develop | None = None,
                weights: dict[int, list[float]] | None = None) -> Sample | None:
    """A random assignment of the hidden tiles consistent with the view (None: the view's counts do
    not add up, e.g. a ruleset whose tiles leave play in a way not modelled here).

    ``forced``: kinds nobody may hold concealed. ``ready(seat, tiles, locked)``: for a declared seat,
    whether ``tiles`` is a ready hand none of whose waits is in ``locked``. ``develop(seat, held, free,
    rng)``: brings a seat's dealt-at-random tiles to where a player's would be after its draws so far
    (swapping with ``free``, the rest of the pool, in place): a hand that has drawn and thrown a dozen
    times is not a random one. ``weights[seat][kind]``: how likely a copy of each kind is to sit in that
    seat's concealed hand rather than elsewhere (an opponent model read from the view; 1 = no
    evidence); the seat's tiles are then drawn without replacement in proportion to them."""
    me = view.seat
    assert me is not None
    pool = unseen_pool(view)
    others = [s for s in view.seats if s.seat != me]
    hidden_kongs = {s.seat: sum(1 for m in s.melds if m.kind == "kong_concealed" and not m.tiles) for s in others}
    need = sum(s.hand_count for s in others) + 4 * sum(hidden_kongs.values()) + view.wall_left
    if view.indicator is not None and view.indicator_in_wall:
        need -= 1
    if need > len(pool):
        return None
    rng.shuffle(pool)
    # The face-down 暗杠: four of a kind still unseen (rare; drawn before the hands so the copies are there),
    # of a kind a concealed kong may be made of: never a wild (Anqing's 钻牌 is konged only by 直叫, in the
    # open; a wild plays as no value of its own) nor a tile laid open as soon as it is held — an imagined
    # 暗杠 of the 钻牌 once made the playout's scorer refuse the hand and stopped the arena.
    no_kong = forced | frozenset(view.wilds) | (frozenset([view.wild]) if view.wild is not None else frozenset())
    kongs: dict[int, list[int]] = {}
    for seat, n in hidden_kongs.items():
        kongs[seat] = []
        for _ in range(n):
            kinds = sorted({t for t in pool if pool.count(t) >= 4 and t not in no_kong})
            if not kinds:
                return None
            k = rng.choice(kinds)
            for _ in range(4):
                pool.remove(k)
            kongs[seat].append(k)
    # Tiles that cannot sit in a concealed hand go to the wall first.
    free = [t for t in pool if t not in forced]
    stuck = [t for t in pool if t in forced]
    hands: dict[int, list[int]] = {}
    for s in others:
        if s.hand_count > len(free):
            return None
        w = weights.get(s.seat) if weights is not None else None
        if w is not None and s.hand_count:
            # weighted sampling without replacement (Efraimidis–Spirakis): the largest u ** (1 / w)
            order = sorted(range(len(free)), key=lambda i: rng.random() ** (1.0 / w[free[i]]), reverse=True)
            take = set(order[: s.hand_count])
            hands[s.seat] = [free[i] for i in sorted(take)]
            free = [t for i, t in enumerate(free) if i not in take]
            continue
        hands[s.seat] = free[: s.hand_count]
        del free[: s.hand_count]
    if develop is not None:
        for s in others:
            develop(s.seat, hands[s.seat], free, rng)
    wall = free + stuck
    if ready is not None:
        for s in others:
            if s.declared:
                _make_ready(s.seat, view, hands, wall, rng, forced, ready)
    rng.shuffle(wall)
    size = view.wall_left - (1 if view.indicator is not None and view.indicator_in_wall else 0)
    return Sample(hands=hands, hidden_kongs=kongs, wall=wall[:size])


def _make_ready(seat: int, view: SeatView, hands: dict[int, list[int]], wall: list[int], rng: random.Random,
                forced: frozenset[int], ready: object) -> None:
    """Redraw a declared seat's hand from its tiles and the wall until it is ready with none of the
    tiles thrown since its declaration among its waits (a few tries; else it keeps the last draw)."""
    assert callable(ready)
    river = view.seats[seat].river
    start = next((i for i, r in enumerate(river) if r.declared), None)
    locked: set[int] = set()
    if start is not None:
        # its own later discards, and every other seat's from the next go-round on (river positions
        # are go-rounds only roughly: claims skip turns, so the count errs toward fewer locked tiles)
        for s in view.seats:
            locked.update(r.tile for r in s.river[start + 1:])
    held = hands[seat]
    if ready(seat, held, locked):
        return
    pool = held + [t for t in wall if t not in forced]
    rest = [t for t in wall if t in forced]
    for _ in range(READY_TRIES):
        built = _ready_shape(len(held), pool, rng)
        if built is not None and ready(seat, built, locked):
            left = list(pool)
            for t in built:
                left.remove(t)
            hands[seat] = built
            wall[:] = left + rest
            return


def _ready_shape(size: int, pool: list[int], rng: random.Random) -> list[int] | None:
    """``size`` (3n+1) tiles from ``pool`` one tile short of sets and a pair, most of them in one suit (a
    random ready-looking hand: a random deal is almost never ready)."""
    counts = [0] * 34
    for t in pool:
        if t < 34:
            counts[t] += 1
    suit = rng.randrange(3)
    tiles: list[int] = []
    for _ in range(size // 3):
        main = rng.random() < 0.8
        sets = [(k, k, k) for k in range(34) if counts[k] >= 3 and (not main or k // 9 == suit)]
        sets += [(k, k + 1, k + 2) for k in range(27) if k % 9 <= 6 and (not main or k // 9 == suit)
                 and counts[k] and counts[k + 1] and counts[k + 2]]
        if not sets:
            return None
        group = rng.choice(sets)
        for t in group:
            counts[t] -= 1
        tiles.extend(group)
    pairs = [k for k in range(34) if counts[k] >= 2]
    if not pairs:
        return None
    k = rng.choice(pairs)
    tiles += [k, k]
    tiles.pop(rng.randrange(len(tiles)))  # the tile it waits on (one of its waits)
    return sorted(tiles)


def build_hand(view: SeatView, sample: Sample, ruleset: Ruleset | None = None) -> Hand:
    """An engine hand at the view's moment with ``sample``'s hidden tiles (a fresh one each call: a
    playout mutates it)."""
    me = view.seat
    assert me is not None
    rs = ruleset or ruleset_of(view)
    hand = Hand(rs, "world", dealer=view.dealer, streak=view.streak, hand_no=view.hand_no,
                round_wind=view.round_wind)
    place_state(hand, view, sample)
    return hand


def place_state(hand: Hand, view: SeatView, sample: Sample) -> None:
    """Overwrite a freshly dealt ``hand`` with the view's public state and the sample's hidden tiles."""
    rs = hand.ruleset
    me = view.seat
    assert me is not None
    size = len(hand.wall)
    idx = indicator_index(view, size)
    tail = size - 1 - tail_draws(view)
    head = tail - view.wall_left + 1
    wall = [0] * size
    fill = iter(sample.wall)
    for i in range(head, tail + 1):
        if i == idx and view.indicator_in_wall and view.indicator is not None:
            wall[i] = view.indicator
        else:
            wall[i] = next(fill)
    if idx is not None and view.indicator is not None and not (head <= idx <= tail):
        wall[idx] = view.indicator  # drawn already: the slot only names the indicator for table_info
    hand.wall, hand.head, hand.tail, hand.indicator_index, hand.dice = wall, head, tail, idx, view.dice
    if idx is not None:
        hand.info = rs.table_info(WallSetup(tiles=wall, dice=view.dice, indicator_index=idx))
    hand.natural = None
    # The indicator's own (plain) tile: a playout's seat that draws it from its place holds it; once it is
    # drawn, only this seat knows whether it holds it (set below).
    in_wall = rs.flags.plain_indicator and idx is not None and view.indicator_in_wall
    hand._plain_at = idx if in_wall and idx is not None and hand.info.indicator in hand.info.wilds else -1
    hand._forced, hand._forced_kinds = rs.forced_table(hand)
    hand._wild = tuple(rs.is_wild(hand, t) for t in range(rs.count_size))
    hand.events.clear()
    hand.log.clear()
    hand._win_cache.clear()
    hand._legal_step = -1
    hand.kou = [[0] * 4 for _ in range(4)]
    hand.kou_all_pung = [[True] * 4 for _ in range(4)]
    claims = False
    discards = 0
    on_turn = view.phase in ("turn", "haidi")
    for pub in view.seats:
        i = pub.seat
        st = SeatState(counts=[0] * rs.count_size)
        tiles = view.hand if i == me else sample.hands.get(i, [])
        for t in tiles:
            st.counts[t] += 1
        st.held = sorted(tiles)
        hidden = iter(sample.hidden_kongs.get(i, []))
        for m in pub.melds:
            if m.kind == "kong_concealed" and not m.tiles:
                k = next(hidden)
                st.melds.append(Meld(kind="kong_concealed", tiles=(k, k, k, k)))
                continue
            st.melds.append(Meld(kind=m.kind, tiles=m.tiles, from_seat=m.from_seat,  # type: ignore[arg-type]
                                 called=m.called))
            if m.from_seat is not None and m.kind != "kong_added":
                claims = True
                hand.kou[m.from_seat][i] += 1
                if m.kind == "chi":
                    hand.kou_all_pung[m.from_seat][i] = False
            elif m.from_seat is not None:  # a 加杠 grew from a claimed peng
                claims = True
                hand.kou[m.from_seat][i] += 1
        st.exposed = list(pub.exposed)
        st.river = [RiverTile(tile=r.tile, claimed=r.claimed, declared=r.declared) for r in pub.river]
        st.declared = pub.declared
        st.discarded_wild = any(hand._wild[r.tile] for r in pub.river if r.tile < len(hand._wild))
        discards += len(pub.river)
        # own draws so far (天胡/地胡 only): a draw before each discard, the dealer's first tile dealt
        st.draws = len(pub.river) + (0 if i == view.dealer else 1 if on_turn and i == view.current else 0)
        if on_turn and i == view.current:
            st.drawn = view.drawn if i == me else None
        if i == me:  # (where another seat holds the plain indicator tile is unseen: its copies read as 百搭)
            st.plain_indicator, st.drawn_plain = view.plain_indicator_held, view.drawn_plain
        hand.seat_state[i] = st
    hand.claims_made = claims
    hand.discards_made = discards
    hand.current = view.current
    hand.kong_chain = 0
    hand.kong_made = False
    hand.zhijiao = False
    hand.robbing = False
    hand.settlement = None
    hand.outcome = None
    if view.phase == "claim" and view.claim is not None:
        hand.phase = "claim"
        hand.after_claim = False
        tile, discarder = view.claim.tile, view.claim.discarder
        # (a 抢杠 window asks only for discard wins: the other seats' are not modelled, it is rare)
        options = {} if view.claim.robbing else rs.claim_window(hand, tile, discarder)
        hand.robbing = view.claim.robbing
        options[me] = list(view.legal)  # this seat's own choice, exactly as it is asked
        hand.claim = ClaimWindow(tile=tile, discarder=discarder, options=options, robbing=view.claim.robbing)
    else:
        hand.phase = view.phase
        hand.claim = None
        hand.after_claim = view.drawn is None and bool(view.seats[me].melds)
