"""The hand engine: table-driven win test, waits, shanten and decompositions with wilds.

See ``docs/hand.md`` for how it works and what it costs.
"""

from majiang.hand.decompose import decompositions
from majiang.hand.shanten import shanten
from majiang.hand.tileset import TileSet
from majiang.hand.types import Decomposition, Group
from majiang.hand.win import is_win, waits

__all__ = ["Decomposition", "Group", "TileSet", "decompositions", "is_win", "shanten", "waits"]
