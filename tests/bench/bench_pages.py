"""Viewer page and deal screen: requests per second and p99 at 1, 8 and 32 connections, under wrk, against the
minimal JSON endpoint on the same production server in the same run; a Shelem game's viewer page and hand screen
beside the rummy game's (goal: no worse than a rummy game's).

Goal: the viewer page at ≥ 50% of the baseline's requests/s, and p99 ≤ 50 ms at 32 connections. Each
configuration runs RUNS times, interleaved (baseline, viewer, deal screen), so a busy moment of the shared
machine hits all three alike; medians and spread are printed as JSON.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from referee.games.persian.ledger import GameCreated as TableGameCreated
from referee.games.persian.ledger import HandPlayed
from referee.games.rummy.ledger.events import Buy, DealEnded, ExactCut

from .harness import BASELINE, PLAYERS, make_games, report, server, summary, wrk

RUNS = 3
SECONDS = 4
CONNECTIONS = (1, 8, 32)
GZIP = ("Accept-Encoding: gzip",)
#: The source's worked Shelem sheet (docs/table-games.md §2): four hands, as the store keeps them.
SHELEM_HANDS = [HandPlayed(hand_number=n, hand={"ruler": ruler, "bid": bid, "points": points, "bidding": []})
                for n, (ruler, bid, points) in enumerate([(0, 135, 130), (1, 125, 150), (2, 150, 165),
                                                          (3, 135, 135)], start=1)]


def test_viewer_page_and_deal_screen_against_the_baseline(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    events = [ExactCut(deal=1), Buy(deal=1, player="Bruno"),
              DealEnded(deal=1, went_out="Ana", hands={"Bruno": "K 7 JK", "Carla": 25, "Dario": 7}),
              DealEnded(deal=2, went_out="Bruno", hands={"Ana": 10, "Carla": 12, "Dario": 30})]
    (game,) = make_games(url, 1, events=events)
    (shelem,) = make_games(url, 1, created=TableGameCreated(variant="shelem", players=PLAYERS, first=PLAYERS[0]),
                           events=SHELEM_HANDS)
    targets = {"baseline": BASELINE, "viewer": f"/v/{game.view_token}", "deal_screen": f"/g/{game.edit_token}",
               "shelem_viewer": f"/v/{shelem.view_token}", "shelem_hand_screen": f"/g/{shelem.edit_token}/hand"}
    figures: dict[str, Any] = {"runs": RUNS, "seconds_each": SECONDS,
                               "server": "gunicorn, 2 gevent workers (referee.worker.Worker)"}
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
            for name in ("viewer", "deal_screen", "shelem_viewer", "shelem_hand_screen"):
                ratios = [v["rps"] / b["rps"] for v, b in zip(runs[name], runs["baseline"], strict=True)]
                row[name]["rps_vs_baseline"] = summary(ratios)
            for shelem_page, rummy_page in (("shelem_viewer", "viewer"), ("shelem_hand_screen", "deal_screen")):
                row[shelem_page]["rps_vs_rummy"] = summary([
                    s["rps"] / r["rps"] for s, r in zip(runs[shelem_page], runs[rummy_page], strict=True)])
            figures[f"{connections}_connections"] = row
    report("pages", figures, capsys)
