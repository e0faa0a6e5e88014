"""Slowing down code guessing: a lookup by a secret code (a private room's, and later a replay's or an
invite's) that names nothing costs the asker a token; with none left, every lookup of that kind is
refused for a while, existing codes too (else the refusals would tell the guesser which ones exist).

An honest player mistypes a code now and then; a guesser misses almost every time. The probe of issue
30 asked 185 private room codes a second, each answered 404 at once. Usage::

    misses = MissThrottle(rate=0.2, burst=20, name="room_code")
    wait = misses.wait(ip)          # before the lookup: None, or seconds to wait (answer 429)
    ...
    if not found:
        misses.miss(ip)             # after a lookup that named nothing

One per kind of code, each keyed by client address (or player): the buckets are KeyedBuckets, so an
address that stopped guessing is forgotten once its bucket refills (Guard.prune).
"""

from __future__ import annotations

import time

from majiang.backend.limits import KeyedBuckets


class MissThrottle:
    def __init__(self, rate: float, burst: float, name: str) -> None:
        self.name = name
        self.buckets = KeyedBuckets(rate, burst, name)  # refusals counted as {bucket=name}

    def wait(self, key: str) -> float | None:
        """None when ``key`` may look a code up now, else the seconds until it may (it used up its misses)."""
        if self.buckets.rate <= 0:
            return None
        bucket = self.buckets.get(key)
        now = time.monotonic()
        tokens = min(bucket.burst, bucket.tokens + (now - bucket.last) * bucket.rate)
        if tokens >= 1:
            return None
        self.buckets.refused()
        return (1 - tokens) / bucket.rate

    def miss(self, key: str) -> None:
        """A lookup by ``key`` named nothing: it costs a token."""
        if self.buckets.rate > 0:
            self.buckets.get(key).allow()

    def __len__(self) -> int:
        return len(self.buckets)
