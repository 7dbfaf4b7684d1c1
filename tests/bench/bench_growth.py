"""The cost of a save and of a viewer page as a game grows and as the database grows, against the minimal JSON
endpoint measured on the same server in the same run.

Games: a real 15-deal game (the recorded Progressive Rummy game of tests/games), 1,000 events of corrections,
600 events of undo/redo; databases of 1, 1,000 and 10,000 games. For each: the save's own latency (a rename
through the players screen; as the game grows, also an undo of it through the Undo screen), the first viewer
page after it (a new seq: folded once, rendered once), the page again (from memory), and the baseline, each
ROUNDS times. Goal: flat within noise from a real game to 1,000 events (undo-heavy included) and from 1 to
10,000 games.
"""

from __future__ import annotations

import json
import time
from http.client import HTTPConnection
from pathlib import Path
from typing import Any

from sqlalchemy import event as sa_event

from referee.games.rummy.ledger.events import DealCorrected, DealEnded, Event, GameCreated, Undone
from referee.games.rummy.ledger.exchange import import_game

from .harness import BASELINE, GameLinks, Scorekeeper, make_games, report, server, summary

ROUNDS = 15
CACHED_PAGES = 3
GAMES_DIR = Path(__file__).parents[1] / "games"
PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def real_game() -> tuple[GameCreated, list[Event]]:
    events = import_game(json.loads((GAMES_DIR / "progressive-rummy.json").read_text()))
    created = events[0]
    assert isinstance(created, GameCreated)
    return created, list(events[1:])


def corrections(count: int) -> tuple[GameCreated, list[Event]]:
    created = GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
    events: list[Event] = [DealEnded(deal=1, went_out="Ana", hands={"Bruno": 10, "Carla": 20, "Dario": 30})]
    events += [DealCorrected(deal=1, went_out="Ana", hands={"Bruno": 10 + n % 7, "Carla": 20, "Dario": 30})
               for n in range(count - 2)]
    return created, events


def undo_redo_log(count: int) -> tuple[GameCreated, list[Event]]:
    """Undo the deal's end, redo it (undo the undo), again and again: ``count`` events in all."""
    created = GameCreated(variant="telefunken", players=PLAYERS, first_dealer="Ana")
    events: list[Event] = [DealEnded(deal=1, went_out="Ana", hands={"Bruno": 10, "Carla": 20, "Dario": 30})]
    target = 2  # the deal's end: undone, redone, undone again...
    while len(events) + 1 < count - 1:
        undo_seq = len(events) + 2
        events.append(Undone(seq=target))
        events.append(Undone(seq=undo_seq))  # the redo cancels that undo
    return created, events


def measure(running_url: str, game: GameLinks, *, with_undo: bool = False) -> dict[str, Any]:
    host, port = running_url.removeprefix("http://").split(":")
    keeper = Scorekeeper(running_url, game.edit_token)
    connection = HTTPConnection(host, int(port), timeout=60)

    statuses: set[int] = set()

    def get(path: str, ok: tuple[int, ...] = (200,)) -> float:
        started = time.perf_counter()
        connection.request("GET", path, headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        response.read()
        assert response.status in ok, (path, response.status)
        if path.startswith("/g/"):
            statuses.add(response.status)
        return (time.perf_counter() - started) * 1000

    saves, undos, first, cached, baseline, deal_first, deal_again = [], [], [], [], [], [], []
    for _ in range(ROUNDS):
        saves.append(keeper.save() * 1000)
        if with_undo:
            undos.append(keeper.undo() * 1000)  # the rename just made
        first.append(get(f"/v/{game.view_token}"))
        cached += [get(f"/v/{game.view_token}") for _ in range(CACHED_PAGES)]
        # The scorekeeper's deal screen (a game that is over answers with its end page's address: 303).
        deal_first.append(get(f"/g/{game.edit_token}", ok=(200, 303)))
        deal_again += [get(f"/g/{game.edit_token}", ok=(200, 303)) for _ in range(CACHED_PAGES)]
        baseline += [get(BASELINE) for _ in range(CACHED_PAGES)]
    connection.close()
    base = summary(baseline)["median"]
    figures = {
        "save_ms": summary(saves),
        "page_after_save_ms": summary(first),
        "page_again_ms": summary(cached),
        "baseline_ms": summary(baseline),
        "save_over_baseline": round(summary(saves)["median"] / base, 1),
        "page_after_save_over_baseline": round(summary(first)["median"] / base, 1),
        "deal_screen_status": sorted(statuses),
        "deal_screen_after_save_ms": summary(deal_first),
        "deal_screen_again_ms": summary(deal_again),
        "deal_screen_again_over_baseline": round(summary(deal_again)["median"] / base, 1),
    }
    if with_undo:
        figures["undo_ms"] = summary(undos)
        figures["undo_over_baseline"] = round(summary(undos)["median"] / base, 1)
    return figures


def test_cost_as_the_game_grows(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    kinds = {
        "real_15_deal_game": real_game(),
        "1000_events_of_corrections": corrections(1000),
        "600_events_of_undo_redo": undo_redo_log(600),
    }
    games = {name: make_games(url, 1, created=created, events=events)[0] for name, (created, events) in kinds.items()}
    figures: dict[str, Any] = {"rounds": ROUNDS, "events": {n: len(e) + 1 for n, (_, e) in kinds.items()}}
    with server(url, tmp_path) as running:
        for name, game in games.items():
            figures[name] = measure(running.url, game, with_undo=True)
    report("growth-events", figures, capsys)


def test_cost_as_the_database_grows(tmp_path: Path, capsys: Any) -> None:
    url = f"sqlite:///{tmp_path / 'bench.sqlite3'}"
    created, events = real_game()
    (game,) = make_games(url, 1, created=created, events=events)
    figures: dict[str, Any] = {"rounds": ROUNDS, "measured_game": "the real 15-deal game"}
    total = 1
    for size in (1, 1000, 10000):
        if size > total:
            seeded_engine_speedup()
            make_games(url, size - total, events=[DealEnded(deal=1, went_out="Ana",
                                                             hands={"Bruno": 10, "Carla": 20, "Dario": 30})])
            total = size
        with server(url, tmp_path) as running:
            figures[f"{size}_games"] = measure(running.url, game)
    report("growth-database", figures, capsys)


def seeded_engine_speedup() -> None:
    """Seeding 10,000 games need not wait for the disk at every commit (the server keeps its own settings)."""
    from sqlalchemy.engine import Engine

    if not getattr(seeded_engine_speedup, "done", False):
        sa_event.listen(Engine, "connect", _no_sync)
        seeded_engine_speedup.done = True  # type: ignore[attr-defined]


def _no_sync(dbapi_connection: Any, _record: Any) -> None:
    if type(dbapi_connection).__module__.startswith("sqlite3"):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA synchronous=OFF")
        cursor.close()
