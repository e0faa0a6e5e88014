"""An account's client settings (majiang/platform/prefs.py): sound, voice, motion, language, table look.

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "player_settings",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("player_settings")
