"""The strong bot: offence by expected value, defence against discard wins, 报听 by value.

It reads only the :class:`SeatView` and uses no randomness, so it is deterministic (the seed is
accepted for the common interface).

**Offence.** Every candidate (a discard, a claim, a 报听) is given the expected value of the hand
it leaves: the chance to complete it before the wall runs out, from the unseen tiles and the
draws left, times what the win would score under the ruleset's own scoring
(:mod:`majiang.bots.valuation`):

* a ready part: each winning tile is scored (跑风, 门清, 杠开 … in Anqing; 支/同/坎/卡/活/缺一门 and
  eight in a suit in Hefei), weighted by its unseen copies; the chance to win comes from the rate
  at which those copies turn up in the seat's own draws (and, where discard wins are open to it,
  in the other three seats' discards);
* one step from ready: every unseen draw that would make it ready is tried, with the best ready
  discard after it, and the results averaged by their unseen copies (two steps ahead);
* further: the shanten and the useful draws give a chance to arrive (a chain of draws at the rate
  of the useful tiles), times a typical value for the ruleset.

**Defence (Hefei).** Each discard's danger is the chance it is a winning tile for a seat that may
win on it (a 报听 declaration; in a 不报听 room, any seat, more likely as the hand goes on),
read from the table: a tile thrown after a seat declared, by anyone, and not won on, is safe
against it (a declared hand is locked); a seat's likely suit (Hefei wins need eight in one
suit) is the one it sheds least; tiles with no unseen copy are safer. The expected loss — danger
times the value of a typical win — is subtracted from each discard's value, so when the loss
outweighs the gain the bot folds, keeping its safe tiles.

**报听.** A declaration opens discard wins but locks the hand: both are valued, and it declares
only when the declared hand is worth more.
"""

from __future__ import annotations

from majiang.bots.analysis import PartMemo
from majiang.bots.goal import goal_kinds
from majiang.bots.greedy import GreedyContext, _keep_value, decide
from majiang.bots.valuation import ExtraMeld, WinValuer
from majiang.core.actions import Action, Chi, Declare, Discard, Kong, Pass, Peng
from majiang.engine.view import SeatView, unseen_counts
from majiang.rules.registry import entry

