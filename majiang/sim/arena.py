"""Duplicate matches between bots: the same walls replayed with the bots rotated over the seats.

Each *wall* (a hand seed and a dealer) is played four times. Play ``r`` seats the line-up rotated
by ``r`` places, so every bot sits in every seat of every wall and the luck of the deal cancels.
The wall is the statistical unit: a bot's figure for a wall is its mean over the seat-hands it
played on that wall (in all four rotations), and the confidence intervals are taken over walls.

Walls are independent hands (no match: a dealer's streak would make a later hand depend on who
won an earlier one, and the four plays of a wall would no longer start equal). Wall ``i`` is dealt
from the seed ``f"{S}:wall:{i}"`` with dealer ``i % 4``; each bot's seed comes from SHA-256 of
(S, i, rotation, seat). Walls run in worker processes and are merged in index order, so the
results do not depend on the number of workers.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import msgspec

from majiang.bots import make_bot
from majiang.core.events import Won
from majiang.engine.hand import Hand
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand

SEATS = 4
Z95 = 1.959963984540054  # the normal 97.5 % quantile: intervals are over hundreds of walls


@dataclass(frozen=True)
class ArenaConfig:
    ruleset: str
    bots: tuple[str, ...]  # two names (seated A A B B) or four (seated as given)
    walls: int = 100
    seed: str = "0"
    options: dict[str, Any] = field(default_factory=dict)

    @property
    def lineup(self) -> tuple[str, ...]:
        return lineup(self.bots)

    @property
    def names(self) -> list[str]:
        return list(dict.fromkeys(self.lineup))


def lineup(bots: Sequence[str]) -> tuple[str, ...]:
    """The four seats of rotation 0. Two bots sit as A A B B: rotated four times, every bot has
    every seat twice and every neighbour pattern occurs (A B A B would repeat itself after two)."""
    if len(bots) == 2:
        a, b = bots
        if a == b:
            raise ValueError(f"two different bots are needed, got {a!r} twice")
        return (a, a, b, b)
    if len(bots) == SEATS:
        if len(set(bots)) < 2:
            raise ValueError("the four seats need at least two different bots")
        return tuple(bots)
    raise ValueError(f"--bots takes two names (A,B: seated A A B B) or four (one per seat), got {len(bots)}")


def seating(cfg_lineup: Sequence[str], rotation: int) -> tuple[str, ...]:
    """Who sits where in play ``rotation`` of a wall: seat s holds line-up place (s - rotation) mod 4."""
    return tuple(cfg_lineup[(s - rotation) % SEATS] for s in range(SEATS))


def wall_seed(run_seed: str, wall: int) -> str:
    return f"{run_seed}:wall:{wall}"


def arena_bot_seed(run_seed: str, wall: int, rotation: int, seat: int) -> int:
    digest = hashlib.sha256(f"{run_seed}:arena-bot:{wall}:{rotation}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


class Play(msgspec.Struct, frozen=True):
    """One of a wall's four plays."""

    wall: int
    rotation: int
    seed: str  # the hand seed: the same for the four plays of a wall
    dealer: int
    bots: list[str]  # by seat
    totals: list[int]
    winners: list[int]
    draw: bool  # 荒庄
    self_draw: bool
    discarder: int | None
    length: int
    wall_digest: str  # of the tiles dealt from: equal for the four plays of a wall (the test's evidence)
    bot_errors: list[str] = []  # what a cmd: bot's program did wrong (it is replaced by greedy for the hand)


def digest_wall(tiles: Sequence[int]) -> str:
    return hashlib.sha256(bytes(tiles)).hexdigest()[:16]


