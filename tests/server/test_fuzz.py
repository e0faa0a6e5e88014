"""Property-based fuzzing of the REST API and the websocket messages against a real server (issue 16).

Properties: no request is answered 500; no traceback reaches the server's log; a refused request or
message (4xx, or an ``error`` message) changes nothing (the room's state, the table's ``seq``).

Short by default (CI); ``MAJIANG_FUZZ_EXAMPLES=5000 pytest -m fuzz tests/server/test_fuzz.py`` for a long run."""

from __future__ import annotations

import json
import os
import time
import urllib.parse
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import ClientConnection, connect

from majiang.server.api_document import routes as document_routes
from majiang.server.club_routes import routes as club_routes
from majiang.server.console import routes as console_routes
from majiang.server.friend_routes import routes as friend_routes
from majiang.server.platform_routes import routes as platform_routes
from majiang.server.ratings_routes import routes as ratings_routes
from majiang.server.rest import routes
from majiang.server.tournament_routes import routes as tournament_routes
from tests.server.conftest import database_url, drop_schema
from tests.server.harness import OPERATOR, ServerProcess

# (the websockets client draws its frame masks from `random` during an example, which hypothesis
# mistakes for a strategy using `random`)
pytestmark = [pytest.mark.fuzz,
              pytest.mark.filterwarnings("ignore:Do not use the `random` module inside strategies")]
EXAMPLES = int(os.environ.get("MAJIANG_FUZZ_EXAMPLES", "120"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, derandomize=os.environ.get("CI") == "true",
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                       HealthCheck.data_too_large])
FROZEN = {"discard_seconds": 3600, "claim_seconds": 3600, "ready_seconds": 3600, "grace_seconds": 3600,
          "bot_delay": 0, "hands": 64}


@pytest.fixture(scope="module")
def fuzzed(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    tmp = tmp_path_factory.mktemp(f"fuzz-{backend}")
    url, schema = database_url(backend, tmp)
    srv = ServerProcess(tmp, url).start()
    try:
        yield srv
        assert "Traceback" not in srv.log_path.read_text(errors="replace"), srv.log_path.read_text()[-3000:]
    finally:
        srv.stop()
        drop_schema(schema)


# --- values --------------------------------------------------------------------------------------------
scalars = st.one_of(st.none(), st.booleans(), st.integers(min_value=-(2**70), max_value=2**70),
                    st.sampled_from([0, 1, 3, 4, 33, 34, 42, -1, 2**31, 2**63, 2**64]),
                    st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=40),
                    st.sampled_from(["anqing", "hefei", "baida", "guobiao", "A", "B", "\x00", "\u3164", "Bot 1",
                                     "all"]))
values = st.recursive(scalars, lambda inner: st.one_of(st.lists(inner, max_size=5),
                                                        st.dictionaries(st.text(max_size=12), inner, max_size=5)),
                      max_leaves=20)
FIELDS = ["name", "ruleset", "options", "hands", "discard_seconds", "claim_seconds", "ready_seconds",
          "grace_seconds", "vote_seconds", "bot_delay", "public", "join", "max_timeouts", "seats", "token",
          "player_id", "everywhere", "mode", "base_silver", "room",
          # friends, invites, settings, tournaments
          "code", "action", "settings", "club_id", "rounds", "capacity", "start_at", "volume", "lang"]
objects = st.dictionaries(st.sampled_from(FIELDS), values, max_size=6)
bodies = st.one_of(objects.map(lambda o: json.dumps(o).encode()), values.map(lambda v: json.dumps(v).encode()),
                   st.binary(max_size=300), st.integers(1, 20000).map(lambda n: b"[" * n),
                   st.just(b'{"ruleset":"anqing","options":{"base_silver":1e400}}'))
segments = st.one_of(st.text(max_size=20), st.sampled_from(["", "0", "-1", "18446744073709551616", "%00",
                                                            "..", "p00", "ZZZZZZ", "all", "T2345678", "block"]))


