"""The examples run as documented: the tiny behaviour-cloning demo learns from the teacher's discards
and beats random play (a short run here; the default is a few times longer)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_train_tiny_learns_a_discard_policy_that_beats_random() -> None:
    r = subprocess.run([sys.executable, "examples/train_tiny.py", "--hands", "60", "--epochs", "4",
                        "--eval-hands", "80"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "the cloned policy beats random play" in r.stdout
    agreement = float(r.stdout.split("held-out agreement with the teacher: ")[1].split("%")[0])
    assert agreement > 30  # far above picking one legal discard at random (about 1 in 10)


# examples/score/: one situation per ruleset for `majiang score`, each a worked example of docs/rules/
SCORE_EXAMPLES = {"anqing": "tests/data/anqing/zhijiao.json", "hefei": "tests/data/hefei/shuangpuzi.json",
                  "baida": "tests/data/baida/12_quanqiuren.json"}


def test_each_ruleset_has_a_score_example_equal_to_its_worked_example() -> None:
    import json

    assert sorted(p.stem for p in (ROOT / "examples" / "score").glob("*.json")) == sorted(SCORE_EXAMPLES)
    for ruleset, source in SCORE_EXAMPLES.items():
        example = ROOT / "examples" / "score" / f"{ruleset}.json"
        assert example.read_bytes() == (ROOT / source).read_bytes(), f"{example} drifted from {source}"
        r = subprocess.run([sys.executable, "-m", "majiang", "score", str(example)], cwd=ROOT, capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        settlement = json.loads(r.stdout)
        assert settlement["valid"] and len(settlement["items"]) >= 3 and sum(settlement["totals"]) == 0
