"""Each ruleset's options, as frozen msgspec structs (kept apart from the compiled rule modules).

A ruleset's options are its scoring package's options (what changes a score, declared there) and
the options of the table flow, declared in ``majiang/rules/<name>_options.py``: each option once, with
its label and help in both languages (:func:`majiang.core.options.described`), which the lobby and the
rules pages show. This module gathers the four; a ruleset imports its own module only, so that one
ruleset's table imports no other's scoring (issue 28, start-up).
"""

from __future__ import annotations

from majiang.rules.anqing_options import AnqingRules
from majiang.rules.baida_options import BaidaRules
from majiang.rules.guobiao_options import GuobiaoRules
from majiang.rules.hefei_options import HefeiRules

__all__ = ["AnqingRules", "BaidaRules", "GuobiaoRules", "HefeiRules"]
