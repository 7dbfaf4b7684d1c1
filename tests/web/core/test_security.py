"""Security headers, cookie flags (directly and through a TLS proxy), trusted hosts, the request-size limit,
rate limits, and the link secrets kept out of the app's log lines (referee/web/core/security.py)."""

from __future__ import annotations

import base64
import doctest
import hashlib
import io
import logging
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

import referee.server
import referee.web.helpers.forms
from referee.web.core.assets import AWAKE_SCRIPT
from tests.conftest import make_test_app
from tests.games.rummy.web.table.test_table import Table, new_game, play_whole_game, text_of
from tests.web.screens.test_board import new_game as new_board_game

PAGES = ["", "/end", "/sheet", "/players", "/share", "/share?edit=1", "/undo", "/deals/1/correct", "/referee"]


def test_the_doctests_of_the_forms_and_the_log_masking_pass() -> None:
    for module in (referee.web.helpers.forms, referee.server):
        assert doctest.testmod(module).failed == 0


def every_page(client: FlaskClient, app: Flask) -> dict[str, str]:
    """Every kind of page, by address: the scorekeeper's (mid-game and over), the viewer's, the site's."""
    table = new_game(client, app)
    assert table.end_deal("Beto", {"Ana": "5", "Caro": "3", "Dani": "4"}).status_code == 303
    pages = {table.base + page: text_of(client.get(table.base + page)) for page in PAGES}
    state = table.state()
    viewer = f"/v/{view_token(table)}"
    for path in ("/", "/games/new", "/games", "/rules", "/rules/telefunken", "/referee", viewer, viewer + "/rules",
                 viewer + "/referee", "/g/" + "x" * 43):
        pages[path] = text_of(client.get(path))
    play_whole_game(new_game(client, app))
    assert state.seq == 2
    return pages


def view_token(table: Table) -> str:
    html = table.get("/share")
    match = re.search(r"/v/([A-Za-z0-9_-]{16,})", html)
    assert match
    return match.group(1)


