"""A 国标麻将 room on the server (both backends): a player and three bots play a two-hand match dealt from
fixed seeds; the stored hands are the ones the engine plays here from the same seeds and choices (the
deal passing each hand, every fan, the 8-fan minimum and the payments)."""

from __future__ import annotations

import httpx

from majiang.bots import make_bot
from majiang.engine import seat_view
from tests.server.harness import ServerProcess, auth, autoplay_match, create_room, fix_seeds, seeded_match, session

SEEDS = ["gbsrv-1", "gbsrv-2"]


async def test_a_guobiao_match_is_stored_as_the_engine_plays_it(server: ServerProcess, http: httpx.AsyncClient) -> None:
    me = await session(http, "国标服")
    created = await create_room(http, me["token"], ruleset="guobiao", hands=2)
    code = created["room"]["code"]
    assert created["room"]["ruleset"] == "guobiao"
    await fix_seeds(http, code, SEEDS, "gbsrv")
    assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))).status_code == 200
    await autoplay_match(server, code, me["token"], timeout=180)  # the first legal action at every question

    # the same match here: seat 0 takes the first legal action, the bots (normal: strong) theirs
    match = seeded_match("guobiao", created["room"]["options"], 2, "gbsrv", SEEDS)
    bots = {s: make_bot("strong", s) for s in (1, 2, 3)}
    expected = []
    while True:
        hand = match.hand
        while not hand.over:
            seat = hand.to_act()[0]
            action = hand.legal_actions(seat)[0] if seat == 0 else bots[seat].choose(seat_view(hand, seat))
            match.apply(seat, action)
        expected.append((hand.dealer, hand.settlement))
        if match.finished:
            break
        match.next_hand()
    stored = (await http.get(f"/api/rooms/{code}/hands")).json()["hands"]
    assert [h["dealer"] for h in stored] == [d for d, _ in expected] == [0, 1]  # the deal passes every hand
    for h, (_, st) in zip(stored, expected, strict=True):
        assert st is not None and h["totals"] == st.totals and sum(h["totals"]) == 0
        got = h["settlement"]
        assert [i["key"] for i in got["items"]] == [i.key for i in st.items]
        if got["valid"]:
            assert got["extra"]["fans_counted"] >= 8 and len(got["payments"]) == 3
