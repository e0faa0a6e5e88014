"""The hard bot: the strong bot's play, with its discards chosen by an own-hand expectimax.

On a turn with a real choice of discard and a hand at most ``MAX_EFF`` steps from ready, every discard
nearest a win (and, from a ready hand, those one step back) is valued by the expected final value of the
seat's own hand over the draws it will get (majiang.bots.expect: a tree of own draws weighted by the
unseen counts, the best discard after each useful draw, ready parts scored by the ruleset's own scoring;
in Anqing a chance per round that another seat ends the hand). Where discards win (Hefei, baida) the
strong bot's expected loss by dealing in is subtracted and a safer discard taken as the strong bot would.
In an Anqing claim window (``CLAIMS``) each chi / peng / 明杠 is valued by the same search (the hand after
it, the claimed meld beside the part, and its best discard) against passing. Claims elsewhere, kongs on the
turn, 报听 timing beyond the discard, wins and far hands keep the strong bot's choice.

The earlier search, kept for comparison (``SEARCH = "playout"``):

1. asks the strong bot (majiang.bots.strong) for its choice — the *default*;
2. lists a few candidates beside it: on a turn the discards (and kongs) nearest a win by the greedy
   bot's measure, in a claim window every response;
3. draws ``samples`` guesses at the hidden tiles consistent with its view (majiang.bots.world), and
   from each plays every candidate's hand out to the end with a fast policy at every seat
   (majiang.bots.playout), the same guess and the same random generator for every candidate (common
   random numbers: the luck of the guess cancels in the comparison);
4. takes the candidate with the best mean settlement (points, not the chance to win) when it beats the
   default by more than ``MARGIN`` standard errors of the paired difference; else keeps the default.

Deterministic: the random generator of a decision is seeded from the bot's seed and the view with its
seed hash left out, so the same seed and the same view give the same choice, and hidden tiles the view
does not show cannot change it. ``effort`` after a decision says how much searching it took (0 to 1):
the server's think delay follows it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from majiang.bots.analysis import PartMemo, Reader
from majiang.bots.expect import OwnHand
from majiang.bots.greedy import GreedyContext, _keep_value, claimed_meld
from majiang.bots.playout import FastPolicy, play_out
from majiang.bots.seeding import decision_seed
from majiang.bots.strong import StrongBot, _Strong, _without
from majiang.bots.world import Develop, Sample, build_hand, draw_sample, ruleset_of
from majiang.core.actions import Action, Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.hand import Hand, IllegalAction
from majiang.engine.view import SeatView
from majiang.hand import is_win, waits
from majiang.rules.registry import entry

SAMPLES = 16  # guesses per decision; each is played out once per candidate
MAX_CANDIDATES = 4
# The search overrides the strong bot's choice only when its edge is this many standard errors of the
# paired difference: a playout's points vary a lot, and the default is already a good choice.
MARGIN = 2.0
# The other seats' hidden hands are played forward from a random deal (see _developer): a random hand
# is far from ready, so without it the imagined opponents almost never win and defence counts for nothing.
DEVELOP = True
DEFENDED = frozenset({"hefei", "baida", "guobiao"})  # rulesets with discard wins, where the strong bot folds
TIE: float | None = 0.15  # a discard stays a candidate within this share of the strong bot's value
DEVELOP_TURNS = 14
# The opponent model (river_weights): how much less likely a kind is in another seat's concealed hand
# for each copy of it, and of a neighbour one and two ranks away, in that seat's river.
RIVER_SAME = 0.5
RIVER_NEAR = 0.7
RIVER_FAR = 0.85
RIVER_FLOOR = 0.1
MODEL = True
# The search (docs/bots.md, "The hard bot"): "expectimax" over the seat's own draws (majiang.bots.expect),
# or "playout", the flat Monte-Carlo playouts over imagined deals below.
SEARCH = "expectimax"
MAX_EFF = 2  # parts up to this many steps from ready are searched; beyond, the strong bot's choice
MAX_NODES = 3000  # parts expanded a decision (then the strong bot's far estimate): bounds the time
BACK = 0  # discards this many steps further than the nearest are weighed too (向听戻し)
FOLD_MARGIN = 0.25  # as the strong bot's: a safer discard must be worth this much more net of loss
# The chance a round passes without another seat ending the hand, per ruleset family; where given, the
# horizon is the wall's (its draws left), else the strong bot's draws left (capped in Anqing) with no
# such chance. Anqing (every hand won by someone, the winner paid by all): without it the search chased
# value and won less (mode B, 1,000 arena hands: −1.12 ± 1.53 against +1.06 ± 1.42 at 0.9 and 0.85);
# baida (every hand won, quickly): −0.06 ± 0.19 without, +0.09 ± 0.20 at 0.85 (800 hands).
SURVIVE: dict[str, float] = {"anqing": 0.9, "baida": 0.85}
# Claims (chi / peng / 明杠) valued by the same expectimax, per ruleset family: the hand after the claim
# (its meld beside the part, so the scoring sees a lost 门清) and its best discard against passing. A claim
# is taken when it is worth CLAIM_MARGIN more than passing (a share of passing's value).
CLAIMS = frozenset({"anqing"})
CLAIM_MARGIN = 0.0
# Defence (Hefei, baida): the strong bot's expected loss by dealing in times this factor, per table
# ("hefei-baoting", "hefei-bubaoting", "baida"; 1 where not given), and in a 报听 room the danger weighed
# only by a hand nearer than FOLD_BELOW steps from ready (the strong bot's BAOTING_FOLD_BELOW).
LOSS_FACTOR: dict[str, float] = {}
FOLD_BELOW = 2



class HardBot:
    name = "hard"

    def __init__(self, seed: int = 0, *, samples: int = SAMPLES, time_cap: float | None = None) -> None:
        self.seed = seed
        self.samples = samples
        # A safety for a server on a slow machine: stop sampling after this many seconds of CPU (the
        # choice then depends on the machine; None keeps decisions a pure function of seed and view).
        self.time_cap = time_cap
        self.strong = StrongBot(seed)
        self.memo = PartMemo()
        self.effort = 0.0
        self.overrides = 0  # decisions where the search changed the strong bot's choice (for figures)
        self.weighed: dict[Action, float] = {}  # the last expectimax decision's values (for tests)

    def choose(self, view: SeatView) -> Action:
        self.effort = 0.0
        self.weighed = {}
        default = self.strong.choose(view)
        legal = view.legal
        if (len(legal) == 1 or isinstance(default, Win | Expose | WildKong) or view.seat is None
                or (view.claim is not None and view.claim.robbing)):
            return default
        if SEARCH == "expectimax":
            choice = self._claim(view, default) if view.claim is not None else self._own_hand(view, default)
            if choice != default:
                self.overrides += 1
            return choice
        candidates = self._candidates(view, default)
        if len(candidates) < 2:
            return default
        values = self._search(view, candidates)
        if values is None:
            return default
        choice = _pick(candidates, values)
        if choice != default:
            self.overrides += 1
        return choice

    # --- the own-hand expectimax (majiang.bots.expect) -------------------------------------------
    def _race(self, view: SeatView, ctx: _Strong) -> tuple[float, int]:
        """(the chance a round passes without another seat ending the hand, the horizon in own draws)."""
        family = ctx.tuning.family
        # with a chance per round that another seat ends the hand, the wall alone bounds the horizon;
        # else the strong bot's draws left (capped in Anqing)
        s = SURVIVE.get(_table(view, family), SURVIVE.get(family))
        horizon = max(0, view.wall_left // 4) if s is not None else ctx.draws
        return (1.0 if s is None else s), horizon

    def _claim(self, view: SeatView, default: Action) -> Action:
        """A claim window: each chi / peng / 明杠 valued by the expectimax (the hand after the claim and
        its best discard, the claimed meld beside it) against passing (the hand as it stands, drawing
        next). Where the hand is further than ``MAX_EFF`` from ready, the strong bot's choice."""
        claim = view.claim
        assert claim is not None
        ctx = _Strong(view, self.strong)
        if ctx.tuning.family not in CLAIMS:
            return default
        claims = [a for a in view.legal if isinstance(a, Chi | Peng | Kong)]
        passing = next((a for a in view.legal if isinstance(a, Pass)), None)
        if not claims or passing is None:
            return default
        survive, horizon = self._race(view, ctx)
        now_eff = ctx.part(ctx.hand)[2]
        if now_eff > MAX_EFF or horizon <= 0:
            return default
        self.effort = 0.5 + 0.25 * now_eff
        declared = True if ctx.baoting else None
        search = OwnHand(ctx, horizon, MAX_EFF, MAX_NODES, declared=declared, survive=survive)
        base = search.value(list(ctx.hand))[horizon]
        weighed: dict[Action, float] = {passing: base}
        for a in claims:
            rest = list(ctx.hand)
            for t in a.tiles:
                rest.remove(t)
            extra = claimed_meld(a, claim.tile, claim.discarder)
            # the seat as it would stand after the claim: the meld laid open beside its part
            cctx = _Strong(view, self.strong)
            cctx.meld_tiles = [*cctx.meld_tiles, *extra[1]]
            cctx.closed = False
            if isinstance(a, Kong):
                # the replacement is drawn at once: one own draw more before the race's next round
                if cctx.part(rest)[2] > MAX_EFF:
                    continue
                csearch = OwnHand(cctx, horizon + 1, MAX_EFF, MAX_NODES, declared=declared,
                                  survive=survive, extra=extra)
                csearch.base = search.base
                value = csearch.value(rest)[horizon + 1]
            else:
                parts = cctx.discard_parts(rest)
                low = min(e for _, _, e in parts.values())
                if low > min(now_eff, MAX_EFF):
                    continue  # a claim that leaves the hand further from ready
                csearch = OwnHand(cctx, horizon, MAX_EFF, MAX_NODES, declared=declared,
                                  survive=survive, extra=extra)
                csearch.base = search.base
                value = max(csearch.value(_without(rest, t))[horizon]
                            for t, (_, _, e) in parts.items() if e <= low + (1 if low == 0 else 0))
            weighed[a] = value
        self.weighed = weighed
        best = max(weighed, key=lambda a: (round(weighed[a], 6), a == default))
        if best != passing and weighed[best] <= base * (1 + CLAIM_MARGIN) + 1e-9:
            return passing
        return best

    def _own_hand(self, view: SeatView, default: Action) -> Action:
        """The discard whose part has the best expected value over this seat's own future draws (less
        the strong bot's expected loss by dealing in where discards win); claims, kongs and far hands
        keep the strong bot's choice."""
        if view.claim is not None or isinstance(default, Kong):
            return default
        discards = [a for a in view.legal if isinstance(a, Discard | Declare)]
        if not discards:
            return default
        ctx = _Strong(view, self.strong)
        parts = ctx.discard_parts(ctx.hand)
        low = min(parts[a.tile][2] for a in discards)
        survive, horizon = self._race(view, ctx)
        if low > MAX_EFF or horizon <= 0:
            return default
        self.effort = 0.5 + 0.25 * low
        search = OwnHand(ctx, horizon, MAX_EFF, MAX_NODES, declared=True if ctx.baoting else None,
                         survive=survive)
        values: dict[tuple[int, bool], float] = {}

        def value(a: Discard | Declare) -> float:
            t = a.tile
            declaring = isinstance(a, Declare)
            vk = (t, declaring)
            if vk not in values:
                rest = list(ctx.hand)
                rest.remove(t)
                eff = parts[t][2]
                if eff <= MAX_EFF:
                    decl = (ctx.declared or declaring) if eff == 0 else None
                    gain = search.value(rest, decl)[horizon]
                else:
                    gain = ctx.ev(rest, horizon, eff, declared=ctx.declared or declaring)
                values[vk] = gain - (ctx.lock_cost() if declaring else 0.0)
            return values[vk]

        def order(a: Discard | Declare) -> tuple[int, ...]:
            # ties: the strong bot's choice, then greedy's order
            t = a.tile
            return (0 if a == default else 1, parts[t][2], int(t in ctx.wilds), _keep_value(t, ctx.hand),
                    0 if isinstance(a, Declare) else 1)

        reach = low + (1 if low == 0 else 0) + BACK
        near = sorted((a for a in discards if parts[a.tile][2] <= min(reach, MAX_EFF)), key=order)
        choice = max(near, key=lambda a: round(value(a), 6))
        # what the search made of each discard it weighed, net of the loss where it defends (for tests)
        weighed: dict[Action, float] = {a: value(a) for a in near}
        factor = LOSS_FACTOR.get(_table(view, ctx.tuning.family), 1.0)

        def loss(t: int) -> float:
            return factor * ctx.loss(t)

        defends = any(r > 0 for r, _, _ in ctx.threats()) and (not ctx.baoting or low < FOLD_BELOW)
        if defends:
            offence = value(choice)
            net = offence - loss(choice.tile)
            weighed = {choice: net}
            for d in sorted(discards, key=order):
                if isinstance(d, Declare) or parts[d.tile][2] > low + 2:
                    continue
                gain = value(d)
                if ctx.baida and parts[d.tile][2] > low:
                    gain = min(gain, offence)  # a step back is taken for safety only (as the strong bot)
                alt = weighed[d] = gain - loss(d.tile)
                if alt > net + FOLD_MARGIN:
                    choice, net = d, alt
        self.weighed = weighed
        return choice

    # --- candidates ---------------------------------------------------------------------------
    def _candidates(self, view: SeatView, default: Action) -> list[Action]:
        legal = view.legal
        out = [default]
        if view.claim is not None:
            for a in legal:
                if a not in out and len(out) < MAX_CANDIDATES:
                    out.append(a)
            return out
        ctx = GreedyContext(view, self.memo)
        effs = ctx._discard_effs(list(view.hand))[0]
        best: dict[int, Action] = {}  # per tile: the 报听 when offered (it opens discard wins), else the discard
        for a in legal:
            if isinstance(a, Discard | Declare) and (a.tile not in best or isinstance(a, Declare)):
                best[a.tile] = a
        if isinstance(default, Discard | Declare):
            # 报听 or not, on the same tile: the lock against discard wins, weighed by playing both out
            twin = next((a for a in legal if a != default and isinstance(a, Discard | Declare)
                         and a.tile == default.tile), None)
            if twin is not None:
                out.append(twin)
        strong = _Strong(view, self.strong) if isinstance(default, Discard | Declare) else None
        if strong is not None and TIE is not None:
            parts = strong.discard_parts(list(view.hand))
            defends = view.ruleset in DEFENDED and strong.defends(min(e for _, _, e in parts.values()))

            def net(a: Discard | Declare) -> float:
                rest = list(view.hand)
                rest.remove(a.tile)
                gain = strong.ev(rest, strong.draws, parts[a.tile][2],
                                 declared=strong.declared or isinstance(a, Declare))
                return gain - (strong.loss(a.tile) if defends else 0.0)

            # The search breaks the strong bot's near-ties: only discards its own reckoning (the
            # expected gain of what stays, less the expected loss of dealing in where discards win)
            # puts within TIE of its choice are candidates, the nearest first. The playouts' policy is
            # far weaker than the strong bot (no value in its discards), so a move the strong bot
            # rates far below its own is rarely better, however the playouts read it.
            base = net(default)  # type: ignore[arg-type]
            floor = base - TIE * abs(base) - 0.01 * strong.typical
            scored = sorted(((net(a), t) for t, a in best.items()), reverse=True)  # type: ignore[arg-type]
            ranked = [t for v, t in scored if v >= floor]
        else:
            ranked = sorted(best, key=lambda t: (effs.get(t, 99), t == view.wild, _keep_value(t, view.hand), t))
        for t in ranked:
            if len(out) >= MAX_CANDIDATES:
                break
            a = best[t]
            if a not in out and not any(isinstance(o, Discard | Declare) and o.tile == t for o in out):
                out.append(a)
        for a in legal:  # kongs on the turn: few, and worth a look
            if isinstance(a, Kong) and a not in out and len(out) <= MAX_CANDIDATES:
                out.append(a)
        return out

    # --- search ----------------------------------------------------------------------------------
    def _search(self, view: SeatView, candidates: list[Action]) -> list[list[int]] | None:
        me = view.seat
        assert me is not None
        rng = random.Random(decision_seed(self.seed, view))
        ruleset = ruleset_of(view)
        reader = Reader(view)
        family = entry(view.ruleset).bot.family  # the way of play the ruleset is tuned as
        policy = FastPolicy(ruleset, reader.as_natural, mode_b=family == "anqing"
                            and view.options.get("mode") == "B", need_eight=family == "hefei")
        forced = frozenset(t for t in range(ruleset.count_size) if _forced(view, t))
        develop = _developer(view, policy) if DEVELOP else None
        weights = river_weights(view, ruleset.count_size) if MODEL else None
        values: list[list[int]] = [[] for _ in candidates]
        ready: Callable[[int, list[int], set[int]], bool] | None = None
        start = time.process_time()
        for k in range(self.samples):
            sample = draw_sample(view, rng, forced=forced, ready=ready, develop=develop,
                                 weights=weights)
            if sample is None:
                return None
            if ready is None and any(s.declared for s in view.seats if s.seat != me):
                template = build_hand(view, sample, ruleset)
                ready = _ready_test(template)
                sample = draw_sample(view, rng, forced=forced, ready=ready, develop=develop,
                                 weights=weights)
                if sample is None:
                    return None
            play_seed = rng.getrandbits(64)
            for i, action in enumerate(candidates):
                values[i].append(_value(view, sample, action, policy, random.Random(play_seed)))
            self.effort = (k + 1) / self.samples
            if self.time_cap is not None and time.process_time() - start > self.time_cap:
                break
        return values


