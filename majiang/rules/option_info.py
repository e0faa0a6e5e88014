"""What every ruleset option means, for people: a label and a one-line explanation in Chinese and
English, and a label for each choice value. The lobby and the rules help render options from this
(``GET /api/rulesets`` serves it as ``option_info``), so a player never sees a raw key.

The order of each list is the order the lobby shows them in. A test holds this table and the
rulesets' option structs to the same keys.
"""

from __future__ import annotations

from typing import Any

import msgspec


class Text(msgspec.Struct, frozen=True):
    zh: str
    en: str


class OptionInfo(msgspec.Struct, frozen=True, omit_defaults=True):
    key: str
    label: Text
    help: Text
    choices: dict[str, Text] | None = None  # for an option with named values


def _o(key: str, zh: str, en: str, help_zh: str, help_en: str,
       choices: dict[str, tuple[str, str]] | None = None) -> OptionInfo:
    return OptionInfo(
        key=key,
        label=Text(zh=zh, en=en),
        help=Text(zh=help_zh, en=help_en),
        choices={k: Text(zh=z, en=e) for k, (z, e) in choices.items()} if choices else None,
    )


ANQING: tuple[OptionInfo, ...] = (
    _o("mode", "玩法", "Mode",
       "不打缺可吃上家；打缺不吃牌，胡牌时万筒条最多留两门。",
       "A: chi from the left player allowed; B (打缺): no chi, at most two of the three suits when winning.",
       {"A": ("不打缺", "A: 不打缺 (all suits)"), "B": ("打缺", "B: 打缺 (two suits at most)")}),
    _o("base_silver", "基础银子", "Base stake",
       "每笔支付 = (底 + 番 + 连庄) × 基础银子。",
       "Every payment is (底 + 番 + streak bonus) × this stake."),
    _o("lianzhuang_bonus", "连庄加番", "Streak bonus",
       "庄家连庄时，庄闲之间每笔另加 3/6/12/15 番。",
       "While the dealer keeps the deal, payments between him and others add 3/6/12/15 番."),
    _o("winner_deals", "谁胡谁坐庄", "Winner deals",
       "胡牌者坐下一局庄（另一份规则的说法）；否则庄家的下家坐庄。",
       "The winner deals next (the other text's rule); otherwise the dealer's next seat deals."),
    _o("east_deals_first", "东风位先坐庄", "East deals first",
       "第一局由东风位坐庄，不掷骰定庄。",
       "East deals the first hand instead of a dice roll picking the first dealer."),
    _o("rounds", "圈数", "Rounds (圈)",
       "按圈打：庄位轮过每个座位 N 次后结束；0 表示按局数。",
       "Play N rounds: the match ends once the deal has passed every seat N times; 0 counts hands instead."),
    _o("no_chi", "不可吃牌", "No chi",
       "只许碰、杠，不许吃（另一份规则的打法）。",
       "Pung and kong only, no chi, even in mode A (the other text's flow)."),
    _o("end_at_indicator", "摸到翻牌即荒庄", "Stop at the indicator",
       "下一张要摸翻开的指示牌时即荒庄，而不是把牌摸完。",
       "The hand is drawn when the next draw would be the turned-up indicator, not when the wall is empty."),
    _o("keep_gangpai", "打缺可留杠牌", "Keep 杠牌 in mode B",
       "打缺时发、白可不亮出，当普通字牌用（不算钱）。",
       "In mode B a 杠牌 (发/白) may be kept as an ordinary honor tile; it then earns nothing."),
    _o("shisanlan_keeps_gangpai", "做十三烂可留杠牌", "Keep 杠牌 for 十三烂",
       "手牌接近十三烂时，杠牌先留在手里（七星归位需要中发白）。",
       "A hand close to 十三烂 keeps its 杠牌 in hand (七星归位 needs 中 发 白)."),
    _o("shisanlan_strict", "十三烂不许有钻", "Strict 十三烂",
       "手中有任何钻牌都不能成十三烂/七星归位；默认钻牌当本身（如东当东）可以。",
       "Any wild held rules out 十三烂/七星归位; by default a wild held as its own face (东 as 东) is fine."),
    _o("bao_dealer_rate", "包牌按庄家算", "包 at the dealer's rate",
       "顺包、反包的金额先按庄家的底与连庄算，再乘倍数；关闭则按付款人自己的金额。",
       "顺包/反包 amounts are worked out as the dealer's (底 8 + 4k and streak bonus), then multiplied; "
       "off: the payer's own amount."),
    _o("cap", "封顶", "Cap (封顶)",
       "每家每局最多付这么多；0 表示不封顶。",
       "The most one player pays for one hand; 0 means no cap."),
    _o("flowers", "中发白东算花", "中发白东 as flowers",
       "中、发、白和东风都算花：摸到即亮出补牌，每张 +1 番（钻牌本身除外）。",
       "中, 发, 白 and 东 are flowers: laid open with a replacement when drawn, +1 番 each (the wild excepted)."),
    _o("qingyise", "清一色番数", "清一色 番",
       "打缺时清一色（只有一门花色）的番数。",
       "Mode B: 番 for one suit only (清一色)."),
    _o("couyise", "凑一色番数", "凑一色 番",
       "打缺时凑一色（一门花色加字牌）的番数。",
       "Mode B: 番 for one suit plus honors (凑一色)."),
    _o("ziyise", "字一色番数", "字一色 番",
       "打缺时字一色（全是字牌）的番数。",
       "Mode B: 番 for honors only (字一色)."),
)

