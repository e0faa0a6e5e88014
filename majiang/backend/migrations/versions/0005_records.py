"""战绩 and 回放码: matches, their players, each seat's outcome of each hand, replay codes
(majiang/platform/records.py, docs/server.md). Hands finished before this migration get their
records and replay codes here, so an upgraded database shows its old matches like new ones.

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("club_id", sa.String(16), nullable=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("totals", sa.Text, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_matches_club", "matches", ["club_id", "finished_at"])
    op.create_table(
        "match_players",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_match_players_player", "match_players", ["player_id", "finished_at"])
    op.create_table(
        "hand_records",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("hand_no", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("club_id", sa.String(16), nullable=True),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
        sa.Column("self_draw", sa.Boolean, nullable=False),
        sa.Column("dealt_in", sa.Boolean, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_index("ix_hand_records_player", "hand_records", ["player_id", "ruleset"])
    op.create_index("ix_hand_records_club", "hand_records", ["club_id", "finished_at"])
    op.create_table(
        "replay_codes",
        sa.Column("code", sa.String(8), primary_key=True),
        sa.Column("room_code", sa.String(16), nullable=False),
        sa.Column("hand_no", sa.Integer, nullable=False),
        sa.UniqueConstraint("room_code", "hand_no", name="uq_replay_codes_hand"),
    )
    _backfill(op.get_bind())


def _backfill(conn: sa.Connection) -> None:
    """Records for the hands already kept, the way the live hook writes them for new hands."""
    from majiang.backend.replay_codes import hand_wins_of, new_replay_code

    rooms = {r.code: r for r in conn.execute(sa.text("SELECT code, ruleset, status, created_at FROM rooms"))}
    names: dict[str, str] = {row[0]: row[1] for row in conn.execute(sa.text("SELECT player_id, name FROM players"))}
    used: set[str] = set()
    by_room: dict[str, list[sa.Row]] = {}
    for h in conn.execute(sa.text("SELECT room_code, hand_no, players, totals, draw, settlement, replay, "
                                  "finished_at FROM hands ORDER BY room_code, hand_no")):
        by_room.setdefault(h.room_code, []).append(h)
    for code, hands in by_room.items():
        room = rooms.get(code)
        if room is None:
            continue
        running = [0, 0, 0, 0]
        seats: list[dict[str, str]] = []
        for h in hands:
            players = json.loads(h.players)
            totals = json.loads(h.totals)
            winners = set(json.loads(h.settlement).get("winners") or [])
            self_drawn, dealt_in = hand_wins_of(h.replay) if winners else (set(), None)
            running = [a + b for a, b in zip(running, totals, strict=False)]
            seats = [{"player_id": p, "name": names.get(p, f"Bot {i + 1}" if p.startswith("bot:") else p)}
                     for i, p in enumerate(players)]
            for i, p in enumerate(players):
                conn.execute(sa.text(
                    "INSERT INTO hand_records (room_code, hand_no, seat, player_id, ruleset, club_id, total, won, "
                    "self_draw, dealt_in, finished_at) VALUES (:c, :n, :s, :p, :r, NULL, :t, :w, :sd, :d, :f)"),
                    {"c": code, "n": h.hand_no, "s": i, "p": p, "r": room.ruleset, "t": totals[i],
                     "w": i in winners, "sd": i in self_drawn, "d": dealt_in == i, "f": h.finished_at})
            rc = new_replay_code()
            while rc in used:
                rc = new_replay_code()
            used.add(rc)
            conn.execute(sa.text("INSERT INTO replay_codes (code, room_code, hand_no) VALUES (:rc, :c, :n)"),
                         {"rc": rc, "c": code, "n": h.hand_no})
        last = hands[-1]
        status = "finished" if room.status == "finished" else "playing"
        conn.execute(sa.text("INSERT INTO matches (room_code, ruleset, club_id, seats, totals, hands, status, "
                             "started_at, finished_at) VALUES (:c, :r, NULL, :s, :t, :n, :st, :a, :f)"),
                     {"c": code, "r": room.ruleset, "s": json.dumps(seats), "t": json.dumps(running), "n": len(hands),
                      "st": status, "a": room.created_at, "f": last.finished_at})
        for i, seat in enumerate(seats):
            if not seat["player_id"].startswith("bot:"):
                conn.execute(sa.text("INSERT INTO match_players (room_code, player_id, seat, total, finished_at) "
                                     "VALUES (:c, :p, :s, :t, :f)"),
                             {"c": code, "p": seat["player_id"], "s": i, "t": running[i], "f": last.finished_at})


def downgrade() -> None:
    for table in ("replay_codes", "hand_records", "match_players", "matches"):
        op.drop_table(table)
