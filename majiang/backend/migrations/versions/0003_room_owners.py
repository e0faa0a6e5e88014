"""The fencing epoch of each table's owner (several server nodes, docs/server.md).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "room_owners",
        sa.Column("code", sa.String(16), primary_key=True),
        sa.Column("epoch", sa.Integer, nullable=False),  # raised by every claim
        sa.Column("node", sa.String(64), nullable=False),  # who claimed it last (for operators)
    )


def downgrade() -> None:
    op.drop_table("room_owners")