def test_every_response_has_the_security_headers(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    for path in ["/", "/games/new", table.base, table.base + "/sheet", "/g/" + "x" * 43, "/static/css/app.css"]:
        response = client.get(path)
        csp = response.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp
        assert "script-src 'self'" in csp
        assert "unsafe-inline" not in csp
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert "Strict-Transport-Security" not in response.headers  # plain HTTP: no HSTS
    assert "Strict-Transport-Security" in client.get("/", base_url="https://table.example").headers


def test_no_page_has_inline_script_style_or_event_handlers(client: FlaskClient, app: Flask) -> None:
    """The policy forbids them, so a page that had one would break: none may, but the script that keeps the screen
    awake, which the policy allows by its hash and which only the pages that keep awake carry."""
    awake = f"<script>{AWAKE_SCRIPT}</script>"
    csp = client.get("/").headers["Content-Security-Policy"]
    digest = base64.b64encode(hashlib.sha256(AWAKE_SCRIPT.encode()).digest()).decode()
    assert f"script-src 'self' 'sha256-{digest}';" in csp
    pages = every_page(client, app)
    carried = {path for path, html in pages.items() if awake in html}
    assert carried == {path for path, html in pages.items() if "<body data-keep-awake>" in html}
    deal_screen = {path for path in pages if re.fullmatch(r"/g/[^/]+", path) and path != "/g/" + "x" * 43}
    viewer = {path for path in pages if re.fullmatch(r"/v/[^/]+", path)}
    assert len(deal_screen) == len(viewer) == 1
    assert deal_screen | viewer <= carried
    for path, html in pages.items():
        assert not re.search(r"<script(?![^>]*\bsrc=)", html.replace(awake, "")), path
        assert not re.search(r"<style|\sstyle=", html), path
        assert not re.search(r"\son[a-z]+=", html), path
        assert "javascript:" not in html, path


def cookie_headers(client: FlaskClient, **request: object) -> list[str]:
    """The Set-Cookie headers of creating a game (session, this device's games, recent names)."""
    html = client.get("/games/new", **request).get_data(as_text=True)  # type: ignore[arg-type]
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert csrf
    response = client.post("/games/new", data={"csrf_token": csrf.group(1), "variant": "telefunken",
                                               "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
                                               "first_dealer": "0"}, **request)  # type: ignore[arg-type]
    assert response.status_code == 303
    cookies = response.headers.getlist("Set-Cookie")
    assert {c.split("=", 1)[0] for c in cookies} >= {"referee_games", "referee_names"}
    return cookies


def test_cookies_are_httponly_and_lax_and_not_secure_over_plain_http(client: FlaskClient) -> None:
    for cookie in cookie_headers(client):
        assert "HttpOnly" in cookie, cookie
        assert "SameSite=Lax" in cookie, cookie
        assert "Secure" not in cookie, cookie


def test_cookies_are_secure_over_https(client: FlaskClient) -> None:
    for cookie in cookie_headers(client, base_url="https://table.example"):
        assert "Secure" in cookie, cookie
        assert "HttpOnly" in cookie, cookie
        assert "SameSite=Lax" in cookie, cookie


def test_behind_a_tls_proxy_the_cookies_are_secure_and_hsts_is_sent(tmp_path: Path) -> None:
    app = make_test_app(tmp_path, PROXY_FIX_X_PROTO="1", PROXY_FIX_X_FOR="1")
    client = app.test_client()
    proxied = {"headers": {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}}
    for cookie in cookie_headers(client, **proxied):
        assert "Secure" in cookie, cookie
    response = client.get("/", **proxied)  # type: ignore[arg-type]
    assert response.headers["Strict-Transport-Security"].startswith("max-age=")
    assert "frame-ancestors 'none'" in response.headers["Content-Security-Policy"]
    app.extensions["referee.db"].dispose()


def test_without_proxy_fix_a_forged_forwarded_proto_changes_nothing(client: FlaskClient) -> None:
    forged = {"headers": {"X-Forwarded-Proto": "https"}}
    for cookie in cookie_headers(client, **forged):
        assert "Secure" not in cookie, cookie
    assert "Strict-Transport-Security" not in client.get("/", **forged).headers  # type: ignore[arg-type]


def test_a_host_the_app_does_not_trust_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_TRUSTED_HOSTS", "table.example, 192.168.1.20:5000")
    app = make_test_app(tmp_path)
    client = app.test_client()
    assert client.get("/", headers={"Host": "table.example"}).status_code == 200
    assert client.get("/", headers={"Host": "192.168.1.20:5000"}).status_code == 200
    assert client.get("/", headers={"Host": "evil.example"}).status_code == 400
    app.extensions["referee.db"].dispose()


def test_a_bad_proxy_setting_stops_the_app_with_words(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="REFEREE_PROXY_FIX_X_FOR must be the number of proxies"):
        make_test_app(tmp_path, PROXY_FIX_X_FOR="yes")


def test_a_huge_request_is_refused_with_413_before_it_is_read(client: FlaskClient) -> None:
    """300 MB announced: refused at once, in words (the body is never read: here it is not even there)."""
    response = client.post("/games/new", data=b"x", content_type="application/x-www-form-urlencoded",
                           environ_overrides={"CONTENT_LENGTH": str(300 * 1024 * 1024)})
    assert response.status_code == 413
    html = text_of(response)
    assert "That was too much to send" in html
    assert "more than 1 MB" in html
    assert 'data-testid="refused-413"' in html


def test_a_body_just_over_the_limit_is_refused_too(client: FlaskClient) -> None:
    response = client.post("/games/new", data={"players-0": "A" * (1024 * 1024)})
    assert response.status_code == 413
    assert "That was too much to send" in text_of(response)


def chunked(client: FlaskClient, body: bytes) -> TestResponse:
    """A post with no Content-Length, its body ended by the server (as gunicorn and Werkzeug's server hand a
    chunked body on: ``wsgi.input_terminated``)."""
    return client.post("/games/new", input_stream=io.BytesIO(body), content_type="application/x-www-form-urlencoded",
                       headers={"Transfer-Encoding": "chunked"}, environ_overrides={"wsgi.input_terminated": True})


def test_a_chunked_body_over_the_limit_is_refused_not_cut_short(client: FlaskClient) -> None:
    """Werkzeug alone would read the first 1 MiB of it and go on with a cut form (a 422 on the real server)."""
    response = chunked(client, b"players-0=Ana&players-1=" + b"B" * (3 * 1024 * 1024))
    assert response.status_code == 413
    assert "That was too much to send" in text_of(response)
    exactly = b"players-0=" + b"A" * (1024 * 1024 - len(b"players-0="))
    assert chunked(client, exactly).status_code != 413  # the limit itself is allowed


def test_a_small_chunked_body_is_read_as_usual(client: FlaskClient) -> None:
    # No CSRF token: the form comes back with what was entered, which shows the body was read.
    response = chunked(client, b"players-0=Zelda&players-1=Quentin")
    assert response.status_code != 413
    assert 'value="Zelda"' in text_of(response)
    assert 'value="Quentin"' in text_of(response)


def test_creating_games_is_rate_limited_but_editing_the_form_is_not(tmp_path: Path) -> None:
    app = make_test_app(tmp_path, WTF_CSRF_ENABLED=False, NEW_GAME_RATE_LIMIT="2 per minute")
    client = app.test_client()
    form = {"variant": "telefunken", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
            "first_dealer": "0"}
    for _ in range(5):  # adding a player field is a POST of the same form: it makes no game and does not count
        assert client.post("/games/new", data={**form, "add_player": "1"}).status_code == 200
    assert client.post("/games/new", data=form).status_code == 303
    assert client.post("/games/new", data=form).status_code == 303
    refused = client.post("/games/new", data=form)
    assert refused.status_code == 429
    assert "Too many requests" in text_of(refused)
    assert "Wait a minute" in text_of(refused)
    # Another address is not held back.
    assert client.post("/games/new", data=form, environ_overrides={"REMOTE_ADDR": "198.51.100.2"}).status_code == 303
    app.extensions["referee.db"].dispose()


def test_flask_limiters_check_before_each_request_runs_only_when_a_limit_for_every_request_is_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """This app limits making games and unknown links only: a viewer's page asked again goes without
    Flask-Limiter's check before each request (it found nothing to count), while the views that make games still
    look their limits up. With a default limit set, the check runs and limits the viewer's page too."""
    app = make_test_app(tmp_path / "plain", WTF_CSRF_ENABLED=False)
    limiter = app.extensions["referee.limiter"]
    looked_up: list[str | None] = []
    resolve = limiter.limit_manager.resolve_limits
    monkeypatch.setattr(limiter.limit_manager, "resolve_limits",
                        lambda flask_app, endpoint=None, *a, **k: looked_up.append(endpoint) or resolve(
                            flask_app, endpoint, *a, **k))
    game = new_board_game(app)
    client = app.test_client()
    etag = client.get(f"/v/{game.view_token}").headers["ETag"]
    assert all(client.get(f"/v/{game.view_token}", headers={"If-None-Match": etag}).status_code == 304
               for _ in range(5))
    assert looked_up == []
    form = {"variant": "telefunken", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
            "first_dealer": "0"}
    assert client.post("/games/new", data=form).status_code == 303
    assert looked_up == ["games.new"]  # the decorator's own check, around the view
    app.extensions["referee.db"].dispose()

    limited = make_test_app(tmp_path / "limited", RATELIMIT_DEFAULT="2 per minute")
    game = new_board_game(limited)
    client = limited.test_client()
    assert [client.get(f"/v/{game.view_token}").status_code for _ in range(3)] == [200, 200, 429]
    limited.extensions["referee.db"].dispose()


def test_links_that_open_no_game_are_rate_limited(tmp_path: Path) -> None:
    app = make_test_app(tmp_path, UNKNOWN_LINK_RATE_LIMIT="3 per minute")
    client = app.test_client()
    for n in range(3):
        assert client.get(f"/g/{'x' * 40}{n:03d}").status_code == 404
    assert client.get(f"/v/{'y' * 43}").status_code == 429
    assert client.get(f"/g/{'x' * 43}/sheet").status_code == 429
    assert client.get("/games/new").status_code == 200  # the rest of the site still answers
    assert client.get(f"/g/{'x' * 43}", environ_overrides={"REMOTE_ADDR": "198.51.100.2"}).status_code == 404
    app.extensions["referee.db"].dispose()


def test_with_rate_limits_off_unknown_links_are_404_every_time(tmp_path: Path) -> None:
    """``RATELIMIT_ENABLED`` off (the fuzzer's setting): an unknown link is a 404, never a 500 from a limiter
    that was never set up, and never a 429."""
    app = make_test_app(tmp_path, RATELIMIT_ENABLED=False, UNKNOWN_LINK_RATE_LIMIT="1 per minute")
    client = app.test_client()
    assert [client.get(f"/g/{'x' * 40}{n:03d}/referee").status_code for n in range(3)] == [404, 404, 404]
    app.extensions["referee.db"].dispose()


def test_unknown_links_never_lock_an_address_out_of_its_own_game(tmp_path: Path) -> None:
    """Past its budget of unknown links an address still opens its own game's pages and saves (one shared NAT,
    a scanner among the phones): only its unknown links get 429."""
    app = make_test_app(tmp_path, UNKNOWN_LINK_RATE_LIMIT="3 per minute", WTF_CSRF_ENABLED=False)
    client = app.test_client()
    form = {"variant": "telefunken", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
            "first_dealer": "0"}
    made = client.post("/games/new", data=form)
    assert made.status_code == 303
    token = re.search(r"/g/([A-Za-z0-9_-]+)", made.headers["Location"])
    assert token is not None
    edit = f"/g/{token.group(1)}"
    for n in range(10):
        assert client.get(f"/v/{'y' * 40}{n:03d}").status_code == (404 if n < 3 else 429)
    assert client.get(edit).status_code in (200, 303)
    share = client.get(f"{edit}/share")
    assert share.status_code == 200
    view = re.search(r"/v/[A-Za-z0-9_-]{16,}", share.get_data(as_text=True))
    assert view is not None
    assert client.get(view.group(0)).status_code == 200
    page = client.get(f"{edit}/players").get_data(as_text=True)
    rename = re.search(r'<form method="post" action="[^"]*/players" class="rename-form">(.*?)</form>', page, re.S)
    assert rename is not None
    fields = {name: value for name, value in re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"',
                                                       rename.group(1))}
    fields[next(name for name in fields if name.endswith("new_name"))] = "Anabel"
    renamed = client.post(f"{edit}/players", data=fields)
    assert renamed.status_code == 303, renamed.get_data(as_text=True)[:500]
    assert client.get(f"/g/{'x' * 43}").status_code == 429  # its unknown links still count
    app.extensions["referee.db"].dispose()


