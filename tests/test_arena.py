"""The arena: duplicate walls really replayed, intervals computed right, results independent of workers."""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.engine.hand import Hand
from majiang.rules.registry import make_ruleset
from majiang.sim.arena import (
    ArenaConfig,
    Play,
    digest_wall,
    lineup,
    mean_ci,
    per_wall_points,
    run_arena,
    seating,
    summarize_arena,
    verdict,
)


def test_each_wall_is_played_four_times_from_its_saved_seed_with_the_bots_rotated() -> None:
    cfg = ArenaConfig(ruleset="hefei", options={"room": "bubaoting"}, bots=("greedy", "random"), walls=3, seed="rot")
    plays = run_arena(cfg)
    assert len(plays) == 12
    ruleset = make_ruleset("hefei", {"room": "bubaoting"})
    digests = []
    for wall in range(3):
        four = [p for p in plays if p.wall == wall]
        assert [p.rotation for p in four] == [0, 1, 2, 3]
        assert len({p.seed for p in four}) == 1 and len({p.dealer for p in four}) == 1
        # The saved seed deals exactly the wall every rotation was played from.
        again = Hand(ruleset, four[0].seed, dealer=four[0].dealer)
        assert {p.wall_digest for p in four} == {digest_wall(again.wall)}
        digests.append(four[0].wall_digest)
        # Every bot sat in every seat of this wall.
        for seat in range(4):
            assert {p.bots[seat] for p in four} == {"greedy", "random"}
        assert [p.bots for p in four] == [list(seating(cfg.lineup, r)) for r in range(4)]
    assert len(set(digests)) == 3  # different walls
    for p in plays:
        assert sum(p.totals) == 0


def test_lineups() -> None:
    assert lineup(["a", "b"]) == ("a", "a", "b", "b")
    assert seating(("a", "a", "b", "b"), 1) == ("b", "a", "a", "b")
    assert lineup(["a", "b", "b", "b"]) == ("a", "b", "b", "b")
    with pytest.raises(ValueError, match="two different"):
        lineup(["a", "a"])
    with pytest.raises(ValueError, match="two names"):
        lineup(["a", "b", "c"])


def test_interval_on_a_known_sample() -> None:
    ci = mean_ci([1.0, 2.0, 3.0, 4.0, 5.0])
    # s = sqrt(2.5); half = 1.95996 * s / sqrt(5)
    assert ci.mean == 3.0 and ci.n == 5
    assert math.isclose(ci.half, 1.959963984540054 * math.sqrt(2.5) / math.sqrt(5), rel_tol=1e-12)
    assert math.isclose(ci.half, 1.3859, abs_tol=1e-4)
    assert mean_ci([7.0]).half == math.inf
    with pytest.raises(ValueError):
        mean_ci([])


def _play(wall: int, rotation: int, bots: list[str], totals: list[int]) -> Play:
    return Play(wall=wall, rotation=rotation, seed=f"s{wall}", dealer=0, bots=bots, totals=totals, winners=[],
                draw=False, self_draw=False, discarder=None, length=1, wall_digest="x")


def test_points_are_averaged_per_wall_then_over_walls() -> None:
    ab = ["a", "a", "b", "b"]
    plays = [
        _play(0, 0, ab, [4, 4, -4, -4]),
        _play(0, 1, ["b", "a", "a", "b"], [0, 2, 0, -2]),
        _play(1, 0, ab, [-6, 0, 6, 0]),
    ]
    assert per_wall_points(plays, "a") == [(4 + 4 + 2 + 0) / 4, (-6 + 0) / 2]
    assert per_wall_points(plays, "b") == [(-4 - 4 + 0 - 2) / 4, (6 + 0) / 2]
    cfg = ArenaConfig(ruleset="hefei", bots=("a", "b"), walls=2)
    s = summarize_arena(plays, cfg)
    diff = mean_ci([2.5 - -2.5, -3.0 - 3.0])
    assert s["difference"]["mean"] == diff.mean and s["difference"]["ci95"] == diff.half