@st.composite
def requests(draw: Any, codes: list[str], tokens: list[str]) -> tuple[str, str, bytes | None, dict[str, str], str]:
    code = draw(st.one_of(st.sampled_from(codes), segments))
    n = draw(st.one_of(st.integers(-5, 2**70).map(str), segments))
    q = urllib.parse.quote
    path = draw(st.sampled_from([
        "/api/session", "/api/session/renew", "/api/session/logout", "/api/tokens/revoke", "/api/me",
        "/api/rulesets", "/api/rooms", "/api/rooms?limit={x}&offset={y}", "/api/rooms/{c}", "/api/rooms/{c}/join",
        "/api/rooms/{c}/bots", "/api/rooms/{c}/dissolve", "/api/rooms/{c}/hands", "/api/rooms/{c}/hands/{n}",
        "/api/rooms/{c}/hands/{n}/replay", "/api/rooms/{c}/hands/{n}/view?seat={x}&step={y}", "/api/players/{c}",
        "/api/{c}", "/api/health",
        "/api/friends", "/api/friends/code", "/api/friends/requests", "/api/friends/{c}", "/api/invites",
        "/api/invites/{c}/decline", "/api/account/settings", "/api/tournaments", "/api/tournaments/{c}",
        "/api/tournaments/{c}/verify", "/api/tournaments/{c}/register", "/api/tournaments/{c}/unregister",
        "/api/tournaments/{c}/checkin", "/api/tournaments/{c}/start", "/api/tournaments/{c}/cancel"]))
    path = path.format(c=q(code, safe=""), n=q(n, safe=""), x=q(draw(segments), safe=""), y=q(draw(segments), safe=""))
    method = draw(st.sampled_from(["GET", "POST", "POST", "PUT", "DELETE"]))
    body = draw(st.one_of(st.none(), bodies)) if method != "GET" else None
    who = draw(st.sampled_from(["none", "player", "player", "garbage", "operator"]))
    garbage = draw(st.text(st.characters(min_codepoint=33, max_codepoint=126), max_size=30))
    token = {"none": "", "player": tokens[0], "garbage": garbage, "operator": OPERATOR}[who]
    headers = {"authorization": f"Bearer {token}"} if token and token.isascii() else {}
    return method, path, body, headers, code


def _room(http: httpx.Client, code: str) -> Any:
    r = http.get(f"/api/rooms/{code}")
    if r.status_code != 200:
        return r.status_code
    room = r.json()["room"]
    room["countdown"] = room["vote"] = None  # they count down by themselves
    return room


def test_openapi_describes_every_route(fuzzed: ServerProcess) -> None:
    doc = httpx.get(fuzzed.base + "/api/openapi.json", timeout=10).json()
    assert doc["openapi"].startswith("3.")
    described = {(path, method.upper()) for path, ops in doc["paths"].items() for method in ops}
    everything = [*routes, *platform_routes, *club_routes, *friend_routes, *console_routes, *ratings_routes,
                  *tournament_routes, *document_routes]
    served = {(r.path.replace("{n:int}", "{n}"), m) for r in everything if r.path.startswith("/api/")
              and "{rest:path}" not in r.path for m in (r.methods or ()) if m != "HEAD"}
    assert served == described, served ^ described


def test_rest_fuzz(fuzzed: ServerProcess) -> None:
    with httpx.Client(base_url=fuzzed.base, timeout=30) as http:
        pool: dict[str, list[str]] = {"tokens": [], "codes": []}

        def replenish() -> None:
            """A live player token (the fuzzer may log it out) and waiting rooms (it may dissolve them)."""
            if not pool["tokens"] or http.get("/api/me", headers={"authorization": f"Bearer {pool['tokens'][0]}"}
                                              ).status_code != 200:
                pool["tokens"] = [http.post("/api/session", json={"name": "模糊"}).json()["token"]]
                pool["codes"] = []
            live = [c for c in pool["codes"] if isinstance(r := _room(http, c), dict) and r["status"] == "waiting"]
            while len(live) < 2:
                r = http.post("/api/rooms", json={"ruleset": "anqing", **FROZEN},
                              headers={"authorization": f"Bearer {pool['tokens'][0]}"})
                assert r.status_code == 201, r.text
                live.append(r.json()["room"]["code"])
            pool["codes"] = live

        replenish()

        @FUZZ
        @given(data=st.data())
        def check(data: Any) -> None:
            replenish()
            method, path, body, headers, _ = data.draw(requests(pool["codes"], pool["tokens"]))
            before = {c: _room(http, c) for c in pool["codes"]}
            r = http.request(method, path, content=body, headers=headers)
            assert r.status_code < 500, (method, path, body, r.status_code, r.text)
            if r.status_code >= 400 and r.url.path.startswith("/api"):  # ("/api/rooms/.." is "/api/")
                assert "error" in r.json() and "reason" in r.json(), r.text
                assert {c: _room(http, c) for c in pool["codes"]} == before, (method, path, body, r.text)

        check()


# --- websocket messages ----------------------------------------------------------------------------------
TYPES = ["act", "ready", "tuoguan", "add_bots", "leave", "sync", "ping", "auth", "nope", ""]
actions = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["discard", "declare", "expose"]), "tile": scalars}),
    st.fixed_dictionaries({"type": st.sampled_from(["chi", "peng", "kong"]),
                           "tiles": st.lists(scalars, max_size=6)},
                          optional={"kind": st.sampled_from(["exposed", "concealed", "added", "x"])}),
    st.fixed_dictionaries({"type": st.sampled_from(["win", "pass", "wildkong", "zzz"])}),
    values)
