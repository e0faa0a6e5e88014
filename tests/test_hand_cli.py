"""``majiang analyze``: in-process through majiang.cli.main and once as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from majiang.cli import main


def test_analyze_waiting_hand(capsys):
    assert main(["analyze", "1112345678999m"]) == 0
    out = capsys.readouterr().out
    assert "shanten: 0" in out
    assert "1m(一万)" in out and "9m(九万)" in out


def test_analyze_marks_wild_positions(capsys):
    assert main(["analyze", "1245m456p789s11z5s5s", "--wild", "5s"]) == 0
    out = capsys.readouterr().out
    assert "win: yes" in out
    assert "123*m" in out


def test_analyze_json(capsys):
    assert main(["analyze", "23m44p5s", "--wild", "5s", "--tileset", "hefei", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["win"] is True and data["jokers"] == 1
    assert [g["notation"] for g in data["decompositions"][0]["groups"]] == ["234*m", "44p"]


def test_analyze_errors_exit_2(capsys):
    assert main(["analyze", "123m4x"]) == 2
    assert "unknown suit letter 'x'" in capsys.readouterr().err
    assert main(["analyze", "123m"]) == 2
    assert "got 3" in capsys.readouterr().err


def test_analyze_subprocess():
    exe = Path(sys.executable).with_name("majiang")
    proc = subprocess.run([str(exe), "analyze", "11223344556677z", "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["win"] and any(d["form"] == "seven_pairs" for d in data["decompositions"])
