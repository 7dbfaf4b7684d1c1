"""The production server started for real and talked to over loopback: shared by the server tests and benchmarks.

:func:`running` starts ``referee serve --host 127.0.0.1 --port PORT --workers N`` (the README's Deploy step 4)
with the settings it is given, waits until it answers and stops it with SIGTERM. :class:`Scorekeeper` saves
through the scorekeeper's own forms (the CSRF token read from the page, the session cookie kept);
:class:`LiveStream` is a viewer's live scoreboard (server-sent events) read off a plain socket. Every wait has a
deadline.
"""

from __future__ import annotations

import http.client
import os
import selectors
import signal
import socket
import struct
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode

import pytest
from sqlmodel import Session

from referee.db import make_engine
from referee.games.persian.ledger import GameCreated as TableGameCreated
from referee.games.rummy.ledger.events import GameCreated
from referee.ledger import store
from tests.pg import free_port

__all__ = ["REFEREE", "START_TIMEOUT", "SECRET_KEY", "SITE", "LIVE_WITHIN", "RunningServer", "running", "start",
           "stop", "upgrade", "deploy_settings", "new_game", "new_shelem_game", "Scorekeeper", "TableScorekeeper",
           "LiveStream", "free_port",
           "HALF_SENT", "Attack", "Table", "p95", "ROOT"]

REFEREE = Path(sys.executable).with_name("referee")
ROOT = Path(__file__).resolve().parents[1]
#: Generous: a loaded 2-core machine may take a while to start the workers.
START_TIMEOUT = 60.0
SECRET_KEY = "test-only-secret-key-for-the-server-test"
#: The public name of the Deploy section's site (the Host nginx passes on).
SITE = "referee.example.org"
#: The longest a viewer may wait for a save, counted from the save's response (the goal is p95 ≤ 0.5 s).
LIVE_WITHIN = 2.0


def deploy_settings(database_url: str, host: str = SITE) -> dict[str, str]:
    """The README Deploy section's step-3 settings for a public site at ``https://<host>`` behind one proxy."""
    return {
        "REFEREE_DATABASE_URL": database_url,
        "REFEREE_SECRET_KEY": SECRET_KEY,
        "REFEREE_PUBLIC_URL": f"https://{host}",
        "REFEREE_TRUSTED_HOSTS": host,
        "REFEREE_PROXY_FIX_X_PROTO": "1",
        "REFEREE_PROXY_FIX_X_FOR": "1",
    }


def upgrade(settings: Mapping[str, str], cwd: Path) -> None:
    """``referee db upgrade`` with these settings (Deploy step 4's first command)."""
    upgraded = subprocess.run([str(REFEREE), "db", "upgrade"], env={**os.environ, **settings}, cwd=cwd,
                              capture_output=True, text=True, timeout=120)
    assert upgraded.returncode == 0, upgraded.stderr
    assert "Upgraded" in upgraded.stdout, upgraded.stdout


def new_game(database_url: str) -> tuple[str, str]:
    """A three-player Telefunken game made straight in the database: its (edit token, view token)."""
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            game = store.create_game(
                session, created=GameCreated(variant="telefunken", players=("Ana", "Beto", "Cora"), first_dealer="Ana")
            )
            return game.edit_token, game.view_token
    finally:
        engine.dispose()


def new_shelem_game(database_url: str) -> tuple[str, str]:
    """A Shelem game (the Persian table games' family) of four made straight in the database: its (edit token,
    view token)."""
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            created = TableGameCreated(variant="shelem", players=("Ana", "Beto", "Cora", "Dara"), first="Ana")
            game = store.create_game(session, created=created)
            return game.edit_token, game.view_token
    finally:
        engine.dispose()


