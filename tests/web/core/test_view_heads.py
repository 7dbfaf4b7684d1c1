"""The viewer page asked again, answered from memory while the watcher vouches for the game
(:mod:`referee.web.core.view_heads`): no SQL for a 304; never a 304 for a deleted game or a replaced link; a new seq
gives the new page, at once after a save in this process and at most one watcher tick after a save in another.

Two apps on one database file stand for two server processes: only the database links them (the other's saves
are not announced to this one's watcher, which learns of them at its next tick).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlmodel import Session

from referee import db
from referee.games.rummy.ledger.events import Buy
from referee.ledger import changes, store
from referee.web.core import view_heads
from tests.conftest import make_test_app
from tests.web.screens.test_board import new_game, record
from tests.web.screens.test_live import make_live_app, statements_of

#: The watcher's tick in these tests (seconds): LIVE_WATCH_INTERVAL of tests/web/screens/test_live.py.
TICK = 0.05


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[tuple[Flask, Flask]]:
    """The viewer's server and another process saving on the same database file."""
    viewer_side = make_live_app(tmp_path)
    other = make_test_app(tmp_path)
    yield viewer_side, other
    changes.watcher_for(viewer_side.extensions["referee.db"]).stop()
    viewer_side.extensions["referee.db"].dispose()
    other.extensions["referee.db"].dispose()


def vouched(app: Flask, public_id: str) -> tuple[int, str]:
    """Wait until the app's watcher vouches for the game (it reads it at its next tick); what it says."""
    watcher = changes.watcher_for(app.extensions["referee.db"])
    deadline = time.monotonic() + 10
    while (known := watcher.current(public_id)) is None:
        assert time.monotonic() < deadline, "the watcher never vouched for the game"
        time.sleep(0.005)
    return known


def answers_after(app: Flask, url: str, etag: str, change: Callable[[], None]) -> list[tuple[float, int, str]]:
    """Make the change, then ask the page with ``etag`` again and again for four ticks, and until three requests
    began more than a tick after the change (a busy machine may hold one up): each answer's start (in seconds
    after the change committed), status and ETag."""
    client = app.test_client()
    change()
    committed = time.monotonic()
    answers: list[tuple[float, int, str]] = []
    while ((started := time.monotonic()) < committed + 4 * TICK
           or sum(1 for answer in answers if answer[0] > TICK) < 3):
        response = client.get(url, headers={"If-None-Match": etag})
        answers.append((started - committed, response.status_code, response.headers.get("ETag", "")))
    return answers


def test_a_304_from_memory_runs_no_sql(apps: tuple[Flask, Flask]) -> None:
    app, _ = apps
    game = new_game(app)
    client = app.test_client()
    url = f"/v/{game.view_token}"
    first = client.get(url)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    statements = statements_of(app.extensions["referee.db"])
    ran: list[list[str]] = []
    for _ in range(5):  # a busy machine may hold the watcher past its tick: that request reads the database
        vouched(app, game.public_id)
        statements.clear()
        again = client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304
        assert again.headers["ETag"] == etag
        ran.append(list(statements))
        if not statements:
            break
    assert ran[-1] == [], ran
    vouched(app, game.public_id)
    statements.clear()
    page = client.get(url)  # the whole page too, when it was rendered before
    assert page.get_data() == first.get_data()
    assert len(statements) <= 1  # none, unless the watcher was held past its tick just then


def test_a_save_in_this_process_gives_the_new_page_at_once(apps: tuple[Flask, Flask]) -> None:
    app, _ = apps
    game = new_game(app)
    assert game.id is not None
    client = app.test_client()
    url = f"/v/{game.view_token}"
    etag = client.get(url).headers["ETag"]
    assert vouched(app, game.public_id)[0] == 1
    record(app, game.id, Buy(deal=1, player="Bruno"))  # the store tells this process's watcher at once
    changed = client.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert 'data-testid="chips-Bruno">6<' in changed.get_data(as_text=True)


