"""Gzip for pages, live updates and static files, only when the browser accepts it."""

from __future__ import annotations

import gzip

import pytest
from flask.testing import FlaskClient

GZIP = {"Accept-Encoding": "gzip, deflate, br"}


@pytest.mark.parametrize("path", ["/rules/telefunken", "/static/css/app.css", "/static/css/board.css"])
def test_text_is_gzipped_when_accepted(client: FlaskClient, path: str) -> None:
    plain = client.get(path).get_data()
    response = client.get(path, headers=GZIP)
    assert response.status_code == 200
    assert response.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in response.headers["Vary"]
    assert gzip.decompress(response.get_data()) == plain
    assert int(response.headers["Content-Length"]) == len(response.get_data()) < len(plain) / 2


def test_nothing_is_gzipped_for_a_browser_that_does_not_ask(client: FlaskClient) -> None:
    response = client.get("/rules/telefunken", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert b"<html" in response.get_data()


def test_a_cached_static_file_still_gets_304(client: FlaskClient) -> None:
    first = client.get("/static/css/app.css", headers=GZIP)
    etag = first.headers["ETag"]
    assert etag.startswith('W/"')
    again = client.get("/static/css/app.css", headers={**GZIP, "If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_a_range_request_is_left_alone(client: FlaskClient) -> None:
    response = client.get("/static/css/app.css", headers={**GZIP, "Range": "bytes=0-9"})
    assert response.status_code == 206
    assert "Content-Encoding" not in response.headers
    assert len(response.get_data()) == 10


def test_small_answers_are_not_compressed(client: FlaskClient) -> None:
    response = client.get("/rules/no-such-variant", headers=GZIP)
    assert response.status_code == 404
    assert "Content-Encoding" not in response.headers
