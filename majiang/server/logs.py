"""The server's log records: plain text (the default) or one JSON object a line (``--log-format json``).

Every record names the node that logged it and the table it was about (``null`` outside any table's
work), so the lines of one table can be followed across the nodes of a cluster. The table comes from a
context variable that is set where a table's work starts (a websocket's connection, a REST call on a
room, a table's timer callback); asyncio copies it into the tasks started from there.
"""

from __future__ import annotations

import contextvars
import json
import logging
import time
import traceback
from typing import Any

TABLE: contextvars.ContextVar[str | None] = contextvars.ContextVar("majiang_table", default=None)
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s [%(node)s %(table)s]: %(message)s"


class Context(logging.Filter):
    """Adds ``node`` and ``table`` to every record passing through a handler."""

    def __init__(self, node: str) -> None:
        super().__init__()
        self.node = node

    def filter(self, record: logging.LogRecord) -> bool:
        record.node = self.node
        if not hasattr(record, "table"):  # a caller may name the table itself: extra={"table": code}
            record.table = TABLE.get()
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ts (seconds, UTC epoch), level, logger, node, table, msg, and exc (the
    traceback) when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {"ts": round(record.created, 3),
                               "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
                               + f".{int(record.msecs):03d}Z",
                               "level": record.levelname, "logger": record.name,
                               "node": getattr(record, "node", None), "table": getattr(record, "table", None),
                               "msg": record.getMessage()}
        if record.exc_info:
            out["exc"] = "".join(traceback.format_exception(*record.exc_info)).rstrip()
        return json.dumps(out, ensure_ascii=False)


def configure(fmt: str, level: str, node: str) -> None:
    """Set up the root logger (uvicorn's loggers propagate to it when it is given no config of its own)."""
    if fmt not in ("text", "json"):
        raise ValueError(f"--log-format must be text or json, not {fmt!r}")
    handler = logging.StreamHandler()
    handler.addFilter(Context(node))
    handler.setFormatter(JsonFormatter() if fmt == "json" else logging.Formatter(TEXT_FORMAT))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
