"""Friends and invites (majiang/platform/friends.py, majiang/server/friend_routes.py, lobby.py): player
codes, requests answered, removal and blocking, the friend list's presence, room invites pushed on the
lobby socket (and kept for a socket that was away), club notices; bad input; the same-address option."""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.server.harness import FAST, TEST_LIMITS, Client, ServerProcess, auth, create_room, session
from tests.server.lobby_client import LobbyClient


async def _people(http: httpx.AsyncClient, n: int) -> list[dict[str, Any]]:
    return [await session(http, f"F{i}{secrets.token_hex(2)}") for i in range(n)]


async def _code(http: httpx.AsyncClient, p: dict[str, Any]) -> str:
    r = await http.get("/api/friends", headers=auth(p["token"]))
    assert r.status_code == 200, r.text
    return str(r.json()["code"])


async def _befriend(http: httpx.AsyncClient, a: dict[str, Any], b: dict[str, Any]) -> None:
    r = await http.post("/api/friends/requests", json={"code": await _code(http, b)}, headers=auth(a["token"]))
    assert r.status_code == 201, r.text
    r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "accept"}, headers=auth(b["token"]))
    assert r.status_code == 200, r.text


async def _friends(http: httpx.AsyncClient, p: dict[str, Any]) -> dict[str, Any]:
    r = await http.get("/api/friends", headers=auth(p["token"]))
    assert r.status_code == 200, r.text
    return r.json()  # type: ignore[no-any-return]


async def test_a_request_by_code_is_pushed_answered_and_listed(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b, c = await _people(http, 3)
    code_b = await _code(http, b)
    assert code_b == await _code(http, b)  # one code per player, kept
    lb = await LobbyClient(server.ws_base, b["token"]).connect()
    la = await LobbyClient(server.ws_base, a["token"]).connect()
    try:
        mark = lb.mark()
        # the code reads with a dash and in lower case too, as people type it
        r = await http.post("/api/friends/requests", json={"code": f"{code_b[:4].lower()}-{code_b[4:]}"},
                            headers=auth(a["token"]))
        assert r.status_code == 201 and r.json()["state"] == "requested", r.text
        pushed = await lb.next_of("friend_request", after=mark)
        assert pushed["player"] == {"player_id": a["player_id"], "name": a["name"]}
        assert [p["player_id"] for p in (await _friends(http, b))["incoming"]] == [a["player_id"]]
        assert [p["player_id"] for p in (await _friends(http, a))["outgoing"]] == [b["player_id"]]
        mark = la.mark()
        r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "accept"}, headers=auth(b["token"]))
        assert r.status_code == 200, r.text
        assert (await la.next_of("friend_accepted", after=mark))["player"]["player_id"] == b["player_id"]
        fa, fb = await _friends(http, a), await _friends(http, b)
        assert [f["player_id"] for f in fa["friends"]] == [b["player_id"]] and not fa["outgoing"]
        assert [f["player_id"] for f in fb["friends"]] == [a["player_id"]] and not fb["incoming"]
        # both online (their lobby sockets), at no table
        assert fa["friends"][0]["online"] is True and fa["friends"][0]["room"] is None
        # c and b ask each other: friends at once
        r = await http.post("/api/friends/requests", json={"player_id": b["player_id"]}, headers=auth(c["token"]))
        assert r.status_code == 201
        r = await http.post("/api/friends/requests", json={"code": await _code(http, c)}, headers=auth(b["token"]))
        assert r.status_code == 200 and r.json()["state"] == "friends", r.text
        # a declined request leaves nothing; removing a friend removes both sides
        r = await http.post(f"/api/friends/{b['player_id']}", json={"action": "remove"}, headers=auth(c["token"]))
        assert r.status_code == 200
        assert c["player_id"] not in [f["player_id"] for f in (await _friends(http, b))["friends"]]
        r = await http.post("/api/friends/requests", json={"player_id": a["player_id"]}, headers=auth(c["token"]))
        r = await http.post(f"/api/friends/{c['player_id']}", json={"action": "decline"}, headers=auth(a["token"]))
        assert r.status_code == 200
        assert not (await _friends(http, a))["incoming"] and not (await _friends(http, c))["outgoing"]
    finally:
        await la.close()
        await lb.close()


