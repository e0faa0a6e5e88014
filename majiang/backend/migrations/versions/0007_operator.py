"""The operator's (网管) console: its log of actions, bans, and the server-wide flags (drain, announcement).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "operator_actions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("who", sa.String(128), nullable=False),  # the operator (and the address it acted from)
        sa.Column("action", sa.String(32), nullable=False),
        sa.Column("target", sa.String(128), nullable=False),  # a room code, a player id, an address, or ""
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("detail", sa.Text, nullable=False),  # JSON
    )
    op.create_index("ix_operator_actions_at", "operator_actions", ["at"])
    op.create_table(
        "bans",
        sa.Column("kind", sa.String(8), primary_key=True),  # "player" or "address"
        sa.Column("key", sa.String(64), primary_key=True),
        sa.Column("until", sa.Float, nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by", sa.String(128), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "server_flags",
        sa.Column("key", sa.String(32), primary_key=True),  # "drain", "announcement"
        sa.Column("value", sa.Text, nullable=False),  # JSON
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_flags")
    op.drop_table("bans")
    op.drop_index("ix_operator_actions_at", "operator_actions")
    op.drop_table("operator_actions")
