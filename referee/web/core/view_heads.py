"""What a players' link opens, from memory while the process's watcher vouches for it: the viewer page asked again
(a phone's reload, a page without JavaScript refreshing itself) then costs no SQL at all when nothing changed.

:func:`require_view_head` answers as :func:`referee.web.core.access.require_view_head` does. The first request for a
link reads the database (one light query) and keeps what it found, the link's game and its mark
(:func:`referee.ledger.changes.link_mark`), and asks the watcher to follow the game
(:meth:`referee.ledger.watcher.Watcher.follow`). A later request is answered from memory only while the watcher
vouches for the game (:meth:`referee.ledger.watcher.Watcher.current`): it has read the game since it began
following it and has learnt of every change since, as of at most one tick ago.

What that guarantees:

- **A deleted game or a replaced link is never answered from memory.** The watcher's mark for the game must be
  this link's own; a game deleted (:data:`referee.ledger.watcher.GONE`) or a link replaced has another mark (the
  store announces both, on PostgreSQL by a notification in the same transaction, and the SQLite watcher reads the
  link with the seq), and any change of mark makes the watcher vouch for nothing about the game until it has read
  it again. The database then answers: 404, or 410 for a replaced link.
- **A newer seq is hidden for at most one tick** (``LIVE_WATCH_INTERVAL``, 0.05 s by default) after its commit:
  the watcher vouches only when its last completed look at the database began at most a tick ago, and a save
  committed before that look began is known to it (see :meth:`~referee.ledger.watcher.Watcher.current` for why).
  The page's seq is the larger of the watcher's and the one read when the link was kept. A save made through this
  process is known at once (the store announces it).
- On SQLite, a request that finds the watcher's last look older than a tick (a busy worker held its thread up)
  makes that look itself, as the thread would, one look at a time: one read of ``PRAGMA data_version`` for every
  request of that moment (the games' rows only when something changed), instead of each request's query. It
  does not wait for the thread: in a busy gevent worker its turn may be tens of milliseconds off.
- When the watcher still cannot vouch (its look failed, the watcher is stopping, an in-memory database has no
  watcher, PostgreSQL's look is a notification's round trip), the database is read as before.

The memory holds at most :data:`KEPT` links per app, the least recently used going first. Each worker keeps its
own, made on its first request, and trusts it only as far as its own watcher vouches.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from flask import current_app

from referee import db
from referee.ledger import changes
from referee.lru import LeastRecentlyUsed
from referee.web.core import access

__all__ = ["KEPT", "require_view_head", "watcher"]

#: How many players' links each app keeps in memory.
KEPT = 10_000
_KEY = "referee.view_heads"

_Kept = tuple[access.Head, str]


@dataclass(frozen=True)
class _Memory:
    """An app's links kept in memory, and the watcher of its database (the same object for as long as the app's
    engine lives; after a fork it starts afresh by itself)."""

    heads: LeastRecentlyUsed[str, _Kept]
    watcher: changes.Watcher


def _memory() -> _Memory:
    extensions = current_app.extensions
    kept = extensions.get(_KEY)
    if kept is None:  # made in the process that serves (its lock is the worker's: see board._Pages)
        found = changes.watcher_for(db.get_engine(), interval=current_app.config.get("LIVE_WATCH_INTERVAL"))
        kept = extensions.setdefault(_KEY, _Memory(LeastRecentlyUsed[str, _Kept](KEPT), found))
    assert isinstance(kept, _Memory)
    return kept


def watcher() -> changes.Watcher:
    """The current app's database's watcher in this process (:func:`referee.ledger.changes.watcher_for`)."""
    return _memory().watcher


def require_view_head(view_token: str) -> access.Head:
    """The game the players' link ``view_token`` opens and its last seq (at most a tick old: see this module):
    from memory while the watcher vouches for it, else from the database (a 410 page for a replaced link, else
    the plain 404 page, as :func:`referee.web.core.access.require_view_head` answers)."""
    memory = _memory()
    found = memory.heads.peek(view_token)
    if found is not None:
        head, mark = found
        known = memory.watcher.current(head.public_id, follow=True)
        if known is not None and known[1] == mark:
            return head if known[0] <= head.seq else replace(head, seq=known[0])
    head = access.require_view_head(view_token)
    if memory.watcher.follow(head.public_id):
        with memory.heads.lock:
            memory.heads.keep(view_token, (head, changes.link_mark(view_token)))
    return head
