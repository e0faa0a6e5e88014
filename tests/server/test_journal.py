"""The journal: the records a room's log holds, read back.

tests/data/journal_v0.sqlite3 was written by a real server before the records were typed structs
(tests/data/make_journal_v0.py; every kind of record is in it); journal_v0.json is what today's
recovery rebuilt from it then. The current code must read the same file to the same tables."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import msgspec
import pytest

from majiang.backend import journal
from majiang.backend.store import Store
from majiang.engine import seat_view
from majiang.server.recovery import rebuild
from majiang.server.room_view import stored_room

DATA = Path(__file__).resolve().parent.parent / "data"
EXPECTED = json.loads((DATA / "journal_v0.json").read_text())


def _digest(obj: Any) -> str:
    return hashlib.sha256(msgspec.json.encode(obj)).hexdigest()[:16]


async def _rebuilt(db: Path) -> dict[str, Any]:
    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.open(False)
    out: dict[str, Any] = {}
    try:
        for name, code in EXPECTED["codes"].items():
            if name == "players":
                continue
            records = await store.events(code)
            st = (await rebuild(store, code)).state
            hand = st.hand
            out[name] = {
                "kinds": sorted({journal.kind_of(r) for _, r in records}), "records": len(records),
                "seq": st.seq, "shown_seq": st.shown_seq, "status": st.status,
                "seats": [[s.player_id, s.name, s.bot, s.ready, s.tuoguan] for s in st.seats],
                "totals": st.totals, "hand_no": st.match.hand_no if st.match else None,
                "asked": st.asked, "timeouts": st.timeouts, "missed": st.missed, "acts": st.acts,
                "auto_acts": st.auto_acts, "dissolved_by": st.dissolved_by, "vote_result": st.vote_result,
                "step": len(hand.log) if hand is not None else None,
                "views": [_digest(msgspec.to_builtins(seat_view(hand, s))) for s in range(4)] if hand else None,
                "creator": st.creator,
            }
    finally:
        await store.close()
    return out


def test_a_log_written_before_the_typed_journal_rebuilds_the_same_tables(tmp_path: Path) -> None:
    db = tmp_path / "journal_v0.sqlite3"
    shutil.copy(DATA / "journal_v0.sqlite3", db)  # (opening a file may write to it: never the fixture)
    got = asyncio.run(_rebuilt(db))
    kinds = set().union(*(set(r["kinds"]) for r in got.values()))
    assert kinds == {"create", "seat", "leave", "ready", "deal", "act", "missed", "tuoguan", "vote", "vote_end",
                     "dissolve", "void"}  # every kind of record today's server writes is read back
    for name, want in EXPECTED["rooms"].items():
        assert {k: v for k, v in got[name].items() if k != "creator"} == want, name
    # the create record is applied too: the creator survives a restart (rooms per player count it)
    players = EXPECTED["codes"]["players"]
    assert [got[n]["creator"] for n in ("play", "vote", "gone")] == [players[p] for p in ("alice", "bob", "carol")]


def test_every_stored_row_reads_back_to_a_record_that_writes_the_same_row() -> None:
    con = sqlite3.connect(DATA / "journal_v0.sqlite3")
    try:
        rows = con.execute("SELECT kind, data FROM room_events ORDER BY room_code, idx").fetchall()
    finally:
        con.close()
    assert len(rows) == sum(r["records"] for r in EXPECTED["rooms"].values())
    for kind, data in rows:
        record = journal.decode(kind, data)
        assert isinstance(record, journal.KINDS[kind])
        assert journal.encode(record) == (kind, data.encode())  # format 0, byte for byte


def test_a_row_that_is_not_a_record_is_refused_by_name() -> None:
    with pytest.raises(journal.JournalError, match="unknown record kind 'sit'"):
        journal.decode("sit", b'{"seat":0}')
    with pytest.raises(journal.JournalError, match="a seat record that does not read"):
        journal.decode("seat", b'{"seat":"north","player_id":null,"name":"x"}')
    with pytest.raises(journal.JournalError, match="a act record"):
        journal.decode("act", b'{"seat":0,"action":{"type":"fly"}}')


def test_a_stored_room_and_a_live_one_are_the_same_view(tmp_path: Path) -> None:
    """One room view (majiang/server/room_view.py): a room read back from the store has the fields of
    the live table's, and the seats the log left (its bots with their level) are the live table's."""
    db = tmp_path / "journal_v0.sqlite3"
    shutil.copy(DATA / "journal_v0.sqlite3", db)

    async def both() -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        store = Store(f"sqlite+aiosqlite:///{db}")
        await store.open(False)
        try:
            code = EXPECTED["codes"]["play"]
            live = (await rebuild(store, code)).room_json()
            stored = await stored_room(store, code)
            gone = await stored_room(store, EXPECTED["codes"]["gone"])
            assert stored is not None and gone is not None
            return live, stored.to_json(), gone.to_json()
        finally:
            await store.close()

    live, stored, gone = asyncio.run(both())
    assert list(stored) == list(live) and list(stored["seats"][0]) == list(live["seats"][0])
    same = ("seat", "occupied", "player_id", "name", "bot", "level")
    assert [[s[k] for k in same] for s in stored["seats"]] == [[s[k] for k in same] for s in live["seats"]]
    assert stored["settings"] == live["settings"] and stored["options"] == live["options"]
    assert sum(s["bot"] is not None and s["level"] is not None for s in stored["seats"]) == 3
    assert gone["status"] == "dissolved" and gone["seats"][0]["name"] == "Carol"
