"""Table leases and the node directory in Redis.

A table's lease is ``<prefix>lease:<code>`` = ``<node id> <random token>``, set with ``SET NX PX`` and
renewed by its owner while the table lives. The lease only says who *should* own a table (routing,
takeover); the PostgreSQL fencing epoch (``fencing.py``) is what makes a stale owner's writes fail, so a
Redis that loses its keys (restarted without persistence) can cost a takeover, never a split brain.

Live nodes are a sorted set ``<prefix>nodes`` (score: when the node's registration expires) and their
internal addresses a hash ``<prefix>node_urls``.
"""

from __future__ import annotations

import secrets
import time

from redis.asyncio import Redis


def _text(value: object) -> str:
    """A reply of this client (bytes: it is made without decode_responses) as text."""
    return value.decode() if isinstance(value, bytes) else str(value)


# Renew each key (ARGV: the ttl, then the token of each key): our token → extend (1); no key (expired,
# or Redis restarted) → "gone" (0: the caller checks the fencing epoch before setting it again);
# someone else's → "lost" (-1). One call for many leases: a node renews all of its tables every second,
# and one script call per table cost the node (and Redis) a command each.
_RENEW = """
local out = {}
for i, key in ipairs(KEYS) do
  local v = redis.call('GET', key)
  if v == ARGV[i + 1] then redis.call('PEXPIRE', key, ARGV[1]) out[i] = 1
  elseif not v then out[i] = 0
  else out[i] = -1 end
end
return out
"""
RENEW_CHUNK = 500  # leases per script call: Redis runs a script alone, so keep each one short
# Release only our own lease.
_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""


class Leases:
    def __init__(self, redis: Redis, prefix: str, node_id: str, ttl_ms: int) -> None:
        self.redis = redis
        self.prefix = prefix
        self.node_id = node_id
        self.ttl_ms = ttl_ms
        self.tokens: dict[str, str] = {}  # code -> the lease value this node holds
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    def key(self, code: str) -> str:
        return f"{self.prefix}lease:{code}"

    async def acquire(self, code: str) -> bool:
        value = f"{self.node_id} {secrets.token_hex(8)}"
        if await self.redis.set(self.key(code), value, nx=True, px=self.ttl_ms):
            self.tokens[code] = value
            return True
        return False

    async def renew(self, codes: list[str]) -> dict[str, int]:
        """code -> 1 renewed, 0 gone, -1 lost (one round trip for all of them)."""
        if not codes:
            return {}
        async with self.redis.pipeline(transaction=False) as pipe:
            for i in range(0, len(codes), RENEW_CHUNK):
                chunk = codes[i:i + RENEW_CHUNK]
                tokens = [self.tokens[c] for c in chunk]
                await self._renew(keys=[self.key(c) for c in chunk], args=[self.ttl_ms, *tokens], client=pipe)
            results = [r for part in await pipe.execute() for r in part]
        return {code: int(r) for code, r in zip(codes, results, strict=True)}

    async def release(self, code: str) -> None:
        value = self.tokens.pop(code, None)
        if value is not None:
            await self._release(keys=[self.key(code)], args=[value])

    async def holders(self, codes: list[str]) -> list[str | None]:
        """The node id holding each code's lease (None: nobody)."""
        if not codes:
            return []
        values = await self.redis.mget([self.key(c) for c in codes])
        return [_text(v).split(" ", 1)[0] if v else None for v in values]

    # --- the node directory ---------------------------------------------------------------------
    async def register(self, url: str) -> None:
        now_ms = int(time.time() * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(f"{self.prefix}nodes", {self.node_id: now_ms + self.ttl_ms})
            pipe.hset(f"{self.prefix}node_urls", self.node_id, url)
            pipe.zremrangebyscore(f"{self.prefix}nodes", 0, now_ms - 60_000)  # long gone
            await pipe.execute()

    async def unregister(self) -> None:
        await self.redis.zrem(f"{self.prefix}nodes", self.node_id)

    async def nodes(self) -> dict[str, str]:
        """Live nodes: id -> internal base URL."""
        now_ms = int(time.time() * 1000)
        ids = [_text(i) for i in await self.redis.zrangebyscore(f"{self.prefix}nodes", now_ms, "+inf")]
        if not ids:
            return {}
        urls = await self.redis.hmget(f"{self.prefix}node_urls", ids)
        return {i: _text(u) for i, u in zip(ids, urls, strict=True) if u}

    async def url_of(self, node_id: str) -> str | None:
        url = await self.redis.hget(f"{self.prefix}node_urls", node_id)
        return _text(url) if url else None
