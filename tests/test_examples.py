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
