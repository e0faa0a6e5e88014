"""Closing the open sockets of revoked tokens.

A token is checked when a socket authenticates; a socket already open would otherwise outlive its
token's revocation (a log-out, or the operator's revoke), on this node or, in a cluster, on the
node that learns of it from the shared store. Whenever revocations change, every socket (a seat's
or a spectator's) whose token is now revoked is told why and closed with 4001, as at the door.
"""

from __future__ import annotations

from typing import Any

from majiang.backend.auth import Revocations
from majiang.backend.protocol import message
from majiang.server.conn import Conn

REASON = "your token was revoked (logged out, or by the operator): log in again"


def close_as_revoked(conn: Conn, seq: int) -> None:
    """Tell ``conn`` its token was revoked and close it (4001), after what is already queued."""
    conn.send(message("error", seq, code="bad_token", reason=REASON, ref=None))
    conn.close(4001)


async def close_revoked(registry: Any, revocations: Revocations) -> int:
    """Close the revoked sockets of every table in ``registry``; returns how many were closed."""
    closed = 0
    for table in await registry.all():
        for conn in [*table.conns, *table.watchers]:
            if conn is None or conn.closed or conn.player is None or not revocations.revoked(conn.player):
                continue
            close_as_revoked(conn, table.state.shown_seq)
            closed += 1
    return closed
