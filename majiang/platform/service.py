"""The platform's services for one server process, made once at start-up (app.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from majiang.backend.config import Settings
from majiang.backend.shared_limits import SharedMisses
from majiang.backend.store import Store
from majiang.platform import records
from majiang.platform.accounts import Accounts
from majiang.platform.clubs import Clubs
from majiang.platform.friends import Friends
from majiang.platform.prefs import Prefs


@dataclass
class Platform:
    accounts: Accounts
    # replay, club invite and player codes that named nothing, per client address (every node counts
    # them together when there is Redis): with none left, every lookup by such a code waits
    code_misses: SharedMisses
    clubs: Clubs
    friends: Friends
    prefs: Prefs  # an account's client settings, for its other devices

    @classmethod
    def make(cls, store: Store, settings: Settings, redis: Any = None) -> Platform:
        limits = settings.limits
        assert limits is not None and settings.secret is not None
        store.hand_hooks.append(records.on_hand)  # each ended hand's 战绩 and replay code
        prefix = settings.redis_prefix
        accounts = Accounts(store, settings.secret, access_seconds=limits.access_seconds,
                            refresh_seconds=limits.refresh_seconds, login_rate_account=limits.login_rate_account,
                            login_burst_account=limits.login_burst_account, login_rate_ip=limits.login_rate_ip,
                            login_burst_ip=limits.login_burst_ip, redis=redis, prefix=prefix)
        misses = SharedMisses(limits.code_rate_ip, limits.code_burst_ip, "platform_code", redis, prefix)
        return cls(accounts=accounts, code_misses=misses, clubs=Clubs(store), friends=Friends(store),
                   prefs=Prefs(store))
