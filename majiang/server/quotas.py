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

from typing import Protocol

from majiang.server.table_registry import TableRegistry

CLOSED = ("finished", "dissolved")


# The server and its cluster as far as the count goes, described rather than imported: both import the
# modules that import this one (the cluster's router answers the other nodes' questions with
# held_here), so naming them here would close an import cycle (tests/test_layers.py).
class AsksOtherNodes(Protocol):
    """majiang.server.cluster.node.Cluster."""

    async def held_elsewhere(self, player_id: str, secret: str) -> tuple[int, int]: ...


class CountingServer(Protocol):
    """majiang.server.services.Server."""

    @property
    def registry(self) -> TableRegistry: ...
    @property
    def cluster(self) -> AsksOtherNodes | None: ...
    @property
    def secret(self) -> str: ...  # the node-to-node hop is signed with it


async def held_here(registry: TableRegistry, player_id: str) -> tuple[int, int]:
    """(rooms created, seats held) by ``player_id`` in this node's open tables."""
    rooms = seats = 0
    for t in await registry.all():
        st = t.state
        if st.status in CLOSED:
            continue
        rooms += st.creator == player_id
        seats += st.seat_of(player_id) is not None
    return rooms, seats


async def held(server: CountingServer, player_id: str) -> tuple[int, int]:
    """(rooms created, seats held) by ``player_id`` in open rooms, on every live node."""
    rooms, seats = await held_here(server.registry, player_id)
    cluster = server.cluster
    if cluster is not None:
        r, s = await cluster.held_elsewhere(player_id, server.secret)
        rooms, seats = rooms + r, seats + s
    return rooms, seats
