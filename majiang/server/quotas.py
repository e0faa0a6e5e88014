"""What a player holds against the quotas: rooms they created and seats they hold, in rooms that are
neither finished nor dissolved.

One node counts its own tables. In a cluster the other live nodes are asked too, each answering for
its own tables over the node-to-node hop (``GET /api/cluster/held``, answered by the router), so a
player cannot pass the quota by opening rooms through several nodes. A node that does not answer
within a moment is left out (its tables are being taken over, and count again on the next check);
two requests that pass the check at the same instant on two nodes can still both succeed, as two on
one node can across an await.
"""

from __future__ import annotations

from typing import Any

CLOSED = ("finished", "dissolved")


async def held_here(registry: Any, player_id: str) -> tuple[int, int]:
    """(rooms created, seats held) by ``player_id`` in this node's open tables."""
    rooms = seats = 0
    for t in await registry.all():
        st = t.state
        if st.status in CLOSED:
            continue
        rooms += st.creator == player_id
        seats += st.seat_of(player_id) is not None
    return rooms, seats


async def held(server: Any, player_id: str) -> tuple[int, int]:
    """(rooms created, seats held) by ``player_id`` in open rooms, on every live node."""
    rooms, seats = await held_here(server.registry, player_id)
    cluster = getattr(server, "cluster", None)
    if cluster is not None:
        r, s = await cluster.held_elsewhere(player_id, server.settings.secret)
        rooms, seats = rooms + r, seats + s
    return rooms, seats