async def test_a_block_is_silent_and_stops_requests_and_invites(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b = await _people(http, 2)
    await _befriend(http, a, b)
    r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "block"}, headers=auth(b["token"]))
    assert r.status_code == 200
    assert not (await _friends(http, a))["friends"]
    assert [p["player_id"] for p in (await _friends(http, b))["blocked"]] == [a["player_id"]]
    lb = await LobbyClient(server.ws_base, b["token"]).connect()
    try:
        # a's request answers as sent (a block is not announced) and reaches nobody
        r = await http.post("/api/friends/requests", json={"player_id": b["player_id"]}, headers=auth(a["token"]))
        assert r.status_code == 201 and r.json()["state"] == "requested"
        assert not (await _friends(http, b))["incoming"]
        # b cannot ask a either without unblocking first
        r = await http.post("/api/friends/requests", json={"player_id": a["player_id"]}, headers=auth(b["token"]))
        assert r.status_code == 409 and r.json()["error"] == "blocked"
        r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "unblock"}, headers=auth(b["token"]))
        assert r.status_code == 200
        assert not (await _friends(http, b))["blocked"]
        assert all(m["type"] != "friend_request" for m in lb.messages)
    finally:
        await lb.close()


async def test_an_invite_is_pushed_kept_for_a_reconnect_and_lapses_with_the_room(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b, stranger = await _people(http, 3)
    await _befriend(http, a, b)
    room = await create_room(http, a["token"], hands=1)
    code = room["room"]["code"]
    host = await Client(server.ws_base, code, a["token"]).connect()
    try:
        await host.next_of("welcome", after=0)
        # the friend list says where a sits, with a free seat to join
        seen = (await _friends(http, b))["friends"][0]
        assert seen["online"] is True and seen["room"]["code"] == code and seen["room"]["free"] == 3
        lb = await LobbyClient(server.ws_base, b["token"]).connect()
        mark = lb.mark()
        r = await http.post("/api/invites", json={"room": code, "player_id": b["player_id"]}, headers=auth(a["token"]))
        assert r.status_code == 201, r.text
        got = (await lb.next_of("invite", after=mark))["invite"]
        assert got["room"] == code and got["from"] == a["player_id"] and got["from_name"] == a["name"]
        await lb.close()
        # away when it was sent, or reconnecting: the hello carries it
        lb = await LobbyClient(server.ws_base, b["token"]).connect()
        assert [i["room"] for i in lb.messages[0]["invites"]] == [code]
        await lb.close()
        # not a friend: refused; not seated: nothing to invite to
        r = await http.post("/api/invites", json={"room": code, "player_id": stranger["player_id"]},
                            headers=auth(a["token"]))
        assert r.status_code == 403 and r.json()["error"] == "not_friend"
        r = await http.post("/api/invites", json={"room": code, "player_id": a["player_id"]},
                            headers=auth(stranger["token"]))
        assert r.status_code == 404
        # the invite lapses with the room
        r = await http.post(f"/api/rooms/{code}/dissolve", headers=auth("test-operator-token"))
        assert r.status_code == 200, r.text
        r = await http.get("/api/invites", headers=auth(b["token"]))
        assert r.json()["invites"] == []
    finally:
        await host.close()


async def test_declining_an_invite_clears_it_on_every_device(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b = await _people(http, 2)
    await _befriend(http, a, b)
    code = (await create_room(http, a["token"], hands=1))["room"]["code"]
    r = await http.post("/api/invites", json={"room": code, "player_id": b["player_id"]}, headers=auth(a["token"]))
    assert r.status_code == 201
    phone = await LobbyClient(server.ws_base, b["token"]).connect()
    try:
        pending = (await http.get("/api/invites", headers=auth(b["token"]))).json()["invites"]
        assert [i["room"] for i in pending] == [code]
        mark = phone.mark()
        r = await http.post(f"/api/invites/{code}/decline", headers=auth(b["token"]))
        assert r.status_code == 200
        assert (await phone.next_of("invite_gone", after=mark))["room"] == code
        assert (await http.post(f"/api/invites/{code}/decline", headers=auth(b["token"]))).status_code == 404
    finally:
        await phone.close()


async def test_club_notices_reach_the_admins_and_the_members(server: ServerProcess, http: httpx.AsyncClient) -> None:
    owner, joiner = await _people(http, 2)
    r = await http.post("/api/clubs", json={"name": "圈" + secrets.token_hex(2), "description": "",
                                            "preset": {"ruleset": "anqing", "hands": 1, **FAST}},
                        headers=auth(owner["token"]))
    club = r.json()
    lo = await LobbyClient(server.ws_base, owner["token"]).connect()
    lj = await LobbyClient(server.ws_base, joiner["token"]).connect()
    try:
        mark = lo.mark()
        r = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(joiner["token"]))
        assert r.status_code == 200
        got = await lo.next_of("club", after=mark)
        assert got["what"] == "join_request" and got["player"]["player_id"] == joiner["player_id"]
        mark = lj.mark()
        await http.post(f"/api/clubs/{club['club_id']}/requests/{joiner['player_id']}", json={"approve": True},
                        headers=auth(owner["token"]))
        assert (await lj.next_of("club", after=mark))["what"] == "approved"
        mark = lj.mark()
        r = await http.post(f"/api/clubs/{club['club_id']}/rooms", json={}, headers=auth(owner["token"]))
        assert r.status_code == 201
        room = await lj.next_of("club", after=mark)
        assert room["what"] == "room" and room["room"] == r.json()["room"]["code"]
        # a club room's invite goes to a member (no friendship needed)
        code = r.json()["room"]["code"]
        mark = lj.mark()
        r = await http.post("/api/invites", json={"room": code, "player_id": joiner["player_id"]},
                            headers=auth(owner["token"]))
        assert r.status_code == 201, r.text
        assert (await lj.next_of("invite", after=mark))["invite"]["club_id"] == club["club_id"]
    finally:
        await lo.close()
        await lj.close()


async def test_bad_friend_input_gets_a_clear_error_and_changes_nothing(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b = await _people(http, 2)
    h = auth(a["token"])
    cases = [
        ({"code": "NOPE"}, 404), ({"code": 12345678}, 404), ({}, 400), ({"code": "x", "player_id": "y"}, 400),
        ({"player_id": "NOT VALID"}, 400), ({"player_id": "p" + "0" * 40}, 400), ({"player_id": "pnobody"}, 404),
        ({"code": await _code(http, a)}, 400),  # one's own code
    ]
    for data, status in cases:
        r = await http.post("/api/friends/requests", json=data, headers=h)
        assert r.status_code == status, (data, r.text)
        assert r.json()["reason"], data
    for action, status in [("hug", 400), (None, 400), ("accept", 404), ("unblock", 404), ("remove", 404)]:
        r = await http.post(f"/api/friends/{b['player_id']}", json={"action": action}, headers=h)
        assert r.status_code == status, (action, r.text)
    for data in [{}, {"room": "bad code!", "player_id": b["player_id"]}, {"room": "ABCDEF", "player_id": 7}]:
        r = await http.post("/api/invites", json=data, headers=h)
        assert r.status_code == 400, (data, r.text)
    assert (await http.get("/api/friends")).status_code == 401
    assert (await http.post("/api/friends/requests", json={"code": "K7QM3XPD"})).status_code == 401
    fa = await _friends(http, a)
    assert not fa["friends"] and not fa["outgoing"] and not fa["incoming"] and not fa["blocked"]
    # the lobby socket wants the token first, like a table's
    lone = LobbyClient(server.ws_base, "not-a-token")
    with pytest.raises(AssertionError):
        await lone.connect()
    assert lone.close_code == 4001


async def test_player_code_guesses_share_the_replay_codes_miss_limit(tmp_path: Path) -> None:
    limits = TEST_LIMITS + ",code_rate_ip=0.001,code_burst_ip=4"
    srv = ServerProcess(tmp_path / "data", limits=limits, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
            a, b = await _people(http, 2)
            good = await _code(http, b)
            # a code that names someone costs nothing: asked again and again
            for _ in range(6):
                r = await http.post("/api/friends/requests", json={"code": good}, headers=auth(a["token"]))
                assert r.status_code == 201, r.text
            answers = [(await http.post("/api/friends/requests", json={"code": "ZZZZZZZ" + str(i + 2)},
                                        headers=auth(a["token"]))).status_code for i in range(3)]
            answers.append((await http.get("/api/replay-codes/ZZZZZZZZ")).status_code)
            answers.append((await http.get("/api/replay-codes/ZZZZZZZY")).status_code)
            assert answers == [404] * 4 + [429]
            # with the misses used up, a good code waits too (else the answers would tell which exist)
            r = await http.post("/api/friends/requests", json={"code": good}, headers=auth(a["token"]))
            assert r.status_code == 429 and "try again" in r.json()["reason"]
    finally:
        srv.stop()


async def _seat_from(server: ServerProcess, http: httpx.AsyncClient, code: str, p: dict[str, Any],
                     ip: str) -> Client:
    return await Client(server.ws_base, code, p["token"], local_ip=ip).connect()


@pytest.mark.parametrize("mode", ["warn", "refuse"])
async def test_two_seats_from_one_address_are_warned_or_refused(server: ServerProcess, http: httpx.AsyncClient,
                                                                mode: str) -> None:
    a, b, c = await _people(http, 3)
    code = (await create_room(http, a["token"], same_address=mode))["room"]["code"]
    n = secrets.randbelow(200) + 20
    home, other = f"127.0.{n}.2", f"127.0.{n}.3"
    ca = await _seat_from(server, http, code, a, home)
    clients = [ca]
    try:
        await ca.next_of("welcome", after=0)
        cc = await _seat_from(server, http, code, c, other)  # another address: seated, no word of it
        clients.append(cc)
        assert (await cc.next_of("welcome", after=0))["seat"] == 1
        cb = await _seat_from(server, http, code, b, home)
        clients.append(cb)
        if mode == "refuse":
            err = await cb.next_of("error", after=0)
            assert err["code"] == "same_address"
            await cb.closed.wait()
            room = (await http.get(f"/api/rooms/{code}")).json()["room"]
            assert b["player_id"] not in [s["player_id"] for s in room["seats"]]
        else:
            assert (await cb.next_of("welcome", after=0))["seat"] == 2
            for cl in (ca, cb, cc):
                notice = await cl.next_of("notice", after=0)
                assert notice["what"] == "same_address" and notice["seats"] == [[0, 2]]
                assert a["name"] in notice["reason"] and b["name"] in notice["reason"]
            console = await http.get("/api/admin/overview", headers=auth("test-operator-token"))
            mine = [t for n in console.json()["nodes"] for t in n["tables"] if t["code"] == code]
            assert mine and mine[0]["same_address"] == [[0, 2]]  # the operator sees it
    finally:
        for cl in clients:
            await cl.close()
    bad = await http.post("/api/rooms", json={"ruleset": "anqing", "same_address": "sometimes"},
                          headers=auth(a["token"]))
    assert bad.status_code == 400 and "same_address" in bad.json()["reason"]


async def test_signing_out_everywhere_closes_the_lobby_socket(server: ServerProcess, http: httpx.AsyncClient) -> None:
    name = "o" + secrets.token_hex(5)
    r = await http.post("/api/account/register", json={"username": name, "password": "correct horse"})
    acct = r.json()
    lobby = await LobbyClient(server.ws_base, acct["token"]).connect()
    r = await http.post("/api/account/logout", json={"everywhere": True}, headers=auth(acct["token"]))
    assert r.status_code == 200
    await asyncio.wait_for(lobby.closed.wait(), 10)
    assert lobby.close_code == 4001
    assert any(m["type"] == "error" and m["code"] == "bad_token" for m in lobby.messages)
