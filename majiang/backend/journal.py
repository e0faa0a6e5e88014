"""The journal: every change to a table is one of these records, applied by
:meth:`TableState.apply <majiang.server.table_state.TableState.apply>` and appended to the room's log.

Records are msgspec tagged structs like the engine's actions and events (``kind`` is the tag). A row
of ``room_events`` stores the kind in its ``kind`` column and the record's fields, without the tag, as
JSON in ``data``: format 0, the shape the server has written since the first migration (a record's
optional fields are left out when they hold their default, as the hand-built dicts did), so every
stored log reads back (tests/server/test_journal.py reads a database written before these structs).
:func:`decode` is the one way back from a row; a row it cannot read raises :class:`JournalError`
naming the kind, never a bare ``KeyError`` from a dict.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

from majiang.backend.protocol import RoomSettings
from majiang.core.actions import Action

FORMAT: Final = 0  # the stored shape (module docstring); a change of shape takes the next number here


class Record(msgspec.Struct, tag_field="kind", omit_defaults=True, forbid_unknown_fields=True):
    """One change to a table."""


class Create(Record, tag="create"):
    """The first record: the constructor takes these (recovery reads them back); ``by``: the creator."""
    ruleset: str
    options: dict[str, Any]
    settings: RoomSettings
    by: str | None = None
    # a tournament's table (majiang/server/tourney.py): its round's walls, which one each hand deals and
    # the match seed; never shown to anyone before the round is over
    duplicate: dict[str, Any] | None = None


class Seat(Record, tag="seat"):
    seat: int
    player_id: str | None
    name: str
    bot: str | None = None  # the bot's kind when a bot takes the seat


class Leave(Record, tag="leave"):
    """``reason``: "" (the player left), "absent" (not back within the grace period), "removed" (by the
    operator: the player may not sit here again)."""
    seat: int
    reason: str = ""


class Ready(Record, tag="ready"):
    seat: int
    auto: bool = False  # the countdown ran out and the table said ready for the seat


class Deal(Record, tag="deal"):
    seed: str
    match_seed: str | None = None  # the match's own seed (its first dealer): on its first deal only


class Act(Record, tag="act"):
    seat: int
    action: Action
    own: bool = False  # the player chose it (not its bot, 托管 or a clock): its run of missed turns ends


class Missed(Record, tag="missed"):
    """The seat's turn clock ran out short of ``tuoguan_after`` in a row: the table played the turn."""
    seat: int


class Tuoguan(Record, tag="tuoguan"):
    seat: int
    on: bool
    reason: str = ""  # asked | timeout | acted | reconnected | disconnected


class Vote(Record, tag="vote"):
    seat: int
    agree: bool


class VoteEnd(Record, tag="vote_end"):
    result: str  # refused | timeout | restart


class Void(Record, tag="void"):
    """The operator dissolved the hand being played: it is dealt again under the same number."""
    by: str
    reason: str = ""


class Dissolve(Record, tag="dissolve"):
    by: str  # vote | idle | operator | …


AnyRecord = Create | Seat | Leave | Ready | Deal | Act | Missed | Tuoguan | Vote | VoteEnd | Void | Dissolve
KINDS: Final[dict[str, type[AnyRecord]]] = {
    str(t.__struct_config__.tag): t for t in (Create, Seat, Leave, Ready, Deal, Act, Missed, Tuoguan, Vote, VoteEnd,
                                              Void, Dissolve)}


def seated(records: list[Seat | Leave], seats: int = 4) -> list[Seat | None]:
    """Who sits where as a log's seat and leave records left the seats (a room not in memory)."""
    out: list[Seat | None] = [None] * seats
    for r in records:
        if 0 <= r.seat < seats:
            out[r.seat] = r if isinstance(r, Seat) else None
    return out


class JournalError(ValueError):
    """A stored row that is not a record of the journal (unknown kind, or fields that do not fit)."""


_encoder = msgspec.json.Encoder()
_decoders = {kind: msgspec.json.Decoder(t) for kind, t in KINDS.items()}


def kind_of(record: Record) -> str:
    return str(record.__struct_config__.tag)


def encode(record: Record) -> tuple[str, bytes]:
    """(kind, data) as a row stores them: the data is the record without its tag."""
    kind = kind_of(record)
    raw = _encoder.encode(record)
    # msgspec writes the tag first: {"kind":"…", then the fields (or "}" for a record without any)
    head = len(b'{"kind":"') + len(kind.encode()) + 1
    body = raw[head:]
    return kind, b"{" + body[1:] if body.startswith(b",") else b"{" + body


def decode(kind: str, data: bytes | str) -> AnyRecord:
    """The record a stored row holds (format 0: the kind beside the fields)."""
    decoder = _decoders.get(kind)
    if decoder is None:
        raise JournalError(f"unknown record kind {kind!r} (known: {', '.join(KINDS)})")
    try:
        return decoder.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as e:
        raise JournalError(f"a {kind} record that does not read: {e}") from None
