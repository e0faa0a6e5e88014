"""Play again with the same seats (POST /api/rooms/{code}/rematch) and the ranking's figures from the
server (``stats`` in GET /api/rooms/{code}/hands), with a real server and real websocket clients."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from tests.server.harness import TEST_LIMITS, Client, ServerProcess, auth, create_room, session


async def test_rematch_same_seats_and_server_stats(server: ServerProcess, http: httpx.AsyncClient) -> None:
    a, b, c = [await session(http, n) for n in ("阿甲", "阿乙", "阿丙")]
    # grace 2 s: a player seated by the rematch who never connects loses the seat quickly
    code = (await create_room(http, a["token"], hands=1, grace_seconds=2))["room"]["code"]
    assert (await http.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))).json()["seat"] == 1
    ca = await Client(server.ws_base, code, a["token"]).connect()
    cb = await Client(server.ws_base, code, b["token"]).connect()
    ca.autoplay = cb.autoplay = True
    r = await http.post(f"/api/rooms/{code}/bots", json={"seats": [2, 3]}, headers=auth(a["token"]))
    assert r.status_code == 200, r.text

    # not finished yet: a clear refusal, nothing opened
    early = await http.post(f"/api/rooms/{code}/rematch", headers=auth(a["token"]))
    assert early.status_code == 409 and early.json()["error"] == "not_finished", early.text
    await ca.wait(lambda cl: cl.room["status"] == "finished", timeout=60)

    # bad code, unknown room, no token, someone who did not sit there: refused
    assert (await http.post("/api/rooms/no-such!/rematch", headers=auth(a["token"]))).status_code in (400, 404)
    unknown = await http.post("/api/rooms/ZZZZZZ/rematch", headers=auth(a["token"]))
    assert unknown.status_code == 404 and "ZZZZZZ" in unknown.json()["reason"]
    assert (await http.post(f"/api/rooms/{code}/rematch")).status_code == 401
    stranger = await http.post(f"/api/rooms/{code}/rematch", headers=auth(c["token"]))
    assert stranger.status_code == 403 and stranger.json()["error"] == "forbidden"

    # both ask at the same moment: one room is opened, and both get it
    first, second = await asyncio.gather(http.post(f"/api/rooms/{code}/rematch", headers=auth(a["token"])),
                                         http.post(f"/api/rooms/{code}/rematch", headers=auth(b["token"])))
    assert first.status_code == 200, first.text
    new = first.json()["room"]
    assert first.json()["seat"] == 0 and new["code"] != code and new["status"] == "waiting"
    assert new["ruleset"] == "anqing" and new["settings"]["hands"] == 1 and new["settings"]["grace_seconds"] == 2
    assert [s["player_id"] for s in new["seats"][:2]] == [a["player_id"], b["player_id"]]
    assert all(s["bot"] for s in new["seats"][2:]) and not any(s["bot"] for s in new["seats"][:2])
    # everyone still connected to the old room is told, with who asked
    offer = await cb.wait(lambda cl: cl.room.get("rematch"))
    assert offer["code"] == new["code"] and offer["by"] in (0, 1)
    assert (await http.get(f"/api/rooms/{code}")).json()["room"]["rematch"]["code"] == new["code"]

    assert second.status_code == 200 and second.json()["room"]["code"] == new["code"]  # the same room
    assert second.json()["seat"] == 1
    again = await http.post(f"/api/rooms/{code}/rematch", headers=auth(a["token"]))
    assert again.json()["room"]["code"] == new["code"]

    # a connects to the new room, b does not: after grace_seconds b's seat is freed (issue 16's rule)
    na = await Client(server.ws_base, new["code"], a["token"]).connect()
    assert (await na.next_of("welcome", after=0))["seat"] == 0
    freed = await na.wait(lambda cl: not cl.room["seats"][1]["occupied"], timeout=15)
    assert freed and na.room["seats"][0]["player_id"] == a["player_id"]
    # asking again puts b back in the same seat
    back = await http.post(f"/api/rooms/{code}/rematch", headers=auth(b["token"]))
    assert back.json()["seat"] == 1 and back.json()["room"]["code"] == new["code"]

    # the ranking's figures, from the stored hands
    hands = (await http.get(f"/api/rooms/{code}/hands")).json()
    stats = hands["stats"]
    assert len(stats) == 4 and set(stats[0]) == {"wins", "self_draws", "deal_ins", "best"}
    assert len(hands["hands"]) == 1
    settlement = hands["hands"][0]["settlement"]
    winners = [] if hands["hands"][0]["draw"] else settlement["winners"]
    for seat in range(4):
        assert stats[seat]["wins"] == winners.count(seat)
        assert stats[seat]["best"] == (settlement["totals"][seat] if seat in winners else 0)
        assert stats[seat]["self_draws"] <= stats[seat]["wins"]
    if winners:  # each win is self-drawn or off one seat's discard
        discard_wins = sum(s["wins"] - s["self_draws"] for s in stats)
        assert (discard_wins > 0) == (sum(s["deal_ins"] for s in stats) == 1)
    else:
        assert not any(v for s in stats for v in s.values())
    for cl in (ca, cb, na):
        await cl.close()


async def test_rematch_respects_the_room_quota(tmp_path: Path) -> None:
    """A player who already has their one allowed open room cannot open a rematch (issue 16's quota)."""
    limits = TEST_LIMITS.replace("rooms_per_token=50", "rooms_per_token=1")
    srv = ServerProcess(tmp_path / "data", limits=limits, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
            a = await session(http, "独行")
            code = (await create_room(http, a["token"], hands=1))["room"]["code"]
            ca = await Client(srv.ws_base, code, a["token"]).connect()
            ca.autoplay = True
            await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
            await ca.wait(lambda cl: cl.room["status"] == "finished", timeout=60)
            await create_room(http, a["token"], hands=1)  # the finished room no longer counts: allowed
            refused = await http.post(f"/api/rooms/{code}/rematch", headers=auth(a["token"]))
            assert refused.status_code == 429 and refused.json()["error"] == "quota", refused.text
            room = (await http.get(f"/api/rooms/{code}")).json()["room"]
            assert room["rematch"] is None  # nothing was opened or remembered
            await ca.close()
    finally:
        srv.stop()
