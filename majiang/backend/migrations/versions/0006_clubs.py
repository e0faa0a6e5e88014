"""亲友圈 clubs: the clubs, their members (roles, join requests, bans) and their rooms
(majiang/platform/clubs.py, docs/server.md).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "clubs",
        sa.Column("club_id", sa.String(16), primary_key=True),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("description", sa.Text, nullable=False),
        sa.Column("ruleset", sa.String(32), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("settings", sa.Text, nullable=False),
        sa.Column("own_options", sa.Boolean, nullable=False),
        sa.Column("invite_code", sa.String(8), nullable=False, unique=True),
        sa.Column("owner_id", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "club_members",
        sa.Column("club_id", sa.String(16), primary_key=True),
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("role", sa.String(8), nullable=False),
        sa.Column("status", sa.String(8), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_index("ix_club_members_player", "club_members", ["player_id"])
    op.create_table(
        "club_rooms",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("club_id", sa.String(16), nullable=False),
        sa.Column("created_by", sa.String(32), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_club_rooms_club", "club_rooms", ["club_id", "created_at"])


def downgrade() -> None:
    for table in ("club_rooms", "club_members", "clubs"):
        op.drop_table(table)
