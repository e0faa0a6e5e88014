"""安庆麻将 (Anqing): the wild 钻牌 turned up from the wall, 杠牌, modes 不打缺 (A) and 打缺 (B).

Our reading of the rules is docs/rules/anqing.md; the pure scoring lives in
:mod:`majiang.rules.anqing_scoring`. This module is the table flow: the wall and
the indicator, what can be claimed, the 杠牌 exposures, 直叫, and turning a
finished hand into a scoring situation.
"""

from __future__ import annotations

import itertools
import random
from typing import TYPE_CHECKING, ClassVar, Final

import msgspec
from mypy_extensions import mypyc_attr

from majiang.core.actions import Action, Discard, Expose, WildKong
from majiang.core.deal import HandOutcome, TableInfo, WallSetup
from majiang.core.options import narrowed
from majiang.core.settlement import Settlement
from majiang.hand import TileSet, is_win
from majiang.hand.codes import ACCELERATED
from majiang.hand.counts import top_count
from majiang.rules import anqing_scoring as scoring
from majiang.rules.anqing_options import AnqingRules
from majiang.rules.base import Ruleset, RulesetError, TableFlags, roll, shuffle
from majiang.tiles import format_tiles

if TYPE_CHECKING:
    from majiang.core.table_view import TableView

RED: Final = 31  # 红中
# By count held (0–4) of one honor kind: wilds it lacks to be pungs only (4 = a pung and a single),
# and whether the count is odd.
_HONOR_SHORT: Final = (0, 2, 1, 0, 2)
_ODD: Final = (0, 1, 0, 1, 0)


_MELD_TYPES: Final = {
    "chi": "chi",
    "peng": "peng",
    "kong_exposed": "minggang",
    "kong_concealed": "angang",
    "kong_added": "jiagang",
    "wildkong": "wildkong",
}


def _shisanlan_shape(counts: list[int], wild: int | None) -> bool:
    """十三烂's shape on physical tiles: no wild, honors all different, suit tiles ≥ 3 apart."""
    if wild is not None and counts[wild]:
        return False
    if top_count(counts) > 1:
        return False
    for s in range(3):
        ranks = [r for r in range(9) if counts[s * 9 + r]]
        if any(b - a < 3 for a, b in itertools.pairwise(ranks)):
            return False
    return True


def _shisanlan_near(counts: list[int], wild: int | None) -> bool:
    """Could these tiles still become 十三烂 by letting go of at most one of them?"""
    # A second copy of a kind, or a wild, must be the one let go: with two such, or a third
    # copy, it cannot be done (the usual answer, found without trying every tile).
    if top_count(counts) > 2:
        return False
    twos = counts.count(2)
    wild_held = wild is not None and counts[wild] > 0
    if twos + wild_held > 1:
        return False
    if twos or wild_held:
        rest = list(counts)
        rest[counts.index(2) if twos else wild] -= 1  # type: ignore[index]
        return _shisanlan_shape(rest, wild)
    if _shisanlan_shape(counts, wild):
        return True
    rest = list(counts)
    for t in range(34):
        if rest[t]:
            rest[t] -= 1
            ok = _shisanlan_shape(rest, wild)
            rest[t] += 1
            if ok:
                return True
    return False


