"""Issue 24: a turn clock that runs out plays that one turn for the seat (摸切) and leaves the seat to its
player; only ``tuoguan_after`` missed turns in a row (default 2) hand it to 托管. Acting yourself ends a run."""

from __future__ import annotations

from typing import Any

import httpx

from majiang.bots import make_bot
from majiang.core.actions import Discard
from majiang.engine import seat_view
from majiang.engine.absent import claim_timeout_action, missed_turn_action
from tests.server.harness import Client, ServerProcess, asked_seats, auth, create_room, first_seeds, fix_seeds, session

# (a turn the player answers must not run out while a loaded machine delivers it: 3 s, not 1)
QUICK_CLOCK = {"discard_seconds": 3.0, "claim_seconds": 0.3, "bot_delay": 0.05, "hands": 4,
               "options": {"east_deals_first": True}}


def _reaches_the_fourth_turn(match: Any) -> bool:
    """Whether the first hand reaches the player's fourth turn when played as this test plays it: its
    first and third turns run out (the server's 摸切, or its bot where the drawn tile may not go), it
    discards its first legal discard on the second, 托管 plays the fourth on; its claim windows run
    out (a pass); the server's strong bots in seats 1-3. A hand that ended sooner (a bot's early win)
    would leave the test waiting for a turn that never comes."""
    hand, rules = match.hand, match.hand.ruleset
    bot = make_bot("strong", 0)
    bots = {s: make_bot("strong", 0) for s in (1, 2, 3)}
    turns = 0
    for s in asked_seats(hand):
        view = seat_view(hand, s)
        if s != 0:
            action = bots[s].choose(view)
        elif hand.phase == "claim":
            action = claim_timeout_action(rules, view.legal) or bot.choose(view)
        else:
            turns += 1
            if turns == 4:
                return True  # the fourth turn came: its clock hands the seat to 托管
            if turns == 2:
                action = next(a for a in view.legal if isinstance(a, Discard))
            else:
                action = missed_turn_action(rules, view.legal, view.drawn) or bot.choose(view)
        match.apply(s, action)
    return False


def _is_my_turn(m: Any) -> bool:
    """A view message asking the player to discard, the seat still its own."""
    return bool(m and m["view"]["phase"] == "turn" and m["view"]["legal"] and not m["tuoguan"])


def _my_turn(c: Client) -> Any:
    return c.last_view_msg if _is_my_turn(c.last_view_msg) else None


def _first_turn(c: Client, after: int) -> Any:
    """The first view of the player's own turn asked after ``after``, from all that came."""
    return next((m for m in c.messages if m["type"] == "view" and m["asked"] > after and _is_my_turn(m)), None)


def _river(c: Client, seat: int) -> list[int]:
    """The seat's river in the latest view. (Read from the state, not from the views' events: a client
    that falls behind on a loaded machine is sent the latest view, and the events between are gone.)"""
    return [r["tile"] for r in c.last_view_msg["view"]["seats"][seat]["river"]]


def _tuoguan_seen(c: Client, start: int) -> bool:
    return any(m["type"] == "room" and m["room"]["seats"][c.seat]["tuoguan"] for m in c.messages[start:])


async def test_one_missed_turn_is_played_for_the_seat_and_two_in_a_row_start_tuoguan(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    # set up, not waited for: a hand long enough for the player's four turns (a bot's early win ended
    # one before the player's second turn now and then)
    seed, match_seed = first_seeds("anqing", QUICK_CLOCK["options"], 4, "mt", _reaches_the_fourth_turn, tries=300)
    me_ = await session(http, "慢")
    code = (await create_room(http, me_["token"], ruleset="anqing", **QUICK_CLOCK))["room"]["code"]
    await fix_seeds(http, code, [seed], match_seed)
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me_["token"]))
    a = await Client(server.ws_base, code, me_["token"]).connect()
    await a.next_of("welcome", after=0)
    await a.send({"type": "ready"})
    assert a.room is not None and a.room["settings"]["tuoguan_after"] == 2
    me = a.seat
    assert me is not None

    # 1. The first turn runs out: one automatic discard (the drawn tile where there is one), no 托管.
    # (the turn found in the log of what came, not the latest view: a client behind on a loaded machine
    # may read it only once the turn is over)
    turn = await a.wait(lambda c: _first_turn(c, 0), timeout=30)
    start = len(a.messages)
    drawn = turn["view"]["drawn"]
    before = len(turn["view"]["seats"][me]["river"])
    await a.wait(lambda c: c.room["seats"][me]["missed"] == 1, timeout=20)
    river = await a.wait(lambda c: _river(c, me) if len(_river(c, me)) > before else None, timeout=10)
    if drawn is not None:
        assert river[before] == drawn, (river, before, drawn)  # 摸切
    assert not _tuoguan_seen(a, start) and not a.room["seats"][me]["tuoguan"]

    # 2. The player answers the next turn: the run of missed turns is over.
    turn = await a.wait(lambda c: _my_turn(c) if c.last_view_msg["asked"] > turn["asked"] else None, timeout=30)
    discard = next(x for x in turn["view"]["legal"] if x["type"] == "discard")
    await a.send({"type": "act", "seq": turn["asked"], "action": discard})
    await a.wait(lambda c: c.room["seats"][me]["missed"] == 0, timeout=20)

    # 3. Two missed turns in a row: the first is played for the seat, the second hands it to 托管.
    turn = await a.wait(lambda c: _first_turn(c, turn["asked"]), timeout=30)
    start = len(a.messages)
    before = len(turn["view"]["seats"][me]["river"])
    # (missed 1 is seen first unless the client fell behind past the second turn too: then only 托管)
    first = await a.wait(lambda c: c.room["seats"][me]["missed"] == 1 or c.room["seats"][me]["tuoguan"], timeout=20)
    assert first
    if not a.room["seats"][me]["tuoguan"]:
        assert not _tuoguan_seen(a, start)
    await a.wait(lambda c: c.room["seats"][me]["tuoguan"], timeout=30)  # (the hand lasts: the seeds)
    assert a.room["seats"][me]["missed"] == 0
    await a.wait(lambda c: len(_river(c, me)) > before, timeout=20)  # the first of the two was played
    await a.close()


async def test_tuoguan_after_is_checked(http: httpx.AsyncClient) -> None:
    token = (await http.post("/api/session", json={"name": "查"})).json()["token"]
    r = await http.post("/api/rooms", json={"ruleset": "anqing", "tuoguan_after": 0},
                        headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 400 and "tuoguan_after" in r.text, r.text
