"""The greedy bot: one-step lookahead on shanten and on the unseen tiles that would lower it.

* Always takes a win; takes 直叫 (its replacement wins whatever it is) and lays 杠牌 open.
* Discards to the lowest shanten; at equal shanten, keeps the most unseen tiles that would
  lower it (counted from its own view); then throws lone honors and terminals first.
  Never throws a wild while anything else can go.
* Claims chi/peng/kong only when that lowers shanten, or keeps it and widens those draws.
* Takes a kong on its turn when it does not raise shanten (kongs score in both rulesets).
* Declares 报听 when a discard leaves it ready in a 报听 room.
* Rule-shaped goals: Anqing mode B (打缺) wins need a suit missing, Hefei wins need 8 tiles of
  one suit; the tiles still to shed (or to gather) count as draws still needed.

It makes the same choices as ``greedy_v1`` (its first version), with less work:

* a part's shanten and the kinds of tile that would lower it depend on the part alone, not on
  the unseen counts: the bot remembers them (:class:`majiang.bots.analysis.PartMemo`) across its
  decisions, so the 13 tiles it holds between turns are analysed once, not at every claim window;
* the useful draws of a discard are counted only when its shanten ties for the best — the
  draws only break ties between equal shantens, so the others can never be chosen.

It reads only the :class:`SeatView` and is deterministic: ties break on tile order, so the
seed is accepted for the common interface but changes nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from majiang.bots.analysis import PartMemo, Reader, count_in
from majiang.bots.valuation import ExtraMeld, WinValuer
from majiang.core.actions import Action, Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.view import SeatView, unseen_counts
from majiang.hand.shanten import discard_shantens
from majiang.rules.registry import entry

Score = tuple[int, int]  # (effective shanten, -useful draws): lower is better


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.memo = PartMemo()
        self.valuer = WinValuer()  # (国标 only: whether a ready part reaches the 8-fan minimum)

    def choose(self, view: SeatView) -> Action:
        return decide(view, lambda: GreedyContext(view, self.memo, self.valuer))


def decide(view: SeatView, context: Callable[[], GreedyContext]) -> Action:
    """The decision both greedy and strong make: the only action, a win, an exposure or a winnable
    直叫 at once; otherwise the claim or turn choice of ``context()`` (built only when needed)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has no legal action to choose from")
    if len(legal) == 1:
        return legal[0]
    for a in legal:
        if isinstance(a, Win):
            return a
    ctx = context()
    for a in legal:
        if isinstance(a, Expose) or (isinstance(a, WildKong) and ctx.zhijiao_can_win()):
            return a
    if view.claim is not None:
        return ctx.claim(legal)
    return ctx.turn(legal)


