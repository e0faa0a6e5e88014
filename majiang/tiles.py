"""Tile ids, compact notation, Chinese names and 34-count arrays.

Ids: 0-8 = 1-9m (万), 9-17 = 1-9p (筒/饼), 18-26 = 1-9s (条), 27-33 = z1..z7 =
东 南 西 北 中 发 白, 34-41 = flowers f1..f8 (春夏秋冬梅兰竹菊).

Notation is the usual compact one: digits followed by their suit letter,
``"123m456p789s1122z"``; flowers as ``"f3"``. Everything that can go wrong
while parsing raises :class:`TileError` with a message naming the fault.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

__all__ = [
    "DRAGONS",
    "FLOWERS",
    "HONORS",
    "KINDS",
    "NUM_KINDS",
    "TileError",
    "chinese",
    "counts_to_tiles",
    "english",
    "format_counts",
    "format_tiles",
    "is_honor",
    "is_suit",
    "parse_chinese",
    "parse_tile",
    "parse_tiles",
    "rank",
    "suit",
    "tile",
    "tiles_to_counts",
    "validate_hand_size",
]

NUM_KINDS = 34
KINDS = range(NUM_KINDS)
HONORS = range(27, 34)
WINDS = range(27, 31)
DRAGONS = range(31, 34)
FLOWERS = range(34, 42)
EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(27, 34)

SUIT_LETTERS = "mpsz"
_SUIT_NAMES_ZH = ("万", "筒", "条")
_SUIT_NAMES_EN = ("Characters", "Dots", "Bamboo")
_NUMERALS_ZH = "一二三四五六七八九"
_HONOR_NAMES_ZH = ("东风", "南风", "西风", "北风", "红中", "发财", "白板")
_HONOR_NAMES_EN = ("East", "South", "West", "North", "Red", "Green", "White")
_FLOWER_NAMES_ZH = ("春", "夏", "秋", "冬", "梅", "兰", "竹", "菊")
_FLOWER_NAMES_EN = ("Spring", "Summer", "Autumn", "Winter", "Plum", "Orchid", "Bamboo", "Chrysanthemum")


class TileError(ValueError):
    """Malformed tile notation or an impossible hand; the message says what was wrong."""


def tile(rank_: int, suit_letter: str) -> int:
    """The id of ``rank_`` in suit ``m``/``p``/``s``/``z`` (z: 1-7)."""
    if suit_letter not in SUIT_LETTERS:
        raise TileError(f"unknown suit letter {suit_letter!r} (expected one of m, p, s, z)")
    if suit_letter == "z":
        if not 1 <= rank_ <= 7:
            raise TileError(f"honor digit {rank_} out of range (z takes 1-7)")
        return 27 + rank_ - 1
    if not 1 <= rank_ <= 9:
        raise TileError(f"digit {rank_} out of range for suit {suit_letter!r} (1-9)")
    return SUIT_LETTERS.index(suit_letter) * 9 + rank_ - 1


def suit(t: int) -> int:
    """0 万, 1 筒, 2 条, 3 honors, 4 flowers."""
    return 4 if t >= 34 else t // 9


def rank(t: int) -> int:
    """1-9 for suited tiles, 1-7 for honors, 1-8 for flowers."""
    if t >= 34:
        return t - 33
    return t % 9 + 1 if t < 27 else t - 26


def is_suit(t: int) -> bool:
    return 0 <= t < 27


def is_honor(t: int) -> bool:
    return 27 <= t < 34


def _check_id(t: int) -> None:
    if not isinstance(t, int) or not 0 <= t < 42:
        raise TileError(f"tile id {t!r} out of range (0-41)")


def parse_tiles(text: str, *, max_copies: int | None = 4) -> list[int]:
    """Parse compact notation into a list of tile ids, in the order written.

    ``"123m456p11z"`` and ``"f3"`` (flower 3). Spaces are ignored. A sixth
    copy is refused when ``max_copies`` is set (default 4): a physical set has
    four of each tile and one of each flower.
    """
    return list(_parse(text, max_copies))


# The same few strings are parsed over and over (a bot's valuation writes a situation that the
# scoring package reads back: melds, the indicator, the hands it weighs), so each answer is kept.
@lru_cache(maxsize=8192)
def _parse(text: str, max_copies: int | None) -> tuple[int, ...]:
    out: list[int] = []
    pending: list[tuple[int, int]] = []  # (digit, position) awaiting a suit letter
    flower = False
    for pos, ch in enumerate(text):
        if ch.isspace() or ch in ",":
            continue
        if ch == "f":
            if pending:
                raise TileError(f"digits {''.join(str(d) for d, _ in pending)} before 'f' have no suit letter")
            flower = True
            continue
        if ch.isdigit():
            d = int(ch)
            if flower:
                if not 1 <= d <= 8:
                    raise TileError(f"flower digit {d} out of range (f takes 1-8) at position {pos}")
                out.append(33 + d)
                flower = False
                continue
            pending.append((d, pos))
            continue
        if ch.isalpha() and ch.isascii():
            if flower:
                raise TileError(f"'f' at position {pos - 1} is not followed by a digit")
            if ch not in SUIT_LETTERS:
                raise TileError(f"unknown suit letter {ch!r} at position {pos} (expected m, p, s, z or f)")
            if not pending:
                raise TileError(f"suit letter {ch!r} at position {pos} has no digits before it")
            for d, dpos in pending:
                try:
                    out.append(tile(d, ch))
                except TileError as e:
                    raise TileError(f"{e} at position {dpos}") from None
            pending.clear()
            continue
        raise TileError(f"unexpected character {ch!r} at position {pos}")
    if flower:
        raise TileError("'f' at the end is not followed by a digit")
    if pending:
        digits = "".join(str(d) for d, _ in pending)
        raise TileError(f"digits {digits!r} at the end have no suit letter")
    if max_copies is not None:
        _check_copies(out, max_copies)
    return tuple(out)


def _check_copies(tiles: Iterable[int], max_copies: int) -> None:
    seen: dict[int, int] = {}
    for t in tiles:
        seen[t] = seen.get(t, 0) + 1
        limit = 1 if t >= 34 else max_copies
        if seen[t] > limit:
            which = "second copy of a flower" if t >= 34 else f"copy number {seen[t]} of a tile (at most {limit})"
            raise TileError(f"{which}: {format_tiles([t])} ({chinese(t)})")


def parse_tile(text: str) -> int:
    """Parse exactly one tile, e.g. ``"5s"`` or ``"f2"``."""
    tiles = parse_tiles(text)
    if len(tiles) != 1:
        raise TileError(f"expected exactly one tile, got {len(tiles)} in {text!r}")
    return tiles[0]


def format_tiles(tiles: Iterable[int], *, sort: bool = False) -> str:
    """Compact notation; consecutive tiles of one suit share the letter."""
    seq = tuple(sorted(tiles)) if sort else tuple(tiles)
    if not all(isinstance(t, int) for t in seq):  # (1.0 would find 1's answer in the memo)
        for t in seq:
            _check_id(t)
    return _format(seq)


@lru_cache(maxsize=8192)
def _format(seq: tuple[int, ...]) -> str:
    parts: list[str] = []
    run: list[str] = []
    run_suit = ""
    for t in seq:
        _check_id(t)
        if t >= 34:
            if run:
                parts.append("".join(run) + run_suit)
                run, run_suit = [], ""
            parts.append(f"f{t - 33}")
            continue
        letter = SUIT_LETTERS[t // 9]
        if letter != run_suit and run:
            parts.append("".join(run) + run_suit)
            run = []
        run_suit = letter
        run.append(str(rank(t)))
    if run:
        parts.append("".join(run) + run_suit)
    return "".join(parts)


def chinese(t: int) -> str:
    """一万, 五筒, 红中, 春…"""
    _check_id(t)
    if t >= 34:
        return _FLOWER_NAMES_ZH[t - 34]
    if t >= 27:
        return _HONOR_NAMES_ZH[t - 27]
    return _NUMERALS_ZH[t % 9] + _SUIT_NAMES_ZH[t // 9]


def english(t: int) -> str:
    """'5 Dots', 'Red', 'Spring'…"""
    _check_id(t)
    if t >= 34:
        return _FLOWER_NAMES_EN[t - 34]
    if t >= 27:
        return _HONOR_NAMES_EN[t - 27]
    return f"{t % 9 + 1} {_SUIT_NAMES_EN[t // 9]}"


_CHINESE_INDEX: dict[str, int] = {}
for _t in range(42):
    _CHINESE_INDEX[chinese(_t)] = _t
# Common alternative spellings players type.
for _i, _alt in enumerate(("东", "南", "西", "北", "中", "发", "白")):
    _CHINESE_INDEX[_alt] = 27 + _i
for _i in range(9):
    _CHINESE_INDEX[_NUMERALS_ZH[_i] + "饼"] = 9 + _i
    _CHINESE_INDEX[_NUMERALS_ZH[_i] + "索"] = 18 + _i
_CHINESE_INDEX["两万"] = 1
_CHINESE_INDEX["幺鸡"] = 18


def parse_chinese(text: str) -> list[int]:
    """Parse Chinese tile names, longest match first: ``"一万二万红中"``."""
    out: list[int] = []
    i = 0
    text = "".join(text.split())
    while i < len(text):
        for length in (2, 1):
            t = _CHINESE_INDEX.get(text[i : i + length])
            if t is not None and len(text[i : i + length]) == length:
                out.append(t)
                i += length
                break
        else:
            raise TileError(f"unknown tile name at {text[i:i + 2]!r} (position {i})")
    _check_copies(out, 4)
    return out


def tiles_to_counts(tiles: Iterable[int]) -> list[int]:
    """A 34-long count array; flowers are not counted (they never enter a hand)."""
    counts = [0] * NUM_KINDS
    for t in tiles:
        _check_id(t)
        if t < NUM_KINDS:
            counts[t] += 1
    return counts


def counts_to_tiles(counts: Sequence[int]) -> list[int]:
    if len(counts) != NUM_KINDS:
        raise TileError(f"a count array has {NUM_KINDS} entries, got {len(counts)}")
    out: list[int] = []
    for t, c in enumerate(counts):
        if c < 0:
            raise TileError(f"negative count {c} for {format_tiles([t])}")
        out.extend([t] * c)
    return out


def format_counts(counts: Sequence[int]) -> str:
    return format_tiles(counts_to_tiles(counts))


def validate_hand_size(n_tiles: int, melds: int = 0, *, allow_waiting: bool = True) -> None:
    """A concealed part holds 3(4-melds)+2 tiles (complete) or 3(4-melds)+1 (waiting)."""
    if not 0 <= melds <= 4:
        raise TileError(f"{melds} melds is impossible (0-4)")
    full = 3 * (4 - melds) + 2
    if n_tiles == full or (allow_waiting and n_tiles == full - 1):
        return
    expect = f"{full - 1} or {full}" if allow_waiting else str(full)
    raise TileError(f"a hand of {n_tiles} tiles is impossible with {melds} melds (expected {expect})")
