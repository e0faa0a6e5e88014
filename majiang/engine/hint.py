"""The 听 hint: which tiles would win for a seat, from what that seat may see.

Computed by the engine, not the client, because only the ruleset knows every condition a win
has (Anqing's discarded-wild and drawn-wild rules, 十三烂, held 杠牌, mode B's suits; Hefei's
eight in a suit and 报听): the hint lists exactly the tiles a player would be offered ``win``
on (on its own draw only, while ``self_draw_only`` says so: Hefei's 过水不胡). It reads nothing
but the seat's own concealed tiles and melds and its public flags, so it
tells a seat nothing its own view does not already hold.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from majiang.core.actions import Action, Declare, Discard
from majiang.engine.ting import DiscardWaits, Ting

if TYPE_CHECKING:
    from majiang.engine.hand import Hand


_CACHE_LIMIT = 64  # entries per hand: a seat's part changes a few dozen times a hand


def ting_hint(hand: Hand, seat: int, legal: list[Action]) -> Ting | None:
    """The hint for ``seat`` now (None when the hand is over or has no hint to give: a 直叫
    replacement wins whatever it is). ``legal`` is the seat's legal actions, which name the
    discards it may make on its turn."""
    if hand.phase == "over":
        return None
    st = hand.seat_state[seat]
    if any(m.kind == "wildkong" for m in st.melds):
        return None
    size = st.concealed_size
    # Each tile it may throw, by the move that throws it: a `declare` (报听) where one is legal,
    # since declaring is what lets a 报听 room's seat win on a discard.
    moves: dict[int, Action] = {}
    if size % 3 == 2:
        for a in legal:
            if isinstance(a, Declare) or (isinstance(a, Discard) and a.tile not in moves):
                moves[a.tile] = a
    discards = sorted(moves.items())
    # The answer depends only on the seat's own part and flags; views are built for every seat
    # on every step, so each distinct state is worked out once per hand.
    rules = hand.ruleset
    barred = rules.discard_win_barred(hand, seat)
    key = (seat, tuple(st.counts), tuple(st.melds), tuple(st.exposed), st.declared, st.discarded_wild,
           tuple(discards), barred, st.plain_indicator)
    cache = hand.hint_cache
    hit = cache.get(key)
    if hit is not None:
        return hit
    counts = list(st.counts)
    if size % 3 == 1:
        hint = Ting(waits=rules.winning_tiles(hand, seat, counts), by_discard=[], self_draw_only=barred)
    else:
        by_discard = []
        for tile, move in discards:
            counts[tile] -= 1
            waits = rules.winning_tiles(hand, seat, counts, move)
            counts[tile] += 1
            if waits:
                by_discard.append(DiscardWaits(discard=tile, waits=waits))
        hint = Ting(waits=[], by_discard=by_discard, self_draw_only=barred)
    if len(cache) >= _CACHE_LIMIT:
        cache.clear()
    cache[key] = hint
    return hint
