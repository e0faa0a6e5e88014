"""Players, rooms, the per-room event log, finished hands and per-seat results.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "players",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "rooms",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("totals", sa.Text, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_table(
        "room_events",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("idx", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
    )
    op.create_table(
        "hands",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("hand_no", sa.Integer, primary_key=True),
        sa.Column("dealer", sa.Integer, nullable=False),
        sa.Column("streak", sa.Integer, nullable=False),
        sa.Column("seed", sa.String(128), nullable=False),
        sa.Column("seed_hash", sa.String(64), nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("totals", sa.Text, nullable=False),
        sa.Column("draw", sa.Boolean, nullable=False),
        sa.Column("settlement", sa.Text, nullable=False),
        sa.Column("replay", sa.Text, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=False),
    )
    op.create_table(
        "hand_seats",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("hand_no", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("won", sa.Boolean, nullable=False),
    )
    op.create_index("ix_hand_seats_player", "hand_seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_hand_seats_player", "hand_seats")
    for name in ("hand_seats", "hands", "room_events", "rooms", "players"):
        op.drop_table(name)
