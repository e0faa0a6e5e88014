"""Guobiao's options (:class:`GuobiaoRules`), as a frozen msgspec struct (kept apart from the compiled rule
module): its scoring package's options and the table flow's own, each declared once with its label and
help in both languages (:func:`majiang.core.options.described`). A module of its own so that a process
playing Guobiao imports no other ruleset's scoring (majiang/rules/options.py re-exports all four).
"""

from __future__ import annotations

from typing import Annotated

from majiang.core.options import described
from majiang.rules.guobiao_scoring.situation import GuobiaoOptions


class GuobiaoRules(GuobiaoOptions, frozen=True, forbid_unknown_fields=True):
    # the match lasts this many 圈 of four hands (0: a number of hands)
    rounds: Annotated[int, described(
        "圈数", "Rounds",
        "一场打几圈：每圈四局，每局换庄（不连庄），圈风东南西北依次换；0 表示按局数。",
        "How many rounds of four hands a match lasts: the deal passes every hand (no dealer streak) and "
        "the prevalent wind moves 东 南 西 北 each round. 0: a number of hands instead."
    )] = 4