# Per ruleset, in its registry entry (majiang/rules/registry.py, `BotTuning`), from arena runs of
# these bots: a typical win's value to the winner (the value of a hand too far from ready to score
# exactly, and the cost of dealing in); the denial value (winning also ends the hand before another
# seat wins and collects from this one: a win is worth its own value plus the loss it avoids. Anqing
# hands rarely end in 荒庄 and every win is paid by all three others, so there it is large: it makes
# speed count beside value; in Hefei it is left out); whether speed is counted in draws toward a valid
# win (Hefei's eight in a suit, majiang.bots.goal; Anqing mode B's 打缺 goal is a gap too, but there
# the plain useful draws are kept: see docs/bots.md); the share of its typical value a far hand that
# claims keeps (it loses 门清: Anqing 3 番, 百搭 1 台 of a few); and the share of passing's value a claim
# bringing the hand nearer must keep to be taken (default: it must be worth 5 % more, as any claim).
HORIZON = {"A": 7, "B": 12}  # Anqing: own draws a hand is likely to last, by mode
# The share of an opponent's discards that would be a given winning tile's copies, relative to the
# seat's own draws: opponents hold some copies and avoid dangerous tiles.
DISCARD_SHARE = 0.5
MAX_SCORED_WAITS = 4
LOOKAHEAD_DRAWS = 5
# What a 报听's lock costs, per own draw left and per other declared seat, in typical wins.
LOCK = 0.003
# The cost of dealing in, in typical wins (a discard win is paid by the discarder alone, and the bot
# over-reads danger: arena runs of 800 hands put the best scale between 0.25 and 0.5). In a 不报听 room.
LOSS_SCALE = 0.35
# In a 报听 room the threat is a declared hand, and every fold against it leaves the declared hand to draw
# its own tile: at the scale above four strong bots reached 荒庄 in 49.7 % of hands (four greedy 43.8 %).
# There only a hand at most one step from ready (BAOTING_FOLD_BELOW) weighs the danger, at a smaller scale:
# a far hand's folding is what stalled the table, and a near hand has the most to lose by dealing in.
# Four strong bots, 1,000 hands: 荒庄 38.5 % at 0.15, 36.4 % at 0.10, 32.8 % at 0.05; with the shed weighting
# below, 35.6 % at 0.10 and 34.7 % at 0.07, where the arena edge holds (+2.26 +- 0.64 over 2,000 hands).
BAOTING_LOSS_SCALE = 0.07
BAOTING_FOLD_BELOW = 2
# Hefei: a ready part is weighed against the parts one step away (its few waits may be dead or no valid
# win), and a wait is thrown by each other seat at the rate it sheds the wait's suit.
WIDEN_READY = True
SHED_WEIGHTED = True
# 百搭: how soon another seat is likely ready (wilds and claims make hands quick), and the chance that a
# live tile is one of a ready seat's winning kinds (about three of the 34 kinds, wider with 百搭).
BAIDA_READY_TURNS = (3, 10)
BAIDA_WIN_SHARE = 3.0 / 34
# The cost of dealing in, in typical wins: the discarder alone pays double (2 台 for each 3 a self-draw
# collects from three seats), and losing the hand's own chance besides.
BAIDA_LOSS_SCALE = 1.0
# 国标 (read as 百搭 above, without wilds): an 8-fan hand takes longer to be ready, and dealing in costs the
# discarder 底分 + fans, about half a typical win (which counts three payers). Arena, 200 hands against greedy
# (docs/bots.md): with 百搭's (3, 10) and 1.0, −3.56 ± 4.08 points/hand, 荒庄 19 %; with these, −0.14 ± 4.82, 10.5 %.
GUOBIAO_READY_TURNS = (6, 12)
GUOBIAO_LOSS_SCALE = 0.5


class StrongBot:
    name = "strong"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.memo = PartMemo()
        self.valuer = WinValuer()
        self._ready: dict[tuple[object, ...], list[tuple[int, int, int]]] = {}
        self._ready_hand: object = None

    def choose(self, view: SeatView) -> Action:
        return decide(view, lambda: _Strong(view, self))


def p_chain(rates: list[float], draws: int) -> float:
    """The chance that ``len(rates)`` steps are all made within ``draws`` draws, step j being made on
    any one draw with chance ``rates[j]`` (a small Markov chain over the steps done)."""
    steps = len(rates)
    if steps == 0:
        return 1.0
    dist = [1.0] + [0.0] * steps
    for _ in range(max(0, draws)):
        for j in range(steps - 1, -1, -1):
            moved = dist[j] * min(1.0, rates[j])
            dist[j] -= moved
            dist[j + 1] += moved
    return dist[steps]


