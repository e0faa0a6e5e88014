"""The 百搭麻将 rules page's scoring table (docs/rules/baida.md), next to the code that scores it."""

from __future__ import annotations

from majiang.core.options import Text
from majiang.core.rules_table import TableRow, WorkedExample, row

ITEMS: tuple[TableRow, ...] = (
    row("平胡", "Plain win", "1", "没有别的台时", "only when nothing else scores"),
    row("自摸", "Self-drawn",
        "1",
        "自己摸到胡牌（含杠开、海底、天胡）",
        "won on your own draw (kong win, last tile and heavenly hand included)"),
    row("门清", "Concealed hand",
        "1",
        "没有吃、碰、明杠（暗杠可以）",
        "no chow, pung or open kong (concealed kongs allowed)"),
    row("边 / 卡 / 单吊", "Edge / middle / pair wait",
        "1",
        "只听胡的这一张；七对不算",
        "the hand waited on this one tile only; not with seven pairs"),
    row("对对胡", "All pungs", "2", "四副刻子（杠）加一对", "four pungs or kongs and a pair"),
    row("七对", "Seven pairs", "2", "七个对子，百搭可配任何牌", "seven pairs; a wild pairs anything"),
    row("杠开", "Win on a replacement",
        "1",
        "杠或补花后补的牌自摸胡",
        "self-drawn on the replacement after a kong or a flower"),
    row("海底捞月", "Last tile of the wall", "1", "摸墙上最后一张自摸胡", "self-drawn on the last tile of the wall"),
    row("抢杠", "Robbing a kong",
        "1",
        "胡别人加杠的那张；被抢的人按放冲付",
        "won on the tile another player adds to a pung; the robbed player pays as a discarder"),
    row("无百搭", "No wild", "1", "手里没有百搭", "no wild in the hand"),
    row("三百搭", "Three wilds", ("2（七百搭选项：四百搭 2，七百搭 20）", "2 (seven-wild option: four 2, seven 20)"),
        "手里三张以上百搭",
        "three or more wilds in the hand"),
    row("全求人", "All melds called", "2", "四副都是吃碰杠来的，单吊胡", "four called melds, won on the lone tile"),
    row("一条龙", "Full straight", "2", "同一门 123 456 789", "123 456 789 of one suit"),
    row("庄", "Dealer", ("1 + 连庄数", "1 + streak"), "庄家胡牌", "the dealer wins"),
    row("天胡", "Heavenly hand", "8", "庄家起手即胡", "the dealer's opening hand"),
    row("地胡", "Earthly hand", "6", "胡庄家打出的第一张牌", "won on the dealer's first discard"),
    row("清一色 / 混一色 / 字一色", "Full flush / half flush / all honours",
        "4 / 2 / 8",
        "只有一门 / 一门加字牌 / 全是字牌（只算最高的）",
        "one suit / one suit and honours / honours only (the highest only)"),
    row("杠花：正花 / 四花 / 八花", "Flowers (seat flower / set / all eight)",
        "1 / 2 / 8",
        "亮出的本门风花每张 1（东 春梅、南 夏兰、西 秋竹、北 冬菊）；一组四张 2；八张全亮 8",
        "each flower of your seat laid open 1 (E Spring/Plum, S Summer/Orchid, W Autumn/Bamboo, "
        "N Winter/Chrysanthemum); a whole set of four 2; all eight 8"),
    row("中发白", "Dragon pungs", ("每副 1", "1 each"), "中、发、白的刻子或杠", "a pung or kong of each dragon"),
    row("位风", "Seat wind pung", "1", "自己门风的刻子或杠", "a pung or kong of your seat's wind"),
    row("圈风", "Round wind pung",
        "1",
        "本圈风的刻子或杠（与位风相同时两项都算）",
        "a pung or kong of the round's wind (both count when it is also your seat's)"),
)


def rules_table(mode: str | None) -> list[TableRow]:
    """The rows of the (one) page: the 台 items 1–25 of docs/rules/baida.md."""
    return list(ITEMS)


EXAMPLE = WorkedExample(
    situation={"ruleset": "baida", "indicator": "f1", "round_wind": "E", "dealer": 0, "streak": 0, "winner": 1,
               "melds": [{"type": "chi", "tiles": "234m", "from_seat": 0}], "concealed": "567p345sf2f3f488m",
               "flowers": "f6", "winning_tile": "5s", "how": "discard", "from_seat": 0},
    hand=Text("567p 34s f2f3f4 88m · 吃 234m · 花 f6", "567p 34s f2f3f4 88m · chow 234m · flower f6"), win="5s",
    story=Text("翻牌是春，夏秋冬三张花是百搭。南家（门风南）手里留着夏秋冬，亮着兰；庄家（东）打出五条，南家胡，"
               "三张百搭当东风刻子。",
               "The indicator is Spring, so Summer, Autumn and Winter are wild. South (seat wind South) holds those "
               "three and has Orchid laid open; the dealer (East) discards 5 Bamboo and South wins, the three wilds "
               "as an East pung."))


def worked_example(mode: str | None) -> WorkedExample:
    return EXAMPLE