messages = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(TYPES)},
                          optional={"seq": scalars, "action": actions, "seat": scalars, "on": scalars,
                                    "seats": values, "agree": st.just(False), "token": scalars, "x": values}
                          ).map(json.dumps),
    st.binary(max_size=5000), st.text(max_size=200), st.integers(1, 4000).map(lambda n: "[" * n),
    st.just("{" * 2000), st.just(json.dumps({"type": "act", "seq": 1, "action": {"type": "discard",
                                                                                     "tile": 2**64}})))


class Seat:
    """One player's websocket (sync client): the last view, and a ping that fences the replies."""

    def __init__(self, ws: ClientConnection, token: str) -> None:
        self.ws = ws
        self.ws.send(json.dumps({"type": "auth", "token": token}))
        self.view: dict[str, Any] | None = None
        self.seq = 0

    def fence(self) -> list[dict[str, Any]]:
        """Send a ping and return every message up to its pong (a ping the rate limit drops is sent again)."""
        self.ws.send('{"type":"ping"}')
        got: list[dict[str, Any]] = []
        while True:
            msg = json.loads(self.ws.recv(timeout=20))
            got.append(msg)
            self.seq = msg["seq"]
            if msg["type"] == "view":
                self.view = msg
            if msg["type"] == "pong":
                return got
            if msg["type"] == "error" and msg["code"] == "rate_limited" and msg.get("ref") == "ping":
                time.sleep(0.3)
                self.ws.send('{"type":"ping"}')

    def frozen(self) -> bool:
        """The table waits for this seat (every clock is an hour): nothing changes unless it acts."""
        v = self.view
        return v is not None and bool(v["view"]["legal"]) and not v["tuoguan"]

    def settle(self) -> None:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            self.fence()
            if self.frozen():
                return
            self.ws.send('{"type":"tuoguan","on":false}')
            self.ws.send('{"type":"ready"}')
            time.sleep(0.2)
        raise AssertionError(f"the table never waited for the fuzzing seat again: {self.view}")


def test_ws_fuzz(fuzzed: ServerProcess) -> None:
    with httpx.Client(base_url=fuzzed.base, timeout=30) as http:
        token = http.post("/api/session", json={"name": "乱码"}).json()["token"]
        code = http.post("/api/rooms", json={"ruleset": "hefei", **FROZEN},
                         headers={"authorization": f"Bearer {token}"}).json()["room"]["code"]
        assert http.post(f"/api/rooms/{code}/bots", json={}, headers={"authorization": f"Bearer {token}"}
                         ).status_code == 200
    with connect(f"{fuzzed.ws_base}/ws/{code}", max_size=2**22) as ws:
        fuzz_seat(Seat(ws, token))


def fuzz_seat(seat: Seat) -> None:
    seat.ws.send('{"type":"ready"}')
    seat.settle()

    @FUZZ
    @given(raw=messages)
    def check(raw: str | bytes) -> None:
        seat.settle()
        before = seat.seq
        time.sleep(0.11)  # stay under the per-connection limit (20 a second) with the fence's pings
        seat.ws.send(raw)
        replies = seat.fence()
        errors = [m for m in replies if m["type"] == "error" and m.get("ref") != "ping"]
        assert not any(m["code"] == "internal" for m in errors), errors
        if errors:
            assert seat.seq == before and not [m for m in replies if m["type"] in ("room", "view")], (raw, replies)

    check()


# --- the lobby socket -------------------------------------------------------------------------------------
lobby_messages = st.one_of(
    st.fixed_dictionaries({"type": st.sampled_from(["ping", "auth", "hello", "invite", "", "nope"])},
                          optional={"token": scalars, "room": scalars, "player_id": scalars, "x": values}
                          ).map(json.dumps),
    values.map(json.dumps), st.binary(max_size=2000), st.text(max_size=400),
    st.integers(1, 4000).map(lambda n: "[" * n))


def test_lobby_ws_fuzz(fuzzed: ServerProcess) -> None:
    """Whatever a signed-in client sends on /lobby/ws is answered (pong for a ping, else an error naming
    it), never closes the socket, never reaches the log as a traceback."""
    token = httpx.post(fuzzed.base + "/api/session", json={"name": "大厅"}, timeout=10).json()["token"]
    with connect(f"{fuzzed.ws_base}/lobby/ws", max_size=2**22) as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        assert json.loads(ws.recv(timeout=20))["type"] == "hello"

        @FUZZ
        @given(raw=lobby_messages)
        def check(raw: str | bytes) -> None:
            time.sleep(0.06)  # under the per-token message limit: a message over it is dropped unanswered
            ws.send(raw)
            reply = json.loads(ws.recv(timeout=20))
            try:
                is_ping = isinstance(raw, str) and len(raw) <= 256 and json.loads(raw)["type"] == "ping"
            except Exception:
                is_ping = False
            if is_ping:
                assert reply["type"] == "pong", (raw, reply)
            else:
                assert reply["type"] == "error" and reply["code"] == "bad_message" and reply["reason"], (raw, reply)

        check()
