"""Ratings per player, ruleset and mode, and the seats of each rated match (majiang/platform/ratings.py).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(32), primary_key=True),
        sa.Column("mode", sa.String(32), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_board", "ratings", ["ruleset", "mode"])
    op.create_table(
        "rated_seats",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("mode", sa.String(32), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("tuoguan_share", sa.Float, nullable=False),
        sa.Column("tuoguan_heavy", sa.Boolean, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_rated_seats_player", "rated_seats", ["player_id"])


def downgrade() -> None:
    op.drop_index("ix_rated_seats_player", "rated_seats")
    op.drop_table("rated_seats")
    op.drop_index("ix_ratings_board", "ratings")
    op.drop_table("ratings")
