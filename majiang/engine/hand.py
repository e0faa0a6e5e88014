"""One hand as a deterministic state machine.

``Hand(ruleset, seed, dealer=…, streak=…)`` deals from the seed; ``apply(seat, action)``
returns the events it caused or raises :class:`IllegalAction` (and changes nothing).
There is no I/O, no clock and no global random: a hand replays identically from
(ruleset, options, seed, dealer, streak, actions), which replays, crash recovery,
tests and bots all rely on.

The state is mutated in place for speed (simulation runs hundreds of hands a
second); :meth:`Hand.replay` rebuilds any earlier point from the action log.
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Literal

from majiang.core.actions import (
    Action,
    Chi,
    Declare,
    Discard,
    Expose,
    Kong,
    Pass,
    Peng,
    WildKong,
    Win,
    describe,
)
from majiang.core.deal import HandOutcome
from majiang.core.events import (
    AddedKong,
    Claimed,
    ConcealedKong,
    Dealt,
    Discarded,
    Drew,
    Event,
    Exposed,
    HandEnded,
    HandStarted,
    Passed,
    WildKonged,
    Won,
)
from majiang.core.melds import Meld, MeldKind, RiverTile
from majiang.core.seat import ClaimWindow, SeatState
from majiang.core.settlement import Settlement
from majiang.rules.base import Ruleset

if TYPE_CHECKING:
    from majiang.core.deal import NaturalTable
    from majiang.engine.ting import Ting

class IllegalAction(ValueError):
    """An action that is not legal now; the message says why. The hand is unchanged."""


def seed_hash(seed: str) -> str:
    import hashlib  # (here: its OpenSSL library is ≈ 2–3 ms of every import of the engine; issue 28)

    return hashlib.sha256(seed.encode()).hexdigest()


CLAIM_PRIORITY: Final = {"win": 3, "kong": 2, "peng": 2, "chi": 1}
_CLAIM_KIND: Final[dict[type, Literal["chi", "peng", "kong"]]] = {Chi: "chi", Peng: "peng", Kong: "kong"}
_MELD_KIND: Final[dict[str, MeldKind]] = {"chi": "chi", "peng": "peng", "kong": "kong_exposed"}
_WIN: Final = Win()


class Hand:
    def __init__(
        self,
        ruleset: Ruleset,
        seed: str,
        *,
        dealer: int = 0,
        streak: int | None = None,
        hand_no: int = 1,
        dealer_dice: tuple[int, ...] = (),
        round_wind: int = 0,
    ) -> None:
        if not 0 <= round_wind <= 3:
            raise ValueError(f"round_wind is 0-3 (东 南 西 北), got {round_wind}")
        self.ruleset = ruleset
        self.round_wind = round_wind  # 圈风, set by the match: it moves after the deal goes round
        self.dealer_dice = dealer_dice  # the roll that picked the match's first dealer (hand 1 only)
        self.seed = seed
        self.dealer = dealer
        self.streak = ruleset.flags.first_streak if streak is None else streak
        self.hand_no = hand_no
        self.log: list[tuple[int, Action]] = []
        self.events: list[Event] = []
        self.settlement: Settlement | None = None
        self.outcome: HandOutcome | None = None

        rng = random.Random(seed)
        setup = ruleset.build_wall(rng, dealer)
        self.dice = setup.dice
        self.wall = setup.tiles
        self.head = 0  # next tile drawn from the front
        self.tail = len(self.wall) - 1  # next replacement tile
        self.indicator_index = setup.indicator_index
        self.info = ruleset.table_info(setup)
        # The wall position of the indicator's own tile where it stays plain though its kind is wild
        # (TableFlags.plain_indicator); the seat that draws from there holds it. -1: no such tile. (The
        # indicator is counted from the tail, past the deal, so it is only ever drawn.)
        self._plain_at = -1
        if (ruleset.flags.plain_indicator and setup.indicator_index is not None
                and self.info.indicator in self.info.wilds):
            self._plain_at = setup.indicator_index
        self.seat_state = [SeatState(counts=[0] * ruleset.count_size) for _ in range(ruleset.seats)]
        self.current = dealer
        self.phase = "turn"  # "turn" | "claim" | "haidi" | "over"
        self.claim: ClaimWindow | None = None
        self.robbing = False  # the open claim window is on a 加杠's tile (抢杠)
        self.after_claim = False  # the turn began with a chi/peng: discard only
        self.kong_chain = 0  # kongs/杠牌 in a row before the current replacement draw
        # The current replacement run has a kong in it, not only 补花/杠牌 (国标's 杠上开花 is a kong's alone).
        self.kong_made = False
        self.zhijiao = False  # the current replacement follows a 直叫 wild kong: it wins
        self.claims_made = False  # any chi/peng/kong on a discard this hand (地胡)
        self.kou = [[0] * 4 for _ in range(4)]  # kou[a][b]: melds b made from a's discards
        self.kou_all_pung = [[True] * 4 for _ in range(4)]
        self.discards_made = 0
        self._win_cache: dict[tuple[int, int], Settlement] = {}
        self.hint_cache: dict[tuple[object, ...], Ting] = {}  # majiang.engine.hint's, per seat state
        self.hint_wins: dict[tuple[object, ...], bool] = {}  # a ruleset's scored hint answers
        # legal_actions is asked by the view, then again by apply's check: keep the turn's answer
        # for the step (only the current seat has one; the step is the log's length).
        self._legal_step = -1
        self._legal_turn: list[Action] = []
        # Filled by Ruleset.natural_table on first use: what each held kind plays as in claims.
        self.natural: NaturalTable | None = None
        self.seed_digest = seed_hash(seed)  # every view carries it: hash once
        # Which kinds are 杠牌 laid open as soon as held: fixed at the deal, asked on every draw.
        self._forced, self._forced_kinds = ruleset.forced_table(self)
        # can_kong is asked on every turn and claim: the floor is fixed per ruleset.
        self._kong_floor = max(ruleset.flags.haidi_tiles, 0)
        # Asked on every discard and draw, and fixed at the deal (what is wild depends on the
        # table info only, as Ruleset.natural_table assumes too): work them out once per hand.
        self._wild = tuple(ruleset.is_wild(self, t) for t in range(ruleset.count_size))
        self._may_exhaust = ruleset.flags.ends_early
        # Read on every draw and discard: the ruleset's flags (worked out from its options), kept
        # as plain attributes of the hand (an instance attribute is the cheapest read there is).
        self._haidi_tiles = ruleset.flags.haidi_tiles
        self._next_seat = tuple((s + 1) % ruleset.seats for s in range(ruleset.seats))

        self._emit(
            HandStarted(
                hand_no=hand_no,
                dealer=dealer,
                streak=self.streak,
                dice=self.dice,
                seed_hash=self.seed_digest,
                wall_size=len(self.wall),
                indicator=self.info.indicator,
                wild=self.info.wild,
                stand_in=self.info.stand_in,
                gangpai=tuple(sorted(self.info.gangpai)),
                dealer_dice=dealer_dice,
                round_wind=round_wind,
                wilds=tuple(sorted(self.info.wilds)),
            )
        )
        self._deal()

    # --- public queries -----------------------------------------------------------------
    @property
    def wall_left(self) -> int:
        return self.tail - self.head + 1

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def seat_wind(self, seat: int) -> int:
        """The seat's own wind (位风): the dealer is 东 (0), then 南 西 北 in turn order."""
        return (seat - self.dealer) % self.ruleset.seats

    def can_kong(self) -> bool:
        """A kong needs a replacement tile and may not eat into the 海捞区."""
        return self.tail - self.head + 1 > self._kong_floor  # wall_left, inlined

    def to_act(self) -> list[int]:
        """The seats whose decision the hand waits for."""
        if self.phase in ("turn", "haidi"):
            return [self.current]
        if self.phase == "claim" and self.claim is not None:
            return self.claim.waiting_for()
        return []

    def legal_actions(self, seat: int) -> list[Action]:
        """What ``seat`` may do now (a fresh list). The state changes only through :meth:`apply`,
        so a turn's answer is kept for the step: the view and apply's check both ask for it."""
        legal = self._legal(seat)
        return list(legal) if legal else []

    def _legal(self, seat: int) -> list[Action] | None:
        """:meth:`legal_actions` without the copy (callers must not mutate it); None: nothing."""
        phase = self.phase
        if phase == "claim":
            claim = self.claim
            if claim is not None and seat not in claim.responses:
                return claim.options.get(seat)
            return None
        if (phase == "turn" or phase == "haidi") and seat == self.current:
            step = len(self.log)
            if self._legal_step != step:
                self._legal_turn = self._turn_actions(seat)
                self._legal_step = step
            return self._legal_turn
        return None

    def is_legal(self, seat: int, action: Action) -> str | None:
        """None when legal, else the reason it is not."""
        if self.phase == "over":
            return "the hand is over"
        if not 0 <= seat < self.ruleset.seats:
            return f"there is no seat {seat}"
        legal = self._legal(seat)
        if not legal:
            if self.phase == "claim":
                return f"seat {seat} has nothing to decide on this discard"
            return f"it is not seat {seat}'s turn (seat {self.current} is to act)"
        if action in legal:
            return None
        names = ", ".join(describe(a) for a in legal[:12])
        more = f" (and {len(legal) - 12} more)" if len(legal) > 12 else ""
        return f"{describe(action)} is not legal for seat {seat} now; legal: {names}{more}"

    # --- applying actions ---------------------------------------------------------------
    def apply(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase
        if self._legal_step == len(self.log) and seat == self.current and (phase == "turn" or phase == "haidi"):
            legal: list[Action] | None = self._legal_turn  # the turn's list, as _legal keeps it
        else:
            legal = self._legal(seat)  # (None for a seat with nothing to decide, any seat once the hand is over)
        if not legal or action not in legal:
            raise IllegalAction(self.is_legal(seat, action) or f"{describe(action)} is not legal now")
        start = len(self.events)
        self.log.append((seat, action))  # (a new step: the kept legal list is stale)
        if self.phase == "claim":
            self._respond(seat, action)
        else:
            self._turn(seat, action)
        return self.events[start:]

    @classmethod
    def replay(
        cls,
        ruleset: Ruleset,
        seed: str,
        actions: Iterable[tuple[int, Action]],
        *,
        dealer: int = 0,
        streak: int | None = None,
        hand_no: int = 1,
        dealer_dice: tuple[int, ...] = (),
        round_wind: int = 0,
    ) -> Hand:
        hand = cls(ruleset, seed, dealer=dealer, streak=streak, hand_no=hand_no, dealer_dice=dealer_dice,
                   round_wind=round_wind)
        for seat, action in actions:
            hand.apply(seat, action)
        return hand

    def __deepcopy__(self, memo: dict[int, object]) -> Hand:
        """An independent copy at the same point: the hand replayed from its log (it is deterministic
        from it), sharing the ruleset, which keeps no per-hand state. (Compiled with mypyc, a hand
        cannot be rebuilt attribute by attribute as ``copy`` otherwise would.)"""
        twin = Hand.replay(self.ruleset, self.seed, list(self.log), dealer=self.dealer, streak=self.streak,
                           hand_no=self.hand_no, dealer_dice=self.dealer_dice, round_wind=self.round_wind)
        memo[id(self)] = twin
        return twin

    # --- internals: dealing and drawing -------------------------------------------------
    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _deal(self) -> None:
        n = self.ruleset.seats
        order = [(self.dealer + i) % n for i in range(n)]
        hands: list[list[int]] = [[] for _ in range(n)]
        wall = self.wall
        head = self.head
        for _ in range(3):  # 4-4-4
            for s in order:
                hands[s].extend(wall[head : head + 4])
                head += 4
        for s in order:  # then one each, the dealer a second (跳庄)
            hands[s].append(wall[head])
            head += 1
        hands[self.dealer].append(wall[head])
        self.head = head + 1
        for s in order:
            st = self.seat_state[s]
            for t in hands[s]:
                st.counts[t] += 1
            st.held = sorted(hands[s])
            self._emit(Dealt(seat=s, tiles=tuple(sorted(hands[s])), count=len(hands[s])))
        st = self.seat_state[self.dealer]
        st.drawn = hands[self.dealer][-1]
        # Opening 杠牌 are laid open in turn from the dealer, each with a replacement. Only the
        # dealer's own run counts toward 杠开, since only he goes on to act on his replacement.
        dealer_chain = 0
        for s in order:
            self.kong_chain = 0
            self._expose_forced(s)
            if s == self.dealer:
                dealer_chain = self.kong_chain
        self.kong_chain = dealer_chain
        for s in order[1:]:
            self.seat_state[s].drawn = None
        self.current = self.dealer
        self.phase = "turn"

    def _expose_forced(self, seat: int) -> None:
        st = self.seat_state[seat]
        counts = st.counts
        while True:
            tile = next((t for t in self._forced_kinds if counts[t]), None)
            if tile is None:
                st.kept = False
                return
            if self.wall_left == 0:
                return  # nothing to replace it with: it stays (and the hand cannot win with it)
            if self.ruleset.may_keep_forced(self, seat):
                st.kept = True  # e.g. Anqing: held toward 十三烂, where 杠牌 count as themselves
                return
            self._do_expose(seat, tile)

    def _after_draw(self, seat: int, tile: int, wall_left: int) -> None:
        """Lay open a 杠牌 just drawn, or ones kept so far that may no longer be kept."""
        if (self._forced[tile] or self.seat_state[seat].kept) and wall_left > 0:
            self._expose_forced(seat)

    def _do_expose(self, seat: int, tile: int) -> None:
        st = self.seat_state[seat]
        st.take(tile)
        st.exposed.append(tile)
        self._emit(Exposed(seat=seat, tile=tile))
        self.kong_chain += 1
        self._draw_replacement(seat, chain_forced=True)

    def _draw_replacement(self, seat: int, chain_forced: bool = False) -> None:
        t = self.wall[self.tail]
        st = self.seat_state[seat]
        plain = st.drawn_plain = self.tail == self._plain_at
        if plain:
            st.plain_indicator = True
        self.tail -= 1
        st.add(t)
        st.drawn = t
        st.passed_win = False  # a draw of its own, as from the wall (过水不胡 lasts until the seat's next draw)
        wall_left = self.tail - self.head + 1
        self.events.append(Drew(seat=seat, tile=t, source="replacement", wall_left=wall_left))
        self._after_draw(seat, t, wall_left)

    def _start_turn(self, seat: int) -> None:
        """The seat draws from the wall (or the hand ends when nothing is left)."""
        self.current = seat
        self.after_claim = False
        self.kong_chain = 0
        self.kong_made = False
        self.zhijiao = False
        wall_left = self.tail - self.head + 1  # (the property, inlined on the hottest path)
        if wall_left <= 0 or (self._may_exhaust and self.ruleset.wall_exhausted(self)):
            self._end_draw()
            return
        haidi = wall_left <= self._haidi_tiles
        t = self.wall[self.head]
        st = self.seat_state[seat]
        plain = st.drawn_plain = self.head == self._plain_at
        if plain:
            st.plain_indicator = True
        self.head += 1
        wall_left -= 1
        st.counts[t] += 1  # (st.add, inlined)
        insort(st.held, t)
        st.drawn = t
        st.draws += 1
        st.passed_win = False
        self.events.append(Drew(seat=seat, tile=t, source="haidi" if haidi else "wall", wall_left=wall_left))
        self.phase = "haidi" if haidi else "turn"
        if (self._forced[t] or st.kept) and wall_left > 0:  # _after_draw, inlined
            self._expose_forced(seat)

    def _end_draw(self) -> None:
        self._finish(self.ruleset.draw_settlement(self), draw=True)

    def _finish(self, settlement: Settlement, *, draw: bool) -> None:
        self.phase = "over"
        self.claim = None
        self.settlement = settlement
        self.outcome = HandOutcome(winners=tuple(settlement.winners), draw=draw)
        self._emit(
            HandEnded(
                draw=draw,
                settlement=settlement,
                hands=tuple(tuple(st.tiles()) for st in self.seat_state),
                concealed_kongs=tuple(
                    tuple(m.tiles for m in st.melds if m.kind == "kong_concealed") for st in self.seat_state
                ),
                seed=self.seed,
            )
        )

    # --- internals: the turn ------------------------------------------------------------
    def _turn_actions(self, seat: int) -> list[Action]:
        st = self.seat_state[seat]
        out: list[Action] = []
        if self.self_draw_win(seat) is not None:
            out.append(Win())
        if self.phase == "haidi":
            if not (out and self.ruleset.flags.haidi_win_forced):
                out.append(Pass())  # 海捞: draw and do not discard
            return out
        # After a 直叫 wild kong the replacement may be won whatever it is ("补任意张可胡牌"): the win
        # is offered with the ordinary turn, so the player may also play on.
        options = self.ruleset.turn_options(self, seat)
        out.extend(options)
        if not out:  # defensive: a seat to act always has something legal
            out.extend(Discard(tile=t) for t in range(len(st.counts)) if st.counts[t])
        return out

    def self_draw_win(self, seat: int) -> Settlement | None:
        """The settlement if ``seat`` may declare a self-drawn win now, else None (cached per step)."""
        # The cheap refusals first: they hold for the whole step, and only a hand that passes
        # them is ever scored (and cached), so the cache is looked at only then.
        st = self.seat_state[seat]
        if self.after_claim or st.drawn is None:
            return None  # a chi/peng turn is no draw: there is nothing to win on
        if not self.zhijiao and not self.ruleset.quick_win_possible(self, seat, st.counts):
            return None
        key = (seat, len(self.log))
        if key in self._win_cache:
            s = self._win_cache[key]
            return s if s.valid else None
        s = self.ruleset.self_draw_settlement(self, seat)
        self._win_cache[key] = s
        return s if s.valid else None

    def _turn(self, seat: int, action: Action) -> None:
        kind = type(action)
        if kind is Discard or kind is Declare:  # first: nearly every turn ends so
            self._discard(seat, action.tile, declared=kind is Declare)  # type: ignore[union-attr]
            return
        st = self.seat_state[seat]
        # (isinstance tests, not a match statement: mypyc, which compiles this module, cannot
        # compile class patterns on msgspec structs)
        if isinstance(action, Win):
            settlement = self.self_draw_win(seat)
            assert settlement is not None
            self._emit(Won(seat=seat, tile=st.drawn if st.drawn is not None else -1, self_draw=True))
            self._finish(settlement, draw=False)
        elif isinstance(action, Pass):  # 海捞区: no discard, the next seat draws
            st.drawn = None
            self._emit(Passed(seat=seat))
            self._start_turn(self._next_seat[seat])
        elif isinstance(action, Kong) and action.kind == "concealed":
            tiles = action.tiles
            for t in tiles:
                st.take(t)
            if st.plain_indicator and self.info.indicator in tiles:
                st.plain_indicator = False  # (not in baida, where the indicator's kind never kongs)
            st.melds.append(Meld(kind="kong_concealed", tiles=tiles))
            self._emit(ConcealedKong(seat=seat, tiles=tiles))
            self._after_kong(seat)
        elif isinstance(action, Kong) and action.kind == "added" and len(action.tiles) == 1:
            tile = action.tiles[0]
            v = self.ruleset.logical(self, tile)
            for i, m in enumerate(st.melds):
                if m.kind == "peng" and self.ruleset.logical(self, m.tiles[0]) == v:
                    st.melds[i] = Meld(kind="kong_added", tiles=(*m.tiles, tile), from_seat=m.from_seat,
                                       called=m.called)
                    break
            st.take(tile)
            self._emit(AddedKong(seat=seat, tile=tile))
            if not self._offer_rob(seat, tile):
                self._after_kong(seat)
        elif isinstance(action, WildKong):
            wild = self.info.wild
            assert wild is not None
            st.take(wild, 2)
            st.melds.append(Meld(kind="wildkong", tiles=(wild, wild)))
            self._emit(WildKonged(seat=seat, tiles=(wild, wild)))
            self._after_kong(seat)
            self.zhijiao = True
        elif isinstance(action, Expose):
            self.after_claim = False
            self._do_expose(seat, action.tile)
        else:
            raise IllegalAction(f"{describe(action)} cannot be taken on a turn")

    def _offer_rob(self, seat: int, tile: int) -> bool:
        """抢杠 (where the ruleset has it): the other seats that may win on the 加杠's tile are asked
        first, as on a discard; the replacement is drawn only once they all pass. True: a window opened."""
        if not self.ruleset.flags.rob_kong:
            return False
        self.robbing = True
        options: dict[int, list[Action]] = {s: [Pass(), Win()] for s in self.ruleset._others[seat]
                   if self.ruleset.can_win_on_discard(self, s, tile, seat)}
        if not options:
            self.robbing = False
            return False
        self.claim = ClaimWindow(tile=tile, discarder=seat, options=options, robbing=True)
        self.phase = "claim"
        return True

    def _robbed(self, window: ClaimWindow, winners: list[int]) -> None:
        """The 加杠 is robbed: its meld goes back to the peng it was, and the tile to the (first) winner."""
        st = self.seat_state[window.discarder]
        for i, m in enumerate(st.melds):
            if m.kind == "kong_added" and m.tiles[-1] == window.tile:
                st.melds[i] = Meld(kind="peng", tiles=m.tiles[:3], from_seat=m.from_seat, called=m.called)
                break
        self.seat_state[winners[0]].add(window.tile)

    def _after_kong(self, seat: int) -> None:
        self.after_claim = False
        self.kong_chain += 1
        self.kong_made = True
        self._draw_replacement(seat)

    def _discard(self, seat: int, tile: int, *, declared: bool) -> None:
        st = self.seat_state[seat]
        st.counts[tile] -= 1  # (st.take, inlined)
        st.held.remove(tile)
        thrown_plain = st.plain_indicator and tile == self.info.indicator
        if thrown_plain:
            # One discard per kind: the plain indicator tile goes first, as a 百搭 of its kind can
            # stand for anything the plain tile can (docs/rules/baida.md).
            st.plain_indicator = False
        tsumogiri = st.drawn == tile
        st.drawn = None
        if declared:
            st.declared = True
        if self._wild[tile] and not thrown_plain:
            st.discarded_wild = True
        st.river.append(RiverTile(tile=tile, declared=declared))
        self.discards_made += 1
        self.kong_chain = 0
        self.kong_made = False
        self.zhijiao = False
        self.after_claim = False
        self.events.append(Discarded(seat=seat, tile=tile, declared=declared, tsumogiri=tsumogiri))
        options = self.ruleset.claim_window(self, tile, seat)
        if options:
            self.claim = ClaimWindow(tile=tile, discarder=seat, options=options)
            self.phase = "claim"
        else:
            self._start_turn(self._next_seat[seat])

    # --- internals: the claim window ----------------------------------------------------
    def _respond(self, seat: int, action: Action) -> None:
        window = self.claim
        assert window is not None
        # A pass in a claim window is not announced: it would tell the table who had a choice.
        window.responses[seat] = action
        if type(action) is Pass and _WIN in window.options[seat]:
            self.seat_state[seat].passed_win = True  # (过水不胡, where a ruleset has it)
        if len(window.responses) < len(window.options):  # (responses only come from seats with options)
            return
        self._resolve(window)

    def _resolve(self, window: ClaimWindow) -> None:
        n = self.ruleset.seats
        responses = window.responses
        self.claim = None
        if all(type(a) is Pass for a in responses.values()):  # the usual answer: nobody claims
            ranked: list[int] = []
        else:
            order = [(window.discarder + i) % n for i in range(1, n)]  # ties go by seat order from the discarder
            ranked = sorted(
                (s for s in order if s in responses and not isinstance(responses[s], Pass)),
                key=lambda s: (-CLAIM_PRIORITY[_kind(responses[s])], order.index(s)),
            )
        if not ranked:
            if window.robbing:  # nobody robs the kong: it stands, and its owner draws the replacement
                self.robbing = False
                self.current = window.discarder
                self.phase = "turn"
                self._after_kong(window.discarder)
                return
            self._start_turn((window.discarder + 1) % n)
            return
        best = ranked[0]
        action = window.responses[best]
        if isinstance(action, Win):
            winners = [s for s in ranked if isinstance(window.responses[s], Win)]
            if not self.ruleset.flags.multiple_winners:
                winners = winners[:1]
            settlement = self.ruleset.discard_settlement(self, winners, window.tile, window.discarder)
            if window.robbing:
                self._robbed(window, winners)
            for w in winners:
                self._emit(Won(seat=w, tile=window.tile, self_draw=False, from_seat=window.discarder))
            self._finish(settlement, draw=False)
            return
        self._take_claim(best, action, window)

    def _take_claim(self, seat: int, action: Action, window: ClaimWindow) -> None:
        st = self.seat_state[seat]
        discarder_river = self.seat_state[window.discarder].river
        last = discarder_river[-1]
        discarder_river[-1] = RiverTile(tile=last.tile, claimed=True, declared=last.declared)
        assert isinstance(action, Chi | Peng | Kong)
        for t in action.tiles:
            st.take(t)
        if st.plain_indicator and self.info.indicator in action.tiles:
            st.plain_indicator = False  # a chi with the indicator's kind takes the plain tile: a 百搭 never melds
        tiles = tuple(sorted((*action.tiles, window.tile), key=lambda t: self.ruleset.logical(self, t)))
        kind: Literal["chi", "peng", "kong"] = _CLAIM_KIND[type(action)]
        self.claims_made = True
        self.kou[window.discarder][seat] += 1
        if kind == "chi":
            self.kou_all_pung[window.discarder][seat] = False
        meld_kind: MeldKind = _MELD_KIND[kind]
        st.melds.append(Meld(kind=meld_kind, tiles=tiles, from_seat=window.discarder, called=window.tile))
        self._emit(Claimed(seat=seat, kind=kind, tile=window.tile, tiles=tiles, from_seat=window.discarder))
        self.current = seat
        self.phase = "turn"
        self.kong_chain = 0
        self.zhijiao = False
        if kind == "kong":
            self.after_claim = False
            self.kong_chain = 1
            self.kong_made = True
            self._draw_replacement(seat)
        else:
            self.after_claim = True
            st.drawn = None

    # --- the hand as a whole ----------------------------------------------------------
    def tile_census(self) -> dict[int, int]:
        """Every physical tile, wherever it is (wall, hands, melds, rivers, exposures): for conservation checks."""
        census: dict[int, int] = {}

        def add(t: int) -> None:
            census[t] = census.get(t, 0) + 1

        for t in self.wall[self.head : self.tail + 1]:
            add(t)
        for st in self.seat_state:
            for t in st.tiles():
                add(t)
            for m in st.melds:  # a claimed tile lives in its meld; the river only marks it
                for t in m.tiles:
                    add(t)
            for t in st.exposed:
                add(t)
            for r in st.river:
                if not r.claimed:
                    add(r.tile)
        return census


def _kind(action: Action) -> str:
    if isinstance(action, Win):
        return "win"
    if isinstance(action, Kong):
        return "kong"
    if isinstance(action, Peng):
        return "peng"
    return "chi"
