"""GET /metrics and the JSON logs (docs/server.md, "Metrics and logs").

A real server with a metrics listener of its own and ``--log-format json`` plays a one-hand match of a
scripted player and three bots; the scrape must then count exactly the actions its stored replay holds,
show the seats and sockets of the waiting room, the commits and the bots' answers, and a refusal of the
per-player write limit; the listener serves /metrics only, the public port only with the operator token;
every log line is a JSON object naming the node and, for a room's requests, the room. The Grafana
dashboard only asks for series the server exports."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server import test_cluster
from tests.server.harness import OPERATOR, TEST_LIMITS, Client, ServerProcess, auth, create_room, session
from tests.server.test_cluster import REDIS, Cluster

cluster_env = test_cluster.cluster_env  # the fixture: a fresh PostgreSQL schema and Redis prefix
DASHBOARD = Path(__file__).resolve().parents[2] / "deploy" / "grafana" / "dashboards" / "majiang.json"


@pytest.fixture(scope="module")
def srv(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp("metrics")
    # three writes per player token, then the bucket refuses (the one limit this test trips)
    server = ServerProcess(tmp, limits=TEST_LIMITS.replace("write_rate_token=0", "write_rate_token=0.001")
                           + ",write_burst_token=3")
    server.extra = ["--metrics-address", "127.0.0.1:0", "--log-format", "json", "--log-level", "info"]
    server.start()
    try:
        yield server
    finally:
        server.stop()


def metrics_url(srv: ServerProcess) -> str:
    m = re.search(r"metrics on (http://\S+/metrics)", srv.banner)
    assert m, f"the server did not say where its metrics listener is: {srv.banner!r}"
    return m.group(1)


def samples(text: str) -> dict[str, float]:
    """``name{labels}`` -> value of every sample in a Prometheus text exposition."""
    out = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            key, _, value = line.rpartition(" ")
            out[key] = float(value)
    return out


async def test_metrics_count_a_match_and_need_the_token(srv: ServerProcess, tmp_path: Path) -> None:
    async with httpx.AsyncClient(base_url=srv.base, timeout=20) as http:
        me = await session(http, "Metric")
        assert (await http.get("/metrics")).status_code == 403
        assert (await http.get("/metrics", headers=auth(me["token"]))).status_code == 403  # a player is not 网管
        room = (await create_room(http, me["token"], hands=1))["room"]
        code = room["code"]
        assert (await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(me["token"]))).status_code == 200
        # The room waits for its one human to connect: 1 human and 3 bot seats, 1 seat socket.
        c = await Client(srv.ws_base, code, me["token"]).connect()
        await c.next_of("welcome", after=0)
        r = await http.get("/metrics", headers={"x-operator-token": OPERATOR})
        assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
        s = samples(r.text)
        assert s['majiang_seats{kind="human",node="single"}'] == 1
        assert s['majiang_seats{kind="bot",node="single"}'] == 3
        assert s['majiang_sockets{kind="seat",node="single"}'] == 1
        assert s['majiang_rooms{node="single",status="waiting"}'] == 1
        assert s['majiang_actions_total'] == 0
        c.autoplay = True
        await c.send({"type": "ready"})
        await c.next_of("match_end", timeout=120, after=0)
        replay = (await http.get(f"/api/rooms/{code}/hands/1/replay")).json()
        # the fourth write of one player's token is refused by its bucket (burst 3: create, bots, this)
        other = await session(http, "Refused")
        codes = [(await http.post("/api/session/renew", headers=auth(other["token"]))).status_code
                 for _ in range(4)]
        assert codes == [200, 200, 200, 429]
        await c.close()
        # the metrics listener: no token needed, and nothing but /metrics
        url = metrics_url(srv)
        open_scrape = httpx.get(url, timeout=10)
        assert open_scrape.status_code == 200
        assert httpx.get(url.replace("/metrics", "/api/health"), timeout=10).status_code == 404
        s = samples(open_scrape.text)
        assert s["majiang_actions_total"] == len(replay["actions"])
        assert s['majiang_records_total{kind="act"}'] == len(replay["actions"])
        assert s['majiang_records_total{kind="deal"}'] == 1
        assert s["majiang_store_commit_seconds_count"] > 0
        assert s["majiang_bot_lateness_seconds_count"] > 0
        assert s['majiang_rooms{node="single",status="finished"}'] == 1
        assert s['majiang_rate_limit_refusals_total{bucket="write_token"}'] == 1
        # every series the Grafana dashboard asks for is exported
        exported = {re.sub(r"\{.*", "", k) for k in s}
        exprs = [t["expr"] for p in json.loads(DASHBOARD.read_text())["panels"] for t in p["targets"]]
        wanted = {n for e in exprs for n in re.findall(r"\b(majiang_[a-z_]+)", e)}
        assert wanted and wanted <= exported, wanted - exported
    # JSON logs: every line one object with node and table; this room's requests name the room
    lines = [json.loads(line) for line in srv.log_path.read_text().splitlines() if line.startswith("{")]
    assert lines and all({"ts", "level", "logger", "node", "table", "msg"} <= set(x) for x in lines)
    assert all(x["node"] == "single" for x in lines)
    mine = [x for x in lines if x["table"] == code]
    assert any(f"/api/rooms/{code}/bots" in x["msg"] for x in mine)
    assert any(f"/ws/{code}" in x["msg"] for x in mine)
    assert not any(x["table"] == code for x in lines if "/api/session" in x["msg"])


@pytest.mark.postgres
@pytest.mark.redis
async def test_per_node_leases_and_relayed_sockets(cluster_env: tuple[Path, str, str]) -> None:
    """Two nodes: the node that created a room holds its lease; a client connected through the other
    node shows as a relayed socket there and a seat socket on the owner."""
    tmp, url, prefix = cluster_env
    nodes = Cluster(tmp, url, REDIS, prefix).start(2)
    try:
        async with httpx.AsyncClient(base_url=nodes.nodes[0].base, timeout=20) as http:
            me = await session(http, "Leaser")
            code = (await create_room(http, me["token"]))["room"]["code"]
        c = await Client(nodes.nodes[1].ws_base, code, me["token"]).connect()
        await c.next_of("welcome", after=0)
        op = {"x-operator-token": OPERATOR}
        owner = samples(httpx.get(nodes.nodes[0].base + "/metrics", headers=op, timeout=10).text)
        relay = samples(httpx.get(nodes.nodes[1].base + "/metrics", headers=op, timeout=10).text)
        assert owner['majiang_leases{node="n0"}'] == 1 and relay['majiang_leases{node="n1"}'] == 0
        assert owner['majiang_sockets{kind="seat",node="n0"}'] == 1
        assert relay['majiang_sockets{kind="relayed",node="n1"}'] == 1
        await c.close()
    finally:
        nodes.stop()
