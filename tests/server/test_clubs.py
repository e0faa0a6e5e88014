"""亲友圈 clubs (majiang/platform/clubs.py): create, invite, approve, a club room played to the end, the
club's 战绩, board and CSV; roles; and the probes: an outsider and a banned member try every club
endpoint and every endpoint of the club's room and learn nothing (404, no code, name or record)."""

from __future__ import annotations

import json
import secrets
from typing import Any

import httpx
import pytest
import websockets

from tests.server.harness import FAST, Client, ServerProcess, auth, session

PRESET = {"ruleset": "anqing", "options": {"mode": "A"}, "hands": 1, **FAST}


async def _club(http: httpx.AsyncClient, token: str, **extra: Any) -> dict[str, Any]:
    r = await http.post("/api/clubs", json={"name": "亲友圈" + secrets.token_hex(2), "description": "周末打牌",
                                            "preset": PRESET, **extra}, headers=auth(token))
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


async def _member(http: httpx.AsyncClient, club: dict[str, Any], owner: dict[str, Any], name: str) -> dict[str, Any]:
    p = await session(http, name + secrets.token_hex(2))
    r = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(p["token"]))
    assert r.status_code == 200 and r.json()["status"] == "pending", r.text
    r = await http.post(f"/api/clubs/{club['club_id']}/requests/{p['player_id']}", json={"approve": True},
                        headers=auth(owner["token"]))
    assert r.status_code == 200, r.text
    return p


async def _play_club_room(http: httpx.AsyncClient, server: ServerProcess, club_id: str, a: dict[str, Any],
                          b: dict[str, Any]) -> str:
    r = await http.post(f"/api/clubs/{club_id}/rooms", json={}, headers=auth(b["token"]))
    assert r.status_code == 201, r.text
    code = r.json()["room"]["code"]
    assert r.json()["room"]["settings"]["public"] is False
    assert code not in [room["code"] for room in (await http.get("/api/rooms")).json()["rooms"]]
    listed = (await http.get(f"/api/clubs/{club_id}/rooms", headers=auth(a["token"]))).json()["rooms"]
    assert [room["code"] for room in listed] == [code]
    r = await http.post(f"/api/rooms/{code}/join", headers=auth(a["token"]))
    assert r.status_code == 200, r.text
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in (b, a)]
    for c in clients:
        c.autoplay = True
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(b["token"]))
    for c in clients:
        await c.wait(lambda cl: cl.room["status"] == "finished", timeout=90)
        await c.close()
    return str(code)


