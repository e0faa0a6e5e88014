"""The platform's services for one server process, made once at start-up (app.py)."""

from __future__ import annotations

from dataclasses import dataclass

from majiang.platform.accounts import Accounts
from majiang.server.config import Settings
from majiang.server.store import Store


@dataclass
class Platform:
    accounts: Accounts

    @classmethod
    def make(cls, store: Store, settings: Settings) -> Platform:
        limits = settings.limits
        assert limits is not None and settings.secret is not None
        return cls(accounts=Accounts(store, settings.secret, access_seconds=limits.access_seconds,
                                     refresh_seconds=limits.refresh_seconds,
                                     login_rate_account=limits.login_rate_account,
                                     login_burst_account=limits.login_burst_account,
                                     login_rate_ip=limits.login_rate_ip, login_burst_ip=limits.login_burst_ip))
