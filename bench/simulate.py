"""Full-rules hands per second per core with random bots, against RLCard's mahjong (a benchmark, not a test).

    .venv/bin/python bench/simulate.py [--quick] [--seconds S] [--bots greedy,strong] [--callgrind]

``--bots`` also times four of each named bot at a table (full seat views, as the simulator gives
them), printed beside the random-bot figure of the same ruleset, with its hands per CPU-second (the
rate on a core of its own, whatever else the machine runs); the greedy target is 100 hands/s.

Ours: whole hands, every decision through a bot that sees only a seat view (so the
legal actions are computed at every step), scoring included. RLCard 1.2.0:
``env.run`` with four ``RandomAgent``s. One process, one core; for each ruleset, ours and
RLCard alternate in half-second slices, so each ratio compares rates taken under the same load.
Hands differ in length (a Hefei hand takes about 32 decisions, RLCard's game about 91), so ours also
prints its decisions a hand (every action applied, claims included) and decisions per second, and a
second RLCard row times its bare game (``MahjongGame``, no state encoding: our random bots read only
the light view) per hand and per decision. ``--callgrind`` adds, beside each timed ratio, the
instructions a hand and a decision of ours and of RLCard's bare game, counted by valgrind
(bench/simulate_instr.py; they do not move with the machine's load).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from majiang.bots import make_bot
from majiang.engine.hand import Hand
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand

WARMUP_S = 2.0

RULES = [
    ("anqing", {"mode": "A"}),
    ("anqing", {"mode": "B"}),
    ("hefei", {"room": "baoting"}),
    ("hefei", {"room": "bubaoting"}),
    ("baida", {"rounds": 1}),
]


class Ours:
    """Whole hands of one ruleset, played slice by slice (the bots and hand seeds carry on)."""

    def __init__(self, name: str, options: dict[str, str], bot: str = "random") -> None:
        self.ruleset = make_ruleset(name, options)
        self.bot = bot
        self.bots = [make_bot(bot, s) for s in range(4)]
        # Warm up for a while: the hand tables fill lazily as new suit shapes turn up, a one-time
        # cost (bench/hand.py reports it) that would otherwise weigh on the first slices. Both
        # contenders are then measured at their steady state.
        start, i = time.perf_counter(), 0
        while time.perf_counter() - start < WARMUP_S:
            play_hand(Hand(self.ruleset, f"warm-{bot}-{i}", dealer=i % 4), self.bots)
            i += 1
        self.n = 0
        self.decisions = 0  # actions applied over the measured hands (every seat's, claims included)
        self.cpu = 0.0  # CPU seconds of this process over the measured slices (not the warm-up)

    def run(self, seconds: float) -> tuple[int, float]:
        done, start, cpu = 0, time.perf_counter(), time.process_time()
        while (elapsed := time.perf_counter() - start) < seconds:
            # seeds never dealt before in this process (each contender has its own)
            hand = Hand(self.ruleset, f"bench-{self.bot}-{self.n}", dealer=self.n % 4)
            play_hand(hand, self.bots)
            self.decisions += len(hand.log)
            self.n += 1
            done += 1
        self.cpu += time.process_time() - cpu
        return done, elapsed

    @property
    def cpu_rate(self) -> float:
        """Hands per CPU-second over the measured slices: the rate with a core of its own (on a
        machine shared with other jobs the wall-clock rate also counts the time they take)."""
        return self.n / self.cpu if self.cpu > 0 else 0.0


class RLCard:
    """RLCard 1.2.0's mahjong ``env.run`` with four RandomAgents, game after game."""

    def __init__(self) -> None:
        import rlcard
        from rlcard.agents import RandomAgent

        self.env = rlcard.make("mahjong", config={"seed": 0})
        self.env.set_agents([RandomAgent(num_actions=self.env.num_actions) for _ in range(4)])
        start = time.perf_counter()
        while time.perf_counter() - start < WARMUP_S:  # the same warm-up as ours
            self.env.run(is_training=False)

    def run(self, seconds: float) -> tuple[int, float]:
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            self.env.run(is_training=False)
            done += 1
        return done, elapsed


class RLCardBare:
    """RLCard's mahjong game itself (``MahjongGame``: init_game, get_legal_actions, step), a uniformly
    random legal action each decision: no environment, no state encoding (our random bots read only
    the light view, so this is the like-for-like peer of ours; ``env.run`` encodes every step)."""

    def __init__(self) -> None:
        import random

        from rlcard.games.mahjong.game import MahjongGame

        self.game = MahjongGame()
        self.game.np_random.seed(0)
        self.rng = random.Random(0)
        self.decisions = 0
        self.n = 0
        start = time.perf_counter()
        while time.perf_counter() - start < WARMUP_S:
            self._one()
        self.decisions = self.n = 0

    def _one(self) -> None:
        game, rng = self.game, self.rng
        state, _ = game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions(state)
            state, _ = game.step(legal[rng.randrange(len(legal))])
            self.decisions += 1
        self.n += 1

    def run(self, seconds: float) -> tuple[int, float]:
        done, start = 0, time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds:
            self._one()
            done += 1
        return done, elapsed


