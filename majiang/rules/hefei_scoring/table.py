"""The 合肥麻将 rules page's scoring table (docs/rules/hefei.md), next to the code that scores it."""

from __future__ import annotations

from majiang.core.options import Text
from majiang.core.rules_table import TableRow, WorkedExample, row
from majiang.rules.hefei_scoring.items import BASE

ITEMS: tuple[TableRow, ...] = (
    row("基本分", "Base",
        (f"{BASE['baoting']} 报听 / {BASE['bubaoting']} 不报听",
         f"{BASE['baoting']} ready call / {BASE['bubaoting']} no ready call"),
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


EXAMPLES: dict[str, WorkedExample] = {
    "baoting": WorkedExample(
        situation={"ruleset": "hefei", "room": "baoting", "dealer": 0, "lianzhuang": 1, "winner": 1,
                   "hand": "234m345p567p345s22p", "winning_tile": "2p", "how": "self_draw", "declared": True},
        hand=Text("234m 345p 567p 345s 2p", "234m 345p 567p 345s 2p"), win="2p",
        story=Text("南家报听后自摸二饼（单调）；饼正好八张，不加支。庄家连庄 1。",
                   "South, declared, self-draws 2 Dots (a pair wait); exactly eight Dots, so no long suit. "
                   "The dealer's streak is 1.")),
    "bubaoting": WorkedExample(
        situation={"ruleset": "hefei", "room": "bubaoting", "dealer": 0, "lianzhuang": 1, "winner": 1,
                   "hand": "222m345m678m456s33m", "winning_tile": "3m", "how": "discard", "from_seat": 2},
        hand=Text("222m 345m 678m 456s 3m", "222m 345m 678m 456s 3m"), win="3m",
        story=Text("西家打出三万，南家点炮胡：万十一张、缺饼、手中暗刻 222m、单调。",
                   "West discards 3 Characters and South wins on it: eleven Characters, no Dots, "
                   "a concealed pung 222m, a pair wait."))}


def worked_example(mode: str | None) -> WorkedExample:
    return EXAMPLES[mode or "baoting"]
