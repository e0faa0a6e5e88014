"""Own-hand expectimax: the expected final value of this seat's hand over the draws it will get.

The idea is nekobean's (mahjong-cpp, 期待値計算) for Japanese mahjong, on this project's rulesets. For a
3n+1 part (the concealed tiles after a discard, the seat's melds beside it) and ``t`` own draws still
to come, ``W(part, t)`` is the expected gain:

* a **ready** part (effective shanten 0) wins each round at the strong bot's rate (its own draw of a
  live winning tile, and where discards win for it the other seats' discards of one), each win scored
  by the ruleset's own scoring (``_Strong.ready_rate``: the valuer, memoized for the hand), so
  ``W = (1 - (1 - rate)^t) × value``;
* a part ``e`` steps away (``1 <= e <= max_eff``): each draw kind ``d`` comes with chance
  ``unseen[d] / pool``; a draw among the kinds that bring the part nearer (``_Strong.speed_kinds``: the
  C ``shanten_draws``, or Hefei's draws toward eight in a suit) is followed by the best of the discards
  that leave the part nearer (max over their ``W(child, t - 1)``); any other draw is "no progress",
  thrown again, the part unchanged: ``W(part, t) = Σ_d p_d max_x W(part + d − x, t − 1) + (1 − Σ_d p_d)
  W(part, t − 1)``;
* further parts (``e > max_eff``) and parts past the node budget: the strong bot's own estimate
  (``_Strong.ev_far``: a chain of draws at the rate of the useful tiles times a typical win).

Each part's values for every ``t`` up to the horizon are one vector, computed once per decision
(memoized by the sorted tiles), so a search of depth ``e`` costs one visit per distinct part reached.
Everything read is the view (the unseen counts, the seat's own tiles and melds): the search sees no
hidden tile and uses no randomness.
"""

from __future__ import annotations

from majiang.bots.strong import _Strong
from majiang.bots.valuation import ExtraMeld

GAP_DRAWS = True  # mode B: where the gap binds, every draw is tried (see _node)


class OwnHand:
    """One decision's search over the seat's own future draws."""

    def __init__(self, ctx: _Strong, horizon: int, max_eff: int = 2, max_nodes: int = 4000,
                 declared: bool | None = None, survive: float = 1.0, extra: ExtraMeld | None = None) -> None:
        self.ctx = ctx
        self.horizon = max(1, horizon)
        self.max_eff = max_eff
        self.max_nodes = max_nodes
        self.nodes = 0
        # A future ready part (after this decision) is valued as the strong bot values it: in Hefei as
        # declared (a 报听 room declares when ready; in 不报听 the flag changes nothing).
        self.declared = declared
        self.survive = survive  # the chance a round passes without another seat ending the hand
        # a claim being weighed: its meld beside the part (the scoring reads it: a lost 门清 shows)
        self.extra = extra
        self.unseen = ctx.unseen
        self.goal_draws = ctx.mode_b and GAP_DRAWS
        self.pool = float(ctx.pool)
        self._memo: dict[tuple[int, ...], list[float]] = {}
        self.base: dict[int, int] = {}  # the seat's own concealed tiles now, by kind
        for t in ctx.hand:
            self.base[t] = self.base.get(t, 0) + 1

    def value(self, part: list[int], declared: bool | None = None) -> list[float]:
        """``W(part, t)`` for ``t`` = 0 … horizon."""
        return self._node(tuple(sorted(part)), declared if declared is not None else self.declared)

    def _node(self, part: tuple[int, ...], declared: bool | None) -> list[float]:
        memo_key = part if declared is self.declared else (*part, -1 if declared else -2)
        hit = self._memo.get(memo_key)
        if hit is not None:
            return hit
        ctx = self.ctx
        rest = list(part)
        key, jokers, eff = ctx.part(rest)
        horizon = self.horizon
        s = self.survive
        out = [0.0] * (horizon + 1)
        if eff == 0:
            rate, val = ctx.ready_rate(rest, declared, self.extra)
            if rate > 0:
                miss = 1.0
                reach = 1.0
                acc = 0.0
                for t in range(1, horizon + 1):
                    # win in round t: reached (s^(t-1)), missed before, hit now
                    acc += reach * miss * rate
                    miss *= 1 - rate
                    reach *= s
                    out[t] = acc * val
        elif eff > self.max_eff or self.nodes >= self.max_nodes or eff >= 90:
            useful = ctx.speed(key, jokers)
            closed = ctx.closed
            for t in range(1, horizon + 1):
                out[t] = ctx.ev_far(eff, useful, t, closed)
        else:
            self.nodes += 1
            unseen = self.unseen
            pool = self.pool
            moves: list[tuple[float, list[float]]] = []
            stay = 1.0
            kinds: tuple[int, ...] | range = ctx.speed_kinds(key, jokers)
            if self.goal_draws and eff > ctx.memo.shanten(key, jokers):
                # Anqing mode B with the 打缺 gap binding: any draw brings the part nearer when a tile of
                # the suit to shed goes (the discard check below tells which do)
                kinds = range(min(34, len(unseen)))
            base = self.base
            for d in kinds:
                n = unseen[d] if d < len(unseen) else 0
                if n > 0:
                    # copies this path has drawn already are no longer unseen
                    n -= max(0, part.count(d) - base.get(d, 0))
                if n <= 0:
                    continue
                grown = sorted((*part, d))
                parts = ctx.discard_parts(grown)
                best: list[float] | None = None
                for x, (_, _, e2) in parts.items():
                    if e2 >= eff:
                        continue
                    child = list(grown)
                    child.remove(x)
                    vec = self._node(tuple(child), self.declared)
                    if best is None:
                        best = list(vec)
                    else:
                        for t in range(horizon + 1):
                            if vec[t] > best[t]:
                                best[t] = vec[t]
                if best is None:
                    continue  # no progress: the draw is thrown again
                p = n / pool
                stay -= p
                moves.append((p, best))
            for t in range(1, horizon + 1):
                acc = stay * out[t - 1]
                for p, vec in moves:
                    acc += p * vec[t - 1]
                out[t] = s * acc
        self._memo[memo_key] = out
        return out