def test_verdicts() -> None:
    from majiang.sim.arena import Interval

    assert verdict("s", "g", Interval(2.0, 1.0, 100)) == "s beats g by 2.00 ± 1.00 points/hand"
    assert verdict("s", "g", Interval(-2.0, 1.0, 100)) == "g beats s by 2.00 ± 1.00 points/hand"
    assert verdict("s", "g", Interval(0.5, 1.0, 100)).startswith("no significant difference")


def test_results_do_not_depend_on_the_number_of_workers() -> None:
    cfg = ArenaConfig(ruleset="anqing", options={"mode": "A"}, bots=("greedy", "random"), walls=4, seed="w")
    assert run_arena(cfg, workers=1) == run_arena(cfg, workers=2)


def test_cli_prints_a_verdict_and_writes_json_and_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out_json, out_png = tmp_path / "a.json", tmp_path / "a.png"
    rc = main(["arena", "--ruleset", "hefei", "--mode", "baoting", "--bots", "greedy,random", "--hands", "8",
               "--seed", "cli", "--json", str(out_json), "--plot", str(out_png), "--no-progress"])
    assert rc == 0
    printed = capsys.readouterr().out
    assert "2 walls × 4 rotations = 8 hands" in printed and "greedy" in printed and "random" in printed
    assert "points/hand" in printed.splitlines()[-1]
    data = json.loads(out_json.read_text(encoding="utf-8"))
    assert data["hands"] == 8 and {r["bot"] for r in data["bots"]} == {"greedy", "random"}
    assert out_png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--hands", "6"], "multiple of 4"),
        (["--bots", "greedy,nope"], "unknown bot"),
        (["--bots", "greedy,greedy"], "two different"),
        (["--mode", "C"], "A or B"),
    ],
)
def test_cli_refuses_bad_input(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["arena", "--ruleset", "anqing", "--no-progress", *argv])
    assert rc == 2
    assert message in capsys.readouterr().err


