"""Bot-only matches, in one process or spread over worker processes.

Results never depend on the number of workers: match ``i`` is played from seeds derived
only from (run seed, i) — the match's hand seeds and every seat's bot seed — and the
matches come back merged in index order.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from majiang.bots import make_bot
from majiang.core.actions import Action
from majiang.core.events import Won, redact
from majiang.engine.hand import Hand
from majiang.engine.match import Match
from majiang.engine.replay import encode, to_replay
from majiang.engine.view import light_view, seat_view
from majiang.rules.registry import make_ruleset


@dataclass(frozen=True)
class SimConfig:
    ruleset: str
    options: dict[str, Any] = field(default_factory=dict)
    hands: int = 100
    bots: tuple[str, ...] = ("greedy", "random", "random", "random")
    seed: str = "0"
    match_hands: int = 8  # hands per match: the deal rotates and streaks build within a match
    save_dir: str | None = None  # write every hand as a replay file here

    @property
    def matches(self) -> int:
        return -(-self.hands // self.match_hands)

    def hands_in(self, match: int) -> int:
        return min(self.match_hands, self.hands - match * self.match_hands)


class ItemHit(msgspec.Struct, frozen=True, array_like=True):
    seat: int
    key: str
    name: str
    value: int


class HandResult(msgspec.Struct, frozen=True):
    match: int
    hand_no: int
    dealer: int
    streak: int
    winners: list[int]
    draw: bool
    self_draw: bool
    discarder: int | None  # who paid for a discard win
    totals: list[int]
    items: list[ItemHit]
    length: int  # actions taken in the hand (every seat's decisions, passes on claims included)
    bot_errors: list[str] = []  # a cmd: bot's program that failed in this hand (and was replaced), per seat


def match_seed(run_seed: str, match: int) -> str:
    return f"{run_seed}:match:{match}"


def bot_seed(run_seed: str, match: int, seat: int) -> int:
    digest = hashlib.sha256(f"{run_seed}:bot:{match}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def play_hand(hand: Hand, bots: list[Any], apply: Callable[[int, Action], object] | None = None) -> None:
    """Ask the bots (through seat views only) until the hand is over; ``apply`` defaults to the hand's."""
    act = apply or hand.apply
    # Bots that decide from the legal list alone get the light view (no other seats' melds/rivers).
    views = [light_view if getattr(b, "view_detail", "full") == "legal" else seat_view for b in bots]
    # Bots with an observe(events) hook (e.g. the cmd: bot) are shown their seat's redacted events.
    observers = [(seat, b) for seat, b in enumerate(bots) if hasattr(b, "observe")]
    shown = 0
    while not hand.over:
        if observers:
            shown = _show_events(hand, observers, shown)
        seat = hand.to_act()[0]  # claim windows: each waiting seat answers in turn
        act(seat, bots[seat].choose(views[seat](hand, seat)))
    if observers:
        _show_events(hand, observers, shown)


def _show_events(hand: Hand, observers: list[tuple[int, Any]], shown: int) -> int:
    new = hand.events[shown:]
    for seat, bot in observers:
        bot.observe([redact(e, seat) for e in new])
    return len(hand.events)


def play_match(cfg: SimConfig, index: int) -> list[HandResult]:
    ruleset = make_ruleset(cfg.ruleset, cfg.options)
    bots = [make_bot(name, bot_seed(cfg.seed, index, seat)) for seat, name in enumerate(cfg.bots)]
    match = Match(ruleset, hands=cfg.hands_in(index), seed=match_seed(cfg.seed, index))
    out: list[HandResult] = []
    while True:
        hand = match.hand
        reported = [len(getattr(b, "errors", ())) for b in bots]
        play_hand(hand, bots, match.apply)  # the match records the hand and rotates the deal
        errors = [f"seat {seat} ({b.name}): {e}" for seat, b in enumerate(bots)
                  for e in getattr(b, "errors", ())[reported[seat]:]]
        result = _result(index, hand)
        out.append(msgspec.structs.replace(result, bot_errors=errors) if errors else result)
        if cfg.save_dir is not None:
            path = Path(cfg.save_dir) / f"m{index:05d}-h{hand.hand_no:03d}.json"
            path.write_bytes(encode(to_replay(hand)))
        if match.finished:
            return out
        match.next_hand()


def _result(index: int, hand: Hand) -> HandResult:
    s = hand.settlement
    assert s is not None
    won = [e for e in hand.events if isinstance(e, Won)]
    items: list[ItemHit] = []
    if s.per_winner:
        for seat, its in sorted(s.per_winner.items()):
            items.extend(ItemHit(seat=int(seat), key=i.key, name=i.name, value=i.value) for i in its)
    elif s.winners:
        items.extend(ItemHit(seat=s.winners[0], key=i.key, name=i.name, value=i.value) for i in s.items)
    return HandResult(
        match=index,
        hand_no=hand.hand_no,
        dealer=hand.dealer,
        streak=hand.streak,
        winners=list(s.winners),
        draw=s.draw,
        self_draw=bool(won) and won[0].self_draw,
        discarder=won[0].from_seat if won and not won[0].self_draw else None,
        totals=list(s.totals),
        items=items,
        length=len(hand.log),
    )


def _play_chunk(args: tuple[SimConfig, int]) -> list[HandResult]:
    return play_match(*args)


def run(cfg: SimConfig, workers: int = 1, on_match: Callable[[int], None] | None = None) -> list[HandResult]:
    """Play every match; ``on_match(hands_done_in_that_match)`` is called as each one lands, in order."""
    if len(cfg.bots) != 4:
        raise ValueError(f"four bots are needed (one per seat), got {len(cfg.bots)}")
    if cfg.hands < 1:
        raise ValueError("at least one hand")
    if cfg.save_dir is not None:
        os.makedirs(cfg.save_dir, exist_ok=True)
    results: list[HandResult] = []
    for chunk in _matches(cfg, workers):
        results.extend(chunk)
        if on_match is not None:
            on_match(len(chunk))
    return results


def _matches(cfg: SimConfig, workers: int) -> Iterator[list[HandResult]]:
    jobs = [(cfg, i) for i in range(cfg.matches)]
    if workers <= 1:
        yield from map(_play_chunk, jobs)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_play_chunk, jobs)  # map keeps the input order
