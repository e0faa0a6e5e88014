"""Quick chat (快捷语): a seated player sends one of a fixed list of phrases or emotes to the table.

Fixed phrases only (the client words them in the reader's language), so nothing a player types reaches
another player. Not a record: a phrase changes no state and is not replayed. Each seat has its own
limit (at most ``BURST`` phrases in ``WINDOW`` seconds, and ``GAP`` seconds between two), so a phrase
cannot be used to flood the table; a spectator cannot send (ws.py refuses every spectator intent but
sync and ping).
"""

from __future__ import annotations

import time
from collections import deque

PHRASES = ("hurry", "sorry", "nice", "thanks", "oops", "again", "emote_laugh", "emote_cry", "emote_angry",
           "emote_thumb")
GAP = 1.5  # seconds between two phrases of one seat
WINDOW = 30.0
BURST = 5  # phrases per seat per WINDOW


class ChatLimiter:
    """Per seat: when it last spoke, and its phrases in the last ``WINDOW`` seconds."""

    def __init__(self) -> None:
        self._sent: dict[int, deque[float]] = {}

    def allow(self, seat: int, now: float | None = None) -> float:
        """0.0 and counts the phrase when ``seat`` may speak now; else the seconds to wait."""
        now = time.monotonic() if now is None else now
        sent = self._sent.setdefault(seat, deque())
        while sent and now - sent[0] >= WINDOW:
            sent.popleft()
        wait = 0.0
        if sent and now - sent[-1] < GAP:
            wait = GAP - (now - sent[-1])
        if len(sent) >= BURST:
            wait = max(wait, WINDOW - (now - sent[0]))
        if wait > 0:
            return wait
        sent.append(now)
        return 0.0