def play_wall(cfg: ArenaConfig, wall: int) -> list[Play]:
    ruleset = make_ruleset(cfg.ruleset, cfg.options)
    seed, dealer = wall_seed(cfg.seed, wall), wall % SEATS
    out = []
    for rotation in range(SEATS):
        seats = seating(cfg.lineup, rotation)
        bots = [make_bot(name, arena_bot_seed(cfg.seed, wall, rotation, s)) for s, name in enumerate(seats)]
        hand = Hand(ruleset, seed, dealer=dealer)  # a fresh deal: the ruleset's first streak
        dealt = digest_wall(hand.wall)
        play_hand(hand, bots)
        errors = [f"wall {wall} rotation {rotation} seat {seat} ({name}): {e}"
                  for seat, (name, bot) in enumerate(zip(seats, bots, strict=True)) for e in getattr(bot, "errors", ())]
        s = hand.settlement
        assert s is not None
        won = next((e for e in hand.events if isinstance(e, Won)), None)
        out.append(Play(
            wall=wall, rotation=rotation, seed=seed, dealer=dealer, bots=list(seats), totals=list(s.totals),
            winners=list(s.winners), draw=s.draw, self_draw=won is not None and won.self_draw,
            discarder=won.from_seat if won is not None and not won.self_draw else None, length=len(hand.log),
            wall_digest=dealt, bot_errors=errors,
        ))
    return out


def _play_wall(args: tuple[ArenaConfig, int]) -> list[Play]:
    return play_wall(*args)


def run_arena(cfg: ArenaConfig, workers: int = 1, on_wall: Callable[[int], None] | None = None,
              done: Mapping[int, list[Play]] | None = None,
              on_plays: Callable[[list[Play]], None] | None = None) -> list[Play]:
    """Every wall's four plays, in wall order; ``on_wall(hands)`` as each wall lands. Walls in ``done``
    (read from a record: majiang.sim.arena_record) are taken as they are, not played again;
    ``on_plays(plays)`` gets each newly played wall (to record it)."""
    if cfg.walls < 1:
        raise ValueError("at least one wall (--hands 4 or more)")
    cfg.lineup  # noqa: B018 - validates the bots before any process starts
    for name in cfg.names:
        make_bot(name, 0)  # an unknown name fails here, naming the choices
    done = done or {}
    todo = [i for i in range(cfg.walls) if i not in done]
    played: dict[int, list[Play]] = {}
    for plays in _walls(cfg, todo, workers):
        played[plays[0].wall] = plays
        if on_plays is not None:
            on_plays(plays)
        if on_wall is not None:
            on_wall(len(plays))
    return [p for i in range(cfg.walls) for p in (done[i] if i in done else played[i])]


