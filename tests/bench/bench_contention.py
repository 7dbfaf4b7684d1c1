"""One long game's saves beside a light table's saves, on SQLite and on PostgreSQL.

A scorekeeper saves on a long game (1,000 events of corrections, or 600 of undo/redo) as fast as the server
lets it, while another table saves on a fresh game; the light table's save latency is measured beside it and,
in the same run on the same server, with nobody else saving (the baseline). Goal (SQLite): the light table's
save p99 ≤ 100 ms beside a long game.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from .bench_growth import corrections, undo_redo_log
from .harness import Scorekeeper, make_games, report, server, summary

LIGHT_SAVES = 40
LONG_DEADLINE = 120.0


def keep_saving(keeper: Scorekeeper, stop: threading.Event, saves: list[float]) -> None:
    """Save on the long game until told to stop (or the deadline)."""
    deadline = time.monotonic() + LONG_DEADLINE
    while not stop.is_set() and time.monotonic() < deadline:
        saves.append(keeper.save() * 1000)


def light_saves(keeper: Scorekeeper, count: int) -> list[float]:
    return [keeper.save() * 1000 for _ in range(count)]


def contention(url: str, tmp: Path) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    for name, (created, events) in {"1000_events_of_corrections": corrections(1000),
                                    "600_events_of_undo_redo": undo_redo_log(600)}.items():
        (long_game,) = make_games(url, 1, created=created, events=events)
        (light_game,) = make_games(url, 1)
        with server(url, tmp) as running:
            light = Scorekeeper(running.url, light_game.edit_token)
            alone = light_saves(light, LIGHT_SAVES)
            stop = threading.Event()
            long_saves: list[float] = []

            busy = threading.Thread(target=keep_saving,
                                    args=(Scorekeeper(running.url, long_game.edit_token), stop, long_saves))
            busy.start()
            time.sleep(0.5)
            beside = light_saves(light, LIGHT_SAVES)
            stop.set()
            busy.join(LONG_DEADLINE)
        figures[name] = {
            "light_save_ms_alone": summary(alone),
            "light_save_ms_beside_the_long_game": summary(beside),
            "long_game_save_ms": summary(long_saves),
        }
    return figures


def test_a_light_table_beside_a_long_game_on_sqlite(tmp_path: Path, capsys: Any) -> None:
    figures = contention(f"sqlite:///{tmp_path / 'bench.sqlite3'}", tmp_path)
    report("contention-sqlite", {"database": "SQLite", **figures}, capsys)


def test_a_light_table_beside_a_long_game_on_postgresql(postgres_url: str, tmp_path: Path, capsys: Any) -> None:
    figures = contention(postgres_url, tmp_path)
    report("contention-postgresql", {"database": "PostgreSQL", **figures}, capsys)
