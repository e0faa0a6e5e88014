"""The optional C accelerator (``majiang/hand/_speedups.c``) against the pure-Python path
(the same answers and errors on every input), and the hand tests on the other path (``MAJIANG_PURE=1``)."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from majiang.hand import codes, is_win, shanten, waits
from majiang.hand.codes import group_code, group_codes_py
from majiang.hand.groups import FULL_TABLES
from majiang.hand.shanten import (
    _discard_shantens_accelerated,
    _discard_shantens_pure,
    _shanten_accelerated,
    _shanten_draws_accelerated,
    _shanten_draws_pure,
    _shanten_pure,
    discard_shantens,
    shanten_draws,
)
from majiang.hand.tileset import TileSet
from majiang.hand.win import _is_win_accelerated, _is_win_pure, _is_win_slow, _waits_accelerated, _waits_pure
from majiang.tiles import TileError

ROOT = Path(__file__).resolve().parent.parent
needs_c = pytest.mark.skipif(not codes.ACCELERATED, reason="the C accelerator is not built or MAJIANG_PURE is set")


class IntList(list):  # type: ignore[type-arg]
    pass


class Counts(tuple):  # type: ignore[type-arg]
    pass


class IntSub(int):
    pass


def _valid(rnd: random.Random) -> list[int]:
    """Plain counts: mostly 14 or 13 tiles (real parts), some any 0..4 counts (invalid sizes)."""
    if rnd.random() < 0.2:
        return [rnd.choice([0, 0, 0, 1, 1, 2, 3, 4]) for _ in range(34)]
    counts = [0] * 34
    for t in rnd.sample([k for k in range(34) for _ in range(4)], rnd.choice([13, 14])):
        counts[t] += 1
    return counts


def _inputs() -> list[object]:
    """Plain and not-plain inputs: the C and Python versions must agree on all of them."""
    rnd = random.Random(5)
    base = _valid(rnd)
    out: list[object] = []
    for _ in range(2000):
        h = _valid(rnd)
        out += [h, tuple(h)]
    out += [[0] * 34, [4] * 34, tuple([4] * 34)]
    for bad in (5, -1, True, False, 1.0, 2**70, -(2**70), None, "1", 10**3):
        for i in (0, 8, 9, 26, 27, 33):
            h = list(base)
            h[i] = bad  # type: ignore[call-overload]
            out += [h, tuple(h)]
    out += [base[:33], [*base, 0], base[:-7], [], (), IntList(base), Counts(base), None, 34, "x" * 34, b"\0" * 34,
            bytearray(34), dict.fromkeys(range(34), 0), iter(base), range(34)]
    # A huge int whose value is "small" modulo 2**k must not alias a small count.
    h = list(base)
    h[3] = 2**64 + 1
    out.append(h)
    h = list(base)
    h[3] = int("1")  # a fresh small int (CPython returns the cached object; either way it is 1)
    out.append(h)
    return out


def test_group_code_is_base_5_with_rank_r_weighted_5_to_the_r():
    assert group_code((1, 0, 0, 0, 0, 0, 0, 0, 0)) == 1
    assert group_code((0, 2, 0, 0, 0, 0, 0, 0, 0)) == 10
    assert group_code((0, 0, 0, 0, 0, 0, 0, 0, 4)) == 4 * 5**8
    assert group_code((4,) * 9) == 5**9 - 1
    assert group_code((4,) * 7) == 5**7 - 1
    h = [i % 5 for i in range(34)]
    assert group_codes_py(h) == tuple(group_code(tuple(h[lo:hi])) for lo, hi in codes.GROUP_BOUNDS)


def test_limits_agree():
    from majiang.hand import groups

    assert (codes.MAX_JOKERS, codes.MAX_GROUP_TILES) == (groups.MAX_SIZE, groups.MAX_SIZE)
    if codes.speedups is not None:
        assert (codes.speedups.MAX_JOKERS, codes.speedups.MAX_GROUP_TILES) == (14, 14)


@needs_c
def test_c_group_codes_match_the_python_reference():
    assert codes.speedups is not None
    for counts in _inputs():
        assert codes.speedups.group_codes(counts) == group_codes_py(counts), counts


def _outcome(fn: Callable[..., object], *args: object) -> object:
    """The answer, or the exception's type and message."""
    try:
        return fn(*args)
    except Exception as exc:
        return type(exc), str(exc)


# is_win's reference is its validating slow path: the pure hot path reads a falsy ``jokers``
# (None, "") as no wilds before any check, where the slow path names the bad value.
PAIRS = (
    ("is_win", _is_win_accelerated, _is_win_slow),
    ("shanten", _shanten_accelerated, _shanten_pure),
    ("waits", _waits_accelerated, _waits_pure),
    ("shanten_draws", _shanten_draws_accelerated, _shanten_draws_pure),
    ("discard_shantens", _discard_shantens_accelerated, _discard_shantens_pure),
)


