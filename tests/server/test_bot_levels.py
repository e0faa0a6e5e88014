"""Bot levels at a real server: chosen per room and per seat over REST, shown on the seat, and a hard
bot playing a whole match within the clock a player would have had."""

from __future__ import annotations

import httpx

from tests.server.harness import OPERATOR, Client, ServerProcess, auth, create_room, session


async def test_levels_per_room_and_per_seat(server: ServerProcess, http: httpx.AsyncClient) -> None:
    me = await session(http, "学徒")
    bad = await http.post("/api/rooms", json={"ruleset": "anqing", "bot_level": "expert"}, headers=auth(me["token"]))
    assert bad.status_code == 400 and "bot_level must be one of easy, normal, hard" in bad.json()["reason"]
    bad = await http.post("/api/rooms", json={"ruleset": "anqing", "tuoguan_level": 3}, headers=auth(me["token"]))
    assert bad.status_code == 400

    room = (await create_room(http, me["token"], bot_level="easy", tuoguan_level="hard"))["room"]
    code = room["code"]
    assert room["settings"]["bot_level"] == "easy" and room["settings"]["tuoguan_level"] == "hard"
    url = f"/api/rooms/{code}/bots"
    for body in ({"seats": [1], "level": "expert"}, {"seats": [1], "level": ["hard"]}):
        r = await http.post(url, json=body, headers=auth(me["token"]))
        assert r.status_code == 400 and "level must be one of easy, normal, hard" in r.json()["reason"]
    r = await http.post(url, json={"seats": [1], "level": "hard"}, headers=auth(me["token"]))
    assert r.status_code == 200
    seats = r.json()["room"]["seats"]
    assert seats[1]["bot"] == "hard" and seats[1]["level"] == "hard"
    assert not seats[2]["occupied"] and not seats[3]["occupied"]  # the refused calls seated nobody
    r = await http.post(url, json={"seats": [2], "level": "normal"}, headers=auth(me["token"]))
    seats = r.json()["room"]["seats"]
    assert seats[2]["bot"] == "strong" and seats[2]["level"] == "normal"
    seats = (await http.post(url, json={}, headers=auth(me["token"]))).json()["room"]["seats"]
    assert seats[3]["bot"] == "easy" and seats[3]["level"] == "easy"  # the room's bot_level
    assert seats[0]["level"] is None  # a human, not in 托管

    # The room's defaults: bots at normal (the strong bot), 托管 at normal.
    plain = (await create_room(http, me["token"]))["room"]
    assert plain["settings"]["bot_level"] == "normal" and plain["settings"]["tuoguan_level"] == "normal"
    seats = (await http.post(f"/api/rooms/{plain['code']}/bots", json={}, headers=auth(me["token"]))).json()[
        "room"]["seats"]
    assert {s["bot"] for s in seats[1:]} == {"strong"}


async def test_a_hard_bot_plays_a_whole_match_within_its_clock(server: ServerProcess,
                                                               http: httpx.AsyncClient) -> None:
    """One hard bot and two easy ones with a player in 托管 (at easy, the room's choice): the match ends,
    and no bot answer came later than the turn clock a player has in this room (3 s)."""
    me = await session(http, "观战")
    room = (await create_room(http, me["token"], ruleset="hefei", options={"room": "bubaoting"}, hands=2,
                              discard_seconds=3, claim_seconds=3, bot_level="easy", tuoguan_level="easy"))["room"]
    code = room["code"]
    await http.post(f"/api/rooms/{code}/bots", json={"seats": [1], "level": "hard"}, headers=auth(me["token"]))
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    await http.get("/api/admin/bots?reset=1", headers=auth(OPERATOR))
    c = await Client(server.ws_base, code, me["token"]).connect()
    await c.next_of("welcome", after=0)
    await c.send({"type": "tuoguan", "on": True})
    end = await c.next_of("match_end", timeout=120, after=0)
    assert sum(end["totals"]) == 0 and len(end["totals"]) == 4
    shown = [m["room"]["seats"] for m in c.messages if m["type"] == "room"]
    assert shown and shown[-1][1]["level"] == "hard"
    assert any(s[0]["tuoguan"] and s[0]["level"] == "easy" for s in shown)  # the 托管 level, on the seat
    pace = (await http.get("/api/admin/bots", headers=auth(OPERATOR))).json()
    assert pace["answers"] > 20
    assert pace["max_ms"] < 3000, pace
    await c.close()
