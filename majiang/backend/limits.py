"""Token buckets keyed by client address or player: rate limits that outlive a connection.

A bucket holds up to ``burst`` tokens and refills at ``rate`` a second; each request takes one.
Keyed buckets forget keys whose bucket has refilled (an idle client costs nothing): at the server's
housekeeping pass, and at once when a flood of new addresses or players reaches ``PRUNE_AT`` keys."""

from __future__ import annotations

import time

from majiang.backend.metrics import REFUSALS


class Bucket:
    __slots__ = ("burst", "dropped", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.last = time.monotonic()
        self.dropped = 0

    def allow(self, now: float | None = None) -> bool:
        if self.rate <= 0:  # 0 = no limit
            return True
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        self.dropped += 1
        return False

    def retry_after(self) -> float:
        """Seconds until one token is back."""
        return max(0.0, (1 - self.tokens) / self.rate) if self.rate > 0 else 0.0

    def full(self, now: float) -> bool:
        return self.tokens + (now - self.last) * self.rate >= self.burst


class KeyedBuckets:
    PRUNE_AT = 10000  # keys held before idle (refilled) buckets are dropped

    def __init__(self, rate: float, burst: float, name: str = "") -> None:
        self.rate, self.burst = rate, burst
        self._buckets: dict[str, Bucket] = {}
        self._refused = REFUSALS.labels(name or "other")  # majiang_rate_limit_refusals_total{bucket=name}

    def get(self, key: str) -> Bucket:
        bucket = self._buckets.get(key)
        if bucket is None:
            if len(self._buckets) >= self.PRUNE_AT:
                self.prune(time.monotonic())
            bucket = self._buckets[key] = Bucket(self.rate, self.burst)
        return bucket

    def prune(self, now: float) -> None:
        """Forget every key whose bucket has refilled (it would start full again anyway)."""
        for k in [k for k, b in self._buckets.items() if b.full(now)]:
            del self._buckets[k]

    def allow(self, key: str) -> bool:
        if self.get(key).allow():
            return True
        self._refused.inc()
        return False

    def refused(self) -> None:
        """Count a refusal decided outside ``allow`` (majiang/backend/throttle.py)."""
        self._refused.inc()

    def __len__(self) -> int:
        return len(self._buckets)