def _walls(cfg: ArenaConfig, todo: Sequence[int], workers: int) -> Iterator[list[Play]]:
    jobs = [(cfg, i) for i in todo]
    if workers <= 1:
        yield from map(_play_wall, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        # map keeps the input order; chunks of a few walls keep the inter-process traffic small
        yield from pool.map(_play_wall, jobs, chunksize=max(1, min(8, len(jobs) // (4 * workers))))


# --- statistics ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Interval:
    mean: float
    half: float  # the 95 % interval is mean ± half
    n: int

    @property
    def low(self) -> float:
        return self.mean - self.half

    @property
    def high(self) -> float:
        return self.mean + self.half


def mean_ci(sample: Sequence[float]) -> Interval:
    """Mean and 95 % interval half-width: Z95 · s / √n with s the sample standard deviation (n − 1)."""
    n = len(sample)
    if n == 0:
        raise ValueError("an interval needs at least one value")
    mean = statistics.fmean(sample)
    half = Z95 * statistics.stdev(sample) / math.sqrt(n) if n > 1 else math.inf
    return Interval(mean, half, n)


def per_wall_points(plays: Sequence[Play], name: str) -> list[float]:
    """For each wall, ``name``'s mean points over the seat-hands it played there."""
    sums: dict[int, list[int]] = {}
    for p in plays:
        got = sums.setdefault(p.wall, [0, 0])
        for seat, bot in enumerate(p.bots):
            if bot == name:
                got[0] += p.totals[seat]
                got[1] += 1
    return [total / n for total, n in (sums[w] for w in sorted(sums)) if n]


def summarize_arena(plays: Sequence[Play], cfg: ArenaConfig) -> dict[str, Any]:
    rows = []
    for name in cfg.names:
        seat_hands = wins = self_draws = deal_ins = tables = draws = 0
        win_values: list[int] = []
        for p in plays:
            mine = [s for s, b in enumerate(p.bots) if b == name]
            if not mine:
                continue
            tables += 1
            draws += p.draw
            seat_hands += len(mine)
            for s in mine:
                if s in p.winners:
                    wins += 1
                    self_draws += p.self_draw
                    win_values.append(p.totals[s])
                if p.discarder == s:
                    deal_ins += 1
        ci = mean_ci(per_wall_points(plays, name))
        rows.append({
            "bot": name,
            "seat_hands": seat_hands,
            "points_per_hand": ci.mean,
            "ci95": ci.half,
            "win_rate": wins / seat_hands,
            "self_draw_rate": self_draws / seat_hands,
            "deal_in_rate": deal_ins / seat_hands,
            "avg_win_value": statistics.fmean(win_values) if win_values else 0.0,
            "draw_rate": draws / tables,  # 荒庄 share of the tables it sat at
        })
    names = cfg.names
    a, b = names[0], names[1]
    diff = mean_ci([x - y for x, y in zip(per_wall_points(plays, a), per_wall_points(plays, b), strict=True)])
    return {
        "ruleset": cfg.ruleset,
        "options": cfg.options,
        "seed": cfg.seed,
        "lineup": list(cfg.lineup),
        "walls": cfg.walls,
        "hands": len(plays),
        "draw_rate": sum(p.draw for p in plays) / len(plays),
        "bots": rows,
        "difference": {"a": a, "b": b, "mean": diff.mean, "ci95": diff.half},
        "verdict": verdict(a, b, diff),
        "bot_errors": [e for p in plays for e in p.bot_errors],
    }


def verdict(a: str, b: str, diff: Interval) -> str:
    """``diff`` is a − b in points per hand, over walls."""
    if diff.low > 0:
        return f"{a} beats {b} by {diff.mean:.2f} ± {diff.half:.2f} points/hand"
    if diff.high < 0:
        return f"{b} beats {a} by {-diff.mean:.2f} ± {diff.half:.2f} points/hand"
    return f"no significant difference: {a} − {b} = {diff.mean:.2f} ± {diff.half:.2f} points/hand"


def format_arena(summary: dict[str, Any], elapsed: float | None = None, played: int | None = None) -> str:
    """``played``: the hands played in ``elapsed`` (fewer than the summary's when a record was resumed)."""
    opts = ", ".join(f"{k}={v}" for k, v in summary["options"].items() if k in ("mode", "room"))
    hands = summary["hands"] if played is None else played
    rate = f", {hands / elapsed:.1f} hands/s" if elapsed and hands else ""
    lines = [
        f"{summary['ruleset']} ({opts}) — {summary['walls']} walls × 4 rotations = {summary['hands']} hands, "
        f"line-up {' '.join(summary['lineup'])}, seed {summary['seed']!r}{rate}",
        f"荒庄 (draws): {100 * summary['draw_rate']:.1f}% of hands",
        "",
        "bot          points/hand (95% CI)   win%   自摸%   点炮%   avg win   荒庄% of its tables",
    ]
    for r in summary["bots"]:
        lines.append(
            f"{r['bot']:<12} {r['points_per_hand']:>+9.2f} ± {r['ci95']:<8.2f} {100 * r['win_rate']:>6.1f} "
            f"{100 * r['self_draw_rate']:>7.1f} {100 * r['deal_in_rate']:>7.1f} {r['avg_win_value']:>9.1f} "
            f"{100 * r['draw_rate']:>10.1f}"
        )
    lines += ["", summary["verdict"]]
    errors = summary.get("bot_errors", [])
    if errors:  # as `majiang simulate` reports them
        lines += ["", f"bot program errors ({len(errors)}; each replaced by greedy for the rest of its hand):"]
        lines += [f"  {e}" for e in errors[:20]] + ([f"  … and {len(errors) - 20} more"] if len(errors) > 20 else [])
    return "\n".join(lines)


def write_arena_plot(path: str, plays: Sequence[Play], cfg: ArenaConfig) -> None:
    """A PNG: each bot's per-wall points (the unit of the intervals) as histograms."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 5))
    for name in cfg.names:
        ax.hist(per_wall_points(plays, name), bins=40, alpha=0.55, label=name)
    ax.set_xlabel("points per hand, one wall (mean over its 4 rotations)")
    ax.set_ylabel("walls")
    ax.set_title(f"{cfg.ruleset} {cfg.options.get('mode') or cfg.options.get('room') or ''} — {cfg.walls} walls")
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
