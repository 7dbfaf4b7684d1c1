"""What one address can hold of ``referee serve``, at full size (referee/worker.py argues the design).

- 2,100 half-sent requests from 127.0.0.1, and then 5,000 live streams from 127.0.0.1, while a table plays from
  127.0.0.2 (a page every 0.1 s, a save every third): the table's page and save latencies (p50, p95, max) against
  the same table with nobody attacking, measured on the same server in the same run; when the attack's sockets
  were answered and dropped.
- 5,000 viewers of one game from many addresses (40 to an address, 127.0.0.2 upwards) on one server: save →
  every viewer, the save's own latency, idle CPU and memory per viewer (:func:`bench_live.scenario`).

Goals: the table's p95 ≤ 1 s under either attack and the slow sockets dropped within 30 s; 5,000
viewers: save → every viewer p95 ≤ 500 ms, the save's p99 ≤ 200 ms, idle ≤ 5% of a core.
"""

from __future__ import annotations

import asyncio
import resource
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.serving import HALF_SENT, SECRET_KEY, Attack, RunningServer, Scorekeeper, Table, new_game, running

from .bench_live import scenario
from .harness import make_games, report, server, summary

ATTACKER = "127.0.0.1"
TABLE = "127.0.0.2"
#: Seconds the table plays with nobody attacking (the baseline), and at least while each attack lasts.
PLAYS = 10.0


@pytest.fixture(autouse=True)
def many_files() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 20000)), hard))


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[RunningServer, str]]:
    database = f"sqlite:///{tmp_path / 'referee.sqlite3'}"
    with running(tmp_path, {"REFEREE_DATABASE_URL": database, "REFEREE_SECRET_KEY": SECRET_KEY}, workers=2) as up:
        yield up, database


def _table(running: RunningServer, database: str) -> Table:
    edit_token, view_token = new_game(database)
    keeper = Scorekeeper(running.url, edit_token, source=TABLE)
    running.request("GET", f"/v/{view_token}", source=TABLE)
    keeper.save()
    table = Table(running, keeper, view_token, source=TABLE)
    table.start()
    return table


def _figures(table: Table) -> dict[str, Any]:
    ms = 1000.0
    return {"pages_ms": summary([t * ms for t in table.pages]), "saves_ms": summary([t * ms for t in table.saves]),
            "failures": table.failures[:3]}


def _baseline(running: RunningServer, database: str) -> dict[str, Any]:
    table = _table(running, database)
    time.sleep(PLAYS)
    table.finish()
    return _figures(table)


def test_2100_half_sent_requests_from_one_address(site: tuple[RunningServer, str], capsys: Any) -> None:
    running, database = site
    baseline = _baseline(running, database)
    table = _table(running, database)
    attack = Attack.open(running.port, 2100, HALF_SENT, source=ATTACKER)
    try:
        attack.watch(30 - (time.monotonic() - attack.started))
        time.sleep(max(0.0, PLAYS - (time.monotonic() - attack.started)))
    finally:
        table.finish()
        attack.close()
    figures = {"attack": "2,100 half-sent requests from one address", "nobody_attacking": baseline,
               "under_attack": _figures(table), "dropped": len(attack.closed),
               "dropped_after_s": summary(list(attack.closed.values())),
               "answered_503": sum(line.startswith(b"HTTP/1.1 503") for line in attack.answers.values())}
    report("one-address-2100-half-sent", figures, capsys)
    assert len(attack.closed) == 2100
    assert figures["under_attack"]["pages_ms"]["p95"] <= 1000
    assert figures["under_attack"]["saves_ms"]["p95"] <= 1000


def test_5000_live_streams_from_one_address(site: tuple[RunningServer, str], capsys: Any) -> None:
    running, database = site
    baseline = _baseline(running, database)
    table = _table(running, database)
    request = f"GET /v/{table.view_token}/live?seq=1 HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode()
    attack = Attack.open(running.port, 5000, request, source=ATTACKER)
    try:
        attack.watch(30 - (time.monotonic() - attack.started), until_closed=False)
        answered_within = time.monotonic() - attack.started
        time.sleep(max(0.0, PLAYS - (time.monotonic() - attack.started)))
    finally:
        table.finish()
    seen = attack.seen
    figures = {"attack": "5,000 live streams from one address", "nobody_attacking": baseline,
               "under_attack": _figures(table),
               "answered": sum(attack.answered(n) for n in range(5000)), "answered_within_s": round(answered_within, 1),
               "streaming": sum(b"retry:" in s and b"event: busy" not in s for s in seen.values()),
               "busy": sum(b"event: busy" in s for s in seen.values()),
               "answered_503": sum(line.startswith(b"HTTP/1.1 503") for line in attack.answers.values())}
    attack.close()
    report("one-address-5000-live-streams", figures, capsys)
    assert figures["answered"] == 5000
    assert figures["under_attack"]["pages_ms"]["p95"] <= 1000
    assert figures["under_attack"]["saves_ms"]["p95"] <= 1000


def test_5000_viewers_from_many_addresses(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    games = make_games(url, 1)
    with server(url, tmp_path) as up:
        figures = asyncio.run(scenario(up, games, 5000))
    figures["server"] = "referee serve's gunicorn settings: 2 gevent workers (referee.worker.Worker), SQLite"
    report("live-5000-viewers-many-addresses", figures, capsys)
    assert figures["connected"] == 5000, figures
    assert figures["update_after_save_response_ms"]["p95"] <= 500
    assert figures["save_ms_with_viewers"]["p99"] <= 200
    assert figures["idle_cpu_percent_of_one_core"]["median"] <= 5
