"""The production server, started exactly as the README's Deploy section says: ``referee db upgrade``, then
``referee serve --host 127.0.0.1 --port PORT --workers 4`` (gunicorn).

A real socket on 127.0.0.1, real requests, the real access log, then SIGTERM and a clean stop: first on SQLite,
then on the throwaway PostgreSQL server with every setting of the Deploy section's step 3 (a trusted host, a
TLS proxy in front), where a viewer's live stream carries a save made through the server.
"""

from __future__ import annotations

import http.client
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest
from sqlmodel import Session, select

from referee.db import make_engine
from referee.ledger import store
from referee.server import HANG_UP_WITHIN, hang_up_if_stopping, mask_tokens
from tests.pg import fresh_database, postgres_url
from tests.serving import (
    LIVE_WITHIN,
    SECRET_KEY,
    SITE,
    START_TIMEOUT,
    LiveStream,
    RunningServer,
    Scorekeeper,
    deploy_settings,
    free_port,
    new_game,
    running,
    start,
    stop,
    upgrade,
)

__all__ = ["postgres_url"]  # the throwaway PostgreSQL server, as a fixture

#: What nginx adds to every request it passes on over TLS (README, Deploy step 5).
OVER_TLS = {"X-Forwarded-Proto": "https", "X-Forwarded-For": "203.0.113.7"}


