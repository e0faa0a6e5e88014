"""``GET /api/rulesets`` carries ``option_info`` for each ruleset, in lobby order."""

from __future__ import annotations

import httpx

from majiang.rules.option_info import option_info
from tests.server.harness import ServerProcess


async def test_rulesets_carry_option_info(server: ServerProcess, http: httpx.AsyncClient) -> None:
    r = await http.get("/api/rulesets")
    assert r.status_code == 200
    by_name = {rs["name"]: rs for rs in r.json()["rulesets"]}
    for name, rs in by_name.items():
        assert rs["option_info"] == option_info(name)
        assert {i["key"] for i in rs["option_info"]} == set(rs["options"])
