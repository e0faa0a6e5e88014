"""Each ruleset's options, as frozen msgspec structs (kept apart from the compiled rule modules).

A ruleset's options are its scoring package's options (what changes a score, declared there) and
the options of the table flow, declared here: each option once, with its label and help in both
languages (:func:`majiang.core.options.described`), which the lobby and the rules pages show.
"""

from __future__ import annotations

from typing import Annotated, Literal

from majiang.core.options import described
from majiang.rules.anqing_scoring.situation import AnqingOptions
from majiang.rules.baida_scoring.situation import BaidaOptions
from majiang.rules.guobiao_scoring.situation import GuobiaoOptions
from majiang.rules.hefei_scoring.situation import HefeiOptions


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
        "The winner deals next (the other text's rule); otherwise the dealer's next seat deals."
    )] = False
    # 东 deals the first hand (default: a dice roll picks the dealer)
    east_deals_first: Annotated[bool, described(
        "东风位先坐庄", "East deals first",
        "第一局由东风位坐庄，不掷骰定庄。",
        "East deals the first hand instead of a dice roll picking the first dealer."
    )] = False
    # the match lasts this many 圈 (0: a number of hands)
    rounds: Annotated[int, described(
        "圈数", "Rounds (圈)",
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
        "做十三烂可留杠牌", "Keep 杠牌 for 十三烂",
        "手牌接近十三烂时，杠牌先留在手里（七星归位需要中发白）。",
        "A hand close to 十三烂 keeps its 杠牌 in hand (七星归位 needs 中 发 白)."
    )] = True


class HefeiRules(HefeiOptions, frozen=True, forbid_unknown_fields=True):
    # 报听 room (base 12) or 不报听 room (base 10): the situation carries it as its own field
    room: Annotated[Literal["baoting", "bubaoting"], described(
        "房间", "Room",
        "报听房底分 12，点炮须先报听；不报听房底分 10，随时可胡。",
        "报听 room: base 12, a discard win needs a declaration first; 不报听 room: base 10, no declaring.",
        choices={"baoting": ("报听", "报听 (declare ready)"), "bubaoting": ("不报听", "不报听 (no declaring)")}
    )] = "baoting"
    # a possible 海捞 win must be taken
    haidi_forced: Annotated[bool, described(
        "海捞必胡", "海捞 win forced",
        "最后四张（海捞区）能胡时必须胡。",
        "A possible win on the last four tiles (海捞区) must be taken."
    )] = False
    # 过水不胡: a passed discard win bars discard wins until the seat's next draw
    guoshui: Annotated[bool, described(
        "过水不胡", "Passed win (过水不胡)",
        "放过别人的点炮后，到自己下次摸牌前不能再胡别人打的牌。",
        "After letting a discard win go, a player may not win on a discard until his own next draw."
    )] = False


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


class GuobiaoRules(GuobiaoOptions, frozen=True, forbid_unknown_fields=True):
    # the match lasts this many 圈 of four hands (0: a number of hands)
    rounds: Annotated[int, described(
        "圈数", "Rounds",
        "一场打几圈：每圈四局，每局换庄（不连庄），圈风东南西北依次换；0 表示按局数。",
        "How many rounds of four hands a match lasts: the deal passes every hand (no dealer streak) and "
        "the prevalent wind moves 东 南 西 北 each round. 0: a number of hands instead."
    )] = 4