@dataclass
class RunningServer:
    """A ``referee serve`` process: its port, its log, and the ``Host`` its requests carry (None: the address)."""

    process: subprocess.Popen[bytes]
    port: int
    log: Path
    host: str | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(self, method: str, path: str, *, headers: Mapping[str, str] | None = None,
                body: str | None = None, timeout: float = 20.0, source: str | None = None) -> http.client.HTTPResponse:
        """One request on a connection of its own (from the loopback address ``source``, 127.0.0.1 by default);
        the response's body is read (``.data`` holds it)."""
        sent = {"Host": self.host} if self.host else {}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout,
                                                source_address=(source, 0) if source else None)
        connection.request(method, path, body=body, headers={**sent, **(headers or {})})
        response = connection.getresponse()
        response.data = response.read()  # type: ignore[attr-defined]
        connection.close()
        return response

    def log_text(self) -> str:
        return self.log.read_text(encoding="utf-8", errors="replace")


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


def start(root: Path, settings: Mapping[str, str], *, port: int | None = None, workers: int | None = 4,
          host: str | None = None) -> RunningServer:
    """``referee serve --host 127.0.0.1 --port PORT --workers N`` (no ``--workers``: None) with ``settings`` in
    its environment, its log in ``root``; returns once it answers."""
    port = port or free_port()
    log = root / f"server-{port}.log"
    command = [str(REFEREE), "serve", "--host", "127.0.0.1", "--port", str(port)]
    if workers is not None:
        command += ["--workers", str(workers)]
    # This checkout's referee, whatever the environment's installed one is (the server runs in another folder).
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))
    with log.open("wb") as sink:
        process = subprocess.Popen(command, env={**os.environ, "PYTHONPATH": path, **settings}, stdout=sink,
                                   stderr=subprocess.STDOUT, cwd=root)
    server = RunningServer(process, port, log, host)
    try:
        _wait_until_answering(server)
    except BaseException:
        stop(process)
        raise
    return server


def stop(process: subprocess.Popen[bytes], timeout: float = 60) -> int:
    """SIGTERM, then its exit status (killed, and the wait's error raised, if it outlasts ``timeout``)."""
    if process.poll() is not None:
        return process.returncode
    process.send_signal(signal.SIGTERM)
    try:
        return process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)
        raise


@contextmanager
def running(root: Path, settings: Mapping[str, str], *, port: int | None = None, workers: int | None = 4,
            host: str | None = None) -> Iterator[RunningServer]:
    """:func:`start`, and :func:`stop` afterwards whatever happened."""
    server = start(root, settings, port=port, workers=workers, host=host)
    try:
        yield server
    finally:
        stop(server.process)


# ---- a scorekeeper and a viewer over HTTP ----------------------------------------------------------------------


class _Forms(HTMLParser):
    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), {}))
        elif tag == "input" and self.forms and "name" in a and a.get("type") not in ("radio", "checkbox", "submit"):
            self.forms[-1][1].setdefault(a["name"], a.get("value", ""))


class Scorekeeper:
    """One scorekeeper's phone: renames the first player back and forth (an event that is always allowed), or
    undoes, through the pages' own forms; ``headers`` go with every request (a ``Host``, a proxy's), from the
    loopback address ``source`` (127.0.0.1 by default)."""

    def __init__(self, base: str, edit_token: str, headers: Mapping[str, str] | None = None, *,
                 source: str | None = None) -> None:
        self.host, self.port = base.removeprefix("http://").split(":")
        self.token = edit_token
        self.headers = dict(headers or {})
        self.cookie = ""
        self.source = source

    def _request(self, method: str, path: str, body: str | None = None) -> tuple[int, bytes, dict[str, str]]:
        connection = http.client.HTTPConnection(self.host, int(self.port), timeout=60,
                                                source_address=(self.source, 0) if self.source else None)
        headers = dict(self.headers)
        if self.cookie:
            headers["Cookie"] = self.cookie
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                self.cookie = value.split(";", 1)[0]
        connection.close()
        return response.status, data, dict(response.getheaders())

    def page(self, path: str = "") -> bytes:
        status, data, _ = self._request("GET", f"/g/{self.token}{path}")
        assert status == 200, status
        return data

    def _post(self, action: str, fields: dict[str, str]) -> float:
        started = time.perf_counter()
        status, _, headers = self._request("POST", action, urlencode(fields))
        elapsed = time.perf_counter() - started
        assert status == 303, (status, headers)
        return elapsed

    def save(self) -> float:
        """One save (a rename) through the players screen; returns the POST's own latency in seconds."""
        html = self.page("/players").decode()
        for action, fields in _Forms(html).forms:
            player = [k for k in fields if k.endswith("player")]
            if action.endswith("/players") and player:
                old = fields[player[0]]
                new = old.removesuffix(" B") if old.endswith(" B") else old + " B"
                fields[player[0].removesuffix("player") + "new_name"] = new
                return self._post(action, fields)
        raise AssertionError("no rename form")

    def undo(self) -> float:
        """Undo the last action through the Undo screen; returns the POST's own latency in seconds."""
        html = self.page("/undo").decode()
        found = [(action, fields) for action, fields in _Forms(html).forms if action.endswith("/undo")]
        assert found, "no undo form"
        return self._post(*found[0])


