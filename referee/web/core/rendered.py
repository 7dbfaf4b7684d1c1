"""Pages rendered once per change: a bounded, thread-safe cache of rendered bytes, one render per key at a time.

The viewer's board at seq N looks the same to every phone that reads it in the same language and is (or is not)
the same player, so it is rendered once and served from memory until the game moves on: a key always names the
seq, so a save, an undo, a correction or a rename (each a new event) simply makes a new key, and nothing needs
invalidating. When a thousand waiting viewers wake for the same change, one of them renders and the others wait
for that render instead of all rendering it at once.
"""

from __future__ import annotations

import gzip
import hashlib
import threading
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from referee.lru import LeastRecentlyUsed

__all__ = ["Page", "RenderCache", "page_of", "DEFAULT_SIZE"]

#: How many rendered pages and boards a process keeps (each some 5–20 KB, and its gzip).
DEFAULT_SIZE = 2048

T = TypeVar("T")


@dataclass(frozen=True)
class Page:
    """A rendered page: its UTF-8 bytes, the same gzipped, and an ETag made from its content."""

    body: bytes
    gzipped: bytes
    etag: str


def page_of(html: str) -> Page:
    """Encode, compress and fingerprint ``html`` once, for every request that will get it."""
    body = html.encode()
    return Page(body=body, gzipped=gzip.compress(body, compresslevel=6, mtime=0),
                etag=hashlib.blake2b(body, digest_size=12).hexdigest())


class RenderCache(LeastRecentlyUsed[Hashable, T]):
    """Values by key, least recently used out first, each built once even when many threads ask at once
    (:meth:`peek` never builds)."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        super().__init__(size)
        self._building: dict[Hashable, threading.Lock] = {}
        #: How many times a value was built (tests and benchmarks read it).
        self.builds = 0

    def get(self, key: Hashable, build: Callable[[], T]) -> T:
        """The value for ``key``, built by ``build()`` if nobody has (while one thread builds, the others wait)."""
        value = self.peek(key)
        if value is not None:
            return value
        with self.lock:
            building = self._building.setdefault(key, threading.Lock())
        with building:
            value = self.peek(key)
            if value is None:
                value = build()
                with self.lock:
                    self.builds += 1
                    self.keep(key, value)
            with self.lock:
                self._building.pop(key, None)
            return value
