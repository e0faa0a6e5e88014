"""The online table: an ASGI app (Starlette under uvicorn) serving rooms over REST and websockets.

The server decides no rules: it checks an intent is among the engine's legal actions, applies it,
appends it to the table's log, and pushes each seat its own ``seat_view``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["Settings", "create_app"]


def __getattr__(name: str) -> Any:
    # Loaded on first use, not with the package: importing one of the server's modules (a test, the
    # console) must not pull in the whole app and its web stack.
    if name == "create_app":
        from majiang.server.app import create_app
        return create_app
    if name == "Settings":
        from majiang.backend.config import Settings
        return Settings
    raise AttributeError(f"module 'majiang.server' has no attribute {name!r}")
