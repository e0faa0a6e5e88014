"""Ratings per ruleset and mode from four-player results: openskill's Plackett–Luce model (a maintained
Bayesian rating library; docs/server.md, "Ratings").

A rating is a belief about a player's skill: ``mu`` (its centre) and ``sigma`` (how unsure it still is).
The scale is openskill's default ×60 — a new player is 1500 ± 500 — so the figures read like the Elo-style
numbers players know ("1520 ± 80"). A rating is *provisional* for its first :data:`PROVISIONAL` matches.
Players are ranked by the conservative estimate ``mu - 3 sigma`` (openskill's ordinal), so a player with
a few lucky matches does not top the board before the system is sure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

SCALE = 60.0
MODEL = PlackettLuce(mu=25.0 * SCALE, sigma=25.0 / 3 * SCALE, beta=25.0 / 6 * SCALE, tau=25.0 / 300 * SCALE)
PROVISIONAL = 10  # matches before a rating loses its provisional mark
TUOGUAN_HEAVY = 0.5  # a seat whose actions were more than half 托管's is marked in the record


@dataclass(frozen=True)
class Rating:
    mu: float = MODEL.mu
    sigma: float = MODEL.sigma
    matches: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative estimate the leaderboard sorts by."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.matches < PROVISIONAL

    def shown(self) -> str:
        """"1520 ± 80", with "?" while provisional."""
        return f"{round(self.mu)} ± {round(self.sigma)}" + ("?" if self.provisional else "")

    def json(self) -> dict[str, Any]:
        return {"mu": round(self.mu, 1), "sigma": round(self.sigma, 1), "matches": self.matches,
                "provisional": self.provisional, "shown": self.shown(), "ordinal": round(self.ordinal, 1)}


def places(totals: list[int]) -> list[int]:
    """1-based places by total (higher is better); equal totals share a place."""
    return [1 + sum(1 for u in totals if u > v) for v in totals]


def rate(before: list[Rating], totals: list[int]) -> list[Rating]:
    """The four ratings after a match that ended with ``totals`` (each seat its own team)."""
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma)] for r in before]
    after = MODEL.rate(teams, ranks=[float(p) for p in places(totals)])
    return [Rating(mu=t[0].mu, sigma=t[0].sigma, matches=r.matches + 1) for t, r in zip(after, before, strict=True)]


def mode_of(ruleset: str, options: dict[str, Any]) -> str:
    """The mode a rating is kept for within a ruleset: Anqing's 玩法 (A/B), Hefei's room (报听 or not);
    rulesets without such a choice have one mode, "-"."""
    for key in ("mode", "room"):
        value = options.get(key)
        if isinstance(value, str):
            return value
    return "-"
