"""Value types returned by hand analysis.

A decomposition names, for every group, the tile each position stands for and
whether a wild (钻/百搭) fills that position, so scoring can tell a 卡 wait from a
two-sided one and a hard hand from a soft one.
"""

from __future__ import annotations

from typing import Literal, NamedTuple

GroupKind = Literal["chow", "pung", "pair"]


class Group(NamedTuple):
    kind: GroupKind
    tiles: tuple[int, ...]  # tile ids the positions stand for, ascending (chow 3, pung 3, pair 2)
    wild: tuple[bool, ...]  # True where a wild tile fills that position (same length as tiles)

    @property
    def jokers(self) -> int:
        return sum(self.wild)


class Decomposition(NamedTuple):
    form: Literal["regular", "seven_pairs"]
    # regular: the sets (chow/pung) in ascending order, then the pair last.
    # seven_pairs: seven pair groups (four of a kind appears as two equal pairs).
    groups: tuple[Group, ...]

    @property
    def pair(self) -> Group | None:
        return self.groups[-1] if self.form == "regular" else None

    @property
    def sets(self) -> tuple[Group, ...]:
        return self.groups[:-1] if self.form == "regular" else ()
