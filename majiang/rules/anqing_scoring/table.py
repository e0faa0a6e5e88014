"""The 安庆麻将 rules page's scoring table (docs/rules/anqing.md), next to the code that scores it."""

from __future__ import annotations

from majiang.core.rules_table import TableRow, row
from majiang.rules.anqing_scoring.situation import AnqingOptions

_B = AnqingOptions()  # mode B's suit items are options; the table shows their defaults



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
    return [*ITEMS, *(MODE_B_ITEMS if mode == "B" else ())]