def test_the_apps_log_lines_never_hold_a_link_secret(
    client: FlaskClient, app: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    @app.get("/g/<token>/_boom")
    def boom(token: str) -> str:
        app.logger.warning("looking at /g/%s/end and /v/%s", token, token)
        raise RuntimeError(f"cannot open /g/{token}/sheet")

    app.config["PROPAGATE_EXCEPTIONS"] = False
    secret = new_game(client, app).token
    with caplog.at_level(logging.INFO):
        assert client.get(f"/g/{secret}/_boom").status_code == 500
        logging.getLogger("werkzeug").info('127.0.0.1 - - "GET /g/%s/end HTTP/1.1" 200 -', secret)
    assert caplog.records, "nothing was logged"
    text = caplog.text + "".join(record.exc_text or "" for record in caplog.records)
    assert secret not in text
    assert "/g/…/end" in text
    assert "/g/…/sheet" in text


def test_a_response_sends_the_session_only_when_its_request_changed_it(client: FlaskClient) -> None:
    """The service worker's fetches run beside a page: had they sent back the (older) session they started with,
    they would overwrite the CSRF secret the page was just given, and the page's form would fail its check."""
    for path in ("/offline", "/sw.js", "/offline/precache.json", "/"):
        assert client.get(path).headers.getlist("Set-Cookie") == [], path
    form = client.get("/games/new")
    (cookie,) = [c for c in form.headers.getlist("Set-Cookie") if c.startswith("session=")]
    assert "Expires=" in cookie  # a written session outlives the browser's restarts
    # Later requests that write nothing send nothing back, so they cannot undo what the form's request wrote.
    assert client.get("/offline").headers.getlist("Set-Cookie") == []


def test_two_processes_on_one_database_count_one_budget(tmp_path: Path) -> None:
    """Two apps on one database (two workers of one server) share the counts: 3 unknown links in all, not 3
    each (referee.web.core.rate_counts keeps them in a file beside the database)."""
    apps = [make_test_app(tmp_path, UNKNOWN_LINK_RATE_LIMIT="3 per minute") for _ in range(2)]
    clients = [app.test_client() for app in apps]
    answers = [clients[n % 2].get(f"/v/{'z' * 40}{n:03d}").status_code for n in range(6)]
    assert answers == [404, 404, 404, 429, 429, 429]
    assert (tmp_path / "test.ratelimits.sqlite3").exists()
    for app in apps:
        app.extensions["referee.db"].dispose()
