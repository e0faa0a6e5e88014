"""Anqing's options (:class:`AnqingRules`), as a frozen msgspec struct (kept apart from the compiled rule
module): its scoring package's options and the table flow's own, each declared once with its label and
help in both languages (:func:`majiang.core.options.described`). A module of its own so that a process
playing Anqing imports no other ruleset's scoring (majiang/rules/options.py re-exports all four).
"""

from __future__ import annotations

from typing import Annotated

from majiang.core.options import described
from majiang.rules.anqing_scoring.situation import AnqingOptions


class AnqingRules(AnqingOptions, frozen=True, forbid_unknown_fields=True):
    # 基础银子 (every payment is multiplied by it; the scoring situation carries it)
    base_silver: Annotated[int, described(
        "基础银子", "Base stake",
        "每笔支付 = (底 + 番 + 连庄) × 基础银子。",
        "Every payment is (base + fan + streak bonus) × this stake."
    )] = 1
    # the winner deals next instead of the dealer's 下家
    winner_deals: Annotated[bool, described(
        "谁胡谁坐庄", "Winner deals",
        "胡牌者坐下一局庄（另一份规则的说法）；否则庄家的下家坐庄。",
        "The winner deals next (as the second rule text plays it); otherwise the dealer's next seat deals."
    )] = False
    # 东 deals the first hand (default: a dice roll picks the dealer)
    east_deals_first: Annotated[bool, described(
        "东风位先坐庄", "East deals first",
        "第一局由东风位坐庄，不掷骰定庄。",
        "East deals the first hand instead of a dice roll picking the first dealer."
    )] = False
    # the match lasts this many 圈 (0: a number of hands)
    rounds: Annotated[int, described(
        "圈数", "Rounds",
        "按圈打：庄位轮过每个座位 N 次后结束；0 表示按局数。",
        "Play N rounds: the match ends once the deal has passed every seat N times; 0 counts hands instead."
    )] = 0
    # 荒庄 when the next draw would be the indicator
    end_at_indicator: Annotated[bool, described(
        "摸到翻牌即荒庄", "Stop at the indicator",
        "下一张要摸翻开的指示牌时即荒庄，而不是把牌摸完。",
        "The hand is drawn when the next draw would be the turned-up indicator, not when the wall is empty."
    )] = False
    # A seat on the way to 十三烂/七星归位 keeps its 杠牌 (they count as themselves there; 七星归位 needs
    # 中 发 白 in hand) while its tiles, but for one, still have 十三烂's shape; otherwise they are laid open.
    shisanlan_keeps_gangpai: Annotated[bool, described(
        "十三烂留杠牌", "Kong tiles for 13-apart",
        "手牌接近十三烂时，杠牌先留在手里（七星归位需要中发白）。",
        "A hand close to 十三烂 keeps its 杠牌 in hand (七星归位 needs 中 发 白)."
    )] = True
