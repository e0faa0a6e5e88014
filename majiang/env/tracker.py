"""The observation planes of one hand for all four seats, kept up to date from the hand's events.

:func:`majiang.env.observation.planes` builds a seat's planes from a fresh :class:`SeatView`: every
meld, river tile and exposure of the table, on every step. Almost none of that changes from one
step to the next (a step discards one tile and draws one), so here each seat's planes live in one
buffer per observer, changed only by the event that changes them: the hand's fixed planes, every
seat's melds, exposures and rivers, 报听 flags and face-down 暗杠, and the observer's own concealed
tiles and suit counts. A seat's planes are then a copy of its buffer plus the few bytes that move
on every step, read from the hand: the tile just drawn, the claim on offer, phase, wall, hand
sizes, whose turn it is.

Each observer's buffer is given exactly what its seat view shows it, the way
:func:`majiang.core.events.redact` cuts events for that seat: public events go to all four;
the tiles of a deal, a draw or a 暗杠 only to the seat's own buffer (the others count one more
face-down kong and see no tile of it). When the hand is over the view reveals everything (every
暗杠, every hand): those rare observations are rebuilt from :func:`seat_view`. tests/test_env.py
checks that these planes equal the planes rebuilt from the seat view, byte for byte, for every
seat at every step of many random hands in every ruleset.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from majiang.core.events import (
    AddedKong,
    Claimed,
    ConcealedKong,
    Dealt,
    Discarded,
    Drew,
    Exposed,
    WildKonged,
)
from majiang.engine.hand import Hand
from majiang.engine.view import seat_view
from majiang.env.fast import fast
from majiang.env.observation import (
    BUCKET_SIZE,
    FLOWER0,
    PLANES,
    RIVER_BUCKETS,
    C,
    P,
    planes,
    template,
    variant_flag,
)

if TYPE_CHECKING:
    import numpy as np  # (imported where used: `import majiang.env` stays under 60 ms, numpy alone ~60-90)

SEATS: Final = 4
L: Final = C * 34  # one observer's planes, in bytes
_HAND: Final = P["hand"] * 34
_DRAWN: Final = P["drawn"] * 34
_CLAIM: Final = P["claim"] * 34
_SUIT: Final = P["suit_count"] * 34
_SCAL: Final = P["scalars"] * 34
_FLOWER_HAND: Final = P["flower_hand"] * 34
_RUNS: Final = tuple(bytes([n]) * 9 for n in range(256))
# Per observer, the absolute seats in relative order (0 = itself, 1 = 下家, ...).
_ROTATION: Final = tuple(tuple((me + r) % SEATS for r in range(SEATS)) for me in range(SEATS))
_LAST_BUCKET: Final = RIVER_BUCKETS - 1
_LAST_START: Final = _LAST_BUCKET * BUCKET_SIZE  # a seat's discards from the 13th on share the last bucket
_SUIT_AT: Final = tuple(seat * L + _SUIT + 9 * suit for seat in range(SEATS) for suit in range(3))  # [seat·3 + suit]


def _public(first: int, stride: int) -> tuple[tuple[int, ...], ...]:
    """For each acting seat, where its row of a per-seat block (``first``: byte offset of relative
    seat 0's row, ``stride``: bytes to the next relative seat's) lies in each observer's planes:
    a public event is four writes at these offsets, one per observer."""
    return tuple(tuple(me * L + first + ((seat - me) % SEATS) * stride for me in range(SEATS))
                 for seat in range(SEATS))


_MELDS: Final = _public(P["melds[0]"] * 34, 34)
_EXPOSED: Final = _public(P["exposed[0]"] * 34, 34)
_FLOWERS: Final = _public(P["flowers[0]"] * 34, 34)  # 补花 at 0–7, a thrown flower 百搭 at 8–15
_RIVERS: Final = tuple(_public((P["river[0][0]"] + b) * 34, RIVER_BUCKETS * 34) for b in range(RIVER_BUCKETS))
_DECLARED: Final = _public(_SCAL + 8, 1)
_HIDDEN_KONGS: Final = _public(_SCAL + 12, 1)
assert len(PLANES) == C and _HAND == 0  # (draws and discards write the hand plane at seat·L + tile)
if fast is not None:  # the layout _envfast.c's sync writes by (it holds no copy of its own)
    fast.configure(Drew, Discarded, (L, _SUIT, _FLOWER_HAND, P["river[0][0]"] * 34, RIVER_BUCKETS * 34,
                                     P["flowers[0]"] * 34, _SCAL + 8, BUCKET_SIZE, _LAST_BUCKET, _DRAWN, _CLAIM,
                                     _SCAL))


class HandPlanes:
    """The planes of ``hand`` for each seat (call :meth:`planes` any time; events are read lazily)."""

    __slots__ = ("_big", "_counts", "_plain", "_seen", "_view", "hand")

    def __init__(self, hand: Hand) -> None:
        if hand.ruleset.seats != SEATS:
            raise ValueError(f"observation planes are for {SEATS} seats, not {hand.ruleset.seats}")
        self.hand = hand
        info = hand.info
        fixed = template(hand.ruleset.name, info.wild, info.stand_in, tuple(sorted(info.gangpai)), info.indicator,
                         tuple(sorted(info.wilds)))
        variant = variant_flag(hand.ruleset.name, hand.ruleset.options_dict())
        # The four observers' planes back to back: observer ``me`` owns bytes me·L … (me+1)·L.
        big = self._big = bytearray(fixed * SEATS)
        self._view = memoryview(big)  # (slices of it copy nothing until written somewhere)
        for me in range(SEATS):
            o = me * L + _SCAL
            big[o + 1] = min(hand.streak, 255)
            big[o + 2] = (hand.dealer - me) % SEATS
            big[o + 19] = variant
            big[o + 20] = hand.round_wind
            big[o + 21] = hand.seat_wind(me)
        # At 0–3 the discards each seat has made (its river's length); at 4 + seat·3 + suit the seat's
        # own tiles of the suit, concealed + melds (_envfast.c's sync keeps the same bytes).
        self._counts = bytearray(16)
        self._seen = 0  # events read so far
        self._plain = hand.ruleset.flags.plain_indicator  # scalar 22 is kept from the seats' flags on each sync

    # --- reading events ---------------------------------------------------------------
    def _sync(self) -> None:
        events = self.hand.events
        n = len(events)
        i = self._seen
        read = self._event
        if fast is None:
            for e in events[i:]:
                read(e)
        else:  # draws and discards in C; Python reads the rest (claims, kongs, deals, ...)
            big, counts, sync = self._big, self._counts, fast.sync
            while i < n:
                i = sync(big, counts, events, i)
                if i < n:
                    read(events[i])
                    i += 1
        self._seen = n
        if self._plain:  # baida: who holds the indicator's own (plain) tile, each observer its own flag
            big = self._big
            for me, st in enumerate(self.hand.seat_state):
                big[me * L + _SCAL + 22] = 1 if st.plain_indicator else 0

    def _event(self, e: Any) -> None:  # (any event: its fields are read by kind)
        """Read one event into the planes (_envfast.c's ``sync`` reads draws and discards the same way)."""
        big = self._big
        counts = self._counts
        own = self._own
        kind = type(e)
        if kind is Drew:  # only the drawer's own planes change
            own(e.seat, e.tile, 1)  # type: ignore[attr-defined]
        elif kind is Discarded:
            seat, tile = e.seat, e.tile  # type: ignore[attr-defined]
            own(seat, tile, -1)
            n = counts[seat]
            counts[seat] = n + 1
            if tile < FLOWER0:
                a, b, c, d = _RIVERS[n // BUCKET_SIZE if n < _LAST_START else _LAST_BUCKET][seat]
            else:  # a flower 百搭 thrown (baida)
                a, b, c, d = _FLOWERS[seat]
                tile += 8 - FLOWER0
            big[a + tile] += 1
            big[b + tile] += 1
            big[c + tile] += 1
            big[d + tile] += 1
            if e.declared:  # type: ignore[attr-defined]
                for o in _DECLARED[seat]:
                    big[o] = 1
        elif kind is Claimed:
            taken = list(e.tiles)  # type: ignore[attr-defined]
            taken.remove(e.tile)  # type: ignore[attr-defined]  # the discard joins the meld; the rest came from the hand
            for t in taken:
                own(e.seat, t, -1)  # type: ignore[attr-defined]
            self._meld(e.seat, e.tiles, everyone=True)  # type: ignore[attr-defined]
        elif kind is WildKonged:
            for t in e.tiles:  # type: ignore[attr-defined]
                own(e.seat, t, -1)  # type: ignore[attr-defined]
            self._meld(e.seat, e.tiles, everyone=True)  # type: ignore[attr-defined]
        elif kind is AddedKong:
            own(e.seat, e.tile, -1)  # type: ignore[attr-defined]
            self._meld(e.seat, (e.tile,), everyone=True)  # type: ignore[attr-defined]
        elif kind is ConcealedKong:
            for t in e.tiles:  # type: ignore[attr-defined]
                own(e.seat, t, -1)  # type: ignore[attr-defined]
            # Face down for the others: they count one more hidden kong, and see no tile of it.
            self._meld(e.seat, e.tiles, everyone=False)  # type: ignore[attr-defined]
            for me, o in enumerate(_HIDDEN_KONGS[e.seat]):  # type: ignore[attr-defined]
                if me != e.seat:  # type: ignore[attr-defined]
                    big[o] += 1
        elif kind is Exposed:
            seat, tile = e.seat, e.tile  # type: ignore[attr-defined]
            own(seat, tile, -1)
            if tile < FLOWER0:  # a 杠牌 (Anqing)
                offsets = _EXPOSED[seat]
            else:  # 补花 (baida)
                offsets = _FLOWERS[seat]
                tile -= FLOWER0
            for o in offsets:
                big[o + tile] += 1
        elif kind is Dealt:  # the seat's own 13 or 14 tiles, once a hand: its suits written once
            seat = e.seat  # type: ignore[attr-defined]
            o = seat * L
            for t in e.tiles:  # type: ignore[attr-defined]
                if t < 27:
                    big[o + t] += 1
                    counts[4 + seat * 3 + t // 9] += 1
                else:
                    own(seat, t, 1)
            for i in range(seat * 3, seat * 3 + 3):
                big[_SUIT_AT[i] : _SUIT_AT[i] + 9] = _RUNS[counts[4 + i]]
        # HandStarted, Passed: nothing on the planes; Won, HandEnded: the hand is over
        # (observations are rebuilt from the view from then on).

    def _own(self, seat: int, tile: int, delta: int) -> None:
        """``delta`` copies of ``tile`` came into (1) or left (−1) ``seat``'s concealed hand: its own
        hand plane and suit count change (no other seat's planes are touched)."""
        if tile < 27:
            self._big[seat * L + _HAND + tile] += delta
            self._suit(seat, tile // 9, delta)
        elif tile < FLOWER0:
            self._big[seat * L + _HAND + tile] += delta
        else:  # a flower 百搭 held (baida)
            self._big[seat * L + _FLOWER_HAND + tile - FLOWER0] += delta

    def _suit(self, seat: int, suit: int, delta: int) -> None:
        """Seat's own tiles of ``suit`` (concealed + melds) changed: rewrite that suit's nine columns."""
        i = seat * 3 + suit
        n = self._counts[4 + i] = self._counts[4 + i] + delta
        o = _SUIT_AT[i]
        self._big[o : o + 9] = _RUNS[n]

    def _meld(self, seat: int, tiles: tuple[int, ...], *, everyone: bool) -> None:
        for t in tiles:
            if t < 27:
                self._suit(seat, t // 9, 1)
        big = self._big
        offsets = _MELDS[seat] if everyone else (_MELDS[seat][seat],)
        for o in offsets:
            for t in tiles:
                big[o + t] += 1

    # --- a seat's planes ----------------------------------------------------------------
    def write(self, me: int, asked: bool, out: bytearray, at: int) -> None:
        """Seat ``me``'s planes into ``out[at : at + L]`` (C × 34 bytes). ``asked``: ``me`` has a
        decision now (a claim window shows only to a seat asked in it)."""
        hand = self.hand
        phase = hand.phase
        if phase == "over":  # everything is revealed: rare (once per hand), so from the view
            out[at : at + L] = planes(seat_view(hand, me)).tobytes()
            return
        if self._seen != len(hand.events):
            self._sync()
        if fast is not None and fast.write(self._big, me, out, at, hand, asked):
            return  # (the same bytes as below, written in C)
        o = me * L
        out[at : at + L] = self._view[o : o + L]  # (a memoryview slice: one copy, into ``out``)
        seat_state = hand.seat_state
        claim = hand.claim
        if claim is None:
            current = hand.current
            if current == me:  # own turn (phase turn or 海捞): the tile just drawn
                d = seat_state[me].drawn
                if d is not None:
                    if d < FLOWER0:
                        out[at + _DRAWN + d] = 1
                    else:
                        out[at + _FLOWER_HAND + 8 + d - FLOWER0] = 1
            if phase == "haidi":  # (the buffers hold phase 0, a turn)
                out[at + _SCAL + 3] = 2
        else:
            current = claim.discarder
            if asked:
                if claim.tile < FLOWER0:
                    out[at + _CLAIM + claim.tile] = 1
                out[at + _SCAL + 3] = 1
            # else: a seat not asked sees an ordinary wait (phase 0: already in the buffer)
        s = at + _SCAL
        wall = hand.tail - hand.head + 1
        a, b, c, d = _ROTATION[me]  # hand sizes, by relative seat
        # (one slice write for the four hand sizes: wall and sizes are < 256 but for the wall at the
        # deal of a long wall, capped as the view's planes cap it)
        out[s] = wall if wall < 256 else 255
        out[s + 4 : s + 8] = bytes((len(seat_state[a].held), len(seat_state[b].held), len(seat_state[c].held),
                                    len(seat_state[d].held)))
        out[s + 16] = (current - me) % SEATS
        index = hand.indicator_index
        if index is not None and hand.head <= index <= hand.tail:
            out[s + 17] = 1

    def planes(self, me: int, asked: bool) -> bytearray:
        """:meth:`write` into a fresh buffer of its own."""
        buf = bytearray(L)
        self.write(me, asked, buf, 0)
        return buf

    def array(self, me: int, asked: bool) -> np.ndarray:
        """:meth:`planes` as a (C, 34) uint8 array (owning a fresh buffer)."""
        import numpy as np

        return np.ndarray((C, 34), np.uint8, self.planes(me, asked))
