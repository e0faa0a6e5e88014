"""Bounds on a request's head (request line and headers), below the ASGI app, for either HTTP parser.

The app never sees a request before its head is complete, so a limit there comes too late: uvicorn's
httptools parser keeps every header byte it is sent (eight 32 MB headers took the server from 113 to
473 MB), and a client sending its head a byte at a time held a connection for ever (data cancels the
keep-alive timer and nothing else is armed). The protocols here count a head's bytes as they arrive and
answer 431 once they pass ``head_bytes``; a head not complete ``head_seconds`` after the connection
opened (or after the first byte of the next request on a kept-alive one) is answered 408 and closed. A
trickling client cannot push that deadline back. docs/server.md, "Abuse limits".
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

try:
    from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
except ImportError:  # httptools is not installed: uvicorn serves with h11 only
    HttpToolsProtocol = None  # type: ignore[assignment, misc]


def _answer(status: int, phrase: str, code: str, reason: str) -> bytes:
    body = json.dumps({"error": code, "reason": reason}).encode()
    return (f"HTTP/1.1 {status} {phrase}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            f"connection: close\r\n\r\n").encode() + body


class HeadGuard:
    """Mixed in before a uvicorn HTTP protocol. A subclass says whether a head is being received."""

    head_bytes = 8192
    head_seconds = 10.0
    transport: asyncio.Transport

    def _guard_init(self) -> None:
        self._head_seen = 0  # bytes of the current head received so far
        self._tail = b""  # its last 3 bytes: the blank line that ends it may straddle two reads
        self._head_timer: asyncio.TimerHandle | None = None
        self._refused = False

    def receiving_head(self) -> bool:
        raise NotImplementedError

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        super().connection_made(transport)  # type: ignore[misc]
        self._arm()  # a connection that never sends a byte is closed too

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)  # type: ignore[misc]

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        if self.receiving_head():
            if self._head_timer is None:  # the first byte of a kept-alive connection's next request
                self._arm()
            # Measured before the parser sees a byte of it, so neither parser holds a head over the limit.
            joined = self._tail + data
            end = joined.find(b"\r\n\r\n")
            size = self._head_seen + (end + 4 - len(self._tail) if end >= 0 else len(data))
            if size > self.head_bytes:
                self._refuse(_answer(431, "Request Header Fields Too Large", "too_large",
                                     f"the request line and headers are over {self.head_bytes} bytes"))
                return
            if end < 0:
                self._head_seen, self._tail = size, joined[-3:]
        super().data_received(data)  # type: ignore[misc]
        if not self._refused and not self.receiving_head():
            self.head_done()

    def head_done(self) -> None:
        """The head is complete: the deadline no longer applies, the next head counts from zero."""
        self._disarm()
        self._head_seen, self._tail = 0, b""

    def _arm(self) -> None:
        self._disarm()
        self._head_timer = asyncio.get_running_loop().call_later(self.head_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _too_slow(self) -> None:
        self._head_timer = None
        if self.receiving_head() and not self.transport.is_closing():
            self._refuse(_answer(408, "Request Timeout", "timeout",
                                 f"the request head was not complete within {self.head_seconds:g} s"))

    def _refuse(self, answer: bytes) -> None:
        self._refused = True
        self._disarm()
        self.transport.write(answer)
        self.transport.close()


class GuardedH11(HeadGuard, H11Protocol):
    """h11 is waiting for a request's head while the client's side of the connection is idle."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._guard_init()

    def receiving_head(self) -> bool:
        return bool(self.conn.their_state is h11.IDLE)


if HttpToolsProtocol is not None:
    class GuardedHttpTools(HeadGuard, HttpToolsProtocol):
        """httptools hands over the head in callbacks: between the message's start (or the connection's,
        or the previous message's end) and headers_complete, a head is being received."""

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._guard_init()
            self._in_head = True

        def receiving_head(self) -> bool:
            return self._in_head

        def on_headers_complete(self) -> None:
            self._in_head = False
            self.head_done()
            super().on_headers_complete()

        def on_message_complete(self) -> None:
            super().on_message_complete()
            self._in_head = True


def guarded_protocol(head_bytes: int, head_seconds: float, http: str = "auto") -> type[asyncio.Protocol]:
    """The protocol class for uvicorn's ``http=``: httptools when installed ("auto"), else h11."""
    use_h11 = http == "h11" or HttpToolsProtocol is None
    base: type[HeadGuard] = GuardedH11 if use_h11 else GuardedHttpTools
    cls = type(base.__name__, (base,), {"head_bytes": head_bytes, "head_seconds": head_seconds})
    return cls  # type: ignore[return-value]
