"""合肥麻将 (Hefei): 84 tiles (2–8 of three suits), no chi/peng/明杠, 暗杠 only, the 海捞区,
discard wins with 一炮多响, and the 报听 / 不报听 rooms.

Our reading is docs/rules/hefei.md; the pure scoring is :mod:`majiang.rules.hefei_scoring`.
This module is the table flow.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, ClassVar, Final

import msgspec
from mypy_extensions import mypyc_attr

from majiang.core.actions import Action, Declare, Discard, Kong, Win
from majiang.core.deal import HandOutcome, WallSetup
from majiang.core.options import narrowed
from majiang.core.settlement import Settlement
from majiang.hand import TileSet, is_win, waits
from majiang.hand.shanten import discard_shantens
from majiang.rules import hefei_scoring as scoring
from majiang.rules.base import PASS, Ruleset, TableFlags, roll, shuffle
from majiang.rules.hefei_options import HefeiRules
from majiang.tiles import format_tiles

if TYPE_CHECKING:
    from majiang.core.table_view import TableView

HEFEI_KINDS: Final = tuple(s * 9 + r for s in range(3) for r in range(1, 8))  # 2–8 of 万 饼 条
WIN: Final = Win()
DECLARES: Final = tuple(Declare(tile=t) for t in range(34))  # frozen: shared by every legal list


@mypyc_attr(allow_interpreted_subclasses=True)
class Hefei(Ruleset):
    name: ClassVar[str] = "hefei"
    title: ClassVar[str] = "合肥麻将"
    kinds: ClassVar[tuple[int, ...]] = HEFEI_KINDS
    tileset: ClassVar[TileSet | None] = TileSet.HEFEI
    options_type = HefeiRules

    def __init__(self, options: msgspec.Struct | dict[str, object] | None = None) -> None:
        super().__init__(options)
        self._scoring_options = narrowed(self.options, scoring.HefeiOptions)  # (frozen: shared by every situation)

    def table_flags(self) -> TableFlags:
        return TableFlags(
            discard_wins=True, multiple_winners=True,
            haidi_tiles=4, haidi_win_forced=self.options.haidi_forced,
            first_streak=1,  # 连庄数 starts at 1
            new_game_resets_streak=True,  # a player leaving starts a new game: 连庄数 = 1
            absent_takes_win=True,  # "玩家托管、断线或者超时，系统也会代替玩家自动胡牌"
        )

    def first_deal(self, seed: str) -> tuple[int, tuple[int, ...]]:
        return random.Random(f"{seed}:dealer").randrange(4), ()  # 第一盘系统随机选取一名玩家为庄家

    def build_wall(self, rng: random.Random, dealer: int) -> WallSetup:
        tiles = [k for k in self.kinds for _ in range(4)]
        shuffle(rng, tiles)  # walls of 10, 11, 10 and 11 stacks (2人摆10叠，2人摆11叠)
        dice = roll(rng)
        start = (sum(dice) * 2) % len(tiles)
        return WallSetup(tiles=tiles[start:] + tiles[:start], dice=dice)

    # --- readiness ----------------------------------------------------------------------------
    def is_ready(self, hand: TableView, seat: int, counts: list[int], new_kong: int | None = None) -> bool:
        """Would some tile complete this 3n+1 part into a win (shape and the 8-in-a-suit rule)?

        ``new_kong``: a 暗杠 about to be declared, whose four tiles count toward the suit rule too."""
        # Cheap necessary test first (a few table lookups): a wild would complete the part. Most
        # parts a 报听 room asks about on every turn fail it, so `waits` runs only on near-ready ones.
        if not is_win(counts, 1, True, self.tileset):
            return False
        st = hand.seat_state[seat]
        kong_tiles = [m.tiles[0] for m in st.melds if m.kind == "kong_concealed"]
        if new_kong is not None:
            kong_tiles.append(new_kong)
        for t in waits(counts, 0, True, self.tileset):
            full = list(counts)
            full[t] += 1
            for k in kong_tiles:
                full[k] += 4
            if max(sum(full[s * 9 : s * 9 + 9]) for s in range(3)) >= 8:
                return True
        return False

    # --- the turn -----------------------------------------------------------------------------
    def turn_options(self, hand: TableView, seat: int) -> list[Action]:
        st = hand.seat_state[seat]
        if st.declared:
            # Locked after 报听: the drawn tile goes out unless it wins or makes a kong that keeps the hand ready.
            out: list[Action] = []
            if st.drawn is not None:
                out.append(Discard(tile=st.drawn))
            if hand.can_kong():
                for k in self.kong_options(hand, seat):
                    assert isinstance(k, Kong)
                    rest = list(st.counts)
                    for t in k.tiles:
                        rest[t] -= 1
                    if self.is_ready(hand, seat, rest, new_kong=k.tiles[0]):
                        out.append(k)
            if not out:  # drawn is None only right after the deal for a declared dealer: impossible
                out.extend(Discard(tile=t) for t in range(34) if st.counts[t])
            return out
        out = super().turn_options(hand, seat)
        if self.options.room == "baoting":
            # A Declare for each discard that leaves a ready part. One C call gives the shanten
            # after every discard; a part is one tile from a win (is_ready's own first test: one
            # wild completes it) exactly when its shanten is 0, so is_ready (the 8-in-a-suit rule)
            # runs only for those, and on most turns (no discard leaves the hand ready) not at all.
            # (One typed loop over the answers: compiled, it costs less than `0 in left`, which
            # compares every entry through Python's rich compare.)
            left = discard_shantens(st.counts, 0, True, self.tileset)
            for t in range(34):
                s = left[t]
                if s is not None and s <= 0:
                    rest = list(st.counts)
                    rest[t] -= 1
                    if self.is_ready(hand, seat, rest):
                        out.append(DECLARES[t])
        return out

    # --- wins ---------------------------------------------------------------------------------
    def hint_win_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, discard: Action | None) -> bool:
        # A self-draw, or a discard where this seat may win on one (in a 报听 room only once
        # declared, which a `declare` discard does). The discarder is any other seat: it changes
        # who pays, never whether it is a win.
        if scoring.score(self.situation(hand, seat, tile, None, counts=counts, hypothetical=True)).valid:
            return True
        declared = hand.seat_state[seat].declared or isinstance(discard, Declare)
        if self.options.room == "baoting" and not declared:
            return False
        part = list(counts)
        part[tile] -= 1
        return scoring.score(self.situation(hand, seat, tile, (seat + 1) % self.seats, counts=part,
                                            hypothetical=True, declared=declared)).valid

    def situation(self, hand: TableView, seat: int, tile: int, discarder: int | None,
                  counts: list[int] | None = None, hypothetical: bool = False,
                  declared: bool | None = None) -> scoring.Situation:
        """The scoring input for ``seat`` winning on ``tile`` (drawn, or from ``discarder``).
        ``counts`` replaces the seat's concealed tiles (before a discarded ``tile`` is added);
        ``hypothetical`` (the 听 hint) scores an ordinary mid-hand win: no 海捞, 天胡 or 地胡;
        ``declared`` replaces the seat's 报听 flag."""
        st = hand.seat_state[seat]
        counts = list(st.counts if counts is None else counts)
        if discarder is not None:
            counts[tile] += 1
        tiles = [t for t in range(34) for _ in range(counts[t])]
        kongs = [format_tiles([m.tiles[0]]) for m in st.melds if m.kind == "kong_concealed"]
        return scoring.Situation(
            room=self.options.room,
            dealer=hand.dealer,
            lianzhuang=hand.streak,
            winner=seat,
            hand=format_tiles(tiles),
            kongs=kongs,
            winning_tile=format_tiles([tile]),
            how="discard" if discarder is not None else "self_draw",
            from_seat=discarder,
            declared=st.declared if declared is None else declared,
            haidi=discarder is None and hand.phase == "haidi" and not hypothetical,
            # 天胡 is the opening 14 itself: a 暗杠 draws a replacement, and then it no longer is.
            opening_hand=discarder is None and seat == hand.dealer and st.draws == 0 and hand.discards_made == 0
            and not kongs and not hypothetical,
            first_round=discarder is None and seat != hand.dealer and st.draws == 1 and hand.phase != "haidi"
            and not hypothetical,
            options=self._scoring_options,
            other_kongs=self._other_kongs(hand, seat) if self.options.kong_points_all else {},
        )

    @staticmethod
    def _other_kongs(hand: TableView, seat: int) -> dict[int, int]:
        return {i: n for i, st in enumerate(hand.seat_state) if i != seat
                and (n := sum(m.kind == "kong_concealed" for m in st.melds))}

    def self_draw_settlement(self, hand: TableView, seat: int) -> Settlement:
        st = hand.seat_state[seat]
        assert st.drawn is not None
        return scoring.score(self.situation(hand, seat, st.drawn, None))

    def discard_win_barred(self, hand: TableView, seat: int) -> bool:
        return self.options.guoshui and hand.seat_state[seat].passed_win

    def can_win_on_discard(self, hand: TableView, seat: int, tile: int, discarder: int) -> bool:
        st = hand.seat_state[seat]
        if self.options.room == "baoting" and not st.declared:
            return False  # 报听 room: discard wins only after declaring
        if self.discard_win_barred(hand, seat):
            return False  # 过水不胡: it let a discard win go since its last draw
        # Asked on every discard for up to three seats: the discard is added to the seat's own
        # counts for the one lookup and taken back (no copy), whatever is_win does.
        counts = st.counts
        counts[tile] += 1
        try:
            shaped = is_win(counts, 0, True, self.tileset)
        finally:
            counts[tile] -= 1
        if not shaped:
            return False
        return scoring.score(self.situation(hand, seat, tile, discarder)).valid

    def claim_window(self, hand: TableView, tile: int, discarder: int) -> dict[int, list[Action]]:
        """No chi, peng or 明杠 here: a seat's only claim is a win (the base's answer, asked of
        :meth:`can_win_on_discard` directly; in a 报听 room only declared seats are asked)."""
        options: dict[int, list[Action]] = {}
        seat_state = hand.seat_state
        baoting = self.options.room == "baoting"
        for seat in self._others[discarder]:
            if baoting and not seat_state[seat].declared:
                continue
            if self.can_win_on_discard(hand, seat, tile, discarder):
                options[seat] = [PASS, WIN]
        return options

    def discard_settlement(self, hand: TableView, winners: list[int], tile: int, discarder: int) -> Settlement:
        return scoring.score_multi([self.situation(hand, w, tile, discarder) for w in winners])

    # --- the match ----------------------------------------------------------------------------
    def next_deal(self, dealer: int, streak: int, outcome: HandOutcome) -> tuple[int, int]:
        # Dealer wins or 荒庄: stays, 连庄数 + 1. Another player wins: the 下家 deals, 连庄数 = 1.
        if outcome.draw or dealer in outcome.winners:
            return dealer, streak + 1
        return (dealer + 1) % self.seats, 1