class TableScorekeeper(Scorekeeper):
    """A Persian table game's scorekeeper: renames the first player back and forth on the players' names screen."""

    def save(self) -> float:
        html = self.page("/hand/names").decode()
        for action, fields in _Forms(html).forms:
            if action.endswith("/hand/names") and "old" in fields:
                old = fields["old"]
                fields["new"] = old.removesuffix(" B") if old.endswith(" B") else old + " B"
                return self._post(action, fields)
        raise AssertionError("no rename form")


@dataclass
class LiveStream:
    """A viewer's live scoreboard, ``/v/<view token>/live?seq=N``, read off a plain socket (HTTP/1.0: the stream
    is not chunked). :meth:`open` returns once the response's head has come."""

    sock: socket.socket
    status: int
    head: str
    buffer: bytes = b""
    events: list[dict[str, str]] = field(default_factory=list)

    @classmethod
    def open(cls, server: RunningServer, view_token: str, seq: int, *, headers: Mapping[str, str] | None = None,
             timeout: float = 20.0) -> LiveStream:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=timeout)
        lines = [f"GET /v/{view_token}/live?seq={seq} HTTP/1.0", f"Host: {server.host or '127.0.0.1'}",
                 "Accept: text/event-stream", *(f"{k}: {v}" for k, v in (headers or {}).items())]
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        buffer = b""
        deadline = time.monotonic() + timeout
        while b"\r\n\r\n" not in buffer:
            buffer += cls._receive(sock, deadline)
        head, rest = buffer.split(b"\r\n\r\n", 1)
        status = int(head.split(b" ", 2)[1])
        return cls(sock, status, head.decode("latin-1"), rest)

    @staticmethod
    def _receive(sock: socket.socket, deadline: float) -> bytes:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError("the live stream sent nothing in time")
        sock.settimeout(remaining)
        chunk = sock.recv(65536)
        if not chunk:
            raise ConnectionError("the live stream ended")
        return chunk

    def next_event(self, deadline: float) -> dict[str, str]:
        """The next event (its fields; ``data`` lines joined), waiting until ``deadline`` (time.monotonic)."""
        while b"\n\n" not in self.buffer:
            self.buffer += self._receive(self.sock, deadline)
        block, self.buffer = self.buffer.split(b"\n\n", 1)
        event: dict[str, str] = {}
        for line in block.decode().split("\n"):
            name, _, value = line.partition(":")
            value = value.removeprefix(" ")
            event[name] = f"{event[name]}\n{value}" if name == "data" and name in event else value
        self.events.append(event)
        return event

    def board(self, seq: int, within: float) -> dict[str, str]:
        """The first board event of ``seq`` or later, within ``within`` seconds (TimeoutError otherwise)."""
        deadline = time.monotonic() + within
        while True:
            event = self.next_event(deadline)
            if event.get("event") == "board" and int(event["id"]) >= seq:
                return event

    def close(self) -> None:
        self.sock.close()

    def drop(self) -> None:
        """Close as a phone that lost its network does, with a reset: the server's next write to this stream
        fails at once (after a plain close the first write would still go out). A stopping server needs no such
        help: it ends its streams itself (``referee.server.end_live_streams_on_stop``)."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()


# ---- one address's attack: many connections, each half-sent or a live stream ---------------------------------

#: The start of a request that never ends: what a slow-request attack sends on each connection, then nothing.
HALF_SENT = b"GET / HTTP/1.1\r\nHost: x\r\n"


@dataclass
class Attack:
    """Many connections from one loopback address, each sending ``request`` once, and what the server did with
    each: the first answer's status line (when any came) and when the server closed it (seconds after
    :attr:`started`)."""

    socks: list[socket.socket]
    started: float
    answers: dict[int, bytes] = field(default_factory=dict)
    closed: dict[int, float] = field(default_factory=dict)
    seen: dict[int, bytes] = field(default_factory=dict)

    @classmethod
    def open(cls, port: int, count: int, request: bytes, *, source: str = "127.0.0.1") -> Attack:
        started = time.monotonic()
        attack = cls([], started)
        for n in range(count):
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.bind((source, 0))
            sock.settimeout(10)
            attack.socks.append(sock)
            try:
                sock.connect(("127.0.0.1", port))
                sock.sendall(request)
            except OSError:  # refused already, or reset on the way
                attack.closed[n] = time.monotonic() - started
        return attack

    def watch(self, seconds: float, *, until_closed: bool = True) -> None:
        """Read what the server sends for ``seconds`` at most (less when ``until_closed`` and all are closed)."""
        selector = selectors.DefaultSelector()
        for n, sock in enumerate(self.socks):
            if n not in self.closed:
                sock.setblocking(False)
                selector.register(sock, selectors.EVENT_READ, n)
        deadline = time.monotonic() + seconds
        try:
            while selector.get_map() and (remaining := deadline - time.monotonic()) > 0:
                for key, _ in selector.select(min(remaining, 0.5)):
                    n = key.data
                    try:
                        data = key.fileobj.recv(65536)  # type: ignore[union-attr]
                    except BlockingIOError:
                        continue
                    except OSError:
                        data = b""
                    if data:
                        self.seen[n] = self.seen.get(n, b"") + data
                        self.answers.setdefault(n, data.split(b"\r\n", 1)[0])
                        continue
                    self.closed[n] = time.monotonic() - self.started
                    selector.unregister(key.fileobj)
                if not until_closed and len(self.answers.keys() | self.closed.keys()) >= len(self.socks):
                    break
        finally:
            selector.close()

    def answered(self, n: int) -> bool:
        """Whether connection ``n`` got an answer or was closed."""
        return n in self.answers or n in self.closed

    def close(self) -> None:
        for sock in self.socks:
            sock.close()


class Table(threading.Thread):
    """A table's phones at work, in a thread, from the loopback address ``source``: the viewer's page every
    ``pause`` seconds, and a save every third time, until :meth:`finish`; their latencies (seconds) and any
    failure are kept."""

    def __init__(self, server: RunningServer, keeper: Scorekeeper, view_token: str, *, source: str,
                 pause: float = 0.1) -> None:
        super().__init__(daemon=True)
        self.server, self.keeper, self.view_token, self.source, self.pause = server, keeper, view_token, source, pause
        self.pages: list[float] = []
        self.saves: list[float] = []
        self.failures: list[str] = []
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.is_set():
            try:
                began = time.perf_counter()
                page = self.server.request("GET", f"/v/{self.view_token}", source=self.source, timeout=30)
                self.pages.append(time.perf_counter() - began)
                if page.status != 200:
                    self.failures.append(f"page {page.status}")
                if len(self.pages) % 3 == 0:
                    self.saves.append(self.keeper.save())
            except (OSError, AssertionError) as error:
                self.failures.append(repr(error))
            self.done.wait(self.pause)

    def finish(self) -> None:
        self.done.set()
        self.join(60)


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, -(-95 * len(ordered) // 100) - 1)]
