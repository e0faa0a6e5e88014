"""The server's defences that outlive one request or connection: rate-limit buckets per client address
and per player, token revocations, and the cache of rebuilt replay views."""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from majiang.backend.auth import Revocations
from majiang.backend.config import Limits
from majiang.backend.limits import KeyedBuckets
from majiang.backend.throttle import MissThrottle


class LRU:
    """A bounded least-recently-used cache."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: OrderedDict[Any, Any] = OrderedDict()

    def get(self, key: Any) -> Any:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: Any, value: Any) -> None:
        self._items[key] = value
        self._items.move_to_end(key)
        while len(self._items) > self.size:
            self._items.popitem(last=False)

    def __len__(self) -> int:
        return len(self._items)


class Guard:
    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.revocations = Revocations()
        self.write_ip = KeyedBuckets(limits.write_rate_ip, limits.write_burst_ip, "write_ip")
        self.write_token = KeyedBuckets(limits.write_rate_token, limits.write_burst_token, "write_token")
        self.view_ip = KeyedBuckets(limits.view_rate_ip, limits.view_burst_ip, "view_ip")
        self.read_ip = KeyedBuckets(limits.read_rate_ip, limits.read_burst_ip, "read_ip")
        self.room_codes = MissThrottle(limits.code_miss_rate_ip, limits.code_miss_burst_ip, "room_code")
        self.ws_token = KeyedBuckets(limits.ws_rate_token, limits.ws_burst_token, "ws_token")
        self.ws_ip = KeyedBuckets(limits.ws_rate_ip, limits.ws_burst_ip, "ws_ip")
        self.connect_token = KeyedBuckets(limits.connect_rate_token, limits.connect_burst_token, "connect_token")
        self.connect_ip = KeyedBuckets(limits.connect_rate_ip, limits.connect_burst_ip, "connect_ip")
        # (room, hand, seat, step) -> the encoded answer of the replay view endpoint: finished hands
        # never change, so a step is rebuilt once however often it is asked for
        self.views = LRU(2048)

    def buckets(self) -> dict[str, KeyedBuckets]:
        return {"write_ip": self.write_ip, "write_token": self.write_token, "view_ip": self.view_ip,
                "ws_token": self.ws_token, "ws_ip": self.ws_ip, "connect_token": self.connect_token,
                "connect_ip": self.connect_ip, "read_ip": self.read_ip, "room_code": self.room_codes.buckets}

    def prune(self, now: float, wall: float) -> None:
        """Forget refilled buckets (``now``: monotonic) and revocations of tokens expired by ``wall``."""
        for b in self.buckets().values():
            b.prune(now)
        self.revocations.prune(wall)
