"""战绩: what the store keeps of every finished hand and match, read for players' records."""

from __future__ import annotations

from typing import Any

from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncConnection

from majiang.server.schema import hand_seats, rooms


async def seat_stats(conn: AsyncConnection, player_id: str) -> list[dict[str, Any]]:
    """Per ruleset the player sat at: hands, wins, points in all, average points per hand and the
    best hand (the largest gain of one hand)."""
    won = func.sum(case((hand_seats.c.won, 1), else_=0))
    res = await conn.execute(
        select(rooms.c.ruleset, func.count(), won, func.sum(hand_seats.c.total), func.max(hand_seats.c.total))
        .join(rooms, rooms.c.code == hand_seats.c.room_code)
        .where(hand_seats.c.player_id == player_id)
        .group_by(rooms.c.ruleset).order_by(rooms.c.ruleset))
    out = []
    for ruleset, hands, wins, total, best in res:
        hands, wins, total = int(hands), int(wins or 0), int(total or 0)
        out.append({"ruleset": ruleset, "hands": hands, "wins": wins, "points": total,
                    "win_rate": round(wins / hands, 3) if hands else 0.0,
                    "avg_points": round(total / hands, 2) if hands else 0.0,
                    "best": max(int(best or 0), 0)})
    return out


