"""``winning_fan``: the 番 ``settle`` pays on, worked out without the settlement's items and notes.

The strong bot values candidate wins by it (majiang.bots.valuation), so it must agree with ``score`` on
every situation: the example files, and random hands of every shape (regular, seven pairs, 十三烂, with
wilds and 红中, 直叫, melds with 口, 杠牌, mode B's suit items, the 天胡 family, replacement wins), valid
wins and refused ones alike. What the winner collects then follows from ``payments`` of that 番.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from majiang.core.settlement import totals_from_payments
from majiang.rules.anqing_scoring import hand_of, parse_situation, score, winning_fan
from majiang.rules.anqing_scoring.payment import payments
from majiang.rules.anqing_scoring.wilds import stand_in_of, wild_of
from majiang.tiles import format_tiles
from tests.test_anqing_scoring_helpers import DATA, load


def _agree(data: dict[str, Any]) -> bool:
    """Check one situation (False: it is not a possible situation)."""
    try:
        s = parse_situation(data)
    except ValueError:
        return False
    h = hand_of(s)
    full = score(s)
    fan = winning_fan(s, h)
    if full.valid:
        assert fan == full.extra["fan"], (data, full.items)
        assert totals_from_payments(payments(s, h, fan)) == full.totals
    else:
        assert fan is None, (data, fan, full.reason)
    return True


@pytest.mark.parametrize("name", sorted(p.stem for p in DATA.glob("*.json")))
def test_examples(name: str) -> None:
    assert _agree(load(name))


def _group(rng: random.Random) -> list[int]:
    if rng.random() < 0.5:
        s, r = rng.randrange(3), rng.randrange(7)
        return [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
    return [rng.randrange(34)] * 3


def _situation(rng: random.Random) -> dict[str, Any]:
    mode = rng.choice("AB")
    flowers = rng.random() < 0.15
    indicator = rng.randrange(34)
    wild = wild_of(indicator)
    stand_in = stand_in_of(indicator, flowers)
    winner = rng.randrange(4)
    melds: list[dict[str, Any]] = []
    tiles: list[int] = []
    zhijiao = rng.random() < 0.08
    if zhijiao:
        melds.append({"type": "wildkong", "tiles": format_tiles([wild, wild])})
    for _ in range(rng.choice([0, 0, 0, 1, 1, 2, 3, 4])):
        kind = rng.choice(["chi", "peng", "peng", "minggang", "angang", "jiagang"])
        if kind == "chi":
            s, r = rng.randrange(3), rng.randrange(7)
            ts = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
            frm: int | None = (winner - 1) % 4
        else:
            ts = [rng.randrange(34)] * (3 if kind == "peng" else 4)
            frm = None if kind == "angang" else rng.choice([x for x in range(4) if x != winner])
        melds.append({"type": kind, "tiles": format_tiles(ts), **({"from_seat": frm} if frm is not None else {})})
    sets = sum(m["type"] != "wildkong" for m in melds)
    shape = rng.random()
    if not sets and not zhijiao and shape < 0.12:
        tiles = [t for _ in range(7) for t in [rng.randrange(34)] * 2]  # seven pairs
    elif not sets and not zhijiao and shape < 0.2:
        # 十三烂 / 七星归位: ranks three apart in each suit, honors all different
        spread = [9 * su + r for su in range(3) for r in rng.choice([(0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8)])]
        tiles = rng.sample(spread + list(range(27, 34)), 14)
    else:
        for _ in range(4 - sets):
            tiles += _group(rng)
        tiles += [rng.randrange(34)] * (1 if zhijiao else 2)
    # wilds for any tile, 红中 for the wild's face
    tiles = [wild if rng.random() < 0.12 else (stand_in if t == wild and stand_in is not None and rng.random() < 0.5
                                                else t) for t in tiles]
    if rng.random() < 0.05:
        tiles[rng.randrange(len(tiles))] = rng.randrange(34)  # mostly not a win
    winning = rng.choice(tiles)
    kongs = sum(m["type"] in ("minggang", "angang", "jiagang", "wildkong") for m in melds)
    replacement = zhijiao or (kongs and rng.random() < 0.3)
    gangpai = sorted(t for t in range(27, 34) if t not in (wild, stand_in) and t in (31, 32, 33, 27) and
                     rng.random() < 0.2)
    return {
        "ruleset": "anqing",
        "options": {"mode": mode, "flowers": flowers, "keep_gangpai": rng.random() < 0.7,
                    "shisanlan_strict": rng.random() < 0.2, "lianzhuang_bonus": rng.random() < 0.8,
                    "cap": rng.choice([0, 0, 0, 20]), "bao_dealer_rate": rng.random() < 0.8},
        "base_silver": rng.choice([1, 1, 2]),
        "indicator": format_tiles([indicator]),
        "dealer": rng.randrange(4),
        "streak": rng.choice([0, 0, 1, 2, 4]),
        "winner": winner,
        "concealed": format_tiles(tiles),
        "melds": melds,
        "gangpai": format_tiles(gangpai),
        "winning_tile": format_tiles([winning]),
        "win_by": "replacement" if replacement else "self_draw",
        "kongs_before": rng.randint(1, kongs + len(gangpai)) if replacement and kongs + len(gangpai) else 0,
        "first_draw": rng.random() < 0.03,
        "opening_hand": rng.random() < 0.03,
        "winner_discarded_wild": rng.random() < 0.2,
    }


def test_random_hands() -> None:
    rng = random.Random(28)
    checked = wins = 0
    while checked < 6000:
        data = _situation(rng)
        if _agree(data):
            checked += 1
            wins += winning_fan(s := parse_situation(data), hand_of(s)) is not None
    assert wins > 1500  # (most are wins: the readings were exercised, not only the refusals)
