"""``GET /metrics``: the node's figures in Prometheus's text format (prometheus-client).

Two kinds of figures:

* counted as things happen (process-wide, like :data:`majiang.server.botpace.PACE`): actions applied,
  the store's commit latency, the bots' lateness, rate-limit refusals, errors logged;
* read when scraped (:class:`ServerCollector`): rooms by status, tables in memory, seats, connected
  sockets, this node's leases. Reading them costs one pass over the tables in memory, nothing more,
  so a scrape every few seconds is cheap.

Protected (docs/server.md, "Metrics"): on the public port the operator token is needed; on a listen
address of its own (``--metrics-address``) it is open, for a scraper on a private network.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence, Sized
from typing import Protocol, TypedDict

from prometheus_client import CollectorRegistry, Counter, Histogram, disable_created_metrics
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST, generate_latest
from prometheus_client.registry import Collector

disable_created_metrics()  # the *_created series (process start times) only add noise to every scrape
REGISTRY = CollectorRegistry(auto_describe=True)

ACTIONS = Counter("majiang_actions", "Actions applied to hands (players, bots, 托管 and clocks)",
                  registry=REGISTRY)
RECORDS = Counter("majiang_records", "Records appended to the tables' logs, by kind", ["kind"],
                  registry=REGISTRY)
# Buckets from 1 ms to 2.5 s: a healthy SQLite or PostgreSQL group commit takes a few ms; anything past
# 100 ms is a player waiting (a table shows nothing before its commit is durable).
COMMIT_SECONDS = Histogram("majiang_store_commit_seconds", "One group commit of the store (a transaction)",
                           buckets=(.001, .0025, .005, .01, .025, .05, .1, .25, .5, 1.0, 2.5), registry=REGISTRY)
BOT_LATENESS = Histogram("majiang_bot_lateness_seconds",
                         "From a bot's move falling due to its action saved (majiang/server/botpace.py)",
                         buckets=(.005, .01, .025, .05, .1, .25, .5, 1.0, 2.5, 5.0), registry=REGISTRY)
REFUSALS = Counter("majiang_rate_limit_refusals", "Requests and messages refused by a rate limit, by bucket",
                   ["bucket"], registry=REGISTRY)
ERRORS = Counter("majiang_log_errors", "Records logged at ERROR or above", registry=REGISTRY)


class ErrorCounter(logging.Handler):
    """Counts every record at ERROR or above (installed on the ``majiang`` logger)."""

    def __init__(self) -> None:
        super().__init__(logging.ERROR)

    def emit(self, record: logging.LogRecord) -> None:
        ERRORS.inc()


# What a scrape reads of the server, described here rather than imported: the live tables and the
# cluster live in majiang/server, a layer above this one (tests/test_layers.py). Read-only properties,
# so the server's own (mutable, more precise) attributes match them.
class SeatLike(Protocol):
    @property
    def bot(self) -> str | None: ...
    @property
    def tuoguan(self) -> bool: ...
    @property
    def human(self) -> bool: ...


class TableStateLike(Protocol):
    @property
    def status(self) -> str: ...
    @property
    def seats(self) -> Sequence[SeatLike]: ...


class TableLike(Protocol):
    """majiang.server.live_table.LiveTable, as far as the figures go."""

    @property
    def state(self) -> TableStateLike: ...
    @property
    def conns(self) -> Sequence[object | None]: ...  # a seat's socket, None while nobody is connected
    @property
    def watchers(self) -> Sized: ...


class LeasesLike(Protocol):
    @property
    def tokens(self) -> Sized: ...  # the leases this node holds, one per table


class ClusterLike(Protocol):
    """majiang.server.cluster.node.Cluster, as far as the figures go."""

    @property
    def node_id(self) -> str: ...
    @property
    def leases(self) -> LeasesLike: ...
    @property
    def relayed(self) -> Mapping[str, Sequence[object]]: ...  # code -> [relays open (an int), holder]


class RegistryLike(Protocol):
    async def all(self) -> Sequence[TableLike]: ...


class ServerLike(Protocol):
    """majiang.server.services.Server, as far as the figures go."""

    @property
    def registry(self) -> RegistryLike: ...
    @property
    def cluster(self) -> ClusterLike | None: ...


class Figures(TypedDict):
    node: str
    rooms: dict[str, int]  # by status
    tables: int
    seats: dict[str, int]  # by who holds them
    sockets: dict[str, int]  # seats' and watchers'
    leases: int
    relayed: int


def _relays(entry: Sequence[object]) -> int:
    """Relays open for one relayed table (the entry's first item, always an int)."""
    n = entry[0]
    assert isinstance(n, int), entry
    return n


class ServerCollector(Collector):
    """Figures read at scrape time from a snapshot taken on the event loop (:meth:`snapshot`)."""

    def __init__(self) -> None:
        self.figures: Figures | None = None  # None until the first scrape

    def snapshot(self, tables: Sequence[TableLike], cluster: ClusterLike | None, node: str) -> None:
        rooms = dict.fromkeys(("waiting", "playing", "finished", "dissolved"), 0)
        seats = dict.fromkeys(("human", "bot", "tuoguan", "free"), 0)
        sockets = {"seat": 0, "watcher": 0}
        for t in tables:
            st = t.state
            rooms[st.status] = rooms.get(st.status, 0) + 1
            if st.status in ("finished", "dissolved"):
                continue
            for s in st.seats:
                kind = "bot" if s.bot is not None else "tuoguan" if s.tuoguan else "human" if s.human else "free"
                seats[kind] += 1
            sockets["seat"] += sum(c is not None for c in t.conns)
            sockets["watcher"] += len(t.watchers)
        self.figures = {"node": node, "rooms": rooms, "tables": len(tables), "seats": seats, "sockets": sockets,
                        "leases": len(cluster.leases.tokens) if cluster is not None else 0,
                        "relayed": sum(_relays(e) for e in cluster.relayed.values()) if cluster is not None else 0}

    def collect(self) -> Iterator[GaugeMetricFamily]:
        f = self.figures
        if f is None:
            return
        node = f["node"]
        g = GaugeMetricFamily("majiang_rooms", "Rooms in this node's memory, by status", labels=["node", "status"])
        for status, n in f["rooms"].items():
            g.add_metric([node, status], n)
        yield g
        g = GaugeMetricFamily("majiang_tables", "Tables in this node's memory", labels=["node"])
        g.add_metric([node], f["tables"])
        yield g
        g = GaugeMetricFamily("majiang_seats", "Seats of the waiting and playing tables, by who holds them",
                              labels=["node", "kind"])
        for kind, n in f["seats"].items():
            g.add_metric([node, kind], n)
        yield g
        g = GaugeMetricFamily("majiang_sockets", "Open table websockets on this node (seats, watchers, relayed "
                              "to another node)", labels=["node", "kind"])
        for kind, n in f["sockets"].items():
            g.add_metric([node, kind], n)
        g.add_metric([node, "relayed"], f["relayed"])
        yield g
        g = GaugeMetricFamily("majiang_leases", "Table leases this node holds in Redis (0 without a cluster)",
                              labels=["node"])
        g.add_metric([node], f["leases"])
        yield g


COLLECTOR = ServerCollector()
REGISTRY.register(COLLECTOR)


async def exposition(server: ServerLike) -> tuple[bytes, str]:
    """The text to answer a scrape with, and its content type."""
    tables = await server.registry.all()
    cluster = server.cluster
    COLLECTOR.snapshot(tables, cluster, cluster.node_id if cluster is not None else "single")
    return generate_latest(REGISTRY), CONTENT_TYPE_LATEST
