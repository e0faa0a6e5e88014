"""Each ruleset's options, as frozen msgspec structs (kept apart from the compiled rule modules)."""

from __future__ import annotations

from typing import Literal

import msgspec


class AnqingRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    mode: Literal["A", "B"] = "A"  # A 不打缺 (default), B 打缺
    base_silver: int = 1  # 基础银子
    lianzhuang_bonus: bool = True  # 3/6/12/15 番 between the kept dealer and the others
    winner_deals: bool = False  # [option] the winner deals next instead of the dealer's 下家
    end_at_indicator: bool = False  # [option] 荒庄 when the next draw would be the indicator
    keep_gangpai: bool = True  # mode B: a 杠牌 may be kept as an ordinary honor
    # A seat on the way to 十三烂/七星归位 keeps its 杠牌 (they count as themselves there; 七星归位 needs
    # 中 发 白 in hand) while its tiles, but for one, still have 十三烂's shape; otherwise they are laid open.
    shisanlan_keeps_gangpai: bool = True
    qingyise: int = 10  # mode B 清一色
    couyise: int = 5  # mode B 凑一色 (混一色)
    ziyise: int = 20  # mode B 字一色
    shisanlan_strict: bool = False  # [option] any wild held rules out 十三烂/七星归位 (default: as its own face)
    bao_dealer_rate: bool = True  # 顺包/反包 amounts are worked out as the dealer's, then multiplied
    cap: int = 0  # [option] 封顶: the most one payer pays for one hand (0: no cap)
    no_chi: bool = False  # [option] no chi even in mode A (seed 001's flow)
    east_deals_first: bool = False  # [option] 东 deals the first hand (default: a dice roll picks the dealer)
    rounds: int = 0  # [option] the match lasts this many 圈 (0: a number of hands)
    flowers: bool = False  # [option] 中 发 白 and 东 are flowers (seed 001), laid open like 杠牌, +1 番 each


class HefeiRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    room: Literal["baoting", "bubaoting"] = "baoting"  # 报听 room (base 12) or 不报听 room (base 10)
    haidi_forced: bool = False  # [option] a possible 海捞 win must be taken
    kan_from_discard: bool = False  # [option] a triplet completed by a discard counts as 坎
    ka_single_wait: bool = False
    queyimen_per_suit: bool = False
    kong_points_all: bool = False  # [option] every seat's 暗杠 earns 2 from each other seat when someone wins
    guoshui: bool = False  # [option] 过水不胡: a passed discard win bars discard wins until the seat's next draw


class BaidaRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    rounds: int = 1  # [option] the match lasts this many 圈 (0: a number of hands)
    seven_baida: bool = False  # [option] also the four copies of the tile after the indicator are 百搭
    multi_win: bool = True  # [option] off: only the first winner in turn order from the discarder (截胡)
    min_tai: int = 1  # [option] 起胡: the fewest 台 a win needs
    dealer_streak: bool = True  # [option] 庄 is 1 + the hands kept (off: always 1)
    di: int = 1  # 底: the stake per 台
    doubling: bool = False  # [option] pay 底 × 2^(台−1) (with 封顶) instead of 底 × 台
    cap: int = 0  # [option] 封顶 in 台 (0: none when linear, 5 when doubling)
