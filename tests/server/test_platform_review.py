"""Holes found reviewing friends, the lobby socket and tournaments (real servers, SQLite and PostgreSQL):
a block never announces itself to the blocked player, the lobby socket answers garbage with an error
naming it, and a sealed tournament table's finished hands do not show the winner's tiles."""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

import httpx
import websockets

from tests.server.harness import ServerProcess, auth, session
from tests.server.lobby_client import LobbyClient
from tests.server.test_accounts import register
from tests.server.test_friends import _code, _friends
from tests.server.test_tournaments import OP, fresh, until  # noqa: F401  (fresh: the fixture)


async def test_blocking_a_stranger_tells_them_nothing(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """a asks b; b blocks a without answering: a is told nothing (as after a decline). c, a stranger, is
    blocked by b and then asks b: c's side looks as for any request (listed as waiting, withdrawable, asking
    again answers the same), b never sees it. Only a friend blocked hears of it, as of a removal."""
    a, b, c = [await session(http, f"B{i}{secrets.token_hex(2)}") for i in range(3)]
    la = await LobbyClient(server.ws_base, a["token"]).connect()
    try:
        r = await http.post("/api/friends/requests", json={"code": await _code(http, b)}, headers=auth(a["token"]))
        assert r.status_code == 201, r.text
        mark = la.mark()
        r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "block"}, headers=auth(b["token"]))
        assert r.status_code == 200, r.text
        # c, never anything to b, is blocked too; then c asks b: it must look like any other request
        r = await http.post(f"/api/friends/{c['player_id']}", json={"action": "block"}, headers=auth(b["token"]))
        assert r.status_code == 200, r.text
        r = await http.post("/api/friends/requests", json={"player_id": b["player_id"]}, headers=auth(c["token"]))
        assert r.status_code == 201 and r.json()["state"] == "requested", r.text
        assert [p["player_id"] for p in (await _friends(http, c))["outgoing"]] == [b["player_id"]]
        r = await http.post("/api/friends/requests", json={"player_id": b["player_id"]}, headers=auth(c["token"]))
        assert r.status_code == 201 and r.json()["state"] == "requested", r.text  # asked again: as for anyone
        # a ping fences the pushes: everything b's blocks caused has reached a's socket by its pong
        assert la.ws is not None
        await la.ws.send('{"type": "ping"}')
        await la.next_of("pong", after=mark)
        assert [m["type"] for m in la.messages[mark:]] == ["pong"], la.messages[mark:]
        # b sees neither request, nor do they come back on b's lobby hello
        fb = await _friends(http, b)
        assert not fb["incoming"] and {p["player_id"] for p in fb["blocked"]} == {a["player_id"], c["player_id"]}
        lb = await LobbyClient(server.ws_base, b["token"]).connect()
        hello = await lb.next_of("hello", after=0)
        await lb.close()
        assert hello["requests"] == []
        # b cannot accept a request it cannot see
        r = await http.post(f"/api/friends/{c['player_id']}", json={"action": "accept"}, headers=auth(b["token"]))
        assert r.status_code == 404, r.text
        # c may withdraw it as any request of theirs
        r = await http.post(f"/api/friends/{b['player_id']}", json={"action": "remove"}, headers=auth(c["token"]))
        assert r.status_code == 200, r.text
        assert not (await _friends(http, c))["outgoing"]
        # a friend who is blocked is told it as a removal (the same words as a removal)
        r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "unblock"}, headers=auth(b["token"]))
        assert r.status_code == 200
        # (b's block dropped a's request, as a decline would, without a word to a)
        r = await http.post("/api/friends/requests", json={"code": await _code(http, a)}, headers=auth(b["token"]))
        assert r.status_code == 201, r.text
        r = await http.post(f"/api/friends/{b['player_id']}", json={"action": "accept"}, headers=auth(a["token"]))
        assert r.status_code == 200, r.text
        mark = la.mark()
        r = await http.post(f"/api/friends/{a['player_id']}", json={"action": "block"}, headers=auth(b["token"]))
        assert (await la.next_of("friend_removed", after=mark))["player"]["player_id"] == b["player_id"]
    finally:
        await la.close()


