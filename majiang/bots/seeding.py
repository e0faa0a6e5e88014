"""Per-decision random seeds that depend only on what a seat can see."""

from __future__ import annotations

import hashlib

import msgspec

from majiang.engine.view import SeatView


def decision_seed(seed: int, view: SeatView) -> int:
    """A decision's random seed: the bot's seed and everything the view shows but its seed hash (which
    differs between deals that look the same to this seat). The same seed and view give the same
    choice, whatever the hidden tiles, and a bot rebuilt mid-hand (a server restart) chooses as before."""
    public = msgspec.structs.replace(view, seed_hash="", ting=None)
    digest = hashlib.sha256(str(seed).encode() + b"|" + msgspec.json.encode(public)).digest()
    return int.from_bytes(digest[:8], "little")
