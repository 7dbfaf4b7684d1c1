"""A bounded, thread-safe map that drops the least recently used keys: what the cache of folded states
(:mod:`referee.ledger.cache`) and the cache of rendered pages (:mod:`referee.web.core.rendered`) keep their values in.

>>> kept = LeastRecentlyUsed[str, int](size=2)
>>> with kept.lock:
...     kept.keep("a", 1)
...     kept.keep("b", 2)
>>> kept.peek("a")  # "a" is now the most recently used
1
>>> with kept.lock:
...     kept.keep("c", 3)
>>> kept.peek("b") is None, len(kept)
(True, 2)
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Generic, TypeVar

__all__ = ["LeastRecentlyUsed"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class LeastRecentlyUsed(Generic[K, V]):
    """Values by key, at most ``size`` of them: beyond it the least recently used (kept or peeked) go first.

    Reads take :attr:`lock` themselves; :meth:`keep` is called with it held, so that a caller can decide what
    to keep from what is kept, in one step that no other thread comes between.
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.lock = threading.Lock()
        self._values: OrderedDict[K, V] = OrderedDict()

    def peek(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or None."""
        with self.lock:
            value = self._values.get(key)
            if value is not None:
                self._values.move_to_end(key)
            return value

    def keep(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` as the most recently used, dropping the least recently used beyond
        ``size``. The caller holds :attr:`lock`."""
        self._values[key] = value
        self._values.move_to_end(key)
        while len(self._values) > self.size:
            self._values.popitem(last=False)

    def discard(self, key: K) -> None:
        """Forget ``key``."""
        with self.lock:
            self._values.pop(key, None)

    def clear(self) -> None:
        """Forget every key."""
        with self.lock:
            self._values.clear()

    def __len__(self) -> int:
        return len(self._values)
