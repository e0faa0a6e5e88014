"""Accounts with the operator role (majiang/platform/accounts.py): their tokens reach the console.

Revision ID: 0012
Revises: 0011
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "operators",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("granted_by", sa.String(128), nullable=False),
        sa.Column("granted_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("operators")