def test_cli_option_sets_ruleset_options_and_refuses_bad_ones(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "a.json"
    rc = main(["arena", "--ruleset", "baida", "--bots", "greedy,random", "--hands", "4", "--seed", "opt",
               "--option", "seven_baida=true", "--option", "min_tai=2", "--json", str(out), "--no-progress"])
    assert rc == 0
    options = json.loads(out.read_text(encoding="utf-8"))["options"]
    assert options["seven_baida"] is True and options["min_tai"] == 2
    for bad, message in (("nope=1", "no such option"), ("min_tai=0", "min_tai"), ("seven_baida", "KEY=VALUE")):
        assert main(["arena", "--ruleset", "baida", "--option", bad, "--hands", "4", "--no-progress"]) == 2
        assert message in capsys.readouterr().err


CRASHING = """\
import json, sys
asked = 0
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] != "ask":
        continue
    asked += 1
    if asked == 2:
        sys.stderr.write("boom\\n"); sys.exit(3)
    print(json.dumps({"id": m["id"], "index": 0}), flush=True)
"""


def test_cli_seats_cmd_bots_and_reports_their_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from majiang.bots import external

    example = Path(__file__).resolve().parent.parent / "examples" / "bot.py"
    crashing = tmp_path / "crash.py"
    crashing.write_text(CRASHING, encoding="utf-8")
    try:
        out = tmp_path / "good.json"
        rc = main(["arena", "--ruleset", "hefei", "--bots", f"cmd:{sys.executable} {example},greedy", "--hands", "4",
                   "--seed", "cmd", "--json", str(out), "--no-progress"])
        assert rc == 0
        good = json.loads(out.read_text(encoding="utf-8"))
        assert good["hands"] == 4 and good["bot_errors"] == []
        assert good["bots"][0]["bot"].startswith("cmd:") and good["bots"][0]["seat_hands"] == 8
        capsys.readouterr()
        out = tmp_path / "bad.json"
        rc = main(["arena", "--ruleset", "anqing", "--bots", f"cmd:{sys.executable} {crashing},greedy", "--hands", "4",
                   "--seed", "cmd", "--json", str(out), "--no-progress"])
        assert rc == 0  # the run goes on: greedy plays the rest of each failed hand
        errors = json.loads(out.read_text(encoding="utf-8"))["bot_errors"]
        # seats 0 and 1 hold the program in rotation 0; each fails at its second question
        assert errors and all("exit code 3" in e and "boom" in e for e in errors), errors
        assert any(e.startswith("wall 0 rotation 0 seat 0 (cmd:") for e in errors), errors
        assert "bot program errors" in capsys.readouterr().out
    finally:
        external.stop_all()


# --- --record: a long run kept wall by wall, resumed after a stop ----------------------------------
RECORDED = ["arena", "--ruleset", "hefei", "--mode", "bubaoting", "--bots", "greedy,random", "--seed", "rec",
            "--no-progress"]


def _summary(capsys: pytest.CaptureFixture[str], argv: list[str], out: Path) -> dict[str, object]:
    assert main([*argv, "--json", str(out)]) == 0
    capsys.readouterr()
    data: dict[str, object] = json.loads(out.read_text(encoding="utf-8"))
    return data


def test_a_recorded_run_resumed_gives_the_uninterrupted_result(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    straight = _summary(capsys, [*RECORDED, "--hands", "16"], tmp_path / "straight.json")
    first = _summary(capsys, [*RECORDED, "--hands", "8", "--record", str(record)], tmp_path / "first.json")
    assert first["hands"] == 8
    assert len(record.read_text(encoding="utf-8").splitlines()) == 1 + 2  # the header and two walls
    assert main([*RECORDED, "--hands", "16", "--record", str(record), "--json", str(tmp_path / "resumed.json")]) == 0
    assert "2 of 4 walls already played, 2 to go" in capsys.readouterr().err
    resumed = json.loads((tmp_path / "resumed.json").read_text(encoding="utf-8"))
    assert resumed == straight
    assert len(record.read_text(encoding="utf-8").splitlines()) == 1 + 4


def test_recorded_walls_are_read_not_played_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    _summary(capsys, [*RECORDED, "--hands", "4", "--record", str(record)], tmp_path / "a.json")
    header, wall = record.read_text(encoding="utf-8").splitlines()
    plays = json.loads(wall)
    for p in plays:  # a wall the bots could never have played: greedy's seats take 100 from random's
        p["totals"] = [100 if b == "greedy" else -100 for b in p["bots"]]
    record.write_text(header + "\n" + json.dumps(plays) + "\n", encoding="utf-8")
    again = _summary(capsys, [*RECORDED, "--hands", "4", "--record", str(record)], tmp_path / "b.json")
    assert again["difference"]["mean"] == 200  # type: ignore[index]


def test_a_wall_cut_short_by_a_kill_is_dropped_and_played_again(tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    straight = _summary(capsys, [*RECORDED, "--hands", "12"], tmp_path / "straight.json")
    _summary(capsys, [*RECORDED, "--hands", "12", "--record", str(record)], tmp_path / "a.json")
    text = record.read_text(encoding="utf-8")
    record.write_text(text[: len(text) - len(text.splitlines()[-1]) // 2 - 1], encoding="utf-8")  # half a wall
    assert main([*RECORDED, "--hands", "12", "--record", str(record), "--json", str(tmp_path / "b.json")]) == 0
    assert "2 of 3 walls already played, 1 to go" in capsys.readouterr().err
    assert json.loads((tmp_path / "b.json").read_text(encoding="utf-8")) == straight
    assert record.read_text(encoding="utf-8") == text  # the torn line replaced, not left in the middle


def test_a_record_of_another_run_or_no_record_is_refused_in_one_line(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "run.jsonl"
    _summary(capsys, [*RECORDED, "--hands", "4", "--record", str(record)], tmp_path / "a.json")
    before = record.read_bytes()
    other = [*RECORDED[:-2], "other", "--no-progress", "--hands", "4", "--record", str(record)]
    assert main(other) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "records another run" in err and "seed 'other'" in err
    assert record.read_bytes() == before  # nothing written
    junk = tmp_path / "notes.txt"
    junk.write_text("my notes\n", encoding="utf-8")
    assert main([*RECORDED, "--hands", "4", "--record", str(junk)]) == 2
    assert "is not an arena record" in capsys.readouterr().err
    assert junk.read_text(encoding="utf-8") == "my notes\n"
