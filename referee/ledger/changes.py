"""Which games changed: one watcher per process and database, so that waiting viewers cost nothing while idle.

A viewer waiting for the next event of its game never reads the database itself: it waits on the process's
:class:`~referee.ledger.watcher.Watcher` (:func:`watcher_for`), which learns of every change and wakes exactly the
viewers of the game that changed (how it learns: :mod:`referee.ledger.watcher`).

A save in this process tells it at once (:func:`announce`, :func:`announce_link`, called by the store after the
commit); during a request the web layer holds a save's announcement until its response has gone out
(:func:`hold`, :func:`release`). A replaced link or a deleted game is never held: the very next request, whoever
makes it, must find the old link refused.

The watcher starts on first use in each process (gunicorn forks workers after loading the app; a fork drops the
parent's watcher thread, so a child starts its own) and is thread-safe (its viewers wait in many greenlets).
An in-memory SQLite database lives in one process only: there the store's announcements are all there is.

A process that is asked to stop calls :func:`stop_waiting`: every viewer waiting in it wakes at once (and none
waits from then on), so its stream can end now and the process exit, instead of holding the graceful stop until
the viewer's next heartbeat notices a closed connection, or until the stop's time limit kills the process.
"""

from __future__ import annotations

import os
import threading
import weakref
from contextvars import ContextVar
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

from referee.ledger.watcher import CHANNEL, DEFAULT_INTERVAL, GONE, Watcher, link_mark, link_payload, notify_sql

__all__ = ["CHANNEL", "GONE", "Watcher", "watcher_for", "announce", "announce_link", "link_mark", "link_payload",
           "hold", "release", "notify_sql", "stop_waiting"]


_watchers: weakref.WeakKeyDictionary[Any, Watcher] = weakref.WeakKeyDictionary()
_watchers_lock = threading.Lock()
#: Whether :func:`stop_waiting` was called in this process: a watcher made afterwards is stopping from the start.
_process_stopping = False


def watcher_for(engine: Engine, *, interval: float | None = None) -> Watcher:
    """The watcher of ``engine`` in this process (made on first use; not started until someone waits)."""
    with _watchers_lock:
        watcher = _watchers.get(engine)
        if watcher is None:
            watcher = _watchers[engine] = Watcher(engine, interval=interval or DEFAULT_INTERVAL)
            if _process_stopping:
                watcher.stop_waiting()
            # An engine closed for good stops its watcher (a page may have started it: :meth:`Watcher.follow`);
            # one used again starts it again when a viewer waits or a page follows a game.
            event.listen(engine, "engine_disposed", _stop_watching)
        elif interval is not None:
            watcher.interval = interval
        return watcher


def _stop_watching(engine: Engine) -> None:
    watcher = _watchers.get(engine)
    if watcher is not None:
        watcher.stop()


#: One announcement: the engine, the game's public id, and its new seq or its link's new mark.
_Announcement = tuple[Any, str, int | str]
#: Announcements held back until the current request's response has gone out (see :func:`hold`).
_held: ContextVar[list[_Announcement] | None] = ContextVar("referee_held_changes", default=None)


def announce(engine: Any, public_id: str, seq: int) -> None:
    """A save in this process committed: tell this process's watcher of that engine, if it has one (at once,
    or when :func:`release` is called if the announcements are held)."""
    _announce((engine, public_id, seq))


def announce_link(engine: Any, public_id: str, mark: str) -> None:
    """A game's players' link was replaced (``mark``: the new link's :func:`link_mark`) or the game deleted
    (:data:`GONE`), committed in this process: tell the watcher at once, even while announcements are held
    (:func:`hold`). On PostgreSQL the store also sends ``'<public id> link <mark>'`` (see :func:`link_payload`)
    inside the same transaction."""
    _announce((engine, public_id, mark))


def _announce(announcement: _Announcement) -> None:
    held = _held.get()
    # A replaced link or a deleted game is told at once, held or not: from now on no page of this process may
    # answer the old link from memory (a rare change, whose few viewers are woken to hear it is gone).
    if held is not None and not isinstance(announcement[2], str):
        # A save is known at once (a page this process serves from now on shows it); only the waking of its
        # viewers waits for the response (see :func:`hold`).
        _deliver(announcement, wake=False)
        held.append(announcement)
        return
    _deliver(announcement)


def _deliver(announcement: _Announcement, *, wake: bool = True) -> None:
    engine, public_id, news = announcement
    watcher = _watchers.get(engine)
    if watcher is None:
        return
    if isinstance(news, str):
        watcher.observe_link(public_id, news, announced=True)
    else:
        watcher.observe(public_id, news, wake=wake)  # a save known already (held): its viewers are woken now


def hold() -> list[_Announcement]:
    """Hold back the waking of the viewers of this thread's saves (a request: waking a thousand viewers while the
    save's own response is still being made would make the scorekeeper wait for them); :func:`release` wakes them.
    The save itself is known to the watcher at once, and a replaced link or a deleted game goes out whole at once
    (see :func:`announce_link`)."""
    held: list[_Announcement] = []
    _held.set(held)
    return held


def release(held: list[_Announcement]) -> None:
    """Deliver the announcements :func:`hold` kept, and stop holding."""
    if _held.get() is held:
        _held.set(None)
    for announcement in held:
        _deliver(announcement)
    held.clear()


def stop_waiting() -> None:
    """This process is stopping: wake every viewer waiting on any of its watchers, and let none wait from now on
    (see :meth:`Watcher.stop_waiting`). Safe to call from any thread, and more than once."""
    global _process_stopping
    with _watchers_lock:
        _process_stopping = True
        watchers = list(_watchers.values())
    for watcher in watchers:
        watcher.stop_waiting()


def _after_fork() -> None:
    global _process_stopping
    _process_stopping = False
    for watcher in list(_watchers.values()):
        watcher._reset()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork)
