"""The production server, started exactly as the README's Deploy section says: ``referee serve`` (gunicorn).

A real socket on 127.0.0.1, real requests, the real access log, then SIGTERM and a clean stop.
"""

from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from referee import create_app, db
from referee.ledger import store
from referee.ledger.events import GameCreated
from referee.server import mask_tokens

REFEREE = Path(sys.executable).with_name("referee")
#: Generous: a loaded 2-core machine may take a while to start two workers.
START_TIMEOUT = 60.0


@dataclass
class RunningServer:
    process: subprocess.Popen[bytes]
    port: int
    log: Path
    edit_token: str
    view_token: str

    def request(self, method: str, path: str, timeout: float = 20.0) -> http.client.HTTPResponse:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        connection.request(method, path)
        response = connection.getresponse()
        response.read()
        connection.close()
        return response

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_until_answering(server: RunningServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            pytest.fail(f"the server stopped at start:\n{server.log_text()}")
        try:
            server.request("GET", "/", timeout=5)
            return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"the server did not answer within {START_TIMEOUT} s:\n{server.log_text()}")


def _stop(process: subprocess.Popen[bytes]) -> int:
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        raise


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """The Deploy section's commands and settings: ``referee db upgrade``, then
    ``referee serve --host 127.0.0.1 --port PORT --workers 4``."""
    root = tmp_path_factory.mktemp("server")
    database = f"sqlite:///{root / 'referee.sqlite3'}"
    port = _free_port()
    env = {
        **os.environ,
        "REFEREE_DATABASE_URL": database,
        "REFEREE_SECRET_KEY": "test-only-secret-key-for-the-server-test",
        "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}",
    }
    upgraded = subprocess.run([str(REFEREE), "db", "upgrade"], env=env, cwd=root, capture_output=True, text=True,
                              timeout=120)
    assert upgraded.returncode == 0, upgraded.stderr
    assert "Upgraded" in upgraded.stdout
    app = create_app({"DATABASE_URL": database}, instance_path=root / "instance")
    with app.app_context(), db.session() as session:
        game = store.create_game(
            session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Cora"), first_dealer="Ana")
        )
        edit_token, view_token = game.edit_token, game.view_token
    app.extensions["referee.db"].dispose()

    log = root / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [str(REFEREE), "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "4"],
            env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=root,
        )
    running = RunningServer(process, port, log, edit_token, view_token)
    try:
        _wait_until_answering(running)
        yield running
    finally:
        if process.poll() is None:
            _stop(process)


def test_it_is_gunicorn_with_its_workers(server: RunningServer) -> None:
    deadline = time.monotonic() + START_TIMEOUT  # the first worker may answer before the last has booted
    while server.log_text().count("Booting worker with pid") < 4:
        assert time.monotonic() < deadline, server.log_text()
        time.sleep(0.2)
    text = server.log_text()
    assert "Starting gunicorn" in text
    assert "Using worker: gthread" in text
    assert "development server" not in text


def test_it_answers_pages_and_links(server: RunningServer) -> None:
    assert server.request("GET", "/").status == 200
    assert server.request("GET", f"/v/{server.view_token}").status == 200
    assert server.request("GET", f"/g/{server.edit_token}/share").status == 200
    assert server.request("GET", "/v/not-a-token").status == 404


def test_the_access_log_masks_every_token(server: RunningServer) -> None:
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    # The Referer is logged too: a viewer who followed a link from the scorekeeper's page sends both tokens.
    connection.request("GET", f"/v/{server.view_token}?from=1",
                       headers={"Referer": f"http://127.0.0.1:{server.port}/g/{server.edit_token}/share"})
    assert connection.getresponse().read()
    connection.close()
    deadline = time.monotonic() + 20
    while "/v/…?from=1" not in server.log_text():
        assert time.monotonic() < deadline, server.log_text()
        time.sleep(0.2)
    text = server.log_text()
    assert server.view_token not in text
    assert server.edit_token not in text
    assert "/g/…/share" in text


def test_oversized_request_lines_and_headers_are_refused_at_once(server: RunningServer) -> None:
    assert server.request("GET", "/?" + "x" * 10_000).status == 414
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=20)
    connection.request("GET", "/", headers={"X-Padding": "x" * 10_000})
    assert connection.getresponse().status in (400, 431)
    connection.close()


def test_silent_connections_do_not_stop_it_answering(server: RunningServer) -> None:
    silent: list[socket.socket] = []
    try:
        for _ in range(300):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            silent.append(sock)
        started = time.monotonic()
        assert server.request("GET", "/", timeout=30).status == 200
        assert time.monotonic() - started < 5.0
    finally:
        for sock in silent:
            sock.close()


def test_mask_tokens_leaves_other_paths_alone() -> None:
    assert mask_tokens("GET /games/new HTTP/1.1") == "GET /games/new HTTP/1.1"
    assert mask_tokens("GET /static/css/app.css HTTP/1.1") == "GET /static/css/app.css HTTP/1.1"
    assert mask_tokens("/g/abc/deal /v/xyz") == "/g/…/deal /v/…"
    assert mask_tokens("next=%2Fg%2Fabc%2Fdeal") == "next=%2Fg%2F…%2Fdeal"


def test_sigterm_stops_it_cleanly(tmp_path: Path) -> None:
    """A separate server: SIGTERM ends it with status 0, after its workers have exited."""
    port = _free_port()
    env = {**os.environ, "REFEREE_DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
           "REFEREE_SECRET_KEY": "test-only-secret-key-for-the-server-test"}
    log = tmp_path / "server.log"
    with log.open("wb") as sink:
        process = subprocess.Popen([str(REFEREE), "serve", "--host", "127.0.0.1", "--port", str(port)],
                                   env=env, stdout=sink, stderr=subprocess.STDOUT, cwd=tmp_path)
    running = RunningServer(process, port, log, "", "")
    try:
        _wait_until_answering(running)
    finally:
        status = _stop(process)
    text = log.read_text()
    assert status == 0, text
    assert "Handling signal: term" in text
    assert "Shutting down: Master" in text
