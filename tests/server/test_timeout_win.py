"""Hefei: a seat whose claim-window clock runs out takes the discard win offered to it ("玩家托管、断线
或者超时，系统也会代替玩家自动胡牌"), over a real websocket, instead of passing it by.

The situation is set up, not waited for: four scripted players (the greedy bot on their turns; seats
1-3 pass every claim, seat 0 says nothing in its claim window) make the hand a function of its seed,
so the test plays the seeded match here first, picks the first seed whose hand offers seat 0 a
discard win, and has the server deal exactly that hand (the test hook, harness.fix_seeds)."""

from __future__ import annotations

import asyncio
from typing import Any

import httpx
import msgspec

from majiang.bots import make_bot
from majiang.core.actions import Pass, Win
from majiang.engine import SeatView, action_to_builtins, seat_view
from tests.server.harness import Client, ServerProcess, create_room, fix_seeds, seeded_match, session

OPTIONS = {"room": "bubaoting"}  # 不报听: every discard win is offered without declaring; no other claims


def _offered_to_seat_0(n: int) -> dict[str, Any] | None:
    """The claim window offering seat 0 a win in the hand of seeds ``tw-m{n}``/``tw-{n}`` as the four
    scripted players play it (None: the hand ends first)."""
    match = seeded_match("hefei", OPTIONS, 1, f"tw-m{n}", [f"tw-{n}"])
    hand, bots = match.hand, [make_bot("greedy", 1) for _ in range(4)]
    while not hand.over:
        if hand.phase == "claim":
            for s in list(hand.to_act()):
                view = seat_view(hand, s)
                if s == 0 and Win() in view.legal:
                    assert view.claim is not None
                    return msgspec.to_builtins(view.claim)  # type: ignore[no-any-return]
                match.apply(s, Pass())
                if hand.phase != "claim":
                    break
        else:
            s = hand.to_act()[0]
            match.apply(s, bots[s].choose(seat_view(hand, s)))
    return None


async def _play(c: Client, seat_zero: bool, done: asyncio.Event) -> None:
    """One scripted player: the greedy bot on its turns; in a claim window seat 0 is silent (its clock
    runs out), the others pass."""
    bot, answered, seen = make_bot("greedy", 1), -1, 0
    while not done.is_set():
        await c.wait(lambda c, seen=seen: len(c.messages) > seen or done.is_set(), timeout=45)
        for msg in c.messages[seen:]:
            if msg["type"] != "view" or not msg["view"]["legal"] or msg["asked"] == answered:
                continue
            answered, view = msg["asked"], msg["view"]
            if view["claim"] is not None:
                if seat_zero:
                    assert {"type": "win"} in view["legal"], view["legal"]
                    continue
                action: Any = {"type": "pass"}
            else:
                action = action_to_builtins(bot.choose(msgspec.convert(view, SeatView)))
            await c.send({"type": "act", "seq": msg["seq"], "action": action})
        seen = len(c.messages)


async def test_hefei_claim_timeout_takes_the_offered_discard_win(server: ServerProcess,
                                                                 http: httpx.AsyncClient) -> None:
    n = next(n for n in range(200) if _offered_to_seat_0(n) is not None)
    offered = _offered_to_seat_0(n)
    assert offered is not None
    people = [await session(http, name) for name in ("超时", "乙", "丙", "丁")]
    created = await create_room(http, people[0]["token"], ruleset="hefei", hands=1, options=OPTIONS,
                                claim_seconds=0.3)
    code = created["room"]["code"]
    await fix_seeds(http, code, [f"tw-{n}"], match_seed=f"tw-m{n}")
    clients = []
    for p in people:  # seated in order: seat i is people[i]
        c = await Client(server.ws_base, code, p["token"]).connect()
        await c.next_of("welcome", after=0)
        clients.append(c)
    assert [c.seat for c in clients] == [0, 1, 2, 3]
    done = asyncio.Event()
    players = [asyncio.create_task(_play(c, i == 0, done)) for i, c in enumerate(clients)]
    for c in clients:
        await c.send({"type": "ready"})
    try:
        end = await clients[0].next_of("match_end", timeout=60, after=0)
    finally:
        done.set()
        await asyncio.gather(*players, return_exceptions=True)
    won = [e for m in clients[0].messages if m["type"] == "view" for e in m.get("events", []) if e["type"] == "won"]
    assert len(won) == 1 and won[0]["seat"] == 0 and not won[0]["self_draw"], won
    assert won[0]["tile"] == offered["tile"] and won[0]["from_seat"] == offered["discarder"]
    assert end is not None
    # It was the clock, not 托管: the seat never switched to auto-play.
    assert not any(m["type"] == "room" and m["room"]["seats"][0]["tuoguan"] for m in clients[0].messages)
    for c in clients:
        await c.close()
