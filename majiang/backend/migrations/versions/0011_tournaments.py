"""Tournaments: the event, its players, each round's committed seeds and its tables
(majiang/platform/tournaments.py).

Revision ID: 0011
Revises: 0010
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("tid", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(16), nullable=True),
        sa.Column("created_by", sa.String(64), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("capacity", sa.Integer, nullable=False),
        sa.Column("start_at", sa.Float, nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round_no", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float, nullable=True),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_index("ix_tournaments_club", "tournaments", ["club_id"])
    op.create_table(
        "tournament_players",
        sa.Column("tid", sa.String(16), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("registered_at", sa.Float, nullable=False),
        sa.Column("checked_in", sa.Boolean, nullable=False),
        sa.Column("rating", sa.Float, nullable=False),
    )
    op.create_table(
        "tournament_rounds",
        sa.Column("tid", sa.String(16), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("hashes", sa.Text, nullable=False),
        sa.Column("seeds", sa.Text, nullable=False),
        sa.Column("match_seed", sa.String(64), nullable=False),
        sa.Column("revealed", sa.Boolean, nullable=False),
        sa.Column("started_at", sa.Float, nullable=False),
        sa.Column("finished_at", sa.Float, nullable=True),
    )
    op.create_table(
        "tournament_tables",
        sa.Column("tid", sa.String(16), primary_key=True),
        sa.Column("round_no", sa.Integer, primary_key=True),
        sa.Column("table_no", sa.Integer, primary_key=True),
        sa.Column("room_code", sa.String(16), nullable=False, unique=True),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("totals", sa.Text, nullable=True),
        sa.Column("tuoguan", sa.Text, nullable=True),
        sa.Column("finished", sa.Boolean, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("tournament_tables")
    op.drop_table("tournament_rounds")
    op.drop_table("tournament_players")
    op.drop_index("ix_tournaments_club", "tournaments")
    op.drop_table("tournaments")
