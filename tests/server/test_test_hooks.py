"""The test hook that fixes a room's seeds (docs/server.md, "Test hooks"): the room deals exactly the
hands the engine deals here from the same seeds; the hook is off unless asked for, needs the operator,
and a production configuration refuses to start with it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx

from majiang.engine import seat_view
from tests.server.harness import (
    OPERATOR,
    ServerProcess,
    auth,
    autoplay_match,
    create_room,
    fix_seeds,
    seeded_bot_hand,
    seeded_match,
    session,
)


async def test_fixed_seeds_deal_the_hands_the_engine_deals(server: ServerProcess, http: httpx.AsyncClient) -> None:
    me = await session(http, "定种")
    created = await create_room(http, me["token"], ruleset="hefei", hands=2)
    code = created["room"]["code"]
    seeds, match_seed = ["first-hand", "second-hand"], "the-match"
    # a player (even the room's creator) may not fix seeds: only the operator
    r = await http.post(f"/api/rooms/{code}/test-deal", json={"seeds": seeds}, headers=auth(me["token"]))
    assert r.status_code == 403 and r.json()["error"] == "forbidden"
    for bad in ({"seeds": "x"}, {"seeds": ["a b"]}, {"match_seed": 3}, {"wall": []}, {"bot_seed": -1},
                {"bot_seed": 2**32}, {"bot_seed": "7"}, {"bot_seed": 1.5}, {"bot_seed": True}):
        r = await http.post(f"/api/rooms/{code}/test-deal", json=bad, headers=auth(OPERATOR))
        assert r.status_code == 400, (bad, r.text)
    await fix_seeds(http, code, seeds, match_seed)
    assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))).status_code == 200

    expected = seeded_match("hefei", created["room"]["options"], 2, match_seed, seeds)
    c = await autoplay_match(server, code, me["token"])
    # the first view of hand 1 is the deal: the same dealer, dice, wall (its hash) and own tiles
    first = next(m["view"] for m in c.messages if m["type"] == "view" and m["view"]["hand_no"] == 1)
    want = seat_view(expected.hand, 0)
    assert (first["dealer"], first["seed_hash"], first["dice"], first["hand"]) == (
        want.dealer, want.seed_hash, list(want.dice), want.hand)
    hands = (await http.get(f"/api/rooms/{code}/hands")).json()["hands"]
    assert [h["seed"] for h in hands] == seeds  # hand 2 too: each fixed seed is used once, in order


async def _easy_table(server: ServerProcess, http: httpx.AsyncClient, bot_seed: int) -> list[object]:
    """One hand at a table of three easy bots (they roll dice: missed claims, kept honors) and a scripted
    player (the first legal action), every seed fixed: what the player saw of each seat at the end."""
    return await seeded_bot_hand(server, http, "定骰", "anqing", "easy", "easy-0", "easy-match", bot_seed)


async def test_a_fixed_bot_seed_replays_the_bots_dice(server: ServerProcess, http: httpx.AsyncClient) -> None:
    # The same seeds and bot seed: the same hand, every bot's discard and claim (easy bots roll dice);
    # another bot seed, another hand (with this wall, as the engine plays it here: seeds 7 and 8 differ)
    first = await _easy_table(server, http, 7)
    assert any(river for river, _ in first)  # (a hand was played)
    assert await _easy_table(server, http, 7) == first
    assert await _easy_table(server, http, 8) != first


async def test_hooks_are_off_unless_asked_for(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "off")
    srv.env = {}
    srv.start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
            me = await session(http, "无钩")
            code = (await create_room(http, me["token"]))["room"]["code"]
            r = await http.post(f"/api/rooms/{code}/test-deal", json={"seeds": ["x"]}, headers=auth(OPERATOR))
            assert r.status_code == 403 and r.json()["error"] == "test_hooks_off"
            assert "MAJIANG_TEST_HOOKS" in r.json()["reason"]
    finally:
        srv.stop()


def test_production_refuses_the_hooks(tmp_path: Path) -> None:
    env = {"MAJIANG_TEST_HOOKS": "1", "MAJIANG_ENV": "production", "PATH": "/usr/bin:/bin"}
    res = subprocess.run([sys.executable, "-m", "majiang", "serve", "--port", "0", "--data-dir", str(tmp_path)],
                         capture_output=True, text=True, timeout=60, env=env)
    assert res.returncode != 0
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "MAJIANG_TEST_HOOKS" in lines[0] and "production" in lines[0], res.stderr
