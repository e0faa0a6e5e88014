"""The 81 fans of the Chinese Official rules (中国麻将竞赛规则), in the rule book's order.

Each row: a stable id, the Chinese name, the English name and the value in fan. The ids are what
settlement records and the UI key on; they never change once landed.
"""

from __future__ import annotations

from typing import Final, NamedTuple


class FanInfo(NamedTuple):
    fan: str
    zh: str
    en: str
    value: int
    when_zh: str = ""  # the fan in a few words, for the rules page
    when_en: str = ""


FANS: Final[tuple[FanInfo, ...]] = tuple(FanInfo(*row) for row in (
    # 88
    ("big_four_winds", "大四喜", "Big Four Winds", 88,
     "东南西北四副刻子（杠）", "Pungs or kongs of all four winds"),
    ("big_three_dragons", "大三元", "Big Three Dragons", 88,
     "中发白三副刻子（杠）", "Pungs or kongs of all three dragons"),
    ("all_green", "绿一色", "All Green", 88,
     "只由 23468 条与发财组成", "Only 2, 3, 4, 6, 8 of bamboo and green dragons"),
    ("nine_gates", "九莲宝灯", "Nine Gates", 88,
     "门清一种花色 1112345678999 听九张，和其中任一张",
     "Concealed 1112345678999 of one suit, won on any tile of that suit"),
    ("four_kongs", "四杠", "Four Kongs", 88,
     "四个杠", "Four kongs"),
    ("seven_shifted_pairs", "连七对", "Seven Shifted Pairs", 88,
     "一种花色相连的七个对子", "Seven pairs of consecutive tiles of one suit"),
    ("thirteen_orphans", "十三幺", "Thirteen Orphans", 88,
     "三种 1、9 与七种字牌各一张，其中一张成对", "One of each terminal and honour, one of them paired"),
    # 64
    ("all_terminals", "清幺九", "All Terminals", 64,
     "只由 1、9 的刻子（杠）和将牌组成", "Only terminal pungs and a terminal pair"),
    ("little_four_winds", "小四喜", "Little Four Winds", 64,
     "三副风刻加风牌作将", "Three wind pungs and a pair of the fourth wind"),
    ("little_three_dragons", "小三元", "Little Three Dragons", 64,
     "两副箭刻加箭牌作将", "Two dragon pungs and a pair of the third dragon"),
    ("all_honors", "字一色", "All Honors", 64,
     "只由字牌的刻子（杠）和将牌组成", "Only honour pungs and an honour pair"),
    ("four_concealed_pungs", "四暗刻", "Four Concealed Pungs", 64,
     "四副暗刻（暗杠）", "Four concealed pungs or kongs"),
    ("pure_terminal_chows", "一色双龙会", "Pure Terminal Chows", 64,
     "一种花色的两副 123、两副 789，5 作将", "Two 123 and two 789 chows of one suit, a pair of 5s of it"),
    # 48
    ("quadruple_chow", "一色四同顺", "Quadruple Chow", 48,
     "一种花色四副相同的顺子", "Four identical chows of one suit"),
    ("four_pure_shifted_pungs", "一色四节高", "Four Pure Shifted Pungs", 48,
     "一种花色依次递增一的四副刻子", "Four pungs of one suit, each one higher"),
    # 32
    ("four_pure_shifted_chows", "一色四步高", "Four Pure Shifted Chows", 32,
     "一种花色依次递增一或二的四副顺子", "Four chows of one suit shifted up by one or by two"),
    ("three_kongs", "三杠", "Three Kongs", 32,
     "三个杠", "Three kongs"),
    ("all_terminals_and_honors", "混幺九", "All Terminals and Honors", 32,
     "只由 1、9 和字牌的刻子与将牌组成", "Only pungs and a pair of terminals and honours"),
    # 24
    ("seven_pairs", "七对", "Seven Pairs", 24,
     "七个对子", "Seven pairs"),
    ("greater_honors_and_knitted_tiles", "七星不靠", "Greater Honors and Knitted Tiles", 24,
     "七种字牌各一张加组合龙中的七张", "All seven honours and seven knitted tiles"),
    ("all_even_pungs", "全双刻", "All Even Pungs", 24,
     "只由 2、4、6、8 的刻子和将牌组成", "Only pungs and a pair of even tiles"),
    ("full_flush", "清一色", "Full Flush", 24,
     "只有一种花色的数牌", "Tiles of one suit only"),
    ("pure_triple_chow", "一色三同顺", "Pure Triple Chow", 24,
     "一种花色三副相同的顺子", "Three identical chows of one suit"),
    ("pure_shifted_pungs", "一色三节高", "Pure Shifted Pungs", 24,
     "一种花色依次递增一的三副刻子", "Three pungs of one suit, each one higher"),
    ("upper_tiles", "全大", "Upper Tiles", 24,
     "只有 7、8、9 的数牌", "Only 7, 8 and 9"),
    ("middle_tiles", "全中", "Middle Tiles", 24,
     "只有 4、5、6 的数牌", "Only 4, 5 and 6"),
    ("lower_tiles", "全小", "Lower Tiles", 24,
     "只有 1、2、3 的数牌", "Only 1, 2 and 3"),
    # 16
    ("pure_straight", "清龙", "Pure Straight", 16,
     "一种花色的 123、456、789", "123, 456 and 789 of one suit"),
    ("three_suited_terminal_chows", "三色双龙会", "Three-Suited Terminal Chows", 16,
     "两种花色各一副 123 和 789，第三种花色的 5 作将", "123 and 789 of two suits, a pair of 5s of the third"),
    ("pure_shifted_chows", "一色三步高", "Pure Shifted Chows", 16,
     "一种花色依次递增一或二的三副顺子", "Three chows of one suit shifted up by one or by two"),
    ("all_fives", "全带五", "All Fives", 16,
     "每副牌和将牌都有 5", "A 5 in every set and in the pair"),
    ("triple_pung", "三同刻", "Triple Pung", 16,
     "三种花色同一数字的刻子", "Pungs of the same number in three suits"),
    ("three_concealed_pungs", "三暗刻", "Three Concealed Pungs", 16,
     "三副暗刻", "Three concealed pungs"),
    # 12
    ("lesser_honors_and_knitted_tiles", "全不靠", "Lesser Honors and Knitted Tiles", 12,
     "组合龙中的牌与字牌，十四张互不相同", "Fourteen different knitted tiles and honours"),
    ("knitted_straight", "组合龙", "Knitted Straight", 12,
     "三种花色的 147、258、369", "147, 258 and 369, each in another suit"),
    ("upper_four", "大于五", "Upper Four", 12,
     "只有 6、7、8、9 的数牌", "Only 6 to 9"),
    ("lower_four", "小于五", "Lower Four", 12,
     "只有 1、2、3、4 的数牌", "Only 1 to 4"),
    ("big_three_winds", "三风刻", "Big Three Winds", 12,
     "三副风刻", "Three wind pungs"),
    # 8
    ("mixed_straight", "花龙", "Mixed Straight", 8,
     "三种花色的 123、456、789", "123, 456 and 789, each in another suit"),
    ("reversible_tiles", "推不倒", "Reversible Tiles", 8,
     "只由上下对称的牌组成（1234589 筒、245689 条、白板）", "Only tiles that look the same upside down"),
    ("mixed_triple_chow", "三色三同顺", "Mixed Triple Chow", 8,
     "三种花色同一数字的顺子", "Chows of the same numbers in three suits"),
    ("mixed_shifted_pungs", "三色三节高", "Mixed Shifted Pungs", 8,
     "三种花色依次递增一的刻子", "Pungs in three suits, each one higher"),
    ("chicken_hand", "无番和", "Chicken Hand", 8,
     "和牌后没有任何番", "A win with no other fan"),
    ("last_tile_draw", "妙手回春", "Last Tile Draw", 8,
     "自摸牌墙最后一张", "Self-drawn on the wall's last tile"),
    ("last_tile_claim", "海底捞月", "Last Tile Claim", 8,
     "和最后一张打出的牌", "Won on the discard after the wall's last tile"),
    ("out_with_replacement_tile", "杠上开花", "Out with Replacement Tile", 8,
     "开杠后补的牌自摸和", "Self-drawn on a kong's replacement tile"),
    ("robbing_the_kong", "抢杠和", "Robbing the Kong", 8,
     "和别人加杠的牌", "Won on the tile another player adds to a kong"),
    # 6
    ("all_pungs", "碰碰和", "All Pungs", 6,
     "四副刻子（杠）", "Four pungs or kongs"),
    ("half_flush", "混一色", "Half Flush", 6,
     "一种花色的数牌和字牌", "One suit and honours"),
    ("mixed_shifted_chows", "三色三步高", "Mixed Shifted Chows", 6,
     "三种花色依次递增一的顺子", "Chows in three suits, each one higher"),
    ("all_types", "五门齐", "All Types", 6,
     "万、筒、条、风、箭都有", "Characters, dots, bamboo, winds and dragons all present"),
    ("melded_hand", "全求人", "Melded Hand", 6,
     "四副全是吃碰明杠，和别人打出的牌单钓", "Four claimed sets, won on a discard as the pair"),
    ("two_concealed_kongs", "双暗杠", "Two Concealed Kongs", 6,
     "两个暗杠", "Two concealed kongs"),
    ("two_dragon_pungs", "双箭刻", "Two Dragon Pungs", 6,
     "两副箭刻", "Two dragon pungs"),
    # 4
    ("outside_hand", "全带幺", "Outside Hand", 4,
     "每副牌和将牌都有 1、9 或字牌", "A terminal or honour in every set and in the pair"),
    ("fully_concealed_hand", "不求人", "Fully Concealed Hand", 4,
     "没有吃碰明杠，自摸和", "No claimed set, self-drawn"),
    ("two_melded_kongs", "双明杠", "Two Melded Kongs", 4,
     "两个明杠", "Two melded kongs"),
    ("last_tile", "和绝张", "Last Tile", 4,
     "和的牌其余三张都已现出", "The other three copies of the winning tile are in sight"),
    # 2
    ("dragon_pung", "箭刻", "Dragon Pung", 2,
     "一副箭刻", "A dragon pung"),
    ("prevalent_wind", "圈风刻", "Prevalent Wind", 2,
     "圈风的刻子", "A pung of the prevalent wind"),
    ("seat_wind", "门风刻", "Seat Wind", 2,
     "门风的刻子", "A pung of the seat wind"),
    ("concealed_hand", "门前清", "Concealed Hand", 2,
     "没有吃碰明杠，和别人打出的牌", "No claimed set, won on a discard"),
    ("all_chows", "平和", "All Chows", 2,
     "四副顺子，数牌作将", "Four chows and a suited pair"),
    ("tile_hog", "四归一", "Tile Hog", 2,
     "四张同样的牌不作杠用", "All four copies of a tile used, not as a kong"),
    ("double_pung", "双同刻", "Double Pung", 2,
     "两种花色同一数字的刻子", "Pungs of the same number in two suits"),
    ("two_concealed_pungs", "双暗刻", "Two Concealed Pungs", 2,
     "两副暗刻", "Two concealed pungs"),
    ("concealed_kong", "暗杠", "Concealed Kong", 2,
     "一个暗杠", "A concealed kong"),
    ("all_simples", "断幺", "All Simples", 2,
     "没有 1、9 和字牌", "No terminals and no honours"),
    # 1
    ("pure_double_chow", "一般高", "Pure Double Chow", 1,
     "一种花色两副相同的顺子", "Two identical chows of one suit"),
    ("mixed_double_chow", "喜相逢", "Mixed Double Chow", 1,
     "两种花色同一数字的顺子", "Chows of the same numbers in two suits"),
    ("short_straight", "连六", "Short Straight", 1,
     "一种花色相连的两副顺子（如 123 456）", "Two chows of one suit making six in a row"),
    ("two_terminal_chows", "老少副", "Two Terminal Chows", 1,
     "一种花色的 123 和 789", "123 and 789 of one suit"),
    ("pung_of_terminals_or_honors", "幺九刻", "Pung of Terminals or Honors", 1,
     "一副 1、9 或非圈风门风的风牌刻子", "A pung of terminals or of a wind that is neither seat nor prevalent"),
    ("melded_kong", "明杠", "Melded Kong", 1,
     "一个明杠", "A melded kong"),
    ("one_voided_suit", "缺一门", "One Voided Suit", 1,
     "缺少一种花色的数牌", "One suit missing"),
    ("no_honors", "无字", "No Honors", 1,
     "没有字牌", "No honours"),
    ("edge_wait", "边张", "Edge Wait", 1,
     "只听 12 的 3 或 89 的 7", "Waiting only on the 3 of 12 or the 7 of 89"),
    ("closed_wait", "坎张", "Closed Wait", 1,
     "只听顺子中间的一张", "Waiting only on the middle tile of a chow"),
    ("single_wait", "单钓将", "Single Wait", 1,
     "只听将牌的一张", "Waiting only on the tile that pairs"),
    ("self_drawn", "自摸", "Self-Drawn", 1,
     "自己摸到和的牌", "The winning tile is self-drawn"),
    ("flower_tiles", "花牌", "Flower Tiles", 1,
     "每张花牌一番，不计入起和番", "One for each flower; not counted toward the minimum"),
))

# Not in the 2006 rule book's 81: one melded and one concealed kong score 明暗杠 (5) instead of
# 明杠 + 暗杠 (1 + 2), as in the competition scorer the ruleset is checked against (PyMahjongGB).
CONCEALED_AND_MELDED_KONG: Final = FanInfo(
    "concealed_kong_and_melded_kong", "明暗杠", "Concealed Kong and Melded Kong", 5,
    "一个明杠和一个暗杠", "One melded and one concealed kong")

ALL_FANS: Final[tuple[FanInfo, ...]] = (*FANS, CONCEALED_AND_MELDED_KONG)
FAN_BY_ID: Final[dict[str, FanInfo]] = {f.fan: f for f in ALL_FANS}
FAN_BY_ZH: Final[dict[str, FanInfo]] = {f.zh: f for f in ALL_FANS}
