"""Rate limits every node of a cluster counts together (Redis), for what a guesser or a password flood
would otherwise spread over the nodes: sign-in attempts, and lookups by a secret code (replay codes,
club invite codes, player codes).

With one node (no Redis) they are the node's own KeyedBuckets / MissThrottle. With Redis, each bucket
is a hash under ``{prefix}rl:{name}:{key}`` updated by one script (so two nodes never both spend the
last token) on Redis's own clock (nodes' clocks differ); it expires once it would have refilled. If
Redis does not answer, the node's own bucket decides for that call: a limit that is briefly per node
is better than none, or than refusing everyone."""

from __future__ import annotations

import logging
from typing import Any

from majiang.backend.limits import KeyedBuckets
from majiang.backend.throttle import MissThrottle

log = logging.getLogger("majiang.backend.limits")

# KEYS[1] the bucket; ARGV: rate, burst, take (1: spend a token if there is one; 0: only look).
# Returns {1 if a token was there, the tokens left as a string}.
_BUCKET = """
local rate, burst, take = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) + tonumber(t[2]) / 1e6
local v = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens, last = tonumber(v[1]) or burst, tonumber(v[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - last) * rate)
local ok = 0
if tokens >= 1 then
  ok = 1
  if take == 1 then tokens = tokens - 1 end
end
if take == 1 then
  redis.call('HSET', KEYS[1], 'tokens', tokens, 'last', now)
  redis.call('PEXPIRE', KEYS[1], math.ceil(burst / rate * 1000) + 1000)
end
return {ok, tostring(tokens)}
"""


class _Shared:
    def __init__(self, redis: Any, prefix: str, name: str, rate: float, burst: float) -> None:
        self.redis, self.rate, self.burst = redis, rate, burst
        self.prefix = f"{prefix}rl:{name}:"
        self.script = redis.register_script(_BUCKET) if redis is not None else None
        self._warned = False

    async def run(self, key: str, take: bool) -> tuple[bool, float] | None:
        """(a token was there, tokens left), or None when Redis is not there or did not answer."""
        if self.script is None:
            return None
        try:
            ok, tokens = await self.script(keys=[self.prefix + key], args=[self.rate, self.burst, int(take)])
        except Exception as e:  # Redis away: the node's own bucket decides this time
            if not self._warned:
                log.warning("shared rate limit %s: Redis did not answer (%r); counting on this node", self.prefix, e)
                self._warned = True
            return None
        self._warned = False
        return bool(int(ok)), float(tokens)


class SharedBuckets:
    """KeyedBuckets counted by every node (one token per call)."""

    def __init__(self, rate: float, burst: float, name: str, redis: Any = None, prefix: str = "") -> None:
        self.local = KeyedBuckets(rate, burst, name)
        self.shared = _Shared(redis, prefix, name, rate, burst)

    async def allow(self, key: str) -> bool:
        if self.local.rate <= 0:
            return True
        got = await self.shared.run(key, take=True)
        if got is None:
            return self.local.allow(key)
        if not got[0]:
            self.local.refused()
        return got[0]


class SharedMisses(MissThrottle):
    """A MissThrottle whose misses every node counts (``wait``/``miss`` stay the node's own)."""

    def __init__(self, rate: float, burst: float, name: str, redis: Any = None, prefix: str = "") -> None:
        super().__init__(rate, burst, name)
        self.shared = _Shared(redis, prefix, name, rate, burst)

    async def wait_shared(self, key: str) -> float | None:
        """None when ``key`` may look a code up now, else the seconds until it may."""
        if self.buckets.rate <= 0:
            return None
        got = await self.shared.run(key, take=False)
        if got is None:
            return self.wait(key)
        if got[0]:
            return None
        self.buckets.refused()
        return (1 - got[1]) / self.buckets.rate

    async def miss_shared(self, key: str) -> None:
        if self.buckets.rate > 0 and await self.shared.run(key, take=True) is None:
            self.miss(key)
