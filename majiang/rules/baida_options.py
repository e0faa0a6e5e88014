"""Baida's options (:class:`BaidaRules`), as a frozen msgspec struct (kept apart from the compiled rule
module): its scoring package's options and the table flow's own, each declared once with its label and
help in both languages (:func:`majiang.core.options.described`). A module of its own so that a process
playing Baida imports no other ruleset's scoring (majiang/rules/options.py re-exports all four).
"""

from __future__ import annotations

from typing import Annotated

from majiang.core.options import described
from majiang.rules.baida_scoring.situation import BaidaOptions


class BaidaRules(BaidaOptions, frozen=True, forbid_unknown_fields=True):
    # the match lasts this many 圈 (0: a number of hands)
    rounds: Annotated[int, described(
        "圈数", "Rounds",
        "一场打几圈（庄家轮完四家为一圈，圈风随之换）；0 表示按局数。",
        "How many rounds (圈) a match lasts; the round wind moves after each. 0: a number of hands instead."
    )] = 1
    # off: only the first winner in turn order from the discarder (截胡)
    multi_win: Annotated[bool, described(
        "一炮多响", "Multiple winners",
        "一张牌多家可胡时都算胡；关掉则只有放冲者下家起第一家胡（截胡）。",
        "Several seats may win on one discard; off: only the first in turn order from the discarder."
    )] = True
