"""How tests/data/journal_v0.sqlite3 and journal_v0.json were made (kept so the next format change
can see what the fixture holds; it ran once, on the code of commit c9706e4, before the journal's
records became typed structs).

A real server (`majiang serve`, test hooks on, fixed seeds) on a fresh SQLite file plays three rooms,
so that every kind of record today's server writes is in the file:
- PLAY: a human and three bots, three hands; the human plays the first hand, lets its clock run out
  twice in the second (``missed``, then ``tuoguan`` for a timeout), takes the seat back and is killed
  with the server in the middle of the third hand;
- VOTE: two humans and two bots; a dissolve vote is refused (``vote``, ``vote_end``), then the operator
  dissolves the hand (``void``), a bot seat is left to play on;
- GONE: a human sits, leaves, sits again (``leave``) and the operator closes the room (``dissolve``).
Then each room is rebuilt by today's recovery and what it holds is written to journal_v0.json: the
test (tests/server/test_journal.py) rebuilds the same file with the current code and compares.

    .venv/bin/python tests/data/make_journal_v0.py
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

import httpx
import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.server.harness import (
    FAST,
    OPERATOR,
    Client,
    ServerProcess,
    auth,
    create_room,
    fix_seeds,
    session,
)

HERE = Path(__file__).resolve().parent


async def play(srv: ServerProcess) -> dict[str, str]:
    async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
        alice, bob, carol = [await session(http, n) for n in ("Alice", "Bob", "Carol")]
        # PLAY
        room = await create_room(http, alice["token"], hands=3, **{**FAST, "discard_seconds": 0.4,
                                                                   "claim_seconds": 0.4})
        play_code = room["room"]["code"]
        await fix_seeds(http, play_code, ["journal-1", "journal-2", "journal-3"], match_seed="journal-m")
        a = await Client(srv.ws_base, play_code, alice["token"]).connect()
        await a.wait(lambda c: c.seat is not None)
        r = await http.post(f"/api/rooms/{play_code}/bots", json={}, headers=auth(alice["token"]))
        assert r.status_code == 200, r.text
        a.autoplay = True
        await a.send({"type": "ready"})
        await a.wait(lambda c: c.room["hand_no"] == 2 and c.room["status"] == "playing", timeout=120)
        a.autoplay = False  # the clock plays for it: missed, then 托管
        await a.wait(lambda c: c.room["seats"][c.seat]["tuoguan"], timeout=60)
        await a.send({"type": "tuoguan", "on": False})
        await a.wait(lambda c: not c.room["seats"][c.seat]["tuoguan"])
        a.autoplay = True
        await a.wait(lambda c: c.room["hand_no"] == 3 and c.room["status"] == "playing"
                     and c.last_view_msg is not None and c.last_view_msg["step"] >= 6, timeout=120)
        a.autoplay = False
        # VOTE
        room = await create_room(http, bob["token"], hands=2, **{**FAST, "bot_delay": 0})
        vote_code = room["room"]["code"]
        await fix_seeds(http, vote_code, ["vote-1", "vote-2"], match_seed="vote-m")
        b = await Client(srv.ws_base, vote_code, bob["token"]).connect()
        c = await Client(srv.ws_base, vote_code, carol["token"]).connect()
        await b.wait(lambda x: x.seat is not None)
        await c.wait(lambda x: x.seat is not None)
        await b.send({"type": "add_bots"})
        await b.send({"type": "ready"})
        await c.send({"type": "ready"})
        await b.wait(lambda x: x.room["status"] == "playing")
        await b.send({"type": "vote_dissolve", "agree": True})
        await c.wait(lambda x: x.room.get("vote") is not None)
        await c.send({"type": "vote_dissolve", "agree": False})
        await b.wait(lambda x: x.room.get("vote") is None and x.room.get("vote_result") is not None)
        r = await http.post(f"/api/rooms/{vote_code}/admin/dissolve", json={"reason": "fixture"},
                            headers=auth(OPERATOR))
        assert r.status_code == 200, r.text
        await b.wait(lambda x: x.room["status"] == "waiting")
        # GONE
        room = await create_room(http, carol["token"], hands=1)
        gone_code = room["room"]["code"]
        g = await Client(srv.ws_base, gone_code, carol["token"]).connect()
        await g.wait(lambda x: x.seat is not None)
        await g.send({"type": "leave"})
        await g.wait(lambda x: x.closed.is_set() or x.room["seats"][0]["player_id"] is None)
        await g.close()
        g = await Client(srv.ws_base, gone_code, carol["token"]).connect()
        await g.wait(lambda x: x.seat is not None)
        r = await http.post(f"/api/rooms/{gone_code}/admin/close", json={"reason": "fixture"}, headers=auth(OPERATOR))
        assert r.status_code == 200, r.text
        await g.next_of("dissolved", after=0)
        await asyncio.sleep(0.5)  # the group commit's last batch (this script only; the test waits on nothing)
        return {"play": play_code, "vote": vote_code, "gone": gone_code,
                "players": {"alice": alice["player_id"], "bob": bob["player_id"], "carol": carol["player_id"]}}


def _digest(obj: Any) -> str:
    return hashlib.sha256(msgspec.json.encode(obj)).hexdigest()[:16]


async def snapshot(db: Path, codes: dict[str, Any]) -> dict[str, Any]:
    """What each room holds when rebuilt from the file (today's recovery)."""
    from majiang.backend.store import Store
    from majiang.engine import seat_view
    from majiang.server.recovery import rebuild

    store = Store(f"sqlite+aiosqlite:///{db}")
    await store.open(False)
    out: dict[str, Any] = {"codes": codes, "rooms": {}}
    for name in ("play", "vote", "gone"):
        code = codes[name]
        records = await store.events(code)
        table = await rebuild(store, code)
        st = table.state
        hand = st.hand
        out["rooms"][name] = {
            "kinds": sorted({k for _, k, _ in records}), "records": len(records),
            "seq": st.seq, "shown_seq": st.shown_seq, "status": st.status,
            "seats": [[s.player_id, s.name, s.bot, s.ready, s.tuoguan] for s in st.seats],
            "totals": st.totals, "hand_no": st.match.hand_no if st.match else None,
            "asked": st.asked, "timeouts": st.timeouts, "missed": st.missed, "acts": st.acts,
            "auto_acts": st.auto_acts, "dissolved_by": st.dissolved_by, "vote_result": st.vote_result,
            "step": len(hand.log) if hand is not None else None,
            "views": [_digest(msgspec.to_builtins(seat_view(hand, s))) for s in range(4)] if hand else None,
        }
    await store.close()
    return out


def main() -> None:
    work = Path(tempfile.mkdtemp(prefix="journal-v0-"))
    srv = ServerProcess(work / "data").start()
    try:
        codes = asyncio.run(play(srv))
    finally:
        srv.kill()  # as a crash leaves it: the rooms unfinished in the file
    db = work / "data" / "majiang.sqlite3"
    target = HERE / "journal_v0.sqlite3"
    # one file: the WAL folded in, so the fixture is what a clean copy of the database holds
    import sqlite3

    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    con.execute("VACUUM INTO ?", (str(target),))
    con.close()
    (HERE / "journal_v0.json").write_text(json.dumps(asyncio.run(snapshot(target, codes)), indent=1) + "\n")
    shutil.rmtree(work, ignore_errors=True)
    print("wrote", target, HERE / "journal_v0.json")


if __name__ == "__main__":
    main()
