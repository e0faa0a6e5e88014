"""国标麻将 (guobiao, the Chinese Official rules): 144 tiles with eight flowers laid open and replaced
(补花), chi/peng/kong, wins by self-draw or on a discard (one winner: 截和), 抢杠, 81 fans with an 8-fan
minimum (flowers not counted), the deal passing every hand over four rounds of four hands, the
prevalent wind moving each round.

Our reading is docs/rules/guobiao.md; the fans are :mod:`majiang.rules.guobiao_fans`, the settlement
:mod:`majiang.rules.guobiao_scoring`. This module is the table flow: which shapes can win (the
special hands too), turning a hand into a scoring situation (和绝张, 海底/妙手, 杠上开花, 抢杠 read from
the table), and the 听 hint under the 8-fan minimum.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Final

import msgspec
from mypy_extensions import mypyc_attr

from majiang.core.actions import Action
from majiang.core.deal import HandOutcome
from majiang.core.options import narrowed
from majiang.core.settlement import Settlement
from majiang.hand import TileSet, is_win, waits
from majiang.rules import guobiao_scoring as scoring
from majiang.rules.base import PASS, Ruleset, RulesetError, TableFlags
from majiang.rules.guobiao_options import GuobiaoRules
from majiang.rules.guobiao_scoring.situation import WINDS
from majiang.tiles import format_tiles

if TYPE_CHECKING:
    from majiang.core.table_view import TableView

_MELD_TYPES: Final = {"chi": "chi", "peng": "peng", "kong_exposed": "minggang", "kong_concealed": "angang",
                      "kong_added": "jiagang"}
ORPHANS: Final = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)  # 十三幺's kinds
# 组合龙: 147 of one suit, 258 of another, 369 of the third (six ways), as tile ids.
KNITTED: Final = tuple(
    tuple(sorted(s * 9 + r for s, start in zip(perm, (0, 1, 2), strict=True) for r in (start, start + 3, start + 6)))
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)


def special_complete(counts: list[int], melds: int) -> bool:
    """Whether 34 counts (3n+2 with ``melds`` melds) are one of the special shapes: 十三幺, 全不靠 (七星不靠
    among them), or a 组合龙 with a set and a pair. The regular shapes and seven pairs are :func:`is_win`'s."""
    if melds > 1:
        return False
    if melds == 0:
        if all(counts[k] for k in ORPHANS) and sum(counts[k] for k in ORPHANS) == 14:
            return True  # 十三幺
        if max(counts) == 1:  # 全不靠: fourteen different tiles, honours and one knitted pattern's suit tiles
            suited = {t for t in range(27) if counts[t]}
            if any(suited <= set(k) for k in KNITTED):
                return True
    for k in KNITTED:  # 组合龙 and a set and a pair
        if all(counts[t] for t in k):
            rest = list(counts)
            for t in k:
                rest[t] -= 1
            if is_win(rest, 0, False, None):
                return True
    return False


def special_waits(counts: list[int], melds: int) -> list[int]:
    """The kinds that would make the 34 counts (3n+1, with ``melds`` melds) one of the special shapes.

    Asked of every seat whenever its tiles change, so the few kinds that could are found first (a
    十三幺 part holds nothing but orphans, a 全不靠 part fourteen different tiles fitting one knitted
    pattern, a 组合龙 part all but at most one of a pattern's nine) and only those are tried."""
    if melds > 1:
        return []
    tried: set[int] = set()
    if melds == 0:
        if not any(counts[t] for t in range(34) if t not in _ORPHAN_SET):
            tried.update(ORPHANS)
        if max(counts) <= 1:
            suited = {t for t in range(27) if counts[t]}
            for k in KNITTED:
                if suited <= set(k):
                    tried.update(t for t in (*k, *range(27, 34)) if not counts[t])
    for k in KNITTED:
        missing = [t for t in k if not counts[t]]
        if len(missing) == 1:
            tried.add(missing[0])
        elif not missing:
            tried.update(range(34))
    out = []
    for t in sorted(tried):
        if counts[t] < 4:
            counts[t] += 1
            if special_complete(counts, melds):
                out.append(t)
            counts[t] -= 1
    return out


_ORPHAN_SET: Final = frozenset(ORPHANS)