async def test_lobby_socket_garbage_gets_an_error_naming_it(server: ServerProcess, http: httpx.AsyncClient) -> None:
    p = await session(http, f"G{secrets.token_hex(2)}")
    lc = await LobbyClient(server.ws_base, p["token"]).connect()
    try:
        assert lc.ws is not None
        cases: list[tuple[str | bytes, str]] = [
            (b"\x00\xff binary", "text messages"), ("not json {", "JSON object"), ("[1, 2]", "JSON object"),
            ('{"type": "auth", "token": "x"}', "'auth'"), ('{"no": "type"}', "unknown lobby message type"),
            ("[" * 5000, "at most 256"), ('{"type": "' + "x" * 200 + '"}', "not a short text"),
        ]
        for raw, words in cases:
            mark = lc.mark()
            await lc.ws.send(raw)
            err = await lc.next_of("error", after=mark)
            assert err["code"] == "bad_message" and words in err["reason"], (raw, err)
        mark = lc.mark()
        await lc.ws.send('{"type": "ping"}')
        await lc.next_of("pong", after=mark)  # still open, still answering
        assert not lc.closed.is_set()
    finally:
        await lc.close()
    assert "Traceback" not in server.log_path.read_text(errors="replace")


async def test_a_sealed_tables_hands_hide_the_winners_tiles(fresh: tuple[Path, str | None]) -> None:  # noqa: F811
    """A tournament table's finished hand, while its round runs: no seed and no settlement beyond who won
    and the points (its decomposition is the winner's concealed tiles, from a wall the other tables deal
    later); the operator sees all of it. And nobody else can join it."""
    data_dir, url = fresh
    srv = ServerProcess(data_dir, url).start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
            people = [await register(http, "s" + secrets.token_hex(5), name=f"Sp{i}") for i in range(4)]
            clocks = {"grace_seconds": 0.5, "ready_seconds": 0.5, "bot_delay": 0, "tuoguan_level": "easy",
                      "discard_seconds": 30, "claim_seconds": 30}
            r = await http.post("/api/tournaments", headers=OP, json={
                "name": "sealed", "ruleset": "hefei", "rounds": 1, "hands": 16, "capacity": 4, "settings": clocks})
            assert r.status_code == 201, r.text
            tid = r.json()["tid"]
            for p in people:
                for step in ("register", "checkin"):
                    r = await http.post(f"/api/tournaments/{tid}/{step}", headers=auth(p["token"]))
                    assert r.status_code == 200, r.text

            async def won_hand() -> Any:
                d = (await http.get(f"/api/tournaments/{tid}")).json()
                if not d["rounds"] or not d["rounds"][0]["tables"]:
                    return None
                room = d["rounds"][0]["tables"][0]["room"]
                if room is None:  # seated, its room not open yet
                    return None
                full = (await http.get(f"/api/rooms/{room}/hands", headers=OP)).json().get("hands", [])
                won = [h for h in full if h["settlement"].get("winners")]
                return (room, won[0]) if won else None

            room, full = await until("a won hand", won_hand, timeout=120)
            # the operator sees everything: the seed, the fans and the winner's tiles (Hefei: in extra)
            assert full["seed"] and full["settlement"]["per_winner"]
            assert full["settlement"]["decomposition"] or full["settlement"]["extra"]["decompositions"]
            shown = (await http.get(f"/api/rooms/{room}/hands", headers=auth(people[0]["token"]))).json()
            d = (await http.get(f"/api/tournaments/{tid}")).json()
            assert d["rounds"][0]["revealed"] is False, "the round ended before it was read: make it longer"
            hand = next(h for h in shown["hands"] if h["hand_no"] == full["hand_no"])
            assert hand["seed"] is None
            assert hand["settlement"] == {"sealed": True, "winners": full["settlement"]["winners"],
                                          "totals": full["settlement"]["totals"],
                                          "draw": full["settlement"]["draw"]}
            assert "decomposition" not in json.dumps(shown) and "per_winner" not in json.dumps(shown)
            assert shown["totals"] and shown["stats"]
            # nobody the tournament did not draw takes a seat there (a free one between opening and seating)
            before = (await http.get(f"/api/rooms/{room}", headers=OP)).json()["room"]["seats"]
            stranger = await session(http, f"X{secrets.token_hex(2)}")
            r = await http.post(f"/api/rooms/{room}/join", headers=auth(stranger["token"]))
            assert r.status_code == 403 and r.json()["error"] == "tournament", r.text
            after = (await http.get(f"/api/rooms/{room}", headers=OP)).json()["room"]["seats"]
            assert [s["player_id"] for s in after] == [s["player_id"] for s in before]
            assert stranger["player_id"] not in [s["player_id"] for s in after]
    finally:
        srv.stop()


async def test_nothing_breaks_the_lobby_socket_before_auth(server: ServerProcess) -> None:
    """Garbage as the first frame is refused (4001) with an error, not a traceback."""
    for first in (b"\x00\x01", "{" * 3000, json.dumps({"type": "auth", "token": 12})):
        async with websockets.connect(f"{server.ws_base}/lobby/ws") as ws:
            await ws.send(first)
            msg = json.loads(await ws.recv())
            assert msg["type"] == "error" and msg["code"] == "bad_token", msg
            await ws.wait_closed()
            assert ws.close_code == 4001
    assert "Traceback" not in server.log_path.read_text(errors="replace")