@mypyc_attr(allow_interpreted_subclasses=True)
class Anqing(Ruleset):
    name: ClassVar[str] = "anqing"
    title: ClassVar[str] = "安庆麻将"
    kinds: ClassVar[tuple[int, ...]] = tuple(range(34))
    tileset: ClassVar[TileSet | None] = None
    options_type = AnqingRules

    def __init__(self, options: msgspec.Struct | dict[str, object] | None = None) -> None:
        super().__init__(options)
        # Asked on every draw and turn; the options are frozen, so decide once.
        self._keep = self.options.mode == "B" and self.options.keep_gangpai
        o = self.options
        self._scoring_options = narrowed(o, scoring.AnqingOptions, no_chi=o.no_chi or o.mode == "B")

    def _validate_options(self) -> None:
        if self.options.base_silver < 1:
            raise RulesetError(f"base_silver must be at least 1, got {self.options.base_silver}")
        if self.options.cap < 0:
            raise RulesetError(f"cap (封顶) is 0 for no cap or a positive amount, got {self.options.cap}")
        if self.options.rounds < 0:
            raise RulesetError(f"rounds (圈) is 0 for a number of hands or a positive count, got {self.options.rounds}")

    def table_flags(self) -> TableFlags:
        o = self.options
        return TableFlags(allow_chi=o.mode == "A" and not o.no_chi, allow_peng=True, allow_exposed_kong=True,
                          allow_added_kong=True, match_rounds=o.rounds, ends_early=o.end_at_indicator)

    def first_deal(self, seed: str) -> tuple[int, tuple[int, ...]]:
        """"由一名玩家执筛起庄（东南西北）": the 东 seat rolls two dice and counts that many seats from
        itself (东 南 西 北 东 …); the seat reached deals first. Option ``east_deals_first``: 东 deals."""
        if self.options.east_deals_first:
            return 0, ()
        dice = roll(random.Random(f"{seed}:dealer"))
        return (sum(dice) - 1) % self.seats, dice

    # --- the deal: wall, dice, indicator --------------------------------------------------
    def build_wall(self, rng: random.Random, dealer: int) -> WallSetup:
        tiles = [k for k in self.kinds for _ in range(4)]
        shuffle(rng, tiles)  # the four walls of 17 stacks, laid out seat by seat
        s1 = roll(rng)
        roller = (dealer + sum(s1) - 1) % 4  # count S1 seats starting with the dealer
        s2 = roll(rng)
        # Break the roller's wall S1+S2 stacks from its right end; drawing starts there.
        wall_start = roller * 34
        start = (wall_start + 34 - 2 * ((sum(s1) + sum(s2)) % 17)) % len(tiles)
        ordered = tiles[start:] + tiles[:start]
        s3 = roll(rng)
        # On the tail side, count S3 stacks and turn up that stack's top tile.
        indicator_index = len(ordered) - 2 * sum(s3)
        return WallSetup(tiles=ordered, dice=(*s1, *s2, *s3), indicator_index=indicator_index)

    def table_info(self, wall: WallSetup) -> TableInfo:
        assert wall.indicator_index is not None
        indicator = wall.tiles[wall.indicator_index]
        return TableInfo(
            indicator=indicator,
            wild=scoring.wild_of(indicator),
            stand_in=scoring.stand_in_of(indicator, self.options.flowers),
            gangpai=scoring.gangpai_of(indicator, self.options.flowers),
        )

    def wall_exhausted(self, hand: TableView) -> bool:
        return self.options.end_at_indicator and hand.head == hand.indicator_index

    # --- tile semantics ---------------------------------------------------------------------
    def analysis_counts(self, hand: TableView, counts: list[int]) -> tuple[list[int], int]:
        wild = hand.info.wild
        assert wild is not None
        stand_in = hand.info.stand_in
        if not counts[wild] and (stand_in is None or not counts[stand_in]):
            return counts, 0  # nothing to move: the tiles are their own reading (as in the base)
        natural = list(counts)
        jokers = natural[wild]
        if stand_in is not None:
            natural[wild] = natural[stand_in]
            natural[stand_in] = 0
        else:
            natural[wild] = 0
        return natural, jokers

    def logical(self, hand: TableView, tile: int) -> int:
        if tile == hand.info.stand_in:
            return hand.info.wild  # type: ignore[return-value]
        return tile

    def is_wild(self, hand: TableView, tile: int) -> bool:
        return tile == hand.info.wild

    def must_expose(self, hand: TableView, tile: int) -> bool:
        return not self._keep and tile in hand.info.gangpai

    def may_expose(self, hand: TableView, tile: int) -> bool:
        return self._keep and tile in hand.info.gangpai

    def may_keep_forced(self, hand: TableView, seat: int) -> bool:
        return self._may_keep(hand, seat, hand.seat_state[seat].counts)

    def _may_keep(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        """Whether a seat holding ``counts`` keeps its 杠牌 (on the way to 十三烂)."""
        return (self.options.shisanlan_keeps_gangpai and not hand.seat_state[seat].melds
                and _shisanlan_near(counts, self._lan_wild(hand)))

    def _lan_wild(self, hand: TableView) -> int | None:
        """The wild as 十三烂's shape test must refuse it: only with option ``shisanlan_strict``; by
        default a wild is read as its own face there, like every other tile."""
        return hand.info.wild if self.options.shisanlan_strict else None

    # --- the turn ---------------------------------------------------------------------------
    def turn_options(self, hand: TableView, seat: int) -> list[Action]:
        out = super().turn_options(hand, seat)
        if hand.after_claim:
            return out
        st = hand.seat_state[seat]
        if (self._keep or st.kept) and hand.wall_left > 0:
            # Asked every turn in mode B and mostly none is held: sort only what is.
            held = [t for t in hand.info.gangpai if st.counts[t]]
            if held:
                out.extend(Expose(tile=t) for t in sorted(held))
        wild, indicator = hand.info.wild, hand.info.indicator
        if wild is not None and indicator is not None and st.drawn == wild and st.counts[wild] >= 2 \
                and hand.can_kong():
            before = st.tiles()
            before.remove(wild)  # the concealed part as it was before this draw
            if scoring.zhijiao_possible(before, indicator, keep_gangpai=self._keep,
                                                                flowers=self.options.flowers) \
                    and self._suits_allow_win(hand, seat, st.counts):
                out.append(WildKong())
        return out

    def _suits_allow_win(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        """Mode B (打缺): the natural tiles held (``counts``) and melded span at most two of 万/筒/条."""
        if self.options.mode != "B":
            return True
        wild = hand.info.wild
        tiles = [t for t in range(34) if counts[t] and t != wild]
        tiles += [t for m in hand.seat_state[seat].melds for t in m.tiles if t != wild]
        return len({v // 9 for v in (self.logical(hand, t) for t in tiles) if v < 27}) <= 2

    # --- wins ---------------------------------------------------------------------------------
    def shape_complete(self, hand: TableView, counts: list[int]) -> bool:
        info = hand.info
        stand_in = info.stand_in
        if ACCELERATED and not counts[info.wild] and (stand_in is None or not counts[stand_in]):  # type: ignore[index]
            return is_win(counts, 0, self._seven_pairs, self.tileset)  # analysis_counts: the tiles as they are
        natural, jokers = self.analysis_counts(hand, counts)
        if not ACCELERATED:
            # Pure Python: a cheap necessary condition first (a random hand nearly always fails it,
            # and then the win tables are not even looked up). Honors only make pungs and pairs, so
            # each honor kind is short of a set by _HONOR_SHORT[count] wilds, whatever else is held;
            # the pair can save at most one of those. Seven pairs needs a wild per honor held an odd
            # number of times. (With the C lookup, is_win itself is cheaper than this test.)
            honors = natural[27:]
            if jokers + 1 < sum(map(_HONOR_SHORT.__getitem__, honors)) and \
                    jokers < sum(map(_ODD.__getitem__, honors)):
                return False
        return is_win(natural, jokers, self._seven_pairs, self.tileset)

    def quick_win_possible(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        if self.shape_complete(hand, counts):
            return True
        # 十三烂 holds no two alike: `max` rejects nearly every hand before the full shape test.
        return (
            top_count(counts) <= 1
            and not hand.seat_state[seat].melds
            and sum(counts) == 14
            and _shisanlan_shape(counts, self._lan_wild(hand))
        )

    def hint_win_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, discard: Action | None) -> bool:
        # Every Anqing win is self-drawn: score the part as an ordinary draw of `tile` (no 杠开,
        # no 地胡), with the drawn-wild and discarded-wild rules as they would stand for this
        # seat (discarding a wild now brings the discarded-wild rule in).
        st = hand.seat_state[seat]
        threw_wild = st.discarded_wild or (isinstance(discard, Discard) and self.is_wild(hand, discard.tile))
        if self.must_expose(hand, tile) and not self._may_keep(hand, seat, counts):
            return False  # a drawn 杠牌 is laid open (a replacement comes instead), not won on
        if self._plainly_valid(hand, seat, counts, tile, threw_wild):
            return True
        # The rest is scored (validity only). A turn's hint and the waiting hint after its discard
        # ask the same questions, so the answers are kept for the hand.
        key = (seat, tuple(counts), tuple(st.melds), tile, threw_wild)
        memo = hand.hint_wins
        valid = memo.get(key)
        if valid is None:
            concealed = [t for t in range(34) for _ in range(counts[t])]
            valid = scoring.is_valid(self.situation(hand, seat, tile, concealed=concealed, discarded_wild=threw_wild))
            if len(memo) >= 4096:
                memo.clear()
            memo[key] = valid
        return valid

    def hint_candidates(self, hand: TableView, seat: int, counts: list[int]) -> list[int]:
        if top_count(counts) <= 1 and not hand.seat_state[seat].melds:
            return list(self.kinds)  # 十三烂 / 七星归位 may be one tile away: try them all
        return super().hint_candidates(hand, seat, counts)

    def _plainly_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, threw_wild: bool) -> bool:
        """A sure win without scoring it (scoring takes a millisecond, and the hint asks for many):
        a natural tile drawn, no wild discarded (neither the drawn-wild nor the discarded-wild
        rule applies), no 杠牌 held that rules the hand out, mode B within two suits, and a
        regular or seven-pairs shape. False means "ask scoring", not "no win"; a test holds the
        two to the same answers."""
        info = hand.info
        if threw_wild or tile == info.wild:
            return False
        if not self._keep and any(counts[g] for g in info.gangpai):
            return False
        return self._suits_allow_win(hand, seat, counts) and self.shape_complete(hand, counts)

    def situation(self, hand: TableView, seat: int, winning_tile: int | None = None,
                  concealed: list[int] | None = None, discarded_wild: bool | None = None) -> scoring.Situation:
        """The scoring input for ``seat`` winning now on ``winning_tile`` (default: the tile just
        drawn). With ``concealed`` (a hypothetical part, for the 听 hint): an ordinary draw of
        ``winning_tile`` into those tiles, whatever the hand's current kong chain or first draw;
        ``discarded_wild`` then replaces the seat's own flag."""
        st = hand.seat_state[seat]
        drawn = st.drawn if winning_tile is None else winning_tile
        assert drawn is not None
        hypothetical = concealed is not None
        n = self.seats
        kou = [
            scoring.Kou(from_seat=a, to_seat=b, count=hand.kou[a][b], all_peng_or_kong=hand.kou_all_pung[a][b])
            for a in range(n)
            for b in range(n)
            if hand.kou[a][b]
        ]
        melds = [
            scoring.Meld(type=_MELD_TYPES[m.kind], tiles=format_tiles(m.tiles),  # type: ignore[arg-type]
                         from_seat=m.from_seat if m.kind != "kong_concealed" else None)
            for m in st.melds
        ]
        opening = seat == hand.dealer and st.draws == 0 and hand.discards_made == 0 and not hypothetical
        first_draw = seat != hand.dealer and st.draws == 1 and not hand.claims_made and not hypothetical
        kongs_before = 0 if hypothetical else hand.kong_chain
        return scoring.Situation(
            options=self._scoring_options,
            base_silver=self.options.base_silver,
            indicator=format_tiles([hand.info.indicator]),  # type: ignore[list-item]
            dealer=hand.dealer,
            streak=hand.streak,
            winner=seat,
            concealed=format_tiles(st.tiles() if concealed is None else concealed),
            melds=melds,
            gangpai=format_tiles(st.exposed),
            winning_tile=format_tiles([drawn]),
            win_by="replacement" if kongs_before > 0 else "self_draw",
            kongs_before=kongs_before,
            first_draw=first_draw,
            opening_hand=opening,
            winner_discarded_wild=st.discarded_wild if discarded_wild is None else discarded_wild,
            kou=kou,
        )

    def self_draw_settlement(self, hand: TableView, seat: int) -> Settlement:
        st = hand.seat_state[seat]
        if seat == hand.dealer and st.draws == 0 and hand.discards_made == 0 and hand.kong_chain == 0:
            # 摸牌天胡: the opening 14 has no drawn tile (which one was dealt last is chance), so the
            # best reading over every tile as the last one counts ("有钻牌也可胡牌": a wild among them
            # does not make it a win on a drawn wild).
            tried = [scoring.score(self.situation(hand, seat, t)) for t in sorted(set(st.held))]
            valid = [x for x in tried if x.valid]
            if valid:
                return max(valid, key=lambda x: x.totals[seat])
        return scoring.score(self.situation(hand, seat))

    # --- the match ----------------------------------------------------------------------------
    def next_deal(self, dealer: int, streak: int, outcome: HandOutcome) -> tuple[int, int]:
        if outcome.draw or dealer in outcome.winners:
            return dealer, streak + 1
        if self.options.winner_deals and outcome.winners:
            return outcome.winners[0], 0
        return (dealer + 1) % self.seats, 0
