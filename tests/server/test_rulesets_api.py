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
    # the payment rows print the figures the payment code uses (8 + 4k with the dealer, 4 between others)
    assert a[0]["name"]["zh"] == "底" and a[0]["value"]["zh"] == "8 + 4×连庄数 / 4"


async def test_each_page_has_a_worked_example_scored_by_its_ruleset(server: ServerProcess,
                                                                    http: httpx.AsyncClient) -> None:
    # The rules page prints the example's items and payments from here: they are what the ruleset's own
    # scoring makes of the example's situation, a winning one, on every page.
    by_name = {rs["name"]: rs for rs in (await http.get("/api/rulesets")).json()["rulesets"]}
    for name, rs in by_name.items():
        scoring = ENTRIES[name].scoring
        assert set(rs["examples"]) == set(rs["rules_table"]), name
        for page, ex in rs["examples"].items():
            settlement = scoring.score(scoring.parse_situation(ex["situation"]))
            as_sent = msgspec.json.decode(msgspec.json.encode(settlement))  # (JSON: seat keys become strings)
            assert settlement.valid and ex["settlement"] == as_sent, (name, page)
            assert sum(ex["settlement"]["totals"]) == 0 and ex["hand"]["zh"] and ex["story"]["en"], (name, page)
    # the figures the pages used to state by hand, now computed: Anqing A +34, Hefei 报听 +41, 国标 +47
    totals = {(n, p): max(ex["settlement"]["totals"]) for n, rs in by_name.items() for p, ex in rs["examples"].items()}
    assert totals == {("anqing", "A"): 34, ("anqing", "B"): 52, ("hefei", "baoting"): 41,
                      ("hefei", "bubaoting"): 16, ("baida", "default"): 8, ("guobiao", "default"): 47}


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
