"""``majiang bot connect`` against a real server: a bot and a bot-protocol program each take a seat
through REST + the websocket and play a whole match; the server's record shows them playing."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.server.harness import FAST, OPERATOR, ServerProcess, auth

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    srv = ServerProcess(tmp_path_factory.mktemp("bot-connect")).start()
    try:
        yield srv
    finally:
        srv.stop()


def connect(server: ServerProcess, code: str, name: str, bot: str, *more: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "majiang", "bot", "connect", "--server", server.base, "--room", code,
         "--name", name, "--bot", bot, "--timeout", "60", *more],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


@pytest.mark.parametrize("ruleset", ["anqing", "hefei"])
def test_bot_connect_plays_a_match_at_a_real_table(server: ServerProcess, ruleset: str) -> None:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        host = http.post("/api/session", json={"name": "host"}).json()
        spec = {"ruleset": ruleset, "hands": 2, **FAST, "join": False, "public": False}
        code = http.post("/api/rooms", json=spec, headers=auth(host["token"])).json()["room"]["code"]
        program = f'cmd:"{sys.executable}" examples/bot.py'
        procs = [connect(server, code, "阿强", "greedy"), connect(server, code, "程序", program)]
        # the other two seats: the server's own bots (ready at once)
        r = None
        for _ in range(600):  # both clients seated (a loaded machine starts Python slowly)
            room = http.get(f"/api/rooms/{code}").json()["room"]
            if sum(s["occupied"] for s in room["seats"]) == 2:
                r = http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(OPERATOR))
                break
            time.sleep(0.1)
        assert r is not None and r.status_code == 200, r and r.text
        outs = [p.communicate(timeout=120) for p in procs]
        for p, (out, err) in zip(procs, outs, strict=True):
            assert p.returncode == 0, (out, err)
            assert "match over after 2 hands" in out
            assert "bot program error" not in err
        hands = http.get(f"/api/rooms/{code}/hands").json()
        assert len(hands["hands"]) == 2
        names = {s["name"] for s in http.get(f"/api/rooms/{code}").json()["room"]["seats"]}
        assert {"阿强", "程序"} <= names
        assert sum(hands["totals"]) == 0


def test_bot_connect_names_a_missing_room(server: ServerProcess) -> None:
    p = connect(server, "NOSUCH", "x", "greedy")
    _, err = p.communicate(timeout=60)
    assert p.returncode == 1
    assert "could not join room NOSUCH: 404" in err


def test_bot_connect_names_an_unreachable_server() -> None:
    r = subprocess.run([sys.executable, "-m", "majiang", "bot", "connect", "--server", "http://127.0.0.1:9",
                        "--room", "X"], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert r.returncode == 1
    assert "error: cannot reach http://127.0.0.1:9" in r.stderr and "Traceback" not in r.stderr


def test_bot_connect_comes_back_after_the_server_is_killed(tmp_path: Path) -> None:
    """kill -9 mid-match, then the server restarts on the same address (it rebuilds the table from
    its log): the bot reconnects to its seat and plays the match to the end."""
    srv = ServerProcess(tmp_path / "data").start()
    try:
        with httpx.Client(base_url=srv.base, timeout=20) as http:
            host = http.post("/api/session", json={"name": "host"}).json()
            spec = {"ruleset": "hefei", "hands": 4, **FAST, "bot_delay": 0.05, "join": False, "public": False}
            code = http.post("/api/rooms", json=spec, headers=auth(host["token"])).json()["room"]["code"]
            proc = connect(srv, code, "回来", "greedy", "--reconnect-for", "60")
            for _ in range(600):
                if http.get(f"/api/rooms/{code}").json()["room"]["seats"][0]["occupied"]:
                    break
                time.sleep(0.1)
            assert http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(OPERATOR)).status_code == 200
            for _ in range(600):  # mid-match: the first hand has been played
                if http.get(f"/api/rooms/{code}/hands").json()["hands"]:
                    break
                time.sleep(0.05)
        srv.port = int(srv.base.rsplit(":", 1)[1])
        srv.kill()
        time.sleep(1.0)  # the bot finds the server gone and backs off
        srv.start()
        try:
            out, err = proc.communicate(timeout=180)
        finally:
            proc.kill()  # (no-op once it has exited; a bot still running after a failure must not outlive the test)
        assert proc.returncode == 0, (out, err)
        assert "match over after 4 hands" in out
        assert "reconnecting in" in err and "reconnected" in err, err
        with httpx.Client(base_url=srv.base, timeout=20) as http:
            hands = http.get(f"/api/rooms/{code}/hands").json()
            assert len(hands["hands"]) == 4 and sum(hands["totals"]) == 0
            seat = http.get(f"/api/rooms/{code}").json()["room"]["seats"][0]
            assert seat["name"] == "回来" and not seat["bot"]
    finally:
        srv.stop()


def test_a_final_close_ends_the_bot_with_its_reason() -> None:
    from majiang.commands.bot import close_reason

    assert close_reason(4000) == "another connection took this seat"
    assert close_reason(4004) is None and close_reason(4004, 3) == "the room is gone"  # (a takeover's moment)
    for code in (1006, 1008, 1011, 1012, 1013, 4029, None):  # a drop, a restart, a takeover, too fast: reconnect
        assert close_reason(code) is None


def test_a_cmd_bot_that_cannot_start_fails_before_taking_a_seat(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        host = http.post("/api/session", json={"name": "host"}).json()
        spec = {"ruleset": "anqing", "hands": 1, **FAST, "join": False, "public": False}
        code = http.post("/api/rooms", json=spec, headers=auth(host["token"])).json()["room"]["code"]
        p = connect(server, code, "ghost", "cmd:no-such-bot-program --x")
        _, err = p.communicate(timeout=60)
        assert p.returncode == 2
        assert err.strip() == ("error: cannot start the bot program 'no-such-bot-program': not found "
                               "(check the cmd: line)")
        room = http.get(f"/api/rooms/{code}").json()["room"]
        assert not any(s["occupied"] for s in room["seats"])  # no seat was taken for it


@pytest.mark.parametrize("fallback", [False, True])
def test_a_crashing_cmd_bot_ends_the_run_unless_greedy_may_play_on(server: ServerProcess, fallback: bool) -> None:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        host = http.post("/api/session", json={"name": "host"}).json()
        spec = {"ruleset": "anqing", "hands": 1, **FAST, "join": False, "public": False}
        code = http.post("/api/rooms", json=spec, headers=auth(host["token"])).json()["room"]["code"]
        crash = f'cmd:"{sys.executable}" -c "import sys; sys.exit(3)"'
        p = connect(server, code, "crash", crash, *(["--fallback-greedy"] if fallback else []))
        for _ in range(600):  # seated (a loaded machine starts Python slowly)
            room = http.get(f"/api/rooms/{code}").json()["room"]
            if any(s["occupied"] for s in room["seats"]):
                break
            time.sleep(0.1)
        assert http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(OPERATOR)).status_code == 200
        out, err = p.communicate(timeout=120)
        if fallback:
            assert p.returncode == 0, (out, err)
            assert "match over after 1 hands" in out
            assert "bot program error (greedy plays the rest of the hand)" in err
        else:
            assert p.returncode == 1, (out, err)
            assert "error: the bot program failed: hand 1:" in err
            assert "Traceback" not in err
