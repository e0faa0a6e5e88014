"""Server configuration: where data lives, which database, the signing secret, the operator token, limits."""

from __future__ import annotations

import contextlib
import dataclasses
import os
import secrets
import stat
from dataclasses import dataclass, field
from pathlib import Path


def default_data_dir() -> Path:
    return Path(os.environ.get("MAJIANG_DATA", "data"))


def usable_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells, else all)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on every system)
        return os.cpu_count() or 1


@dataclass
class Limits:
    """Quotas and rate limits against abuse, memory upkeep and thread switching (docs/server.md).
    ``MAJIANG_LIMITS="key=value,…"`` overrides any of them (the tests and the benches run servers with their
    own limits); a rate of 0 is no limit."""

    body_bytes: int = 16384  # a REST request body (refused by Content-Length and while streaming)
    # a request's head, below the app (majiang/server/http_guard.py): its request line and headers
    # (431 past this), and the time from the connection (or the next request's first byte) to its end (408)
    head_bytes: int = 8192
    head_seconds: float = 10.0
    token_seconds: float = 7 * 86400.0  # a player token's lifetime; the client renews it silently
    # accounts (majiang/platform/accounts.py): a short access token, a long refresh token (used once)
    access_seconds: float = 3600.0
    refresh_seconds: float = 30 * 86400.0
    # sign-in attempts per asked username and per client address
    login_rate_account: float = 0.1
    login_burst_account: float = 10.0
    login_rate_ip: float = 0.5
    login_burst_ip: float = 30.0
    # replay-code look-ups per client address (against enumeration: records.py ALPHABET says why it is enough)
    code_rate_ip: float = 0.2
    code_burst_ip: float = 20.0
    # REST writes (every POST): token buckets per client address and per player token
    write_rate_ip: float = 10.0
    write_burst_ip: float = 60.0
    write_rate_token: float = 3.0
    write_burst_token: float = 20.0
    # every REST read (GET), per client address
    read_rate_ip: float = 20.0
    read_burst_ip: float = 200.0
    # room codes that named no room (REST and websocket), per client address: with none left, every
    # lookup by code is refused for a while (majiang/backend/throttle.py)
    code_miss_rate_ip: float = 0.2
    code_miss_burst_ip: float = 20.0
    # the replay view endpoint (it rebuilds a hand), per client address
    view_rate_ip: float = 20.0
    view_burst_ip: float = 60.0
    rooms_per_token: int = 5  # rooms a player created that are not finished/dissolved
    seats_per_token: int = 8  # seats a player holds at once in rooms not finished/dissolved
    idle_seconds: float = 1800.0  # a waiting room with no change for this long is closed (never rebuilt)
    evict_seconds: float = 600.0  # a finished or dissolved table leaves memory this long after its end
    # a full garbage collection once this many websocket connections closed (at most once a minute),
    # and at least every gc_seconds (housekeeping.py says why); gc_seconds 0 = never
    gc_connections: int = 300
    gc_seconds: float = 600.0
    # Python's own collector: 0 = off (the scheduled full collections above are the only ones), N = its
    # young collections every N net allocations. Off since the engine and the bots make no cyclic
    # garbage: a young collection then only walks live objects, tens of milliseconds of a bot's
    # decision in which the event loop waits (app.py, docs/server.md "Memory")
    gc_threshold: int = 0
    # the interpreter's thread switch interval, seconds (0: Python's default, 5 ms); app.py says why
    switch_interval: float = 0.0005
    # processes the bots think in (majiang/server/bot_process.py): 0 = a thread of the server's own,
    # N = N child processes, each table's bots in one of them (the event loop keeps the interpreter
    # lock; the bots take other cores).
    # Default: 1 where the server may use two cores or more, else 0 (on one core the child would only
    # take turns with the server on it, and cost its memory)
    bot_processes: int = field(default_factory=lambda: 1 if usable_cores() >= 2 else 0)
    page_size: int = 50  # GET /api/rooms default page size (at most max_page)
    max_page: int = 200
    # websocket messages per player and per address, on top of each connection's own limit
    ws_rate_token: float = 30.0
    ws_burst_token: float = 60.0
    ws_rate_ip: float = 400.0
    ws_burst_ip: float = 800.0
    # websocket connections (each one costs a full snapshot) per player and per address
    connect_rate_token: float = 1.0
    connect_burst_token: float = 10.0
    connect_rate_ip: float = 50.0
    connect_burst_ip: float = 1000.0

    @classmethod
    def from_env(cls, text: str | None = None) -> Limits:
        text = os.environ.get("MAJIANG_LIMITS", "") if text is None else text
        limits = cls()
        types = {f.name: f.type for f in dataclasses.fields(cls)}
        for item in filter(None, (part.strip() for part in text.split(","))):
            key, sep, value = item.partition("=")
            key = key.strip()
            if not sep or key not in types:
                raise ValueError(f"MAJIANG_LIMITS: unknown limit {key!r} (known: {', '.join(types)})")
            whole = types[key] in ("int", int)
            try:
                setattr(limits, key, int(value) if whole else float(value))
            except ValueError:
                raise ValueError(f"MAJIANG_LIMITS: {key} must be a {'whole ' if whole else ''}number, "
                                 f"not {value.strip()!r}") from None
        return limits


