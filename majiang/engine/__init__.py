"""Rules-agnostic table flow: the hand state machine, matches, actions, events and per-seat views."""

from majiang.engine.actions import (
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
from majiang.engine.events import Event, event_to_builtins, redact
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
