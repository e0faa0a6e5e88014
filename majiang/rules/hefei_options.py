"""Hefei's options (:class:`HefeiRules`), as a frozen msgspec struct (kept apart from the compiled rule
module): its scoring package's options and the table flow's own, each declared once with its label and
help in both languages (:func:`majiang.core.options.described`). A module of its own so that a process
playing Hefei imports no other ruleset's scoring (majiang/rules/options.py re-exports all four).
"""

from __future__ import annotations

from typing import Annotated, Literal

from majiang.core.options import described
from majiang.rules.hefei_scoring.situation import HefeiOptions


class HefeiRules(HefeiOptions, frozen=True, forbid_unknown_fields=True):
    # 报听 room (base 12) or 不报听 room (base 10): the situation carries it as its own field
    room: Annotated[Literal["baoting", "bubaoting"], described(
        "房间", "Room",
        "报听房底分 12，点炮须先报听；不报听房底分 10，随时可胡。",
        "报听 room: base 12, a discard win needs a ready call first; 不报听 room: base 10, no ready call.",
        choices={"baoting": ("报听", "报听 (ready call)"), "bubaoting": ("不报听", "不报听 (no ready call)")}
    )] = "baoting"
    # a possible 海捞 win must be taken
    haidi_forced: Annotated[bool, described(
        "海捞必胡", "Forced last-tiles win",
        "最后四张（海捞区）能胡时必须胡。",
        "A possible win on the last four tiles (海捞区) must be taken."
    )] = False
    # 过水不胡: a passed discard win bars discard wins until the seat's next draw
    guoshui: Annotated[bool, described(
        "过水不胡", "No win after a pass",
        "放过别人的点炮后，到自己下次摸牌前不能再胡别人打的牌。",
        "After letting a discard win go, a player may not win on a discard until his own next draw."
    )] = False
