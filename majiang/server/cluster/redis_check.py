"""Whether a node's Redis answers, checked before the node says it is up.

A node that cannot reach Redis cannot hold a table's lease, so starting it would only fail later inside
uvicorn's lifespan with a long traceback; this check turns that into one line saying what to do.
"""

from __future__ import annotations


async def redis_problem(url: str) -> str | None:
    """None when Redis at `url` answers a PING within a few seconds; otherwise what to do, in one line."""
    import redis.asyncio as aioredis
    from redis.exceptions import RedisError

    try:
        client = aioredis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
    except ValueError as e:  # a malformed URL
        return f"--redis-url {url}: {e}"
    try:
        await client.ping()
    except (RedisError, OSError) as e:
        return f"Redis at {url} does not answer ({e}); start it or check --redis-url"
    finally:
        await client.aclose()
    return None
