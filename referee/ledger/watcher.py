"""The watcher: what one process knows of the games its viewers wait on, and how it learns that one changed.

How the watcher learns of a change (:mod:`referee.ledger.changes` keeps one per process and database):

- A save in this process tells it (:func:`referee.ledger.changes.announce`, called by the store after the
  commit).
- PostgreSQL: the store sends ``NOTIFY referee_game_changed, '<public id> <seq>'`` inside the save's own
  transaction (so it is delivered if and only if the save commits); the watcher ``LISTEN``\\s on one connection
  of its own. Any number of processes and servers on one database hear every save.
- SQLite (one machine): the watcher's own connection asks ``PRAGMA data_version`` every ``interval`` seconds —
  it changes when any other connection commits, and costs no table read. Only then (or when a game gains its
  first waiting viewer) does it read the seqs of the games viewers are waiting on, in one query for all.

A game's players' link is watched the same way: the store announces a game deleted or its players' link replaced
(and on PostgreSQL ``NOTIFY`` with ``'<public id> link <mark>'``), and the SQLite watcher reads the link of each
game it reads the seq of. A viewer waits with its own link's mark (:func:`link_mark`: a digest, never the token)
and is woken when the game's is known to differ, so a deleted game's viewers and a replaced link's are told at
once rather than at the next save or the stream's end.

A page may ask the watcher to follow a game for a while without waiting (:meth:`Watcher.follow`): it is read like a
waited-on game, and :meth:`Watcher.current` vouches for its seq and link as the database had them at most one tick
ago (the viewer page asked again is answered from that, with no SQL: :mod:`referee.web.core.view_heads`).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable

from sqlalchemy.engine import Engine

__all__ = ["CHANNEL", "DEFAULT_INTERVAL", "FOLLOW_SECONDS", "FOLLOWED", "GONE", "LOOK", "REMEMBERED", "Watcher",
           "link_mark", "link_payload", "notify_sql"]

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
#: How long (seconds) the watcher keeps reading a game after a page last asked it to (:meth:`Watcher.follow`).
FOLLOW_SECONDS = 120.0
#: At most this many games followed at once; a page asking beyond it reads the database as before.
FOLLOWED = 2_000


#: A PostgreSQL watcher's notification to itself, ``'<LOOK> <its own number>'`` (see :meth:`Watcher.current`).
LOOK = "*look"

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
        #: Games whose latest seq was learnt without waking their viewers yet (:meth:`observe` with ``wake=False``).
        self._unwoken: set[str] = set()
        #: Games followed without a waiting viewer (:meth:`follow`): when the following ends (monotonic).
        self._followed: dict[str, float] = {}
        #: Every watched game (waited on or followed) and the number its watching began with (a read confirms a
        #: game only if its watching did not end and begin again meanwhile).
        self._since: dict[str, int] = {}
        self._watches = 0
        #: The watched games read since their watching began, every change learnt since (:meth:`current`).
        self._confirmed: set[str] = set()
        #: When the last look at the database that completed began (monotonic; None: none did yet).
        self._known_at: float | None = None
        #: PostgreSQL: the number of the watcher's last look and when it was sent (monotonic).
        self._look: tuple[int, float] = (0, 0.0)
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        #: Set to end the thread's pause at once (the watcher stops).
        self._poke = threading.Event()
        #: SQLite: one look at a time, the thread's tick or a page's (:meth:`current`), on the one connection.
        self._look_lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None
        #: SQLite: ``PRAGMA data_version`` at the last look (None: a new connection, nothing to compare with).
        self._version: int | None = None
        self._stopping = False
        self._pid = os.getpid()
        self._ready = threading.Event()
        #: Whether the thread is watching (set and cleared by the thread itself: see :meth:`_run`).
        self._running = False

    # ---- what the watcher knows ---------------------------------------------------------------------

    def observe(self, public_id: str, seq: int, *, wake: bool = True) -> None:
        """The game ``public_id`` is at ``seq`` (or later): wake its waiting viewers if that is news.

        ``wake=False``: know it now, and wake them at the next ``observe`` of that seq or a later one (the save's own
        request, once its response is out, or the watcher's next read of the game, whichever comes first): a save's
        request holds the waking until its response is out, but a page this process serves meanwhile must already
        show the save."""
        with self._lock:
            known = self._seqs.get(public_id)
            if known is not None and known >= seq:
                if wake and public_id in self._unwoken:
                    self._wake(public_id)
                return
            self._seqs[public_id] = seq
            self._seqs.move_to_end(public_id)
            self._forget_the_oldest(self._seqs)
            if not wake:
                self._unwoken.add(public_id)
                return
            self._wake(public_id)

    def _wake(self, public_id: str) -> None:
        """Wake the game's waiting viewers now (the lock is held)."""
        self._unwoken.discard(public_id)
        waiting = self._waiting.get(public_id)
        if waiting is not None:
            waiting.wake()

    def observe_link(self, public_id: str, mark: str, *, announced: bool = False) -> None:
        """The game's players' link is now the one of ``mark`` (:func:`link_mark`; :data:`GONE`: the game was
        deleted): wake its waiting viewers if that is news.

        ``announced``: this process made the change and has just committed it (:func:`~referee.ledger.changes.
        announce_link`). A look at the database under way may have read the game before that commit; it must not
        make the watcher vouch for the old link when it completes, so the game's watching begins anew here, and
        only a read that begins from now on confirms it (:meth:`_confirm`)."""
        with self._lock:
            previous = self._links.get(public_id)
            if previous == mark:
                return
            self._links[public_id] = mark
            # Whoever says so (a viewer's own read may be older than the watcher's), a page trusts the game's
            # link from memory again only once the watcher has read it (:meth:`current`): at the next tick.
            self._confirmed.discard(public_id)
            if announced and public_id in self._since:
                self._watches += 1
                self._since[public_id] = self._watches
            if previous is not None and public_id in self._since:
                self._fresh.add(public_id)
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
            if oldest in self._since:
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
                self._begin_watching(public_id)
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
                    self._end_watching_if_unwatched(public_id, time.monotonic())

    def follow(self, public_id: str, seconds: float = FOLLOW_SECONDS) -> bool:
        """Watch the game ``public_id`` for ``seconds`` from now as if a viewer waited on it (its viewer page was
        asked for: more such requests may come), so that :meth:`current` can answer for it; False when
        :data:`FOLLOWED` games are followed already (nothing changes then)."""
        self.start()
        now = time.monotonic()
        with self._lock:
            if public_id not in self._followed and len(self._followed) >= FOLLOWED:
                return False
            self._followed[public_id] = now + seconds
            self._begin_watching(public_id)
            return True

    def current(self, public_id: str, *, follow: bool = False) -> tuple[int, str] | None:
        """The game's seq and its players' link's mark (:func:`link_mark`; :data:`GONE`: deleted) as the database
        had them at most one tick (:attr:`interval`) ago; None when the watcher cannot vouch for that.

        Why one tick: the watcher vouches only for a game it has read since its watching began (a viewer waits on
        it, or a page follows it: :meth:`follow`), and only while its last look at the database, which began at
        most ``interval`` seconds ago, completed. From such a read on it learns of every change to the game
        before its next look completes: on SQLite each look asks ``PRAGMA data_version``, which changes with
        every commit of any other connection, and then reads every watched game again; on PostgreSQL each save
        and link change is notified, in commit order, and a look is the watcher's own notification coming back
        (every save committed before it was sent has been heard by then). So a save committed before the last
        look began is known here, and one committed after it is unknown for at most ``interval`` seconds.

        With ``follow``, a game vouched for is followed on, as :meth:`follow` does (in the same step)."""
        now = time.monotonic()
        with self._lock:
            look = self._may_look_for_a_page(public_id, self._known_at, now)
        if look:
            # What it knows is older than a tick (a busy worker held the thread's tick up): the page looks itself,
            # as the thread would (one PRAGMA data_version; the watched games' rows if something changed), rather
            # than read its game: no waiting for the thread, whose turn may be far off in a busy worker.
            self._look_for_a_page(now)
        with self._lock:
            known_at = self._known_at
            if known_at is None or now - known_at > self.interval or self._stopping:
                return None
            if public_id not in self._confirmed:
                return None
            seq, link = self._seqs.get(public_id), self._links.get(public_id)
            if follow and (public_id in self._followed or len(self._followed) < FOLLOWED):
                self._followed[public_id] = now + FOLLOW_SECONDS
        if seq is None or link is None:
            return None
        return seq, link

    def _may_look_for_a_page(self, public_id: str, known_at: float | None, now: float) -> bool:
        """Whether :meth:`current` may look itself: for a game the watcher has read and would vouch for but for
        its last look being older than a tick, on SQLite (a look is a local read), while the thread runs (the lock
        is held). A game not read yet is read at the thread's next tick, as before."""
        if self.backend != "sqlite" or not self._running or self._stopping or public_id not in self._confirmed:
            return False
        return known_at is not None and now - known_at > self.interval

    def _begin_watching(self, public_id: str) -> None:
        """The game is watched from now on (the lock is held); unconfirmed until the next tick reads it."""
        if public_id not in self._since:
            self._watches += 1
            self._since[public_id] = self._watches
            self._fresh.add(public_id)

    def _end_watching_if_unwatched(self, public_id: str, now: float) -> None:
        """Stop watching the game once no viewer waits on it and no page follows it (the lock is held)."""
        if public_id in self._waiting:
            return
        until = self._followed.get(public_id)
        if until is not None:
            if until > now:
                return
            del self._followed[public_id]
        self._since.pop(public_id, None)
        self._confirmed.discard(public_id)

    def _confirm(self, since: dict[str, int], games: Iterable[str]) -> None:
        """``games`` were just read: those watched since their number in ``since`` (before the read) are confirmed."""
        with self._lock:
            for public_id in games:
                began = since.get(public_id)
                if began is not None and self._since.get(public_id) == began:
                    self._confirmed.add(public_id)

    def recheck(self, public_id: str) -> None:
        """Read the game's seq from the database at the next tick (with every other game asked for meanwhile, in
        one query): a live stream asks at each heartbeat, so that a change the watcher missed is found then."""
        with self._lock:
            self._fresh.add(public_id)

    def waiting(self) -> int:
        """How many viewers wait in this process now."""
        with self._lock:
            return sum(w.count for w in self._waiting.values())

    def watching(self) -> int:
        """How many games are watched now: waited on, or followed (:meth:`follow`; the end of a following is
        noticed at the watcher's next tick)."""
        with self._lock:
            return len(self._since)

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
        self._poke.set()

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
        self._poke.set()
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

    def _pause(self) -> float:
        """Seconds between two looks: a tick, or half a tick while a page follows a game, so that a look held up
        by up to half a tick (a busy worker) still lets :meth:`current` vouch for what it knows. On SQLite a page
        that finds the last look older than a tick looks itself (:meth:`current`)."""
        return self.interval / 2 if self._followed else self.interval

    def _take_fresh(self) -> set[str]:
        with self._lock:
            fresh, self._fresh = self._fresh, set()
            return fresh

    def _watched(self) -> dict[str, int]:
        """The games watched now (ended followings end here), each with the number its watching began with."""
        now = time.monotonic()
        with self._lock:
            for public_id in [g for g, until in self._followed.items() if until <= now]:
                self._end_watching_if_unwatched(public_id, now)
            return dict(self._since)

    def _observe_rows(self, games: Iterable[str], rows: Iterable[tuple[str, int, str]],
                      since: dict[str, int] | None = None) -> None:
        """What a read of ``games``' rows found: their seqs and links; a game without a row was deleted. With
        ``since`` (the watched games before the read), the games still watched since then are confirmed."""
        missing = set(games)
        for public_id, seq, view_token in rows:
            missing.discard(str(public_id))
            self.observe(str(public_id), int(seq))
            self.observe_link(str(public_id), link_mark(str(view_token)))
        for public_id in missing:
            self.observe_link(public_id, GONE)
        if since is not None:
            self._confirm(since, games)

    def _looked(self, began: float) -> None:
        """A look at the database that began at ``began`` (monotonic) completed: what is known is as of then."""
        with self._lock:
            if self._known_at is None or began > self._known_at:
                self._known_at = began

    # ---- SQLite --------------------------------------------------------------------------------------

    def _poll(self) -> None:
        self._ready.set()
        while not self._stop.is_set():
            with self._look_lock:
                self._look_at_sqlite()
            self._poke.wait(self._pause())  # a tick (or until the watcher stops)
        with self._look_lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _look_for_a_page(self, asked: float) -> None:
        """A page's look (:meth:`current`), unless a look that began after it asked (at ``asked``) has completed
        while it waited for its turn."""
        with self._look_lock:
            if (self._known_at or 0.0) < asked and not self._stop.is_set():
                self._look_at_sqlite()

    def _look_at_sqlite(self) -> None:
        """One look at the database (:attr:`_look_lock` is held): ``PRAGMA data_version``, and the watched games'
        rows when it changed (every watched game), or those just begun (:attr:`_fresh`); what is known is then
        as of the moment the look began. A locked or vanished file: tried again (reading everything) next time."""
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(self.engine.url.database or "", timeout=5.0,
                                                   check_same_thread=False)
                self._version = None
            connection = self._connection
            began = time.monotonic()
            now = connection.execute("PRAGMA data_version").fetchone()[0]
            fresh = self._take_fresh()
            # A new connection has no earlier version to compare with: whatever changed before it (since
            # a failed look, say) is found by reading every waited-on game once.
            changed = self._version is None or now != self._version
            self._version = now
            watched = self._watched()
            games = list(watched) if changed else [g for g in fresh if g in watched]
            if games:
                self.queries += 1
                for start in range(0, len(games), 500):
                    chunk = games[start:start + 500]
                    marks = ",".join("?" * len(chunk))
                    rows = connection.execute(
                        f"SELECT public_id, seq, view_token FROM game WHERE public_id IN ({marks})", chunk
                    ).fetchall()
                    self._observe_rows(chunk, rows, watched)
            self._looked(began)
        except sqlite3.Error as error:
            log.warning("referee watcher: %s", error)
            if self._connection is not None:
                with contextlib.suppress(sqlite3.Error):
                    self._connection.close()
            self._connection = None

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
                        # Notifications sent while we were away are lost: read the watched games again (and
                        # vouch for none of them until then).
                        with self._lock:
                            self._fresh.update(self._since)
                            self._confirmed.clear()
                    first = False
                    pause = 0.5
                    while not self._stop.is_set():
                        watched = self._watched()
                        fresh = [g for g in self._take_fresh() if g in watched]
                        if fresh:
                            self.queries += 1
                            rows = connection.execute(
                                "SELECT public_id, seq, view_token FROM game WHERE public_id = ANY(%s)", (fresh,)
                            ).fetchall()
                            self._observe_rows(fresh, ((row[0], row[1], row[2]) for row in rows), watched)
                        if watched:
                            # A look (see :meth:`current`): the watcher's own notification, heard after every
                            # save committed before it was sent.
                            self._look = (self._look[0] + 1, time.monotonic())
                            connection.execute("SELECT pg_notify(%s, %s)",
                                               (CHANNEL, f"{LOOK} {os.getpid()}.{id(self)}.{self._look[0]}"))
                        for note in connection.notifies(timeout=self._pause() if watched else self.interval * 5):
                            self._heard(note.payload)
            except Exception as error:  # noqa: BLE001 - a lost connection: say so, wait, listen again
                log.warning("referee watcher: %s", error)
                self._ready.set()
                self._stop.wait(pause)
                pause = min(pause * 2, 10.0)

    def _heard(self, payload: str) -> None:
        """A notification: ``'<public id> <seq>'`` (a save) or ``'<public id> link <mark>'`` (:func:`announce_link`)."""
        public_id, _, said = payload.partition(" ")
        if public_id == LOOK:
            number, began = self._look
            if said == f"{os.getpid()}.{id(self)}.{number}":
                self._looked(began)
        elif said.isdigit():
            self.observe(public_id, int(said))
        elif said.startswith("link "):
            self.observe_link(public_id, said.removeprefix("link "))


def link_payload(public_id: str, mark: str) -> str:
    """The notification that says a game's players' link is now the one of ``mark``."""
    return f"{public_id} link {mark}"
