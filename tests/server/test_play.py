"""Whole matches over real websockets: a scripted human with three bots, to the final result."""

from __future__ import annotations

import json
import subprocess
import sys

import httpx
import pytest

from tests.server.harness import Client, ServerProcess, auth, autoplay_match, create_room, session


async def test_human_and_three_bots_play_a_whole_match(server: ServerProcess, http: httpx.AsyncClient,
                                                      tmp_path: object) -> None:
    me = await session(http, "阿明")
    created = await create_room(http, me["token"], ruleset="anqing", hands=2, options={"mode": "B"})
    code = created["room"]["code"]
    assert created["seat"] == 0
    r = await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    assert r.status_code == 200, r.text
    assert all(s["occupied"] for s in r.json()["room"]["seats"])

    c = await Client(server.ws_base, code, me["token"]).connect()
    c.autoplay = True
    welcome = await c.next_of("welcome", after=0)
    assert welcome["seat"] == 0
    await c.send({"type": "ready"})
    end = await c.next_of("match_end", timeout=90, after=0)
    assert len(end["totals"]) == 4 and sum(end["totals"]) == 0
    assert c.room is not None
    views = [m for m in c.messages if m["type"] == "view"]
    hand_nos = {m["view"]["hand_no"] for m in views}
    assert hand_nos == {1, 2}
    await c.close()

    hist = (await http.get(f"/api/rooms/{code}/hands")).json()
    assert [h["hand_no"] for h in hist["hands"]] == [1, 2]
    assert hist["totals"] == end["totals"]
    one = (await http.get(f"/api/rooms/{code}/hands/1")).json()
    assert one["settlement"]["totals"] == hist["hands"][0]["totals"]
    started = next(e for m in views for e in m["events"] if e["type"] == "hand_started" and e["hand_no"] == 1)
    assert started["seed_hash"] == one["seed_hash"]

    replay = await http.get(f"/api/rooms/{code}/hands/1/replay")
    assert replay.status_code == 200 and "attachment" in replay.headers["content-disposition"]
    path = server.data_dir / f"{code}-1.json"
    path.write_bytes(replay.content)
    res = subprocess.run([sys.executable, "-m", "majiang", "verify", str(path), "--hash", started["seed_hash"]],
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stdout + res.stderr
    assert "OK" in res.stdout
    bad = subprocess.run([sys.executable, "-m", "majiang", "verify", str(path), "--hash", "0" * 64],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 1

    # Step through the finished hand from a seat's view: only that seat's tiles, the whole table at "all".
    last = await http.get(f"/api/rooms/{code}/hands/1/view", params={"seat": 2})
    assert last.status_code == 200, last.text
    steps = last.json()["steps"]
    assert steps > 0 and last.json()["view"]["phase"] == "over"
    for step in (0, 1, steps // 2):
        r = (await http.get(f"/api/rooms/{code}/hands/1/view", params={"seat": 2, "step": step})).json()
        assert r["step"] == step and r["view"]["seat"] == 2
        if r["view"]["phase"] != "over":
            assert r["view"]["revealed"] is None and r["view"]["seed"] is None
            others = [e for e in r["events"] if e["type"] == "dealt" and e["seat"] != 2]
            assert all(e["tiles"] == [] for e in others)
    full = (await http.get(f"/api/rooms/{code}/hands/1/view", params={"seat": "all", "step": 1})).json()
    assert len(full["view"]["revealed"]) == 4
    for bad in ({"seat": 7}, {"seat": 0, "step": steps + 1}, {"seat": "x"}):
        r = await http.get(f"/api/rooms/{code}/hands/1/view", params=bad)
        assert r.status_code == 400 and r.json()["error"] == "bad_request"
    missing = await http.get("/api/no/such/thing")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"

    record = (await http.get(f"/api/players/{me['player_id']}")).json()
    assert record["hands"] == 2 and record["total"] == end["totals"][0]
    assert record["rooms"][0]["code"] == code
    # dates and outcome for the history screen
    assert record["rooms"][0]["created_at"] <= record["rooms"][0]["updated_at"]
    assert 0 <= record["rooms"][0]["wins"] <= 2
    listed = (await http.get(f"/api/rooms/{code}/hands")).json()["hands"]
    assert all(isinstance(hs["finished_at"], float) for hs in listed)
    room = (await http.get(f"/api/rooms/{code}")).json()["room"]
    assert room["status"] == "finished"
    assert json.dumps(room)  # serializable


async def test_hefei_match_in_tuoguan(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """托管 switched on by the player: the server's bot plays the seat to the end."""
    me = await session(http, "小红")
    code = (await create_room(http, me["token"], ruleset="hefei", hands=1, options={"room": "bubaoting"}))["room"][
        "code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    c = await Client(server.ws_base, code, me["token"]).connect()
    await c.next_of("welcome", after=0)
    await c.send({"type": "tuoguan", "on": True})
    end = await c.next_of("match_end", timeout=60, after=0)
    assert sum(end["totals"]) == 0
    assert any(m["type"] == "room" and m["room"]["seats"][0]["tuoguan"] for m in c.messages)
    await c.close()


@pytest.mark.parametrize("ruleset", ["anqing", "hefei", "baida"])
async def test_every_stored_replay_passes_verify(server: ServerProcess, http: httpx.AsyncClient, ruleset: str) -> None:
    """The replays as the server stores them, of a match in each ruleset: `majiang verify` passes each
    (issue 30: a Hefei or 百搭 settlement with several winners failed, its seat keys strings once stored)."""
    me = await session(http, "验证")
    code = (await create_room(http, me["token"], ruleset=ruleset, hands=3))["room"]["code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    await autoplay_match(server, code, me["token"])
    hands = (await http.get(f"/api/rooms/{code}/hands")).json()["hands"]
    assert len(hands) == 3
    for h in hands:
        path = server.data_dir / f"{code}-{h['hand_no']}.json"
        path.write_bytes((await http.get(f"/api/rooms/{code}/hands/{h['hand_no']}/replay")).content)
        res = subprocess.run([sys.executable, "-m", "majiang", "verify", str(path), "--hash", h["seed_hash"], "-q"],
                             capture_output=True, text=True, timeout=60)
        assert res.returncode == 0, (h["hand_no"], res.stdout[-300:], res.stderr[-300:])