def _value(view: SeatView, sample: Sample, action: Action, policy: FastPolicy, rng: random.Random) -> int:
    me = view.seat
    assert me is not None
    hand = build_hand(view, sample)
    try:
        hand.apply(me, action)
    except IllegalAction:  # the imagined hand disagrees with the real one on this action: no evidence
        return 0
    return play_out(hand, me, policy, rng)


def _table(view: SeatView, family: str) -> str:
    """The table's name for the per-table constants: "anqing-A", "hefei-baoting", "baida" …."""
    if family == "anqing":
        return f"anqing-{view.options.get('mode', 'A')}"
    if family == "hefei":
        return f"hefei-{view.options.get('room', 'baoting')}"
    return family


def _pick(candidates: list[Action], values: list[list[int]]) -> Action:
    """The default (first) unless another candidate's paired mean is ahead by MARGIN standard errors."""
    base = values[0]
    n = len(base)
    if n < 2:
        return candidates[0]
    best, best_edge = candidates[0], 0.0
    for action, vals in zip(candidates[1:], values[1:], strict=True):
        diffs = [a - b for a, b in zip(vals, base, strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        se = (var / n) ** 0.5
        if mean > MARGIN * se and mean > best_edge:
            best, best_edge = action, mean
    return best


def river_weights(view: SeatView, size: int) -> dict[int, list[float]]:
    """Per other seat, how likely each kind is to be in its concealed hand, from its river alone: a
    player throws what it does not need, so the kinds it threw, and their neighbours in a suit, are
    less likely kept (a seat shedding a suit keeps little of it: Hefei's eight in a suit, 打缺). Only
    the view is read, so the model cannot see a hidden tile."""
    wild = set(view.wilds) | ({view.wild} if view.wild is not None else set())
    out: dict[int, list[float]] = {}
    for s in view.seats:
        if s.seat == view.seat:
            continue
        w = [1.0] * size
        for r in s.river:
            d = r.tile
            if d >= 34 or d in wild:
                continue
            w[d] *= RIVER_SAME
            if d < 27:
                rank = d % 9
                for step, f in ((1, RIVER_NEAR), (2, RIVER_FAR)):
                    if rank - step >= 0:
                        w[d - step] *= f
                    if rank + step <= 8:
                        w[d + step] *= f
        out[s.seat] = [max(RIVER_FLOOR, x) for x in w]
    return out


def _developer(view: SeatView, policy: FastPolicy) -> Develop:
    """Each other seat's random tiles, played forward: as many draws as it has thrown tiles (at most
    ``DEVELOP_TURNS``), each followed by the fast policy's discard, from the rest of the pool. Its real
    discards are already in the river, so the thrown tiles go back to the pool."""
    melds = {s.seat: [t for m in s.melds for t in m.tiles] for s in view.seats}
    turns = {s.seat: min(DEVELOP_TURNS, len(s.river)) for s in view.seats}

    def develop(seat: int, held: list[int], free: list[int], rng: random.Random) -> None:
        if not free:
            return
        for _ in range(turns[seat]):
            i = rng.randrange(len(free))
            held.append(free[i])
            out = policy.best_discard(held, melds[seat], rng)
            held.remove(out)
            free[i] = out

    return develop


def _forced(view: SeatView, t: int) -> bool:
    """A kind laid open as soon as it is held (Anqing's 杠牌, baida's flowers that are no 百搭, every flower
    in 国标)."""
    family = entry(view.ruleset).bot.family
    if family == "anqing":
        return t in view.gangpai
    if family in ("baida", "guobiao"):
        return t >= 34 and t not in view.wilds
    return False


def _ready_test(template: Hand) -> Callable[[int, list[int], set[int]], bool]:
    """A declared seat's hand must be ready, and locked out of no winning tile it was thrown since."""
    rs = template.ruleset
    size = rs.count_size
    is_ready: Callable[[Hand, int, list[int]], bool] | None = getattr(rs, "is_ready", None)  # (Hefei's 报听)

    def ready(seat: int, tiles: list[int], locked: set[int]) -> bool:
        counts = [0] * size
        for t in tiles:
            counts[t] += 1
        if is_ready is not None and not is_ready(template, seat, counts[:34] if size > 34 else counts):
            return False
        if not locked:
            return True
        shape = counts[:34]
        for t in waits(shape, 0, True, rs.tileset):
            if t in locked:
                shape[t] += 1
                won = is_win(shape, 0, True, rs.tileset)
                shape[t] -= 1
                if won:
                    return False
        return True

    return ready


__all__ = ["HardBot", "decision_seed"]
