"""``referee serve``: the app behind gunicorn, set up by :mod:`referee.gunicorn_conf`.

The access log masks every link's secret: the edit and view tokens in ``/g/<token>/…`` and ``/v/<token>`` (in
the request line, the path, the query and the Referer) are written as ``/g/…`` and ``/v/…``, so whoever reads
the server's log cannot open, let alone edit, anyone's game.

A worker asked to stop (SIGTERM: the server stops or reloads) ends its viewers' live streams at once
(:func:`end_live_streams_on_stop`) and hangs each one up from the stream's own thread
(:func:`hang_up_if_stopping`), so it exits within moments instead of at the graceful stop's time limit.
"""

from __future__ import annotations

import contextlib
import html
import importlib
import logging
import os
import resource
import signal
import socket
import sys
import threading
from collections.abc import Mapping
from typing import Any

from gunicorn.app.base import BaseApplication
from gunicorn.glogging import Logger
from typing_extensions import override

from referee.masking import mask_tokens

__all__ = ["AccessLogger", "Server", "mask_tokens", "prepare_database", "end_live_streams_on_stop",
           "hang_up_if_stopping", "leave_at_once", "open_files_up_to_the_hard_limit", "secure_error_pages",
           "write_error_page", "CONFIG_MODULE"]

CONFIG_MODULE = "referee.gunicorn_conf"

class _MaskTokens(logging.Filter):
    """Masks the link secrets in a log record's message (its arguments formatted in first)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask_tokens(record.getMessage())
        record.args = ()
        return True


class AccessLogger(Logger):  # type: ignore[misc]  # gunicorn ships no types: its classes are Any
    """gunicorn's logger, with the link secrets masked in every line: the access log and the error log (which
    quotes a malformed request line)."""

    @override
    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        for log in (self.access_log, self.error_log):
            if not any(isinstance(existing, _MaskTokens) for existing in log.filters):
                log.addFilter(_MaskTokens())


def secure_error_pages() -> None:
    """gunicorn's own error pages (a request it refuses before the app sees it: 400, 414, 431…) carry the app's
    security headers too, and mask any link secret the message quotes. Called in each worker as it starts: it
    replaces the one function gunicorn writes them with (``gunicorn.util.write_error``, called only by the worker's
    ``handle_error``) by :func:`write_error_page`."""
    from gunicorn import util

    util.write_error = write_error_page


def write_error_page(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's error page (its page, its ``Connection: close``), with the security headers of every answer."""
    from gunicorn import util

    from referee.web.core.security import HEADERS

    body = (f"<!doctype html>\n<html><head><title>{html.escape(reason)}</title></head><body>"
            f"<h1>{html.escape(reason)}</h1><p>{html.escape(mask_tokens(mesg))}</p></body></html>\n").encode()
    head = [f"HTTP/1.1 {status_int} {reason}", "Connection: close", "Content-Type: text/html; charset=utf-8",
            f"Content-Length: {len(body)}", "Cache-Control: no-store", *(f"{k}: {v}" for k, v in HEADERS.items())]
    util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body)


def prepare_database() -> None:
    """Make the app once, which brings its database schema up to date (see :func:`referee.db.upgrade`)."""
    from referee import create_app

    app = create_app()
    app.extensions["referee.db"].dispose()


def end_live_streams_on_stop(_worker: Any) -> None:
    """When this worker is asked to stop (SIGTERM), wake every viewer waiting in it so its stream ends now.

    A waiting viewer's thread notices nothing of a stop by itself: it waits on the change watcher, and would
    notice a closed connection only at its next heartbeat, after the stop's time limit has killed the worker.
    gunicorn's own SIGTERM handler (a gthread worker's stops accepting and waits for the requests in flight) is
    kept and called first; the viewers are then woken by a thread of ours, because a signal handler must not
    take a lock that the interrupted code may hold.
    """
    from referee.ledger import changes
    asked = threading.Event()
    previous = signal.getsignal(signal.SIGTERM)

    def wake_viewers() -> None:
        asked.wait()
        changes.stop_waiting()

    def on_term(signum: int, frame: Any) -> None:
        if callable(previous):
            previous(signum, frame)
        asked.set()

    threading.Thread(target=wake_viewers, name="referee-stop", daemon=True).start()
    signal.signal(signal.SIGTERM, on_term)
    signal.siginterrupt(signal.SIGTERM, False)  # as gunicorn has it: a stop never interrupts a system call


#: How long a stream ended by a stop waits for the browser to close its side before hanging up anyway (seconds).
HANG_UP_WITHIN = 1.0


def hang_up_if_stopping(worker: Any, environ: Mapping[str, Any], headers: list[tuple[str, str]]) -> None:
    """After a live stream (``text/event-stream``) ended in a stopping worker: close its connection now, from the
    request's own thread, the way gunicorn would (our side first, then what the browser sends until it closes,
    at most :data:`HANG_UP_WITHIN`). Left to gunicorn, its worker's one main thread closes each stream in turn
    and waits up to 2 s for each browser: with many viewers, the stop's time limit would kill the worker."""
    if worker.alive:
        return
    if not any(name.lower() == "content-type" and value.startswith("text/event-stream") for name, value in headers):
        return
    sock = environ.get("gunicorn.socket")
    if not isinstance(sock, socket.socket):
        return
    from referee.worker import linger  # the worker's gentle close; imported where a worker runs this

    linger(sock, seconds=HANG_UP_WITHIN)
    with contextlib.suppress(OSError):
        sock.shutdown(socket.SHUT_RD)  # gunicorn's own close, next, finds nothing to wait for


def open_files_up_to_the_hard_limit() -> None:
    """Let this process (and its workers) open as many files as the system allows it: every open scoreboard is a
    connection, and the usual soft limit (1,024) is far below the connections a worker holds
    (:data:`referee.worker.CONNECTIONS`)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY or hard > soft:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard if hard != resource.RLIM_INFINITY else 65536, hard))


def leave_at_once(worker: Any) -> None:
    """A worker that stopped normally (``sys.exit(0)``, on its way out) closes its databases, flushes its logs and
    leaves now, skipping the interpreter's own tear-down: with gevent's greenlets that took 5 to 10 seconds of
    CPU on a loaded machine, holding up the server's stop for as long. Any other exit is left as it is."""
    leaving = sys.exc_info()[1]
    if not isinstance(leaving, SystemExit) or leaving.code not in (0, None):
        return
    app = getattr(worker, "wsgi", None)
    engine = getattr(app, "extensions", {}).get("referee.db")
    if engine is not None:
        with contextlib.suppress(Exception):
            engine.dispose()
    logging.shutdown()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(0)


class Server(BaseApplication):  # type: ignore[misc]  # gunicorn ships no types: its classes are Any
    """The referee app served by gunicorn, with :mod:`referee.gunicorn_conf` and the command line's overrides."""

    def __init__(self, overrides: Mapping[str, Any]) -> None:
        self.overrides = dict(overrides)
        super().__init__(prog="referee serve")

    @override
    def load_config(self) -> None:
        open_files_up_to_the_hard_limit()
        settings = vars(importlib.import_module(CONFIG_MODULE))
        for key, value in settings.items():
            if key in self.cfg.settings:  # the module's other names are not settings
                self.cfg.set(key, value)
        for key, value in self.overrides.items():
            self.cfg.set(key, value)

    @override
    def load(self) -> Any:
        from referee import create_app

        return create_app()
