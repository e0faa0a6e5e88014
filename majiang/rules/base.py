"""The ruleset interface: what a region decides, as a handful of hooks and class flags.

The engine (:mod:`majiang.engine.hand`) runs the table flow and asks the ruleset
what is legal and what a win is worth. A ruleset never keeps per-hand state of its
own: everything it needs is on the :class:`~majiang.engine.hand.Hand` it is given,
so one ruleset object serves any number of hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Final

import msgspec
from mypy_extensions import mypyc_attr

from majiang.core.actions import Action, Chi, Discard, Kong, Pass, Peng, Win
from majiang.core.deal import HandOutcome, NaturalTable, TableInfo, WallSetup
from majiang.core.settlement import Settlement
from majiang.hand import TileSet, is_win, waits
from majiang.hand.counts import held_kinds, top_count

if TYPE_CHECKING:
    from majiang.core.table_view import TableView


class RulesetError(ValueError):
    """Bad ruleset options, or a ruleset name that is not registered: the one error a ruleset raises
    for what it is given (a ValueError, so callers that catch those keep working)."""


@dataclass(frozen=True)
class TableFlags:
    """What the table flow switches on for a ruleset, worked out once from its options
    (:meth:`Ruleset.table_flags`) and read by the engine as ``ruleset.flags``."""

    seven_pairs: bool = True  # seven pairs is a winning shape
    allow_chi: bool = False
    allow_peng: bool = False
    allow_exposed_kong: bool = False
    allow_added_kong: bool = False
    discard_wins: bool = False  # a seat may win on another's discard (can_win_on_discard is asked)
    multiple_winners: bool = False  # 一炮多响
    haidi_tiles: int = 0  # the last N tiles are drawn without discarding (Hefei 海捞区)
    haidi_win_forced: bool = False  # a possible win in the 海捞区 must be taken
    first_streak: int = 0  # the streak of a fresh dealer
    new_game_resets_streak: bool = False  # a player leaving between hands restarts the streak
    match_rounds: int = 0  # a match of this many 圈 (0: a number of hands)
    absent_takes_win: bool = False  # 托管 / timeout / disconnection takes any legal win
    rob_kong: bool = False  # 抢杠: a 加杠's tile may be won on by the other seats
    ends_early: bool = False  # the hand may end before the wall is empty: wall_exhausted is asked
    # The ruleset's claim_options adds to or changes the base claims: the claim window then asks it
    # of every other seat (the base's fast path looks only at seats that hold the discard's value).
    own_claims: bool = False
    # The indicator's own tile is a plain tile although its kind is wild (baida: "the other three
    # copies are 百搭"): the engine then records which seat holds it (SeatState.plain_indicator).
    plain_indicator: bool = False


# Actions are frozen structs, so the discards can be shared by every legal list (42: a flower that
# is a wild is held, and so discarded, like any tile).
DISCARDS: Final[tuple[Discard, ...]] = tuple(Discard(tile=t) for t in range(42))
PASS: Final = Pass()


_BITS: Final = tuple(n.bit_length() for n in range(256))  # walls are 84, 136 or 144 tiles


def shuffle(rng: random.Random, tiles: list[int]) -> None:
    """``rng.shuffle(tiles)``, the same permutation from the same state, at about half the cost.

    Every hand shuffles its wall, and ``Random.shuffle`` makes a method call per tile. This is its
    algorithm (CPython 3.11–3.13: Fisher–Yates over ``_randbelow_with_getrandbits``) with the
    rejection sampling inlined; walls, and so replays, depend on it being exactly that."""
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in reversed(range(1, len(tiles))):
        n = i + 1
        k = bits[n] if n < 256 else n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def copies(kind: int) -> int:
    """Copies of a kind in a full set: four, but one of each flower (34–41)."""
    return 1 if kind >= 34 else 4


def roll(rng: random.Random, n: int = 2) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(n))


@mypyc_attr(allow_interpreted_subclasses=True)  # (compiled: a variant may still subclass it in Python)
class Ruleset:
    name: ClassVar[str]
    title: ClassVar[str]  # the Chinese name players know
    kinds: ClassVar[tuple[int, ...]]  # tile kinds in play, four copies each
    tileset: ClassVar[TileSet | None] = None
    options_type: ClassVar[type[msgspec.Struct]]
    seats: ClassVar[int] = 4

    def __init__(self, options: msgspec.Struct | dict[str, Any] | None = None) -> None:
        if options is None:
            options = {}
        if isinstance(options, dict):
            try:
                options = msgspec.convert(options, self.options_type)
            except msgspec.ValidationError as e:
                raise RulesetError(f"bad {self.name} options: {e}") from None
        if not isinstance(options, self.options_type):
            raise RulesetError(f"{self.name} options must be {self.options_type.__name__}")
        self.options: Any = options  # (each ruleset's own options struct)
        self._validate_options()
        self.flags: TableFlags = self.table_flags()
        # Every seat view carries the options; converting the frozen struct once saves a
        # msgspec round trip per view (callers get a copy, so the cache can't be mutated).
        self._options_builtins: dict[str, Any] = msgspec.to_builtins(self.options)
        self._natural_cache: dict[TableInfo, NaturalTable] = {}  # see natural_table
        self._forced_cache: dict[TableInfo, tuple[tuple[bool, ...], tuple[int, ...]]] = {}  # see forced_table
        # For claim_window, asked on every discard: the seats after each discarder, in order, and
        # whether the base claim rules apply (then they are inlined there).
        f = self.flags
        n = self.seats
        self._others = tuple(tuple((d + i) % n for i in range(1, n)) for d in range(n))
        self._inline_claims = not (f.own_claims or f.discard_wins)
        self._claim_chi = f.allow_chi
        self._claim_any = f.allow_peng or f.allow_exposed_kong or f.allow_chi
        self._seven_pairs = f.seven_pairs  # (asked on every win check)

    # A ruleset is its (frozen) options and caches derived from them: it keeps no per-hand state, so
    # every copy of a hand, a match or an env shares it (and its caches of compiled objects).
    def __copy__(self) -> Ruleset:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Ruleset:
        return self

    def _validate_options(self) -> None:
        """Reject option values or combinations that make no sense with a :class:`RulesetError` (override)."""

    def table_flags(self) -> TableFlags:
        """What the table flow switches on, from the options (asked once, by ``__init__``)."""
        return TableFlags()

    def options_dict(self) -> dict[str, Any]:
        return dict(self._options_builtins)

    @property
    def wall_size(self) -> int:
        return sum(copies(k) for k in self.kinds)

    @property
    def count_size(self) -> int:
        """Length of a seat's count array: 34, or 42 where flowers are in play (a flower that is a
        wild stays in the hand; one that is not is laid open at once, see :meth:`must_expose`)."""
        return 42 if self.kinds[-1] >= 34 else 34

    # --- the deal -------------------------------------------------------------------
    def first_dealer(self, seed: str) -> int:
        """The first hand's dealer (东 by default; a ruleset may draw one from the match seed)."""
        return self.first_deal(seed)[0]

    def first_deal(self, seed: str) -> tuple[int, tuple[int, ...]]:
        """(the first hand's dealer, the dice rolled to pick him — empty when none are), drawn
        from ``seed`` (the match's seeded source) so a match replays exactly."""
        return 0, ()

    def build_wall(self, rng: random.Random, dealer: int) -> WallSetup:
        tiles = [k for k in self.kinds for _ in range(copies(k))]
        shuffle(rng, tiles)
        dice = roll(rng)
        # The break point follows the dice; with a shuffled wall it only fixes which
        # tile is drawn first, but recording it lets a player check the deal.
        start = (sum(dice) * 2) % len(tiles)
        return WallSetup(tiles=tiles[start:] + tiles[:start], dice=dice)

    def table_info(self, wall: WallSetup) -> TableInfo:
        return TableInfo()

    # --- tile semantics -------------------------------------------------------------
    def analysis_counts(self, hand: TableView, counts: list[int]) -> tuple[list[int], int]:
        """Physical concealed counts → (natural counts for hand analysis, number of wilds)."""
        return counts, 0

    def logical(self, hand: TableView, tile: int) -> int:
        return tile

    def natural_table(self, hand: TableView) -> NaturalTable:
        """``(plays_as, sources, shared)`` for this hand: ``plays_as[t]`` = :meth:`_natural_as` of
        physical kind ``t``; ``sources[v]`` = the physical kinds that play as ``v``, ascending;
        ``shared``: the ``sources`` entries of the values more than one physical kind plays as
        (empty when they are one to one, as in both rulesets so far: Anqing's wild plays as
        nothing, so 红中 alone plays as the wild's face).

        All depend only on the hand's :class:`TableInfo` (the wild, fixed at the deal), so they
        are kept per hand (claims and kongs are asked about on every discard and every turn)
        and shared by the hands with the same table info (there are at most 34)."""
        table = hand.natural
        if table is None:
            table = self._natural_cache.get(hand.info)
            if table is None:
                plays_as = tuple(self._natural_as(hand, t) for t in range(self.count_size))
                by_value: list[list[int]] = [[] for _ in range(self.count_size)]
                for t, v in enumerate(plays_as):  # ascending t, so each value's kinds ascend
                    if v is not None:
                        by_value[v].append(t)
                sources = tuple(tuple(kinds) for kinds in by_value)
                shared = tuple(s for s in sources if len(s) > 1)
                table = self._natural_cache[hand.info] = (plays_as, sources, shared)
            hand.natural = table
        return table

    def forced_table(self, hand: TableView) -> tuple[tuple[bool, ...], tuple[int, ...]]:
        """(:meth:`must_expose` of each kind, the kinds it holds for), per table info: asked once
        per hand, and there are at most 34 infos, so it is worked out once per info."""
        table = self._forced_cache.get(hand.info)
        if table is None:
            n = self.count_size
            forced = tuple(self.must_expose(hand, t) for t in range(n))
            table = self._forced_cache[hand.info] = (forced, tuple(t for t in range(n) if forced[t]))
        return table

    def is_wild(self, hand: TableView, tile: int) -> bool:
        return False

    def must_expose(self, hand: TableView, tile: int) -> bool:
        """Is ``tile`` a 杠牌 that is laid open as soon as it is held? Fixed for the hand once
        :meth:`table_info` is known (the hand asks once per kind, before the deal)."""
        return False

    def may_keep_forced(self, hand: TableView, seat: int) -> bool:
        """May ``seat`` keep the 杠牌 it holds for now instead of laying them open (checked at each draw)?"""
        return False

    def may_expose(self, hand: TableView, tile: int) -> bool:
        """Is ``tile`` a 杠牌 that the holder may choose to lay open on his turn?"""
        return False

    # --- wins -----------------------------------------------------------------------
    def shape_complete(self, hand: TableView, counts: list[int]) -> bool:
        """A fast check on a concealed part of 3n+2 (physical counts)."""
        natural, jokers = self.analysis_counts(hand, counts)
        return is_win(natural, jokers, self._seven_pairs, self.tileset)

    def quick_win_possible(self, hand: TableView, seat: int, counts: list[int]) -> bool:
        """A cheap necessary condition for a self-drawn win, checked before full scoring."""
        return self.shape_complete(hand, counts)

    def wall_exhausted(self, hand: TableView) -> bool:
        """End the hand before the wall is empty (an option in some regions; asked on each draw
        where the flags say ``ends_early``)."""
        return False

    def self_draw_settlement(self, hand: TableView, seat: int) -> Settlement:
        raise NotImplementedError

    def discard_settlement(self, hand: TableView, winners: list[int], tile: int, discarder: int) -> Settlement:
        raise NotImplementedError

    def draw_settlement(self, hand: TableView) -> Settlement:
        return Settlement(valid=False, draw=True, reason="荒庄: the wall is drawn out and nobody won")

    def can_win_on_discard(self, hand: TableView, seat: int, tile: int, discarder: int) -> bool:
        return False

    def discard_win_barred(self, hand: TableView, seat: int) -> bool:
        """Whether ``seat`` may, for now, win only on its own draw although its waits would win
        on a discard too (Hefei's 过水不胡 after it let a discard win go): the 听 hint says so."""
        return False

    # --- the 听 hint -----------------------------------------------------------------
    def winning_tiles(self, hand: TableView, seat: int, counts: list[int], discard: Action | None = None) -> list[int]:
        """The kinds that, added to ``counts`` (a 3n+1 concealed part, physical), would be a win
        this ruleset accepts for ``seat`` by some ordinary way of getting the tile (a draw, or a
        claim where discard wins exist): what a 听 hint shows. ``discard`` is the move that would
        leave ``counts`` (a discard can change the rules of the win: a discarded wild, 报听).
        The ruleset's own scoring decides, so the hint lists exactly the tiles a player would be
        offered ``win`` on. ``counts`` is restored before returning."""
        out: list[int] = []
        own = self.copies_held(hand, seat, counts)
        for k in self.hint_candidates(hand, seat, counts):
            if own[k] >= copies(k):
                continue
            counts[k] += 1
            try:
                if self.quick_win_possible(hand, seat, counts) and \
                        self.hint_win_valid(hand, seat, counts, k, discard):
                    out.append(k)
            finally:
                counts[k] -= 1
        return out

    @staticmethod
    def copies_held(hand: TableView, seat: int, counts: list[int]) -> list[int]:
        """Per kind, the copies ``seat`` holds (``counts``), has melded or laid open: at four, no
        further copy can come to it."""
        st = hand.seat_state[seat]
        own = list(counts)
        for m in st.melds:
            for t in m.tiles:
                own[t] += 1
        for t in st.exposed:
            own[t] += 1
        return own

    def hint_candidates(self, hand: TableView, seat: int, counts: list[int]) -> list[int]:
        """The kinds worth trying in :meth:`winning_tiles`: those the win tables say complete the
        part's regular or seven-pairs shape (by what they play as), and the wilds. Rulesets with
        other winning shapes add their kinds (override)."""
        natural, jokers = self.analysis_counts(hand, counts)
        shaped = set(waits(natural, jokers, self._seven_pairs, self.tileset))
        return [k for k in self.kinds if self.is_wild(hand, k) or self.logical(hand, k) in shaped]

    def hint_win_valid(self, hand: TableView, seat: int, counts: list[int], tile: int, discard: Action | None) -> bool:
        """Whether the complete-shaped 3n+2 ``counts``, its last tile ``tile``, scores as a valid
        win for ``seat`` after ``discard`` (not as a kong's replacement: the hint is about ordinary
        draws)."""
        return True

    # --- claims ---------------------------------------------------------------------
    def claim_window(self, hand: TableView, tile: int, discarder: int) -> dict[int, list[Action]]:
        """Every other seat's responses to a discard (``Pass`` first), in seat order from the
        discarder, for the seats that have more than a pass.

        Asked on every discard, for three seats, and almost always empty. Where the base
        :meth:`claim_options` decides (no override, no discard wins), it is inlined: a seat is
        looked at only if it holds two tiles of the discard's value (peng/kong) or may chi it.
        Otherwise :meth:`claim_options` is asked about every seat."""
        others = self._others[discarder]
        options: dict[int, list[Action]] = {}
        if not self._inline_claims:
            for seat in others:
                opts = self.claim_options(hand, seat, tile, discarder)
                if opts:
                    options[seat] = [PASS, *opts]
            return options
        if not self._claim_any:
            return options
        plays_as, sources, _ = hand.natural or self.natural_table(hand)
        want = plays_as[tile]
        if want is None:
            return options  # a discarded wild cannot be claimed
        srcs = sources[want]
        chi_seat = others[0] if self._claim_chi and want < 27 else -1
        seat_state = hand.seat_state
        for seat in others:
            counts = seat_state[seat].counts
            held = counts[srcs[0]] if len(srcs) == 1 else sum(counts[t] for t in srcs)
            if held >= 2:
                opts = self.claim_options(hand, seat, tile, discarder)  # the rare case: in full
            elif seat == chi_seat:
                opts = self._chi_options(hand, seat, want)
            else:
                continue
            if opts:
                options[seat] = [PASS, *opts]
        return options

    def claim_options(self, hand: TableView, seat: int, tile: int, discarder: int) -> list[Action]:
        """Responses to a discard other than passing."""
        out: list[Action] = []
        f = self.flags
        if f.discard_wins and self.can_win_on_discard(hand, seat, tile, discarder):
            out.append(Win())
        if not self._claim_any:
            return out
        plays_as, sources, _ = self.natural_table(hand)
        want = plays_as[tile]  # = logical(tile), or None for a wild
        if want is None:
            return out  # a discarded wild cannot be claimed
        counts = hand.seat_state[seat].counts
        same = [t for t in sources[want] for _ in range(counts[t])]
        if hand.can_kong() and f.allow_exposed_kong and len(same) >= 3:
            out.append(Kong(kind="exposed", tiles=tuple(same[:3])))
        if f.allow_peng and len(same) >= 2:
            out.append(Peng(tiles=(same[0], same[1])))
        if f.allow_chi and seat == (discarder + 1) % self.seats and want < 27:
            out.extend(self._chi_options(hand, seat, want))
        return out

    def _natural_as(self, hand: TableView, physical: int) -> int | None:
        """What a held physical tile plays as in a claim (None: it can't take part, e.g. a wild)."""
        if self.is_wild(hand, physical):
            return None
        return self.logical(hand, physical)

    def _chi_options(self, hand: TableView, seat: int, want: int) -> list[Action]:
        # Asked on nearly every discard (the next seat may always chi) and mostly empty:
        # find the lowest physical tile held for each rank within two of the discard once,
        # and stop early when neither neighbour is held (every chi needs one of them).
        counts = hand.seat_state[seat].counts
        sources = (hand.natural or self.natural_table(hand))[1]
        r = want % 9
        held: dict[int, int] = {}  # rank offset from the discard -> the lowest tile held playing as it
        for d in (-1, 1, -2, 2):
            if 0 <= r + d <= 8:
                for t in sources[want + d]:
                    if counts[t]:
                        held[d] = t
                        break
            if d == 1 and not held:
                return []
        out: list[Action] = []
        for a, b in ((-2, -1), (-1, 1), (1, 2)):  # by the lower rank, as before
            if a in held and b in held:
                out.append(Chi(tiles=(held[a], held[b])))
        return out

    # --- the turn -------------------------------------------------------------------
    def turn_options(self, hand: TableView, seat: int) -> list[Action]:
        """Everything but winning, for the seat whose turn it is (it holds 3n+2 tiles)."""
        st = hand.seat_state[seat]
        counts = st.counts
        out: list[Action] = held_kinds(counts, DISCARDS)  # a discard of every kind held
        if hand.after_claim:
            return out  # after chi/peng: discard only
        # kong_options finds nothing without four of a kind, a meld (a peng to add to) or kinds
        # sharing a value: on most turns it is not asked at all.
        if (top_count(counts) >= 4 or st.melds or (hand.natural or self.natural_table(hand))[2]) and hand.can_kong():
            out.extend(self.kong_options(hand, seat))
        return out

    def kong_options(self, hand: TableView, seat: int) -> list[Action]:
        st = hand.seat_state[seat]
        counts = st.counts
        _plays_as, sources, shared = hand.natural or self.natural_table(hand)
        out: list[Action] = []
        # A concealed kong needs four tiles of one value: four of one kind, which `4 in counts`
        # rules out at C speed on almost every turn, or four among kinds sharing a value (none do
        # in our rulesets; the check costs nothing then).
        if top_count(counts) >= 4 or (shared and any(sum(map(counts.__getitem__, srcs)) >= 4 for srcs in shared)):
            for srcs in sources:  # by value, ascending
                held = [t for t in srcs for _ in range(counts[t])]
                if len(held) >= 4:
                    out.append(Kong(kind="concealed", tiles=tuple(held[:4])))
        if self.flags.allow_added_kong and st.melds:
            for meld in st.melds:
                if meld.kind == "peng":
                    held_t = next((t for t in sources[self.logical(hand, meld.tiles[0])] if counts[t]), None)
                    if held_t is not None:
                        out.append(Kong(kind="added", tiles=(held_t,)))
        return out

    # --- the match ------------------------------------------------------------------
    def next_deal(self, dealer: int, streak: int, outcome: HandOutcome) -> tuple[int, int]:
        """(next dealer, next streak): dealer wins or 荒庄 → keeps the deal, else the 下家 deals."""
        if outcome.draw or dealer in outcome.winners:
            return dealer, streak + 1
        return (dealer + 1) % self.seats, self.flags.first_streak
