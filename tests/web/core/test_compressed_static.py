"""Gzip or brotli for pages and static files, only when the browser accepts it; never for the live stream."""

from __future__ import annotations

import gzip
from pathlib import Path

import brotli
import pytest
from flask.testing import FlaskClient

from referee.ledger import changes
from tests.conftest import make_test_app
from tests.web.screens.test_board import new_game

GZIP = {"Accept-Encoding": "gzip, deflate"}
BROTLI = {"Accept-Encoding": "gzip, deflate, br"}
PATHS = ["/rules/telefunken", "/static/css/app.css", "/static/css/board.css"]


@pytest.mark.parametrize("path", PATHS)
def test_text_is_gzipped_when_accepted(client: FlaskClient, path: str) -> None:
    plain = client.get(path).get_data()
    response = client.get(path, headers=GZIP)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert gzip.decompress(response.get_data()) == plain
    assert int(response.headers["Content-Length"]) == len(response.get_data()) < len(plain) / 2


@pytest.mark.parametrize("path", PATHS)
def test_text_is_brotli_when_accepted(client: FlaskClient, path: str) -> None:
    plain = client.get(path).get_data()
    response = client.get(path, headers=BROTLI)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "br"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert brotli.decompress(response.get_data()) == plain
    assert int(response.headers["Content-Length"]) == len(response.get_data()) < len(plain) / 2


def test_a_static_file_is_compressed_once_per_version(client: FlaskClient) -> None:
    first = client.get("/static/css/app.css", headers=GZIP)
    cache = client.application.extensions["compress"].cache
    kept = dict(cache.data)
    assert len(kept) == 1
    assert next(iter(kept.values())) == first.get_data()
    again = client.get("/static/css/app.css", headers=GZIP)
    assert again.get_data() == first.get_data()
    assert cache.data == kept
    client.get("/rules/telefunken", headers=GZIP)  # a page is compressed afresh each time, never kept
    assert cache.data == kept


def test_nothing_is_gzipped_for_a_browser_that_does_not_ask(client: FlaskClient) -> None:
    response = client.get("/rules/telefunken", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert b"<html" in response.get_data()


@pytest.mark.parametrize("headers", [GZIP, BROTLI], ids=["gzip", "br"])
def test_a_cached_static_file_still_gets_304(client: FlaskClient, headers: dict[str, str]) -> None:
    plain = client.get("/static/css/app.css", headers={"Accept-Encoding": "identity"})
    first = client.get("/static/css/app.css", headers=headers)
    etag = first.headers["ETag"]
    assert etag != plain.headers["ETag"]  # the compressed bytes are another representation
    again = client.get("/static/css/app.css", headers={**headers, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_a_range_request_is_left_alone(client: FlaskClient) -> None:
    response = client.get("/static/css/app.css", headers={**BROTLI, "Range": "bytes=0-9"})
    assert response.status_code == 206
    assert "Content-Encoding" not in response.headers
    assert len(response.get_data()) == 10


def test_small_answers_are_not_compressed(client: FlaskClient) -> None:
    response = client.get("/rules/no-such-variant", headers=BROTLI)
    assert response.status_code == 404
    assert "Content-Encoding" not in response.headers


def test_the_live_stream_is_never_compressed(tmp_path: Path) -> None:
    """Each event must reach the phone as it happens, not wait in a compressor's buffer."""
    app = make_test_app(tmp_path, LIVE_HEARTBEAT=0.05, LIVE_STREAM_LIFETIME=0.2, LIVE_WATCH_INTERVAL=0.05)
    game = new_game(app)
    response = app.test_client().get(f"/v/{game.view_token}/live?seq=0", headers=BROTLI, buffered=False)
    try:
        assert response.mimetype == "text/event-stream"
        assert "Content-Encoding" not in response.headers
        assert response.is_streamed
        assert b"".join(response.response).startswith(b"retry: ")
    finally:
        response.close()
        changes.watcher_for(app.extensions["referee.db"]).stop()
        app.extensions["referee.db"].dispose()
