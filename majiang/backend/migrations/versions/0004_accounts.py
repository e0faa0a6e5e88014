"""Accounts on the players' rows (a guest is a player without a password), their refresh tokens
(hashed) and display-name history (majiang/platform/accounts.py, docs/server.md).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Existing rows are guests: every new column is empty for them (avatar 0). Unique indexes allow
    # many NULLs on both databases, so only accounts claim a username and a display name.
    op.add_column("players", sa.Column("username", sa.String(24), nullable=True))
    op.add_column("players", sa.Column("password_hash", sa.Text, nullable=True))
    op.add_column("players", sa.Column("avatar", sa.Integer, nullable=False, server_default="0"))
    op.add_column("players", sa.Column("name_key", sa.String(64), nullable=True))
    op.add_column("players", sa.Column("upgraded_at", sa.Float, nullable=True))
    op.create_index("ux_players_username", "players", ["username"], unique=True)
    op.create_index("ux_players_name_key", "players", ["name_key"], unique=True)
    op.create_table(
        "name_history",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("at", sa.Float, primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
    )
    op.create_table(
        "refresh_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),  # SHA-256 of the token, never the token
        sa.Column("player_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("ix_refresh_tokens_player", "refresh_tokens", ["player_id"])


def downgrade() -> None:
    op.drop_table("refresh_tokens")
    op.drop_table("name_history")
    op.drop_index("ux_players_name_key", "players")
    op.drop_index("ux_players_username", "players")
    with op.batch_alter_table("players") as batch:
        for col in ("upgraded_at", "name_key", "avatar", "password_hash", "username"):
            batch.drop_column(col)
