"""The platform's tables, in the server's metadata (created by migrations 0004 and on)."""

from __future__ import annotations

from sqlalchemy import Boolean, Column, Float, Index, Integer, String, Table, Text, UniqueConstraint

from majiang.backend.schema import metadata

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

# --- 战绩 (majiang/platform/records.py), migration 0005 ---------------------------------------------
# One row per match (a room that finished at least one hand), updated as each hand ends.
matches = Table(
    "matches", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("ruleset", String(32), nullable=False),
    Column("club_id", String(16), nullable=True),  # a club's room: only its members see the record
    Column("seats", Text, nullable=False),  # JSON: per seat {"player_id", "name"} (bots: "bot:<kind>")
    Column("totals", Text, nullable=False),  # JSON: the match's totals so far
    Column("hands", Integer, nullable=False),
    Column("status", String(16), nullable=False),  # playing | finished
    Column("started_at", Float, nullable=False),
    Column("finished_at", Float, nullable=False),  # when its last hand ended
    Index("ix_matches_club", "club_id", "finished_at"),
)

# The people of each match, for a player's list of matches (bots are not listed).
match_players = Table(
    "match_players", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("finished_at", Float, nullable=False),
    Index("ix_match_players_player", "player_id", "finished_at"),
)

# Each seat of each ended hand and how it went: the statistics and the club boards read these.
hand_records = Table(
    "hand_records", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("hand_no", Integer, primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), nullable=False),
    Column("ruleset", String(32), nullable=False),
    Column("club_id", String(16), nullable=True),
    Column("total", Integer, nullable=False),
    Column("won", Boolean, nullable=False),
    Column("self_draw", Boolean, nullable=False),  # 自摸
    Column("dealt_in", Boolean, nullable=False),  # 点炮: this seat's discard was won on
    Column("finished_at", Float, nullable=False),
    Index("ix_hand_records_player", "player_id", "ruleset"),
    Index("ix_hand_records_club", "club_id", "finished_at"),
)

# 回放码: 8 characters per ended hand, to read out or paste; opens that hand's replay.
replay_codes = Table(
    "replay_codes", metadata,
    Column("code", String(8), primary_key=True),
    Column("room_code", String(16), nullable=False),
    Column("hand_no", Integer, nullable=False),
    UniqueConstraint("room_code", "hand_no", name="uq_replay_codes_hand"),
)

