"""The operator's console over REST (docs/server.md, "The operator's console"): every endpoint refuses a
player's token (403); dissolving a hand is a new 局 with 连庄 1 and the players are told why; removing,
banning, revoking, the announcement, drain and watching each do what they say and are logged with who
and why. Real servers (SQLite and PostgreSQL), real websockets."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import pytest

from majiang.server.console import CONSOLE_ENDPOINTS
from tests.server.harness import OPERATOR, Client, ServerProcess, auth, create_room, session

OP = {"x-operator-token": OPERATOR}


def never_win(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A scripted player who never wins or claims: every hand of Hefei ends 荒庄 (the dealer's streak grows)."""
    for kind in ("pass", "discard"):
        for a in legal:
            if a["type"] == kind:
                return a
    return next((a for a in legal if a["type"] != "win"), legal[0])


async def seated(srv: ServerProcess, http: httpx.AsyncClient, n: int,
                 **spec: Any) -> tuple[str, list[Client], list[dict[str, Any]]]:
    people = [await session(http, f"C{i}x{n}") for i in range(n)]
    code = (await create_room(http, people[0]["token"], **spec))["room"]["code"]
    for p in people[1:]:
        assert (await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))).status_code == 200
    clients = [await Client(srv.ws_base, code, p["token"]).connect() for p in people]
    for c in clients:
        await c.next_of("welcome", after=0)
    return code, clients, people


async def test_every_console_endpoint_refuses_a_player(server: ServerProcess, http: httpx.AsyncClient) -> None:
    me = await session(http, "NotOperator")
    code = (await create_room(http, me["token"]))["room"]["code"]
    assert len(CONSOLE_ENDPOINTS) >= 12
    body = {"reason": "x", "seat": 0, "player_id": me["player_id"], "seconds": 600, "on": True, "text": "x"}
    for method, path in CONSOLE_ENDPOINTS:
        url = path.replace("{code}", code)
        for headers in (auth(me["token"]), {}):
            r = await http.request(method, url, headers=headers, json=body if method == "POST" else None)
            assert r.status_code == 403, (method, url, r.status_code, r.text)
            assert r.json()["error"] == "forbidden"
    assert (await http.get("/metrics", headers=auth(me["token"]))).status_code == 403
    # and nothing happened: the player still has their token, the room still waits
    assert (await http.get("/api/me", headers=auth(me["token"]))).status_code == 200
    assert (await http.get(f"/api/rooms/{code}")).json()["room"]["status"] == "waiting"
    assert (await http.get("/api/announcement")).json()["announcement"] is None


