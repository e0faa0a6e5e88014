"""Database tables (SQLAlchemy Core). Created by the alembic migrations in ``migrations/``."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, MetaData, String, Table, Text

metadata = MetaData()

players = Table(
    "players", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("created_at", Float, nullable=False),
    # accounts (migration 0004, majiang/platform/accounts.py): empty for a guest
    Column("username", String(24), nullable=True),  # casefolded; what it signs in with
    Column("password_hash", Text, nullable=True),  # argon2id
    Column("avatar", Integer, nullable=False, server_default="0"),
    Column("name_key", String(64), nullable=True),  # an account's display name, folded
    Column("upgraded_at", Float, nullable=True),
    Index("ux_players_username", "username", unique=True),
    Index("ux_players_name_key", "name_key", unique=True),
)

rooms = Table(
    "rooms", metadata,
    Column("code", String(16), primary_key=True),
    Column("ruleset", String(32), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("settings", Text, nullable=False),  # JSON
    Column("status", String(16), nullable=False),
    Column("totals", Text, nullable=False),  # JSON list
    Column("created_at", Float, nullable=False),
    Column("updated_at", Float, nullable=False),
)

# The append-only log each table is rebuilt from. idx = the table's seq after the record.
room_events = Table(
    "room_events", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("idx", Integer, primary_key=True),
    Column("kind", String(16), nullable=False),
    Column("data", Text, nullable=False),  # JSON
)

hands = Table(
    "hands", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("hand_no", Integer, primary_key=True),
    Column("dealer", Integer, nullable=False),
    Column("streak", Integer, nullable=False),
    Column("seed", String(128), nullable=False),
    Column("seed_hash", String(64), nullable=False),
    Column("players", Text, nullable=False),  # JSON list of 4 (player id or "bot:<name>")
    Column("totals", Text, nullable=False),
    Column("draw", Boolean, nullable=False),
    Column("settlement", Text, nullable=False),
    Column("replay", Text, nullable=False),
    Column("finished_at", Float, nullable=False),
)

hand_seats = Table(
    "hand_seats", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("hand_no", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), nullable=False),
    Column("total", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Index("ix_hand_seats_player", "player_id"),
)

# Revoked tokens (kind "token", key = token id, at = its expiry) and players who logged out everywhere
# (kind "player", key = player id, at = every token issued before is void).
revocations = Table(
    "revocations", metadata,
    Column("kind", String(8), primary_key=True),
    Column("key", String(32), primary_key=True),
    Column("at", Float, nullable=False),
)

# Several nodes (majiang/server/cluster/): the fencing epoch of each table's current owner. A node that
# claims a table raises the epoch; every append of the table's records checks it (Store.fence), so a
# node that lost the table (paused past its lease, cut off) cannot write after the new owner took over.
room_owners = Table(
    "room_owners", metadata,
    Column("code", String(16), primary_key=True),
    Column("epoch", Integer, nullable=False),
    Column("node", String(64), nullable=False),
)

# The operator's console (majiang/server/console.py, migration 0007): every action it took, with who and
# why; bans of a player or an address until a time; server-wide flags every node reads (drain, the
# lobby's announcement).
operator_actions = Table(
    "operator_actions", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("at", Float, nullable=False),
    Column("who", String(128), nullable=False),
    Column("action", String(32), nullable=False),
    Column("target", String(128), nullable=False),
    Column("reason", Text, nullable=False),
    Column("detail", Text, nullable=False),  # JSON
    Index("ix_operator_actions_at", "at"),
)

bans = Table(
    "bans", metadata,
    Column("kind", String(8), primary_key=True),  # "player" or "address"
    Column("key", String(64), primary_key=True),
    Column("until", Float, nullable=False),
    Column("reason", Text, nullable=False),
    Column("by", String(128), nullable=False),
    Column("at", Float, nullable=False),
)

server_flags = Table(
    "server_flags", metadata,
    Column("key", String(32), primary_key=True),
    Column("value", Text, nullable=False),  # JSON
    Column("at", Float, nullable=False),
)
