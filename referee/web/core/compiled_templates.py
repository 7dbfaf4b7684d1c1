"""Templates compiled once per process: a Jinja bytecode cache in memory, shared by every app the process makes.

One app per process (``make run``) compiles each template once anyway. A process that makes many apps (the tests
make one per test) would otherwise parse and compile every template it renders again for each app. Jinja keys a
template's code by its name and file and checks it against the source's checksum, so an edited template is
compiled afresh. Every app the process makes has the same Jinja settings, so their compiled code is the same.
"""

from __future__ import annotations

import threading

from flask import Flask
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket

__all__ = ["ProcessBytecodeCache", "init_app"]


class ProcessBytecodeCache(BytecodeCache):
    """Compiled templates kept in this process's memory, by Jinja's cache key."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def load_bytecode(self, bucket: Bucket) -> None:
        """Give ``bucket`` the code kept for it, if any (Jinja drops it if the source has changed since)."""
        with self._lock:
            code = self._code.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        """Keep ``bucket``'s freshly compiled code."""
        code = bucket.bytecode_to_string()
        with self._lock:
            self._code[bucket.key] = code


#: The one cache of this process.
CACHE = ProcessBytecodeCache()


def init_app(app: Flask) -> None:
    """Let ``app``'s Jinja environment keep its compiled templates in the process's cache."""
    app.jinja_env.bytecode_cache = CACHE
