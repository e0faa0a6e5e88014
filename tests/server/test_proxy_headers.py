"""Behind a proxy: the per-address limits count the client a trusted proxy names in X-Forwarded-For
(``majiang serve --forwarded-allow-ips``), and nobody else's X-Forwarded-For is believed."""

from __future__ import annotations

from pathlib import Path

import httpx

from tests.server.harness import TEST_LIMITS, ServerProcess

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
