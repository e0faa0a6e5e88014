"""The 安庆麻将 rules page's scoring table (docs/rules/anqing.md), next to the code that scores it."""

from __future__ import annotations

from majiang.core.options import Text
from majiang.core.rules_table import TableRow, WorkedExample, row
from majiang.rules.anqing_scoring.payment import BAO, DEALER_DI, DI_PER_STREAK, LIANZHUANG, OTHER_DI
from majiang.rules.anqing_scoring.situation import AnqingOptions

_B = AnqingOptions()  # mode B's suit items are options; the table shows their defaults



_STREAK = " / ".join(str(b) for b in LIANZHUANG[1:])
# How a win is paid (each other seat pays (底 + 番 + 连庄) × 基础银子 × 包), then the 番 items.
PAYMENT: tuple[TableRow, ...] = (
    row("底", "Base",
        (f"{DEALER_DI} + {DI_PER_STREAK}×连庄数 / {OTHER_DI}", f"{DEALER_DI} + {DI_PER_STREAK}×streak / {OTHER_DI}"),
        "与庄家之间 / 两个闲家之间",
        "between the dealer and another player / between two others"),
    row("连庄", "Dealer streak", (f"{_STREAK} 番", f"{_STREAK} fan"),
        "庄家连庄第 1、2、3、4 次起，与庄家之间的支付加",
        "added to payments with the dealer, for the 1st, 2nd, 3rd, 4th and later kept deal"),
    row("顺包 / 反包", "Bao / reverse bao",
        (f"×{BAO[3]} / ×{BAO[4]}（反包加倍）", f"×{BAO[3]} / ×{BAO[4]} (reverse: doubled)"),
        "一家给胡家三口 / 四口以上（都是碰杠再加倍）",
        "three / four or more calls from one player to the winner (doubled when all are pungs or kongs)"),
)

ITEMS: tuple[TableRow, ...] = (
    row("平胡", "Plain win", "0", "没有别的番种：只收底分", "no other scoring item: only the base is paid"),
    row("跑风", "Running wind", "6", "独吊、边张、卡张，或留钻", "pair, edge or middle wait; or a kept wild"),
    row("对对胡 / 碰碰胡", "All pungs", ("3（硬对对胡 +6 跑风 = 9）", "3 (hard: +6 running wind = 9)"),
        "全是刻子加一对",
        "all pungs and a pair"),
    row("门清", "Concealed hand", "3", "没有吃、碰、明杠", "no chow, pung or open kong"),
    row("直叫", "Wild call", ("杠开 + 跑风（10）", "kong win + running wind (10)"),
        "单吊一个钻又摸到钻：开杠，补牌即胡",
        "waiting on a lone wild, draw the second: kong, the replacement wins"),
    row("杠开", "Win after a kong", "3 / 9 / 18 / 30", "连开 1/2/3/4 杠后摸到胡牌", "after 1/2/3/4 kongs in a row"),
    row("明杠 / 暗杠", "Open / concealed kong", ("1 / 2（风杠 +1）", "1 / 2 (wind kong +1)"), "每个杠", "each kong"),
    row("杠牌", "Kong tiles", ("每个 1", "1 each"), "亮出的发、白（每张）", "each 发/白 laid open"),
    row("风", "Wind pungs", ("每个 1", "1 each"), "每副风刻", "each wind pung"),
    row("一龙", "Full straight", "10", "同一门一到九", "1 to 9 of one suit"),
    row("十三烂", "Thirteen apart",
        "20",
        "数牌相隔三以上，字牌各不相同，无钻",
        "suit tiles 3+ apart, honours all different, no wild"),
    row("七星归位", "Seven stars", "30", "十三烂且七个字牌齐全", "thirteen apart with all seven honours"),
    row("七对有钻", "Seven pairs with wilds", "9", "钻作对子，含跑风", "wilds as partners, running wind included"),
    row("七对天胡 / 四钻天胡", "Heavenly seven pairs / four wilds", "36", "", ""),
    row("双天胡", "Double heavenly pairs", "66", "七对，四个钻成两对", "seven pairs, four wilds as two pairs"),
    row("大吊车", "Big crane", ("36（吊钻 9）", "36 (wild held: 9)"),
        "四副落地单吊", "four melds down, a lone tile held"),
    row("摸牌天胡 / 地胡", "Dealer's heavenly / earthly hand", "30", "", ""),
)

MODE_B_ITEMS: tuple[TableRow, ...] = (
    row("清一色 / 凑一色 / 字一色", "Full flush / half flush / all honours",
        f"{_B.qingyise} / {_B.couyise} / {_B.ziyise}",
        "只在打缺玩法计分",
        "scored in mode B only"),
)


def rules_table(mode: str | None) -> list[TableRow]:
    """The rows of mode ``mode``'s page (``A`` or ``B``; mode B adds its suit items)."""
    return [*PAYMENT, *ITEMS, *(MODE_B_ITEMS if mode == "B" else ())]


EXAMPLES: dict[str, WorkedExample] = {
    "A": WorkedExample(
        situation={"ruleset": "anqing", "indicator": "8p", "dealer": 0, "winner": 1,
                   "concealed": "46m9p567p12s44s3s", "winning_tile": "3s",
                   "melds": [{"type": "chi", "tiles": "123m", "from_seat": 0}]},
        hand=Text("46m 9p 567p 12s 44s · 吃 123m", "46m 9p 567p 12s 44s · chow 123m"), win="3s",
        story=Text("翻牌 8p，钻是 9p（这里作 5m）。南家（闲家）吃了上家的 123m，摸到三条胡：边张 12→3。",
                   "The indicator is 8p, so 9p is wild (here a 5m). South (not the dealer) chowed 123m from the "
                   "dealer and draws 3 Bamboo: an edge wait (12→3).")),
    "B": WorkedExample(
        situation={"ruleset": "anqing", "options": {"mode": "B"}, "indicator": "9p", "dealer": 0, "winner": 1,
                   "concealed": "222m777m555s888s33s", "winning_tile": "3s"},
        hand=Text("222m 777m 555s 888s 3s", "222m 777m 555s 888s 3s"), win="3s",
        story=Text("南家（闲家）手里无钻，自摸三条成对对胡（硬对对胡）。",
                   "South (not the dealer), holding no wild, self-draws 3 Bamboo for all pungs (hard)."))}


def worked_example(mode: str | None) -> WorkedExample:
    return EXAMPLES[mode or "A"]