def test_a_save_in_another_process_gives_the_new_page_within_a_tick(apps: tuple[Flask, Flask]) -> None:
    app, other = apps
    game = new_game(other)
    assert game.id is not None
    client = app.test_client()
    url = f"/v/{game.view_token}"
    etag = client.get(url).headers["ETag"]
    vouched(app, game.public_id)
    answers = answers_after(app, url, etag, lambda: record(other, game.id, Buy(deal=1, player="Bruno")))
    late = [(status, tag) for started, status, tag in answers if started > TICK]
    assert late, answers
    assert all(status == 200 and tag != etag for status, tag in late), answers
    new_etag = late[-1][1]
    assert 'data-testid="chips-Bruno">6<' in client.get(url).get_data(as_text=True)
    assert vouched(app, game.public_id)[0] == 2
    assert client.get(url, headers={"If-None-Match": new_etag}).status_code == 304


def test_a_game_deleted_in_this_process_is_never_answered_from_memory(apps: tuple[Flask, Flask]) -> None:
    app, _ = apps
    game = new_game(app)
    assert game.id is not None
    client = app.test_client()
    url = f"/v/{game.view_token}"
    etag = client.get(url).headers["ETag"]
    vouched(app, game.public_id)
    with app.app_context(), db.session() as session:
        store.delete_game(session, game_id=game.id)
    gone = client.get(url, headers={"If-None-Match": etag})
    assert gone.status_code == 404
    assert "ETag" not in gone.headers


def test_a_link_replaced_in_this_process_is_never_answered_from_memory(apps: tuple[Flask, Flask]) -> None:
    app, _ = apps
    game = new_game(app)
    assert game.id is not None
    client = app.test_client()
    url = f"/v/{game.view_token}"
    etag = client.get(url).headers["ETag"]
    vouched(app, game.public_id)
    with app.app_context(), db.session() as session:
        new_view = store.rotate_view_token(session, game_id=game.id)
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 410
    assert client.get(url).status_code == 410
    assert client.get(f"/v/{new_view}").status_code == 200


@pytest.mark.parametrize("change", ["delete", "replace the players' link"])
def test_a_link_changed_in_another_process_is_never_answered_from_memory_after_a_tick(
    apps: tuple[Flask, Flask], change: str
) -> None:
    """Until the watcher's next look it cannot know; from then on the database answers (404 or 410)."""
    app, other = apps
    game = new_game(other)
    assert game.id is not None
    client = app.test_client()
    url = f"/v/{game.view_token}"
    etag = client.get(url).headers["ETag"]
    vouched(app, game.public_id)

    def make_the_change() -> None:
        assert game.id is not None
        with Session(other.extensions["referee.db"]) as session:
            if change == "delete":
                store.delete_game(session, game_id=game.id)
            else:
                store.rotate_view_token(session, game_id=game.id)

    answers = answers_after(app, url, etag, make_the_change)
    refused = 404 if change == "delete" else 410
    late = [status for started, status, _ in answers if started > TICK]
    assert late, answers
    assert set(late) == {refused}, answers
    assert all(status in (304, refused) for _, status, _ in answers), answers
    watcher = changes.watcher_for(app.extensions["referee.db"])
    assert watcher.current(game.public_id) is None or watcher.current(game.public_id) != (
        1, changes.link_mark(game.view_token))


def test_without_a_watcher_the_database_answers(tmp_path: Path) -> None:
    """An in-memory database has no watcher thread: every request reads the link's game (one light query)."""
    app = make_test_app(tmp_path, DATABASE_URL="sqlite://")
    try:
        game = new_game(app)
        client = app.test_client()
        url = f"/v/{game.view_token}"
        etag = client.get(url).headers["ETag"]
        statements = statements_of(app.extensions["referee.db"])
        for _ in range(3):
            assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
        assert len(statements) == 3
        with app.test_request_context():
            assert view_heads.watcher().current(game.public_id) is None
    finally:
        app.extensions["referee.db"].dispose()
