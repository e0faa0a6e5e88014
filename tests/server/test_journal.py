"""The journal: the records a room's log holds, read back.

tests/data/journal_v0.sqlite3 was written by a real server before the records were typed structs
(tests/data/make_journal_v0.py; every kind of record is in it); journal_v0.json is what today's
recovery rebuilt from it then. The current code must read the same file to the same tables."""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
from pathlib import Path
from typing import Any

import msgspec

from majiang.engine import seat_view
from majiang.server.recovery import rebuild
from majiang.server.store import Store

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
                "kinds": sorted({k for _, k, _ in records}), "records": len(records),
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
