"""The viewer when its server stops (a restart, a new version) and when the phone leaves the page."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, Request, expect

from referee import create_app
from referee.games.rummy.ledger.events import Buy
from referee.ledger import changes

from .conftest import LiveServer, serving
from .test_viewer import new_game, record


@pytest.fixture
def stopping_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A server of its own (the shared one must keep serving): its watcher is told to stop in the test."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path / 'referee.sqlite3'}"},
                     instance_path=tmp_path / "instance")
    try:
        with serving(app, "stopping_server") as server:
            yield server
    finally:
        changes.watcher_for(app.extensions["referee.db"]).stop()


def test_a_stopping_server_sends_the_viewer_reconnecting_and_it_catches_up(
    page: Page, stopping_server: LiveServer
) -> None:
    game_id, token = new_game(stopping_server)
    page.goto(f"{stopping_server.url}/v/{token}")
    status = page.get_by_test_id("live-status")
    expect(status).to_have_text("Live")
    watcher = changes.watcher_for(stopping_server.app.extensions["referee.db"])
    watcher.stop_waiting()  # what SIGTERM does in each worker of the production server
    expect(status).to_have_attribute("data-state", "reconnecting", timeout=5000)
    expect(status).to_have_text("Reconnecting…")
    # A save made meanwhile reaches the page when it reconnects (the stream sends the board it missed).
    record(stopping_server, game_id, Buy(deal=1, player="Ana"))
    expect(page.get_by_test_id("chips-Ana")).to_have_text("6", timeout=20000)


def test_leaving_the_viewer_asks_the_server_nothing(page: Page, live_server: LiveServer) -> None:
    """The stream aborted by leaving the page is no failure: no HEAD of the page asks whether the game is gone."""
    _, token = new_game(live_server)
    page.goto(f"/v/{token}")
    expect(page.get_by_test_id("live-status")).to_have_text("Live")
    sent: list[Request] = []
    page.context.on("request", lambda request: sent.append(request))
    page.goto("/")
    expect(page.locator("body")).to_be_visible()
    page.wait_for_timeout(1000)  # a question about the left page would have gone out by now
    assert [(r.method, r.url) for r in sent if r.method == "HEAD" or f"/v/{token}" in r.url] == []