async def test_a_club_from_invite_to_its_records(http: httpx.AsyncClient, server: ServerProcess) -> None:
    a = await session(http, "圈主" + secrets.token_hex(2))
    club = await _club(http, a["token"])
    club_id = club["club_id"]
    assert club["role"] == "owner" and len(club["invite_code"]) == 8 and club["members"] == 1
    # B previews the invite (name and size only), asks to join, and sees nothing until approved
    b = await session(http, "圈友" + secrets.token_hex(2))
    preview = (await http.get(f"/api/clubs/invites/{club['invite_code'].lower()}")).json()
    assert preview["name"] == club["name"] and preview["members"] == 1
    assert set(preview) == {"club_id", "name", "description", "ruleset", "members"}
    r = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(b["token"]))
    assert r.json()["status"] == "pending"
    again = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(b["token"]))
    assert again.status_code == 409 and again.json()["error"] == "already_asked"
    assert (await http.get(f"/api/clubs/{club_id}", headers=auth(b["token"]))).status_code == 404
    assert (await http.get("/api/clubs", headers=auth(b["token"]))).json()["pending"][0]["club_id"] == club_id
    requests = (await http.get(f"/api/clubs/{club_id}/members", headers=auth(a["token"]))).json()["requests"]
    assert [p["player_id"] for p in requests] == [b["player_id"]]
    r = await http.post(f"/api/clubs/{club_id}/requests/{b['player_id']}", json={"approve": True},
                        headers=auth(a["token"]))
    assert r.status_code == 200
    seen = (await http.get(f"/api/clubs/{club_id}/members", headers=auth(b["token"]))).json()
    assert {p["player_id"] for p in seen["members"]} == {a["player_id"], b["player_id"]}
    assert "requests" not in seen and "banned" not in seen  # a plain member does not see those

    code = await _play_club_room(http, server, club_id, a, b)

    for p in (a, b):
        mine = (await http.get(f"/api/records?club={club_id}", headers=auth(p["token"]))).json()["matches"]
        assert [m["room_code"] for m in mine] == [code] and mine[0]["club_id"] == club_id
    club_matches = (await http.get(f"/api/clubs/{club_id}/records?period=week", headers=auth(a["token"]))).json()
    assert [m["room_code"] for m in club_matches["matches"]] == [code]
    summary = (await http.get(f"/api/matches/{code}", headers=auth(b["token"]))).json()
    board = (await http.get(f"/api/clubs/{club_id}/board?sort=points", headers=auth(a["token"]))).json()["board"]
    assert {r["player_id"] for r in board} == {a["player_id"], b["player_id"]}
    assert all(r["hands"] == 1 for r in board)
    totals = {p["player_id"]: p["total"] for p in summary["players"] if p["player_id"]}
    assert {r["player_id"]: r["points"] for r in board} == totals
    assert [r["points"] for r in board] == sorted((r["points"] for r in board), reverse=True)
    csv = await http.get(f"/api/clubs/{club_id}/board?format=csv&period=month", headers=auth(b["token"]))
    assert csv.headers["content-type"].startswith("text/csv")
    lines = csv.text.strip().splitlines()
    assert lines[0] == "player_id,name,hands,wins,self_draws,deal_ins,points,best" and len(lines) == 3
    # the rematch of a club room is the club's room as well
    r = await http.post(f"/api/rooms/{code}/rematch", headers=auth(b["token"]))
    assert r.status_code == 200, r.text
    again = r.json()["room"]["code"]
    listed = (await http.get(f"/api/clubs/{club_id}/rooms", headers=auth(a["token"]))).json()["rooms"]
    assert again in [room["code"] for room in listed]
    outsider = await session(http, "外" + secrets.token_hex(2))
    assert (await http.get(f"/api/rooms/{again}", headers=auth(outsider["token"]))).status_code == 404
    assert (await http.post(f"/api/rooms/{again}/join", headers=auth(outsider["token"]))).status_code == 404
    # the club hand's replay code: members open it, nobody else
    replay_code = summary["hand_list"][0]["replay_code"]
    assert (await http.get(f"/api/replay-codes/{replay_code}", headers=auth(a["token"]))).status_code == 200
    assert (await http.get(f"/api/replay-codes/{replay_code}")).status_code == 404


async def _probe_everything(http: httpx.AsyncClient, server: ServerProcess, token: str, club: dict[str, Any],
                            code: str, replay_code: str, secrets_: list[str], who: str) -> None:
    """Every club endpoint and every endpoint of the club's room, as ``token``: refused, nothing leaked."""
    cid = club["club_id"]
    somebody = club["owner_id"]
    calls: list[tuple[str, str, dict[str, Any] | None]] = [
        ("GET", f"/api/clubs/{cid}", None), ("GET", f"/api/clubs/{cid}/members", None),
        ("POST", f"/api/clubs/{cid}/requests/{somebody}", {"approve": True}),
        ("POST", f"/api/clubs/{cid}/members/{somebody}", {"action": "kick"}),
        ("POST", f"/api/clubs/{cid}/leave", {}), ("POST", f"/api/clubs/{cid}/transfer", {"player_id": somebody}),
        ("POST", f"/api/clubs/{cid}/dissolve", {}), ("POST", f"/api/clubs/{cid}/invite", {}),
        ("GET", f"/api/clubs/{cid}/rooms", None), ("POST", f"/api/clubs/{cid}/rooms", {}),
        ("GET", f"/api/clubs/{cid}/records", None), ("GET", f"/api/clubs/{cid}/board", None),
        ("GET", f"/api/clubs/{cid}/board?format=csv", None),
        ("GET", f"/api/rooms/{code}", None), ("POST", f"/api/rooms/{code}/join", {}),
        ("POST", f"/api/rooms/{code}/bots", {}), ("POST", f"/api/rooms/{code}/rematch", {}),
        ("GET", f"/api/rooms/{code}/hands", None), ("GET", f"/api/rooms/{code}/hands/1", None),
        ("GET", f"/api/rooms/{code}/hands/1/replay", None), ("GET", f"/api/rooms/{code}/hands/1/view?seat=all", None),
        ("GET", f"/api/matches/{code}", None), ("GET", f"/api/replay-codes/{replay_code}", None),
    ]
    for method, path, body in calls:
        r = await http.request(method, path, json=body, headers=auth(token))
        assert r.status_code == 404, (who, method, path, r.status_code, r.text)
        for secret in secrets_:
            assert secret not in r.text, (who, path, secret)
    listed = (await http.get("/api/clubs", headers=auth(token))).json()
    assert cid not in json.dumps(listed)
    records = (await http.get(f"/api/records?club={cid}", headers=auth(token))).json()
    assert records["matches"] == []
    async with websockets.connect(f"{server.ws_base}/ws/{code}") as ws:  # neither seat nor watch
        await ws.send(json.dumps({"type": "auth", "token": token}))
        first = json.loads(await ws.recv())
        assert first["type"] == "error" and first["code"] == "no_room", (who, first)
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await ws.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4004