async def test_dissolving_a_hand_is_a_new_game_with_streak_one(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """Hefei: hand 1 ends 荒庄 (nobody wins), so hand 2 is dealt with 连庄 2; the operator dissolves it: every
    seat gets the notice with the reason, the hand is not scored, and hand 2 is dealt again with 连庄 1."""
    code, clients, _ = await seated(server, http, 4, ruleset="hefei", hands=3)
    for c in clients:
        c.choose = never_win  # type: ignore[method-assign]
        c.autoplay = True
        await c.send({"type": "ready"})
    second = await clients[0].wait(lambda c: c.view if c.view and c.view["hand_no"] == 2 else None, timeout=120)
    assert second["streak"] == 2, "hand 1 was 荒庄: the dealer stays with 连庄 2"
    for c in clients:
        c.autoplay = False  # hold the hand still while the operator acts
    marks = [len(c.messages) for c in clients]
    r = await http.post(f"/api/rooms/{code}/admin/dissolve", json={"reason": "table stuck: a client hung"},
                        headers=OP)
    assert r.status_code == 200, r.text
    assert r.json()["room"]["status"] == "waiting" and r.json()["room"]["hand_no"] == 2
    for c, mark in zip(clients, marks, strict=True):
        notice = await c.next_of("notice", after=mark)
        assert notice["what"] == "hand_dissolved" and notice["by"] == "operator"
        assert notice["reason"] == "table stuck: a client hung" and notice["streak"] == 1
    assert [h["hand_no"] for h in (await http.get(f"/api/rooms/{code}/hands")).json()["hands"]] == [1]
    for c in clients:
        c.autoplay = True
        await c.send({"type": "ready"})
    # the old hand 2 had 连庄 2: a hand 2 with 连庄 1 is the one dealt again
    again = await clients[0].wait(lambda c: c.view if c.view and c.view["hand_no"] == 2 and c.view["streak"] == 1
                                  else None, timeout=60)
    assert again["streak"] == 1 and again["hand_no"] == 2
    log = (await http.get("/api/admin/actions", headers=OP)).json()["actions"]
    assert any(a["action"] == "dissolve_hand" and a["target"] == code and a["reason"] == "table stuck: a client hung"
               and a["who"].startswith("operator@") for a in log)
    for c in clients:
        await c.close()


async def test_remove_a_player(server: ServerProcess, http: httpx.AsyncClient) -> None:
    code, clients, people = await seated(server, http, 2)
    mark = len(clients[1].messages)
    r = await http.post(f"/api/rooms/{code}/admin/remove", json={"seat": 1, "reason": "abusive chat"}, headers=OP)
    assert r.status_code == 200, r.text
    notice = await clients[1].next_of("notice", after=mark)
    assert notice["what"] == "removed" and notice["reason"] == "abusive chat"
    await asyncio.wait_for(clients[1].closed.wait(), 10)
    assert clients[1].ws is not None and clients[1].ws.close_code == 4003
    assert not r.json()["room"]["seats"][1]["occupied"]
    again = await http.post(f"/api/rooms/{code}/join", headers=auth(people[1]["token"]))
    assert again.status_code == 403 and again.json()["error"] == "removed"
    bad = await http.post(f"/api/rooms/{code}/admin/remove", json={"seat": 1, "reason": "again"}, headers=OP)
    assert bad.status_code == 409  # nobody there now
    assert (await http.post(f"/api/rooms/{code}/admin/remove", json={"seat": 0}, headers=OP)).status_code == 400
    for c in clients:
        await c.close()


async def test_ban_revoke_announce_drain_watch(server: ServerProcess, http: httpx.AsyncClient) -> None:
    # ban an address: a session from it is refused, from another address it is not
    banned_ip = "127.0.0.77"
    async with httpx.AsyncClient(base_url=server.base, timeout=20,
                                 transport=httpx.AsyncHTTPTransport(local_address=banned_ip)) as far:
        assert (await far.post("/api/session", json={"name": "Far"})).status_code == 200
        r = await http.post("/api/admin/ban", json={"address": banned_ip, "seconds": 3600, "reason": "flooding"},
                            headers=OP)
        assert r.status_code == 200, r.text
        refused = await far.post("/api/session", json={"name": "Far"})
        assert refused.status_code == 403 and refused.json()["error"] == "banned" and "flooding" in refused.text
        assert (await http.post("/api/session", json={"name": "Near"})).status_code == 200
        lift = await http.post("/api/admin/unban", json={"kind": "address", "key": banned_ip, "reason": "done"},
                               headers=OP)
        assert lift.status_code == 200
        assert (await far.post("/api/session", json={"name": "Far"})).status_code == 200
    # ban a player: its token dies and its socket closes
    code, clients, people = await seated(server, http, 1)
    r = await http.post("/api/admin/ban", json={"player_id": people[0]["player_id"], "seconds": 600,
                                                "reason": "cheating"}, headers=OP)
    assert r.status_code == 200
    assert any(b["key"] == people[0]["player_id"] for b in r.json()["bans"])
    await asyncio.wait_for(clients[0].closed.wait(), 10)
    assert (await http.get("/api/me", headers=auth(people[0]["token"]))).status_code == 401
    # revoke a player's tokens
    code, clients, people = await seated(server, http, 1)
    r = await http.post("/api/admin/revoke", json={"player_id": people[0]["player_id"], "reason": "leaked token"},
                        headers=OP)
    assert r.status_code == 200
    await asyncio.wait_for(clients[0].closed.wait(), 10)
    assert clients[0].ws is not None and clients[0].ws.close_code == 4001
    # the announcement every lobby shows
    r = await http.post("/api/admin/announcement", json={"text": "维护 at 02:00  UTC", "reason": "upgrade"},
                        headers=OP)
    assert r.status_code == 200
    assert (await http.get("/api/announcement")).json()["announcement"]["text"] == "维护 at 02:00 UTC"
    # watch a live table with everything visible: a one-human room with bots, its hand dealt
    me = await session(http, "Watched")
    code = (await create_room(http, me["token"], hands=1))["room"]["code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    c = await Client(server.ws_base, code, me["token"]).connect()
    await c.next_of("welcome", after=0)
    # drain: no new rooms, the running match plays to its end
    r = await http.post("/api/admin/drain", json={"on": True, "reason": "upgrade to 0.2"}, headers=OP)
    try:  # the shared server must not stay drained if this fails (every later test would be refused)
        assert r.status_code == 200 and r.json()["drain"]["on"] is True
        other = await session(http, "Late")
        refused = await http.post("/api/rooms", json={"ruleset": "anqing"}, headers=auth(other["token"]))
        assert refused.status_code == 503 and refused.json()["error"] == "draining"
        assert (await http.get("/api/announcement")).json()["draining"] is True
        c.autoplay = True
        await c.send({"type": "ready"})
        await c.wait(lambda c: c.view)
        w = await http.post(f"/api/rooms/{code}/admin/watch", json={"reason": "report of collusion"}, headers=OP)
        assert w.status_code == 200
        revealed, seats = w.json()["view"]["revealed"], w.json()["view"]["seats"]
        # every concealed tile of every seat (however far the bots got: a claim leaves fewer than 13)
        assert len(revealed) == 4 and [len(t) for t in revealed] == [s["hand_count"] for s in seats]
        assert all(len(t) + 3 * len(s["melds"]) >= 13 for t, s in zip(revealed, seats, strict=True))
        overview = (await http.get("/api/admin/overview", headers=OP)).json()
        tables = {t["code"]: t for n in overview["nodes"] for t in n["tables"]}
        assert tables[code]["seats"][0]["name"] == "Watched" and tables[code]["hand_no"] == 1
        assert any(p["room"] == code and p["name"] == "Watched" for n in overview["nodes"] for p in n["online"])
        assert overview["drain"]["on"] is True
        await c.next_of("match_end", timeout=120, after=0)
    finally:
        r = await http.post("/api/admin/drain", json={"on": False, "reason": "upgrade done"}, headers=OP)
    assert r.status_code == 200
    assert (await http.post("/api/rooms", json={"ruleset": "anqing"}, headers=auth(other["token"]))).status_code == 201
    log = (await http.get("/api/admin/actions", headers=OP)).json()["actions"]
    done = {(a["action"], a["reason"]) for a in log}
    assert {("ban", "flooding"), ("unban", "done"), ("ban", "cheating"), ("revoke", "leaked token"),
            ("announce", "upgrade"), ("drain", "upgrade to 0.2"), ("watch", "report of collusion"),
            ("drain", "upgrade done")} <= done
    await http.post("/api/admin/announcement", json={"text": "", "reason": "over"}, headers=OP)
    assert (await http.get("/api/announcement")).json()["announcement"] is None
    await c.close()


@pytest.mark.parametrize("data", [{}, {"reason": ""}, {"reason": "   "}, {"reason": "x" * 301}])
async def test_an_action_without_a_reason_is_refused(server: ServerProcess, http: httpx.AsyncClient,
                                                     data: dict[str, Any]) -> None:
    r = await http.post("/api/admin/drain", json={"on": True, **data}, headers=OP)
    assert r.status_code == 400 and "reason" in r.json()["reason"]
    assert (await http.get("/api/announcement")).json()["draining"] is False
