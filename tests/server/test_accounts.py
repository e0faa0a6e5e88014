"""Accounts (majiang/platform/accounts.py): a guest becomes an account on the same id, signs in on a
second device and finds its history and open seat; refresh tokens rotate; signing out everywhere;
the same answer for an unknown name and a wrong password; the sign-in flood limit; profiles."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx

from tests.server.harness import TEST_LIMITS, Client, ServerProcess, auth, create_room, session


def _user() -> str:
    return "u" + secrets.token_hex(5)


async def register(http: httpx.AsyncClient, username: str, password: str = "correct horse", token: str | None = None,
                   **extra: Any) -> dict[str, Any]:
    r = await http.post("/api/account/register", json={"username": username, "password": password, **extra},
                        headers=auth(token) if token else None)
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


async def login(http: httpx.AsyncClient, username: str, password: str = "correct horse") -> httpx.Response:
    return await http.post("/api/account/login", json={"username": username, "password": password})


async def test_a_guest_upgrades_and_a_second_device_finds_its_history_and_seat(
        http: httpx.AsyncClient, server: ServerProcess) -> None:
    guest = await session(http, "Guest" + secrets.token_hex(3))
    # the guest plays a whole one-hand match with three bots
    code = (await create_room(http, guest["token"], hands=1))["room"]["code"]
    c = await Client(server.ws_base, code, guest["token"]).connect()
    c.autoplay = True
    await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(guest["token"]))
    await c.wait(lambda cl: cl.room["status"] == "finished", timeout=60)
    await c.close()
    # ... and holds a seat in an open room
    open_code = (await create_room(http, guest["token"], hands=1))["room"]["code"]

    name = _user()
    acct = await register(http, name, token=guest["token"])
    assert acct["player_id"] == guest["player_id"] and acct["name"] == guest["name"]  # same id, same name
    assert acct["refresh"] and acct["expires"] < guest["expires"]  # the account's access token is the short one

    # a second device: signs in with the name in another case
    r = await login(http, name.upper())
    assert r.status_code == 200, r.text
    second = r.json()
    assert second["player_id"] == guest["player_id"]
    me = (await http.get("/api/account", headers=auth(second["token"]))).json()
    assert me["account"] and me["username"] == name
    anqing = next(s for s in me["stats"] if s["ruleset"] == "anqing")
    assert anqing["hands"] == 1
    rec = (await http.get(f"/api/players/{guest['player_id']}", headers=auth(second["token"]))).json()
    assert code in {room["code"] for room in rec["rooms"]}
    # the open seat is this account's from the other device too
    c2 = await Client(server.ws_base, open_code, second["token"]).connect()
    await c2.wait(lambda cl: cl.seat is not None)
    assert c2.seat == 0
    await c2.close()
    # the password is never handed back
    for answer in (acct, second, me):
        assert "correct horse" not in str(answer) and "argon2" not in str(answer)
    # upgrading twice is refused
    again = await http.post("/api/account/register", json={"username": _user(), "password": "another one"},
                            headers=auth(second["token"]))
    assert again.status_code == 409 and again.json()["error"] == "already_account"


async def test_unknown_name_and_wrong_password_get_the_same_answer(http: httpx.AsyncClient) -> None:
    name = _user()
    await register(http, name)
    wrong = await login(http, name, "not the password")
    unknown = await login(http, _user(), "not the password")
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "bad_login", "reason": "wrong name or password"}


async def test_refresh_tokens_rotate_and_sign_out_everywhere(http: httpx.AsyncClient) -> None:
    name = _user()
    first = await register(http, name)
    second = (await login(http, name)).json()
    r = await http.post("/api/account/refresh", json={"refresh": first["refresh"]})
    assert r.status_code == 200, r.text
    renewed = r.json()
    assert renewed["player_id"] == first["player_id"] and renewed["refresh"] != first["refresh"]
    used = await http.post("/api/account/refresh", json={"refresh": first["refresh"]})  # used up
    assert used.status_code == 401 and used.json()["error"] == "bad_refresh"
    # signing out here drops this device's tokens only
    out = await http.post("/api/account/logout", json={"refresh": renewed["refresh"]}, headers=auth(renewed["token"]))
    assert out.status_code == 200
    assert (await http.get("/api/account", headers=auth(renewed["token"]))).status_code == 401
    assert (await http.post("/api/account/refresh", json={"refresh": renewed["refresh"]})).status_code == 401
    assert (await http.get("/api/account", headers=auth(second["token"]))).status_code == 200
    # everywhere: the other device's access and refresh tokens are gone as well
    third = (await login(http, name)).json()
    out = await http.post("/api/account/logout", json={"everywhere": True}, headers=auth(third["token"]))
    assert out.status_code == 200
    for t in (second, third):
        assert (await http.get("/api/account", headers=auth(t["token"]))).status_code == 401
        assert (await http.post("/api/account/refresh", json={"refresh": t["refresh"]})).status_code == 401
    assert (await login(http, name)).status_code == 200  # the password still signs in


async def test_profile_names_are_unique_kept_in_history_and_avatars_built_in(http: httpx.AsyncClient) -> None:
    a = await register(http, _user(), name="Name" + secrets.token_hex(3))
    b = await register(http, _user())
    taken = a["name"].upper().replace("NAME", "n a m e ")  # the same name folded
    r = await http.post("/api/account/profile", json={"name": taken}, headers=auth(b["token"]))
    assert r.status_code == 409 and r.json()["error"] == "name_taken"
    clash = await http.post("/api/account/register", json={"username": _user(), "password": "long enough",
                                                          "name": a["name"]})
    assert clash.status_code == 409 and clash.json()["error"] == "name_taken"
    new_name = "Renamed" + secrets.token_hex(3)
    r = await http.post("/api/account/profile", json={"name": new_name, "avatar": 7}, headers=auth(a["token"]))
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["profile"]["name"] == new_name and out["profile"]["avatar"] == 7
    assert [h["name"] for h in out["profile"]["names"]] == [new_name, a["name"]]
    me = (await http.get("/api/me", headers=auth(out["token"]))).json()
    assert me["name"] == new_name  # the fresh token carries the new name
    # the old name is free again; the public profile has no username
    public = (await http.get(f"/api/profiles/{a['player_id']}")).json()
    assert public["name"] == new_name and "username" not in public
    for bad in ({"avatar": 12}, {"avatar": -1}, {"avatar": True}, {"name": ""}, {"name": "x" * 100}):
        r = await http.post("/api/account/profile", json=bad, headers=auth(a["token"]))
        assert r.status_code == 400, (bad, r.text)
    after = (await http.get(f"/api/profiles/{a['player_id']}")).json()
    assert after["name"] == new_name and after["avatar"] == 7  # nothing changed


async def test_bad_sign_up_input_is_refused_and_creates_nothing(http: httpx.AsyncClient) -> None:
    cases: list[tuple[dict[str, Any], str]] = [
        ({"username": "ab", "password": "long enough"}, "username"),
        ({"username": "has space", "password": "long enough"}, "username"),
        ({"username": "x" * 21, "password": "long enough"}, "username"),
        ({"username": _user(), "password": "short"}, "password"),
        ({"username": _user(), "password": "p" * 129}, "password"),
        ({"username": _user(), "password": 12345678}, "password"),
        ({"username": _user(), "password": "long enough", "name": "Bot 2"}, "name"),
        ({"username": _user(), "password": "long enough", "name": "a\u200bb"}, "name"),
    ]
    for data, word in cases:
        r = await http.post("/api/account/register", json=data)
        assert r.status_code == 400 and word in r.json()["reason"], (data, r.text)
        if isinstance(data["username"], str) and isinstance(data["password"], str):
            assert (await login(http, data["username"], data["password"])).status_code in (400, 401)
    r = await http.post("/api/account/register", content=b"not json", headers={"content-type": "application/json"})
    assert r.status_code == 400
    taken = _user()
    await register(http, taken)
    r = await http.post("/api/account/register", json={"username": taken.upper(), "password": "long enough"})
    assert r.status_code == 409 and r.json()["error"] == "username_taken"
    for refresh in ("", "x" * 500, 5, "y" * 43):
        r = await http.post("/api/account/refresh", json={"refresh": refresh})
        assert r.status_code in (400, 401), r.text


async def test_a_password_flood_is_limited_per_account_and_per_address(tmp_path: Path) -> None:
    limits = TEST_LIMITS + ",login_rate_account=0.001,login_burst_account=3,login_rate_ip=0.001,login_burst_ip=8"
    srv = ServerProcess(tmp_path / "data", limits=limits, log_path=tmp_path / "server.log").start()
    try:
        async with httpx.AsyncClient(base_url=srv.base, timeout=30) as http:
            name = _user()
            await register(http, name, "the real password")
            answers = [(await login(http, name, f"guess {i}")).status_code for i in range(3)]
            assert answers == [401, 401, 401]
            flood = await login(http, name, "the real password")  # even the right one waits now
            assert flood.status_code == 429 and flood.json()["error"] == "rate_limited"
            assert flood.headers["retry-after"]
            # an unknown name is limited the same way (the limit tells nothing about who exists)
            ghost = _user()
            assert [(await login(http, ghost, "x")).status_code for _ in range(4)] == [401, 401, 401, 429]
            # the address's own limit: 8 attempts in all, whatever the names
            other = [(await login(http, _user(), "x")).status_code for _ in range(2)]
            assert other == [429, 429]
        log = (tmp_path / "server.log").read_text()
        assert "the real password" not in log and "guess 1" not in log
    finally:
        srv.stop()


async def test_an_accounts_settings_follow_it_to_a_second_device_and_a_guest_keeps_its_own(
        http: httpx.AsyncClient) -> None:
    name = _user()
    first = await register(http, name)
    url = "/api/account/settings"
    r = await http.get(url, headers=auth(first["token"]))
    assert r.status_code == 200 and r.json() == {"settings": None}, r.text  # nothing stored yet
    r = await http.post(url, json={"settings": {"volume": 0.3, "voice": False, "felt": "blue", "lang": "en"}},
                        headers=auth(first["token"]))
    assert r.status_code == 200, r.text
    r = await http.post(url, json={"settings": {"motion": False, "tileSize": 1.1}}, headers=auth(first["token"]))
    assert r.json()["settings"] == {"volume": 0.3, "voice": False, "felt": "blue", "lang": "en", "motion": False,
                                    "tileSize": 1.1}  # a patch over what was stored
    # the second device signs in and gets them
    second = (await login(http, name)).json()
    got = (await http.get(url, headers=auth(second["token"]))).json()["settings"]
    assert got["felt"] == "blue" and got["motion"] is False and got["lang"] == "en"
    # bad input: a clear error naming what was wrong, nothing stored
    for bad, word in (({"volume": 2}, "volume"), ({"felt": "pink"}, "felt"), ({"colour": 1}, "colour"),
                      ({"voice": "yes"}, "voice"), ({}, "settings"), (None, "settings")):
        r = await http.post(url, json={"settings": bad}, headers=auth(second["token"]))
        assert r.status_code == 400 and word in r.json()["reason"], (bad, r.text)
    assert (await http.get(url, headers=auth(second["token"]))).json()["settings"] == got
    # a guest keeps its settings in its browser: the server says so; without a token, 401
    guest = await session(http, "Guest" + secrets.token_hex(3))
    r = await http.post(url, json={"settings": {"volume": 0.5}}, headers=auth(guest["token"]))
    assert r.status_code == 403 and r.json()["error"] == "guest", r.text
    assert (await http.get(url)).status_code == 401
