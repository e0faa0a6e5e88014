"""The operator role on accounts (docs/server.md, "The operator's console"): granted and taken away with
the operator token; an account holding it reaches the console with its own token (from its next
sign-in), its actions are logged under its name; without it, or once it is taken away, 403."""

from __future__ import annotations

import secrets

import httpx

from tests.server.harness import OPERATOR, auth
from tests.server.test_accounts import login, register

OP = {"x-operator-token": OPERATOR}


async def test_an_account_with_the_operator_role_reaches_the_console(http: httpx.AsyncClient) -> None:
    name = "op" + secrets.token_hex(4)
    admin = await register(http, name, name="网管" + secrets.token_hex(2))
    other = await register(http, "x" + secrets.token_hex(4), name="Other" + secrets.token_hex(2))
    assert (await http.get("/api/admin/overview", headers=auth(admin["token"]))).status_code == 403
    for bad, status in (({"username": name, "operator": "yes", "reason": "r"}, 400),
                        ({"username": name, "operator": True}, 400),
                        ({"username": "nobody" + secrets.token_hex(3), "operator": True, "reason": "r"}, 404)):
        r = await http.post("/api/admin/operators", json=bad, headers=OP)
        assert r.status_code == status, (bad, r.text)
    r = await http.post("/api/admin/operators", json={"username": name.upper(), "operator": True,
                                                      "reason": "night shift"}, headers=OP)
    assert r.status_code == 200 and r.json() == {"player_id": admin["player_id"], "operator": True}, r.text
    signed = await login(http, name)
    assert signed.status_code == 200, signed.text
    token = signed.json()["token"]
    assert (await http.get("/api/admin/overview", headers=auth(token))).status_code == 200
    r = await http.post("/api/admin/revoke", json={"player_id": other["player_id"], "reason": "spam"},
                        headers=auth(token))
    assert r.status_code == 200, r.text
    log = (await http.get("/api/admin/actions", headers=OP)).json()
    rows = log["actions"] if isinstance(log, dict) else log
    mine = next(a for a in rows if a["action"] == "revoke" and a["target"] == other["player_id"])
    assert admin["player_id"] in mine["who"]
    # a role does not hand itself on
    r = await http.post("/api/admin/operators", json={"username": "x", "operator": True, "reason": "r"},
                        headers=auth(token))
    assert r.status_code == 403
    # taken away: the tokens it holds stop working at once
    r = await http.post("/api/admin/operators", json={"username": name, "operator": False, "reason": "left"},
                        headers=OP)
    assert r.status_code == 200, r.text
    assert (await http.get("/api/admin/overview", headers=auth(token))).status_code == 403
    again = (await login(http, name)).json()["token"]
    assert (await http.get("/api/admin/overview", headers=auth(again))).status_code == 403