@mypyc_attr(allow_interpreted_subclasses=True)
class Guobiao(Ruleset):
    name: ClassVar[str] = "guobiao"
    title: ClassVar[str] = "国标麻将"
    kinds: ClassVar[tuple[int, ...]] = tuple(range(42))  # 34 kinds × 4 + 8 flowers = 144
    tileset: ClassVar[TileSet | None] = None
    options_type = GuobiaoRules

    def __init__(self, options: msgspec.Struct | dict[str, object] | None = None) -> None:
        super().__init__(options)
        self._scoring_options = narrowed(self.options, scoring.GuobiaoOptions)

    def _validate_options(self) -> None:
        o = self.options
        if o.rounds < 0:
            raise RulesetError(f"rounds (圈数) is 0 for a number of hands or a positive count, got {o.rounds}")
        if o.base < 0:
            raise RulesetError(f"base (底分) is at least 0, got {o.base}")
        if not 0 <= o.min_fan <= 88:
            raise RulesetError(f"min_fan (起和番数) is 0 to 88, got {o.min_fan}")

    def table_flags(self) -> TableFlags:
        return TableFlags(allow_chi=True, allow_peng=True, allow_exposed_kong=True, allow_added_kong=True,
                          discard_wins=True, rob_kong=True, multiple_winners=False, match_rounds=self.options.rounds,
                          own_claims=True)  # (claim_window: only seats that may win or claim are asked)

    # --- tile semantics ------------------------------------------------------------------------
    def must_expose(self, hand: TableView, tile: int) -> bool:
        """补花: every flower is laid open and replaced from the tail as soon as it is held."""
        return tile >= 34

    # --- wins ------------------------------------------------------------------------------------
    def _complete(self, counts: list[int], melds: int) -> bool:
        if any(counts[34:]):
            return False  # a flower drawn as the wall's last tile, with nothing to replace it: in no set
        natural = counts[:34]
        return is_win(natural, 0, True, None) or special_complete(natural, melds)

    def shape_complete(self, hand: TableView, counts: list[int]) -> bool:
        return self._complete(counts, (14 - sum(counts)) // 3)

    def quick_win_possible(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        return self._complete(counts, len(hand.seat_state[seat].melds))

    def can_win_on_discard(self, hand: TableView, seat: int, tile: int, discarder: int) -> bool:
        if tile >= 34 or not self._discard_shapes(hand, seat)[tile]:
            return False
        return scoring.score(self.situation(hand, seat, tile, discarder)).valid

    def _discard_shapes(self, hand: TableView, seat: int) -> tuple[bool, ...]:
        """Per kind (34), whether it completes the seat's shape. Every discard asks this of three seats
        and a seat's tiles change only on its own moves, so the answer is kept on the seat with the
        tiles it came from (as baida does), and only a discard that completes a shape is scored."""
        st = hand.seat_state[seat]
        held = st.held
        kept = st.memo.get("gb_shapes")
        if kept is not None and kept[0] == held:
            return kept[1]  # type: ignore[return-value]
        counts = st.counts
        melds = len(st.melds)
        win = [False] * 34
        if not any(counts[34:]):
            natural = counts[:34]
            for t in waits(natural, 0, True, None):
                win[t] = True
            if melds <= 1 and sum(1 for c in natural if c) >= 7:  # special shapes need many kinds
                for t in special_waits(natural, melds):
                    win[t] = True
        shapes = tuple(win)
        st.memo["gb_shapes"] = (list(held), shapes)
        return shapes

    def claim_window(self, hand: TableView, tile: int, discarder: int) -> dict[int, list[Action]]:
        """As the base, asking :meth:`claim_options` only of seats that could have more than a pass:
        the discard completes their shape, they hold two of it, or they are next and it is a suit tile."""
        options: dict[int, list[Action]] = {}
        if tile >= 34:
            return options
        others = self._others[discarder]
        seat_state = hand.seat_state
        for seat in others:
            if seat_state[seat].counts[tile] >= 2 or (seat == others[0] and tile < 27) \
                    or self._discard_shapes(hand, seat)[tile]:
                opts = self.claim_options(hand, seat, tile, discarder)
                if opts:
                    options[seat] = [PASS, *opts]
        return options

    def hint_candidates(self, hand: TableView, seat: int, counts: list[int]) -> list[int]:
        if any(counts[34:]):
            return []  # a flower kept past the wall's end: no win while it is held
        natural = counts[:34]
        shaped = set(waits(natural, 0, True, None))
        melds = len(hand.seat_state[seat].melds)
        if melds <= 1 and sum(1 for c in natural if c) >= 7:
            shaped.update(special_waits(natural, melds))
        return sorted(shaped)

    def hint_win_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, discard: Action | None) -> bool:
        """Whether the complete hand reaches the minimum as an ordinary draw or on a discard (a hint
        lists the tiles a player would be offered ``win`` on one way or the other)."""
        st = hand.seat_state[seat]
        key = ("gb", seat, tuple(counts), tuple(st.melds), tile)
        memo = hand.hint_wins
        valid = memo.get(key)
        if valid is None:
            valid = any(scoring.score(self.situation(hand, seat, tile, d, counts=counts, hypothetical=True)).valid
                        for d in (None, (seat + 1) % 4))
            if len(memo) >= 4096:
                memo.clear()
            memo[key] = valid
        return valid

    @staticmethod
    def visible(hand: TableView, tile: int) -> int:
        """Copies of ``tile`` in sight of every seat: in the rivers (not claimed: a claimed one lies in
        its meld) and in the melds laid open (not a 暗杠, which lies face down)."""
        n = 0
        for st in hand.seat_state:
            for r in st.river:
                if r.tile == tile and not r.claimed:
                    n += 1
            for m in st.melds:
                if m.kind != "kong_concealed":
                    n += m.tiles.count(tile)
        return n

    def situation(self, hand: TableView, seat: int, tile: int, discarder: int | None,
                  counts: list[int] | None = None, hypothetical: bool = False) -> scoring.Situation:
        """The scoring situation of ``seat`` winning on ``tile``: drawn (``discarder`` None), or from
        ``discarder`` (a discard or, while ``hand.robbing``, a 加杠). ``counts`` (the 听 hint) replaces
        the concealed tiles, the tile included, and scores an ordinary mid-hand draw or discard."""
        st = hand.seat_state[seat]
        counts = list(st.counts if counts is None else counts)
        if discarder is not None and not hypothetical:  # (the hint's counts hold the tile already)
            counts[tile] += 1
        concealed = [t for t in range(len(counts)) for _ in range(counts[t])]
        melds = [scoring.Meld(type=_MELD_TYPES[m.kind], tiles=format_tiles(m.tiles),  # type: ignore[arg-type]
                              from_seat=m.from_seat if m.kind != "kong_concealed" else None,
                              claimed=format_tiles([m.called]) if m.called is not None and m.kind == "chi" else None)
                 for m in st.melds]
        self_draw = discarder is None
        real = not hypothetical
        robbing = real and not self_draw and hand.robbing
        seen = self.visible(hand, tile) if real else 0
        return scoring.Situation(
            seat_wind=WINDS[hand.seat_wind(seat)],  # type: ignore[arg-type]
            prevalent_wind=WINDS[hand.round_wind],  # type: ignore[arg-type]
            winner=seat,
            concealed=format_tiles(concealed),
            melds=melds,
            flowers=format_tiles(st.exposed),
            winning_tile=format_tiles([tile]),
            how="self_draw" if self_draw else ("rob_kong" if robbing else "discard"),
            from_seat=discarder,
            kong_win=real and self_draw and hand.kong_made,
            # three in sight besides the winning tile (a discard or a robbed kong's tile is in sight itself)
            last_copy=real and (seen >= 3 if self_draw else seen >= 4),
            last_tile=real and not robbing and hand.wall_left == 0,
            options=self._scoring_options,
        )

    def self_draw_settlement(self, hand: TableView, seat: int) -> Settlement:
        st = hand.seat_state[seat]
        assert st.drawn is not None
        if seat == hand.dealer and st.draws == 0 and hand.discards_made == 0 and not st.melds:
            # The dealer's dealt hand is complete (there is no 天和 in 国标): no tile was drawn last by
            # choice, so the best reading over each tile held as the winning one counts.
            tried = [scoring.score(self.situation(hand, seat, t, None)) for t in sorted(set(st.held)) if t < 34]
            valid = [x for x in tried if x.valid]
            if valid:
                return max(valid, key=lambda x: x.totals[seat])
        return scoring.score(self.situation(hand, seat, st.drawn, None))

    def discard_settlement(self, hand: TableView, winners: list[int], tile: int, discarder: int) -> Settlement:
        # One winner (截和: the first in turn order from the discarder; the engine picks it).
        return scoring.score(self.situation(hand, winners[0], tile, discarder))

    # --- the match ------------------------------------------------------------------------------
    def next_deal(self, dealer: int, streak: int, outcome: HandOutcome) -> tuple[int, int]:
        """The deal passes to the 下家 after every hand, won or drawn: four hands a round, no streak."""
        return (dealer + 1) % self.seats, 0

    def claim_options(self, hand: TableView, seat: int, tile: int, discarder: int) -> list[Action]:
        if tile >= 34:
            return []  # a flower kept past the wall's end: nothing claims it
        return super().claim_options(hand, seat, tile, discarder)
