"""The platform's tables, in the server's metadata (created by migrations 0004 and on)."""

from __future__ import annotations

from sqlalchemy import Column, Float, Index, String, Table

from majiang.server.schema import metadata

# A guest is a row of ``players`` without a password; upgrading fills ``username`` and
# ``password_hash`` on the same row, so the player id (and every seat, hand and record) stays.
# (players gains: username, password_hash, avatar, name_key, upgraded_at; see migration 0004.)

# Every display name an account has had, with when it took it (the profile shows the history).
name_history = Table(
    "name_history", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("at", Float, primary_key=True),
    Column("name", String(64), nullable=False),
)

# Refresh tokens, only their SHA-256 at rest: a copy of the database cannot sign anyone in.
refresh_tokens = Table(
    "refresh_tokens", metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("player_id", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Column("expires_at", Float, nullable=False),
    Index("ix_refresh_tokens_player", "player_id"),
)
