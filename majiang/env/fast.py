"""The optional C accelerator of the environment (``majiang/env/_envfast.c``), or None.

It does in C what is done on every step: the legal actions' indices and mask, the draw / discard
events read into the observation planes, and an observer's planes copied out with the bytes that
change every step.
Without a compiler the build skips it and majiang.env uses its pure-Python path (the reference,
the same bytes); ``MAJIANG_PURE=1`` in the environment (read at import, as for majiang.hand)
forces that path.
"""

from __future__ import annotations

import os
from types import ModuleType

from majiang.engine.actions import Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.events import Discarded, Drew


def _load() -> ModuleType | None:
    if os.environ.get("MAJIANG_PURE", "") not in ("", "0"):
        return None
    try:
        from majiang.env import _envfast  # type: ignore[attr-defined]
    except ImportError:
        return None
    if not all(hasattr(_envfast, name) for name in ("configure", "configure_actions", "indices", "mask", "sync",
                                                    "write")):
        return None  # a stale build: rebuild with `pip install -e .`
    _envfast.configure_actions(Discard, Declare, Chi, Peng, Kong, WildKong, Expose, Win, Pass)
    return _envfast  # type: ignore[no-any-return]


#: The C module (configured by majiang.env.tracker with the plane layout), None on the pure path.
fast: ModuleType | None = _load()
ACCELERATED = fast is not None
EVENT_KINDS = (Drew, Discarded)  # what fast.sync reads; tracker.py reads every other kind
