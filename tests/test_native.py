"""The engine compiled with mypyc (majiang/native.py): in use where it was built, the same games as
its Python sources, and never a stale build running in place of an edited source."""

from __future__ import annotations

import copy
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import majiang
import majiang.engine.hand as engine_hand
from majiang import native
from majiang.engine.match import Match
from majiang.engine.view import seat_view
from majiang.rules.registry import make_ruleset
from tests.test_engine_trace import EXPECTED, VARIANTS, trace_digest

ROOT = Path(majiang.__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "") == "true"


def test_the_compiled_engine_is_in_use_where_it_was_built() -> None:
    """CI installs with mypyc and gcc: the compiled modules must be the ones running there (a build
    that silently fell back to the sources would only show up as a slower benchmark)."""
    if not native.ACTIVE and not IN_CI:
        pytest.skip(f"the engine runs from its sources here: {native.REASON}")
    assert native.ACTIVE, native.REASON
    import majiang.env.table
    import majiang.rules.base

    for module in (engine_hand, majiang.rules.base, majiang.env.table):
        assert not str(module.__file__).endswith(".py"), module.__file__


def _digest_in(env: dict[str, str], variant: int) -> tuple[str, str]:
    """(trace digest, where majiang.engine.hand was loaded from) in a fresh interpreter."""
    code = ("import sys; from tests.test_engine_trace import VARIANTS, trace_digest; import majiang.engine.hand as h; "
            f"print(trace_digest(*VARIANTS[{variant}])); print(h.__file__)")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    digest, where = r.stdout.split()
    return digest, where


@pytest.mark.parametrize("variant", [1, 6])  # Anqing B, baida: the two most different flows
def test_the_python_sources_play_the_same_games(variant: int) -> None:
    """MAJIANG_PURE=1 runs the sources (the reference the trace digests were taken on): same digests."""
    env = {**os.environ, "MAJIANG_PURE": "1"}
    digest, where = _digest_in(env, variant)
    assert where.endswith("hand.py")
    assert digest == EXPECTED[variant] == trace_digest(*VARIANTS[variant])


def test_an_edited_source_runs_instead_of_its_stale_build(tmp_path: Path) -> None:
    """Python would import a compiled module before its edited .py: the build's source digests make
    every compiled module of the group run from source instead, and say why."""
    if not native.ACTIVE:
        pytest.skip(f"nothing compiled to go stale: {native.REASON}")
    copy_root = tmp_path / "project"
    shutil.copytree(ROOT / "majiang", copy_root / "majiang", ignore=shutil.ignore_patterns("__pycache__", "web"))
    shutil.copytree(ROOT / "tests", copy_root / "tests", ignore=shutil.ignore_patterns("__pycache__"))
    env = {**os.environ, "PYTHONPATH": str(copy_root)}
    env.pop("MAJIANG_PURE", None)
    code = "import majiang.engine.hand as h, majiang.native as n; print(h.__file__); print(n.ACTIVE)"

    def where() -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-c", code], cwd=copy_root, env=env, capture_output=True, text=True,
                              timeout=120)

    before = where()
    assert before.returncode == 0, before.stderr
    assert before.stdout.split() == [str(copy_root / "majiang" / "engine" / Path(engine_hand.__file__).name), "True"]
    rules = copy_root / "majiang" / "rules" / "base.py"
    rules.write_text(rules.read_text() + "\n# an edit after the build\n")
    after = where()
    assert after.returncode == 0, after.stderr
    assert after.stdout.split() == [str(copy_root / "majiang" / "engine" / "hand.py"), "False"]
    assert "majiang/rules/base.py" in after.stderr and "rebuild" in after.stderr
    rules.write_text(rules.read_text().replace("\n# an edit after the build\n", ""))
    assert where().stdout.split()[1] == "True"  # the source as built: the build runs again
    # A module the compiled code reads types from changes: the group runs from source too.
    actions = copy_root / "majiang" / "core" / "actions.py"
    actions.write_text(actions.read_text() + "\n# an edit after the build\n")
    assert where().stdout.split() == [str(copy_root / "majiang" / "engine" / "hand.py"), "False"]
    actions.write_text(actions.read_text().replace("\n# an edit after the build\n", ""))
    # The digests are newer than the library: its last recompile failed, the library is stale.
    stamp = copy_root / "majiang" / native.STAMP_NAME
    later = stamp.stat().st_mtime + 3600
    os.utime(stamp, (later, later))
    assert where().stdout.split()[1] == "False"


def test_a_hand_deep_copies_to_an_independent_hand_at_the_same_point() -> None:
    rules = make_ruleset("anqing", {"mode": "A"})
    match = Match(rules, hands=1, seed="copy")
    rng = random.Random(3)
    hand = match.hand
    for _ in range(30):
        seat = hand.to_act()[0]
        legal = hand.legal_actions(seat)
        match.apply(seat, legal[rng.randrange(len(legal))])
        if hand.over:
            break
    twin = copy.deepcopy(hand)
    assert twin is not hand and twin.log == hand.log and twin.events == hand.events
    assert all(seat_view(twin, s) == seat_view(hand, s) for s in range(4))
    if not hand.over:
        seat = twin.to_act()[0]
        twin.apply(seat, twin.legal_actions(seat)[0])
        assert len(twin.log) == len(hand.log) + 1  # the original did not move