# --- 亲友圈 clubs (majiang/platform/clubs.py), migration 0006 -----------------------------------------
clubs = Table(
    "clubs", metadata,
    Column("club_id", String(16), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("description", Text, nullable=False),
    Column("ruleset", String(32), nullable=False),  # the preset club rooms are made from
    Column("options", Text, nullable=False),  # JSON
    Column("settings", Text, nullable=False),  # JSON: hands, clocks (RoomSettings fields)
    Column("own_options", Boolean, nullable=False),  # members may open rooms with their own options
    Column("invite_code", String(8), nullable=False, unique=True),
    Column("owner_id", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
)

# role: owner | admin | member; status: member | pending (asked to join) | banned
club_members = Table(
    "club_members", metadata,
    Column("club_id", String(16), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("role", String(8), nullable=False),
    Column("status", String(8), nullable=False),
    Column("since", Float, nullable=False),
    Index("ix_club_members_player", "player_id"),
)

club_rooms = Table(
    "club_rooms", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("club_id", String(16), nullable=False),
    Column("created_by", String(32), nullable=False),
    Column("created_at", Float, nullable=False),
    Index("ix_club_rooms_club", "club_id", "created_at"),
)

# Ratings (majiang/platform/ratings.py, migration 0008): one per player, ruleset and mode; and each rated
# match's seats with the rating before and after, the place, and whether 托管 played most of the seat.
ratings = Table(
    "ratings", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("ruleset", String(32), primary_key=True),
    Column("mode", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("matches", Integer, nullable=False),
    Column("updated_at", Float, nullable=False),
    Index("ix_ratings_board", "ruleset", "mode"),
)

rated_seats = Table(
    "rated_seats", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("player_id", String(32), nullable=False),
    Column("ruleset", String(32), nullable=False),
    Column("mode", String(32), nullable=False),
    Column("place", Integer, nullable=False),
    Column("total", Integer, nullable=False),
    Column("mu_before", Float, nullable=False),
    Column("sigma_before", Float, nullable=False),
    Column("mu_after", Float, nullable=False),
    Column("sigma_after", Float, nullable=False),
    Column("tuoguan_share", Float, nullable=False),  # the seat's actions 托管 took, 0..1
    Column("tuoguan_heavy", Boolean, nullable=False),  # more than half: marked in the record
    Column("at", Float, nullable=False),
    Index("ix_rated_seats_player", "player_id"),
)

# An account's client settings (majiang/platform/prefs.py, migration 0009): one JSON object per account,
# so a second device signed in to it gets the same sound, voice, motion, language and table look.
player_settings = Table(
    "player_settings", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("settings", Text, nullable=False),  # JSON: the keys of prefs.FIELDS
    Column("updated_at", Float, nullable=False),
)

# Friends (majiang/platform/friends.py, migration 0010): a code per player to share; directed links:
# (a, b, "requested") a asked b, (a, b, "friend") and (b, a, "friend") once b accepted, (a, b, "blocked")
# a blocked b; the invites to a room each player has not answered (they lapse with the room).
friend_codes = Table(
    "friend_codes", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("code", String(8), nullable=False, unique=True),
    Column("created_at", Float, nullable=False),
)

friend_links = Table(
    "friend_links", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("other_id", String(32), primary_key=True),
    Column("state", String(10), nullable=False),  # requested | friend | blocked
    Column("at", Float, nullable=False),
    Index("ix_friend_links_other", "other_id", "state"),
)

room_invites = Table(
    "room_invites", metadata,
    Column("room_code", String(16), primary_key=True),
    Column("to_player", String(32), primary_key=True),
    Column("from_player", String(32), nullable=False),
    Column("from_name", String(64), nullable=False),
    Column("club_id", String(16), nullable=True),
    Column("at", Float, nullable=False),
    Index("ix_room_invites_to", "to_player", "at"),
)

# Tournaments (majiang/platform/tournaments.py, migration 0011): the event, its players, each round's
# committed seeds (the hashes public from the round's start, the seeds only after it), and each table.
tournaments = Table(
    "tournaments", metadata,
    Column("tid", String(16), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("club_id", String(16), nullable=True),  # a club's event (its members only); None: the operator's
    Column("created_by", String(64), nullable=False),
    Column("ruleset", String(32), nullable=False),
    Column("options", Text, nullable=False),  # JSON
    Column("settings", Text, nullable=False),  # JSON: the tables' RoomSettings
    Column("rounds", Integer, nullable=False),
    Column("hands", Integer, nullable=False),  # per round (each table's match)
    Column("capacity", Integer, nullable=False),
    Column("start_at", Float, nullable=True),  # None: starts when `capacity` players have checked in
    Column("status", String(16), nullable=False),  # registering | running | finished | cancelled
    Column("round_no", Integer, nullable=False),  # the round being played (0 before the start)
    Column("created_at", Float, nullable=False),
    Column("started_at", Float, nullable=True),
    Column("finished_at", Float, nullable=True),
    Index("ix_tournaments_club", "club_id"),
)

tournament_players = Table(
    "tournament_players", metadata,
    Column("tid", String(16), primary_key=True),
    Column("player_id", String(32), primary_key=True),
    Column("name", String(64), nullable=False),
    Column("registered_at", Float, nullable=False),
    Column("checked_in", Boolean, nullable=False),
    Column("rating", Float, nullable=False),  # mu for the ruleset and mode when registered: round 1's order
)

tournament_rounds = Table(
    "tournament_rounds", metadata,
    Column("tid", String(16), primary_key=True),
    Column("round_no", Integer, primary_key=True),
    Column("hashes", Text, nullable=False),  # JSON: SHA-256 of each wall's seed, then of the match seed
    Column("seeds", Text, nullable=False),  # JSON: the seeds; served only once the round is over
    Column("match_seed", String(64), nullable=False),
    Column("revealed", Boolean, nullable=False),
    Column("started_at", Float, nullable=False),
    Column("finished_at", Float, nullable=True),
)

tournament_tables = Table(
    "tournament_tables", metadata,
    Column("tid", String(16), primary_key=True),
    Column("round_no", Integer, primary_key=True),
    Column("table_no", Integer, primary_key=True),
    Column("room_code", String(16), nullable=False, unique=True),
    Column("seats", Text, nullable=False),  # JSON: per seat {"player_id", "name"} or {"bot": kind}
    Column("totals", Text, nullable=True),  # JSON: the match's totals once over
    Column("tuoguan", Text, nullable=True),  # JSON: per seat the share of its actions 托管 took
    Column("finished", Boolean, nullable=False),
)

# Accounts with the operator role (migration 0012): their tokens carry it (majiang/backend/auth.py), and
# taking it away revokes them.
operators = Table(
    "operators", metadata,
    Column("player_id", String(32), primary_key=True),
    Column("granted_by", String(128), nullable=False),
    Column("granted_at", Float, nullable=False),
)
