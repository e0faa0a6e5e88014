"""The greedy bot as it was before its speed-up (kept as ``greedy_v1`` so the arena can compare the
faster ``greedy`` with it). One-step lookahead on shanten and on the unseen tiles that would lower it.

* Always takes a win; takes 直叫 (its replacement wins whatever it is) and lays 杠牌 open.
* Discards to the lowest shanten; at equal shanten, keeps the most unseen tiles that would
  lower it (counted from its own view); then throws lone honors and terminals first.
  Never throws a wild while anything else can go.
* Claims chi/peng/kong only when that lowers shanten, or keeps it and widens those draws.
* Takes a kong on its turn when it does not raise shanten (kongs score in both rulesets).
* Declares 报听 when a discard leaves it ready in a 报听 room.
* Rule-shaped goals: Anqing mode B (打缺) wins need a suit missing, Hefei wins need 8 tiles of
  one suit; the tiles still to shed (or to gather) count as draws still needed.

It reads only the :class:`SeatView` and is deterministic: ties break on tile order, so the
seed is accepted for the common interface but changes nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from majiang.bots.analysis import Reader
from majiang.core.actions import Action, Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.view import SeatView, unseen_counts
from majiang.rules.registry import entry

Score = tuple[int, int]  # (effective shanten, -useful draws): lower is better


class GreedyBotV1:
    name = "greedy_v1"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        for a in legal:
            if isinstance(a, Win):
                return a
        ctx = _Context(view)
        for a in legal:
            if isinstance(a, Expose) or (isinstance(a, WildKong) and ctx.zhijiao_can_win()):
                return a
        if view.claim is not None:
            return ctx.claim(legal)
        return ctx.turn(legal)


class _Context:
    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.reader = Reader(view)
        self.unseen = unseen_counts(view)
        self.hand = list(view.hand)
        me = view.seats[view.seat] if view.seat is not None else None
        self.meld_tiles: list[int] = [t for m in me.melds for t in m.tiles] if me else []
        family = entry(view.ruleset).bot.family  # the way of play the ruleset is tuned as
        self.mode_b = family == "anqing" and view.options.get("mode") == "B"
        self.need_eight = family == "hefei"

    def zhijiao_can_win(self) -> bool:
        """直叫 only pays when its win will count: not in mode B while all three suits are held."""
        natural, _ = self.reader.split(self.hand)
        return not (self.mode_b and self._goal_gap(natural) > 0)

    # --- evaluating a concealed part -------------------------------------------------------
    def score(self, concealed: list[int]) -> Score:
        """A 3n+1 concealed part (plus this seat's melds): how far from a win, and how many ways closer."""
        natural, jokers = self.reader.split(concealed)
        sh, useful = self.reader.useful_draws(natural, jokers, self.unseen)
        return max(sh, self._goal_gap(natural) - 1), -useful

    def _goal_gap(self, natural: list[int]) -> int:
        if not (self.mode_b or self.need_eight):
            return 0
        suits = [sum(natural[s * 9 : s * 9 + 9]) for s in range(3)]
        for t in self.meld_tiles:
            v = self.reader.plays_as(t)
            if v is not None and v < 27:
                suits[v // 9] += 1
        if self.mode_b:  # every tile of the smallest held suit must go
            return min(suits) if all(suits) else 0
        return max(0, 8 - max(suits))  # Hefei: tiles still to gather in the longest suit

    def best_discard(self, concealed: list[int], options: Sequence[Action]) -> tuple[Score, Action]:
        """The best of ``options`` (discards or declares) and the score of what it leaves."""
        best: tuple[tuple[Score, int, int, int], Action] | None = None
        keys: dict[int, tuple[Score, int, int]] = {}
        for a in options:
            assert isinstance(a, Discard | Declare)
            t = a.tile
            key = keys.get(t)
            if key is None:
                rest = list(concealed)
                rest.remove(t)
                keeps_wild = 1 if t == self.reader.wild else 0  # a wild goes last
                key = keys[t] = (self.score(rest), keeps_wild, _keep_value(t, concealed))
            # A Declare is the same discard, preferred when offered: 报听 opens discard wins.
            rank = (*key, 0 if isinstance(a, Declare) else 1)
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
        best_score, best = self.best_discard(self.hand, discards)
        for a in legal:
            if isinstance(a, Kong):
                rest = list(self.hand)
                for t in a.tiles:
                    rest.remove(t)
                # After a concealed kong the part is 3n+1 again; an added kong leaves 3n+1 too.
                if self.score(rest)[0] <= best_score[0]:
                    return a
        return best

    def claim(self, legal: list[Action]) -> Action:
        view = self.view
        assert view.claim is not None
        current = self.score(self.hand)
        choice: Action = next((a for a in legal if isinstance(a, Pass)), legal[0])
        best = current
        for a in legal:
            if not isinstance(a, Chi | Peng | Kong):
                continue
            rest = list(self.hand)
            for t in a.tiles:
                rest.remove(t)
            if isinstance(a, Kong):
                after = self.score(rest)  # the replacement comes next: 3n+1 as it stands
            else:
                after = self.best_discard(rest, [Discard(tile=t) for t in sorted(set(rest))])[0]
            if after < best and (after[0] < current[0] or after[1] < current[1]):
                best, choice = after, a
        return choice


def _keep_value(t: int, concealed: list[int]) -> int:
    """Tie-break among equal discards: lower goes first (lone honors, then terminals, then the rest)."""
    if t >= 27:
        return 0 if concealed.count(t) == 1 else 3
    r = t % 9
    return 1 if r in (0, 8) else 2