@dataclass
class Site:
    """A running server and the links of one game on it."""

    server: RunningServer
    database: str
    edit_token: str
    view_token: str


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """The Deploy section's commands on SQLite: ``referee db upgrade``, then
    ``referee serve --host 127.0.0.1 --port PORT --workers 4``."""
    root = tmp_path_factory.mktemp("server")
    database = f"sqlite:///{root / 'referee.sqlite3'}"
    port = free_port()
    settings = {"REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": SECRET_KEY,
                "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    upgrade(settings, root)
    edit_token, view_token = new_game(database)
    with running(root, settings, port=port, workers=4) as server:
        yield Site(server, database, edit_token, view_token)


def test_it_is_gunicorn_with_its_workers(site: Site) -> None:
    deadline = time.monotonic() + START_TIMEOUT  # the first worker may answer before the last has booted
    while site.server.log_text().count("Booting worker with pid") < 4:
        assert time.monotonic() < deadline, site.server.log_text()
        time.sleep(0.2)
    text = site.server.log_text()
    assert "Starting gunicorn" in text
    assert "Using worker: referee.worker.Worker" in text
    assert "development server" not in text


def test_it_answers_pages_and_links(site: Site) -> None:
    assert site.server.request("GET", "/").status == 200
    assert site.server.request("GET", f"/v/{site.view_token}").status == 200
    assert site.server.request("GET", f"/g/{site.edit_token}/share").status == 200
    assert site.server.request("GET", "/v/not-a-token").status == 404


def test_the_access_log_masks_every_token(site: Site) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", site.server.port, timeout=20)
    # The Referer is logged too: a viewer who followed a link from the scorekeeper's page sends both tokens.
    connection.request("GET", f"/v/{site.view_token}?from=1",
                       headers={"Referer": f"http://127.0.0.1:{site.server.port}/g/{site.edit_token}/share"})
    assert connection.getresponse().read()
    connection.close()
    deadline = time.monotonic() + 20
    while "/v/…?from=1" not in site.server.log_text():
        assert time.monotonic() < deadline, site.server.log_text()
        time.sleep(0.2)
    text = site.server.log_text()
    assert site.view_token not in text
    assert site.edit_token not in text
    assert "/g/…/share" in text


def test_oversized_request_lines_and_headers_are_refused_at_once(site: Site) -> None:
    assert site.server.request("GET", "/?" + "x" * 10_000).status == 414
    connection = http.client.HTTPConnection("127.0.0.1", site.server.port, timeout=20)
    connection.request("GET", "/", headers={"X-Padding": "x" * 10_000})
    # One header of 10,000 bytes is over limit_request_field_size (8,190): gunicorn answers 431.
    assert connection.getresponse().status == 431
    connection.close()


def read_head(sock: socket.socket, deadline: float) -> tuple[str, bytes]:
    """A response's head off a raw socket, and what came after it."""
    data = b""
    while b"\r\n\r\n" not in data:
        sock.settimeout(max(deadline - time.monotonic(), 0.01))
        chunk = sock.recv(65536)
        assert chunk, data
        data += chunk
    head, rest = data.split(b"\r\n\r\n", 1)
    return head.decode("latin-1"), rest


@pytest.mark.parametrize("sent", [0, 256 * 1024, 2 * 1024 * 1024], ids=["no body yet", "part of it", "all of it"])
def test_a_413_says_connection_close_and_closes(site: Site, sent: int) -> None:
    """A body too large is refused unread, so its connection cannot carry another request: the answer says so
    (``Connection: close``) and the connection ends. It used to say ``keep-alive`` and then close, and the next
    request sent on it failed."""
    size = 2 * 1024 * 1024
    with socket.create_connection(("127.0.0.1", site.server.port), timeout=20) as sock:
        sock.sendall(f"POST /games/restore HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                     f"Content-Length: {size}\r\n\r\n".encode())
        if sent:
            sock.sendall(b"x" * sent)
        head, rest = read_head(sock, time.monotonic() + 20)
        lines = head.split("\r\n")
        assert lines[0].startswith("HTTP/1.1 413"), head
        assert "Connection: close" in lines, head
        assert "Connection: keep-alive" not in lines, head
        length = int(next(line.split(":", 1)[1] for line in lines if line.lower().startswith("content-length:")))
        body = rest
        deadline = time.monotonic() + 10
        while len(body) < length:
            sock.settimeout(max(deadline - time.monotonic(), 0.01))
            body += sock.recv(65536)
        assert b"That was too much to send" in body
        sock.settimeout(5)  # a connection kept open would time out here
        try:
            ended = sock.recv(65536) == b""
        except ConnectionResetError:  # closed with the rest of the body unread: a reset is an end too
            ended = True
        assert ended
    # A request that fits, on a connection of its own, is answered as ever.
    assert site.server.request("GET", "/").status == 200


def test_a_413_lets_the_client_finish_sending_before_the_close(site: Site) -> None:
    """A browser sends the whole file before it reads the answer. Closed at once, the connection would answer
    the rest with a reset, and a reset can make the client's system drop the 413 it had received: the server
    says the answer's end and drops what still comes (referee.worker.linger), then closes."""
    size = 2 * 1024 * 1024
    with socket.create_connection(("127.0.0.1", site.server.port), timeout=20) as sock:
        sock.sendall(f"POST /games/restore HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n"
                     f"Content-Length: {size}\r\n\r\n".encode())
        head, _ = read_head(sock, time.monotonic() + 20)
        assert head.startswith("HTTP/1.1 413"), head
        sock.sendall(b"x" * size)  # after the answer: no reset, no broken pipe
        sock.settimeout(10)
        while chunk := sock.recv(65536):  # the rest of the answer, then its end
            assert len(chunk) < size


def test_a_request_that_fits_keeps_its_connection_for_the_next(site: Site) -> None:
    """The other side of the same promise: ``keep-alive`` said is kept (two requests on one connection)."""
    connection = http.client.HTTPConnection("127.0.0.1", site.server.port, timeout=20)
    try:
        for _ in range(2):
            connection.request("GET", "/")
            response = connection.getresponse()
            assert response.status == 200
            assert response.getheader("Connection") == "keep-alive"
            response.read()
    finally:
        connection.close()


@pytest.mark.parametrize("screen", ["", "/sheet", "/players", "/share", "/share/scorekeeper", "/export.json",
                                    "/export.csv", "/delete"])
def test_pages_holding_the_scorekeepers_secret_are_never_stored(site: Site, screen: str) -> None:
    """Every answer of the edit link (its address is the secret; the hand-over page shows it as a QR code, the
    exports are the whole game) says no-store: no phone keeps it in its disk cache, no cache between keeps it."""
    response = site.server.request("GET", f"/g/{site.edit_token}{screen}")
    assert response.status == 200
    assert response.getheader("Cache-Control") == "private, no-store"


def test_my_games_is_never_stored_and_the_viewer_is_asked_again_each_time(site: Site) -> None:
    cookie = {"Cookie": f"referee_games={site.edit_token}"}
    mine = site.server.request("GET", "/games", headers=cookie)
    assert mine.status == 200
    assert site.edit_token.encode() in mine.data  # type: ignore[attr-defined]
    assert mine.getheader("Cache-Control") == "private, no-store"
    assert site.server.request("GET", f"/v/{site.view_token}").getheader("Cache-Control") == "private, no-cache"
    assert "no-store" not in (site.server.request("GET", "/rules").getheader("Cache-Control") or "")


#: The server's watcher tick (its default LIVE_WATCH_INTERVAL, seconds): how long a worker may answer a 304 from
#: memory after a change another process made (see referee.web.core.view_heads).
TICK = 0.1


def answers_since(site: Site, path: str, etag: str, since: float) -> list[tuple[float, int, str]]:
    """Ask ``path`` with ``etag`` again and again, each on a connection of its own (so any of the four workers
    answers), until twelve requests began more than a tick after ``since``: each answer's start (seconds after
    ``since``), status and ETag."""
    answers: list[tuple[float, int, str]] = []
    while sum(1 for answer in answers if answer[0] > TICK) < 12:
        started = time.monotonic()
        response = site.server.request("GET", path, headers={"If-None-Match": etag})
        answers.append((started - since, response.status, response.getheader("ETag") or ""))
    return answers


def test_every_worker_answers_the_viewers_304_until_a_change_and_the_change_a_tick_after_it(site: Site) -> None:
    """Each worker keeps the link in memory and answers 304 with no SQL while its watcher vouches for the game; a
    save through the server (any worker) or a link replaced by another process is answered by every worker at the
    latest a tick after it: the new page, or 410 for the old link."""
    edit_token, view_token = new_game(site.database)
    path = f"/v/{view_token}"
    etag = site.server.request("GET", path).getheader("ETag") or ""
    assert etag
    asked = [site.server.request("GET", path, headers={"If-None-Match": etag}).status for _ in range(12)]
    assert asked == [304] * 12
    Scorekeeper(site.server.url, edit_token).save()  # a rename: the page changes
    answers = answers_since(site, path, etag, time.monotonic())
    late = [(status, tag) for started, status, tag in answers if started > TICK]
    assert all(status == 200 and tag not in ("", etag) for status, tag in late), answers
    new_etag = late[-1][1]
    assert {site.server.request("GET", path, headers={"If-None-Match": new_etag}).status for _ in range(8)} == {304}
    engine = make_engine(site.database)
    try:
        with Session(engine) as session:
            game = session.exec(select(store.Game).where(store.Game.view_token == view_token)).one()
            assert game.id is not None
            store.rotate_view_token(session, game_id=game.id)
    finally:
        engine.dispose()
    answers = answers_since(site, path, new_etag, time.monotonic())
    assert all(status == 410 for started, status, _ in answers if started > TICK), answers
    assert all(status in (304, 410) for _, status, _ in answers), answers


#: Requests gunicorn refuses itself, before the app: (what, the raw request, the status it answers).
REFUSED_BY_GUNICORN = [
    ("a request line over 4,094 bytes", b"GET /?" + b"x" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414),
    ("a header over 8,190 bytes", b"GET / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"x" * 10_000 + b"\r\n\r\n", 431),
    ("no HTTP at all", b"HELLO\r\n\r\n", 400),
    ("an invalid method", b"G@T / HTTP/1.1\r\nHost: x\r\n\r\n", 400),
]


@pytest.mark.parametrize(("request_bytes", "status"), [r[1:] for r in REFUSED_BY_GUNICORN],
                         ids=[r[0] for r in REFUSED_BY_GUNICORN])
def test_gunicorns_own_error_pages_carry_the_security_headers(site: Site, request_bytes: bytes, status: int) -> None:
    from referee.web.core.security import HEADERS

    with socket.create_connection(("127.0.0.1", site.server.port), timeout=20) as sock:
        sock.sendall(request_bytes)
        head, _ = read_head(sock, time.monotonic() + 20)
    lines = head.split("\r\n")
    assert lines[0].startswith(f"HTTP/1.1 {status} "), head
    headers = dict(line.split(": ", 1) for line in lines[1:])
    for name, value in HEADERS.items():
        assert headers.get(name) == value, (name, head)
    assert headers["Connection"] == "close"


def test_the_access_log_masks_tokens_in_any_case_and_any_spelling_of_the_path(site: Site) -> None:
    """A path the router would not take as the app writes it still carries the secret to the log."""
    token = site.edit_token
    paths = [f"/G/{token}", f"//g/{token}", f"/g//{token}/deal", f"/%67/{token}", f"/%2Fg%2F{token}",
             f"/V/{site.view_token}", f"/GAMES/FORGET/{token}", f"/g/{token}/export.json?x=%2Fg%2F{token}"]
    for path in paths:
        site.server.request("GET", path)
    deadline = time.monotonic() + 20
    while "/g/…/export.json" not in site.server.log_text():
        assert time.monotonic() < deadline, site.server.log_text()[-2000:]
        time.sleep(0.2)
    text = site.server.log_text()
    assert token not in text
    assert site.view_token not in text
    for masked in ("/G/…", "//g/…", "/g//…/deal", "/%67/…", "/%2Fg%2F…", "/V/…", "/GAMES/FORGET/…"):
        assert masked in text, masked


def test_silent_connections_do_not_stop_it_answering(site: Site) -> None:
    """300 connections from one address that never send a byte; a phone at the table (another address) is still
    answered at once. (The attacker's own address is capped per worker: tests/test_server_bounds.py.)"""
    silent: list[socket.socket] = []
    try:
        for _ in range(300):
            sock = socket.create_connection(("127.0.0.1", site.server.port), timeout=10)
            silent.append(sock)
        started = time.monotonic()
        assert site.server.request("GET", "/", timeout=30, source="127.0.0.2").status == 200
        assert time.monotonic() - started < 5.0
    finally:
        for sock in silent:
            sock.close()


def test_mask_tokens_leaves_other_paths_alone() -> None:
    assert mask_tokens("GET /games/new HTTP/1.1") == "GET /games/new HTTP/1.1"
    assert mask_tokens("GET /static/css/app.css HTTP/1.1") == "GET /static/css/app.css HTTP/1.1"
    assert mask_tokens("/g/abc/deal /v/xyz") == "/g/…/deal /v/…"
    assert mask_tokens("next=%2Fg%2Fabc%2Fdeal") == "next=%2Fg%2F…%2Fdeal"
    untouched = "/gv/abc /games/forgotten/abc /rules/telefunken /lang/es"
    assert mask_tokens(untouched) == untouched


def test_a_stopping_worker_hangs_up_an_ended_live_stream_itself() -> None:
    ours, browser = socket.socketpair()
    try:
        browser.settimeout(0.2)
        stream = [("Content-Type", "text/event-stream; charset=utf-8")]
        hang_up_if_stopping(SimpleNamespace(alive=True), {"gunicorn.socket": ours}, stream)  # not stopping
        hang_up_if_stopping(SimpleNamespace(alive=False), {"gunicorn.socket": ours}, [("Content-Type", "text/html")])
        with pytest.raises(TimeoutError):  # both left to gunicorn: still open
            browser.recv(1)
        started = time.monotonic()
        hang_up_if_stopping(SimpleNamespace(alive=False), {"gunicorn.socket": ours}, stream)
        assert time.monotonic() - started < HANG_UP_WITHIN + 1.0  # the browser here never closes its side
        assert browser.recv(1) == b""  # the end of the stream
    finally:
        ours.close()
        browser.close()


#: How soon a server with viewers watching must be gone after SIGTERM (gunicorn's graceful stop allows 25 s).
STOPS_WITHIN = 5.0


def assert_every_worker_exited_by_itself(text: str) -> None:
    """Every worker the log says booted also says it exited; the master killed none at the graceful timeout."""
    booted = text.count("Booting worker with pid")
    assert booted >= 1, text
    assert text.count("Worker exiting") == booted, text
    assert "WORKER TIMEOUT" not in text
    assert "SIGKILL" not in text


def assert_told_to_reconnect(stream: LiveStream) -> None:
    """The stream's last event, before it ended, told the browser to reconnect in a moment."""
    deadline = time.monotonic() + 5

    def read_to_the_end() -> None:
        while True:
            stream.next_event(deadline)

    with pytest.raises(ConnectionError):  # the stream ends after its last event
        read_to_the_end()
    assert stream.events[-1].get("event") == "restart", stream.events


def test_sigterm_stops_it_cleanly_and_at_once_with_viewers_watching(tmp_path: Path) -> None:
    """A separate server (no ``--workers``: the default): SIGTERM ends it with status 0 within moments, though
    viewers are watching. Each live stream says ``restart`` (the browser reconnects to whichever server answers)
    and ends; every worker exits by itself."""
    database = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    settings = {"REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": SECRET_KEY}
    server = start(tmp_path, settings, workers=None)
    streams: list[LiveStream] = []
    try:
        _, view_token = new_game(database)
        for _ in range(3):
            stream = LiveStream.open(server, view_token, seq=1)
            streams.append(stream)
            assert stream.status == 200, stream.head
            assert "retry" in stream.next_event(time.monotonic() + 20)  # the stream is under way, and waits
        started = time.monotonic()
        status = stop(server.process, timeout=STOPS_WITHIN + 30)
        took = time.monotonic() - started
        text = server.log_text()
        assert status == 0, text
        assert took < STOPS_WITHIN, f"took {took:.1f} s\n{text}"
        assert "Handling signal: term" in text
        assert "Shutting down: Master" in text
        assert_every_worker_exited_by_itself(text)
        for stream in streams:
            assert_told_to_reconnect(stream)
    finally:
        for stream in streams:
            stream.close()
        stop(server.process)


# ---- the Deploy section on PostgreSQL, behind a TLS proxy --------------------------------------------------------


@pytest.fixture(scope="module")
def deployed(postgres_url: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    """README Deploy, steps 3 and 4, on a new database of the throwaway PostgreSQL server: the settings, then
    ``referee db upgrade`` and ``referee serve --host 127.0.0.1 --port PORT --workers 4``. Every request
    carries the site's name as its Host, as nginx passes it on."""
    root = tmp_path_factory.mktemp("deploy")
    database = fresh_database(postgres_url, "referee_deploy")
    settings = deploy_settings(database, SITE)
    upgrade(settings, root)
    edit_token, view_token = new_game(database)
    with running(root, settings, workers=4, host=SITE) as server:
        yield Site(server, database, edit_token, view_token)


def test_deployed_it_answers_for_its_public_name(deployed: Site) -> None:
    assert deployed.server.request("GET", "/").status == 200
    assert deployed.server.request("GET", f"/v/{deployed.view_token}").status == 200
    share = deployed.server.request("GET", f"/g/{deployed.edit_token}/share", headers=OVER_TLS)
    assert share.status == 200
    assert f"https://{SITE}/v/{deployed.view_token}".encode() in share.data  # type: ignore[attr-defined]
    assert "Using worker: referee.worker.Worker" in deployed.server.log_text()


@pytest.mark.parametrize("host", ["evil.example", "127.0.0.1", "referee.example.org.evil.example"])
def test_deployed_it_refuses_any_other_host(deployed: Site, host: str) -> None:
    assert deployed.server.request("GET", "/", headers={"Host": host}).status == 400
    assert deployed.server.request("GET", f"/v/{deployed.view_token}", headers={"Host": host}).status == 400


def test_deployed_behind_tls_its_cookies_are_secure_and_it_sends_hsts(deployed: Site) -> None:
    players = f"/g/{deployed.edit_token}/players"  # a form's page: it sets the session cookie (CSRF)
    over_tls = deployed.server.request("GET", players, headers=OVER_TLS)
    assert over_tls.status == 200
    cookies = over_tls.msg.get_all("Set-Cookie") or []
    assert cookies
    assert all("; Secure" in cookie and "; HttpOnly" in cookie for cookie in cookies), cookies
    assert over_tls.getheader("Strict-Transport-Security") == "max-age=31536000; includeSubDomains"
    # Without the proxy's word the request came over plain HTTP: neither (a Secure cookie would never come back).
    plain = deployed.server.request("GET", players)
    assert plain.getheader("Strict-Transport-Security") is None
    assert not any("; Secure" in cookie for cookie in plain.msg.get_all("Set-Cookie") or [])


def test_deployed_a_viewers_live_stream_carries_a_save_made_through_the_server(deployed: Site) -> None:
    edit_token, view_token = new_game(deployed.database)
    keeper = Scorekeeper(deployed.server.url, edit_token, {"Host": SITE, **OVER_TLS})
    stream = LiveStream.open(deployed.server, view_token, seq=1, headers=OVER_TLS)
    try:
        assert stream.status == 200, stream.head
        assert "text/event-stream" in stream.head
        keeper.save()
        answered = time.monotonic()
        board = stream.board(2, within=LIVE_WITHIN)
        assert time.monotonic() - answered < LIVE_WITHIN
        assert board["id"] == "2"
        assert "Ana B" in board["data"]
    finally:
        stream.close()


def test_deployed_sigterm_stops_it_cleanly(deployed: Site) -> None:
    """Last of this module: stops its server, a viewer still watching. Every worker exits by itself within
    moments, none killed at the graceful timeout; the viewer is told to reconnect."""
    stream = LiveStream.open(deployed.server, deployed.view_token, seq=1, headers=OVER_TLS)
    try:
        assert stream.status == 200, stream.head
        assert "retry" in stream.next_event(time.monotonic() + 20)
        started = time.monotonic()
        status = stop(deployed.server.process, timeout=STOPS_WITHIN + 30)
        text = deployed.server.log_text()
        assert status == 0, text
        assert time.monotonic() - started < STOPS_WITHIN, text
        assert "Handling signal: term" in text
        assert text.count("Worker exiting") == 4, text
        assert_every_worker_exited_by_itself(text)
        assert "Shutting down: Master" in text
        assert_told_to_reconnect(stream)
    finally:
        stream.close()
