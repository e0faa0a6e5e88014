"""A ruleset added the way docs/architecture.md ("Adding a ruleset") says, as a plugin would:
合肥麻将 with a 海捞区 of a chosen size, none by default (each of the last N ≤ 4 tiles goes to one
seat). Its class and options are what majiang/rules/<name>.py and majiang/rules/options.py would
hold, it reuses Hefei's scoring package, and its entry is what majiang/rules/registry.py would list
(a test registers it instead). Nothing else names it.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, ClassVar

from majiang.core.options import described
from majiang.rules import hefei_scoring
from majiang.rules.base import RulesetError, TableFlags
from majiang.rules.entry import BotTuning, ObservationFacts, RulesetEntry
from majiang.rules.hefei import Hefei
from majiang.rules.options import HefeiRules


class QuickHefeiRules(HefeiRules, frozen=True, forbid_unknown_fields=True):
    haidi_size: Annotated[int, described(
        "海捞张数", "海捞 tiles",
        "最后几张（至多四张）是海捞区：每人摸一张不打，先自摸者胡；0 表示没有海捞区。",
        "The last tiles (at most four) are the sea bottom: one a seat, no discard, the first self-draw wins; 0: none.",
    )] = 0


class QuickHefei(Hefei):
    name: ClassVar[str] = "hefei_quick"
    title: ClassVar[str] = "合肥麻将（无海捞）"
    options_type = QuickHefeiRules

    def _validate_options(self) -> None:
        super()._validate_options()
        if not 0 <= self.options.haidi_size <= 4:
            raise RulesetError(f"haidi_size (海捞张数) is 0 to 4, got {self.options.haidi_size}")

    def table_flags(self) -> TableFlags:
        return dataclasses.replace(super().table_flags(), haidi_tiles=self.options.haidi_size)


ENTRY = RulesetEntry(
    ruleset=QuickHefei, scoring=hefei_scoring, mode_option="room",
    observation=ObservationFacts(code=4, variant=("room", "baoting")),
    bot=BotTuning(family="hefei", typical_win=30.0, goal_draws=True),
)
