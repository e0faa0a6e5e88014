"""``GET /api/rulesets`` says everything the browser shows of each ruleset, from its registry entry:
``option_info`` in lobby order, the defaults, the modes and each rules page's scoring table."""

from __future__ import annotations

import httpx
import msgspec

from majiang.rules.option_info import option_info
from majiang.rules.registry import ENTRIES
from tests.server.harness import ServerProcess


async def test_rulesets_carry_option_info(server: ServerProcess, http: httpx.AsyncClient) -> None:
    r = await http.get("/api/rulesets")
    assert r.status_code == 200
    by_name = {rs["name"]: rs for rs in r.json()["rulesets"]}
    assert set(by_name) == set(ENTRIES)
    for name, rs in by_name.items():
        assert rs["option_info"] == option_info(name)
        assert {i["key"] for i in rs["option_info"]} == set(rs["options"])


async def test_rulesets_carry_each_pages_scoring_table(server: ServerProcess, http: httpx.AsyncClient) -> None:
    r = await http.get("/api/rulesets")
    by_name = {rs["name"]: rs for rs in r.json()["rulesets"]}
    assert by_name["anqing"]["modes"] == ["A", "B"] and by_name["hefei"]["mode_option"] == "room"
    assert by_name["baida"]["modes"] == [] and list(by_name["baida"]["rules_table"]) == ["default"]
    for name, rs in by_name.items():
        scoring = ENTRIES[name].scoring
        for page, rows in rs["rules_table"].items():
            assert rows == msgspec.to_builtins(scoring.rules_table(None if page == "default" else page))
            assert rows and all(set(row) == {"name", "value", "when"} and row["name"]["zh"] for row in rows)
    # mode B adds its suit items, with the option defaults as their values
    a, b = by_name["anqing"]["rules_table"]["A"], by_name["anqing"]["rules_table"]["B"]
    assert b[: len(a)] == a and b[-1]["value"]["zh"] == "10 / 5 / 20"


async def test_guobiao_is_listed_with_its_options_and_the_fan_table(server: ServerProcess,
                                                                    http: httpx.AsyncClient) -> None:
    r = await http.get("/api/rulesets")
    gb = next(rs for rs in r.json()["rulesets"] if rs["name"] == "guobiao")
    assert gb["title"] == "国标麻将" and gb["modes"] == [] and gb["options"] == {"base": 8, "min_fan": 8, "rounds": 4}
    labels = {i["key"]: i["label"] for i in gb["option_info"]}
    assert labels["min_fan"] == {"zh": "起和番数", "en": "Minimum fans"} and labels["base"]["zh"] == "底分"
    rows = gb["rules_table"]["default"]
    names = {row["name"]["zh"]: row for row in rows}
    # the payment rows, then all 81 fans by value and 明暗杠 (scored as PyMahjongGB scores it), each explained
    assert len(rows) == 3 + 82 and names["十三幺"]["value"]["zh"] == "88"
    assert names["明暗杠"]["value"]["zh"] == "5" and all(row["when"]["zh"] and row["when"]["en"] for row in rows)
    values = [int(row["value"]["zh"]) for row in rows[3:]]
    assert values == sorted(values, reverse=True)
    assert names["花牌"]["name"]["en"] == "Flower Tiles"
