"""What the deal fixes for one hand: the wall as built, the public table facts (the wild and its
companions), and what a finished hand tells the match.

Compiled with the engine and the rulesets where mypyc is available (majiang/native.py): the rulesets
read :class:`TableInfo` on every discard and turn.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class WallSetup:
    tiles: list[int]  # in draw order: the head is drawn first, replacements come off the end
    dice: tuple[int, ...]
    indicator_index: int | None = None  # position in `tiles` of a tile turned face up


@dataclass(frozen=True)
class TableInfo:
    """Per-hand public facts decided at the deal (the wild and its companions)."""

    indicator: int | None = None
    wild: int | None = None  # the wild kind (with several, the lowest: see `wilds`)
    stand_in: int | None = None  # a tile that plays as the wild's face (Anqing 红中)
    gangpai: frozenset[int] = frozenset()
    wilds: frozenset[int] = frozenset()  # every wild kind, where there may be more than one (百搭)

    # Immutable, so a copy may be this very object: compiled with mypyc, a frozen dataclass cannot
    # be rebuilt field by field as ``copy`` does (its fields refuse assignment).
    def __copy__(self) -> TableInfo:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> TableInfo:
        return self


@dataclass(frozen=True)
class HandOutcome:
    """What the match needs to know about a finished hand to rotate the deal."""

    winners: tuple[int, ...]
    draw: bool


# Per hand: what each physical kind plays as in a claim, the kinds playing as each value, one-to-one?
NaturalTable = tuple[tuple[int | None, ...], tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
