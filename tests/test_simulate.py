"""Simulation: reproducible under a seed, independent of the worker count, and the CLI outputs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.commands.simulate import ruleset_options
from majiang.sim.runner import SimConfig, run
from majiang.sim.stats import format_summary, summarize


def test_same_seed_same_hands_and_other_seed_other_hands() -> None:
    cfg = SimConfig(ruleset="anqing", hands=12, match_hands=4, seed="s1")
    assert run(cfg) == run(cfg)
    other = SimConfig(ruleset="anqing", hands=12, match_hands=4, seed="s2")
    assert run(other) != run(cfg)


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    cfg = SimConfig(ruleset="hefei", options={"room": "bubaoting"}, hands=20, match_hands=3, seed="w")
    assert run(cfg, workers=1) == run(cfg, workers=2)


def test_matches_rotate_the_deal_and_count_every_hand() -> None:
    cfg = SimConfig(ruleset="anqing", hands=10, match_hands=4, seed="rot")
    results = run(cfg)
    assert len(results) == 10 and [r.match for r in results] == [0] * 4 + [1] * 4 + [2] * 2
    for r in results:
        assert sum(r.totals) == 0 and r.length > 0
    summary = summarize(results, cfg)
    assert summary["hands"] == 10 and sum(s["wins"] for s in summary["seats"]) >= summary["won_hands"]
    text = format_summary(summary, 1.0)
    assert "荒庄" in text and "hand length" in text and "scoring items" in text


def test_mode_and_room_map_to_options() -> None:
    assert ruleset_options("anqing", "b", None) == {"mode": "B"}
    assert ruleset_options("hefei", "bubaoting", None) == {"room": "bubaoting"}
    assert ruleset_options("hefei", None, "baoting") == {"room": "baoting"}
    with pytest.raises(ValueError):
        ruleset_options("anqing", "C", None)
    with pytest.raises(ValueError):
        ruleset_options("hefei", "A", None)


def test_cli_summary_json_plot_and_replays(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_json, out_png, saves = tmp_path / "s.json", tmp_path / "s.png", tmp_path / "replays"
    rc = main(["simulate", "--ruleset", "hefei", "--mode", "baoting", "--hands", "6", "--match-hands", "3",
               "--seed", "cli", "--workers", "2", "--json", str(out_json), "--plot", str(out_png),
               "--save-dir", str(saves), "--no-progress"])
    assert rc == 0
    printed = capsys.readouterr().out
    assert "6 hands in 2 matches" in printed and "greedy" in printed
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["hands"] == 6 and data["options"]["room"] == "baoting" and len(data["seats"]) == 4
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(list(saves.glob("*.json"))) == 6


def test_cli_refuses_bad_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "anqing", "--bots", "greedy,random", "--hands", "1"]) == 2
    assert "four names" in capsys.readouterr().err


def test_cli_option_sets_ruleset_options_and_replays_record_them(tmp_path: Path) -> None:
    saves = tmp_path / "replays"
    rc = main(["simulate", "--ruleset", "anqing", "--mode", "B", "--option", "cap=30", "--option", "flowers=true",
               "--option", "rounds=0", "--hands", "2", "--match-hands", "2", "--seed", "opt", "--save-dir",
               str(saves), "--no-progress"])
    assert rc == 0
    replays = sorted(saves.glob("*.json"))
    first = json.loads(replays[0].read_text(encoding="utf-8"))
    assert first["options"]["cap"] == 30 and first["options"]["flowers"] is True and first["options"]["mode"] == "B"
    assert len(first["dealer_dice"]) == 2  # the first hand keeps the roll that picked its dealer
    assert main(["replay", str(replays[0])]) == 0  # the replay command reads it back


@pytest.mark.parametrize(("option", "message"), [
    ("nope=1", "no such option"), ("cap=-1", "cap"), ("mode", "KEY=VALUE"), ("flowers=maybe", "flowers")])
def test_cli_option_refuses_unknown_keys_and_bad_values(option: str, message: str,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "anqing", "--option", option, "--hands", "1", "--no-progress"]) == 2
    assert message in capsys.readouterr().err


def test_options_from_args_is_importable_by_other_commands() -> None:
    import argparse

    from majiang.commands.options_arg import add_option_arguments, options_from_args

    p = argparse.ArgumentParser()
    add_option_arguments(p)
    args = p.parse_args(["--option", "guoshui=true", "--option", "room=bubaoting"])
    assert options_from_args("hefei", args) == {"guoshui": True, "room": "bubaoting"}
    with pytest.raises(ValueError, match="no such option"):
        options_from_args("hefei", p.parse_args(["--option", "cap=3"]))


def test_hands_means_hands_in_a_ruleset_whose_matches_last_rounds(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """baida's matches last one 圈 by default (over after 4 deal moves, 4 hands or many more): simulate plays
    matches of --match-hands hands instead, unless --option rounds says otherwise (and then says so)."""
    out = tmp_path / "s.json"
    argv = ["simulate", "--ruleset", "baida", "--hands", "40", "--seed", "3", "--bots", "greedy,greedy,greedy,greedy",
            "--no-progress", "--json", str(out)]
    assert main(argv) == 0
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["hands"] == 40 and summary["options"]["rounds"] == 0
    capsys.readouterr()
    assert main([*argv, "--option", "rounds=1"]) == 0
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["options"]["rounds"] == 1 and summary["hands"] < 40  # a 圈 ended some matches early
    assert f"so {summary['hands']} hands were played in 5 matches, not --hands 40" in capsys.readouterr().out
