"""The cap on live streams per client address (referee/web/core/live_cap.py), as WSGI middleware in front of a
stand-in app: which requests it counts, the ``busy`` answer beyond the cap, and a place given back when a stream's
answer is closed (or the app fails)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from referee.web.core.live_cap import BUSY, LIVE_STREAMS_PER_ADDRESS, LiveStreamCap, open_streams
from tests.conftest import make_test_app


class Inner:
    """The app behind the middleware: it answers every request with one chunk, and counts them."""

    def __init__(self) -> None:
        self.calls = 0
        self.fail = False

    def __call__(self, _environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        self.calls += 1
        if self.fail:
            raise RuntimeError("the app failed")
        start_response("200 OK", [("Content-Type", "text/event-stream")])
        return [b"data: 1\n\n"]


@pytest.fixture
def flask_app() -> Flask:
    app = Flask(__name__)
    app.config["LIVE_STREAMS_PER_ADDRESS"] = 2
    return app


def ask(cap: LiveStreamCap, path: str, address: str = "192.0.2.1", method: str = "GET") -> tuple[list[Any], Any]:
    """The middleware's answer to one request: (status and headers started, the body)."""
    started: list[Any] = []
    body = cap({"REQUEST_METHOD": method, "PATH_INFO": path, "REMOTE_ADDR": address},
               lambda status, headers: started.append((status, dict(headers))))
    return started, body


def test_the_default_cap_is_below_the_servers_cap_per_address() -> None:
    from referee.worker import CONNECTIONS_PER_ADDRESS

    assert LIVE_STREAMS_PER_ADDRESS < CONNECTIONS_PER_ADDRESS


def test_beyond_the_cap_a_stream_is_answered_busy_without_the_app(flask_app: Flask) -> None:
    inner = Inner()
    cap = LiveStreamCap(inner, flask_app)
    first, second = ask(cap, "/v/abc/live"), ask(cap, "/v/def/live")
    assert inner.calls == 2
    started, body = ask(cap, "/v/ghi/live")
    assert inner.calls == 2
    assert list(body) == [BUSY]
    status, headers = started[0]
    assert status == "200 OK"
    assert headers["Content-Type"] == "text/event-stream; charset=utf-8"
    assert headers["Content-Length"] == str(len(BUSY))
    assert headers["Cache-Control"] == "no-store"
    assert BUSY == b"retry: 2000\n\nevent: busy\ndata: \n\n"
    assert open_streams(flask_app).held == {"192.0.2.1": 2}
    assert first[1] is not None
    assert second[1] is not None


def test_a_closed_stream_gives_its_place_back(flask_app: Flask) -> None:
    inner = Inner()
    cap = LiveStreamCap(inner, flask_app)
    _, one = ask(cap, "/v/abc/live")
    _, two = ask(cap, "/v/abc/live")
    assert list(one) == [b"data: 1\n\n"]
    one.close()
    assert open_streams(flask_app).held == {"192.0.2.1": 1}
    _, three = ask(cap, "/v/abc/live")
    assert list(three) == [b"data: 1\n\n"]
    two.close()
    three.close()
    assert open_streams(flask_app).held == {}


def test_each_address_has_its_own_count(flask_app: Flask) -> None:
    cap = LiveStreamCap(Inner(), flask_app)
    for address in ("192.0.2.1", "192.0.2.1", "198.51.100.9"):
        ask(cap, "/v/abc/live", address)
    _, body = ask(cap, "/v/abc/live", "198.51.100.9")
    assert list(body) == [b"data: 1\n\n"]
    assert open_streams(flask_app).held == {"192.0.2.1": 2, "198.51.100.9": 2}


@pytest.mark.parametrize(("method", "path"), [("GET", "/v/abc"), ("GET", "/v/abc/live/more"), ("POST", "/v/abc/live"),
                                              ("GET", "/g/abc/live"), ("GET", "/v//live"), ("GET", "/")])
def test_only_a_get_of_a_live_stream_is_counted(flask_app: Flask, method: str, path: str) -> None:
    inner = Inner()
    cap = LiveStreamCap(inner, flask_app)
    for _ in range(5):
        _, body = ask(cap, path, method=method)
        assert list(body) == [b"data: 1\n\n"]
    assert inner.calls == 5
    assert open_streams(flask_app).held == {}


def test_a_stream_the_app_fails_to_answer_gives_its_place_back(flask_app: Flask) -> None:
    inner = Inner()
    inner.fail = True
    cap = LiveStreamCap(inner, flask_app)
    with pytest.raises(RuntimeError, match="the app failed"):
        ask(cap, "/v/abc/live")
    assert open_streams(flask_app).held == {}


def test_the_app_counts_its_streams_in_front_of_it(tmp_path: Path) -> None:
    """With no stream allowed, the app's own live address is answered busy (no game, no view asked)."""
    app = make_test_app(tmp_path, LIVE_STREAMS_PER_ADDRESS=0)
    try:
        response = app.test_client().get("/v/no-such-token/live")
        assert response.get_data() == BUSY
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert app.test_client().get("/v/no-such-token").get_data() != BUSY
    finally:
        app.extensions["referee.db"].dispose()