HEFEI: tuple[OptionInfo, ...] = (
    _o("room", "房间", "Room",
       "报听房底分 12，点炮须先报听；不报听房底分 10，随时可胡。",
       "报听 room: base 12, a discard win needs a declaration first; 不报听 room: base 10, no declaring.",
       {"baoting": ("报听", "报听 (declare ready)"), "bubaoting": ("不报听", "不报听 (no declaring)")}),
    _o("haidi_forced", "海捞必胡", "海捞 win forced",
       "最后四张（海捞区）能胡时必须胡。",
       "A possible win on the last four tiles (海捞区) must be taken."),
    _o("kan_from_discard", "点炮成坎也算坎", "坎 from a discard",
       "别人打出的牌凑成的刻子也算坎；默认只算手里的三张。",
       "A triplet completed by another player's discard counts as 坎; by default only three in hand do."),
    _o("ka_single_wait", "卡须真单张", "卡 needs a one-tile wait",
       "只有真的只听一张时才算卡；默认按拆法算。",
       "卡 counts only when the hand truly waited on one tile; by default it is judged on the grouping."),
    _o("queyimen_per_suit", "缺一门按门算", "缺一门 per suit",
       "每缺一门加 1 分；默认缺门只加 1 分。",
       "+1 for each absent suit; by default 缺一门 is +1 however many are absent."),
    _o("kong_points_all", "杠分人人算", "Kong points for all",
       "有人胡牌时，每家的暗杠各向其他三家收 2 分（荒庄作废）。",
       "When someone wins, every player's 暗杠 earns 2 from each other player (void on a drawn hand)."),
    _o("guoshui", "过水不胡", "Passed win (过水不胡)",
       "放过别人的点炮后，到自己下次摸牌前不能再胡别人打的牌。",
       "After letting a discard win go, a player may not win on a discard until his own next draw."),
)

BAIDA: tuple[OptionInfo, ...] = (
    _o("rounds", "圈数", "Rounds",
       "一场打几圈（庄家轮完四家为一圈，圈风随之换）；0 表示按局数。",
       "How many rounds (圈) a match lasts; the round wind moves after each. 0: a number of hands instead."),
    _o("seven_baida", "七百搭", "Seven 百搭",
       "翻牌的下一张牌四张也做百搭（共七张）；四百搭 2 台，七张全有 20 台。",
       "The four copies of the tile after the indicator are 百搭 too (seven in all); 4 of them 2 台, all 7 20 台."),
    _o("multi_win", "一炮多响", "Multiple winners",
       "一张牌多家可胡时都算胡；关掉则只有放冲者下家起第一家胡（截胡）。",
       "Several seats may win on one discard; off: only the first in turn order from the discarder."),
    _o("min_tai", "起胡台数", "Minimum 台",
       "胡牌至少要有几台（平胡算 1 台）。",
       "The fewest 台 a win needs (a plain hand is 1 台)."),
    _o("dealer_streak", "连庄加台", "Dealer streak",
       "庄家胡牌 1 台，每连一庄再加 1 台；关掉则庄家只算 1 台。",
       "A dealer's win is 1 台 plus 1 per hand he has kept the deal; off: always 1."),
    _o("di", "底", "Stake (底)",
       "每台的底分：放冲者付 2 × 底 × 台，自摸三家各付 底 × 台。",
       "The stake per 台: a discarder pays 2 × stake × 台; on a self-draw each other seat pays stake × 台."),
    _o("doubling", "翻倍计分", "Doubling",
       "按 底 × 2^(台−1) 付，而不是 底 × 台（配合封顶，默认 5 台）。",
       "Pay stake × 2^(台−1) instead of stake × 台 (with a cap, 5 台 unless set)."),
    _o("cap", "封顶", "Cap",
       "最多算几台；0 表示不封顶（翻倍计分时为 5 台）。",
       "The most 台 a win counts; 0: no cap (5 台 with doubling)."),
)

OPTION_INFO: dict[str, tuple[OptionInfo, ...]] = {"anqing": ANQING, "hefei": HEFEI, "baida": BAIDA}


def option_info(ruleset: str) -> list[dict[str, Any]]:
    """The ``option_info`` list of the ruleset named ``ruleset``, as JSON-ready dicts, in lobby order."""
    return msgspec.to_builtins(list(OPTION_INFO[ruleset]))  # type: ignore[no-any-return]


def options_text(options: dict[str, Any]) -> str:
    """Options as a person reads them on one line: ``mode=A, flowers=true, cap=null``: names and
    values as ``--option KEY=VALUE`` takes them (JSON values), not a Python dict with True/None."""

    def value(v: Any) -> str:
        return v if isinstance(v, str) else msgspec.json.encode(v).decode()

    return ", ".join(f"{k}={value(v)}" for k, v in options.items())
