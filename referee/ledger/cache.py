"""Folded states kept in memory, so that a page or a save never replays a long log from its first event again.

The state of a game at seq N is a pure function of its first N events (``state.replay``), and events are only
ever appended. So a state folded once stays true: the store keeps the last state it folded for each game, and
when the game has moved on it applies only the events after it (``state.apply``, the same fold a replay does).

One cache per database engine (two apps on two databases never share states), keyed by the game's row id
*and* its public id, so a deleted game whose row id is reused can never be answered with the old game's
state. Bounded: the least recently used games are dropped beyond ``size`` (a dropped game is replayed once
the next time it is asked for). Thread-safe: gunicorn's gthread workers serve many requests at once.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any, Protocol

from referee.lru import LeastRecentlyUsed

__all__ = ["StateCache", "Folded", "cache_for", "DEFAULT_SIZE"]

#: How many games' states a process keeps. A game's state is a few hundred KB at 1,000 events.
DEFAULT_SIZE = 512

Key = tuple[int, str]


class Folded(Protocol):
    """A game's state, of any family: all the cache reads of it is how many events it folded."""

    @property
    def seq(self) -> int:
        """The events folded (the creation is 1)."""


class StateCache(LeastRecentlyUsed[Key, Folded]):
    """The last folded state of each game, by (row id, public id); least recently used out first."""

    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        super().__init__(size)
        #: How many folds were saved and done: hits (answered from memory), extended (only the new events
        #: applied) and replays (the whole log folded). Tests and benchmarks read them.
        self.hits = 0
        self.extended = 0
        self.replays = 0

    def get(self, key: Key) -> Folded | None:
        """The state kept for this game (any seq), or None."""
        return self.peek(key)

    def put(self, key: Key, state: Folded) -> None:
        """Keep ``state`` for this game unless a later one is kept already."""
        with self.lock:
            kept = self._values.get(key)
            self.keep(key, state if kept is None or kept.seq <= state.seq else kept)


_caches: weakref.WeakKeyDictionary[Any, StateCache] = weakref.WeakKeyDictionary()
_caches_lock = threading.Lock()


def cache_for(bind: Any) -> StateCache:
    """The state cache of a database engine (made on first use)."""
    with _caches_lock:
        cache = _caches.get(bind)
        if cache is None:
            cache = _caches[bind] = StateCache()
        return cache