@needs_c
def test_c_calls_answer_or_raise_like_the_pure_ones_on_every_input():
    """Plain and non-plain inputs, good and bad wilds and tile sets: the same answer or the same error."""
    rnd = random.Random(9)
    answered = 0
    for counts in _inputs():
        jokers = rnd.choice([0, 0, 0, 1, 4])
        tileset = rnd.choice([None, None, TileSet.FULL, TileSet.HEFEI])
        for _name, fast, pure in PAIRS:
            expected = _outcome(pure, counts, jokers, True, tileset)
            assert _outcome(fast, counts, jokers, True, tileset) == expected, (counts, jokers, tileset)
            answered += not isinstance(expected, tuple)
    assert answered > 2000
    plain = [0] * 34
    plain[:5] = [3, 3, 3, 3, 1]
    for jokers in (*range(15), True, False, -1, 15, 2**70, -(2**70), 1.0, None, "1", IntSub(1)):
        for tileset in (None, TileSet.HEFEI, "full", 3):
            for _name, fast, pure in PAIRS:
                args = (plain[: 13 - jokers] if type(jokers) is int and 0 <= jokers <= 13 else plain, jokers)
                assert _outcome(fast, *args, True, tileset) == _outcome(pure, *args, True, tileset), (jokers, tileset)


@needs_c
def test_c_entry_points_take_the_python_signature():
    """Positional or keyword, defaults, and bad signatures (handed to the Python function) as in Python."""
    counts = [0] * 34
    counts[1:5] = [2, 3, 3, 3]
    counts[20] = 0
    for fn, pure in ((is_win, _is_win_pure), (shanten, _shanten_pure)):
        assert fn(counts) == fn(counts, 0, True, None) == fn(counts=counts, tileset=None, seven_pairs=True, jokers=0)
        assert fn(counts, tileset=TileSet.HEFEI) == pure(counts, tileset=TileSet.HEFEI)
        assert fn(tuple(counts), jokers=0) == pure(counts)
        for args, kwargs in (((), {}), ((counts, 0), {"jokers": 0}), ((counts,), {"bogus": 1}),
                             ((counts, 0, True, None, 0), {})):
            with pytest.raises(TypeError):
                fn(*args, **kwargs)
    thirteen = [*counts[:4], 2, *counts[5:]]
    assert waits(thirteen, seven_pairs=False) == _waits_pure(thirteen, 0, False) == [1, 4]
    assert shanten_draws(thirteen) == shanten_draws(counts=thirteen, tileset=None, seven_pairs=True, jokers=0)
    assert shanten_draws(thirteen, seven_pairs=False) == _shanten_draws_pure(thirteen, 0, False)
    with pytest.raises(TypeError):
        shanten_draws(thirteen, 0, True, None, 0)
    assert discard_shantens(counts) == discard_shantens(counts=counts, jokers=0, seven_pairs=True, tileset=None)
    assert discard_shantens(counts, tileset=TileSet.HEFEI) == _discard_shantens_pure(counts, tileset=TileSet.HEFEI)


@needs_c
def test_c_tables_check_their_arguments():
    assert codes.speedups is not None
    sp = codes.speedups
    with pytest.raises(TypeError):
        sp.Tables(1, 2, 3, 4)
    suit = sp.Shape(9, 511, 127)
    with pytest.raises(ValueError, match="three suit shapes"):
        sp.Tables(suit, suit, suit, suit)
    for bad in ((10, 0, 0), (9, 512, 0), (9, 511, 1 << 7), (9, 0b111111110, 1), (7, 127, -1)):
        with pytest.raises(ValueError):
            sp.Shape(*bad)
    with pytest.raises(ValueError, match="not in this shape"):
        sp.Shape(9, 0b011111110, 0).need((1, 0, 0, 0, 0, 0, 0, 0, 0))
    with pytest.raises(ValueError, match="no entry named"):
        sp.install("decompositions", print, FULL_TABLES.flat)
    with pytest.raises(TypeError):
        sp.install("is_win", print, None)


