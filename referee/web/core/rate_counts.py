"""Where the rate limits count by default: one small SQLite file that every worker process of a server shares
(beside the games' SQLite file, or in the instance folder: :func:`default_uri`).

Flask-Limiter's own default (``memory://``) counts in each process: with 2 workers an address got twice the
documented limit, 40 games a minute instead of 20. This storage (a ``limits`` storage, URI
``sqlite:///<path>``, fixed windows: Flask-Limiter's default strategy) keeps one row per counter in a file of
its own, never in the games' database, so a flood of counted requests never waits on a save or holds one up.
Each count is one statement (an upsert that starts a new window when the old one has passed), atomic across
processes; the file is in WAL mode and a writer waits at most :data:`BUSY_TIMEOUT` for another.

Several servers behind one address share counts through a shared store instead (``REFEREE_RATELIMIT_STORAGE_URI``
= ``redis://…`` or ``memcached://…``): this file is one machine's.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from limits.storage import Storage
from sqlalchemy.engine import make_url
from typing_extensions import override

__all__ = ["SQLiteStorage", "FILE_NAME", "uri_for", "default_uri"]

#: The file's name in the instance folder.
FILE_NAME = "ratelimits.sqlite3"
#: Seconds a count waits for another process's count to be written.
BUSY_TIMEOUT = 5.0
#: One count in this many also deletes the counters whose window has passed.
PURGE_EVERY = 200

_SCHEMA = "CREATE TABLE IF NOT EXISTS rate_count (key TEXT PRIMARY KEY, count INTEGER NOT NULL, expires REAL NOT NULL)"
_INCREMENT = (
    "INSERT INTO rate_count (key, count, expires) VALUES (:key, :amount, :expires) ON CONFLICT (key) DO UPDATE SET "
    "count = CASE WHEN rate_count.expires <= :now THEN excluded.count ELSE rate_count.count + excluded.count END, "
    "expires = CASE WHEN rate_count.expires <= :now THEN excluded.expires ELSE rate_count.expires END "
    "RETURNING count"
)


def uri_for(path: str | os.PathLike[str]) -> str:
    """The storage URI of the counts file at ``path`` (absolute: ``sqlite:////…``, as SQLAlchemy writes it)."""
    return "sqlite:///" + os.fspath(path)


def default_uri(database_url: str, instance_path: str | os.PathLike[str]) -> str:
    """Where a server counts when no store is set: beside its games' SQLite file (``<name>.ratelimits``, so a
    server on another file counts apart), else (PostgreSQL) in the instance folder."""
    url = make_url(database_url)
    database = url.database or ""
    if url.get_backend_name() == "sqlite" and database and database != ":memory:" and "mode=memory" not in database:
        games = Path(database).resolve()
        return uri_for(games.with_name(f"{games.stem}.ratelimits{games.suffix or '.sqlite3'}"))
    return uri_for(Path(instance_path).resolve() / FILE_NAME)


class SQLiteStorage(Storage):
    """Rate-limit counters in a SQLite file, shared by every process that opens it (fixed windows)."""

    STORAGE_SCHEME = ["sqlite"]

    def __init__(self, uri: str, wrap_exceptions: bool = False, **options: Any) -> None:
        self.path = uri.removeprefix("sqlite:///")
        if not self.path:
            raise ValueError(f"the rate limits' SQLite storage needs a file: sqlite:///<path>, not {uri!r}")
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        self._pid = 0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    @override
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return sqlite3.Error

    def _connect(self) -> sqlite3.Connection:
        # One connection per process (a forked worker opens its own), used under the lock.
        if self._connection is None or self._pid != os.getpid():
            connection = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT, isolation_level=None,
                                         check_same_thread=False)
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute(_SCHEMA)
            self._connection, self._pid = connection, os.getpid()
        return self._connection

    @override
    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self._lock:
            connection = self._connect()
            row = connection.execute(_INCREMENT, {"key": key, "amount": amount, "expires": now + expiry,
                                                  "now": now}).fetchone()
            if random.randrange(PURGE_EVERY) == 0:
                connection.execute("DELETE FROM rate_count WHERE expires <= ?", (now,))
        return int(row[0])

    @override
    def get(self, key: str) -> int:
        with self._lock:
            row = self._connect().execute("SELECT count FROM rate_count WHERE key = ? AND expires > ?",
                                          (key, time.time())).fetchone()
        return int(row[0]) if row else 0

    @override
    def get_expiry(self, key: str) -> float:
        with self._lock:
            row = self._connect().execute("SELECT expires FROM rate_count WHERE key = ? AND expires > ?",
                                          (key, time.time())).fetchone()
        return float(row[0]) if row else time.time()

    @override
    def check(self) -> bool:
        try:
            with self._lock:
                self._connect().execute("SELECT 1").fetchone()
        except sqlite3.Error:
            return False
        return True

    @override
    def reset(self) -> int | None:
        with self._lock:
            return self._connect().execute("DELETE FROM rate_count").rowcount

    @override
    def clear(self, key: str) -> None:
        with self._lock:
            self._connect().execute("DELETE FROM rate_count WHERE key = ?", (key,))
