"""Viewer page and deal screen: requests per second and p99 at 1, 8 and 32 connections, under wrk, against the
minimal JSON endpoint on the same production server in the same run.

Goal: the viewer page at ≥ 50% of the baseline's requests/s, and p99 ≤ 50 ms at 32 connections. Each
configuration runs RUNS times, interleaved (baseline, viewer, deal screen), so a busy moment of the shared
machine hits all three alike; medians and spread are printed as JSON.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.ledger.events import Buy, DealEnded, ExactCut

from .harness import BASELINE, make_games, report, server, summary, wrk

RUNS = 3
SECONDS = 4
CONNECTIONS = (1, 8, 32)
GZIP = ("Accept-Encoding: gzip",)


def test_viewer_page_and_deal_screen_against_the_baseline(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    events = [ExactCut(deal=1), Buy(deal=1, player="Bruno"),
              DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7}),
              DealEnded(deal=2, went_out="Bruno", hands={"Ana": 10, "Carla": 12, "Dario": 30})]
    (game,) = make_games(url, 1, events=events)
    targets = {"baseline": BASELINE, "viewer": f"/v/{game.view_token}", "deal_screen": f"/g/{game.edit_token}"}
    figures: dict[str, Any] = {"runs": RUNS, "seconds_each": SECONDS, "server": "gunicorn, 2 gevent workers"}
    with server(url, tmp_path) as running:
        for connections in CONNECTIONS:
            runs: dict[str, list[dict[str, float]]] = {name: [] for name in targets}
            for _ in range(RUNS):
                for name, path in targets.items():
                    runs[name].append(wrk(running.url + path, connections=connections, seconds=SECONDS,
                                          headers=GZIP))
            row: dict[str, Any] = {}
            for name, results in runs.items():
                assert all(r["non_2xx"] == 0 for r in results), (name, results)
                row[name] = {"rps": summary([r["rps"] for r in results]),
                             "p99_ms": summary([r["p99_ms"] for r in results])}
            for name in ("viewer", "deal_screen"):
                ratios = [v["rps"] / b["rps"] for v, b in zip(runs[name], runs["baseline"], strict=True)]
                row[name]["rps_vs_baseline"] = summary(ratios)
            figures[f"{connections}_connections"] = row
    report("pages", figures, capsys)
