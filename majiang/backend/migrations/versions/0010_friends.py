"""Friends and room invites: each player's shareable code, the links between players (a request, a
friendship, a block) and the invites to a room waiting for their answer (majiang/platform/friends.py).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "friend_codes",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("code", sa.String(8), nullable=False, unique=True),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_table(
        "friend_links",
        sa.Column("player_id", sa.String(32), primary_key=True),
        sa.Column("other_id", sa.String(32), primary_key=True),
        sa.Column("state", sa.String(10), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_friend_links_other", "friend_links", ["other_id", "state"])
    op.create_table(
        "room_invites",
        sa.Column("room_code", sa.String(16), primary_key=True),
        sa.Column("to_player", sa.String(32), primary_key=True),
        sa.Column("from_player", sa.String(32), nullable=False),
        sa.Column("from_name", sa.String(64), nullable=False),
        sa.Column("club_id", sa.String(16), nullable=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("ix_room_invites_to", "room_invites", ["to_player", "at"])


def downgrade() -> None:
    op.drop_index("ix_room_invites_to", "room_invites")
    op.drop_table("room_invites")
    op.drop_index("ix_friend_links_other", "friend_links")
    op.drop_table("friend_links")
    op.drop_table("friend_codes")
