"""How many live streams one client address may hold open in one process, counted before the app is asked.

A phone's scoreboard holds one live stream (``/v/<token>/live``); a club's Wi-Fi puts a room of phones behind one
address. Beyond :data:`LIVE_STREAMS_PER_ADDRESS` streams from one address in a process, a stream is answered
``busy`` at once and ends: that page goes back to refreshing itself every 15 seconds.

The count and the answer are a WSGI middleware in front of the Flask app (inside the proxy fix, so the address is
the client's): a flood of streams from one address is answered at the cost of matching a path, not of a whole
request through the app. Measured with 5,000 streams from one address against 2 workers (``make bench``,
``tests/bench/bench_one_address.py``): answered through the app, each ``busy`` took several milliseconds of a
worker, the flood queued for 15 s ahead of everyone else's connections in the listen backlog and another
client's first page waited 7 s; see :mod:`referee.worker` for the figures with this middleware.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from flask import Flask

__all__ = ["LIVE_STREAMS_PER_ADDRESS", "BUSY", "LiveStreamCap", "open_streams", "init_app"]

#: Live streams one client address may hold open in one worker process. Below the server's cap on an address's
#: connections (``referee.worker.CONNECTIONS_PER_ADDRESS``), so that the page always gets the ``busy`` answer.
#: ``LIVE_STREAMS_PER_ADDRESS`` in the app's config overrides it.
LIVE_STREAMS_PER_ADDRESS = 100
#: The browser waits this long (milliseconds) before it tries a stream again
#: (``referee.web.screens.board.RECONNECT_MS``).
_RETRY_MS = 2000
#: The answer to a stream beyond its address's cap: the page stops streaming and refreshes itself instead.
BUSY = f"retry: {_RETRY_MS}\n\nevent: busy\ndata: \n\n".encode()
_LIVE_PATH = re.compile(r"/v/[^/]+/live")


class _OpenStreams:
    """How many live streams each client address holds open in this process."""

    def __init__(self) -> None:
        self.lock = threading.Lock()  # made in the serving process: see referee.worker
        self.held: dict[str, int] = {}

    def take(self, address: str, cap: int) -> bool:
        """One more stream for ``address``, unless it holds ``cap`` already."""
        with self.lock:
            if self.held.get(address, 0) >= cap:
                return False
            self.held[address] = self.held.get(address, 0) + 1
            return True

    def give_back(self, address: str) -> None:
        with self.lock:
            left = self.held.get(address, 1) - 1
            if left > 0:
                self.held[address] = left
            else:
                self.held.pop(address, None)


def open_streams(app: Flask) -> _OpenStreams:
    """The live streams open in this process for ``app``, by client address (made on first use)."""
    kept = app.extensions.get("referee.open_streams")
    if kept is None:
        kept = app.extensions.setdefault("referee.open_streams", _OpenStreams())
    assert isinstance(kept, _OpenStreams)
    return kept


class _GiveBack:
    """The app's answer to a stream, which gives the stream's place back when the server closes it."""

    def __init__(self, body: Iterable[bytes], give_back: Callable[[], None]) -> None:
        self.body = body
        self.give_back = give_back

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.body)

    def close(self) -> None:
        try:
            close = getattr(self.body, "close", None)
            if close is not None:
                close()
        finally:
            self.give_back()


class LiveStreamCap:
    """WSGI middleware: a live stream beyond its address's cap is answered ``busy`` here; the others are counted
    until their answer is closed."""

    def __init__(self, wsgi_app: Callable[..., Iterable[bytes]], app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        """Answer one request: a live stream past its address's cap is told ``busy``; every other request goes on to
        the app, a live stream's place given back when its answer is closed."""
        if environ.get("REQUEST_METHOD") != "GET" or not _LIVE_PATH.fullmatch(environ.get("PATH_INFO") or ""):
            return self.wsgi_app(environ, start_response)
        address = str(environ.get("REMOTE_ADDR") or "")
        streams = open_streams(self.app)
        if not streams.take(address, int(self.app.config.get("LIVE_STREAMS_PER_ADDRESS", LIVE_STREAMS_PER_ADDRESS))):
            from referee.web.core.security import HEADERS

            start_response("200 OK", [("Content-Type", "text/event-stream; charset=utf-8"),
                                      ("Content-Length", str(len(BUSY))), ("Cache-Control", "no-store"),
                                      ("X-Accel-Buffering", "no"), *HEADERS.items()])
            return [BUSY]
        try:
            body = self.wsgi_app(environ, start_response)
        except BaseException:
            streams.give_back(address)
            raise
        return _GiveBack(body, lambda: streams.give_back(address))


def init_app(app: Flask) -> None:
    """Count the live streams in front of ``app`` (call before the proxy fix wraps it)."""
    app.wsgi_app = LiveStreamCap(app.wsgi_app, app)  # type: ignore[method-assign]
