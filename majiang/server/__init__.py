"""The online table: an ASGI app (Starlette under uvicorn) serving rooms over REST and websockets.

The server decides no rules: it checks an intent is among the engine's legal actions, applies it,
appends it to the table's log, and pushes each seat its own ``seat_view``.
"""

from majiang.server.app import create_app
from majiang.server.config import Settings

__all__ = ["Settings", "create_app"]
