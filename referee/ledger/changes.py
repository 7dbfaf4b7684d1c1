"""Which games changed: one watcher per process and database, so that waiting viewers cost nothing while idle.

A viewer waiting for the next event of its game never reads the database itself: it waits on the process's
:class:`Watcher`, which learns of every change and wakes exactly the viewers of the game that changed.

How the watcher learns of a change:

- A save in this process tells it (:func:`announce`, called by the store after the commit); during a request
  the web layer holds the announcement until the save's response has gone out (:func:`hold`, :func:`release`).
- PostgreSQL: the store sends ``NOTIFY referee_game_changed, '<public id> <seq>'`` inside the save's own
  transaction (so it is delivered if and only if the save commits); the watcher ``LISTEN``\\s on one connection
  of its own. Any number of processes and servers on one database hear every save.
- SQLite (one machine): the watcher's own connection asks ``PRAGMA data_version`` every ``interval`` seconds —
  it changes when any other connection commits, and costs no table read. Only then (or when a game gains its
  first waiting viewer) does it read the seqs of the games viewers are waiting on, in one query for all.

The watcher starts on first use in each process (gunicorn forks workers after loading the app; a fork drops the
parent's watcher thread, so a child starts its own) and is thread-safe (its viewers wait in many greenlets).
An in-memory SQLite database lives in one process only: there the store's announcements are all there is.

A game's players' link is watched the same way: the store announces a game deleted or its players' link replaced
(:func:`announce_link`, and on PostgreSQL ``NOTIFY`` with ``'<public id> link <mark>'``), and the SQLite watcher reads
the link of each game it reads the seq of. A viewer waits with its own link's mark (:func:`link_mark`: a digest,
never the token) and is woken when the game's is known to differ, so a deleted game's viewers and a replaced
link's are told at once rather than at the next save or the stream's end.

A process that is asked to stop calls :func:`stop_waiting`: every viewer waiting in it wakes at once (and none
waits from then on), so its stream can end now and the process exit, instead of holding the graceful stop until
the viewer's next heartbeat notices a closed connection, or until the stop's time limit kills the process.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Iterable
from contextvars import ContextVar
from typing import Any

from sqlalchemy.engine import Engine

__all__ = ["CHANNEL", "GONE", "Watcher", "watcher_for", "announce", "announce_link", "link_mark", "link_payload",
           "hold", "release", "notify_sql", "stop_waiting"]

log = logging.getLogger(__name__)

#: The PostgreSQL notification channel; the payload is ``"<public id> <seq>"``.
CHANNEL = "referee_game_changed"
#: The SQLite watcher's tick, in seconds. A save in another worker process reaches that process's viewers up to
#: a tick later (its own are told at once); a tick that finds nothing changed is one ``PRAGMA data_version``
#: (about 11 us, and the wake-up around it), so 20 a second cost a worker under 0.1% of a core.
DEFAULT_INTERVAL = 0.05
#: How many games' last seqs the watcher remembers (only the games viewers wait on need to be remembered;
#: the rest is a bounded courtesy).
REMEMBERED = 10_000


#: The mark of a game's players' link once the game is deleted: no link opens it.
GONE = "gone"


def notify_sql() -> str:
    """The statement that announces a save on PostgreSQL, run inside the save's transaction."""
    return f"SELECT pg_notify('{CHANNEL}', :payload)"


def link_mark(view_token: str) -> str:
    """What the watcher keeps of a game's players' link: a digest of its token (the token itself is never kept or
    sent), enough to tell the link was replaced."""
    return hashlib.sha256(view_token.encode()).hexdigest()[:16]


