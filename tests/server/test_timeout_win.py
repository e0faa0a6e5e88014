"""Hefei: a seat whose claim-window clock runs out takes the discard win offered to it ("玩家托管、断线
或者超时，系统也会代替玩家自动胡牌"), over a real websocket, instead of passing it by."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import msgspec

from majiang.bots import make_bot
from majiang.engine import SeatView, action_to_builtins
from tests.server.harness import Client, ServerProcess, auth, create_room, session


async def test_hefei_claim_timeout_takes_the_offered_discard_win(server: ServerProcess,
                                                                 http: httpx.AsyncClient) -> None:
    me = await session(http, "超时")
    # 不报听 room: every discard win is offered without declaring, and Hefei has no other claims,
    # so every claim window this seat sees offers it a win. Its clock there is short.
    created = await create_room(http, me["token"], ruleset="hefei", hands=64, options={"room": "bubaoting"},
                                claim_seconds=0.3)
    code = created["room"]["code"]
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))
    c = await Client(server.ws_base, code, me["token"]).connect()
    await c.next_of("welcome", after=0)
    await c.send({"type": "ready"})
    player = make_bot("greedy", 1)  # plays this seat's turns well enough to get ready often
    answered = -1
    offered: dict[str, Any] | None = None  # the claim window left to run out
    seen = 0
    won: dict[str, Any] | None = None
    last: dict[str, Any] | None = None  # the last act sent
    async with asyncio.timeout(150):
        while won is None:
            await c.wait(lambda c, seen=seen: len(c.messages) > seen, timeout=45)  # > the 30 s turn clock
            for msg in c.messages[seen:]:
                if msg["type"] == "room" and msg["room"]["status"] == "waiting" \
                        and not msg["room"]["seats"][0]["ready"]:
                    await c.send({"type": "ready"})
                if msg["type"] == "error" and msg["code"] == "rate_limited" and msg.get("ref") == "act" \
                        and last is not None and c.last_view_msg is not None and last["seq"] == c.last_view_msg["seq"]:
                    await asyncio.sleep(0.3)  # a scripted player outruns the rate limit: send it again if still due
                    await c.send(last)
                if msg["type"] != "view":
                    continue
                view = msg["view"]
                for e in msg.get("events", []):
                    if e["type"] == "won" and e["seat"] == 0 and not e["self_draw"] and offered is not None:
                        won = e
                if not view["legal"] or msg["asked"] == answered:
                    continue
                answered = msg["asked"]
                if view["claim"] is not None:
                    assert {"type": "win"} in view["legal"], view["legal"]
                    offered = view["claim"]  # say nothing: the clock runs out
                    continue
                action = player.choose(msgspec.convert(view, SeatView))
                last = {"type": "act", "seq": msg["seq"], "action": action_to_builtins(action)}
                await c.send(last)
            seen = len(c.messages)
            if c.room is not None and c.room["status"] == "finished":
                break
    assert won is not None, "no discard win was ever offered to seat 0 in 64 hands"
    assert offered is not None and won["tile"] == offered["tile"] and won["from_seat"] == offered["discarder"]
    # It was the clock, not 托管: the seat never switched to auto-play.
    assert not any(m["type"] == "room" and m["room"]["seats"][0]["tuoguan"] for m in c.messages)
    await c.close()
