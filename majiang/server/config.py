"""Server configuration: where data lives, which database, the signing secret, the operator token."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    return Path(os.environ.get("MAJIANG_DATA", "data"))


@dataclass
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    database_url: str | None = None  # default: SQLite file in data_dir
    secret: str | None = None  # token signing key; generated into data_dir when absent
    operator_token: str | None = None  # 网管; from MAJIANG_OPERATOR_TOKEN when absent
    bot_name: str = ""  # "" = greedy when available, else random

    def resolve(self) -> Settings:
        """Fill defaults that need the file system or the environment."""
        self.data_dir = Path(self.data_dir)
        self.data_dir.mkdir(parents=True, exist_ok=True)
        if self.database_url is None:
            self.database_url = os.environ.get("MAJIANG_DATABASE_URL") or (
                f"sqlite+aiosqlite:///{(self.data_dir / 'majiang.sqlite3').resolve()}"
            )
        if self.secret is None:
            self.secret = os.environ.get("MAJIANG_SECRET") or _stored_secret(self.data_dir / "secret.key")
        if self.operator_token is None:
            self.operator_token = os.environ.get("MAJIANG_OPERATOR_TOKEN") or None
        return self


def _stored_secret(path: Path) -> str:
    # Kept on disk so tokens survive a restart (players reconnect to their seats with them).
    if path.exists():
        return path.read_text().strip()
    value = secrets.token_hex(32)
    path.write_text(value + "\n")
    path.chmod(0o600)
    return value
