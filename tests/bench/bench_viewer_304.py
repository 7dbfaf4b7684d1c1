"""The viewer's 304 against the bare view: requests per second under wrk, at 1, 8 and 32 connections, on the same
production server in the same run.

A phone that has the page already asks again with ``If-None-Match`` (a reload, a page without JavaScript
refreshing itself) and is answered 304 with no body. Goal: that 304 at ≥ 80% of the bare view's requests/s
(``/_bench/json``, the least a Flask view does), answered without SQL while the watcher vouches for the game
(:mod:`referee.web.core.view_heads`; the tests in tests/web/core/test_view_heads.py show that no statement runs).

Each configuration runs RUNS short times, the baseline and the 304 one right after the other, so a busy moment of
the shared machine hits both alike; the ratio is taken within each pair, and medians with their spread (min,
max) are printed as JSON. (The full page is bench_pages.py's.)
"""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

from referee.games.rummy.ledger.events import Buy, DealEnded, ExactCut

from .harness import BASELINE, make_games, report, server, summary, wrk

RUNS = 5
SECONDS = 2
CONNECTIONS = (1, 8, 32)
GZIP = "Accept-Encoding: gzip"
GOAL = 0.8


def test_the_viewers_304_against_the_bare_view(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    events = [ExactCut(deal=1), Buy(deal=1, player="Bruno"),
              DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7})]
    (game,) = make_games(url, 1, events=events)
    page = f"/v/{game.view_token}"
    figures: dict[str, Any] = {"runs": RUNS, "seconds_each": SECONDS,
                               "server": "gunicorn, 2 gevent workers (referee.worker.Worker)", "goal": GOAL}
    with server(url, tmp_path) as running:
        request = urllib.request.Request(running.url + page, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request, timeout=10) as answer:
            etag = answer.headers["ETag"]
        assert etag
        asked = urllib.request.Request(running.url + page, headers={"If-None-Match": etag})
        try:
            urllib.request.urlopen(asked, timeout=10)
            raise AssertionError("the page with its own ETag was not answered 304")
        except urllib.error.HTTPError as answered:
            assert answered.code == 304
        targets = {"baseline": (BASELINE, [GZIP]), "viewer_304": (page, [GZIP, f"If-None-Match: {etag}"])}
        for connections in CONNECTIONS:
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
            for _ in range(RUNS):
                for name, (path, headers) in targets.items():
                    runs[name].append(wrk(running.url + path, connections=connections, seconds=SECONDS,
                                          headers=headers))
            row: dict[str, Any] = {}
            for name, results in runs.items():
                assert all(r["non_2xx"] == 0 for r in results), (name, results)
                row[name] = {"rps": summary([r["rps"] for r in results]),
                             "p99_ms": summary([r["p99_ms"] for r in results])}
            row["viewer_304"]["rps_vs_baseline"] = summary([
                v["rps"] / b["rps"] for v, b in zip(runs["viewer_304"], runs["baseline"], strict=True)])
            figures[f"{connections}_connections"] = row
    report("viewer_304", figures, capsys)
