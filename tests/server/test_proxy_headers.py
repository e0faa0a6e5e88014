"""Behind a proxy: the per-address limits count the client a trusted proxy names in X-Forwarded-For
(``majiang serve --forwarded-allow-ips``), and nobody else's X-Forwarded-For is believed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx

from tests.server.harness import TEST_LIMITS, Client, ServerProcess

PROXY, OTHER = "127.0.0.9", "127.0.0.10"  # loopback addresses of their own (all of 127/8 is lo)
# three writes per address, then a refill too slow to matter during the test
LIMITS = TEST_LIMITS.replace("write_rate_ip=0", "write_rate_ip=0.001") + ",write_burst_ip=3"


async def _writes(base: str, source: str, forwarded: str, n: int) -> list[int]:
    transport = httpx.AsyncHTTPTransport(local_address=source)
    async with httpx.AsyncClient(base_url=base, timeout=20, transport=transport) as http:
        return [(await http.post("/api/session", json={"name": f"客{i}"},
                                 headers={"x-forwarded-for": forwarded})).status_code for i in range(n)]


async def test_only_a_trusted_proxy_names_the_client(tmp_path: Path) -> None:
    srv = ServerProcess(tmp_path / "data", limits=LIMITS, log_path=tmp_path / "server.log")
    srv.extra = ["--forwarded-allow-ips", PROXY]
    srv.start()
    try:
        # through the proxy: each client it names has its own bucket
        assert await _writes(srv.base, PROXY, "203.0.113.5", 4) == [200, 200, 200, 429]
        assert await _writes(srv.base, PROXY, "203.0.113.6", 1) == [200]
        # a client that wrote an address of its own in front: the proxy appended the real one, read from the right
        assert await _writes(srv.base, PROXY, "198.51.100.1, 203.0.113.5", 1) == [429]
        assert await _writes(srv.base, PROXY, "203.0.113.5, 198.51.100.2", 1) == [200]
        # the header from anyone else is ignored: the bucket is the sender's own address
        assert await _writes(srv.base, OTHER, "203.0.113.7", 4) == [200, 200, 200, 429]
        assert await _writes(srv.base, OTHER, "203.0.113.8", 1) == [429]
    finally:
        srv.stop()


async def test_by_default_no_forwarded_header_is_believed_not_even_from_loopback(tmp_path: Path) -> None:
    # issue 30: with uvicorn's default (127.0.0.1 trusted) a client on the machine named itself anew in
    # every request and made 81.5 rooms/s against 7.7/s
    srv = ServerProcess(tmp_path / "data", limits=LIMITS, log_path=tmp_path / "server.log").start()
    try:
        forged = [await _writes(srv.base, "127.0.0.1", f"203.0.113.{i}", 1) for i in range(5)]
        assert [r[0] for r in forged] == [200, 200, 200, 429, 429]
    finally:
        srv.stop()


async def test_reads_are_limited_and_room_code_guessing_slows_down(tmp_path: Path) -> None:
    limits = (TEST_LIMITS.replace("read_rate_ip=0", "read_rate_ip=0.001").replace(
        "code_miss_rate_ip=0", "code_miss_rate_ip=0.001") + ",read_burst_ip=30,code_miss_burst_ip=5")
    srv = ServerProcess(tmp_path / "data", limits=limits, log_path=tmp_path / "server.log").start()
    guesser, reader, owner = (httpx.AsyncHTTPTransport(local_address=a) for a in ("127.0.0.21", "127.0.0.22",
                                                                                  "127.0.0.23"))
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=20, transport=owner) as http:
            me = (await http.post("/api/session", json={"name": "私"})).json()
            r = await http.post("/api/rooms", json={"ruleset": "anqing", "public": False},
                                headers={"authorization": f"Bearer {me['token']}"})
            code = r.json()["room"]["code"]
        async with httpx.AsyncClient(base_url=srv.base, timeout=20, transport=guesser) as http:
            guesses = [(await http.get(f"/api/rooms/ZZZZZ{i}")).status_code for i in range(5)]
            assert guesses == [404] * 5
            # out of misses: every lookup by code is refused now, the right code too (it would tell)
            for path in ("/api/rooms/ZZZZZ9", f"/api/rooms/{code}", f"/api/rooms/{code}/hands"):
                r = await http.get(path)
                assert r.status_code == 429 and r.json()["error"] == "rate_limited", (path, r.text)
                assert "room codes" in r.json()["reason"] and r.headers["retry-after"]
            assert (await http.get("/api/rulesets")).status_code == 200  # other reads go on
        async with httpx.AsyncClient(base_url=srv.base, timeout=20, transport=owner) as http:
            assert (await http.get(f"/api/rooms/{code}")).status_code == 200  # another address is not slowed
        # the websocket shares the count: the guessing address is refused 4029 even for the right code
        ws = await Client(srv.ws_base, code, me["token"], local_ip="127.0.0.21").connect()
        await asyncio.wait_for(ws.closed.wait(), 10)
        assert ws.ws is not None and ws.ws.close_code == 4029 and ws.messages[-1]["code"] == "rate_limited"
        # and a websocket to a code that names no room is a miss as well (4004, then 4029)
        closes = []
        for i in range(6):
            w = await Client(srv.ws_base, f"YYYYY{i}", me["token"], local_ip="127.0.0.24").connect()
            await asyncio.wait_for(w.closed.wait(), 10)
            closes.append(w.ws.close_code if w.ws is not None else None)
        assert closes == [4004] * 5 + [4029], closes
        async with httpx.AsyncClient(base_url=srv.base, timeout=20, transport=reader) as http:
            reads = [(await http.get("/api/rulesets")).status_code for _ in range(32)]
            assert reads[:30] == [200] * 30 and reads[30:] == [429, 429]  # GETs had no limit at all
    finally:
        srv.stop()
