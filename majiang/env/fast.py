"""The optional C accelerator of the environment (``majiang/env/_envfast.c``), or None.

It does in C what is done on every step: the legal actions' indices and mask, the draw / discard
events read into the observation planes, and an observer's planes copied out with the bytes that
change every step.
Without a compiler the build skips it and majiang.env uses its pure-Python path (the reference,
the same bytes); ``MAJIANG_PURE=1`` in the environment (read at import, as for majiang.hand)
forces that path.
"""

from __future__ import annotations

from types import ModuleType

from majiang.core.actions import Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.core.events import Discarded, Drew
from majiang.hand.codes import load_accelerator


def _load() -> ModuleType | None:
    mod = load_accelerator("majiang.env._envfast", ("configure", "configure_actions", "indices", "mask", "sync",
                                                    "write"))
    if mod is not None:
        mod.configure_actions(Discard, Declare, Chi, Peng, Kong, WildKong, Expose, Win, Pass)
    return mod


#: The C module (configured by majiang.env.tracker with the plane layout), None on the pure path.
fast: ModuleType | None = _load()
ACCELERATED = fast is not None
EVENT_KINDS = (Drew, Discarded)  # what fast.sync reads; tracker.py reads every other kind
