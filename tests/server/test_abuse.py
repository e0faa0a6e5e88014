"""Issue 16: each attack of the abuse probe, reproduced against a real server and shown refused.

One server per backend with tight limits is shared by the module; each test talks from its own
loopback address (127.x.y.z), so the per-address rate limits of one test never touch another's."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import socket
import stat
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from majiang.backend import auth as server_auth
from tests.server.conftest import database_url, drop_schema, until
from tests.server.harness import OPERATOR, Client, ServerProcess, auth, create_room, session

LIMITS = {
    "write_rate_ip": 2, "write_burst_ip": 40, "write_rate_token": 1, "write_burst_token": 12,
    "view_rate_ip": 2, "view_burst_ip": 50, "rooms_per_token": 3, "seats_per_token": 4,
    "idle_seconds": 8, "page_size": 5, "max_page": 20,
    "ws_rate_token": 2, "ws_burst_token": 25, "connect_rate_token": 0.5, "connect_burst_token": 6,
    "connect_rate_ip": 1, "connect_burst_ip": 12,
}
QUICK = {"discard_seconds": 30, "claim_seconds": 30, "ready_seconds": 30, "grace_seconds": 30, "bot_delay": 0}
_addresses = iter(range(1, 10**6))


@pytest.fixture(scope="module")
def strict(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp(f"abuse-{backend}")
    url, schema = database_url(backend, tmp)
    # the data directory is created by the server itself (its mode is checked); the log lives beside it
    srv = ServerProcess(tmp / "data", url, limits=",".join(f"{k}={v}" for k, v in LIMITS.items()),
                        log_path=tmp / "server.log")
    srv.start()
    try:
        yield srv
    finally:
        srv.stop()
        drop_schema(schema)


@pytest.fixture
def ip() -> str:
    """A loopback address of this test's own (Linux routes all of 127.0.0.0/8 to lo). One to one in n:
    the last byte runs 1..254 (``n % 256 or 1`` gave n ≡ 0 and n ≡ 1 the same address, so two tests
    could share their per-address buckets, as test_8's connections once rate-limited test_9's)."""
    n = next(_addresses) + os.getpid() % 200 * 1000
    return f"127.{n // (254 * 256) % 250 + 1}.{n // 254 % 256}.{n % 254 + 1}"


@pytest.fixture
async def web(strict: ServerProcess, ip: str) -> AsyncIterator[httpx.AsyncClient]:
    transport = httpx.AsyncHTTPTransport(local_address=ip)
    async with httpx.AsyncClient(base_url=strict.base, timeout=30, transport=transport) as client:
        yield client


def log_of(srv: ServerProcess) -> str:
    return srv.log_path.read_text(errors="replace")


def rss_kb(srv: ServerProcess) -> int:
    assert srv.proc is not None
    line = next(x for x in Path(f"/proc/{srv.proc.pid}/status").read_text().splitlines() if x.startswith("VmRSS:"))
    return int(line.split()[1])


async def connect(srv: ServerProcess, code: str, token: str, ip: str) -> Client:
    c = await Client(srv.ws_base, code, token, local_ip=ip).connect()
    await c.wait(lambda c: c.messages, timeout=10)
    return c


async def finished_hand(web: httpx.AsyncClient, srv: ServerProcess, ip: str,
                        public: bool) -> tuple[str, dict[str, Any]]:
    """A room (public or private) whose one hand was played to the end by three bots and 托管."""
    a = await session(web, "独")
    code = (await create_room(web, a["token"], public=public, **QUICK))["room"]["code"]
    assert (await web.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))).status_code == 200
    c = await connect(srv, code, a["token"], ip)
    await c.send({"type": "tuoguan", "on": True})
    await c.next_of("match_end", after=0, timeout=60)
    await c.close()
    return code, a


# --- 1. bodies are refused at the limit, never read whole --------------------------------------------
async def test_1_huge_bodies_are_refused_without_reading_them(strict: ServerProcess, web: httpx.AsyncClient,
                                                               ip: str) -> None:
    host, port = strict.base.removeprefix("http://").split(":")
    before = rss_kb(strict)
    # a declared 300 MB body: answered 413 at once, from the headers alone
    with socket.create_connection((host, int(port)), source_address=(ip, 0), timeout=10) as s:
        s.sendall(b"POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  b"Content-Length: 300000000\r\n\r\n" + b"[" * 1000)
        head = b""
        while chunk := s.recv(4096):  # the server answers and closes
            head += chunk
    head = head.decode()
    assert head.startswith("HTTP/1.1 413") and "too_large" in head, head

    # no declared length (chunked): counted while it streams and refused at the limit
    async def chunks() -> AsyncIterator[bytes]:
        for _ in range(200):
            yield b" " * 65536  # 13 MB in all, if the server kept reading
    r = await web.post("/api/session", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "too_large" and "16384" in r.json()["reason"], r.text
    assert rss_kb(strict) - before < 20_000  # nothing like the body was held
    assert (await web.post("/api/session", json={"name": "小"})).status_code == 200  # the server is fine


# --- 2. deep JSON, huge integers and NUL in paths: 400 with a reason, never 500 -------------------------
async def test_2_deep_json_huge_ints_and_nul_are_400(strict: ServerProcess, web: httpx.AsyncClient) -> None:
    a = await session(web, "深")
    r = await web.post("/api/rooms", content=b"[" * 16000, headers=auth(a["token"]))
    assert r.status_code == 400 and "JSON" in r.json()["reason"], r.text
    r = await web.post("/api/session", content=b"{\"name\":" + b"[" * 8000 + b"]" * 8000 + b"}")
    assert r.status_code == 400, r.text
    code = (await create_room(web, a["token"], join=False, **QUICK))["room"]["code"]
    for n in (2**63, 2**31, 10**30):
        for tail in ("", "/replay", "/view"):
            r = await web.get(f"/api/rooms/{code}/hands/{n}{tail}")
            assert r.status_code == 400 and "hand number" in r.json()["reason"], (n, tail, r.text)
    for path in (f"/api/players/p%00{code}", "/api/rooms/AB%00CD", "/api/rooms/AB%00CD/hands",
                 "/api/rooms/AB%00CD/hands/1", f"/api/rooms/{'X' * 300}"):
        r = await web.get(path)
        assert r.status_code == 400 and r.json()["error"] == "bad_request", (path, r.text)
    r = await web.get(f"/api/rooms/{code}/hands/1/view?step=99999999999999999999")
    assert r.status_code == 400
    assert "Traceback" not in log_of(strict)


# --- 3. out-of-range tile ids are bad messages naming the field -----------------------------------------
async def test_3_out_of_range_tiles_are_bad_messages(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    a = await session(web, "牌")
    # 东 (seat 0, this player) deals first, so the table waits on this player's question while it probes
    code = (await create_room(web, a["token"], options={"east_deals_first": True}, **QUICK))["room"]["code"]
    await web.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
    c = await connect(strict, code, a["token"], ip)
    await c.send({"type": "ready"})
    await c.wait(lambda c: c.view is not None and c.view["legal"])
    seq = c.seq
    actions = [{"type": "discard", "tile": 42}, {"type": "discard", "tile": -1}, {"type": "discard", "tile": 2**64},
               {"type": "declare", "tile": 42}, {"type": "expose", "tile": -5}, {"type": "peng", "tiles": [7, 99]},
               {"type": "kong", "kind": "concealed", "tiles": [1, 1, 1, 1, 1, 1]}]
    for action in actions:
        start = len(c.messages)
        await c.send({"type": "act", "seq": seq, "action": action})
        err = await c.next_of("error", after=start)
        assert err["code"] == "bad_message" and "action.tile" in err["reason"] and err["ref"] == "act", err
    # a flower (34..41) is a tile id (百搭麻将 discards them), but not a move at an Anqing table
    start = len(c.messages)
    await c.send({"type": "act", "seq": seq, "action": {"type": "discard", "tile": 36}})
    err = await c.next_of("error", after=start)
    assert err["code"] == "illegal" and err["ref"] == "act", err
    assert c.seq == seq  # nothing changed
    await c.close()
    assert "Traceback" not in log_of(strict)


# --- 4. the replay view: cached and rate-limited ---------------------------------------------------------
async def test_4_replay_views_are_cached_and_rate_limited(strict: ServerProcess, web: httpx.AsyncClient,
                                                          ip: str) -> None:
    code, _ = await finished_hand(web, strict, ip, public=True)
    steps = (await web.get(f"/api/rooms/{code}/hands/1/view")).json()["steps"]
    n = min(steps, 20)  # within the view burst (50) for both passes; a hand may end in fewer than 20 actions
    assert n >= 1

    async def views(urls: list[str]) -> list[str]:
        out = []
        for u in urls:
            r = await web.get(u)
            assert r.status_code == 200, r.text
            out.append(r.headers["x-cache"])
        return out
    urls = [f"/api/rooms/{code}/hands/1/view?seat=all&step={k}" for k in range(steps - n, steps)]
    assert await views(urls) == ["miss"] * n  # each step rebuilt once ...
    assert await views(urls) == ["hit"] * n  # ... and never again
    statuses = [(await web.get(f"/api/rooms/{code}/hands/1/view?step=1")).status_code for _ in range(30)]
    assert 429 in statuses and statuses[0] in (200, 429)


# --- 5. a turn clock cannot be stalled; 托管 sticks after N timeouts -------------------------------------
async def test_5_clock_cannot_be_stalled(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    a = await session(web, "钟")
    # several hands (timeouts count per match, across hands) with a short countdown between them
    code = (await create_room(web, a["token"], **{**QUICK, "discard_seconds": 1.0, "claim_seconds": 0.5,
                                                  "ready_seconds": 0.5, "bot_delay": 0.8, "max_timeouts": 2,
                                                  "tuoguan_after": 1, "hands": 4}))["room"]["code"]
    await web.post(f"/api/rooms/{code}/bots", json={}, headers=auth(a["token"]))
    c = await connect(strict, code, a["token"], ip)
    await c.send({"type": "ready"})

    def my_turn(c: Client) -> Any:
        m = c.last_view_msg
        return m if m and m["view"]["phase"] == "turn" and m["view"]["legal"] and not m["tuoguan"] else None

    for timeout_no in (1, 2):
        turn = await c.wait(my_turn, timeout=30)
        asked = turn["asked"]
        await c.wait(lambda c: c.last_view_msg["tuoguan"], timeout=5)  # the clock ran out: 托管
        start = len(c.messages)
        if timeout_no == 1:
            # the stall: switch 托管 off again and again; the bot still answers this question in time
            def pending(c: Client, asked: int = asked) -> bool:  # still open (answered: no legal or a new one)
                m = c.last_view_msg
                return m["asked"] == asked and bool(m["view"]["legal"])
            t0 = time.monotonic()
            while pending(c) and time.monotonic() - t0 < 6:
                await c.send({"type": "tuoguan", "on": False})
                # The attacker's pace, five a second (within the socket's burst, so none is dropped): a
                # bound on waiting for the bot's answer to the question, which ends the wait when it comes.
                with contextlib.suppress(TimeoutError):
                    await c.wait(lambda c: not pending(c), timeout=0.2)
            assert not pending(c), "the seat's turn was stalled"
            assert time.monotonic() - t0 < 4  # the bot answered after its delay (0.8 s), not after fresh clocks
            clocks = [m["clock"] for m in c.messages[start:] if m["type"] == "view" and m["clock"]
                      and m["asked"] == asked]
            assert all(k["remaining"] < 0.5 for k in clocks), clocks  # never a fresh clock for it
        else:
            # the second timeout: 托管 stays on for the match
            await c.send({"type": "tuoguan", "on": False})
            err = await c.next_of("error", after=start)
            assert err["code"] == "not_now" and "托管 stays on" in err["reason"], err
            room = (await web.get(f"/api/rooms/{code}")).json()["room"]
            assert room["seats"][c.seat]["tuoguan"] is True
    await c.close()


# --- 6. rooms cannot be held hostage by absent players ------------------------------------------------
async def test_6_absent_players_cannot_hold_rooms(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    people = [await session(web, n) for n in ("甲", "乙", "丙", "丁")]
    short = {**QUICK, "grace_seconds": 1.0, "ready_seconds": 1.0}
    # joined over REST, never connected: the seat is freed while the room waits
    code = (await create_room(web, people[0]["token"], **short))["room"]["code"]
    c0 = await connect(strict, code, people[0]["token"], ip)
    assert (await web.post(f"/api/rooms/{code}/join", headers=auth(people[1]["token"]))).json()["seat"] == 1
    await c0.wait(lambda c: not c.room["seats"][1]["occupied"] and c.room["seats"][1]["player_id"] is None, timeout=5)
    listed = [r["code"] for r in (await web.get("/api/rooms?limit=20")).json()["rooms"]]
    assert code in listed
    # the countdown covers every seat that is not ready: one ready player starts the hand for all
    others = [await connect(strict, code, p["token"], ip) for p in people[1:]]
    await c0.wait(lambda c: all(s["occupied"] for s in c.room["seats"]))
    await c0.send({"type": "ready"})
    room = await c0.wait(lambda c: c.room["countdown"] and c.room)
    assert len(room["countdown"]["seats"]) == 3
    await c0.wait(lambda c: c.room["status"] == "playing", timeout=5)
    # a dissolve vote counts connected players only
    for o in others[1:]:
        await o.close()
    await others[0].send({"type": "vote_dissolve", "agree": True})
    await c0.wait(lambda c: c.room["vote"])
    await c0.send({"type": "vote_dissolve", "agree": True})
    msg = await c0.next_of("dissolved", after=0)
    assert msg["by"] == "vote"


# --- 7. REST rate limits, quotas, idle rooms closed, pagination ---------------------------------------
async def test_7_rate_limits_quotas_idle_rooms_and_pages(strict: ServerProcess, web: httpx.AsyncClient) -> None:
    a, b = await session(web, "多"), await session(web, "少")
    t0 = time.monotonic()  # before the first of a's rooms: none of them can be idle for idle_seconds before t0 + that
    codes = [(await create_room(web, a["token"], join=False, **QUICK))["room"]["code"] for _ in range(3)]
    r = await web.post("/api/rooms", json={"ruleset": "anqing", "join": False}, headers=auth(a["token"]))
    assert r.status_code == 429 and r.json()["error"] == "quota", r.text
    # seats: b may hold 4 at once
    for code in codes:
        assert (await web.post(f"/api/rooms/{code}/join", headers=auth(b["token"]))).status_code == 200
    extra = (await create_room(web, b["token"], join=False, **QUICK))["room"]["code"]
    assert (await web.post(f"/api/rooms/{extra}/join", headers=auth(b["token"]))).status_code == 200
    r = await web.post("/api/rooms", json={"ruleset": "anqing"}, headers=auth(b["token"]))
    assert r.status_code == 429 and r.json()["error"] == "quota" and "seats" in r.json()["reason"]
    # pages
    page = (await web.get("/api/rooms?limit=2")).json()
    assert len(page["rooms"]) == 2 and page["next"] == 2 and page["total"] >= 4
    assert len((await web.get("/api/rooms")).json()["rooms"]) <= LIMITS["page_size"]
    for bad in ("limit=0", "limit=21", "limit=-1", "offset=x", "limit=1e3"):
        assert (await web.get(f"/api/rooms?{bad}")).status_code == 400, bad
    # per token: one token's writes are limited whatever the address
    statuses = [(await web.post(f"/api/rooms/{codes[0]}/join", headers=auth(b["token"]))).status_code
                for _ in range(20)]
    assert 429 in statuses
    r = await web.post(f"/api/rooms/{codes[0]}/join", headers=auth(b["token"]))
    assert r.status_code == 429 and r.headers["retry-after"] and r.json()["error"] == "rate_limited"
    # per address: sessions (no token) are limited too
    statuses = [(await web.post("/api/session", json={"name": "洪"})).status_code for _ in range(45)]
    assert 429 in statuses
    # idle waiting rooms are closed (and leave the list), once idle_seconds passed without a record in them
    async def all_dissolved() -> bool:
        return all([(await web.get(f"/api/rooms/{code}")).json()["room"]["status"] == "dissolved" for code in codes])

    await until(all_dissolved, LIMITS["idle_seconds"] + 15, "a's idle rooms dissolved", every=0.25)
    assert time.monotonic() - t0 >= LIMITS["idle_seconds"], "rooms dissolved before they were idle that long"
    listed = {r["code"] for r in (await web.get("/api/rooms?limit=20")).json()["rooms"]}
    assert not listed & set(codes)


# --- 8. websocket limits per player and address survive reconnects; reconnects are throttled -----------
async def test_8_ws_limits_survive_reconnects(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    a = await session(web, "连")
    code = (await create_room(web, a["token"], **QUICK))["room"]["code"]
    c = await connect(strict, code, a["token"], ip)
    for _ in range(30):
        await c.send({"type": "sync"})
    await c.wait(lambda c: any(m["type"] == "error" and m["code"] == "rate_limited" for m in c.messages))
    await c.close()
    c = await connect(strict, code, a["token"], ip)  # a new connection does not refill the player's bucket
    start = len(c.messages)
    for _ in range(5):
        await c.send({"type": "sync"})
    await c.wait(lambda c: any(m["type"] == "error" and m["code"] == "rate_limited" for m in c.messages[start:]))
    await c.close()
    refused = 0
    for _ in range(10):  # reconnecting in a loop
        r = await connect(strict, code, a["token"], ip)
        if r.messages[0]["type"] == "error":
            assert r.messages[0]["code"] == "rate_limited"
            await r.closed.wait()
            assert r.ws is not None and r.ws.close_code == 4029
            refused += 1
        await r.close()
    assert refused >= 4


# --- 9. private rooms are not listed on a player's record ---------------------------------------------
async def test_9_private_rooms_stay_private(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    code, a = await finished_hand(web, strict, ip, public=False)
    anyone = (await web.get(f"/api/players/{a['player_id']}")).json()
    assert anyone["hands"] == 1 and code not in json.dumps(anyone)
    own = (await web.get(f"/api/players/{a['player_id']}", headers=auth(a["token"]))).json()
    assert [r["code"] for r in own["rooms"]] == [code]
    other = await session(web, "外")
    seen = (await web.get(f"/api/players/{a['player_id']}", headers=auth(other["token"]))).json()
    assert code not in json.dumps(seen)
    assert code not in json.dumps((await web.get("/api/rooms?limit=20")).json())


# --- 10. tokens expire, can be revoked, and never travel in a URL -------------------------------------
async def test_10_tokens_expire_revoke_and_stay_out_of_urls(strict: ServerProcess, web: httpx.AsyncClient,
                                                             ip: str) -> None:
    secret = (strict.data_dir / "secret.key").read_text().strip()
    old, _ = server_auth.issue(secret, "旧", lifetime=-1)  # signed by the server's key, expired
    assert (await web.get("/api/me", headers=auth(old))).status_code == 401
    a = await session(web, "令")
    code = (await create_room(web, a["token"], **QUICK))["room"]["code"]
    expired = await Client(strict.ws_base, code, old, local_ip=ip).connect()
    await expired.closed.wait()
    assert expired.messages[0]["code"] == "bad_token" and expired.ws is not None and expired.ws.close_code == 4001
    # the token in the URL is refused (and so never reaches an access log as a working credential)
    async with websockets.connect(f"{strict.ws_base}/ws/{code}?token={a['token']}",
                                  local_addr=(ip, 0)) as ws:
        first = json.loads(await ws.recv())
        assert first["code"] == "bad_token" and "first message" in first["reason"]
    assert a["token"] not in log_of(strict)
    # silent renewal: a fresh token for the same player
    renewed = (await web.post("/api/session/renew", headers=auth(a["token"]))).json()
    assert renewed["player_id"] == a["player_id"] and renewed["token"] != a["token"]
    assert renewed["expires"] > time.time() + 3600
    # the operator revokes one token, and the socket open with it is told so and closed
    on_renewed = await connect(strict, code, renewed["token"], ip)
    r = await web.post("/api/tokens/revoke", json={"token": renewed["token"]}, headers=auth(a["token"]))
    assert r.status_code == 403 and not on_renewed.closed.is_set()
    assert (await web.post("/api/tokens/revoke", json={"token": renewed["token"]},
                           headers=auth(OPERATOR))).status_code == 200
    await asyncio.wait_for(on_renewed.closed.wait(), 10)
    assert on_renewed.ws is not None and on_renewed.ws.close_code == 4001
    assert on_renewed.messages[-1]["code"] == "bad_token" and "revoked" in on_renewed.messages[-1]["reason"]
    assert (await web.get("/api/me", headers=auth(renewed["token"]))).status_code == 401
    assert (await web.get("/api/me", headers=auth(a["token"]))).status_code == 200
    # log out everywhere: every token so far is void and the open socket is closed
    c = await connect(strict, code, a["token"], ip)
    assert (await web.post("/api/session/logout", json={"everywhere": True},
                           headers=auth(a["token"]))).status_code == 200
    await c.closed.wait()
    assert c.ws is not None and c.ws.close_code == 4001
    assert (await web.get("/api/me", headers=auth(a["token"]))).status_code == 401
    # revocations are stored: a restarted server still refuses those tokens
    strict.stop()
    strict.start()
    async with httpx.AsyncClient(base_url=strict.base, timeout=30,
                                 transport=httpx.AsyncHTTPTransport(local_address=ip)) as again:
        for token in (a["token"], renewed["token"]):
            assert (await again.get("/api/me", headers=auth(token))).status_code == 401
        fresh = await session(again, "新")
        assert (await again.get("/api/me", headers=auth(fresh["token"]))).status_code == 200


# --- 11. the data directory and its files are private from the start ---------------------------------
async def test_11_data_files_are_private(strict: ServerProcess, tmp_path: Path) -> None:
    assert stat.S_IMODE(strict.data_dir.stat().st_mode) == 0o700
    assert stat.S_IMODE((strict.data_dir / "secret.key").stat().st_mode) == 0o600
    # a server on a data directory that does not exist yet: it creates it 0700, the database 0600
    fresh = ServerProcess(tmp_path / "new" / "data", log_path=tmp_path / "fresh.log")
    try:
        fresh.start()
        with httpx.Client(base_url=fresh.base) as h:
            assert h.post("/api/session", json={"name": "档"}).status_code == 200
        for name in ("majiang.sqlite3", "majiang.sqlite3-wal", "majiang.sqlite3-shm", "secret.key"):
            path = fresh.data_dir / name
            if path.exists():
                assert stat.S_IMODE(path.stat().st_mode) == 0o600, name
        assert (fresh.data_dir / "majiang.sqlite3").exists()
        assert stat.S_IMODE(fresh.data_dir.stat().st_mode) == 0o700
    finally:
        fresh.stop()


# --- 12. names that hide or impersonate ---------------------------------------------------------------
async def test_12_names_that_hide_or_impersonate(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    for name in ("\u3164", "\u2800\u2800", " \u3164 ", "a" + "\u0301" * 12, "Bot 2", "bot2", "Ｂｏｔ ２", "B0t 3",
                 "BOT-1", "\u0412ot 4"):
        r = await web.post("/api/session", json={"name": name})
        assert r.status_code == 400 and r.json()["reason"], (name, r.text)
    assert (await web.post("/api/session", json={"name": "Bottle"})).status_code == 200
    assert (await web.post("/api/session", json={"name": "é"})).status_code == 200
    alice = await session(web, "alice")
    fake = await session(web, "\u0430lice")  # Cyrillic а
    code = (await create_room(web, alice["token"], **QUICK))["room"]["code"]
    r = await web.post(f"/api/rooms/{code}/join", headers=auth(fake["token"]))
    assert r.status_code == 409 and r.json()["error"] == "name_taken", r.text
    c = await Client(strict.ws_base, code, fake["token"], local_ip=ip).connect()
    await c.closed.wait()
    assert c.messages[0]["code"] == "name_taken"


# --- 13. strict types: a bool is not a number -------------------------------------------------------
async def test_13_strict_types(strict: ServerProcess, web: httpx.AsyncClient, ip: str) -> None:
    a = await session(web, "型")
    code = (await create_room(web, a["token"], **QUICK))["room"]["code"]
    for body in ({"seats": [True]}, {"seats": [1.0]}, {"seats": "1"}, {"seats": [1, 2, 3, 0, 1]}):
        r = await web.post(f"/api/rooms/{code}/bots", json=body, headers=auth(a["token"]))
        assert r.status_code == 400, (body, r.text)
    for body in ({"ruleset": "anqing", "hands": True}, {"ruleset": "anqing", "public": 1},
                 {"ruleset": "anqing", "hands": 2.0}, {"ruleset": "anqing", "max_timeouts": False}):
        r = await web.post("/api/rooms", json=body, headers=auth(a["token"]))
        assert r.status_code == 400, (body, r.text)
    c = await connect(strict, code, a["token"], ip)
    start = len(c.messages)
    await c.send({"type": "add_bots", "seats": [True]})
    err = await c.next_of("error", after=start)
    assert err["code"] == "bad_message"
    room = (await web.get(f"/api/rooms/{code}")).json()["room"]
    assert [s["occupied"] for s in room["seats"]] == [True, False, False, False]
    await c.close()
