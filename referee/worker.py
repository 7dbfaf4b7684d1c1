"""The gunicorn worker ``referee serve`` runs: gevent's, bounded per client address.

What one address can hold, and why it is bounded this way:

- **One greenlet per connection, not one thread.** An open scoreboard (a server-sent-event stream) holds its
  connection for minutes. With gthread workers each one held a thread, and 2 workers × 1,000 threads were all
  a server had: 2,100 half-sent requests from one address, or 2,000 streams, took every thread and the pages
  of everyone else timed out. A greenlet costs a few KB and no thread, so a server holds thousands of open
  connections (``worker_connections`` per worker, :data:`CONNECTIONS`) and still answers a page at once.
- **A request's head must arrive within ``keepalive`` seconds** (5 s: gunicorn's gevent worker reads every
  request head, the first one included, under that deadline), **and the rest waits at most**
  :data:`READ_TIMEOUT` **for each read or write**: a half-sent request, a body that stops coming and a
  browser that stops reading are dropped, and their connection closed.
- **At most** :data:`CONNECTIONS_PER_ADDRESS` **connections from one address in each worker.** Beyond that a
  connection is answered ``503`` with ``Retry-After`` at once and closed, its request unread: one address can
  never fill a worker's connections. Behind a proxy every connection comes from the proxy, so the cap is off
  when the app is told it has one (``REFEREE_PROXY_FIX_X_FOR``); the proxy bounds its own clients (nginx:
  ``limit_conn``), and the app's own cap on live streams (:data:`referee.web.core.live_cap.LIVE_STREAMS_PER_ADDRESS`,
  by the address the proxy passes on) still holds.
- **Live streams per address** are capped by the app, below the connection cap, so that a stream beyond it
  gets an answer the page understands (``busy``: it goes back to refreshing itself every 15 seconds), never a
  hang or a dropped connection.

The price, SQLite under gevent: a save that waits for another process's write lock holds up its whole worker
while it waits (the driver sleeps in C), where a thread would have waited alone. A write takes milliseconds, so
such a wait does too. Two saves in one worker never overlap: a write transaction runs without yielding to another
greenlet (no socket is touched between ``BEGIN IMMEDIATE`` and the commit; the viewers are told after it).

PostgreSQL under gevent: psycopg waits for the server in ``select.select`` (gevent's, see below), so a read lets
the worker's other greenlets run. A lock held across such a read must be gevent's, made in the worker after it
patched ``threading``: one made when its module was imported (in the master, which imports the app to prepare the
database) is the operating system's, and a greenlet waiting for it stops its whole worker, the holder included.

Under a burst beyond what the CPU can answer (thousands of connections in the same second) a connection whose
greenlet cannot read its head within the 5 s is closed unanswered: the server sheds load instead of queueing it
without end, and a browser's scoreboard reconnects by itself a moment later.

Measured on a 2-core machine shared with other jobs (load average 14 to 18 during these runs, so every figure
is several times what an idle machine gives; one run each, the two classes in the same run):

- ``BENCH_VIEWERS=500 python -m pytest -s tests/bench/bench_server.py`` (500 viewers, 40 to an address):
  memory per waiting viewer 34 KB here against 63 KB (62-63) for gthread with 1,000 threads; idle CPU 0.6% of a
  core against 0.4-0.6%; a page after 300 silent connections 15 ms against 210-365 ms. Save → every viewer,
  p95: 1,847 ms here against 898 and 1,717 ms for gthread in two runs (the spread of this load is that wide);
  both far from the 500 ms goal on a machine this busy (last round, idle: 135 ms for gthread at 1,000 viewers).
- ``python -m pytest tests/test_server_bounds.py`` (the attacks against ``referee serve``, 2 workers): 2,100
  half-sent requests from one address are all closed within 8 s (all but the 2 × cap let in are answered 503
  at once, the rest closed at the 5 s head deadline), and a table on another address keeps its pages and saves
  at p95 ≤ 1 s (its first page during the flood of connections waited up to 1.9 s in the listen queue). 400 live
  streams from one address got 200 streams and ``busy`` for the rest, at once; the table's p95 stayed ≤ 1 s in
  one run and not in another (a page waited 7.7 s behind the streams being opened, at load average 14), so
  ``make test`` opens 250 and the full 5,000 are ``make bench``'s.
- With gthread (before): the same 2,100 half-sent requests held all 2 × 1,000 threads for over 65 s.

The full figures, ``python -m pytest -s tests/bench/bench_one_address.py`` (2 workers, SQLite, the attacking
client on the same 2 cores; a quiet machine, load average under 2.5 from the bench itself):

- 2,100 half-sent requests from 127.0.0.1, a table playing from 127.0.0.2: all 2,100 dropped within 5.1 s
  (1,844 answered 503 at once, the rest closed at the head deadline); the table's pages p95 16 ms (16 ms with
  nobody attacking), its saves p95 96 ms (38 ms).
- 5,000 live streams from 127.0.0.1, 2 runs: all answered within 1.8 and 1.9 s (200 streams, the rest ``busy``
  or 503 at once); the table's pages p95 17 and 34 ms (16 and 18 ms with nobody attacking), max 575 ms; its
  saves p95 25 and 32 ms. Measured before this worker gave its other connections a turn after each request
  (:meth:`Worker.handle_request`): the table's pages p95 1.8 s, max 3.7 s.
- 5,000 viewers of one game from 125 addresses (40 each), arriving 250 a second, 4 runs: save → every viewer p95
  345 ms (320-360), median 170 ms (162-174); the save's own p99 51 ms (44-52); idle 3.0% of a core (2.8-3.2);
  about 43 KB a waiting viewer. Waking and writing to one viewer costs a worker about 105 us of CPU (the
  measuring client about 38 us more, on the same cores); it cost 230 us while the viewers of a game waited on a
  ``Condition``, each woken one taking the watcher's lock again in turn (p95 then 650 ms to 1.2 s). With another
  job's benchmark running beside it on the 2 cores the p95 was 540 ms to 1.0 s.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import time
from functools import partial
from queue import Empty
from typing import Any

import gevent
from gevent.pool import Pool
from gevent.server import StreamServer
from gunicorn.http.body import ChunkedReader, LengthReader
from gunicorn.sock import ssl_context
from gunicorn.workers.base_async import AsyncWorker
from gunicorn.workers.ggevent import GeventWorker
from typing_extensions import override

# psycopg picks how it waits for PostgreSQL once, when first imported: in the master, before a worker's gevent
# patches select, it would pick a wait in C that holds up the worker's every greenlet while it waits (a viewer's
# LISTEN would stop the whole worker). select.select, looked up at each call, is gevent's in a worker.
os.environ.setdefault("PSYCOPG_WAIT_FUNC", "wait_select")

__all__ = ["Worker", "CONNECTIONS", "CONNECTIONS_PER_ADDRESS", "READ_TIMEOUT", "LINGER", "LINGER_BYTES", "BUSY_ANSWER",
           "per_address_cap", "unread_body", "linger"]

#: Connections one worker holds at once (open scoreboards included); more wait in the listen backlog.
CONNECTIONS = 8000
#: Connections one client address may hold in one worker (a club's Wi-Fi puts many phones behind one address:
#: each phone's browser opens up to six).
CONNECTIONS_PER_ADDRESS = int(os.environ.get("REFEREE_CONNECTIONS_PER_ADDRESS") or 128)
#: Connections a worker takes from the listen backlog each time it finds some waiting (gunicorn's gevent worker
#: takes one when there are several workers, so that they share a burst): a flood from one address is then
#: taken in at once and its connections beyond the cap refused, instead of queueing in the kernel ahead of
#: everyone else's while the worker answers them one by one.
ACCEPT_AT_ONCE = 100
#: How often (seconds) a worker looks whether it was asked to stop, and then whether its last request ended.
TICK = 0.1
#: The signals that tell a gunicorn worker to stop (SIGTERM gently; SIGINT and SIGQUIT at once).
STOPS = frozenset({signal.SIGTERM, signal.SIGINT, signal.SIGQUIT})
#: Seconds one read or write of a request under way (its body, a stream's next event) may wait.
READ_TIMEOUT = 15.0
#: After an answer given before the request's body was read (a 413), what the client still sends is dropped for
#: at most this many seconds and bytes before the connection closes (:func:`linger`).
LINGER = 2.0
LINGER_BYTES = 8 * 1024 * 1024

_BUSY_TEXT = b"This device (or its network) has too many connections open here. Try again in a moment.\n"
#: What a connection beyond its address's cap gets before it is closed (none of its request is read).
BUSY_ANSWER = b"".join([
    b"HTTP/1.1 503 Service Unavailable\r\n",
    b"Content-Type: text/plain; charset=utf-8\r\n",
    b"X-Content-Type-Options: nosniff\r\n",
    b"Cache-Control: no-store\r\n",
    b"Retry-After: 5\r\n",
    b"Connection: close\r\n",
    b"Content-Length: %d\r\n\r\n" % len(_BUSY_TEXT),
    _BUSY_TEXT,
])


def per_address_cap() -> int:
    """The connection cap per address, or 0 (no cap) when the app is behind a proxy (all from one address)."""
    proxies = (os.environ.get("REFEREE_PROXY_FIX_X_FOR") or "0").strip()
    return 0 if proxies not in ("", "0") else CONNECTIONS_PER_ADDRESS


class Worker(GeventWorker):  # type: ignore[misc]  # gunicorn ships no types
    """gunicorn's gevent worker with a cap on the connections of each client address and a read deadline."""

    #: The master's signal queue as this process got it when it was forked (:func:`referee.gunicorn_conf.post_fork`).
    masters_queue: Any = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.cap = per_address_cap()
        #: Open connections per client address (greenlets share one thread: no lock needed).
        self.held: dict[str, int] = {}

    @override
    def init_signals(self) -> None:
        """gunicorn's signal handlers, then a stop the master passed on while this worker was starting.

        Until gunicorn puts a worker's handlers in place, the new process runs the master's, which it was forked
        with: they put the signal into the master's queue (this process's copy of it) and do nothing else. A
        SIGTERM sent in that moment was lost, and the master waited its whole graceful timeout for this worker
        (a server stopped just as it started, beside another test run: 25.6 s). Found in the copy, it is heeded.
        """
        super().init_signals()
        queue = self.masters_queue
        while queue is not None:
            try:
                sig = queue.get_nowait()
            except Empty:
                return
            if sig in STOPS:
                self.alive = False

    @override
    def handle(self, listener: Any, client: Any, addr: Any) -> None:
        address = addr[0] if isinstance(addr, tuple) and addr else ""
        if self.cap and address:
            if self.held.get(address, 0) >= self.cap:
                self._refuse(client)
                return
            self.held[address] = self.held.get(address, 0) + 1
        try:
            client.settimeout(READ_TIMEOUT)  # gevent's worker would make it block for ever (setblocking(1))
            AsyncWorker.handle(self, listener, client, addr)
        finally:
            if self.cap and address:
                left = self.held[address] - 1
                if left:
                    self.held[address] = left
                else:
                    del self.held[address]

    def handle_request(self, listener_name: Any, req: Any, sock: Any, addr: Any) -> Any:
        """One request, then a turn for the worker's other connections: a keep-alive client whose next request is
        already waiting would otherwise be served again and again before them (gevent switches only when a
        read must wait), and the others' answers wait behind it: p99 300-1,800 ms against 20 ms for a bare
        view at 8 connections, before this yield."""
        try:
            return super().handle_request(listener_name, req, sock, addr)
        except StopIteration:  # the connection ends after this answer
            if unread_body(req):
                linger(sock)
            raise
        finally:
            gevent.sleep(0)

    def run(self) -> None:
        """gunicorn's gevent worker loop (``GeventWorker.run``), looking at its state every :data:`TICK` seconds
        instead of every second: asked to stop, it ends its viewers' streams at once (:mod:`referee.server`) and
        is gone as soon as they are, not up to two seconds later."""
        servers = []
        ssl_args = {"ssl_context": ssl_context(self.cfg)} if self.cfg.is_ssl else {}
        for listener in self.sockets:
            listener.setblocking(1)
            server = StreamServer(listener, handle=partial(self.handle, listener), spawn=Pool(self.worker_connections),
                                  **ssl_args)
            server.max_accept = ACCEPT_AT_ONCE
            server.start()
            servers.append(server)
        while self.alive:
            self.notify()
            gevent.sleep(TICK)
        for server in servers:  # accept no more
            server.close()
        # The viewers' streams end now. SIGTERM's handler asks the same from a thread of its own
        # (:func:`referee.server.end_live_streams_on_stop`); asking here too, from the worker's own loop, ends them
        # whatever became of that thread (CI once saw a worker with viewers wait out its whole graceful timeout;
        # its cause was not found).
        from referee.ledger import changes
        changes.stop_waiting()
        started = time.monotonic()
        while time.monotonic() - started <= self.cfg.graceful_timeout:
            if all(server.pool.free_count() == server.pool.size for server in servers):
                return
            self.notify()
            gevent.sleep(TICK)
        self.log.warning("Worker graceful timeout (pid:%s)", self.pid)
        for server in servers:
            with contextlib.suppress(Exception):
                server.stop(timeout=1)

    def _refuse(self, client: Any) -> None:
        """Answer 503 and close; what the client sent meanwhile is read first (at most a moment's worth), so
        that the close is not a reset that could lose the answer on its way."""
        with contextlib.suppress(OSError):
            client.settimeout(0.5)
            client.sendall(BUSY_ANSWER)
            linger(client, seconds=0.5, most=65536)
        with contextlib.suppress(OSError):
            client.close()


def unread_body(req: Any) -> bool:
    """Whether the client may still be sending the body of ``req`` (the app answered without reading it all: a
    413): a ``Content-Length`` not all read, or a chunked body."""
    reader = getattr(getattr(req, "body", None), "reader", None)
    if isinstance(reader, LengthReader):
        return bool(reader.length > 0)
    return isinstance(reader, ChunkedReader)


def linger(sock: Any, *, seconds: float = LINGER, most: int = LINGER_BYTES) -> None:
    """Close gently after an answer given before the request's body was read (a body too large, refused unread).

    Closing a socket with unread data sends a reset, and a reset can make the client's system drop the answer
    it has received but not yet read: the browser would show "connection reset" instead of the page that says
    the file was too large. So the answer's end is said first (``SHUT_WR``), and what the client still sends
    is read and dropped, for at most ``seconds`` and ``most`` bytes (by default :data:`LINGER` and
    :data:`LINGER_BYTES`), before the close."""
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + seconds
        dropped = 0
        while dropped < most and (left := deadline - time.monotonic()) > 0:
            sock.settimeout(left)
            chunk = sock.recv(65536)
            if not chunk:
                return
            dropped += len(chunk)

