"""The browser's 听 hint (majiang/web/hint.js) run under Node: its win-checker agrees with the engine's
`majiang.hand.is_win` on random parts (with and without wilds), and its waits honour the Anqing wild /
红中 stand-in and the Hefei 2–8 tile set and 8-in-a-suit rule."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from majiang.hand import is_win

WEB = Path(__file__).resolve().parents[2] / "majiang" / "web"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _run(script: str, data: object) -> object:
    code = f"import * as hint from {json.dumps((WEB / 'hint.js').as_uri())};\n" \
           f"import {{readFileSync}} from 'node:fs';\n" \
           f"const data = JSON.parse(readFileSync(0, 'utf8'));\n{script}"
    out = subprocess.run([NODE, "--input-type=module", "-e", code], input=json.dumps(data), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _random_part(rng: random.Random, kinds: list[int], size: int) -> list[int]:
    tiles: list[int] = []
    while len(tiles) < size:
        t = rng.choice(kinds)
        if rng.random() < 0.5 and t < 27 and t % 9 <= 6 and t + 2 in kinds:
            tiles += [t, t + 1, t + 2]
        elif rng.random() < 0.6:
            tiles += [t] * rng.choice([2, 3])
        else:
            tiles.append(t)
    return tiles[:size]


def test_is_win_shape_agrees_with_the_engine() -> None:
    rng = random.Random(7)
    cases = []
    while len(cases) < 3000:
        size = rng.choice([2, 5, 8, 11, 14])
        tiles = _random_part(rng, list(range(34)), size)
        counts = [0] * 34
        for t in tiles:
            counts[t] += 1
        if max(counts) > 4:
            continue
        jokers = min(rng.choice([0, 0, 1, 2, 3]), size - 1)
        for _ in range(jokers):
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        cases.append([counts, jokers, bool(is_win(counts, jokers, True))])
    got = _run("console.log(JSON.stringify(data.map(([c, j]) => "
               "hint.isWinShape(c, j, c.reduce((a, b) => a + b, 0) + j === 14 ? 0 : 1))));", cases)
    bad = [c for c, g in zip(cases, got, strict=True) if c[2] != g]
    assert not bad, bad[:5]
    assert sum(c[2] for c in cases) > 300  # the sample holds plenty of wins


def _view(ruleset: str, hand: list[int], **kw: object) -> dict[str, object]:
    seats = [{"seat": i, "hand_count": 13, "melds": [], "exposed": [], "river": [], "declared": False}
             for i in range(4)]
    view = {"ruleset": ruleset, "options": kw.pop("options", {}), "seat": 0, "phase": "turn", "hand": sorted(hand),
            "drawn": None, "seats": seats, "wild": None, "stand_in": None, "gangpai": [], "indicator": None,
            "indicator_in_wall": False, "legal": []}
    view.update(kw)
    return view


def test_anqing_waits_with_wild_and_stand_in() -> None:
    # 123m 456m 34p+红中 (plays as the wild's face 5p) 11s W(5p) 北: 北 wins (北北, 11s+W).
    hand = [0, 1, 2, 3, 4, 5, 11, 12, 31, 18, 18, 13, 30]
    view = _view("anqing", hand, wild=13, stand_in=31, indicator=12, indicator_in_wall=True, gangpai=[32, 33])
    out = _run("console.log(JSON.stringify({waits: hint.hintFor(data).waits}));", view)
    waits = [w["tile"] for w in out["waits"]]
    # Reference: counts with the wild as a joker and 红中 as 5p, per added kind.
    ref = []
    for k in range(34):
        if k == 13:
            continue
        if k in (32, 33):  # a held 杠牌 rules the hand out (mode A)
            continue
        counts = [0] * 34
        jokers = 0
        for t in [*hand, k]:
            if t == 13:
                jokers += 1
            elif t == 31:
                counts[13] += 1
            else:
                counts[t] += 1
        if is_win(counts, jokers, True):
            ref.append(k)
    assert waits == ref
    assert 30 in waits  # 北 pairs with the held 北
    unseen = {w["tile"]: w["unseen"] for w in out["waits"]}
    assert unseen[30] == 3


def test_hefei_waits_need_eight_in_a_suit() -> None:
    # 234m 345m 456m 77m 88p + 99?: only 2-8 exist. 234m345m456m 77m 6p 7p → waits 5p/8p, 11 万 tiles: fine.
    hand = [1, 2, 3, 2, 3, 4, 3, 4, 5, 6, 6, 14, 15]
    view = _view("hefei", hand, options={"room": "bubaoting"})
    out = _run("console.log(JSON.stringify(hint.hintFor(data).waits.map(w => w.tile)));", view)
    assert out == [13, 16]
    # The same shape spread over suits: 234m 345p 456s 77m 6p7p → no suit reaches 8 tiles, no waits.
    hand2 = [1, 2, 3, 11, 12, 13, 21, 22, 23, 6, 6, 14, 15]
    out2 = _run("console.log(JSON.stringify(hint.hintFor(data).waits.map(w => w.tile)));",
                _view("hefei", hand2, options={"room": "bubaoting"}))
    assert out2 == []