@dataclass
class Settings:
    data_dir: Path = field(default_factory=default_data_dir)
    database_url: str | None = None  # default: SQLite file in data_dir
    create_schema: bool = False  # a PostgreSQL ?schema= that does not exist is created (else refused)
    secret: str | None = None  # token signing key; generated into data_dir when absent
    operator_token: str | None = None  # 网管; from MAJIANG_OPERATOR_TOKEN when absent
    bot_name: str = ""  # "" = greedy when available, else random
    limits: Limits | None = None  # from MAJIANG_LIMITS when absent
    # Several nodes (majiang/server/cluster/): Redis for leases and routing; None = one process, as before
    redis_url: str | None = None
    node_id: str = ""  # default: a random id
    redis_prefix: str = ""  # Redis key prefix; default $MAJIANG_REDIS_PREFIX or "majiang:"
    internal_url: str = ""  # where other nodes reach this one (serve sets it)
    metrics_port: int = 0  # the port of --metrics-address: /metrics is served there without a token
    # Test hooks (docs/server.md, "Test hooks"): POST /api/rooms/{code}/test-deal fixes the seeds of a
    # room's next hands. From MAJIANG_TEST_HOOKS=1 when absent; refused under MAJIANG_ENV=production.
    test_hooks: bool | None = None

    def resolve(self) -> Settings:
        """Fill defaults that need the file system or the environment."""
        self.data_dir = Path(self.data_dir)
        # 0700 from the start: the database holds the seeds of hands in progress and the signing key.
        self.data_dir.mkdir(mode=0o700, parents=True, exist_ok=True)
        private_dir(self.data_dir)  # mkdir leaves an existing directory's mode as it was
        if self.database_url is None:
            self.database_url = os.environ.get("MAJIANG_DATABASE_URL") or None
        if self.database_url is None:
            db = (self.data_dir / "majiang.sqlite3").resolve()
            private_file(db)  # SQLite gives its -wal and -shm files the database file's mode
            self.database_url = f"sqlite+aiosqlite:///{db}"
        if self.secret is None and self.redis_url is not None and not os.environ.get("MAJIANG_SECRET"):
            # a key generated here would be this node's alone: tokens minted elsewhere would be refused
            raise ValueError("--redis-url (several nodes): set MAJIANG_SECRET, the same token signing key "
                             "on every node")
        if self.secret is None:
            self.secret = os.environ.get("MAJIANG_SECRET") or _stored_secret(self.data_dir / "secret.key")
        if self.operator_token is None:
            self.operator_token = os.environ.get("MAJIANG_OPERATOR_TOKEN") or None
        if self.limits is None:
            self.limits = Limits.from_env()
        if self.test_hooks is None:
            self.test_hooks = os.environ.get("MAJIANG_TEST_HOOKS", "") not in ("", "0")
        if self.test_hooks and os.environ.get("MAJIANG_ENV", "").strip().lower() == "production":
            # a known seed is a known wall: with the hooks on, whoever holds the operator token could
            # deal himself any hand, so a production configuration never starts with them
            raise ValueError("MAJIANG_TEST_HOOKS is for tests only and is refused with MAJIANG_ENV=production: "
                             "unset one of them")
        if self.redis_url is not None:
            if not self.database_url.startswith("postgresql"):
                raise ValueError("--redis-url (several nodes) needs a database every node shares: give "
                                 "--database-url postgresql+asyncpg://…, not SQLite")
            self.redis_prefix = self.redis_prefix or os.environ.get("MAJIANG_REDIS_PREFIX", "majiang:")
            self.node_id = self.node_id or secrets.token_hex(4)
        return self


def private_dir(path: Path) -> None:
    """Make the data directory 0700, or refuse with the reason: a directory others may read gives them
    the database (hands in progress, their seeds) and the token signing key."""
    st = path.stat()
    mode = stat.S_IMODE(st.st_mode)
    if mode & 0o077 == 0:
        return
    if mode & (stat.S_ISVTX | stat.S_IWOTH):
        # /tmp and its like: shared by design, never to be closed from here
        raise ValueError(f"data directory {path} is shared (mode {mode:04o}): give the server a directory "
                         "of its own (--data-dir or MAJIANG_DATA)")
    if st.st_uid != os.geteuid():
        raise ValueError(f"data directory {path} has mode {mode:04o} and belongs to another user: make it "
                         "0700 (chmod 700) or give another --data-dir")
    os.chmod(path, 0o700)


def private_file(path: Path) -> None:
    """Create ``path`` empty with mode 0600 if it does not exist (never a moment world-readable)."""
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _stored_secret(path: Path) -> str:
    # Kept on disk so tokens survive a restart (players reconnect to their seats with them).
    if path.exists():
        return path.read_text().strip()
    value = secrets.token_hex(32)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)  # 0600 before a byte is written
    with os.fdopen(fd, "w") as f:
        f.write(value + "\n")
    return value