async def test_outsiders_and_banned_members_learn_nothing(http: httpx.AsyncClient, server: ServerProcess) -> None:
    a = await session(http, "主" + secrets.token_hex(2))
    club = await _club(http, a["token"])
    b = await _member(http, club, a, "友")
    banned = await _member(http, club, a, "禁")
    code = await _play_club_room(http, server, club["club_id"], a, b)
    replay_code = (await http.get(f"/api/matches/{code}", headers=auth(a["token"]))).json()["hand_list"][0][
        "replay_code"]
    r = await http.post(f"/api/clubs/{club['club_id']}/members/{banned['player_id']}", json={"action": "ban"},
                        headers=auth(a["token"]))
    assert r.status_code == 200, r.text
    outsider = await session(http, "外人" + secrets.token_hex(2))
    hidden = [club["invite_code"], a["name"], b["name"], club["name"]]
    await _probe_everything(http, server, outsider["token"], club, code, replay_code, hidden, "outsider")
    await _probe_everything(http, server, banned["token"], club, code, replay_code, hidden, "banned")
    # no token at all: 401 on the club endpoints, 404 on the room's
    assert (await http.get(f"/api/clubs/{club['club_id']}")).status_code == 401
    assert (await http.get(f"/api/rooms/{code}/hands")).status_code == 404
    # the banned member cannot come back by the invite code
    r = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(banned["token"]))
    assert r.status_code == 403 and r.json()["error"] == "banned"
    # the operator sees the room
    operator = {"x-operator-token": "test-operator-token"}
    assert (await http.get(f"/api/rooms/{code}", headers=operator)).status_code == 200