def interleaved(a: Ours, b: Ours | RLCard | RLCardBare | None, seconds: float,
                slice_s: float = 0.5) -> tuple[float, float | None]:
    """Rates of ``a`` and ``b`` measured in alternating slices, so both see the same machine load
    (on a shared machine the load drifts over seconds: one measurement each, one after the other,
    can be off by a third either way)."""
    totals = [[0, 0.0], [0, 0.0]]
    spent = 0.0
    while spent < seconds:
        step = min(slice_s, seconds - spent)
        for i, who in enumerate((a, b)):
            if who is not None:
                n, t = who.run(step)
                totals[i][0] += n
                totals[i][1] += t
        spent += step
    rate_a = totals[0][0] / totals[0][1]
    return rate_a, (totals[1][0] / totals[1][1] if b is not None and totals[1][1] > 0 else None)


_PEER_INSTR: tuple[float, float] | None = None


def _print_instructions(label: str, name: str, options: dict[str, str], peer: bool) -> None:
    """Instructions a hand and a decision, ours and (counted once) RLCard's bare game's."""
    global _PEER_INSTR
    import simulate_instr

    who = next(k for k, (n, o) in simulate_instr.OURS.items() if n == name and o == options)
    hand, decision = simulate_instr.per_hand(who, 20)
    line = f"{'':<8} {'':<18} instructions: {hand / 1e6:.2f} M a hand, {decision / 1e3:.1f} k a decision"
    if peer:
        if _PEER_INSTR is None:
            _PEER_INSTR = simulate_instr.per_hand("rlcard-bare", 20)
        peer_hand, peer_decision = _PEER_INSTR
        line += (f"; RLCard's bare game {peer_hand / 1e6:.2f} M a game, {peer_decision / 1e3:.1f} k a decision "
                 f"({peer_hand / hand:.1f}x ours a hand, {peer_decision / decision:.1f}x a decision)")
    print(line)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--quick", action="store_true", help="about 1 s per contender instead of 8")
    p.add_argument("--seconds", type=float, help="seconds per contender")
    p.add_argument("--bots", default="", help="also time four of each of these bots (comma-separated), e.g. greedy")
    p.add_argument("--no-rlcard", action="store_true", help="skip RLCard (bot figures only)")
    p.add_argument("--callgrind", action="store_true",
                   help="also count instructions a hand and a decision under valgrind (about a minute a row)")
    args = p.parse_args()
    extra = [b.strip() for b in args.bots.split(",") if b.strip()]
    seconds = args.seconds or (1.0 if args.quick else 8.0)
    try:
        rl: RLCard | None = None if args.no_rlcard else RLCard()
        bare: RLCardBare | None = None if args.no_rlcard else RLCardBare()
    except ImportError:
        rl = bare = None
        print("rlcard is not installed (pip install -e '.[bench]'): ours only")
    met = bots_met = cpu_met = True
    for name, options in RULES:
        ours = Ours(name, options)
        rate, rl_rate = interleaved(ours, rl, seconds)
        label = f"{name} {next(iter(options.values()))}"
        ratio = ""
        if rl_rate is not None:
            ratio = f"  {rate / rl_rate:6.1f}x RLCard ({rl_rate:5.1f} games/s in the same slices)"
            met = met and rate >= 20 * rl_rate
        per_hand = ours.decisions / ours.n if ours.n else 0.0
        print(f"majiang {label:<18} random bots:  {rate:8.1f} hands/s{ratio}; {per_hand:.0f} decisions a hand, "
              f"{rate * per_hand:,.0f} decisions/s")
        if args.callgrind:
            _print_instructions(label, name, options, bare is not None)
        if bare is not None:
            rate2, bare_rate = interleaved(ours, bare, seconds)
            assert bare_rate is not None
            bare_per = bare.decisions / bare.n if bare.n else 0.0
            print(f"{'':<8} {'':<18} vs RLCard's bare game: {rate2 / bare_rate:6.1f}x a hand "
                  f"({bare_rate:5.1f} games/s, {bare_per:.0f} decisions a game), "
                  f"{rate2 * per_hand / (bare_rate * bare_per):6.1f}x a decision")
        met = met and rate >= 300
        for bot in extra:
            # alternating with the random bots again, so the ratio compares rates under the same load
            timed = Ours(name, options, bot)
            bot_rate, random_rate = interleaved(timed, ours, seconds)
            print(f"majiang {label:<18} {bot + ' bots:':<13} {bot_rate:8.1f} hands/s  "
                  f"({bot_rate / random_rate:.3f}x random bots in the same slices; "
                  f"{timed.cpu_rate:.1f} hands per CPU-second)")
            if bot == "greedy":
                bots_met = bots_met and bot_rate >= 100
                cpu_met = cpu_met and timed.cpu_rate >= 100
    target = "met" if met else "NOT met"
    print(f"target (>= 300 hands/s and >= 20x RLCard in every ruleset): {target}")
    if "greedy" in extra:
        verdict = "met" if bots_met else "NOT met"
        print(f"greedy target (>= 100 hands/s with four greedy bots in every ruleset): {verdict}; "
              f"per CPU-second: {'met' if cpu_met else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
