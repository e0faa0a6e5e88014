"""What the 听 hint tells a seat (:mod:`majiang.engine.hint` works it out): kept apart from the hint so
the hand can type its cache of hints without importing the module that reads the hand."""

from __future__ import annotations

import msgspec


class DiscardWaits(msgspec.Struct, frozen=True):
    discard: int  # a tile this seat may discard now
    waits: list[int]  # what wins after it


class Ting(msgspec.Struct, frozen=True):
    waits: list[int]  # a waiting hand (3n+1 concealed): the kinds that win, ascending
    by_discard: list[DiscardWaits]  # on its turn (3n+2): each legal discard that leaves a ready hand
    # The seat let a discard win go since its last draw and the table plays 过水不胡: until it draws
    # again, these waits win only on its own draw (no discard is offered to it).
    self_draw_only: bool = False
