"""Two questions the table engine asks of a seat's count list on every turn, in C when it can.

``held_kinds(counts, items)`` is ``list(compress(items, counts))`` (e.g. the discard of every kind
held) and ``top_count(counts)`` is ``max(counts)``. As builtins over 34 Python ints each element
costs a generic truth test or rich compare (some 5,000 instructions a call, measured under
callgrind); the C versions in ``_speedups.c`` read exact ints directly and give the builtins'
answers. These pure functions are the reference, used without the accelerator.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress
from typing import Any, TypeVar

from majiang.hand.codes import speedups

T = TypeVar("T")


def held_kinds_pure(counts: Sequence[int], items: tuple[T, ...]) -> list[T]:
    return list(compress(items, counts))


def top_count_pure(counts: Sequence[int]) -> int:
    return max(counts)


# Optional even with the accelerator: an older build without them still serves is_win and the rest.
held_kinds: Callable[[Sequence[int], tuple[Any, ...]], list[Any]] = \
    getattr(speedups, "held_kinds", None) or held_kinds_pure
top_count: Callable[[Sequence[int]], int] = getattr(speedups, "top_count", None) or top_count_pure