class GreedyContext:
    """One decision's reading of the view (shared with the strong bot)."""

    def __init__(self, view: SeatView, memo: PartMemo, valuer: WinValuer | None = None) -> None:
        self.view = view
        self.reader = Reader(view)
        self.memo = memo.table(self.reader)
        self._unseen: list[int] | None = None
        self._unseen_bytes: int | None = None  # unseen, a byte per kind (count_in)
        self.hand = list(view.hand)
        me = view.seats[view.seat] if view.seat is not None and view.seats else None
        self.meld_tiles: list[int] = [t for m in me.melds for t in m.tiles] if me else []
        family = entry(view.ruleset).bot.family  # the way of play the ruleset is tuned as
        self.mode_b = family == "anqing" and view.options.get("mode") == "B"
        self.need_eight = family == "hefei"
        self._meld_suits: list[int] | None = None
        # 国标: a ready part none of whose waits reaches the minimum (8 fans, flowers not counted) is no
        # nearer a win than one step away, and a claim is taken only when it leaves a hand that can win.
        self.min_fans = family == "guobiao"
        self._valuer = valuer
        self._bound = False
        self.extra: ExtraMeld | None = None  # the meld of a claim being weighed (its part is read with it)

    @property
    def unseen(self) -> list[int]:
        if self._unseen is None:
            self._unseen = unseen_counts(self.view)
        return self._unseen

    def zhijiao_can_win(self) -> bool:
        """直叫 only pays when its win will count: not in mode B while all three suits are held."""
        natural, _ = self.reader.split(self.hand)
        return not (self.mode_b and self._goal_gap(natural) > 0)

    # --- evaluating a concealed part -------------------------------------------------------
    def part(self, concealed: list[int]) -> tuple[tuple[int, ...], int, int]:
        """(natural counts, jokers, effective shanten) of a 3n+1 concealed part."""
        natural, jokers = self.reader.split(concealed)
        key = tuple(natural)
        sh = self.memo.shanten(key, jokers)
        eff = max(sh, self._goal_gap(natural) - 1)
        if eff == 0 and self.min_fans and not self.reaches_minimum(concealed):
            eff = 1
        return key, jokers, eff

    def reaches_minimum(self, part: list[int]) -> bool:
        """国标: whether some wait of the ready 3n+1 ``part`` wins with at least the minimum fans, drawn
        or on a discard (the ruleset's own scoring, through the win valuer)."""
        if self._valuer is None:
            self._valuer = WinValuer()
        if not self._bound:
            self._valuer.bind(self.view)
            self._bound = True
        valuer = self._valuer
        extra = self.extra
        return any(valuer.value(part, w, False, extra=extra) > 0 or valuer.value(part, w, True, extra=extra) > 0
                   for w in self.reader.waits(part))

    def useful(self, key: tuple[int, ...], jokers: int) -> int:
        """Unseen tiles of the kinds whose draw would lower the part's shanten. Greedy's unseen counts
        the 34 kinds (a flower 百搭 of baida is one tile, not counted); a subclass may count flowers
        after them, and a flower wild always helps."""
        unseen = self.unseen
        if self._unseen_bytes is None:
            self._unseen_bytes = int.from_bytes(bytes(unseen[:34]), "little")
        n = count_in(self.memo.useful_mask(key, jokers), self._unseen_bytes)
        for t in self.reader.masks.tail:
            if t < len(unseen):
                n += unseen[t]
        return n

    def score(self, concealed: list[int]) -> Score:
        """A 3n+1 concealed part (plus this seat's melds): how far from a win, and how many ways closer."""
        key, jokers, eff = self.part(concealed)
        return eff, -self.useful(key, jokers)

    def _goal_gap(self, natural: list[int] | tuple[int, ...]) -> int:
        if not (self.mode_b or self.need_eight):
            return 0
        return self._gap([sum(natural[0:9]), sum(natural[9:18]), sum(natural[18:27])])

    def _gap(self, held: list[int]) -> int:
        """The goal gap (see the module docstring) from the natural tiles held in each suit."""
        if self._meld_suits is None:
            self._meld_suits = [0, 0, 0]
            for t in self.meld_tiles:
                v = self.reader.plays_as(t)
                if v is not None and v < 27:
                    self._meld_suits[v // 9] += 1
        m = self._meld_suits
        suits = [held[0] + m[0], held[1] + m[1], held[2] + m[2]]
        if self.mode_b:  # every tile of the smallest held suit must go
            return min(suits) if all(suits) else 0
        return max(0, 8 - max(suits))  # Hefei: tiles still to gather in the longest suit

    def discard_parts(self, concealed: list[int]) -> dict[int, tuple[tuple[int, ...], int, int]]:
        """For each distinct tile of a 3n+2 part: what throwing it leaves (see :meth:`part`)."""
        effs, natural, jokers = self._discard_effs(concealed)
        return {t: (*self._left(natural, jokers, t), eff) for t, eff in effs.items()}

    def _discard_effs(self, concealed: list[int]) -> tuple[dict[int, int], list[int], int]:
        """The effective shanten each distinct tile's discard leaves, ascending by tile, and the part's
        (natural counts, jokers). Incremental: the part is read once; with the accelerator one C call
        gives every discard's shanten."""
        natural, jokers = self.reader.split(concealed)
        as_natural = self.reader.as_natural
        table = self.memo
        # every discard's shanten in one C call (when every tile counts: 3n+2 with wilds)
        after = (discard_shantens(natural, jokers, table.seven_pairs, table.tileset)
                 if table.accelerated and (sum(natural) + jokers) % 3 == 2 else None)
        goal = self.mode_b or self.need_eight
        if goal:  # the gap after a discard: one less in the suit of a suited tile, else unchanged
            held = [sum(natural[0:9]), sum(natural[9:18]), sum(natural[18:27])]
            gaps = [self._gap([h - (s == i) for i, h in enumerate(held)]) - 1 for s in range(3)]
            gaps.append(self._gap(held) - 1)
        effs = {}
        for t in sorted(set(concealed)):
            v = as_natural[t]
            # (after[-1]: a wild thrown; a flower that is no wild is not in the C call's part)
            eff = table.shanten(*self._left(natural, jokers, t)) if after is None or v >= 34 else after[v]
            if eff is None:  # (the C call has no answer for a kind not held: never so for t)
                eff = table.shanten(*self._left(natural, jokers, t))
            if goal:
                gap = gaps[v // 9 if 0 <= v < 27 else 3]
                if gap > eff:
                    eff = gap
            if eff == 0 and self.min_fans and not self.reaches_minimum(_without_one(concealed, t)):
                eff = 1
            effs[t] = eff
        return effs, natural, jokers

    def _left(self, natural: list[int], jokers: int, t: int) -> tuple[tuple[int, ...], int]:
        """(natural counts, jokers) of the part (natural, jokers) less one physical ``t``."""
        v = self.reader.as_natural[t]
        if v < 0:  # a wild
            return tuple(natural), jokers - 1
        if v >= 34:  # a flower that is no wild is in no set: the part reads the same without it
            return tuple(natural), jokers
        natural[v] -= 1
        key = tuple(natural)
        natural[v] += 1
        return key, jokers

    def best_discard(self, concealed: list[int], options: Sequence[Discard | Declare], *,
                     need_draws: bool = True) -> tuple[Score, Discard | Declare]:
        """The best of ``options`` (discards or declares) and the score of what it leaves.
        ``need_draws=False``: the caller reads only the shanten, so a lone nearest tile is not weighed
        (its useful draws, the costly part, would change nothing; the score then says 0 draws)."""
        effs, natural, jokers = self._discard_effs(concealed)
        offered = {a.tile for a in options}
        low = min(effs[t] for t in offered)
        if not need_draws:
            nearest = [t for t in offered if effs[t] == low]
            if len(nearest) == 1:
                only = [a for a in options if a.tile == nearest[0]]
                # a Declare is preferred to the plain discard of the same tile, as below
                return (low, 0), next((a for a in only if isinstance(a, Declare)), only[0])
        best: tuple[tuple[Score, int, int, int], Discard | Declare] | None = None
        keys: dict[int, tuple[Score, int, int]] = {}
        wild = self.reader.wild
        for a in options:
            t = a.tile
            if effs[t] > low:
                continue  # the draws only break ties between equal shantens
            k = keys.get(t)
            if k is None:
                keeps_wild = 1 if t == wild else 0  # a wild goes last
                k = keys[t] = ((low, -self.useful(*self._left(natural, jokers, t))), keeps_wild,
                               _keep_value(t, concealed))
            # A Declare is the same discard, preferred when offered: 报听 opens discard wins.
            rank = (*k, 0 if isinstance(a, Declare) else 1)
            if best is None or rank < best[0]:
                best = (rank, a)
        assert best is not None
        return best[0][0], best[1]

    # --- decisions -------------------------------------------------------------------------
    def turn(self, legal: list[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard | Declare)]
        if not discards:  # 海捞 pass, or only kongs
            kongs = [a for a in legal if isinstance(a, Kong)]
            return kongs[0] if kongs else legal[0]
        best_score, best = self.best_discard(self.hand, discards, need_draws=False)
        for a in legal:
            if isinstance(a, Kong):
                rest = list(self.hand)
                for t in a.tiles:
                    rest.remove(t)
                # After a concealed kong the part is 3n+1 again; an added kong leaves 3n+1 too.
                if self.part(rest)[2] <= best_score[0]:
                    return a
        return best

    def claim(self, legal: list[Action]) -> Action:
        """The claim whose part (after its best discard) scores lowest, if lower than passing; the first
        in legal order on a tie. Shantens are compared first; useful draws are counted only where
        they are needed to break a tie (they cost most)."""
        view = self.view
        assert view.claim is not None
        passing: Action = next((a for a in legal if isinstance(a, Pass)), legal[0])
        claims: list[tuple[int, Action, list[int]]] = []
        for a in legal:
            if not isinstance(a, Chi | Peng | Kong):
                continue
            rest = list(self.hand)
            for t in a.tiles:
                rest.remove(t)
            if self.min_fans:
                self.extra = claimed_meld(a, view.claim.tile, view.claim.discarder)
            # a kong's replacement comes next (3n+1 as it stands); a chi or peng discards first
            eff = self.part(rest)[2] if isinstance(a, Kong) else min(self._discard_effs(rest)[0].values())
            self.extra = None
            claims.append((eff, a, rest))
        if not claims:
            return passing
        low = min(c[0] for c in claims)
        if self.min_fans and low > 0:
            return passing  # 国标: opening the hand costs 门前清 / 不求人; only for a hand that can then win
        current_key, current_jokers, current_eff = self.part(self.hand)
        if low > current_eff:
            return passing
        nearest = [c for c in claims if c[0] == low]
        if low < current_eff and len(nearest) == 1:
            return nearest[0][1]  # nearer than passing, and no other claim to weigh it against
        best: Score = (current_eff, -self.useful(current_key, current_jokers)) if low == current_eff else (low, 1)
        choice = passing
        for eff, a, rest in nearest:
            if isinstance(a, Kong):
                key, jokers, _ = self.part(rest)
                after = (eff, -self.useful(key, jokers))
            else:
                after = self.best_discard(rest, [Discard(tile=t) for t in sorted(set(rest))])[0]
            if after < best:
                best, choice = after, a
        return choice


def claimed_meld(a: Chi | Peng | Kong, tile: int, discarder: int) -> ExtraMeld:
    """The meld a claim of ``tile`` would make, as the win valuer reads it."""
    kind = "chi" if isinstance(a, Chi) else "peng" if isinstance(a, Peng) else "kong_exposed"
    return kind, tuple(sorted((*a.tiles, tile))), discarder


def _without_one(tiles: list[int], t: int) -> list[int]:
    rest = list(tiles)
    rest.remove(t)
    return rest


def _keep_value(t: int, concealed: list[int]) -> int:
    """Tie-break among equal discards: lower goes first (lone honors, then terminals, then the rest)."""
    if t >= 27:
        return 0 if concealed.count(t) == 1 else 3
    r = t % 9
    return 1 if r in (0, 8) else 2
