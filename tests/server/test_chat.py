"""Issue 24: quick chat. A seated player's fixed phrase reaches every other seat and the spectators;
past the seat's limit it is refused (``chat_limit``); a spectator cannot send; free text is refused."""

from __future__ import annotations

import httpx

from majiang.server.chat import BURST, GAP, WINDOW, ChatLimiter
from tests.server.harness import Client, ServerProcess, session
from tests.server.test_protocol import _table, errors


async def test_a_phrase_reaches_the_table_and_its_spectators_within_the_limit(
        server: ServerProcess, http: httpx.AsyncClient) -> None:
    code, _, (a, b) = await _table(server, http, humans=2, ruleset="anqing")
    fan = await session(http, "观众")
    watcher = await Client(server.ws_base, code, fan["token"]).connect()
    await watcher.next_of("welcome", after=0)

    start_b, start_w, start_a = len(b.messages), len(watcher.messages), len(a.messages)
    await a.send({"type": "chat", "phrase": "nice"})
    for c, start in ((b, start_b), (watcher, start_w), (a, start_a)):
        got = await c.next_of("chat", after=start)
        assert got["seat"] == a.seat and got["phrase"] == "nice", got

    # At once again: refused, and nobody else hears it.
    start_b = len(b.messages)
    await a.send({"type": "chat", "phrase": "hurry"})
    err = await a.wait(lambda c: (errors(c, start_a) or [None])[0])
    assert err["code"] == "chat_limit", err
    await b.send({"type": "ping"})
    await b.next_of("pong", after=start_b)
    assert not [m for m in b.messages[start_b:] if m["type"] == "chat"]

    # A spectator cannot send; free text is not a phrase.
    start_w = len(watcher.messages)
    await watcher.send({"type": "chat", "phrase": "nice"})
    err = await watcher.wait(lambda c: (errors(c, start_w) or [None])[0])
    assert err["code"] == "not_now", err
    start_b = len(b.messages)
    await b.send({"type": "chat", "phrase": "you all play badly"})
    err = await b.wait(lambda c: (errors(c, start_b) or [None])[0])
    assert err["code"] == "bad_message", err
    for c in (a, b, watcher):
        await c.close()


def test_the_limit_counts_gap_and_burst() -> None:
    lim = ChatLimiter()
    t = 1000.0
    assert lim.allow(0, t) == 0.0
    assert 0 < lim.allow(0, t + GAP / 2) <= GAP  # too soon after the last one
    assert lim.allow(1, t + GAP / 2) == 0.0  # another seat has its own limit
    for i in range(1, BURST):
        assert lim.allow(0, t + i * GAP) == 0.0
    assert lim.allow(0, t + BURST * GAP) > 0  # the burst is used up ...
    assert lim.allow(0, t + WINDOW + 0.01) == 0.0  # ... until the first phrase leaves the window