class _Strong(GreedyContext):
    def __init__(self, view: SeatView, bot: StrongBot) -> None:
        super().__init__(view, bot.memo, bot.valuer)
        self.bot = bot
        bot.valuer.bind(view)
        self.valuer = bot.valuer
        if bot._ready_hand != (view.seed_hash, view.hand_no, view.seat):
            bot._ready.clear()
            bot._ready_hand = (view.seed_hash, view.hand_no, view.seat)
        tuning = self.tuning = entry(view.ruleset).bot
        self.typical = tuning.typical_win
        self.denial = tuning.denial
        self.seat = view.seat if view.seat is not None else 0
        me = view.seats[self.seat]
        self.declared = me.declared
        self.hefei = tuning.family == "hefei"
        # 百搭 and 国标: anyone may win on any discard, no declaring (the threats and losses are read alike)
        self.baida = tuning.family in ("baida", "guobiao")
        self.guobiao = tuning.family == "guobiao"
        self.wilds = frozenset(view.wilds) | ({view.wild} if view.wild is not None else set())
        self.baoting = self.hefei and view.options.get("room", "baoting") == "baoting"
        self.closed = not any(m.kind != "kong_concealed" for m in me.melds)
        # The seat's own draws still to come (the wall is shared by four), but no more than the hand
        # is likely to last: an Anqing hand rarely reaches 荒庄, another seat usually wins first, and
        # over a horizon that long every ready hand would look sure to win (value alone would count).
        self.draws = max(0, view.wall_left // 4)
        if not self.hefei:
            self.draws = min(self.draws, HORIZON.get(str(view.options.get("mode", "A")), self.draws))
        self.pool = max(1, sum(self.unseen))
        self.closed_bonus = tuning.closed_bonus
        self._threats: list[tuple[float, set[int], list[float]]] | None = None
        self._shed: list[list[float]] | None = None
        # Hefei wins need eight in a suit: speed is counted in draws that bring a valid win nearer
        # (majiang.bots.goal), not in draws that only better the shape.
        self.goal = tuning.goal_draws

    # --- the rule goal (majiang.bots.goal) --------------------------------------------------------
    def goal_gap(self, natural: list[int]) -> int:
        return self._goal_gap(natural)

    def goal_key(self) -> tuple[object, ...]:
        self._goal_gap([0] * 34)  # reads the melds' suits
        return (self.mode_b, self.need_eight, tuple(self._meld_suits or ()))

    def speed_kinds(self, key: tuple[int, ...], jokers: int) -> tuple[int, ...]:
        """The kinds whose draw brings the part nearer to a win: to a valid one where the ruleset has a
        goal (its tuning's ``goal_draws``), else to a complete shape."""
        return goal_kinds(self, key, jokers) if self.goal else self.memo.useful_kinds(key, jokers)

    def speed(self, key: tuple[int, ...], jokers: int) -> int:
        """Unseen tiles among :meth:`speed_kinds`."""
        if not self.goal:
            return self.useful(key, jokers)
        unseen = self.unseen
        return sum(unseen[t] for t in goal_kinds(self, key, jokers))

    @property
    def unseen(self) -> list[int]:
        """Unseen copies of the 34 kinds, then of the flowers 34–41: a flower 百搭 is one tile, unseen
        unless in this hand or a river (the others are laid open at once, never drawn into play)."""
        if self._unseen is None:
            counts = unseen_counts(self.view)
            seen = set(self.view.hand) | {r.tile for st in self.view.seats for r in st.river}
            counts.extend(1 if f in self.wilds and f not in seen else 0 for f in range(34, 42))
            self._unseen = counts
        return self._unseen

    # --- offence ---------------------------------------------------------------------------------
    def discard_wins_open(self, declaring: bool = False) -> bool:
        if self.baida:
            return True
        if not self.hefei:
            return False  # Anqing: every win is self-drawn
        return not self.baoting or self.declared or declaring

    def ready_waits(self, rest: list[int], declared: bool,
                    extra: ExtraMeld | None = None) -> list[tuple[int, int, int]]:
        """(winning kind, value drawn, value on a discard) for each tile that wins a ready part."""
        key = (tuple(sorted(rest)), declared, extra)
        hit = self.bot._ready.get(key)
        if hit is not None:
            return hit
        out = []
        waits = self.reader.waits(rest)
        if waits and len(self.wilds) > 1:
            waits = sorted(set(waits) | self.wilds)  # the reader adds the lowest wild kind only
        # With a wild held almost anything wins: score the likeliest few tiles (the ruleset's scoring
        # costs milliseconds with wilds) and give the others their mean.
        unseen = self.unseen
        scored = sorted(waits, key=lambda w: (-unseen[w], w))[:MAX_SCORED_WAITS]
        for w in scored:
            drawn = self.valuer.value(rest, w, False, declared, extra)
            on_discard = self.valuer.value(rest, w, True, declared, extra) if self.hefei or self.baida else 0
            if drawn > 0 or on_discard > 0:
                out.append((w, drawn, on_discard))
        if len(waits) > len(scored) and out:
            mean_d = sum(d for _, d, _ in out) // len(out)
            mean_x = sum(x for _, _, x in out) // len(out)
            out.extend((w, mean_d, mean_x) for w in waits if w not in scored)
        if len(self.bot._ready) > 20_000:
            self.bot._ready.clear()
        self.bot._ready[key] = out
        return out

    def ready_rate(self, rest: list[int], declared: bool | None = None,
                   extra: ExtraMeld | None = None) -> tuple[float, float]:
        """(chance per round that a ready part wins, the mean value of that win).

        A round is the seat's own draw, then three discards by the others (which win for it only where
        discard wins are open to it). 0 when no valid win is left."""
        decl = self.declared if declared is None else declared
        waits = self.ready_waits(rest, decl, extra)
        unseen = self.unseen
        live = sum(unseen[w] for w, _, _ in waits)
        if live == 0:
            return 0.0, 0.0
        p_draw = live / self.pool
        v_self = sum(unseen[w] * d for w, d, _ in waits) / live
        open_ = self.baida or (self.hefei and (not self.baoting or decl))
        if open_ and self.hefei and SHED_WEIGHTED:
            # Each other seat throws a wait at the rate it sheds the wait's suit.
            shares = self.shed_shares()
            thrown = [sum((unseen[w] * f[w // 9] for w, _, _ in waits), 0.0) for f in shares]
            p_each = [DISCARD_SHARE * x / self.pool for x in thrown]
            weight = sum(thrown, 0.0)
            v_disc = sum((unseen[w] * x * sum((f[w // 9] for f in shares), 0.0) for w, _, x in waits), 0.0)
            v_disc = v_disc / weight if weight else 0.0
            miss = 1 - p_draw
            for p in p_each:
                miss *= 1 - p
            rate = 1 - miss
            total = p_draw + sum(p_each, 0.0)
        else:
            p_disc = DISCARD_SHARE * p_draw if open_ else 0.0
            v_disc = sum(unseen[w] * x for w, _, x in waits) / live if open_ else 0.0
            rate = 1 - (1 - p_draw) * (1 - p_disc) ** 3
            total = p_draw + 3 * p_disc
        share_self = p_draw / total if total else 1.0
        return rate, share_self * v_self + (1 - share_self) * v_disc + self.denial

    def shed_shares(self) -> list[list[float]]:
        """For each other seat, how readily it throws each suit, an even share being 1 (Hefei): a hand
        keeps one suit (it needs eight of it), so the suits a seat has shed are the ones it goes on
        shedding, and a wait in the suit it keeps rarely comes from it."""
        if self._shed is None:
            out = []
            for o, st in enumerate(self.view.seats):
                if o == self.seat:
                    continue
                shed = [0, 0, 0]
                for r in st.river:
                    if r.tile < 27:
                        shed[r.tile // 9] += 1
                total = sum(shed) + 3
                out.append([3 * (x + 1) / total for x in shed])
            self._shed = out
        return self._shed

    def ev_ready(self, rest: list[int], draws: int, declared: bool | None = None,
                 extra: ExtraMeld | None = None) -> float:
        """Expected gain of a ready part over ``draws`` own draws (0 when nothing valid wins)."""
        rate, value = self.ready_rate(rest, declared, extra)
        return p_chain([rate], max(1, draws)) * value

    def ev_far(self, eff: int, useful: int, draws: int, closed: bool = True) -> float:
        """Expected gain of a part ``eff`` steps from ready, from its useful draws alone."""
        if eff >= 90:
            return 0.0
        rate = useful / self.pool
        # Later steps and the final wait have fewer outs than the first step: decay the rate.
        rates = [rate * (0.8**j) for j in range(eff)] + [6 / self.pool * (2.5 if self.discard_wins_open() else 1)]
        value = self.typical * (1.0 if closed else self.closed_bonus) + self.denial
        return p_chain(rates, draws) * value

    def ev_one_away(self, rest: list[int], draws: int, extra: ExtraMeld | None = None) -> float:
        """Two steps ahead: each unseen draw that makes the part ready, then its best ready discard; the
        chance is a two-step chain (a useful draw, then a win) over the draws left."""
        key, jokers, _ = self.part(rest)
        kinds = self.speed_kinds(key, jokers)
        unseen = self.unseen
        useful = sum(unseen[t] for t in kinds)
        if useful == 0:
            return 0.0
        rate_sum = value_sum = weight = 0.0
        # The likeliest draws only (the ruleset's scoring costs a millisecond or more a call): they
        # carry most of the weight, and their mean stands for the rest.
        for d in sorted((d for d in kinds if unseen[d]), key=lambda d: (-unseen[d], d))[:LOOKAHEAD_DRAWS]:
            hand = sorted([*rest, d])
            # the ready discard with the most winning tiles (then its value decides)
            ready = min(((-self.useful(k, j), t) for t, (k, j, eff) in self.discard_parts(hand).items()
                         if eff == 0), default=None)
            rate = value = 0.0
            if ready is not None:
                rate, value = self.ready_rate(_without(hand, ready[1]), declared=True if self.hefei else None,
                                              extra=extra)
            rate_sum += unseen[d] * rate
            value_sum += unseen[d] * rate * value
            weight += unseen[d]
        if weight == 0 or rate_sum == 0:
            return 0.0
        win_rate = rate_sum / weight
        return p_chain([useful / self.pool, win_rate], draws) * value_sum / rate_sum

    def ev(self, rest: list[int], draws: int, eff: int | None = None, declared: bool | None = None,
           extra: ExtraMeld | None = None) -> float:
        """Expected gain of a 3n+1 part (the seat's melds beside it)."""
        key, jokers, e = self.part(rest)
        eff = e if eff is None else eff
        if eff == 0:
            return self.ev_ready(rest, draws, declared, extra)
        if eff == 1:
            return self.ev_one_away(rest, draws, extra)
        return self.ev_far(eff, self.speed(key, jokers), draws, self.closed and extra is None)

    # --- defence (Hefei) -------------------------------------------------------------------------
    def threats(self) -> list[tuple[float, set[int], list[float]]]:
        """For each other seat that may win on my discard: (how likely it is ready, tiles safe against it,
        its likely-suit weights)."""
        if self._threats is not None:
            return self._threats
        out: list[tuple[float, set[int], list[float]]] = []
        view = self.view
        if self.hefei:
            n = len(view.seats)
            order = [(s - view.dealer) % n for s in range(n)]  # Hefei turns go strictly round (no claims)
            for o, st in enumerate(view.seats):
                if o == self.seat:
                    continue
                if st.declared:
                    ready = 1.0
                    at = next(i for i, r in enumerate(st.river) if r.declared) * n + order[o]
                    safe = {r.tile for s2, other in enumerate(view.seats) for i, r in enumerate(other.river)
                            if i * n + order[s2] > at}
                elif not self.baoting:
                    turns = len(st.river)
                    ready = min(0.6, max(0.0, (turns - 5) / 14))
                    safe = set()
                else:
                    continue
                shed = [0, 0, 0]
                for r in st.river:
                    if r.tile < 27:
                        shed[r.tile // 9] += 1
                # Hefei wins need eight in one suit: the suit a seat sheds least is its likely one.
                weights = [1 / (1 + 0.6 * x) for x in shed]
                total = sum(weights, 0.0)
                out.append((ready, safe, [w / total for w in weights]))
        elif self.baida:
            # Anyone may win on a discard: a seat is likelier ready the longer the hand has gone and
            # the more sets it has claimed (百搭 make hands quick). No seat declares, nothing is safe
            # for sure, and no suit is more likely than another.
            # What was thrown since a seat's own last discard, it could have won on and did not (a bot
            # or a player always takes a win): safe against it until it changes its hand. On my turn,
            # the seats after it and before me in turn order have thrown since.
            start, span = GUOBIAO_READY_TURNS if self.guobiao else BAIDA_READY_TURNS
            n = len(view.seats)
            for o, st in enumerate(view.seats):
                if o == self.seat:
                    continue
                ready = min(0.7, max(0.0, (len(st.river) + 2 * len(st.melds) - start) / span))
                between = [(o + k) % n for k in range(1, (self.seat - o) % n)]
                safe = {view.seats[s].river[-1].tile for s in between if view.seats[s].river}
                out.append((ready, safe, [1 / 3] * 3))
        self._threats = out
        return out

    def loss(self, tile: int) -> float:
        """Expected points lost by throwing ``tile`` now."""
        lost = 0.0
        if self.baida:
            if tile >= 34:
                return 0.0  # a flower 百搭 cannot be won on
            # a discard win is paid double by the discarder alone: 2 台 of the 3 a self-draw collects
            live = 1.0 if self.unseen[tile] else 0.4
            for ready, safe, _ in self.threats():
                if tile not in safe:
                    lost += ready * BAIDA_WIN_SHARE * live * self.typical * (
                        GUOBIAO_LOSS_SCALE if self.guobiao else BAIDA_LOSS_SCALE)
            return lost
        scale = BAOTING_LOSS_SCALE if self.baoting else LOSS_SCALE
        for ready, safe, suits in self.threats():
            if ready <= 0 or tile in safe or tile >= 27:
                continue
            rank = tile % 9
            shape = 0.8 if rank in (1, 7) else 1.0  # Hefei's 2 and 8 are its edge tiles
            live = 1.0 if self.unseen[tile] else 0.4
            # about two winning kinds among the seven of the likely suit
            lost += ready * suits[tile // 9] * (2.2 / 7) * shape * live * self.typical * scale
        return lost

    # --- decisions -------------------------------------------------------------------------------
    def turn(self, legal: list[Action]) -> Action:
        discards = [a for a in legal if isinstance(a, Discard | Declare)]
        if not discards:
            kongs = [a for a in legal if isinstance(a, Kong)]
            return kongs[0] if kongs else legal[0]
        parts = self.discard_parts(self.hand)
        low = min(parts[a.tile][2] for a in discards)
        draws = self.draws
        values: dict[tuple[int, bool], float] = {}

        def value(a: Discard | Declare) -> float:
            """Expected gain of the part ``a`` leaves (a 报听 net of what the lock gives up)."""
            t = a.tile
            declaring = isinstance(a, Declare)
            vk = (t, declaring)
            if vk not in values:
                gain = self.ev(_without(self.hand, t), draws, parts[t][2], declared=self.declared or declaring)
                values[vk] = gain - (self.lock_cost() if declaring else 0.0)
            return values[vk]

        def greedy_rank(a: Discard | Declare) -> tuple[int, ...]:
            t = a.tile
            key, jokers, eff = parts[t]
            return (eff, -self.speed(key, jokers), -self.useful(key, jokers), int(t in self.wilds),
                    _keep_value(t, self.hand),
                    0 if isinstance(a, Declare) else 1)

        # Offence: the nearest parts first (the greedy order); near a win, their value decides.
        tied = sorted((a for a in discards if parts[a.tile][2] == low), key=greedy_rank)
        choice = tied[0]
        if low <= 1:
            # A ready part whose waits are few and dead (or not valid wins: Hefei's eight in a suit) may be
            # worth less than a wide one-step part: in Hefei both are weighed.
            reach = low + (1 if low == 0 and self.goal and WIDEN_READY else 0)
            near = [a for a in discards if parts[a.tile][2] <= reach]
            choice = max(near, key=lambda a: (round(value(a), 6), [-x for x in greedy_rank(a)]))
        # Defence: when a seat may win on this discard, a safer one may be worth more.
        if self.defends(low):
            offence = value(choice)
            net = offence - self.loss(choice.tile)
            for d in discards:
                if isinstance(d, Declare) or parts[d.tile][2] > low + 2:
                    continue
                gain = value(d)
                if self.baida and parts[d.tile][2] > low:
                    # A step back is taken for safety only: the far-hand estimate (draws at the rate of
                    # the useful tiles) can rate a wide far part above a nearer one, and with a threat
                    # always on in 百搭 that would walk the hand backwards.
                    gain = min(gain, offence)
                alt = gain - self.loss(d.tile)
                if alt > net + 0.25:
                    choice, net = d, alt
        for a in legal:
            if isinstance(a, Kong):
                rest = list(self.hand)
                for t in a.tiles:
                    rest.remove(t)
                # Kongs score in both rulesets and draw a replacement: taken when they keep the shanten.
                if self.part(rest)[2] <= low:
                    return a
        return choice

    def defends(self, low: int) -> bool:
        """Whether to weigh the danger of this turn's discards (a seat may win on them)."""
        if not any(r > 0 for r, _, _ in self.threats()):
            return False
        # 报听 room: a far hand plays on (see BAOTING_FOLD_BELOW).
        return not self.baoting or low < BAOTING_FOLD_BELOW

    def lock_cost(self) -> float:
        """What a 报听 gives up: the hand can no longer change waits, nor fold if another seat declares."""
        others = sum(1 for r, _, _ in self.threats() if r >= 1.0)
        return LOCK * self.draws * self.typical * (0.3 + others)

    def claim(self, legal: list[Action]) -> Action:
        view = self.view
        assert view.claim is not None
        draws = self.draws
        now = self.ev(self.hand, draws)
        choice: Action = next((a for a in legal if isinstance(a, Pass)), legal[0])
        best = now
        now_eff = self.part(self.hand)[2]
        # 百搭: every hand is won by someone, so a claim that brings the hand nearer is worth more than
        # the estimates say (they compare a far hand's rough value with a near hand's exact one).
        speed = self.tuning.claim_speed
        for a in legal:
            if not isinstance(a, Chi | Peng | Kong):
                continue
            rest = list(self.hand)
            for t in a.tiles:
                rest.remove(t)
            tiles = tuple(sorted((*a.tiles, view.claim.tile)))
            kind = "chi" if isinstance(a, Chi) else "peng" if isinstance(a, Peng) else "kong_exposed"
            extra: ExtraMeld = (kind, tiles, view.claim.discarder)
            self.extra = extra if self.min_fans else None  # (国标: a ready part is read with the meld)
            if isinstance(a, Kong):
                value = self.ev(rest, draws, extra=extra)  # the replacement comes next
                low = self.part(rest)[2]
            else:
                parts = self.discard_parts(rest)
                low = min(e for _, _, e in parts.values())
                if low > now_eff:
                    continue  # a claim that leaves the hand further from ready
                # its two best discards in the greedy order: the value tells them apart
                top = sorted((-self.useful(k, j), t) for t, (k, j, e) in parts.items() if e == low)[:2]
                value = max(self.ev(_without(rest, t), draws, low, extra=extra) for _, t in top)
            self.extra = None
            if self.min_fans and low > 0:
                continue  # 国标: opening the hand costs 门前清 / 不求人; only for a hand that can then win
            if value > best * (speed if low < now_eff else 1.05) + 0.01:
                best, choice = value, a
        return choice


def _without(tiles: list[int], t: int) -> list[int]:
    rest = list(tiles)
    rest.remove(t)
    return rest
