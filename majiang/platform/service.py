"""The platform's services for one server process, made once at start-up (app.py)."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.platform import records
from majiang.platform.accounts import Accounts
from majiang.platform.clubs import Clubs
from majiang.platform.prefs import Prefs
from majiang.server.config import Settings
from majiang.server.limits import KeyedBuckets
from majiang.server.store import Store


@dataclass
class Platform:
    accounts: Accounts
    code_lookups: KeyedBuckets  # replay and invite codes looked up, per client address
    clubs: Clubs
    prefs: Prefs  # an account's client settings, for its other devices

    @classmethod
    def make(cls, store: Store, settings: Settings) -> Platform:
        limits = settings.limits
        assert limits is not None and settings.secret is not None
        store.hand_hooks.append(records.on_hand)  # each ended hand's 战绩 and replay code
        accounts = Accounts(store, settings.secret, access_seconds=limits.access_seconds,
                            refresh_seconds=limits.refresh_seconds, login_rate_account=limits.login_rate_account,
                            login_burst_account=limits.login_burst_account, login_rate_ip=limits.login_rate_ip,
                            login_burst_ip=limits.login_burst_ip)
        return cls(accounts=accounts, code_lookups=KeyedBuckets(limits.code_rate_ip, limits.code_burst_ip),
                   clubs=Clubs(store), prefs=Prefs(store))
