"""Static files are fingerprinted and cached for a year; a changed file gets a new name, the old one is gone."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

from flask import Flask, url_for
from flask.testing import FlaskClient

from referee import PROJECT_ROOT
from referee.web.core.assets import ONE_YEAR

FINGERPRINTED_CSS = re.compile(r'href="(/static/css/app\.[0-9a-f]{12}\.css)"')


def test_pages_link_fingerprinted_files_cached_for_a_year(client: FlaskClient) -> None:
    page = client.get("/").get_data(as_text=True)
    found = FINGERPRINTED_CSS.search(page)
    assert found is not None, page
    response = client.get(found.group(1))
    assert response.status_code == 200
    assert response.cache_control.max_age == ONE_YEAR == 31_536_000
    assert response.cache_control.immutable
    assert response.cache_control.public
    assert response.get_data() == (PROJECT_ROOT / "static" / "css" / "app.css").read_bytes()


def test_a_fingerprinted_file_is_still_gzipped(client: FlaskClient) -> None:
    found = FINGERPRINTED_CSS.search(client.get("/").get_data(as_text=True))
    assert found is not None
    response = client.get(found.group(1), headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(response.get_data()) == (PROJECT_ROOT / "static" / "css" / "app.css").read_bytes()
    assert response.cache_control.immutable


def test_the_plain_name_is_revalidated_every_time(client: FlaskClient) -> None:
    response = client.get("/static/css/app.css")
    assert response.status_code == 200
    assert response.cache_control.no_cache
    assert not response.cache_control.immutable
    etag = response.headers["ETag"]
    again = client.get("/static/css/app.css", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_a_changed_file_gets_a_new_name_and_the_old_name_is_not_served(app: Flask, tmp_path: Path) -> None:
    static = tmp_path / "static"
    (static / "css").mkdir(parents=True)
    sheet = static / "css" / "app.css"
    sheet.write_text("body { color: black; }\n")
    app.static_folder = str(static)
    client = app.test_client()
    with app.test_request_context():
        old = url_for("static", filename="css/app.css")
    assert re.fullmatch(r"/static/css/app\.[0-9a-f]{12}\.css", old)
    assert client.get(old).get_data(as_text=True) == "body { color: black; }\n"

    sheet.write_text("body { color: darkgreen; }\n")
    with app.test_request_context():
        new = url_for("static", filename="css/app.css")
    assert new != old
    fresh = client.get(new)
    assert fresh.get_data(as_text=True) == "body { color: darkgreen; }\n"
    assert fresh.cache_control.immutable
    assert client.get(old).status_code == 404


def test_unknown_and_escaping_names_are_not_found(client: FlaskClient) -> None:
    assert client.get("/static/css/nothing.0123456789ab.css").status_code == 404
    assert client.get("/static/css/app.0123456789ab.css").status_code == 404
    assert client.get("/static/../referee/__init__.py").status_code == 404
    assert client.get("/static/css/nothing.css").status_code == 404
    assert client.get("/static/css/app%00.css").status_code == 404
    assert client.get("/static/css").status_code == 404
