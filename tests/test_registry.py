"""The ruleset registry makes its built-in entries on first use (issue 28, start-up): their names
are known without importing a ruleset, and each entry, once made, carries the name it is listed by."""

from __future__ import annotations

import subprocess
import sys

from majiang.rules.registry import BUILT_IN, ENTRIES, RULESETS, entry


def test_each_built_in_entry_is_named_as_listed() -> None:
    assert list(ENTRIES)[: len(BUILT_IN)] == list(BUILT_IN)
    for name in BUILT_IN:
        assert entry(name).name == name
        assert RULESETS[name] is ENTRIES[name].ruleset
        assert ENTRIES[name] is ENTRIES[name]  # made once


def test_importing_the_environment_imports_no_ruleset_until_one_is_used() -> None:
    """``import majiang.env`` and the registry's names import none of the four rulesets or their
    scoring; making one table imports that ruleset's modules only."""
    code = (
        "import sys; import majiang.env; from majiang.rules.registry import ENTRIES, RULESETS; "
        "names = sorted(ENTRIES); assert 'hefei' in RULESETS; "
        "rules = lambda: sorted(m for m in sys.modules if m.startswith('majiang.rules.') "
        "and m.split('.')[2].split('_')[0] in ('anqing', 'hefei', 'baida', 'guobiao')); "
        "print(names, rules()); majiang.env.EnvTable('hefei', seed=1); print(rules())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    first, after = out.splitlines()
    assert first == "['anqing', 'baida', 'guobiao', 'hefei'] []"
    assert "'majiang.rules.hefei'" in after and "'majiang.rules.hefei_scoring'" in after
    assert "guobiao" not in after and "anqing" not in after and "baida" not in after
