"""The viewer's 304 against the bare view: requests per second under wrk, at 1, 8 and 32 connections, on the same
production server in the same run.

A phone that has the page already asks again with ``If-None-Match`` (a reload, a page without JavaScript
refreshing itself) and is answered 304 with no body. Goal: that 304 at ≥ 80% of the bare view's requests/s
(``/_bench/json``, the least a Flask view does), answered without SQL while the watcher vouches for the game
(:mod:`referee.web.core.view_heads`; the tests in tests/web/core/test_view_heads.py show that no statement runs).

Two set-ups, each its own server:

- ``apart`` (the goal's figure): one worker on the first core, wrk on the second (``taskset``). The ratio is then
  the two answers' cost in the worker, not who wins the cores: with wrk beside two workers on two cores, one pair
  of runs ranged from 0.4 to 2.0 at 32 connections.
- ``shared``: the production set-up, two workers, wrk beside them on the same two cores (reported, not held to
  the goal).

Each configuration runs RUNS short times, the baseline and the 304 one right after the other, so a busy moment of
the shared machine hits both alike, the first of the pair alternating; the ratio is taken within each pair, and
medians with their spread (min, max) are printed as JSON. (The full page is bench_pages.py's.)
"""

from __future__ import annotations

import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from referee.games.rummy.ledger.events import Buy, DealEnded, ExactCut

from .harness import BASELINE, make_games, report, server, summary, wrk

RUNS = 5
SECONDS = 2
CONNECTIONS = (1, 8, 32)
GZIP = "Accept-Encoding: gzip"
GOAL = 0.8
#: Each set-up: workers, the server's cores and wrk's (None: all of them, shared).
SETUPS: dict[str, tuple[int, str | None, str | None]] = {"apart": (1, "0", "1"), "shared": (2, None, None)}


def _etag_answered_304(address: str) -> str:
    """The page's ETag, after checking that the page asked again with it is answered 304."""
    request = urllib.request.Request(address, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        etag = answer.headers["ETag"]
    assert etag
    asked = urllib.request.Request(address, headers={"If-None-Match": etag})
    with pytest.raises(urllib.error.HTTPError) as answered:  # urllib raises for a 304: it is not a 2xx
        urllib.request.urlopen(asked, timeout=10)
    assert answered.value.code == 304
    return etag


def test_the_viewers_304_against_the_bare_view(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    events = [ExactCut(deal=1), Buy(deal=1, player="Bruno"),
              DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7})]
    (game,) = make_games(url, 1, events=events)
    page = f"/v/{game.view_token}"
    figures: dict[str, Any] = {"runs": RUNS, "seconds_each": SECONDS, "goal": GOAL, "setups": {
        name: f"gunicorn, {workers} gevent worker(s) (referee.worker.Worker)" + (
            f" on core {server_cpus}, wrk on core {wrk_cpus}" if server_cpus else ", wrk on the same cores")
        for name, (workers, server_cpus, wrk_cpus) in SETUPS.items()}}
    for setup, (workers, server_cpus, wrk_cpus) in SETUPS.items():
        with server(url, tmp_path, workers=workers, cpus=server_cpus) as running:
            etag = _etag_answered_304(running.url + page)
            targets = {"baseline": (BASELINE, [GZIP]), "viewer_304": (page, [GZIP, f"If-None-Match: {etag}"])}
            for connections in CONNECTIONS:
                runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
                for run in range(RUNS):
                    order = list(targets) if run % 2 == 0 else list(reversed(targets))
                    for name in order:
                        path, headers = targets[name]
                        runs[name].append(wrk(running.url + path, connections=connections, seconds=SECONDS,
                                              headers=headers, cpus=wrk_cpus))
                row: dict[str, Any] = {}
                for name, results in runs.items():
                    assert all(r["non_2xx"] == 0 for r in results), (name, results)
                    row[name] = {"rps": summary([r["rps"] for r in results]),
                                 "p99_ms": summary([r["p99_ms"] for r in results])}
                row["viewer_304"]["rps_vs_baseline"] = summary([
                    v["rps"] / b["rps"] for v, b in zip(runs["viewer_304"], runs["baseline"], strict=True)])
                figures[f"{setup}_{connections}_connections"] = row
    report("viewer_304", figures, capsys)