class _Waiting:
    """The viewers of one game waiting in this process: their number, and the event they wait on.

    A change sets the event its viewers hold and puts a new one in its place (:meth:`wake`): one ``set`` wakes
    them all, and none of them has to take a lock again to go on. Under gevent, ``threading.Event`` is gevent's,
    which wakes all its waiters in one turn of the loop; a ``Condition`` made each woken viewer take the
    watcher's lock again, one after another, and with 2,500 viewers in a worker that took most of its time."""

    __slots__ = ("count", "event")

    def __init__(self) -> None:
        self.count = 0
        self.event = threading.Event()

    def wake(self) -> None:
        """Wake every viewer waiting now (the lock is held); those that wait next wait on a new event."""
        woken, self.event = self.event, threading.Event()
        woken.set()


class Watcher:
    """Knows the last seq of the games waited on, and wakes their waiting viewers when it changes."""

    def __init__(self, engine: Engine, *, interval: float = DEFAULT_INTERVAL) -> None:
        self.engine = engine
        self.interval = interval
        self.backend = engine.url.get_backend_name()
        #: Database round trips the watcher itself made (ticks that read something); tests count them.
        self.queries = 0
        self._reset()

    def _reset(self) -> None:
        """Fresh locks and no thread: at construction, and in a child process after a fork."""
        self._lock = threading.Lock()
        self._start_lock = threading.Lock()
        self._seqs: OrderedDict[str, int] = OrderedDict()
        self._links: OrderedDict[str, str] = OrderedDict()
        self._waiting: dict[str, _Waiting] = {}
        self._fresh: set[str] = set()
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._stopping = False
        self._pid = os.getpid()
        self._ready = threading.Event()
        #: Whether the thread is watching (set and cleared by the thread itself: see :meth:`_run`).
        self._running = False

    # ---- what the watcher knows ---------------------------------------------------------------------

    def observe(self, public_id: str, seq: int) -> None:
        """The game ``public_id`` is at ``seq`` (or later): wake its waiting viewers if that is news."""
        with self._lock:
            known = self._seqs.get(public_id)
            if known is not None and known >= seq:
                return
            self._seqs[public_id] = seq
            self._seqs.move_to_end(public_id)
            self._forget_the_oldest(self._seqs)
            waiting = self._waiting.get(public_id)
            if waiting is not None:
                waiting.wake()

    def observe_link(self, public_id: str, mark: str) -> None:
        """The game's players' link is now the one of ``mark`` (:func:`link_mark`; :data:`GONE`: the game was
        deleted): wake its waiting viewers if that is news."""
        with self._lock:
            if self._links.get(public_id) == mark:
                return
            self._links[public_id] = mark
            self._links.move_to_end(public_id)
            self._forget_the_oldest(self._links)
            waiting = self._waiting.get(public_id)
            if waiting is not None:
                waiting.wake()

    def opens(self, public_id: str, link: str) -> bool:
        """Whether the players' link of ``link`` (its mark) still opens the game, as far as the watcher knows."""
        return self._links.get(public_id, link) == link  # one dict read: whole under the interpreter's lock

    def _forget_the_oldest(self, known: OrderedDict[str, int] | OrderedDict[str, str]) -> None:
        """Keep at most :data:`REMEMBERED` games (never one a viewer waits on); the lock is held."""
        while len(known) > REMEMBERED:
            oldest = next(iter(known))
            if oldest in self._waiting:
                known.move_to_end(oldest)
                break
            del known[oldest]

    def wait(self, public_id: str, seen: int, timeout: float, *, link: str | None = None) -> int | None:
        """Block until the game's seq is known to differ from ``seen``: return it, or None after ``timeout`` (at
        once if the process is stopping: see :attr:`stopping`).

        With ``link`` (the mark of the viewer's own link), return as well once the game's link is known to differ
        from it (:meth:`opens` then says False): the seq as known, which may be ``seen``."""
        self.start()
        deadline = time.monotonic() + timeout
        with self._lock:
            waiting = self._waiting.get(public_id)
            if waiting is None:
                waiting = self._waiting[public_id] = _Waiting()
                # A change may have slipped between the viewer's own read and now: check at the next tick.
                self._fresh.add(public_id)
            waiting.count += 1
            if link is not None:
                self._links.setdefault(public_id, link)  # what the viewer read, until the database says otherwise
        try:
            while True:
                # The event first, then what is known: a change made after this read sets the event held here.
                # (Each read is of one dict entry or one attribute, whole under the interpreter's lock.)
                event = waiting.event
                known = self._seqs.get(public_id)
                if known is not None and known != seen:
                    return known
                if link is not None and self._links.get(public_id, link) != link:
                    return seen if known is None else known
                if self._stopping:
                    return None
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return None
                event.wait(remaining)
        finally:
            with self._lock:
                waiting.count -= 1
                if waiting.count == 0:
                    del self._waiting[public_id]

    def recheck(self, public_id: str) -> None:
        """Read the game's seq from the database at the next tick (with every other game asked for meanwhile, in
        one query): a live stream asks at each heartbeat, so that a change the watcher missed is found then."""
        with self._lock:
            self._fresh.add(public_id)

    def waiting(self) -> int:
        """How many viewers wait in this process now."""
        with self._lock:
            return sum(w.count for w in self._waiting.values())

    @property
    def stopping(self) -> bool:
        """Whether this process is stopping (:meth:`stop_waiting` was called): no viewer waits any more."""
        return self._stopping

    def stop_waiting(self) -> None:
        """Wake every waiting viewer now, let none wait from now on, and stop watching: the process is stopping."""
        with self._lock:
            self._stopping = True
            for waiting in self._waiting.values():
                waiting.wake()
        self._stop.set()  # the thread ends at its next tick; nobody waits on it any more

    # ---- the thread ----------------------------------------------------------------------------------

    def start(self) -> None:
        """Start watching in this process, once (thread-safe; after a fork, the child starts its own)."""
        if self._running and self._pid == os.getpid():
            return  # every viewer's wait asks: the common answer costs two reads
        if self._pid != os.getpid():
            self._reset()
        thread = self._thread
        if thread is not None and thread.is_alive():
            return
        if self._in_memory() or self._stopping:
            return  # one process only: the store's announcements are all there is; or nobody waits any more
        with self._start_lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._ready.clear()
            self._stop.clear()
            watch = self._listen if self.backend == "postgresql" else self._poll
            self._thread = threading.Thread(target=self._run, args=(watch,), name="referee-watcher", daemon=True)
            self._thread.start()
            # PostgreSQL: LISTEN before the viewer reads its game, so no save can fall between the two.
            self._ready.wait(5.0)

    def stop(self) -> None:
        """Stop the thread (tests, and a clean shutdown)."""
        self._stop.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(5.0)
        self._thread = None

    def _run(self, watch: Callable[[], None]) -> None:
        self._running = True
        try:
            watch()
        finally:
            self._running = False

    def _in_memory(self) -> bool:
        database = self.engine.url.database
        return self.backend == "sqlite" and (not database or database == ":memory:" or "mode=memory" in database)

    def _take_fresh(self) -> set[str]:
        with self._lock:
            fresh, self._fresh = self._fresh, set()
            return fresh

    def _watched(self) -> list[str]:
        with self._lock:
            return list(self._waiting)

    def _observe_rows(self, games: Iterable[str], rows: Iterable[tuple[str, int, str]]) -> None:
        """What a read of ``games``' rows found: their seqs and links; a game without a row was deleted."""
        missing = set(games)
        for public_id, seq, view_token in rows:
            missing.discard(str(public_id))
            self.observe(str(public_id), int(seq))
            self.observe_link(str(public_id), link_mark(str(view_token)))
        for public_id in missing:
            self.observe_link(public_id, GONE)

    # ---- SQLite --------------------------------------------------------------------------------------

    def _poll(self) -> None:
        connection: sqlite3.Connection | None = None
        version: int | None = None
        self._ready.set()
        while not self._stop.is_set():
            try:
                if connection is None:
                    connection = sqlite3.connect(self.engine.url.database or "", timeout=5.0,
                                                 check_same_thread=False)
                    version = None
                now = connection.execute("PRAGMA data_version").fetchone()[0]
                fresh = self._take_fresh()
                # A new connection has no earlier version to compare with: whatever changed before it (since
                # a failed tick, say) is found by reading every waited-on game once.
                changed = version is None or now != version
                version = now
                watched = self._watched()
                games = watched if changed else [g for g in fresh if g in set(watched)]
                if games:
                    self.queries += 1
                    for start in range(0, len(games), 500):
                        chunk = games[start:start + 500]
                        marks = ",".join("?" * len(chunk))
                        rows = connection.execute(
                            f"SELECT public_id, seq, view_token FROM game WHERE public_id IN ({marks})", chunk
                        ).fetchall()
                        self._observe_rows(chunk, rows)
            except sqlite3.Error as error:  # a locked or vanished file: try again (reading everything) next tick
                log.warning("referee watcher: %s", error)
                if connection is not None:
                    with contextlib.suppress(sqlite3.Error):
                        connection.close()
                connection = None
            self._stop.wait(self.interval)
        if connection is not None:
            connection.close()

    # ---- PostgreSQL ----------------------------------------------------------------------------------

    def _conninfo(self) -> str:
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def _listen(self) -> None:
        import psycopg

        pause = 0.5
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo(), autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    if not first:
                        # Notifications sent while we were away are lost: read the waited-on games again.
                        with self._lock:
                            self._fresh.update(self._waiting)
                    first = False
                    pause = 0.5
                    while not self._stop.is_set():
                        watched = set(self._watched())
                        fresh = [g for g in self._take_fresh() if g in watched]
                        if fresh:
                            self.queries += 1
                            rows = connection.execute(
                                "SELECT public_id, seq, view_token FROM game WHERE public_id = ANY(%s)", (fresh,)
                            ).fetchall()
                            self._observe_rows(fresh, ((row[0], row[1], row[2]) for row in rows))
                        for note in connection.notifies(timeout=self.interval * 5):
                            self._heard(note.payload)
            except Exception as error:  # noqa: BLE001 - a lost connection: say so, wait, listen again
                log.warning("referee watcher: %s", error)
                self._ready.set()
                self._stop.wait(pause)
                pause = min(pause * 2, 10.0)

    def _heard(self, payload: str) -> None:
        """A notification: ``'<public id> <seq>'`` (a save) or ``'<public id> link <mark>'`` (:func:`announce_link`)."""
        public_id, _, said = payload.partition(" ")
        if said.isdigit():
            self.observe(public_id, int(said))
        elif said.startswith("link "):
            self.observe_link(public_id, said.removeprefix("link "))


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
        elif interval is not None:
            watcher.interval = interval
        return watcher


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
    (:data:`GONE`), committed in this process: tell the watcher, as :func:`announce` does. On PostgreSQL the store
    also sends ``'<public id> link <mark>'`` (see :func:`link_payload`) inside the same transaction."""
    _announce((engine, public_id, mark))


def link_payload(public_id: str, mark: str) -> str:
    """The notification that says a game's players' link is now the one of ``mark``."""
    return f"{public_id} link {mark}"


def _announce(announcement: _Announcement) -> None:
    held = _held.get()
    if held is not None:
        held.append(announcement)
        return
    _deliver(announcement)


def _deliver(announcement: _Announcement) -> None:
    engine, public_id, news = announcement
    watcher = _watchers.get(engine)
    if watcher is None:
        return
    if isinstance(news, str):
        watcher.observe_link(public_id, news)
    else:
        watcher.observe(public_id, news)


def hold() -> list[_Announcement]:
    """Hold this thread's announcements back (a request: waking a thousand viewers while the save's own response
    is still being made would make the scorekeeper wait for them); :func:`release` delivers them."""
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