async def test_racing_accepts_and_registrations(server: ServerProcess, http: httpx.AsyncClient) -> None:
    """Two devices accepting one request at once, and more registrations than places at once: one
    wins, the rest get a clear 4xx (never a 500), and the state is whole."""
    import asyncio

    a, b = [await session(http, f"R{i}{secrets.token_hex(2)}") for i in range(2)]
    r = await http.post("/api/friends/requests", json={"player_id": b["player_id"]}, headers=auth(a["token"]))
    assert r.status_code == 201
    got = await asyncio.gather(*[http.post(f"/api/friends/{a['player_id']}", json={"action": "accept"},
                                           headers=auth(b["token"])) for _ in range(4)])
    assert sorted(x.status_code for x in got)[0] == 200 and all(x.status_code < 500 for x in got), \
        [x.text for x in got]
    assert [f["player_id"] for f in (await _friends(http, a))["friends"]] == [b["player_id"]]
    assert [f["player_id"] for f in (await _friends(http, b))["friends"]] == [a["player_id"]]
    # a new player's first code asked for by two devices at once: one code, both told it
    newcomer = await session(http, f"N{secrets.token_hex(2)}")
    got = await asyncio.gather(*[http.get("/api/friends", headers=auth(newcomer["token"])) for _ in range(4)])
    assert all(x.status_code == 200 for x in got), [x.text for x in got]
    assert len({x.json()["code"] for x in got}) == 1
    # blocking from two devices at once: blocked once, no error
    got = await asyncio.gather(*[http.post(f"/api/friends/{newcomer['player_id']}", json={"action": "block"},
                                           headers=auth(a["token"])) for _ in range(4)])
    assert all(x.status_code == 200 for x in got), [x.text for x in got]
    assert [p["player_id"] for p in (await _friends(http, a))["blocked"]] == [newcomer["player_id"]]

    people = [await register(http, "r" + secrets.token_hex(5), name=f"Rp{i}") for i in range(8)]
    r = await http.post("/api/tournaments", headers=OP, json={"name": "race", "ruleset": "hefei", "rounds": 1,
                                                              "hands": 1, "capacity": 4, "start_at": None})
    assert r.status_code == 201, r.text
    tid = r.json()["tid"]
    try:
        got = await asyncio.gather(*[http.post(f"/api/tournaments/{tid}/register", headers=auth(p["token"]))
                                     for p in people])
        assert all(x.status_code in (200, 409) for x in got), [x.text for x in got]
        d = (await http.get(f"/api/tournaments/{tid}")).json()
        assert len(d["players"]) == 4 == sum(x.status_code == 200 for x in got), d["players"]
    finally:
        await http.post(f"/api/tournaments/{tid}/cancel", headers=OP)


async def test_a_club_rooms_invite_lapses_for_one_no_longer_a_member(server: ServerProcess,
                                                                      http: httpx.AsyncClient) -> None:
    owner, member = [await session(http, f"K{i}{secrets.token_hex(2)}") for i in range(2)]
    r = await http.post("/api/clubs", json={"name": "圈" + secrets.token_hex(2), "description": "",
                                            "preset": {"ruleset": "anqing", "hands": 1}}, headers=auth(owner["token"]))
    assert r.status_code == 201, r.text
    club = r.json()
    r = await http.post("/api/clubs/join", json={"invite_code": club["invite_code"]}, headers=auth(member["token"]))
    assert r.status_code == 200, r.text
    r = await http.post(f"/api/clubs/{club['club_id']}/requests/{member['player_id']}", json={"approve": True},
                        headers=auth(owner["token"]))
    assert r.status_code == 200, r.text
    r = await http.post(f"/api/clubs/{club['club_id']}/rooms", json={}, headers=auth(owner["token"]))
    assert r.status_code == 201, r.text
    code = r.json()["room"]["code"]
    r = await http.post("/api/invites", json={"room": code, "player_id": member["player_id"]},
                        headers=auth(owner["token"]))
    assert r.status_code == 201, r.text
    mine = (await http.get("/api/invites", headers=auth(member["token"]))).json()["invites"]
    assert [i["room"] for i in mine] == [code]
    r = await http.post(f"/api/clubs/{club['club_id']}/members/{member['player_id']}", json={"action": "ban"},
                        headers=auth(owner["token"]))
    assert r.status_code == 200, r.text
    # banned: the club's room code is not the outsider's to see, neither listed nor on the lobby's hello
    assert (await http.get("/api/invites", headers=auth(member["token"]))).json()["invites"] == []
    lc = await LobbyClient(server.ws_base, member["token"]).connect()
    try:
        assert (await lc.next_of("hello", after=0))["invites"] == []
    finally:
        await lc.close()
