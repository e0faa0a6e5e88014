"""Seats that connect from one address (docs/server.md "Same address"): what commercial platforms offer
against collusion, two players at one table who are one person or sit side by side. A room (or a club,
in its preset) chooses ``same_address``: ``allow`` (the default: a family on one home network plays
together), ``warn`` (every seat is told, as a notice, which seats share an address; the operator's
console shows it) or ``refuse`` (a second player from an address already seated is refused the seat).

The address is the client's as the server sees it (behind a proxy: uvicorn's --proxy-headers; relayed
by another node: the address that node saw). A seat's address is that of its open socket, so a player
who left the table no longer counts."""

from __future__ import annotations

from typing import Any

MODES = ("allow", "warn", "refuse")


def address_of(conn: Any) -> str | None:
    client = getattr(conn.ws, "client", None)
    return client.host if client else None


def sharing(table: Any, player_id: str, ip: str) -> list[int]:
    """The seats of other players whose socket comes from ``ip``."""
    out = []
    for i, c in enumerate(table.conns):
        seat = table.state.seats[i]
        if c is not None and not c.closed and seat.player_id not in (None, player_id) and address_of(c) == ip:
            out.append(i)
    return out


def groups(table: Any) -> list[list[int]]:
    """Seats grouped by address, the groups of two or more (what the console shows)."""
    by: dict[str, list[int]] = {}
    for i, c in enumerate(table.conns):
        ip = address_of(c) if c is not None and not c.closed else None
        if ip is not None and table.state.seats[i].player_id is not None:
            by.setdefault(ip, []).append(i)
    return [seats for seats in by.values() if len(seats) > 1]


def warn(table: Any) -> None:
    """Tell every seat and spectator which seats share an address (a ``notice``, what: same_address)."""
    from majiang.backend.protocol import message

    found = groups(table)
    if not found:
        return
    st = table.state
    names = "; ".join(" · ".join(st.seats[i].name or f"#{i + 1}" for i in g) for g in found)
    msg = message("notice", st.shown_seq, what="same_address", by="server", reason=names, seats=found)
    for c in [*table.conns, *table.watchers]:
        if c is not None:
            c.send(msg)
