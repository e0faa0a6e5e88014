"""The 合肥麻将 rules page's scoring table (docs/rules/hefei.md), next to the code that scores it."""

from __future__ import annotations

from majiang.core.rules_table import TableRow, row
from majiang.rules.hefei_scoring.items import BASE

ITEMS: tuple[TableRow, ...] = (
    row("基本分", "Base",
        (f"{BASE['baoting']} 报听 / {BASE['bubaoting']} 不报听",
         f"{BASE['baoting']} declare / {BASE['bubaoting']} no declare"),
        "每次胡牌",
        "every win"),
    row("支", "Long suit",
        ("八张以上每张 +1", "+1 per tile over 8"),
        "一门九张起每多一张 +1",
        "each tile over 8 in a suit"),
    row("双八支", "Two long suits", "+50", "两门各八张以上", "two suits of 8 or more"),
    row("缺一门", "Missing suit", "+1", "少一门", "one suit absent"),
    row("同", "Same rank", "+(n − 4)", "同一点数 n ≥ 5 张", "n ≥ 5 tiles of one rank"),
    row("坎", "Concealed pung", ("每个 +1", "+1 each"), "手中暗刻", "each concealed pung"),
    row("杠", "Concealed kong", ("每个 +2", "+2 each"), "每个暗杠", "each concealed kong"),
    row("活", "Four alike",
        ("每个 +4", "+4 each"),
        "四张同牌：三张成刻、一张在顺子里",
        "three as a pung, the fourth in a chow"),
    row("卡", "Single wait", "+1", "夹张、边张或单调", "middle, edge or pair wait"),
    row("双铺子", "Twin chows", ("每个 +2", "+2 each"), "两副相同顺子", "two identical chows"),
    row("七对", "Seven pairs", "+5", "", ""),
    row("海捞", "Sea bottom", "+10", "在最后四张（海捞区）胡", "won in the last four draws"),
    row("天胡 / 地胡", "Heavenly / earthly hand", "+100 / +80", "", ""),
    row("庄分", "Dealer points", ("+1×连庄（点炮）/ +2×连庄（自摸）", "+1×streak (discard) / +2×streak (self-draw)"),
        "庄家参与的每笔支付",
        "each payment the dealer is part of"),
)


def rules_table(mode: str | None) -> list[TableRow]:
    """The rows of a room's page (the same table for 报听 and 不报听 rooms)."""
    return list(ITEMS)
