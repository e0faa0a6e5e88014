"""Internal tile codes of the fan calculator: ``suit * 16 + rank``.

Suits 1 万, 2 条, 3 筒 (the order the competition's reference scorer sorts in, which decides
which three of four chows are examined first and so which of two equal-valued readings is
reported), 4 honours: 1-4 东南西北, 5-7 中发白. A code's suit and rank are one shift and one mask
away, and ``code + 1`` never wraps into the next suit.
"""

from __future__ import annotations

from typing import Final

TABLE_SIZE: Final = 0x48
E, S, W, N, C, F, P = range(0x41, 0x48)  # 东 南 西 北 中 发 白


def _code_of(tile: int) -> int:
    if tile < 9:
        return 0x11 + tile
    if tile < 18:
        return 0x31 + tile - 9
    if tile < 27:
        return 0x21 + tile - 18
    return 0x41 + tile - 27


CODE_OF: Final[tuple[int, ...]] = tuple(_code_of(t) for t in range(34))
TILE_OF: Final[dict[int, int]] = {c: t for t, c in enumerate(CODE_OF)}
ALL_CODES: Final[tuple[int, ...]] = tuple(sorted(CODE_OF))

NUMBERED: Final[frozenset[int]] = frozenset(c for c in CODE_OF if c < 0x40)
HONOR: Final[frozenset[int]] = frozenset(range(0x41, 0x48))
WINDS: Final[frozenset[int]] = frozenset(range(0x41, 0x45))
DRAGONS: Final[frozenset[int]] = frozenset(range(0x45, 0x48))
TERMINAL: Final[frozenset[int]] = frozenset(c for c in NUMBERED if c & 15 in (1, 9))
TERMINAL_OR_HONOR: Final[frozenset[int]] = TERMINAL | HONOR
GREEN: Final[frozenset[int]] = frozenset((0x22, 0x23, 0x24, 0x26, 0x28, F))
REVERSIBLE: Final[frozenset[int]] = frozenset(
    (0x31, 0x32, 0x33, 0x34, 0x35, 0x38, 0x39, 0x22, 0x24, 0x25, 0x26, 0x28, 0x29, P))
ORPHANS: Final[tuple[int, ...]] = (0x11, 0x19, 0x21, 0x29, 0x31, 0x39, E, S, W, N, C, F, P)


def _knitted() -> tuple[tuple[int, ...], ...]:
    out = []
    for order in ((1, 2, 3), (1, 3, 2), (2, 1, 3), (2, 3, 1), (3, 1, 2), (3, 2, 1)):
        seq: list[int] = []
        for start, suit in zip((1, 2, 3), order, strict=True):
            seq.extend(suit * 16 + r for r in (start, start + 3, start + 6))
        out.append(tuple(sorted(seq)))
    return tuple(out)


KNITTED: Final[tuple[tuple[int, ...], ...]] = _knitted()
