"""百搭麻将 (baida): 144 tiles with eight flowers laid open and replaced (补花), 百搭 (wild) tiles chosen by
a tile turned up, chi/peng/kong, discard wins, 抢杠 and 一炮多响, seat and round winds, payment by 台.

Our reading is docs/rules/baida.md; the pure scoring is :mod:`majiang.rules.baida_scoring`. This module
is the table flow: the wall and the indicator, which flowers are laid open, what a discarded 百搭 can be
claimed as, and turning a hand into a scoring situation.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

import msgspec
from mypy_extensions import mypyc_attr

from majiang.core.actions import Action, Chi, Discard, Kong, Peng, Win
from majiang.core.deal import TableInfo, WallSetup
from majiang.core.options import narrowed
from majiang.core.settlement import Settlement
from majiang.hand import TileSet, is_win, waits
from majiang.rules import baida_scoring as scoring
from majiang.rules.baida_options import BaidaRules
from majiang.rules.base import PASS, Ruleset, RulesetError, TableFlags, copies, roll, shuffle
from majiang.tiles import format_tiles

if TYPE_CHECKING:
    from majiang.core.table_view import TableView

_MELD_TYPES: Final = {"chi": "chi", "peng": "peng", "kong_exposed": "minggang", "kong_concealed": "angang",
               "kong_added": "jiagang"}


@mypyc_attr(allow_interpreted_subclasses=True)
class Baida(Ruleset):
    name: ClassVar[str] = "baida"
    title: ClassVar[str] = "百搭麻将"
    kinds: ClassVar[tuple[int, ...]] = tuple(range(42))  # 34 kinds × 4 + 8 flowers = 144
    tileset: ClassVar[TileSet | None] = None
    options_type = BaidaRules

    def __init__(self, options: msgspec.Struct | dict[str, object] | None = None) -> None:
        super().__init__(options)
        o = self.options
        self._stray_cache: dict[frozenset[int], tuple[int, ...]] = {}  # see _strays
        self._scoring_options = narrowed(o, scoring.BaidaOptions)

    def _validate_options(self) -> None:
        o = self.options
        if o.rounds < 0:
            raise RulesetError(f"rounds (圈) is 0 for a number of hands or a positive count, got {o.rounds}")
        if o.min_tai < 1:
            raise RulesetError(f"min_tai (起胡) is at least 1, got {o.min_tai}")
        if o.di < 1:
            raise RulesetError(f"di (底) is at least 1, got {o.di}")
        if o.cap < 0:
            raise RulesetError(f"cap (封顶) is 0 or a number of 台, got {o.cap}")

    def table_flags(self) -> TableFlags:
        o = self.options
        return TableFlags(allow_chi=True, allow_peng=True, allow_exposed_kong=True, allow_added_kong=True,
                          discard_wins=True, rob_kong=True, multiple_winners=o.multi_win, match_rounds=o.rounds,
                          own_claims=True,  # (claim_options: a wild is never claimed, 截胡 order)
                          # the indicator's own tile, drawn later, is a plain tile: "the other three copies" are 百搭
                          plain_indicator=True)

    # --- the deal: first dealer, wall, indicator ---------------------------------------------
    def first_deal(self, seed: str) -> tuple[int, tuple[int, ...]]:
        """东 rolls two dice and counts that many seats from itself; the seat reached deals first."""
        dice = roll(random.Random(f"{seed}:dealer"))
        return (sum(dice) - 1) % self.seats, dice

    def build_wall(self, rng: random.Random, dealer: int) -> WallSetup:
        tiles = [k for k in self.kinds for _ in range(copies(k))]
        shuffle(rng, tiles)  # four walls of 18 stacks
        s1 = roll(rng)
        start = (sum(s1) * 2) % len(tiles)  # the break: drawing starts there
        ordered = tiles[start:] + tiles[:start]
        s2 = roll(rng)
        # The dealer's second roll counts stacks from the tail; that stack's top tile is turned up (翻牌).
        # It is turned before the deal (docs/rules/baida.md), so the deal's 补花 knows which flowers are 百搭.
        return WallSetup(tiles=ordered, dice=(*s1, *s2), indicator_index=len(ordered) - 2 * sum(s2))

    def table_info(self, wall: WallSetup) -> TableInfo:
        assert wall.indicator_index is not None
        indicator = wall.tiles[wall.indicator_index]
        wilds = scoring.wilds_of(indicator, self.options.seven_baida)
        return TableInfo(indicator=indicator, wild=min(wilds), wilds=wilds)

    # --- tile semantics ------------------------------------------------------------------------
    def is_wild(self, hand: TableView, tile: int) -> bool:
        return tile in hand.info.wilds

    def must_expose(self, hand: TableView, tile: int) -> bool:
        """补花: a flower is laid open and replaced as soon as it is held, unless it is a 百搭."""
        return tile >= 34 and tile not in hand.info.wilds

    def analysis_counts(self, hand: TableView, counts: list[int]) -> tuple[list[int], int]:
        """Every copy of a 百搭 kind as a 百搭: for callers that know no seat (a seat holding the
        indicator's own, plain tile reads it as itself: :meth:`_analysis`)."""
        return self._analysis(hand, counts, False)

    def _analysis(self, hand: TableView, counts: list[int], plain: bool) -> tuple[list[int], int]:
        """(natural counts, 百搭) of ``counts``; ``plain``: one copy of the indicator's kind is the
        indicator's own tile, which plays as itself (SeatState.plain_indicator)."""
        natural = counts[:34]
        jokers = 0
        for w in hand.info.wilds:
            jokers += counts[w]
            if w < 34:
                natural[w] = 0
        if plain:
            ind = hand.info.indicator
            assert ind is not None
            if counts[ind]:
                natural[ind] = 1
                jokers -= 1
        return natural, jokers

    @staticmethod
    def _plain_after(hand: TableView, seat: int, discard: Action | None) -> bool:
        """Whether ``seat`` holds the plain indicator tile after ``discard`` (a discard of its kind
        throws the plain tile first, as the engine does)."""
        if not hand.seat_state[seat].plain_indicator:
            return False
        return not (isinstance(discard, Discard) and discard.tile == hand.info.indicator)

    def _strays(self, hand: TableView) -> tuple[int, ...]:
        """The flowers that are no 百搭 this hand (fixed at the deal), worked out once per table info."""
        # Keyed by the wilds (a frozenset caches its hash; a TableInfo hashes all its fields each time).
        wilds = hand.info.wilds
        strays = self._stray_cache.get(wilds)
        if strays is None:
            strays = self._stray_cache[wilds] = tuple(f for f in range(34, 42) if f not in wilds)
        return strays

    def _stray_flower(self, hand: TableView, counts: list[int]) -> bool:
        """A flower that is no 百搭 is held: drawn as the last tile, with nothing to replace it. It is in
        no set, so the hand cannot win until it is discarded."""
        for f in self._strays(hand):  # noqa: SIM110  (a plain loop: compiled, no call per count read)
            if counts[f]:
                return True
        return False

    def shape_complete(self, hand: TableView, counts: list[int]) -> bool:
        return self._complete(hand, counts, False)

    def _complete(self, hand: TableView, counts: list[int], plain: bool) -> bool:
        if self._stray_flower(hand, counts):
            return False
        natural, jokers = self._analysis(hand, counts, plain)
        return is_win(natural, jokers, True, None)

    def quick_win_possible(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        return self._complete(hand, counts, hand.seat_state[seat].plain_indicator)

    def winning_tiles(self, hand: TableView, seat: int, counts: list[int], discard: Action | None = None) -> list[int]:
        """As the base, with the seat's plain indicator tile read as itself (unless ``discard``
        throws it): the kinds whose shape the part waits on, and the 百搭 kinds (a 百搭 drawn is a
        百搭; a discarded one plays as its face, which a 百搭 can stand for too)."""
        if self._stray_flower(hand, counts):
            return []
        plain = self._plain_after(hand, seat, discard)
        natural, jokers = self._analysis(hand, counts, plain)
        shaped = set(waits(natural, jokers, True, None))
        wilds = hand.info.wilds
        own = self.copies_held(hand, seat, counts)
        out: list[int] = []
        for k in self.kinds:
            if (k not in wilds and k not in shaped) or own[k] >= copies(k):
                continue
            counts[k] += 1
            try:
                if self._complete(hand, counts, plain) and self.hint_win_valid(hand, seat, counts, k, discard):
                    out.append(k)
            finally:
                counts[k] -= 1
        return out

    # --- claims ----------------------------------------------------------------------------------
    def claim_window(self, hand: TableView, tile: int, discarder: int) -> dict[int, list[Action]]:
        """As the base asks :meth:`claim_options` of every other seat, but only of those that could
        have more than a pass: the discard completes their shape, they hold two of it (not as a
        百搭), or they are next and it is a suit tile (chi). Almost every discard leaves all three
        out, and the shape answer is kept per seat (:meth:`_discard_shapes`)."""
        options: dict[int, list[Action]] = {}
        if tile >= 34:
            return options  # a flower: no win, no claim
        others = self._others[discarder]
        plain = tile not in hand.info.wilds
        seat_state = hand.seat_state
        for seat in others:
            if (plain and seat_state[seat].counts[tile] >= 2) or (seat == others[0] and tile < 27) \
                    or self._discard_shapes(hand, seat)[tile]:
                opts = self.claim_options(hand, seat, tile, discarder)
                if opts:
                    options[seat] = [PASS, *opts]
        return options

    def claim_options(self, hand: TableView, seat: int, tile: int, discarder: int) -> list[Action]:
        """A discarded 百搭 plays as its own face (a flower 百搭 cannot be claimed); the claimer's own
        百搭 never help to chi, peng or kong it."""
        out: list[Action] = []
        if self.can_win_on_discard(hand, seat, tile, discarder):
            out.append(Win())
        if tile >= 34:
            return out
        wilds = hand.info.wilds
        held = 0 if tile in wilds else hand.seat_state[seat].counts[tile]
        if held >= 3 and hand.can_kong():
            out.append(Kong(kind="exposed", tiles=(tile,) * 3))
        if held >= 2:
            out.append(Peng(tiles=(tile, tile)))
        if seat == (discarder + 1) % self.seats and tile < 27:
            out.extend(self._chi_options(hand, seat, tile))
        return out

    def _chi_options(self, hand: TableView, seat: int, want: int) -> list[Action]:
        """As the base (no 百搭 takes part), and the seat's plain indicator tile may: it is a normal tile."""
        ind = hand.info.indicator
        if not hand.seat_state[seat].plain_indicator or ind is None or ind >= 27 or ind == want \
                or ind // 9 != want // 9 or abs(ind - want) > 2:
            return super()._chi_options(hand, seat, want)
        counts = hand.seat_state[seat].counts
        wilds = hand.info.wilds
        r = want % 9
        held: dict[int, int] = {}  # rank offset from the discard -> the tile held playing as it
        for d in (-2, -1, 1, 2):
            t = want + d
            if 0 <= r + d <= 8 and (t == ind or (counts[t] and t not in wilds)):
                held[d] = t
        return [Chi(tiles=(held[a], held[b])) for a, b in ((-2, -1), (-1, 1), (1, 2)) if a in held and b in held]

    # --- wins ------------------------------------------------------------------------------------
    def can_win_on_discard(self, hand: TableView, seat: int, tile: int, discarder: int) -> bool:
        if tile >= 34:
            return False  # a flower (a 百搭 one: the others are never discarded) cannot be claimed
        if not self._discard_shapes(hand, seat)[tile]:
            return False
        if self.options.min_tai <= 1:
            # Every complete shape has at least 1 台 (平胡 when nothing else), and a complete shape
            # is all scoring asks besides the minimum: no need to score the win just to offer it
            # (the settlement scores it when it is taken). tests/test_baida_flow.py checks the two agree.
            return True
        return scoring.score(self.situation(hand, seat, tile, discarder)).valid

    def _discard_shapes(self, hand: TableView, seat: int) -> tuple[bool, ...]:
        """Per kind (34), whether a discard of it completes the seat's shape (its face added to the
        naturals). Every discard asks this of three seats and a seat's concealed tiles change only
        on its own moves, so the answer is kept on the seat with the tiles it came from."""
        st = hand.seat_state[seat]
        held = st.held  # (the counts as a sorted list, kept in step with them: ~13 items to compare, not 42)
        plain = st.plain_indicator
        key = "discard_shapes_plain" if plain else "discard_shapes"  # the same tiles, another answer
        kept = st.memo.get(key)
        if kept is not None and kept[0] == held:
            return kept[1]  # type: ignore[return-value]
        shapes = self._discard_shapes_of(hand, st.counts, plain)
        st.memo[key] = (list(held), shapes)
        return shapes

    def _discard_shapes_of(self, hand: TableView, counts: list[int], plain: bool) -> tuple[bool, ...]:
        if self._stray_flower(hand, counts):
            return (False,) * 34
        natural, jokers = self._analysis(hand, counts, plain)
        # A kind held four times (naturally: the 百搭 kinds read 0 here) is never discarded by
        # another seat, and `waits` leaves it out too.
        win = [False] * 34
        if (sum(natural) + jokers) % 3 != 1:  # not a part waiting on one tile: ask each kind
            for t in range(34):
                if natural[t] < 4:
                    natural[t] += 1
                    win[t] = is_win(natural, jokers, True, None)
                    natural[t] -= 1
            return tuple(win)
        for t in waits(natural, jokers, True, None):
            win[t] = True
        return tuple(win)

    def hint_win_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, discard: Action | None) -> bool:
        if self.options.min_tai <= 1:
            return True  # every complete shape has at least 1 台 (平胡 when nothing else)
        return scoring.score(self.situation(hand, seat, tile, None, counts=counts, hypothetical=True,
                                            plain=self._plain_after(hand, seat, discard))).valid

    def situation(self, hand: TableView, seat: int, tile: int, discarder: int | None,
                  counts: list[int] | None = None, hypothetical: bool = False,
                  plain: bool | None = None) -> scoring.Situation:
        """The scoring input for ``seat`` winning on ``tile`` (drawn, or from ``discarder``: a discard or,
        while ``hand.robbing``, a 加杠). ``counts`` (the 听 hint) replaces the concealed tiles, the
        tile included, and scores an ordinary mid-hand draw; ``plain`` then says whether they hold
        the plain indicator tile (by default: whether the seat does)."""
        st = hand.seat_state[seat]
        counts = list(st.counts if counts is None else counts)
        if discarder is not None:
            counts[tile] += 1
        concealed = [t for t in range(len(counts)) for _ in range(counts[t])]
        melds = [scoring.Meld(type=_MELD_TYPES[m.kind], tiles=format_tiles(m.tiles),  # type: ignore[arg-type]
                              from_seat=m.from_seat if m.kind != "kong_concealed" else None) for m in st.melds]
        self_draw = discarder is None
        real = not hypothetical
        held_plain = st.plain_indicator if plain is None else plain
        plain_indicator: scoring.situation.PlainIndicator = ""
        if held_plain:
            # the tile just drawn is the plain indicator itself: the winning tile plays as its face
            won_on_it = self_draw and real and tile == hand.info.indicator and st.drawn == tile and st.drawn_plain
            plain_indicator = "winning_tile" if won_on_it else "held"
        opening = self_draw and real and seat == hand.dealer and st.draws == 0 and hand.discards_made == 0 \
            and not st.melds
        return scoring.Situation(
            indicator=format_tiles([hand.info.indicator]),  # type: ignore[list-item]
            round_wind=scoring.situation.WINDS[hand.round_wind],  # type: ignore[arg-type]
            dealer=hand.dealer,
            streak=hand.streak,
            winner=seat,
            concealed=format_tiles(concealed),
            melds=melds,
            flowers=format_tiles(st.exposed),
            winning_tile=format_tiles([tile]),
            how="self_draw" if self_draw else ("rob_kong" if hand.robbing else "discard"),
            from_seat=discarder,
            replacement=self_draw and real and hand.kong_chain > 0 and not opening,
            last_tile=real and self_draw and hand.wall_left == 0,
            opening_hand=opening,
            dealer_first_discard=real and not self_draw and not hand.robbing and discarder == hand.dealer
            and hand.discards_made == 1 and not hand.claims_made,
            options=self._scoring_options,
            plain_indicator=plain_indicator,
        )

    def self_draw_settlement(self, hand: TableView, seat: int) -> Settlement:
        st = hand.seat_state[seat]
        assert st.drawn is not None
        if seat == hand.dealer and st.draws == 0 and hand.discards_made == 0 and not st.melds:
            # 天胡: the opening hand has no tile drawn last by choice, so the best reading over each
            # tile held as the winning one counts.
            tried = [scoring.score(self.situation(hand, seat, t, None)) for t in sorted(set(st.held))]
            valid = [x for x in tried if x.valid]
            if valid:
                return max(valid, key=lambda x: x.totals[seat])
        return scoring.score(self.situation(hand, seat, st.drawn, None))

    def discard_settlement(self, hand: TableView, winners: list[int], tile: int, discarder: int) -> Settlement:
        return scoring.score_multi([self.situation(hand, w, tile, discarder) for w in winners])
