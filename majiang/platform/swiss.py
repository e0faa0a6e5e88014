"""A tournament's arithmetic, with no database: Swiss seating into tables of four, duplicate walls,
the commitment to a round's seeds, standings and their tie-breaks (docs/tournaments.md).

Everything here is a pure function of its arguments, so the server, the tests and ``majiang verify
--tournament`` compute the same answers from the same facts."""

from __future__ import annotations

import hashlib
import itertools
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

SEATS = 4
SEARCH_BUDGET = 50_000  # tables tried before the seating settles for the fewest repeat meetings


def seed_hash(seed: str) -> str:
    """The same SHA-256 a hand announces at its deal (majiang.engine.hand.seed_hash)."""
    return hashlib.sha256(seed.encode()).hexdigest()


def new_seeds(hands: int) -> tuple[list[str], str]:
    """A round's walls (one seed per hand) and its match seed (the tables' first dealer)."""
    return [secrets.token_hex(16) for _ in range(hands)], secrets.token_hex(16)


def commitment(seeds: Sequence[str], match_seed: str) -> list[str]:
    """What is published when the round starts: the hash of every wall's seed, then the match seed's."""
    return [seed_hash(s) for s in seeds] + [seed_hash(match_seed)]


def wall_of(table_no: int, hand_no: int, hands: int) -> int:
    """Which of the round's walls table ``table_no`` (0-based) deals as its hand ``hand_no`` (1-based):
    every table plays every wall, table t starting t walls further on, so a wall meets a different
    hand of the match (a different dealer and seat order) at each table."""
    return (hand_no - 1 + table_no) % hands


