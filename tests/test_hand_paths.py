"""The optional C accelerator (``majiang/hand/_speedups.c``) against its Python reference
(``majiang/hand/codes.py``), and the hand tests on the other path (``MAJIANG_PURE=1``)."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from majiang.hand import codes, is_win
from majiang.hand.codes import group_code, group_codes_py, packed_sum_py
from majiang.hand.groups import FULL_TABLES, tables_for
from majiang.hand.tileset import TileSet
from majiang.hand.win import _is_win_accelerated, _is_win_pure

ROOT = Path(__file__).resolve().parent.parent
needs_c = pytest.mark.skipif(not codes.ACCELERATED, reason="the C accelerator is not built or MAJIANG_PURE is set")


class IntList(list):  # type: ignore[type-arg]
    pass


class Counts(tuple):  # type: ignore[type-arg]
    pass


class IntDict(dict):  # type: ignore[type-arg]
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


def test_packing_constants_agree():
    from majiang.hand import groups

    assert (codes.JOKER_STEP, codes.MAX_JOKERS) == (groups.JOKER_STEP, groups.MAX_SIZE)
    if codes.speedups is not None:
        assert (codes.speedups.JOKER_STEP, codes.speedups.MAX_JOKERS) == (codes.JOKER_STEP, codes.MAX_JOKERS)


@needs_c
def test_c_group_codes_match_the_python_reference():
    assert codes.speedups is not None
    for counts in _inputs():
        assert codes.speedups.group_codes(counts) == group_codes_py(counts), counts


@needs_c
def test_c_packed_sum_matches_the_python_reference():
    assert codes.speedups is not None
    c_sum = codes.speedups.packed_sum
    rnd = random.Random(9)
    inputs = _inputs()
    hits = 0
    for counts in inputs[:2000]:  # fill the tables for about half the plain parts (others stay misses)
        if rnd.random() < 0.5 and sum(counts) in (13, 14):  # type: ignore[call-overload]
            is_win(counts)  # type: ignore[arg-type]
    tables = FULL_TABLES.codes
    for counts in inputs:
        jokers = rnd.choice([0, 0, 0, 1, 4])
        expected = packed_sum_py(counts, tables, jokers)
        assert c_sum(counts, tables, jokers) == expected, counts
        hits += expected is not None
    assert 500 < hits < 3000
    plain = next(h for h in inputs if packed_sum_py(h, tables, 0) is not None)
    base = packed_sum_py(plain, tables, 0)
    assert base is not None
    for jokers in (*range(15), True, False):
        assert c_sum(plain, tables, jokers) == packed_sum_py(plain, tables, jokers) == base + jokers * 255
    for jokers in (-1, 15, 2**70, -(2**70), 1.0, None, "1", IntSub(1)):
        assert c_sum(plain, tables, jokers) is packed_sum_py(plain, tables, jokers) is None, jokers
    # Tables built by hand: every code present, then a value of each wrong kind.
    counts = _valid(rnd)
    keys = group_codes_py(counts)
    assert keys is not None
    tables = tuple({k: 1 << (8 * g)} for g, k in enumerate(keys))
    assert c_sum(counts, tables, 0) == packed_sum_py(counts, tables, 0) == 0x01010101  # type: ignore[arg-type]
    for bad, error in (("1", TypeError), (1.5, TypeError), (True, TypeError), (-1, ValueError),
                       (2**49, ValueError), (2**200, ValueError)):
        broken = ({keys[0]: bad}, *tables[1:])
        for fn in (c_sum, packed_sum_py):
            with pytest.raises(error):
                fn(counts, broken, 0)  # type: ignore[arg-type]
    for bad_tables in (None, list(tables), tables[:3], (*tables, {}), ({}, {}, {}, 5), ({}, {}, {}, IntDict())):
        for fn in (c_sum, packed_sum_py):
            with pytest.raises(TypeError):
                fn(counts, bad_tables, 0)  # type: ignore[arg-type]
    for args in ((counts,), (counts, tables), (counts, tables, 0, 0)):
        with pytest.raises(TypeError):
            c_sum(*args)


def test_code_tables_mirror_the_tuple_tables():
    rnd = random.Random(3)
    for tileset in (None, TileSet.HEFEI):
        tables = tables_for(tileset)
        for _ in range(300):
            h = [0] * 34
            for t in rnd.sample([k for k in (tileset or TileSet.FULL).sorted_kinds for _ in range(4)], 14):
                h[t] += 1
            is_win(h, tileset=tileset)
        for by_key, by_code in zip(tables.packed, tables.codes, strict=True):
            assert len(by_key) == len(by_code) > 0
            for key, value in by_key.items():
                assert by_code[group_code(key)] is value


def test_both_paths_give_the_same_answers_here():
    """Without a tile set both implementations read the module's own tables: compare them directly."""
    rnd = random.Random(17)
    for _ in range(3000):
        h = [0] * 34
        jokers = rnd.randrange(5)
        for t in rnd.sample([k for k in range(34) for _ in range(4)], rnd.choice([13, 14]) - jokers):
            h[t] += 1
        for seven in (True, False):
            expected = _is_win_pure(h, jokers, seven)
            assert is_win(h, jokers, seven) == expected
            if codes.ACCELERATED:
                assert _is_win_accelerated(tuple(h), jokers, seven) == expected


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
    files = ["tests/test_hand.py", "tests/test_hand_fast.py", "tests/test_hand_brute.py", "tests/test_hand_cli.py"]
    result = _run("1", "-m", "pytest", "-q", "-p", "no:cacheprovider", *files)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " passed" in result.stdout
