"""Rules-agnostic table flow: the hand state machine, matches and per-seat views.

The package is also the one import for a program that plays hands (examples/, docs/): it re-exports
the actions and events it speaks, which live in :mod:`majiang.core` (below the rules, which use them
too).
"""

from majiang.core.actions import (
    Action,
    Chi,
    Declare,
    Discard,
    Expose,
    Kong,
    Pass,
    Peng,
    WildKong,
    Win,
    action_from_builtins,
    action_from_json,
    action_to_builtins,
    describe,
)
from majiang.core.events import Event, event_to_builtins, redact
from majiang.engine.hand import Hand, IllegalAction, seed_hash
from majiang.engine.match import HandRecord, Match, derived_seed
from majiang.engine.view import SeatView, seat_view, unseen_counts

__all__ = [
    "Action",
    "Chi",
    "Declare",
    "Discard",
    "Event",
    "Expose",
    "Hand",
    "HandRecord",
    "IllegalAction",
    "Kong",
    "Match",
    "Pass",
    "Peng",
    "SeatView",
    "WildKong",
    "Win",
    "action_from_builtins",
    "action_from_json",
    "action_to_builtins",
    "derived_seed",
    "describe",
    "event_to_builtins",
    "redact",
    "seat_view",
    "seed_hash",
    "unseen_counts",
]
