"""What one client address can hold of ``referee serve`` (gunicorn, 2 workers, SQLite), attacked for real over
loopback: half-sent requests and a flood of live streams from 127.0.0.1 while a table plays from 127.0.0.2, and
the rate limits counted once for both workers (see referee/worker.py and referee/web/core/security.py).

Bounded: every attack has a count and a deadline; ``make bench`` (tests/bench/bench_one_address.py) runs the
full figures (5,000 live streams from one address, 5,000 viewers from many).
"""

from __future__ import annotations

import resource
import time
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode

import pytest

from referee.web.core.live_cap import LIVE_STREAMS_PER_ADDRESS
from referee.worker import CONNECTIONS_PER_ADDRESS
from tests.serving import (
    HALF_SENT,
    SECRET_KEY,
    Attack,
    LiveStream,
    RunningServer,
    Scorekeeper,
    Table,
    _Forms,
    free_port,
    new_game,
    p95,
    running,
)
from tests.tiers import full_only

#: A server started and attacked, proxied, scaled out or installed from its wheel: the full run only (``make test
#: FULL=1``, tests/tiers.py, what CI runs); the quick run starts the server in tests/test_server.py and kills it in
#: tests/test_faults.py.
pytestmark = full_only

WORKERS = 2
#: The table's phones; the attacker is 127.0.0.1.
TABLE = "127.0.0.2"
#: Live streams the attacker opens here (more than both workers' caps together); the bench opens 5,000.
STREAMS = 250


@dataclass
class Site:
    server: RunningServer
    database: str


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Site]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 8192)), hard))
    root = tmp_path_factory.mktemp("bounds")
    database = f"sqlite:///{root / 'referee.sqlite3'}"
    port = free_port()
    settings = {"REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": SECRET_KEY,
                "REFEREE_PUBLIC_URL": f"http://127.0.0.1:{port}"}
    with running(root, settings, port=port, workers=WORKERS) as server:
        yield Site(server, database)


def playing(site: Site) -> Table:
    """A new game, its pages opened once (the first render is no attack's doing), and its table at work."""
    edit_token, view_token = new_game(site.database)
    keeper = Scorekeeper(site.server.url, edit_token, source=TABLE)
    site.server.request("GET", f"/v/{view_token}", source=TABLE)
    keeper.save()
    table = Table(site.server, keeper, view_token, source=TABLE)
    table.start()
    return table


def assert_served_in_time(table: Table) -> None:
    assert not table.failures, table.failures
    assert len(table.saves) >= 3, table.pages
    assert p95(table.pages) <= 1.0, sorted(table.pages)[-5:]
    assert p95(table.saves) <= 1.0, sorted(table.saves)[-5:]


def test_half_sent_requests_from_one_address_never_stop_a_table(site: Site) -> None:
    """2,100 connections from one address, each ``GET / HTTP/1.1`` and one header, then nothing (a slow-request
    attack): the table's pages and saves from another address keep p95 ≤ 1 s, and every slow socket is
    dropped within 30 s (those beyond the address's cap at once, with 503; the others when their head is late)."""
    table = playing(site)
    attack = Attack.open(site.server.port, 2100, HALF_SENT)
    try:
        attack.watch(30 - (time.monotonic() - attack.started))  # the table plays meanwhile
        time.sleep(max(0.0, 10 - (time.monotonic() - attack.started)))  # and a while longer
        table.finish()
        assert len(attack.closed) == 2100, f"{2100 - len(attack.closed)} still open after 30 s"
        assert max(attack.closed.values()) < 30
        refused = [n for n, line in attack.answers.items() if line.startswith(b"HTTP/1.1 503")]
        assert len(refused) >= 2100 - WORKERS * CONNECTIONS_PER_ADDRESS
    finally:
        table.finish()
        attack.close()
    assert_served_in_time(table)


def test_a_flood_of_live_streams_from_one_address_never_stops_a_table(site: Site) -> None:
    """250 live streams from one address (``make bench`` opens 5,000): each is answered at once — a stream
    under way, ``busy`` (the page then refreshes itself) or 503 — none hangs; the address holds at most its cap
    of streams; the table's pages and saves from another address keep p95 ≤ 1 s and its viewer gets each save."""
    table = playing(site)
    viewer = LiveStream.open(site.server, table.view_token, seq=1)  # another address's viewer
    request = f"GET /v/{table.view_token}/live?seq=1 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode()
    attack = Attack.open(site.server.port, STREAMS, request)
    try:
        attack.watch(15, until_closed=False)
        unanswered = [n for n in range(STREAMS) if not attack.answered(n)]
        assert not unanswered, f"{len(unanswered)} streams got no answer within 15 s"
        streaming = [n for n, seen in attack.seen.items() if b"retry:" in seen and b"event: busy" not in seen
                     and n not in attack.closed]
        busy = [n for n, seen in attack.seen.items() if b"event: busy" in seen]
        assert len(streaming) <= WORKERS * LIVE_STREAMS_PER_ADDRESS
        assert len(busy) + len(attack.closed) >= STREAMS - WORKERS * LIVE_STREAMS_PER_ADDRESS
        time.sleep(max(0.0, 10 - (time.monotonic() - attack.started)))  # the table plays on
        table.finish()
        assert viewer.status == 200
        viewer.board(2 + len(table.saves), within=5)  # it got the last save (the first was seq 2)
    finally:
        table.finish()
        attack.close()
        viewer.close()
    assert_served_in_time(table)


def test_rate_limits_count_once_for_both_workers(site: Site) -> None:
    """An address gets the documented 60 unknown links a minute (then 429), not 60 per worker, and its own game
    still opens meanwhile (its 429s are for unknown links only)."""
    source = "127.0.0.4"
    _, view_token = new_game(site.database)
    answers = []
    for n in range(130):  # fresh connections: both workers answer some
        answers.append(site.server.request("GET", f"/v/{'u' * 40}{n:03d}", source=source).status)
        if n % 20 == 19:
            assert site.server.request("GET", f"/v/{view_token}", source=source).status == 200
    assert answers == [404] * 60 + [429] * 70


def test_new_games_count_once_for_both_workers(site: Site) -> None:
    """An address makes the documented 20 games a minute, not 20 per worker."""
    source = "127.0.0.5"
    made = []
    for _ in range(23):
        page = site.server.request("GET", "/games/new", source=source)
        cookies = [c.split(";", 1)[0] for c in page.msg.get_all("Set-Cookie") or [] if c.startswith("session=")]
        (_, fields), *_ = [form for form in _Forms(page.data.decode()).forms  # type: ignore[attr-defined]
                           if form[0].endswith("/games/new")]
        fields.update({"variant": "telefunken", "players-0": "Ana", "players-1": "Beto", "players-2": "Caro",
                       "players-3": "Dora", "first_dealer": "0"})
        made.append(site.server.request("POST", "/games/new", body=urlencode(fields), source=source, headers={
            "Cookie": "; ".join(cookies), "Content-Type": "application/x-www-form-urlencoded"}).status)
    assert made == [303] * 20 + [429] * 3


@pytest.mark.usefixtures("tmp_path")
def test_the_site_answers_after_the_attacks(site: Site) -> None:
    assert site.server.request("GET", "/", source=TABLE).status == 200
    assert "Using worker: referee.worker.Worker" in site.server.log_text()
    assert "Traceback" not in site.server.log_text()
