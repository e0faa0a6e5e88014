"""Revoked tokens and players' "log out everywhere" times.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "revocations",
        sa.Column("kind", sa.String(8), primary_key=True),  # token | player
        sa.Column("key", sa.String(32), primary_key=True),  # token id | player id
        sa.Column("at", sa.Float, nullable=False),  # token: its expiry; player: tokens issued before are void
    )


def downgrade() -> None:
    op.drop_table("revocations")
