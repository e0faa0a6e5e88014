"""The ranking's per-seat figures (majiang/server/stats.py) agree with what the hands showed live.

Whole matches are played by bots; each finished hand is stored the way the server stores it (settlement
JSON and replay file), and the figures computed from those rows are compared with the ``won`` events
and settlements seen while the hands were played."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.backend.protocol import encoder
from majiang.bots import make_bot
from majiang.core.events import Won
from majiang.engine import Match
from majiang.engine.replay import encode as encode_replay
from majiang.engine.replay import to_replay
from majiang.rules.registry import make_ruleset
from majiang.server.stats import match_stats
from majiang.sim.runner import play_hand

Rows = list[dict[str, Any]]


def _play(ruleset: str, options: dict[str, Any], hands: int, seed: str) -> tuple[Rows, list[dict[str, int]]]:
    """(the store's rows of a bot match, the figures counted from the live events)."""
    match = Match(make_ruleset(ruleset, options), hands=hands, seed=seed)
    bots = [make_bot("greedy", i) for i in range(4)]
    rows: Rows = []
    live = [{"wins": 0, "self_draws": 0, "deal_ins": 0, "best": 0} for _ in range(4)]
    while True:
        hand = match.hand
        play_hand(hand, bots, match.apply)
        s = hand.settlement
        assert s is not None
        rows.append({"settlement": encoder.encode(s).decode(), "draw": bool(s.draw or not s.winners),
                     "replay": encode_replay(to_replay(hand)).decode()})
        won = [e for e in hand.events if isinstance(e, Won)]
        for e in won:
            live[e.seat]["wins"] += 1
            live[e.seat]["best"] = max(live[e.seat]["best"], s.totals[e.seat])
            live[e.seat]["self_draws"] += e.self_draw
        for discarder in {e.from_seat for e in won if not e.self_draw and e.from_seat is not None}:
            live[discarder]["deal_ins"] += 1
        if match.finished:
            return rows, live
        match.next_hand()


@pytest.mark.parametrize(("ruleset", "options"), [("anqing", {"mode": "A"}), ("hefei", {"room": "baoting"})])
def test_stats_from_stored_hands_match_the_live_hands(ruleset: str, options: dict[str, Any]) -> None:
    rows, live = _play(ruleset, options, 16, f"stats-{ruleset}")
    stats = match_stats(rows)
    assert stats == live
    # the figures were exercised: self-draws in both; discard wins and deal-ins in Hefei (the greedy
    # bots' Anqing matches are won by self-draw only)
    assert sum(s["self_draws"] for s in stats) > 0
    if ruleset == "hefei":
        assert sum(s["wins"] for s in stats) > sum(s["self_draws"] for s in stats)
        assert sum(s["deal_ins"] for s in stats) > 0


def test_stats_of_no_hands_are_zero() -> None:
    assert match_stats([]) == [{"wins": 0, "self_draws": 0, "deal_ins": 0, "best": 0}] * 4
