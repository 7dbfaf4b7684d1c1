"""The gunicorn worker's parts that need no running server (referee/worker.py): the cap per address and when it
is off, the 503 a connection beyond it gets, whether a request's body is still coming, the gentle close, and a stop
sent while the worker was starting.
tests/test_server_bounds.py measures the worker serving."""

from __future__ import annotations

import signal
import socket
import time
from collections.abc import Iterator
from queue import SimpleQueue
from types import SimpleNamespace

import pytest
from gunicorn.http.body import ChunkedReader, EOFReader, LengthReader
from gunicorn.workers.ggevent import GeventWorker

from referee.worker import BUSY_ANSWER, CONNECTIONS_PER_ADDRESS, Worker, linger, per_address_cap, unread_body


@pytest.fixture
def pair() -> Iterator[tuple[socket.socket, socket.socket]]:
    """Two connected sockets: the server's end and the client's."""
    ends = socket.socketpair()
    yield ends
    for end in ends:
        end.close()


#: (REFEREE_PROXY_FIX_X_FOR, the cap): behind a proxy every connection comes from it, so there is no cap.
CAPS = [(None, CONNECTIONS_PER_ADDRESS), ("", CONNECTIONS_PER_ADDRESS), ("0", CONNECTIONS_PER_ADDRESS),
        (" 0 ", CONNECTIONS_PER_ADDRESS), ("1", 0), ("2", 0)]


@pytest.mark.parametrize(("proxies", "cap"), CAPS)
def test_the_cap_per_address_is_off_behind_a_proxy(monkeypatch: pytest.MonkeyPatch, proxies: str | None,
                                                   cap: int) -> None:
    if proxies is None:
        monkeypatch.delenv("REFEREE_PROXY_FIX_X_FOR", raising=False)
    else:
        monkeypatch.setenv("REFEREE_PROXY_FIX_X_FOR", proxies)
    assert per_address_cap() == cap


def test_the_busy_answer_is_a_whole_503_that_says_when_to_try_again() -> None:
    head, _, body = BUSY_ANSWER.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    assert lines[0] == b"HTTP/1.1 503 Service Unavailable"
    headers = dict(line.split(b": ", 1) for line in lines[1:])
    assert headers[b"Retry-After"] == b"5"
    assert headers[b"Connection"] == b"close"
    assert int(headers[b"Content-Length"]) == len(body)
    assert body.startswith(b"This device (or its network) has too many connections open here.")


def body_read_by(reader: object) -> SimpleNamespace:
    return SimpleNamespace(body=SimpleNamespace(reader=reader))


def test_a_body_is_unread_while_its_length_is_not_all_read_or_it_comes_in_chunks() -> None:
    assert unread_body(body_read_by(LengthReader(None, 10)))
    assert not unread_body(body_read_by(LengthReader(None, 0)))
    assert unread_body(body_read_by(ChunkedReader(None, None)))
    assert not unread_body(body_read_by(EOFReader(None)))
    assert not unread_body(SimpleNamespace(body=None))
    assert not unread_body(object())


def test_linger_says_the_answer_is_over_and_drops_what_the_client_still_sends(
        pair: tuple[socket.socket, socket.socket]) -> None:
    server_end, client_end = pair
    client_end.sendall(b"x" * 1000)
    client_end.shutdown(socket.SHUT_WR)
    started = time.monotonic()
    linger(server_end, seconds=5)
    assert time.monotonic() - started < 1  # the client finished sending: no need to wait
    assert client_end.recv(10) == b""  # the server's end said it writes no more


def test_linger_stops_at_its_byte_limit_and_at_its_deadline(pair: tuple[socket.socket, socket.socket]) -> None:
    server_end, client_end = pair
    client_end.sendall(b"x" * 1000)
    started = time.monotonic()
    linger(server_end, seconds=5, most=10)
    assert time.monotonic() - started < 1
    started = time.monotonic()
    linger(server_end, seconds=0.2)  # the client sends nothing more and keeps the connection open
    assert 0.15 < time.monotonic() - started < 1


def test_a_connection_beyond_its_address_cap_is_answered_busy_and_closed(
        pair: tuple[socket.socket, socket.socket]) -> None:
    server_end, client_end = pair
    bounded = Worker.__new__(Worker)  # the cap's bookkeeping only: no gunicorn arbiter, no sockets to serve
    bounded.cap = 2
    bounded.held = {"192.0.2.7": 2}
    client_end.shutdown(socket.SHUT_WR)
    bounded.handle(None, server_end, ("192.0.2.7", 50000))
    received = b""
    while chunk := client_end.recv(65536):
        received += chunk
    assert received == BUSY_ANSWER
    assert bounded.held == {"192.0.2.7": 2}
    assert server_end.fileno() == -1  # closed



@pytest.mark.parametrize(("sent", "alive"), [
    ((signal.SIGTERM,), False),
    ((signal.SIGCHLD, signal.SIGINT), False),
    ((signal.SIGQUIT,), False),
    ((signal.SIGCHLD, signal.SIGHUP, signal.SIGWINCH), True),
    ((), True),
])
def test_a_stop_sent_while_the_worker_was_starting_is_heeded(
        monkeypatch: pytest.MonkeyPatch, sent: tuple[int, ...], alive: bool) -> None:
    """Before its own handlers are in place a new worker runs its master's, which only queue the signal (in the
    worker's copy of the master's queue): a stop found there once the handlers are in place stops the worker."""
    monkeypatch.setattr(GeventWorker, "init_signals", lambda _self: None)  # no handler of this test process changes
    starting = Worker.__new__(Worker)
    starting.alive = True
    starting.masters_queue = SimpleQueue()
    for sig in sent:
        starting.masters_queue.put_nowait(sig)
    starting.init_signals()
    assert starting.alive is alive
    assert starting.masters_queue.empty()


def test_a_worker_without_its_masters_queue_starts_as_gunicorn_starts_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GeventWorker, "init_signals", lambda _self: None)
    alone = Worker.__new__(Worker)
    alone.alive = True
    alone.init_signals()
    assert alone.alive is True
