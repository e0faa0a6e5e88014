"""战绩 and 回放码 (majiang/platform/records.py): a match played on a real server is kept with each hand's
outcome and replay code; the player's list filters it; anyone opens a hand by its code (no account);
the look-up is limited per address; bad codes are refused clearly."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx

from majiang.backend.replay_codes import ALPHABET
from tests.server.harness import TEST_LIMITS, Client, ServerProcess, auth, create_room, session


async def play_match(http: httpx.AsyncClient, server: ServerProcess, token: str, hands: int) -> str:
    code = (await create_room(http, token, hands=hands))["room"]["code"]
    c = await Client(server.ws_base, code, token).connect()
    c.autoplay = True
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(token))
    await c.wait(lambda cl: cl.room["status"] == "finished", timeout=90)
    await c.close()
    return code


async def test_a_finished_match_is_kept_with_hands_codes_and_stats(http: httpx.AsyncClient,
                                                                   server: ServerProcess) -> None:
    a = await session(http, "战绩" + secrets.token_hex(2))
    code = await play_match(http, server, a["token"], hands=2)
    stored = (await http.get(f"/api/rooms/{code}/hands")).json()  # the store's own rows: the truth

    summary = (await http.get(f"/api/matches/{code}")).json()
    assert summary["status"] == "finished" and summary["hands"] == 2 and summary["ruleset"] == "anqing"
    me = summary["players"][0]
    assert me["player_id"] == a["player_id"] and me["name"] == a["name"] and not me["bot"]
    assert [p["total"] for p in summary["players"]] == stored["totals"]
    totals = stored["totals"]  # equal totals share a place and the next skips (2, 2, 4), as the ranking shows
    assert [p["place"] for p in summary["players"]] == [1 + sum(u > t for u in totals) for t in totals]
    assert [h["totals"] for h in summary["hand_list"]] == [h["totals"] for h in stored["hands"]]
    assert [h["winners"] for h in summary["hand_list"]] == [sorted(h["settlement"]["winners"])
                                                            for h in stored["hands"]]
    # each stored settlement says how its winners won (so a record's settlement is titled 自摸 or 点炮 as the
    # table's was), the same as the summary's account of the hand
    for h, listed in zip(stored["hands"], summary["hand_list"], strict=True):
        wins = h["settlement"]["wins"]
        assert sorted(w["seat"] for w in wins) == sorted(h["settlement"]["winners"])
        how = "draw" if not wins else ("self_draw" if any(w["self_draw"] for w in wins) else "discard")
        assert how == listed["how"], (h["hand_no"], wins, listed)
        assert all(w["from_seat"] is None if w["self_draw"] else w["from_seat"] in range(4) for w in wins)
    self_draws = sum(h["how"] == "self_draw" for h in summary["hand_list"])
    assert self_draws == sum(s["self_draws"] for s in stored["stats"])
    codes = [h["replay_code"] for h in summary["hand_list"]]
    assert len(set(codes)) == 2 and all(len(c) == 8 and set(c) <= set(ALPHABET) for c in codes)
    if any(h["winners"] for h in summary["hand_list"]):
        assert summary["best_hand"]["points"] == max(t for h in summary["hand_list"] for i, t in
                                                     enumerate(h["totals"]) if i in h["winners"])

    # the player's list, with its filters
    mine = (await http.get("/api/records", headers=auth(a["token"]))).json()
    assert [m["room_code"] for m in mine["matches"]] == [code] and mine["matches"][0]["seat"] == 0
    for query, found in (("?period=week", [code]), ("?period=month", [code]), ("?ruleset=anqing", [code]),
                         ("?ruleset=hefei", []), ("?club=NOSUCHCLUB", [])):
        got = (await http.get("/api/records" + query, headers=auth(a["token"]))).json()
        assert [m["room_code"] for m in got["matches"]] == found, query
    for bad in ("?period=year", "?ruleset=nope", "?limit=0", "?limit=-1", "?club=a%00b"):
        r = await http.get("/api/records" + bad, headers=auth(a["token"]))
        assert r.status_code == 400, (bad, r.text)
    assert (await http.get("/api/records")).status_code == 401
    other = await session(http, "别人" + secrets.token_hex(2))
    assert (await http.get("/api/records", headers=auth(other["token"]))).json()["matches"] == []

    # anyone (no token) opens a hand by its code, typed in lower case with a dash
    typed = codes[1][:4].lower() + "-" + codes[1][4:]
    r = await http.get(f"/api/replay-codes/{typed}")
    assert r.status_code == 200, r.text
    assert r.json()["room_code"] == code and r.json()["hand_no"] == 2
    view = await http.get(f"/api/rooms/{code}/hands/2/view?seat=all")
    assert view.status_code == 200 and view.json()["step"] == view.json()["steps"]

    # the per-ruleset statistics count the same hands
    profile = (await http.get(f"/api/profiles/{a['player_id']}")).json()
    anqing = next(s for s in profile["stats"] if s["ruleset"] == "anqing")
    assert anqing["hands"] == 2
    assert anqing["wins"] == sum(0 in h["winners"] for h in summary["hand_list"])
    assert anqing["points"] == stored["totals"][0]
    assert anqing["self_draws"] == sum(0 in h["winners"] and h["how"] == "self_draw"
                                       for h in summary["hand_list"])
    assert anqing["deal_ins"] == sum(h["dealt_in"] == 0 for h in summary["hand_list"])


async def test_unknown_and_malformed_codes_and_rooms(http: httpx.AsyncClient) -> None:
    unknown = "".join(secrets.choice(ALPHABET) for _ in range(8))
    r = await http.get(f"/api/replay-codes/{unknown}")
    assert r.status_code == 404 and r.json() == {"error": "not_found", "reason": "no hand has that replay code"}
    for bad in ("ABC", "ABCDEFGHJ", "ABCD0FGH", "ABCDIFGH", "%E4%B8%AD" * 3, "x" * 40):
        r = await http.get(f"/api/replay-codes/{bad}")
        assert r.status_code == 400 and "replay code" in r.json()["reason"], (bad, r.text)
    r = await http.get("/api/matches/NOSUCH")
    assert r.status_code == 404
    assert (await http.get("/api/matches/bad%20code")).status_code == 400


async def test_replay_code_lookups_are_limited_per_address(tmp_path: Path) -> None:
    limits = TEST_LIMITS + ",code_rate_ip=0.001,code_burst_ip=5"
    srv = ServerProcess(tmp_path / "data", limits=limits, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
            answers: list[Any] = []
            for _ in range(7):
                guess = "".join(secrets.choice(ALPHABET) for _ in range(8))
                answers.append((await http.get(f"/api/replay-codes/{guess}")).status_code)
            assert answers == [404] * 5 + [429] * 2
            # malformed guesses count too (they are guesses)
            assert (await http.get("/api/replay-codes/zz")).status_code == 429
    finally:
        srv.stop()
