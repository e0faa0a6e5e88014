"""majiang.hand.batch: one call for an (n, 34) array answers what the single functions answer, row
by row, and a bad row raises the single function's error naming the row (either path: the pure
rerun in tests/test_hand_paths.py runs this file with MAJIANG_PURE=1)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from majiang.hand import TileSet, batch, is_win, shanten
from majiang.tiles import TileError

HEFEI = TileSet.HEFEI


def random_counts(rnd: random.Random, kinds: list[int], size: int) -> list[int]:
    counts = [0] * 34
    for t in rnd.sample([k for k in kinds for _ in range(4)], size):
        counts[t] += 1
    return counts


def complete_counts(rnd: random.Random, kinds: list[int], size: int) -> list[int]:
    """Sets and a pair of the tile set (size 3n+2), or random tiles for other sizes."""
    if size % 3 != 2:
        return random_counts(rnd, kinds, size)
    while True:
        counts = [0] * 34
        for _ in range(size // 3):
            t = rnd.choice(kinds)
            run = t < 27 and t + 2 in kinds and t + 1 in kinds and t // 9 == (t + 2) // 9 and rnd.random() < 0.6
            for k in (t, t + 1, t + 2) if run else (t, t, t):
                counts[k] += 1
        counts[rnd.choice(kinds)] += 2
        if max(counts) <= 4:
            return counts


def _parts(rnd: random.Random, n: int, tileset: TileSet | None) -> tuple[np.ndarray, np.ndarray]:
    kinds = sorted((tileset or TileSet.FULL).kinds)
    hands, jokers = [], []
    for i in range(n):
        size = (13, 14, 14, 11, 8, 1, 2)[i % 7]
        h = complete_counts(rnd, kinds, size) if i % 3 == 0 else random_counts(rnd, kinds, size)
        j = rnd.randrange(min(5, size + 1))
        for _ in range(j):  # j of the part's naturals become wilds
            h[rnd.choice([k for k in range(34) if h[k]])] -= 1
        hands.append(h)
        jokers.append(j)
    return np.array(hands, dtype=np.uint8), np.array(jokers, dtype=np.uint8)


@pytest.mark.parametrize("tileset", [None, HEFEI], ids=["full", "hefei"])
@pytest.mark.parametrize("seven", [True, False])
def test_a_batch_answers_what_each_single_call_answers(tileset: TileSet | None, seven: bool) -> None:
    rnd = random.Random(28 + seven)
    hands, jokers = _parts(rnd, 1500, tileset)
    sh = batch.shanten(hands, jokers, seven, tileset)
    win = batch.is_win(hands, jokers, seven, tileset)
    assert sh.dtype == np.int8 and win.dtype == np.bool_ and sh.shape == win.shape == (1500,)
    for row in range(len(hands)):
        counts = [int(c) for c in hands[row]]
        assert sh[row] == shanten(counts, int(jokers[row]), seven, tileset), row
        assert win[row] == is_win(counts, int(jokers[row]), seven, tileset), row
    assert win.any() and not win.all() and (sh == -1).sum() == win[(hands.sum(1) + jokers) % 3 == 2].sum()


def test_one_wild_count_for_all_other_integer_types_and_views() -> None:
    rnd = random.Random(7)
    hands, _ = _parts(rnd, 300, None)
    hands = hands[(hands.sum(1) + 1) % 3 != 0]  # sizes that stay possible with one wild more
    expected = [shanten([int(c) for c in h], 1) for h in hands]
    assert batch.shanten(hands, 1).tolist() == expected
    assert batch.shanten(hands.astype(np.int64), 1).tolist() == expected  # converted
    assert batch.shanten(hands.tolist(), 1).tolist() == expected  # any array-like
    twice = np.repeat(hands, 2, axis=0)[::2]  # not contiguous
    assert batch.shanten(twice, 1).tolist() == expected
    assert batch.shanten(np.zeros((0, 34), dtype=np.uint8)).shape == (0,)


def test_a_bad_row_raises_the_single_error_naming_the_row() -> None:
    good = np.array([[1, 1, 1] + [0] * 31] * 3, dtype=np.uint8)  # 123m: 3 tiles, with 2 wilds a 5-tile part
    bad = good.copy()
    bad[2, 5] = 5
    with pytest.raises(TileError, match=r"hand 2: .*count 5 .*out of range"):
        batch.shanten(bad, 2)
    wide = good.astype(np.int64)
    wide[1, 0] = -1
    with pytest.raises(TileError, match=r"hand 1: count -1 for tile id 0"):
        batch.is_win(wide, 2)
    with pytest.raises(TileError, match=r"hand 0: .*needs a concealed part"):
        batch.shanten(good, 0)  # 3 tiles: no such part
    honors = good.copy()
    honors[1, 30] = 1
    honors[1, 0] = 0
    with pytest.raises(TileError, match=r"hand 0: "):
        batch.shanten(honors, 2, tileset=HEFEI)  # 1m is not a Hefei tile (row 0 already)
    with pytest.raises(TileError, match=r"\(n, 34\) array"):
        batch.shanten(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(TileError, match="jokers must be 0-14"):
        batch.shanten(good, 15)
    with pytest.raises(TileError, match="one per hand"):
        batch.shanten(good, [2, 2])
    with pytest.raises(TileError, match="integer counts"):
        batch.shanten(good.astype(np.float64), 2)
