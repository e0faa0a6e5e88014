"""Anqing situations: bad input is refused with the fault named; `majiang score` exit codes 0 / 1 / 2."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from majiang.cli import main
from majiang.rules.anqing_scoring import parse_situation, zhijiao_possible
from majiang.tiles import parse_tile, parse_tiles
from tests.test_anqing_scoring_helpers import BASE, DATA

MAJIANG = Path(sys.executable).parent / "majiang"
GOOD: dict[str, Any] = BASE | {"concealed": "234m567m345p678s99s", "winning_tile": "9s"}


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        ({"ruleset": "hefei"}, "ruleset"),
        ({"indicator": "9x"}, "indicator"),
        ({"indicator": "f1"}, "flowers"),
        ({"winner": 4}, "winner"),
        ({"dealer": -1}, "dealer"),
        ({"concealed": "234m567m345p678s9s"}, "concealed"),
        ({"winning_tile": "1m"}, "winning_tile"),
        ({"base_silver": 0}, "base_silver"),
        ({"streak": -1}, "streak"),
        ({"options": {"mode": "C"}}, "mode"),
        ({"options": {"bogus": 1}}, "bogus"),
        ({"surprise": True}, "surprise"),
        ({"gangpai": "5z"}, "gangpai"),
        ({"concealed": "22222m567m345p678s"}, "copy number 5"),
        ({"win_by": "replacement"}, "kongs_before"),
        ({"kongs_before": 1}, "kongs_before"),
        ({"first_draw": True, "winner": 0}, "first_draw"),
        ({"opening_hand": True}, "opening_hand"),
        ({"kou": [{"from": 1, "to": 1, "count": 3}]}, "same seat"),
        ({"kou": [{"from": 2, "to": 3, "count": 5}]}, "count"),
        ({"kou": [{"from": 2, "to": 1, "count": 3}]}, "winner's melds"),
    ],
)
def test_bad_situation_names_the_fault(change: dict[str, Any], fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        parse_situation(GOOD | change)


MELD_FAULTS = [
    ({"type": "chi", "tiles": "345p", "from_seat": 2}, "上家"),
    ({"type": "chi", "tiles": "357p", "from_seat": 0}, "consecutive"),
    ({"type": "peng", "tiles": "356p", "from_seat": 2}, "identical"),
    ({"type": "peng", "tiles": "1s1s1s", "from_seat": 2}, "wild"),
    ({"type": "peng", "tiles": "666z", "from_seat": 2}, "杠牌"),
    ({"type": "peng", "tiles": "555p"}, "from_seat"),
    ({"type": "peng", "tiles": "555p", "from_seat": 1}, "winner's own seat"),
    ({"type": "angang", "tiles": "555p", "from_seat": 2}, "4 tiles"),
    ({"type": "wildkong", "tiles": "2s2s"}, "wild tiles"),
]


@pytest.mark.parametrize(("meld", "fault"), MELD_FAULTS)
def test_bad_meld_names_the_fault(meld: dict[str, Any], fault: str) -> None:
    with pytest.raises(ValueError, match=fault):
        parse_situation(GOOD | {"concealed": "234m567m345p99s", "winning_tile": "9s", "melds": [meld]})


def test_mode_b_has_no_chi() -> None:
    meld = {"type": "chi", "tiles": "345p", "from_seat": 0}
    with pytest.raises(ValueError, match="no chi"):
        parse_situation(GOOD | {"options": {"mode": "B"}, "concealed": "234m567m99s", "melds": [meld]})


def test_kou_entry_to_the_winner_must_match_melds() -> None:
    melds = [{"type": "peng", "tiles": "555p", "from_seat": 2}]
    hand = GOOD | {"concealed": "234m567m678s99s", "melds": melds}
    parse_situation(hand | {"kou": [{"from": 2, "to": 1, "count": 1, "all_peng_or_kong": True}]})
    with pytest.raises(ValueError, match="kou"):
        parse_situation(hand | {"kou": [{"from": 2, "to": 1, "count": 1, "all_peng_or_kong": False}]})


def test_situation_round_trips_through_json() -> None:
    import msgspec

    s = parse_situation(json.loads((DATA / "zhijiao.json").read_text(encoding="utf-8")))
    again = parse_situation(json.loads(msgspec.json.encode(s)))
    assert again == s


# -- zhijiao_possible ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tiles", "possible"),
    [
        ("234m567m345p789s1s", True),  # complete sets + lone W
        ("234m567m345p78s1s1s", True),  # the second held W makes 789s
        ("234m567m345p1s", True),  # one meld exposed
        ("234m567m345p11p1s", False),  # no set count fits
        ("234m567m345p789s2s", False),  # no W
        ("234m567m345p78s5z1s", False),  # 红中 is 1s here: 781s is no set
        ("234m567m345p79s1s1s", True),  # W fills the 卡 8s
        ("234m567m345p79s3p1s", False),  # the wait is 8s, not a lone W
        ("1s", True),  # four melds, only the W held
    ],
)
def test_zhijiao_possible(tiles: str, possible: bool) -> None:
    assert zhijiao_possible(parse_tiles(tiles), parse_tile("9s")) is possible


def test_zhijiao_possible_with_a_second_held_wild_and_stand_in() -> None:
    # 78s + W is a set (W as 9s), 5z is 1s's face… here indicator 6m: wild 7m, 红中 = 7m.
    assert zhijiao_possible(parse_tiles("56m5z234p345s789s7m"), parse_tile("6m"))
    assert not zhijiao_possible(parse_tiles("234m567m345p78s6z1s"), parse_tile("9s"))  # 杠牌 held


# -- the command --------------------------------------------------------------------------------------------


def _cli(path: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MAJIANG), "score", path], capture_output=True, text=True, timeout=60, check=False)


def test_cli_valid_win_exit_0() -> None:
    r = _cli(str(DATA / "zhijiao.json"))
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["valid"] is True and sum(out["totals"]) == 0
    assert [i["key"] for i in out["items"]] == ["zhijiao", "menqing", "gangkai", "zuangang"]


def test_cli_not_a_win_exit_1() -> None:
    r = _cli(str(DATA / "not_win_gangpai_held.json"))
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["valid"] is False and "杠牌" in out["reason"]


def test_cli_bad_input_exit_2(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(GOOD | {"winning_tile": "1m"}), encoding="utf-8")
    r = _cli(str(bad))
    assert r.returncode == 2 and "winning_tile" in r.stderr


def test_main_in_process(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["score", str(DATA / "shuang_tianhu.json")]) == 0
    assert json.loads(capsys.readouterr().out)["extra"]["fan"] == 66
    assert main(["score", str(DATA / "not_win_drawn_wild_pinghu.json")]) == 1
    assert "drawn wild" in json.loads(capsys.readouterr().out)["reason"]
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(GOOD | {"melds": [{"type": "kong", "tiles": "5555p"}]}), encoding="utf-8")
    assert main(["score", str(bad)]) == 2
    assert "type" in capsys.readouterr().err
