"""What a server's start imports (issue 28: ``majiang serve`` to its first answer ≤ 0.5 s): the store
is SQLAlchemy Core, so neither the ORM nor alembic (a database at the head revision) nor argon2,
the strong bot or a ruleset's scoring is imported before the first request needs it; and another
library of the process still finds ``sqlalchemy.ext.asyncio`` whole."""

from __future__ import annotations

import subprocess
import sys

NOT_AT_START = ("sqlalchemy.orm", "alembic", "argon2", "majiang.bots.strong", "majiang.rules.guobiao_scoring",
                "majiang.rules.anqing", "httpx")


def _run(code: str) -> list[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()


def test_the_app_and_the_store_import_no_orm_alembic_bot_or_ruleset() -> None:
    code = ("import sys; import majiang.commands.serve; from majiang.server import create_app; "
            "from majiang.backend.store import Store; "
            f"print(*[m for m in {NOT_AT_START!r} if m in sys.modules] or ['none'])")
    assert _run(code) == ["none"]


def test_the_asyncio_package_is_whole_for_whoever_asks_for_the_rest() -> None:
    code = ("import sys; from majiang.backend.sa_async import AsyncEngine; "
            "print('sqlalchemy.orm' in sys.modules); "
            "from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker; import sqlalchemy.ext.asyncio as a; "
            "print('sqlalchemy.orm' in sys.modules, a.AsyncEngine is AsyncEngine, AsyncSession.__module__, "
            "a.async_sessionmaker is async_sessionmaker)")
    assert _run(code) == ["False", "True", "True", "sqlalchemy.ext.asyncio.session", "True"]
