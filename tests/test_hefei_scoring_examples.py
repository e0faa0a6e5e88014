"""The example situations in tests/data/hefei: through the CLI (both ways) and against docs/rules/hefei.md.

The doc's worked examples are rendered here from each JSON file and the code's settlement; the test fails
when a figure in the doc no longer matches what the code computes.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from majiang.cli import main
from majiang.core.settlement import Settlement
from majiang.rules.hefei_scoring import parse_situation, score

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "hefei"
DOC = ROOT / "docs" / "rules" / "hefei.md"
EXAMPLES = sorted(p for p in DATA.glob("*.json") if not p.stem.startswith("bad_input"))
BAD = sorted(DATA.glob("bad_input*.json"))
MAJIANG = Path(sys.executable).parent / "majiang"


def render(path: Path) -> str:
    """The doc block for one example file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    settlement = score(parse_situation(data))
    how = "by self-draw" if data["how"] == "self_draw" else f"on seat {data['from_seat']}'s discard"
    flags = [k for k in ("declared", "haidi", "opening_hand", "first_round") if data.get(k)]
    kongs = f" + 暗杠 {' '.join(data['kongs'])}" if data.get("kongs") else ""
    lines = [
        f"{path.name}: {data['note']}",
        f"hand {data['hand']}{kongs}, winning tile {data['winning_tile']}",
        f"seat {data['winner']} wins {how}; dealer {data['dealer']}, 连庄 {data['lianzhuang']}, "
        f"{data['room']} room" + (f"; {', '.join(flags)}" if flags else ""),
    ]
    if not settlement.valid:
        lines.append(f"not a win: {settlement.reason}")
    else:
        lines.append("decomposition: " + " ".join(settlement.decomposition))
        points = sum(i.value for i in settlement.items)
        lines.append("items: " + ", ".join(f"{i.name} {i.value}" for i in settlement.items) + f" = {points}")
        lines.append(
            "payments: " + "; ".join(f"seat {p.payer} pays {p.amount} ({p.note})" for p in settlement.payments)
        )
        lines.append(f"totals: {settlement.totals}")
    return "```text\n" + "\n".join(lines) + "\n```"


def test_every_item_has_an_example():
    names = {p.stem for p in EXAMPLES}
    for key in ("base", "zhi", "shuangbazhi", "queyimen", "tong", "kan", "gang", "huo", "ka", "shuangpuzi",
                "qidui", "hailao", "tianhu", "dihu", "zhuangfen"):  # fmt: skip
        assert key in names
        settlement = score(parse_situation(json.loads((DATA / f"{key}.json").read_text(encoding="utf-8"))))
        keys = {i.key for i in settlement.items} | {k for p in settlement.payments for k in p.breakdown}
        assert key in keys, f"{key}.json does not show {key}"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_doc_shows_the_example_as_the_code_scores_it(path: Path):
    assert render(path) in DOC.read_text(encoding="utf-8"), f"docs/rules/hefei.md is stale for {path.name}"


def _expected(path: Path) -> Settlement:
    return score(parse_situation(json.loads(path.read_text(encoding="utf-8"))))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.stem)
def test_cli_main(path: Path, capsys: pytest.CaptureFixture[str]):
    expected = _expected(path)
    code = main(["score", str(path)])
    out = json.loads(capsys.readouterr().out)
    assert code == (0 if expected.valid else 1)
    assert out["valid"] is expected.valid
    assert out["totals"] == expected.totals and sum(out["totals"]) == 0
    if not expected.valid:
        assert out["reason"] == expected.reason


@pytest.mark.parametrize("path", BAD, ids=lambda p: p.stem)
def test_cli_main_bad_input(path: Path, capsys: pytest.CaptureFixture[str]):
    assert main(["score", str(path)]) == 2
    assert "1m is not a Hefei tile" in capsys.readouterr().err


def test_cli_subprocess_win_non_win_and_bad_input(tmp_path: Path):
    def cli(path: Path) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(MAJIANG), "score", str(path)], capture_output=True, text=True, check=False)

    win = cli(DATA / "huo.json")
    assert win.returncode == 0, win.stderr
    assert json.loads(win.stdout)["items"][1]["key"] == "huo"
    no = cli(DATA / "not_a_win_no_baoting.json")
    assert no.returncode == 1
    assert json.loads(no.stdout) | {} and json.loads(no.stdout)["reason"] == "discard win without 报听 in a 报听 room"
    bad = cli(BAD[0])
    assert bad.returncode == 2 and "1m is not a Hefei tile" in bad.stderr
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"ruleset": "hefei", "room": "baoting"}), encoding="utf-8")
    missing = cli(broken)
    assert missing.returncode == 2 and "dealer" in missing.stderr


if __name__ == "__main__":  # print the doc blocks: python tests/test_hefei_scoring_examples.py
    print("\n\n".join(render(p) for p in EXAMPLES))
