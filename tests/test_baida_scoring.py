"""百搭麻将 scoring: every 台 item (1–25) and every [option], each a hand written out in tests/data/baida
and run through ``majiang score`` (the same files are the worked examples of docs/rules/baida.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.rules.baida_scoring import Situation, parse_situation, score, score_multi, wilds_of
from majiang.tiles import parse_tile

DATA = Path(__file__).resolve().parent / "data" / "baida"

# file -> (台 items as {key: 台}, total 台, every payment's amount)
EXPECTED: dict[str, tuple[dict[str, int], int, list[int]]] = {
    "01_pinghu": ({"pinghu": 1}, 1, [2]),
    "02_zimo": ({"zimo": 1}, 1, [1, 1, 1]),
    "03_menqing": ({"menqing": 1}, 1, [2]),
    "04_bianka": ({"bianka": 1, "wubaida": 1}, 2, [4]),
    "05_duidui": ({"duidui": 2, "wubaida": 1}, 3, [6]),
    "06_qidui": ({"zimo": 1, "menqing": 1, "qidui": 2}, 4, [4, 4, 4]),
    "07_gangkai": ({"zimo": 1, "menqing": 1, "gangkai": 1}, 3, [3, 3, 3]),
    "08_haidi": ({"zimo": 1, "haidi": 1}, 2, [2, 2, 2]),
    "09_qianggang": ({"qianggang": 1}, 1, [2]),
    "10_wubaida": ({"wubaida": 1}, 1, [2]),
    "11_sanbaida": ({"sanbaida": 2, "quanfeng": 1}, 3, [6]),  # the three 百搭 read as a 东 pung score 圈风 too
    "12_quanqiuren": ({"bianka": 1, "wubaida": 1, "quanqiuren": 2}, 4, [8]),
    "13_yitiaolong": ({"long": 2}, 2, [4]),
    "14_zhuang": ({"zhuang": 3}, 3, [6]),
    "17_tianhu": ({"tianhu": 8, "zimo": 1, "menqing": 1, "zhuang": 1}, 11, [11, 11, 11]),
    "18_dihu": ({"dihu": 6, "menqing": 1}, 7, [14]),
    "19_qingyise": ({"qingyise": 4}, 4, [8]),
    "20_hunyise": ({"wubaida": 1, "hunyise": 2, "jian": 1}, 4, [8]),
    "21_ziyise": ({"duidui": 2, "ziyise": 8, "jian": 1, "weifeng": 1, "quanfeng": 1}, 13, [26]),
    "22_hua": ({"hua": 2}, 2, [4]),  # 夏 and 兰, 1 each (春 is not seat 1's)
    "22_hua_set": ({"hua_set": 2, "hua": 1}, 3, [6]),
    "22_hua_all": ({"hua_all": 8}, 8, [16]),
    "23_jian": ({"wubaida": 1, "jian": 2}, 3, [6]),
    "24_weifeng": ({"weifeng": 1}, 1, [2]),
    "25_quanfeng": ({"quanfeng": 1}, 1, [2]),
    "25_quanfeng_double": ({"weifeng": 1, "quanfeng": 1}, 2, [4]),
    "flower_baida": ({"sanbaida": 2, "hua": 1, "quanfeng": 1}, 4, [8]),
    "discarded_baida": ({"wubaida": 1}, 1, [2]),
    "plain_indicator": ({"wubaida": 1}, 1, [2]),  # the indicator's own 9p is itself, not a 百搭
    "option_seven_baida": ({"sanbaida": 2, "quanfeng": 1}, 3, [6]),
    "option_dealer_streak_off": ({"zhuang": 1}, 1, [2]),
    "option_doubling": ({"tianhu": 8, "zimo": 1, "menqing": 1, "zhuang": 1}, 11, [32, 32, 32]),
    "option_cap": ({"duidui": 2, "ziyise": 8, "jian": 1, "weifeng": 1, "quanfeng": 1}, 13, [8]),
}


def _summed(items: list[dict[str, object]]) -> dict[str, int]:
    out: dict[str, int] = {}
    for i in items:
        out[str(i["key"])] = out.get(str(i["key"]), 0) + int(i["value"])  # type: ignore[call-overload]
    return out


def test_every_example_file_is_expected_and_every_item_has_one() -> None:
    files = {p.stem for p in DATA.glob("*.json") if not p.stem.startswith("bad_input")}
    assert files == set(EXPECTED) | {"option_min_tai"}
    keys = {k for items, _, _ in EXPECTED.values() for k in items}
    assert keys >= {"pinghu", "zimo", "menqing", "bianka", "duidui", "qidui", "gangkai", "haidi", "qianggang",
                    "wubaida", "sanbaida", "quanqiuren", "long", "zhuang", "tianhu", "dihu", "qingyise",
                    "hunyise", "ziyise", "hua", "hua_set", "hua_all", "jian", "weifeng", "quanfeng"}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_item_through_majiang_score(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DATA / f"{name}.json")]) == 0
    out = json.loads(capsys.readouterr().out)
    items, tai, amounts = EXPECTED[name]
    assert out["valid"] and _summed(out["items"]) == items
    assert sum(i["value"] for i in out["items"]) == out["extra"]["tai"] == tai
    assert [p["amount"] for p in out["payments"]] == amounts
    assert sum(out["totals"]) == 0


def test_min_tai_option_refuses_a_bare_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DATA / "option_min_tai.json")]) == 1
    out = json.loads(capsys.readouterr().out)
    assert not out["valid"] and "起胡" in out["reason"]
    data = json.loads((DATA / "option_min_tai.json").read_text(encoding="utf-8"))
    data["options"]["min_tai"] = 1  # the same hand with the default: a 平胡 win
    assert score(parse_situation(data)).valid


def test_bad_input_names_the_fault(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(DATA / "bad_input_flower_in_hand.json")]) == 2
    assert "f1 is not a 百搭" in capsys.readouterr().err


def _base(**kw: object) -> dict[str, object]:
    return json.loads((DATA / "01_pinghu.json").read_text(encoding="utf-8")) | kw


@pytest.mark.parametrize("change, fault", [
    ({"from_seat": 1}, "from_seat"),
    ({"concealed": "567p345s78s9p8m"}, "concealed: 10 tiles"),
    ({"winning_tile": "1z"}, "not in the concealed hand"),
    ({"flowers": "f2f2"}, "second copy of a flower"),
    ({"melds": [{"type": "chi", "tiles": "246m", "from_seat": 0}]}, "three tiles in a row"),
    ({"indicator": "f1", "flowers": "f2"}, "百搭 is kept in the hand"),
    ({"winning_tile": "5s", "how": "discard", "replacement": True}, "杠开"),
    ({"dealer_first_discard": True, "from_seat": 2}, "地胡"),
    # the indicator 9p makes 9p 百搭: never used to peng or kong
    ({"melds": [{"type": "peng", "tiles": "999p", "from_seat": 2}]}, r"peng 999p: 9p is a 百搭 this hand"),
    ({"melds": [{"type": "minggang", "tiles": "9999p", "from_seat": 2}]}, r"minggang 9999p: 9p is a 百搭"),
    ({"melds": [{"type": "jiagang", "tiles": "9999p", "from_seat": 3}]}, r"jiagang 9999p: 9p is a 百搭"),
    ({"melds": [{"type": "angang", "tiles": "9999p"}]}, r"angang 9999p: 9p is a 百搭"),
    ({"options": {"seven_baida": True}, "melds": [{"type": "peng", "tiles": "111p", "from_seat": 3}]},
     r"peng 111p: 1p is a 百搭"),  # seven 百搭: the kind after 9p too
    # winner 1's 上家 is seat 0: a chi from seat 2 or 3 cannot have been made
    ({"melds": [{"type": "chi", "tiles": "234m", "from_seat": 2}]}, r"chi 234m from seat 2: .*上家 only \(seat 0"),
    ({"melds": [{"type": "chi", "tiles": "234m", "from_seat": 3}]}, r"chi 234m from seat 3"),
])
def test_impossible_situations_are_refused(change: dict[str, object], fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        parse_situation(_base(**change))


def test_options_off_and_on_change_only_their_item() -> None:
    plain = score(parse_situation(_base()))
    seven = score(parse_situation(_base(options={"seven_baida": True})))  # 9p and 1p 百搭; one held
    assert plain.extra["tai"] == seven.extra["tai"] == 1
    linear = score(parse_situation(_base(options={"di": 3})))
    assert [p.amount for p in linear.payments] == [2 * 3 * 1]
    ziyise = json.loads((DATA / "21_ziyise.json").read_text(encoding="utf-8"))
    doubled = score(parse_situation(ziyise | {"options": {"doubling": True}}))
    assert [p.amount for p in doubled.payments] == [2 * 2 ** (5 - 1)]  # 13 台, 封顶 5 by default
    uncapped = score(parse_situation(ziyise | {"options": {"cap": 20}}))
    assert [p.amount for p in uncapped.payments] == [26]


def test_wilds_of_each_kind_of_indicator() -> None:
    t = parse_tile
    assert wilds_of(t("9p")) == {t("9p")}
    assert wilds_of(t("9p"), seven=True) == {t("9p"), t("1p")}
    assert wilds_of(t("4z"), seven=True) == {t("4z"), t("1z")}  # 北 → 东
    assert wilds_of(t("7z"), seven=True) == {t("7z"), t("5z")}  # 白 → 中
    assert wilds_of(t("f1")) == {t("f2"), t("f3"), t("f4")}
    assert wilds_of(t("f8"), seven=True) == {t("f5"), t("f6"), t("f7")}


def test_several_winners_are_paid_separately_by_the_discarder() -> None:
    a = parse_situation(_base())
    b = parse_situation(json.loads((DATA / "05_duidui.json").read_text()) | {"winner": 2})
    s = score_multi([a, b])
    assert s.valid and s.winners == [1, 2]
    assert [(p.payer, p.payee, p.amount) for p in s.payments] == [(0, 1, 2), (0, 2, 6)]
    assert s.totals == [-8, 2, 6, 0]
    with pytest.raises(ValueError, match="wins twice"):
        score_multi([a, a])


def test_situation_type_round_trips() -> None:
    s = parse_situation(_base())
    assert isinstance(s, Situation) and s.round_wind == "E"


def test_majiang_score_names_an_impossible_meld(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "peng-of-baida.json"
    bad.write_text(json.dumps(_base(melds=[{"type": "peng", "tiles": "999p", "from_seat": 2}])), encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == ("error: bad situation: melds: peng 999p: 9p is a 百搭 this hand, and a 百搭 never helps to "
                   "peng or kong")