# --- seating --------------------------------------------------------------------------------------
def table_sizes(players: int) -> list[int]:
    """How many players sit at each table: tables of four, a bot in each of the last tables where the
    count is not a multiple of four (one bot per table; a lone table of fewer takes them all)."""
    tables = max(1, -(-players // SEATS))
    bots = tables * SEATS - players
    if tables == 1:
        return [players]
    return [SEATS] * (tables - bots) + [SEATS - 1] * bots


def seat_tables(order: Sequence[str], met: dict[str, set[str]],
                budget: int = SEARCH_BUDGET) -> list[list[str]]:
    """Tables for the next round: ``order`` is best first (the standings, or ratings before round 1);
    each table takes the best unseated player and the nearest others in the order with whom it has
    not sat before. Repeat meetings only where no seating avoids them (then as few as the search finds)."""
    sizes = table_sizes(len(order))
    tried = 0

    def repeats(group: Sequence[str]) -> int:
        return sum(1 for a, b in itertools.combinations(group, 2) if b in met.get(a, ()))

    def search(rest: list[str], k: int) -> list[list[str]] | None:
        nonlocal tried
        if k == len(sizes):
            return []
        first, others = rest[0], rest[1:]
        for combo in itertools.combinations(others, sizes[k] - 1):
            tried += 1
            if tried > budget:
                return None
            group = [first, *combo]
            if repeats(group):
                continue
            left = [p for p in others if p not in combo]
            found = search(left, k + 1)
            if found is not None:
                return [group, *found]
        return None

    clean = search(list(order), 0)
    if clean is not None:
        return clean
    # No seating without repeats within the budget: greedily the fewest repeats, nearest in the order.
    rest, out = list(order), []
    for size in sizes:
        first, others = rest[0], rest[1:]
        window = others[:max(size + 6, 10)]
        best = min(itertools.combinations(window, size - 1),
                   key=lambda c: (repeats([first, *c]), [others.index(p) for p in c]))
        out.append([first, *best])
        rest = [p for p in others if p not in best]
    return out


# --- standings ------------------------------------------------------------------------------------
@dataclass
class Standing:
    player_id: str
    name: str
    points: int = 0  # the running total of the match scores
    firsts: int = 0  # tables won (first place, shared on equal totals)
    opponents: int = 0  # Buchholz: the sum of the points of everyone met, counted per meeting
    best: int | None = None  # the best single round
    rounds: list[dict[str, Any]] = field(default_factory=list)
    place: int = 0

    def key(self) -> tuple[int, int, int, int, str]:
        return (-self.points, -self.firsts, -self.opponents, -(self.best or 0), self.player_id)

    def json(self) -> dict[str, Any]:
        return {"place": self.place, "player_id": self.player_id, "name": self.name, "points": self.points,
                "firsts": self.firsts, "opponents": self.opponents, "best": self.best, "rounds": self.rounds}


def places(totals: Sequence[int]) -> list[int]:
    """1-based places by total (higher is better); equal totals share a place."""
    return [1 + sum(1 for u in totals if u > v) for v in totals]


def standings(names: dict[str, str], tables: Sequence[dict[str, Any]]) -> list[Standing]:
    """Standings from finished tables (each ``{"round", "table", "seats": [{"player_id"} | {"bot"}],
    "totals", "tuoguan"}``): points first, then tables won, then Buchholz (the points of the opponents
    met), then the best round, then the player id (docs/tournaments.md, "Standings")."""
    rows = {p: Standing(p, n) for p, n in names.items()}
    for t in tables:
        totals = t.get("totals")
        if totals is None:
            continue
        pl = places(totals)
        for i, s in enumerate(t["seats"]):
            p = s.get("player_id")
            if p is None or p not in rows:
                continue
            r = rows[p]
            r.points += totals[i]
            r.firsts += pl[i] == 1
            r.best = totals[i] if r.best is None else max(r.best, totals[i])
            share = (t.get("tuoguan") or [0.0] * SEATS)[i]
            r.rounds.append({"round": t["round"], "table": t["table"], "seat": i, "total": totals[i],
                             "place": pl[i], "tuoguan": share, "marked": share > 0.5})
    for t in tables:  # Buchholz, once every player's points are known
        if t.get("totals") is None:
            continue
        ids = [s.get("player_id") for s in t["seats"]]
        for p in ids:
            if p in rows:
                rows[p].opponents += sum(rows[q].points for q in ids if q in rows and q != p)
    out = sorted(rows.values(), key=Standing.key)
    for i, r in enumerate(out):
        r.place = i + 1
    return out


def met_of(tables: Sequence[dict[str, Any]]) -> dict[str, set[str]]:
    """Who has sat at a table with whom (bots are nobody)."""
    met: dict[str, set[str]] = {}
    for t in tables:
        ids = [s["player_id"] for s in t["seats"] if s.get("player_id")]
        for p in ids:
            met.setdefault(p, set()).update(q for q in ids if q != p)
    return met


# --- verification ---------------------------------------------------------------------------------
def verify_record(record: dict[str, Any]) -> list[str]:
    """What is wrong with a tournament's record (``GET /api/tournaments/{tid}/verify``): for every
    revealed round, each seed must hash to what was committed at the round's start, and each table's
    hand n must have been dealt from the wall ``wall_of`` names (a hand the operator voided is dealt
    again from a fresh seed: reported as such, not as a fault). Empty: everything agrees."""
    problems: list[str] = []
    hands = int(record["hands"])
    for rnd in record["rounds"]:
        no = rnd["round"]
        seeds, match_seed, committed = rnd.get("seeds"), rnd.get("match_seed"), rnd["hashes"]
        if seeds is None or match_seed is None:
            continue  # not revealed yet: nothing to check but that it was committed
        if commitment(seeds, match_seed) != committed:
            problems.append(f"round {no}: the revealed seeds do not hash to the committed hashes")
            continue
        for t in rnd["tables"]:
            for h in t.get("hands", []):
                want = seeds[wall_of(t["table"], h["hand_no"], hands)]
                if h["seed"] != want and not h.get("voided"):
                    problems.append(f"round {no} table {t['table'] + 1} hand {h['hand_no']}: dealt from "
                                    f"{h['seed']}, not the committed wall {want}")
                if seed_hash(h["seed"]) != h["seed_hash"]:
                    problems.append(f"round {no} table {t['table'] + 1} hand {h['hand_no']}: its seed does "
                                    "not hash to the hash announced at its deal")
    return problems
