"""战绩 and 回放码: every ended hand's record and replay code, every match's summary, players' lists
of matches and per-ruleset statistics.

:func:`on_hand` is the store's hand hook (majiang/backend/hooks.py): it runs in the transaction that
saves the hand, so each hand is kept with its record and its replay code or not at all."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from sqlalchemy import and_, case, func, insert, select, update

from majiang.backend.hooks import HandReport
from majiang.backend.platform_schema import club_rooms, hand_records, match_players, matches, replay_codes
from majiang.backend.replay_codes import new_replay_code
from majiang.backend.sa_async import AsyncConnection
from majiang.backend.schema import hands, rooms
from majiang.platform.ratings import places

PERIODS = ("week", "month", "all")


def since(period: str, now: float) -> float:
    """The start of this calendar week (Monday) or month, UTC; 0 for all time."""
    if period == "all":
        return 0.0
    day = dt.datetime.fromtimestamp(now, dt.UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    start = day - dt.timedelta(days=day.weekday()) if period == "week" else day.replace(day=1)
    return start.timestamp()


# --- the hook ----------------------------------------------------------------------------------------
async def on_hand(conn: AsyncConnection, r: HandReport) -> None:
    """Keep an ended hand's record and replay code, and bring its match's summary up to date."""
    club_id = await club_of(conn, r.room_code)
    await conn.execute(insert(hand_records), [
        {"room_code": r.room_code, "hand_no": r.hand_no, "seat": i, "player_id": p, "ruleset": r.ruleset,
         "club_id": club_id, "total": r.totals[i], "won": i in r.winners, "self_draw": i in r.self_drawn,
         "dealt_in": r.dealt_in == i, "finished_at": r.finished_at} for i, p in enumerate(r.players)])
    code = new_replay_code()
    while (await conn.execute(select(replay_codes.c.code).where(replay_codes.c.code == code))).first():
        code = new_replay_code()
    await conn.execute(insert(replay_codes).values(code=code, room_code=r.room_code, hand_no=r.hand_no))
    seats = json.dumps([{"player_id": p, "name": n} for p, n in zip(r.players, r.names, strict=True)])
    values = {"ruleset": r.ruleset, "club_id": club_id, "seats": seats, "totals": json.dumps(r.match_totals),
              "hands": r.hand_no, "status": "finished" if r.match_over else "playing", "finished_at": r.finished_at}
    done = await conn.execute(update(matches).where(matches.c.room_code == r.room_code).values(**values))
    if done.rowcount == 0:
        started = (await conn.execute(select(rooms.c.created_at).where(rooms.c.code == r.room_code))).scalar()
        await conn.execute(insert(matches).values(room_code=r.room_code, started_at=started or r.finished_at,
                                                  **values))
    for i, p in enumerate(r.players):
        if p.startswith("bot:"):
            continue
        row = {"seat": i, "total": r.match_totals[i], "finished_at": r.finished_at}
        done = await conn.execute(update(match_players).where(
            match_players.c.room_code == r.room_code, match_players.c.player_id == p).values(**row))
        if done.rowcount == 0:
            await conn.execute(insert(match_players).values(room_code=r.room_code, player_id=p, **row))


async def club_of(conn: AsyncConnection, room_code: str) -> str | None:
    """The club whose room this is (None: not a club's room)."""
    return (await conn.execute(select(club_rooms.c.club_id).where(club_rooms.c.room_code == room_code))).scalar()


# --- reads ---------------------------------------------------------------------------------------------
async def seat_stats(conn: AsyncConnection, player_id: str) -> list[dict[str, Any]]:
    """Per ruleset the player sat at: hands, wins, 自摸 and 点炮 counts and shares, points in all, the
    average per hand and the best hand (the largest gain of one hand)."""
    def count(col: Any) -> Any:
        return func.sum(case((col, 1), else_=0))
    hr = hand_records.c
    res = await conn.execute(
        select(hr.ruleset, func.count(), count(hr.won), count(hr.self_draw), count(hr.dealt_in),
               func.sum(hr.total), func.max(hr.total))
        .where(hr.player_id == player_id).group_by(hr.ruleset).order_by(hr.ruleset))
    out = []
    for ruleset, n, wins, self_draws, deal_ins, total, best in res:
        n, wins, self_draws, deal_ins, total = int(n), int(wins), int(self_draws), int(deal_ins), int(total or 0)
        out.append({"ruleset": ruleset, "hands": n, "wins": wins, "self_draws": self_draws, "deal_ins": deal_ins,
                    "points": total, "win_rate": round(wins / n, 3), "self_draw_rate": round(self_draws / n, 3),
                    "deal_in_rate": round(deal_ins / n, 3), "avg_points": round(total / n, 2),
                    "best": max(int(best or 0), 0)})
    return out


def _match_json(row: Any, me: str | None = None) -> dict[str, Any]:
    seats = json.loads(row.seats)
    totals = json.loads(row.totals)
    # equal totals share a place and the next skips (2, 2, 4), as the table's ranking and the ratings say
    place = places(totals)
    out = {"room_code": row.room_code, "ruleset": row.ruleset, "club_id": row.club_id, "status": row.status,
           "hands": row.hands, "started_at": row.started_at, "finished_at": row.finished_at,
           "players": [{"seat": i, "player_id": None if s["player_id"].startswith("bot:") else s["player_id"],
                        "bot": s["player_id"].startswith("bot:"), "name": s["name"], "total": totals[i],
                        "place": place[i]} for i, s in enumerate(seats)]}
    if me is not None:
        mine = next((p for p in out["players"] if p["player_id"] == me), None)
        out["seat"] = mine["seat"] if mine else None
    return out


async def matches_of(conn: AsyncConnection, player_id: str, *, ruleset: str | None, club_id: str | None,
                     period: str, now: float, limit: int, offset: int) -> dict[str, Any]:
    """A player's matches, newest first, filtered by ruleset, club and period."""
    cond = [match_players.c.player_id == player_id, match_players.c.finished_at >= since(period, now)]
    if ruleset is not None:
        cond.append(matches.c.ruleset == ruleset)
    if club_id is not None:
        cond.append(matches.c.club_id == club_id)
    joined = match_players.join(matches, matches.c.room_code == match_players.c.room_code)
    total = (await conn.execute(select(func.count()).select_from(joined).where(and_(*cond)))).scalar()
    res = await conn.execute(select(matches).select_from(joined).where(and_(*cond))
                             .order_by(matches.c.finished_at.desc()).limit(limit).offset(offset))
    found = [_match_json(r, player_id) for r in res]
    more = offset + limit < int(total or 0)
    return {"matches": found, "total": int(total or 0), "next": offset + limit if more else None}


async def match_summary(conn: AsyncConnection, room_code: str) -> dict[str, Any] | None:
    """The shareable summary of a match: places and totals, each hand's outcome and replay code, the
    best hand. None: no hand of that room has ended."""
    row = (await conn.execute(select(matches).where(matches.c.room_code == room_code))).first()
    if row is None:
        return None
    out = _match_json(row)
    codes = dict((await conn.execute(select(replay_codes.c.hand_no, replay_codes.c.code)
                                      .where(replay_codes.c.room_code == room_code))).all())
    per_hand: dict[int, list[Any]] = {}
    for r in await conn.execute(select(hand_records).where(hand_records.c.room_code == room_code)
                                .order_by(hand_records.c.hand_no, hand_records.c.seat)):
        per_hand.setdefault(r.hand_no, []).append(r)
    dealers = dict((await conn.execute(select(hands.c.hand_no, hands.c.dealer)
                                        .where(hands.c.room_code == room_code))).all())
    hand_list = []
    best: dict[str, Any] | None = None
    for n, seats in sorted(per_hand.items()):
        winners = [s.seat for s in seats if s.won]
        how = "draw" if not winners else ("self_draw" if any(s.self_draw for s in seats) else "discard")
        dealt_in = next((s.seat for s in seats if s.dealt_in), None)
        hand_list.append({"hand_no": n, "dealer": dealers.get(n), "winners": winners, "how": how,
                          "dealt_in": dealt_in, "totals": [s.total for s in seats], "replay_code": codes.get(n)})
        for s in seats:
            if s.won and (best is None or s.total > best["points"]):
                best = {"hand_no": n, "seat": s.seat, "points": s.total, "replay_code": codes.get(n)}
    out["hand_list"] = hand_list
    out["best_hand"] = best
    return out


async def replay_target(conn: AsyncConnection, code: str) -> dict[str, Any] | None:
    """The hand a replay code names: {"room_code", "hand_no", "club_id"} or None."""
    row = (await conn.execute(select(replay_codes.c.room_code, replay_codes.c.hand_no, matches.c.club_id,
                                     matches.c.ruleset)
                              .join(matches, matches.c.room_code == replay_codes.c.room_code, isouter=True)
                              .where(replay_codes.c.code == code))).first()
    if row is None:
        return None
    return {"code": code, "room_code": row.room_code, "hand_no": row.hand_no, "club_id": row.club_id,
            "ruleset": row.ruleset}


async def played_in(conn: AsyncConnection, room_code: str, player_id: str) -> bool:
    return (await conn.execute(select(match_players.c.player_id).where(
        match_players.c.room_code == room_code, match_players.c.player_id == player_id))).first() is not None
