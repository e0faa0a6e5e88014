"""Message schemas (msgspec). See docs/protocol.md for the prose version."""

from __future__ import annotations

from typing import Any

import msgspec

from majiang.bots.levels import LEVELS
from majiang.core.actions import Action, Chi, Declare, Discard, Expose, Kong, Peng
from majiang.tiles import FLOWERS

TILE_IDS = FLOWERS.stop  # 0..33 the kinds, 34..41 the flowers

MAX_FRAME = 4096  # bytes per client message
RATE_PER_SECOND = 20.0
RATE_BURST = 40.0
ABUSE_DROPS = 200  # dropped (rate-limited) messages before the connection is closed


# --- client -> server -----------------------------------------------------------------
class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    seq: int
    action: Action
    seat: int | None = None


class Ready(msgspec.Struct, tag="ready"):
    seq: int | None = None


class Tuoguan(msgspec.Struct, tag="tuoguan"):
    on: bool
    seq: int | None = None


class AddBots(msgspec.Struct, tag="add_bots"):
    seats: list[int] | None = None
    level: str | None = None  # easy | normal | hard (majiang.bots.levels); None: the room's bot_level
    seq: int | None = None


class Leave(msgspec.Struct, tag="leave"):
    seq: int | None = None


class VoteDissolve(msgspec.Struct, tag="vote_dissolve"):
    agree: bool = True
    seq: int | None = None


class Sync(msgspec.Struct, tag="sync"):
    seq: int | None = None


class Ping(msgspec.Struct, tag="ping"):
    seq: int | None = None


class Chat(msgspec.Struct, tag="chat", forbid_unknown_fields=True):
    """A quick phrase or emote (快捷语): one of ``chat.PHRASES`` by id, never free text."""
    phrase: str
    seq: int | None = None


class Auth(msgspec.Struct, tag="auth", forbid_unknown_fields=True):
    """The first message on a websocket: the player's token (never in the URL, where logs keep it)."""
    token: str


AUTH_SECONDS = 10.0  # a new websocket must authenticate within this time

ClientMessage = Act | Ready | Tuoguan | AddBots | Leave | VoteDissolve | Sync | Ping | Chat

client_decoder = msgspec.json.Decoder(ClientMessage)
auth_decoder = msgspec.json.Decoder(Auth)


def action_problem(action: Action) -> str | None:
    """None when every tile the action names is a tile id (0..41: the 34 kinds and the eight flowers,
    which 百搭麻将 plays: a 百搭 flower is held and discarded like any tile), else the reason naming
    the field. (The engine is never asked about tile 42 or 2**64: that is a malformed message, not
    an illegal move; a flower where the ruleset has none is an illegal move, refused by the engine.)"""
    if isinstance(action, Discard | Declare | Expose):
        tiles: tuple[int, ...] = (action.tile,)
        field = "action.tile"
    elif isinstance(action, Chi | Peng | Kong):
        tiles, field = action.tiles, "action.tiles"
        if isinstance(action, Kong) and not 1 <= len(tiles) <= 4:
            return "action.tiles of a kong has 1 to 4 tiles"
    else:
        return None
    for t in tiles:
        if not 0 <= t < TILE_IDS:
            return f"{field}: {t} is not a tile id (0..{TILE_IDS - 1})"
    return None
encoder = msgspec.json.Encoder()


# --- rooms ----------------------------------------------------------------------------
class RoomSettings(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    hands: int = 8
    discard_seconds: float = 15.0
    claim_seconds: float = 8.0
    ready_seconds: float = 15.0
    grace_seconds: float = 5.0
    vote_seconds: float = 60.0
    bot_delay: float = 0.6  # the longest a bot waits before it acts; an obvious move takes a third of it
    bot_level: str = "normal"  # the bots' level when seated without one: easy | normal | hard
    tuoguan_level: str = "normal"  # the level 托管 plays at
    public: bool = True
    watch: bool = True  # a full room's link lets others watch (public information only)
    watch_delay: int = 0  # spectators see the hand this many actions late
    max_timeouts: int = 3  # a seat whose turn clock ran out this often stays in 托管 for the match
    # A turn clock that runs out plays that one turn for the seat (摸切); only this many missed turns in a
    # row hand the seat to 托管 (1: the first timeout does, as before issue 24).
    tuoguan_after: int = 2
    ranked: bool = False  # four accounts, no bots; the match's result changes their ratings (platform/ratings.py)
    same_address: str = "allow"  # two seats from one address: allow | warn | refuse (majiang/server/addresses.py)

    def check(self) -> str | None:
        """None when sane, else the reason (clocks may be short for tests, never zero)."""
        if not 1 <= self.hands <= 64:
            return "hands must be 1..64"
        for name in ("discard_seconds", "claim_seconds", "ready_seconds", "grace_seconds", "vote_seconds"):
            if not 0.05 <= getattr(self, name) <= 3600:
                return f"{name} must be 0.05..3600"
        if not 0 <= self.bot_delay <= 30:
            return "bot_delay must be 0..30"
        for name in ("bot_level", "tuoguan_level"):
            if getattr(self, name) not in LEVELS:
                return f"{name} must be one of {', '.join(LEVELS)}"
        if not 0 <= self.watch_delay <= 200:
            return "watch_delay must be 0..200"
        if not 1 <= self.max_timeouts <= 100:
            return "max_timeouts must be 1..100"
        if not 1 <= self.tuoguan_after <= 10:
            return "tuoguan_after must be 1..10"
        if self.same_address not in ("allow", "warn", "refuse"):
            return "same_address must be allow, warn or refuse"
        return None


OPTION_INT_LIMITS = {"base_silver": (1, 1000)}  # ruleset options with their own range
OPTION_INT_DEFAULT = (0, 1000)  # every other whole-number option (bonus 番 and the like)


def check_options(options: dict[str, Any]) -> str | None:
    """None when a ruleset's (already parsed) options are in range, else the reason naming the field.
    Scores are stored as 64-bit integers: an unbounded base would overflow them mid-match."""
    for name, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool):
            lo, hi = OPTION_INT_LIMITS.get(name, OPTION_INT_DEFAULT)
            if not lo <= value <= hi:
                return f"options.{name} must be {lo}..{hi}"
    return None


class RoomCreate(RoomSettings, kw_only=True, forbid_unknown_fields=True):
    ruleset: str
    options: dict[str, Any] = {}
    join: bool = True

    def settings(self) -> RoomSettings:
        fields = {f: getattr(self, f) for f in RoomSettings.__struct_fields__}
        return RoomSettings(**fields)


def message(kind: str, seq: int, **fields: Any) -> bytes:
    return encoder.encode({"type": kind, "seq": seq, **fields})