async def test_roles_leave_transfer_and_dissolve(http: httpx.AsyncClient) -> None:
    owner = await session(http, "主" + secrets.token_hex(2))
    club = await _club(http, owner["token"])
    cid = club["club_id"]
    admin = await _member(http, club, owner, "管")
    m = await _member(http, club, owner, "员")
    r = await http.post(f"/api/clubs/{cid}/members/{admin['player_id']}", json={"action": "admin"},
                        headers=auth(owner["token"]))
    assert r.status_code == 200
    # a member manages nothing; an admin not the owner nor other admins, nor roles
    for token, target, action in ((m["token"], admin["player_id"], "kick"),
                                  (admin["token"], owner["player_id"], "kick"),
                                  (admin["token"], m["player_id"], "admin")):
        r = await http.post(f"/api/clubs/{cid}/members/{target}", json={"action": action}, headers=auth(token))
        assert r.status_code == 403, r.text
    r = await http.post(f"/api/clubs/{cid}/invite", headers=auth(m["token"]))
    assert r.status_code == 403
    # a new invite code voids the old one
    new = (await http.post(f"/api/clubs/{cid}/invite", headers=auth(admin["token"]))).json()["invite_code"]
    assert new != club["invite_code"]
    late = await session(http, "迟" + secrets.token_hex(2))
    old = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(late["token"]))
    assert old.status_code == 404 and old.json()["error"] == "bad_invite"
    # a refused request leaves no trace; the admin kicks a member
    await http.post("/api/clubs/join", json={"invite_code": new}, headers=auth(late["token"]))
    r = await http.post(f"/api/clubs/{cid}/requests/{late['player_id']}", json={"approve": False},
                        headers=auth(admin["token"]))
    assert r.status_code == 200
    assert (await http.get(f"/api/clubs/{cid}", headers=auth(late["token"]))).status_code == 404
    r = await http.post(f"/api/clubs/{cid}/members/{m['player_id']}", json={"action": "kick"},
                        headers=auth(admin["token"]))
    assert r.status_code == 200
    assert (await http.get(f"/api/clubs/{cid}", headers=auth(m["token"]))).status_code == 404
    # the owner cannot leave, hands over, then leaves; the new owner dissolves
    r = await http.post(f"/api/clubs/{cid}/leave", headers=auth(owner["token"]))
    assert r.status_code == 409 and r.json()["error"] == "owner"
    r = await http.post(f"/api/clubs/{cid}/transfer", json={"player_id": late["player_id"]},
                        headers=auth(owner["token"]))
    assert r.status_code == 400  # not a member
    r = await http.post(f"/api/clubs/{cid}/transfer", json={"player_id": admin["player_id"]},
                        headers=auth(owner["token"]))
    assert r.status_code == 200
    info = (await http.get(f"/api/clubs/{cid}", headers=auth(admin["token"]))).json()
    assert info["role"] == "owner" and info["owner_id"] == admin["player_id"]
    assert (await http.post(f"/api/clubs/{cid}/leave", headers=auth(owner["token"]))).status_code == 200
    assert (await http.post(f"/api/clubs/{cid}/dissolve", headers=auth(admin["token"]))).status_code == 200
    assert (await http.get(f"/api/clubs/{cid}", headers=auth(admin["token"]))).status_code == 404
    assert (await http.get("/api/clubs", headers=auth(admin["token"]))).json() == {"clubs": [], "pending": []}


async def test_bad_club_input_is_refused_and_changes_nothing(http: httpx.AsyncClient) -> None:
    p = await session(http, "坏" + secrets.token_hex(2))
    for data, word in [({"name": ""}, "name"), ({"name": "x" * 33}, "name"), ({"name": "a\u202eb"}, "name"),
                       ({"name": 5}, "name"), ({"name": "ok", "description": "d" * 501}, "description"),
                       ({"name": "ok", "preset": {"ruleset": "anqing", "hands": 0}}, "hands"),
                       ({"name": "ok", "preset": {"ruleset": "anqing", "bogus": 1}}, "bogus"),
                       ({"name": "ok", "preset": "anqing"}, "preset"),
                       ({"name": "ok", "own_options": "yes"}, "own_options")]:
        r = await http.post("/api/clubs", json=data, headers=auth(p["token"]))
        assert r.status_code == 400 and word in r.json()["reason"], (data, r.text)
    assert (await http.get("/api/clubs", headers=auth(p["token"]))).json()["clubs"] == []
    for code, status in (("short", 400), ("ZZZZZZZZ", 404), ("", 400), (5, 400)):
        r = await http.post("/api/clubs/join", json={"invite_code": code}, headers=auth(p["token"]))
        assert r.status_code == status and r.json()["error"] == "bad_invite", (code, r.text)
    # a club that uses its preset refuses a member's own options
    club = await _club(http, p["token"])
    r = await http.post(f"/api/clubs/{club['club_id']}/rooms", json={"hands": 4}, headers=auth(p["token"]))
    assert r.status_code == 403
    assert (await http.get(f"/api/clubs/{club['club_id']}/rooms", headers=auth(p["token"]))).json()["rooms"] == []
    for q in ("period=year", "sort=name", "format=xml"):
        r = await http.get(f"/api/clubs/{club['club_id']}/board?{q}", headers=auth(p["token"]))
        assert r.status_code == 400, (q, r.text)