def test_both_paths_give_the_same_answers_here():
    """is_win, shanten and waits on the module's tables and on Hefei's, with 0-4 wilds."""
    rnd = random.Random(17)
    for _ in range(3000):
        tileset = rnd.choice([None, TileSet.HEFEI])
        kinds = (tileset or TileSet.FULL).sorted_kinds
        h = [0] * 34
        jokers = rnd.randrange(5)
        size = rnd.choice([13, 14])
        for t in rnd.sample([k for k in kinds for _ in range(4)], size - jokers):
            h[t] += 1
        for seven in (True, False):
            assert is_win(h, jokers, seven, tileset) == _is_win_pure(h, jokers, seven, tileset)
            assert shanten(h, jokers, seven, tileset) == _shanten_pure(h, jokers, seven, tileset)
            if size == 13:
                assert waits(h, jokers, seven, tileset) == _waits_pure(h, jokers, seven, tileset)
                assert shanten_draws(h, jokers, seven, tileset) == _shanten_draws_pure(h, jokers, seven, tileset)
            else:
                assert discard_shantens(h, jokers, seven, tileset) == _discard_shantens_pure(h, jokers, seven, tileset)
            assert is_win(tuple(h), jokers, seven, tileset) == _is_win_pure(h, jokers, seven, tileset)


def _run(env_pure: str | None, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("MAJIANG_PURE", None)
    if env_pure is not None:
        env["MAJIANG_PURE"] = env_pure
    return subprocess.run([sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def test_majiang_pure_forces_the_python_path():
    probe = "from majiang.hand import codes, win; print(codes.ACCELERATED, win.is_win is win._is_win_pure)"
    assert _run("1", "-c", probe).stdout.split() == ["False", "True"]
    built = importlib.util.find_spec("majiang.hand._speedups") is not None
    for value in ("0", None):  # "0" or unset: the C path whenever it is built
        assert _run(value, "-c", probe).stdout.split() == [str(built), str(not built)]


@pytest.mark.skipif(not codes.ACCELERATED, reason="this run is already on the pure path")
def test_hand_tests_pass_on_the_pure_path():
    """This session runs the hand tests with the accelerator; run them again without it."""
    files = ["tests/test_hand.py", "tests/test_hand_fast.py", "tests/test_hand_brute.py", "tests/test_hand_cli.py",
             "tests/test_hand_batch.py"]
    result = _run("1", "-m", "pytest", "-q", "-p", "no:cacheprovider", *files)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout


def test_shanten_draws_is_a_shanten_per_draw():
    """The definition on a few parts (either path): a draw lowers the shanten, or joins a held tile."""
    nine_gates = [0] * 34
    nine_gates[0:9] = [3, 1, 1, 1, 1, 1, 1, 1, 3]  # 1112345678999m: ready for every m
    sh, lowering, connected = shanten_draws(nine_gates, 0, False)
    assert sh == 0
    assert lowering == connected == (1 << 9) - 1
    lone = [0] * 34
    for t in (0, 4, 8, 9, 13, 17, 18, 22, 26, 27, 28, 29, 30):  # 159m 159p 159s 1234z: far from anything
        lone[t] += 1
    sh, lowering, connected = shanten_draws(lone, 0, False)
    assert sh == _shanten_pure(lone, 0, False)
    suited = sum(1 << (9 * s + r) for s in range(3) for r in range(9))
    assert connected == suited | 0b1111 << 27  # every rank of a suit is within two of 1, 5 or 9
    for k in range(34):
        after = list(lone)
        after[k] += 1
        assert bool(lowering >> k & 1) == (_shanten_pure(after, 0, False) < sh), k
    # With wilds, a tile that joins nothing can still lower it (it waits as a leftover beside them);
    # the Hefei tile set has no honors and no 1 or 9.
    three_sets = [0] * 34
    for t in (1, 2, 3, 10, 11, 12, 19, 20, 21):
        three_sets[t] += 1
    sh, lowering, connected = shanten_draws(three_sets, 4, True, TileSet.HEFEI)
    assert sh == 0
    assert lowering == sum(1 << k for k in TileSet.HEFEI.kinds)
    assert connected == sum(1 << k for k in TileSet.HEFEI.kinds if k % 9 <= 5)
    with pytest.raises(TileError, match="shanten_draws needs a concealed part of 1, 4, 7, 10, 13"):
        shanten_draws([*nine_gates[:9], 1, *nine_gates[10:]])


def test_discard_shantens_is_a_shanten_per_discard():
    """The definition (either path): what each held kind, and a wild, leaves."""
    rnd = random.Random(23)
    for _ in range(200):
        h = [0] * 34
        jokers = rnd.randrange(3)
        for t in rnd.sample([k for k in range(34) for _ in range(4)], 14 - jokers):
            h[t] += 1
        got = discard_shantens(h, jokers)
        assert len(got) == 35
        for k in range(34):
            if not h[k]:
                assert got[k] is None
                continue
            after = list(h)
            after[k] -= 1
            assert got[k] == _shanten_pure(after, jokers), (h, k)
        assert got[34] == (_shanten_pure(h, jokers - 1) if jokers else None)
    with pytest.raises(TileError, match="discard_shantens needs a concealed part of 2, 5, 8, 11, 14"):
        discard_shantens([1] * 13 + [0] * 21)
