"""Ranked rooms: their rules, recording a finished match's ratings, and the leaderboard's reads.

A ranked room (``RoomSettings.ranked``) seats four accounts and no bot (the server refuses guests and
bots in it), so every rated match is between four accounts. When its match ends the table queues
:func:`record_op` in the same batch as the last hand: the four ratings for the room's ruleset and mode
are read, updated from the match's totals (majiang/platform/ratings.py) and written with each seat's
record (place, before and after, and the share of its actions 托管 took: more than half is marked)."""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import func, select

from majiang.backend.platform_schema import rated_seats, ratings
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import players
from majiang.platform.ratings import TUOGUAN_HEAVY, Rating, mode_of, places, rate


def record_op(code: str, ruleset: str, options: dict[str, Any], seat_players: list[str], totals: list[int],
              acts: list[int], auto_acts: list[int]) -> Any:
    """A store op that rates a finished ranked match (None when a seat is not a person: never rated)."""
    if len(seat_players) != 4 or any(p.startswith("bot:") for p in seat_players) or len(set(seat_players)) != 4:
        return None
    mode = mode_of(ruleset, options)
    share = [a / n if n else 0.0 for a, n in zip(auto_acts, acts, strict=True)]

    async def op(conn: AsyncConnection) -> None:
        query = select(ratings).where(ratings.c.ruleset == ruleset, ratings.c.mode == mode,
                                      ratings.c.player_id.in_(seat_players))
        if conn.dialect.name == "postgresql":  # two nodes rating matches of one player at once: in turn
            query = query.with_for_update()
        rows = {r["player_id"]: r for r in (await conn.execute(query)).mappings()}
        before = [Rating(rows[p]["mu"], rows[p]["sigma"], rows[p]["matches"]) if p in rows else Rating()
                  for p in seat_players]
        after = rate(before, totals)
        now = time.time()
        for p, r in zip(seat_players, after, strict=True):
            values = {"mu": r.mu, "sigma": r.sigma, "matches": r.matches, "updated_at": now}
            if p in rows:
                await conn.execute(ratings.update().where(ratings.c.player_id == p, ratings.c.ruleset == ruleset,
                                                          ratings.c.mode == mode).values(**values))
            else:
                await conn.execute(ratings.insert().values(player_id=p, ruleset=ruleset, mode=mode, **values))
        await conn.execute(rated_seats.insert(), [
            {"room_code": code, "seat": i, "player_id": p, "ruleset": ruleset, "mode": mode, "place": pl,
             "total": totals[i], "mu_before": b.mu, "sigma_before": b.sigma, "mu_after": a.mu,
             "sigma_after": a.sigma, "tuoguan_share": round(share[i], 3), "tuoguan_heavy": share[i] > TUOGUAN_HEAVY,
             "at": now}
            for i, (p, pl, b, a) in enumerate(zip(seat_players, places(totals), before, after, strict=True))])
    return op


async def leaderboard(conn: AsyncConnection, ruleset: str, mode: str, limit: int,
                      me: str | None) -> dict[str, Any]:
    """The top ``limit`` by the conservative estimate (mu - 3 sigma), and ``me``'s place and rating."""
    ordinal = ratings.c.mu - 3 * ratings.c.sigma
    rows = (await conn.execute(
        select(ratings, players.c.name, players.c.avatar, ordinal.label("ord"))
        .join(players, players.c.player_id == ratings.c.player_id)
        .where(ratings.c.ruleset == ruleset, ratings.c.mode == mode)
        .order_by(ordinal.desc(), ratings.c.player_id).limit(limit))).mappings().all()
    total = (await conn.execute(select(func.count()).select_from(ratings)
                                .where(ratings.c.ruleset == ruleset, ratings.c.mode == mode))).scalar_one()
    # equal ratings share a place (1, 1, 3 ...), the same rule as ``me``'s place below: numbering the rows
    # 1, 2, 3 while ``me`` counted only those strictly better said "your place: #1" beside a row numbered 2
    top: list[dict[str, Any]] = []
    for i, r in enumerate(rows):
        place = top[-1]["place"] if top and r["ord"] == rows[i - 1]["ord"] else i + 1
        top.append({"place": place, "player_id": r["player_id"], "name": r["name"], "avatar": r["avatar"] or 0,
                    **Rating(r["mu"], r["sigma"], r["matches"]).json()})
    mine = None
    if me is not None:
        row = (await conn.execute(select(ratings, ordinal.label("ord")).where(
            ratings.c.ruleset == ruleset, ratings.c.mode == mode, ratings.c.player_id == me))).mappings().first()
        if row is not None:
            better = (await conn.execute(select(func.count()).select_from(ratings).where(
                ratings.c.ruleset == ruleset, ratings.c.mode == mode, ordinal > row["ord"]))).scalar_one()
            mine = {"place": int(better) + 1, "player_id": me,
                    **Rating(row["mu"], row["sigma"], row["matches"]).json()}
    return {"ruleset": ruleset, "mode": mode, "players": int(total), "top": top, "me": mine}


async def player_ratings(conn: AsyncConnection, player_id: str) -> dict[str, Any]:
    """Every rating of a player, and its last rated matches (the 托管 mark included)."""
    rows = (await conn.execute(select(ratings).where(ratings.c.player_id == player_id)
                               .order_by(ratings.c.ruleset, ratings.c.mode))).mappings().all()
    seats = (await conn.execute(select(rated_seats).where(rated_seats.c.player_id == player_id)
                                .order_by(rated_seats.c.at.desc()).limit(20))).mappings().all()
    return {"player_id": player_id,
            "ratings": [{"ruleset": r["ruleset"], "mode": r["mode"], **Rating(r["mu"], r["sigma"], r["matches"]).json()}
                        for r in rows],
            "matches": [{"room": s["room_code"], "ruleset": s["ruleset"], "mode": s["mode"], "place": s["place"],
                         "total": s["total"], "change": round(s["mu_after"] - s["mu_before"], 1),
                         "tuoguan_share": s["tuoguan_share"], "tuoguan_heavy": bool(s["tuoguan_heavy"]),
                         "at": s["at"]} for s in seats]}
