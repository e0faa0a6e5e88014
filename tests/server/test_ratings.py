"""Ranked rooms and ratings (docs/server.md, "Ratings"): only four accounts sit in a ranked room (a guest
and bots are refused); its finished match rates them by openskill's Plackett–Luce from the totals, marks a
seat 托管 played, and the leaderboard shows them (with the caller's own place); an unranked match with
the same players changes nothing. Real servers (SQLite and PostgreSQL), real websockets."""

from __future__ import annotations

import secrets
from typing import Any

import httpx

from majiang.platform.ratings import Rating, places, rate
from tests.server.harness import Client, ServerProcess, auth, create_room, session
from tests.server.test_accounts import register


async def accounts(http: httpx.AsyncClient, n: int) -> list[dict[str, Any]]:
    return [await register(http, "r" + secrets.token_hex(5), name=f"Ranked{secrets.token_hex(3)}")
            for _ in range(n)]


async def play(server: ServerProcess, http: httpx.AsyncClient, people: list[dict[str, Any]], ranked: bool,
               tuoguan_seat: int | None = None) -> tuple[str, list[int]]:
    code = (await create_room(http, people[0]["token"], hands=1, ranked=ranked))["room"]["code"]
    for p in people[1:]:
        r = await http.post(f"/api/rooms/{code}/join", headers=auth(p["token"]))
        assert r.status_code == 200, r.text
    clients = [await Client(server.ws_base, code, p["token"]).connect() for p in people]
    for i, c in enumerate(clients):
        await c.next_of("welcome", after=0)
        if i == tuoguan_seat:  # this seat's player lets 托管 play its whole match
            await c.send({"type": "tuoguan", "on": True})
            await c.wait(lambda c: c.room["seats"][c.seat]["tuoguan"])
        else:
            c.autoplay = True
            await c.send({"type": "ready"})
    end = await clients[0].next_of("match_end", timeout=120, after=0)
    for c in clients:
        await c.close()
    return code, end["totals"]


async def test_a_ranked_match_rates_four_accounts(server: ServerProcess, http: httpx.AsyncClient) -> None:
    people = await accounts(http, 4)
    guest = await session(http, "NotAnAccount")
    refused = await http.post("/api/rooms", json={"ruleset": "anqing", "ranked": True}, headers=auth(guest["token"]))
    assert refused.status_code == 403 and refused.json()["error"] == "account_needed"
    code = (await create_room(http, people[0]["token"], ranked=True))["room"]["code"]
    join = await http.post(f"/api/rooms/{code}/join", headers=auth(guest["token"]))
    assert join.status_code == 403 and join.json()["error"] == "account_needed"
    bots = await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(people[0]["token"]))
    assert bots.status_code == 409 and "no bots" in bots.json()["reason"]

    code, totals = await play(server, http, people, ranked=True, tuoguan_seat=2)
    want = rate([Rating()] * 4, totals)
    mode = "A"  # the default Anqing 玩法
    board = (await http.get("/api/leaderboard", params={"ruleset": "anqing", "mode": mode, "limit": 200},
                            headers=auth(people[1]["token"]))).json()
    mine = {p["player_id"]: p for p in board["top"] if p["player_id"] in {q["player_id"] for q in people}}
    assert len(mine) == 4
    for p, r in zip(people, want, strict=True):
        row = mine[p["player_id"]]
        assert abs(row["mu"] - r.mu) < 0.1 and abs(row["sigma"] - r.sigma) < 0.1
        assert row["matches"] == 1 and row["provisional"] and row["shown"] == r.shown()
    ordinals = [p["ordinal"] for p in board["top"]]
    assert ordinals == sorted(ordinals, reverse=True)
    assert board["me"]["player_id"] == people[1]["player_id"]
    # my place: one more than those rated strictly better (equal ratings share a place)
    assert board["me"]["place"] == 1 + sum(p["ordinal"] > board["me"]["ordinal"] for p in board["top"])
    assert board["top"][board["me"]["place"] - 1]["ordinal"] == board["me"]["ordinal"]
    # the rows are numbered by the same rule, so the row marked as mine carries my place (it said #1 by a 2)
    for p in board["top"]:
        assert p["place"] == 1 + sum(q["ordinal"] > p["ordinal"] for q in board["top"]), board["top"]
    [my_row] = [p for p in board["top"] if p["player_id"] == people[1]["player_id"]]
    assert my_row["place"] == board["me"]["place"]
    # each seat's record: its place and the 托管 mark on the seat 托管 played
    for i, p in enumerate(people):
        rec = (await http.get(f"/api/players/{p['player_id']}/ratings")).json()
        [match] = [m for m in rec["matches"] if m["room"] == code]
        assert match["place"] == places(totals)[i]
        assert match["tuoguan_heavy"] is (i == 2), (i, match)
        assert rec["ratings"][0]["ruleset"] == "anqing" and rec["ratings"][0]["mode"] == mode

    # an unranked match of the same four changes no rating
    await play(server, http, people, ranked=False)
    again = {r["player_id"]: r for r in (await http.get("/api/leaderboard", params={
        "ruleset": "anqing", "mode": mode, "limit": 200})).json()["top"]}
    assert all(again[p["player_id"]]["matches"] == 1 for p in people)


async def test_leaderboard_refuses_bad_queries(http: httpx.AsyncClient) -> None:
    for params in ({}, {"ruleset": "nope"}, {"ruleset": "anqing", "limit": "0"},
                   {"ruleset": "anqing", "mode": "x" * 40}):
        r = await http.get("/api/leaderboard", params=params)
        assert r.status_code == 400, (params, r.text)
    empty = (await http.get("/api/leaderboard", params={"ruleset": "hefei", "mode": "nosuchmode"})).json()
    assert empty["top"] == [] and empty["me"] is None and empty["players"] == 0
