"""Live updates and the rendered-once viewer, through the test client.

Server-sent events from ``/v/<token>/live``; waiting viewers never read the database (statements are counted);
a change made by another process (another app on the same database file) reaches them; a browser that missed a
change gets it on reconnecting; the viewer page is rendered once per (seq, language, "this is me") and answers
``If-None-Match`` with 304; a save and the page after it replay no log.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import event
from sqlalchemy.engine import Engine

from referee.games.rummy.ledger.events import Buy, DealCorrected, ExactCut, PlayerRenamed, Undone
from referee.ledger import cache, changes
from referee.web.screens import board
from tests.conftest import make_test_app
from tests.games.rummy.web.table.test_table import Table
from tests.games.rummy.web.table.test_table import new_game as new_table
from tests.web.screens.test_board import ended, new_game, record

LIVE = {"LIVE_HEARTBEAT": 0.2, "LIVE_STREAM_LIFETIME": 20, "LIVE_WATCH_INTERVAL": 0.05}

Event = dict[str, str]


def make_live_app(root: Path, **config: Any) -> Flask:
    return make_test_app(root, **{**LIVE, **config})


@pytest.fixture
def live_app(tmp_path: Path) -> Iterator[Flask]:
    app = make_live_app(tmp_path)
    yield app
    changes.watcher_for(app.extensions["referee.db"]).stop()
    app.extensions["referee.db"].dispose()


def parse(block: bytes) -> Event | None:
    """One server-sent event (None for a comment or the retry line)."""
    fields: dict[str, list[str]] = {}
    for line in block.decode().split("\n"):
        if not line or line.startswith(":"):
            continue
        name, _, value = line.partition(": ")
        fields.setdefault(name, []).append(value)
    if "event" not in fields:
        return None
    return {"event": fields["event"][0], "id": fields.get("id", [""])[0], "data": "\n".join(fields.get("data", []))}


def read_events(
    app: Flask, url: str, *, until: Callable[[list[Event]], bool], timeout: float = 20.0,
    environ_overrides: dict[str, str] | None = None, **headers: str
) -> list[Event]:
    """Open the stream and read it until ``until(events)`` holds (the events after it, which may have come in the
    same write, are left unread) or ``timeout`` seconds passed."""
    response = app.test_client().get(url, headers=headers, buffered=False, environ_overrides=environ_overrides)
    assert response.status_code == 200, response.status_code
    assert response.mimetype == "text/event-stream"
    events: list[Event] = []
    buffer = b""
    deadline = time.monotonic() + timeout
    try:
        for chunk in response.response:
            buffer += chunk
            while b"\n\n" in buffer and not until(events):
                block, buffer = buffer.split(b"\n\n", 1)
                parsed = parse(block)
                if parsed is not None:
                    events.append(parsed)
            if until(events) or time.monotonic() > deadline:
                break
    finally:
        response.close()
    return events


def boards(count: int) -> Callable[[list[Event]], bool]:
    return lambda events: sum(e["event"] == "board" for e in events) >= count


def restarted(events: list[Event]) -> bool:
    """The stream said its server is stopping (the browser reconnects in a moment)."""
    return any(e["event"] == "restart" for e in events)


def statements_of(engine: Engine) -> list[str]:
    seen: list[str] = []
    event.listen(engine, "before_cursor_execute", lambda _c, _cur, statement, *_a: seen.append(statement))
    return seen


# ---- live updates -------------------------------------------------------------------------------------


def test_a_browser_that_missed_a_change_gets_it_at_once(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    seq = record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    (first,) = read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=boards(1))
    assert first["event"] == "board"
    assert first["id"] == str(seq)
    assert "Deal 2 of 7" in first["data"]
    assert "<html" not in first["data"]  # the board alone, for swapping in
    # A reconnecting EventSource sends the last id it got: it wins over the address's seq.
    (again,) = read_events(live_app, f"/v/{game.view_token}/live?seq={seq}", until=boards(1),
                           **{"Last-Event-ID": "1"})
    assert again["id"] == str(seq)


def test_a_waiting_viewer_gets_the_next_save(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    got: list[list[Event]] = []
    waiting = threading.Thread(
        target=lambda: got.append(read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=boards(2)))
    )
    waiting.start()
    watcher = changes.watcher_for(live_app.extensions["referee.db"])
    deadline = time.monotonic() + 10
    while watcher.waiting() < 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    record(live_app, game.id, Buy(deal=1, player="Dario"))
    record(live_app, game.id, ExactCut(deal=1))
    waiting.join(30)
    assert not waiting.is_alive()
    (events,) = got
    shown = [e for e in events if e["event"] == "board"]
    assert [e["id"] for e in shown][-1] == "3"
    assert 'data-testid="chips-Dario">' in shown[-1]["data"]


def test_a_change_made_by_another_process_reaches_the_viewer(tmp_path: Path) -> None:
    """Two apps on one database file stand for two server processes: only the database links them."""
    viewer_side = make_live_app(tmp_path)
    scorekeeper_side = make_test_app(tmp_path)
    try:
        game = new_game(scorekeeper_side)
        assert game.id is not None
        got: list[list[Event]] = []
        waiting = threading.Thread(target=lambda: got.append(
            read_events(viewer_side, f"/v/{game.view_token}/live?seq=1", until=boards(1))))
        waiting.start()
        watcher = changes.watcher_for(viewer_side.extensions["referee.db"])
        deadline = time.monotonic() + 10
        while watcher.waiting() < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        record(scorekeeper_side, game.id, Buy(deal=1, player="Dario"))
        waiting.join(30)
        assert not waiting.is_alive()
        (events,) = got
        (shown,) = [e for e in events if e["event"] == "board"]
        assert shown["id"] == "2"
        assert 'data-testid="chips-Dario">6<' in shown["data"]
    finally:
        changes.watcher_for(viewer_side.extensions["referee.db"]).stop()
        viewer_side.extensions["referee.db"].dispose()
        scorekeeper_side.extensions["referee.db"].dispose()


def test_waiting_viewers_never_read_the_database(tmp_path: Path) -> None:
    """Twenty viewers wait: no statement while idle, and a save wakes them all for a handful of statements.
    (Their heartbeats, each a re-read of the game by the watcher, are further apart here than the idle time.)"""
    viewer_side = make_live_app(tmp_path, LIVE_HEARTBEAT=30)
    scorekeeper_side = make_test_app(tmp_path)
    viewers = 20
    try:
        game = new_game(scorekeeper_side)
        assert game.id is not None
        engine = viewer_side.extensions["referee.db"]
        watcher = changes.watcher_for(engine)
        statements = statements_of(engine)
        got: list[list[Event]] = []
        threads = [threading.Thread(target=lambda: got.append(
            read_events(viewer_side, f"/v/{game.view_token}/live?seq=1", until=boards(1))))
            for _ in range(viewers)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 20
        while watcher.waiting() < viewers and time.monotonic() < deadline:
            time.sleep(0.02)
        assert watcher.waiting() == viewers
        time.sleep(0.3)  # the watcher's first ticks read the newly waited-on game once
        statements.clear()
        queries = watcher.queries
        time.sleep(1.5)  # all idle: 30 of the watcher's ticks
        assert statements == []
        assert watcher.queries == queries  # nothing changed: the watcher read no table either
        record(scorekeeper_side, game.id, Buy(deal=1, player="Dario"))
        for thread in threads:
            thread.join(30)
        assert len(got) == viewers
        assert all([e["id"] for e in events if e["event"] == "board"] == ["2"] for events in got)
        # One viewer read the game and rendered; the others found the board kept. Not one read per viewer.
        assert len(statements) <= 6, statements
        assert watcher.queries - queries <= 3
    finally:
        watcher.stop()
        viewer_side.extensions["referee.db"].dispose()
        scorekeeper_side.extensions["referee.db"].dispose()


def latest(events: list[Event]) -> bool:
    """The stream said the game's latest seq (the browser shows "Live" only then)."""
    return any(e["event"] == "latest" for e in events)


def test_every_stream_says_the_latest_seq_first_and_at_every_heartbeat(live_app: Flask) -> None:
    """The browser shows "Live" only once told the seq it holds is the latest: after the board it missed, or at
    once when it missed nothing; and again at every heartbeat, so that a silent stream is known for dead."""
    game = new_game(live_app)
    assert game.id is not None
    seq = record(live_app, game.id, Buy(deal=1, player="Dario"))
    missed = read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=latest)
    assert [(e["event"], e["id"]) for e in missed] == [("board", str(seq)), ("latest", "")]
    said = json.loads(missed[-1]["data"])
    assert said["seq"] == seq
    assert said["heartbeat"] == 0.2
    assert said["worker"].startswith("/sw.js?v=")
    beats = read_events(live_app, f"/v/{game.view_token}/live?seq={seq}",
                        until=lambda events: sum(e["event"] == "latest" for e in events) >= 3)
    assert [e["event"] for e in beats] == ["latest"] * 3
    assert {json.loads(e["data"])["seq"] for e in beats} == {seq}


def test_a_change_the_watcher_missed_reaches_the_viewer_at_the_next_heartbeat(
    live_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """However a wake is lost, a waiting stream's heartbeat has the watcher read the game again: the board comes
    within a heartbeat, never only when the stream ends (its lifetime here is 20 s)."""
    game = new_game(live_app)
    assert game.id is not None
    watcher = changes.watcher_for(live_app.extensions["referee.db"])
    heard = watcher.observe
    deaf_until = [0.0]
    lost: list[int] = []

    def observe_deaf_for_a_moment(public_id: str, seq: int, *, wake: bool = True) -> None:
        if seq > 1 and time.monotonic() < deaf_until[0]:
            lost.append(seq)  # the save's own news, and the watcher's read after it, are lost
            return
        heard(public_id, seq, wake=wake)

    monkeypatch.setattr(watcher, "observe", observe_deaf_for_a_moment)
    # Another viewer of the game waits in this process all along (its browser went away unnoticed, say): the game
    # is never left without a waiter, so only the heartbeat's re-read can find what the watcher missed.
    other = threading.Thread(target=watcher.wait, args=(game.public_id, 1, 8.0))
    other.start()
    got: list[list[Event]] = []
    waiting = threading.Thread(target=lambda: got.append(
        read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=boards(1), timeout=10)))
    waiting.start()
    deadline = time.monotonic() + 10
    while watcher.waiting() < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.2)  # the watcher's first ticks read the newly waited-on game (seq 1, heard)
    started = time.monotonic()
    # Deaf through the whole save (however long a busy machine makes it) and half a second after it.
    deaf_until[0] = math.inf
    seq = record(live_app, game.id, Buy(deal=1, player="Dario"))
    deaf_until[0] = time.monotonic() + 0.5
    waiting.join(15)
    assert lost  # the save's news was indeed lost
    (events,) = got
    assert [e["id"] for e in events if e["event"] == "board"] == [str(seq)]
    assert time.monotonic() - started < 5.0  # a heartbeat (0.2 s) and its re-read (at most 1 s), not 8 or 20 s
    other.join(10)


def test_live_keeps_this_is_me(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    client = live_app.test_client()
    client.get(f"/v/{game.view_token}?me=Dario")
    record(live_app, game.id, ExactCut(deal=1))
    response = client.get(f"/v/{game.view_token}/live?seq=1", buffered=False)
    try:
        data = b""
        for chunk in response.response:
            data += chunk
            if b"event: board" in data and data.endswith(b"\n\n"):
                break
    finally:
        response.close()
    assert b'class="me" data-testid="total-Dario"' in data


def test_a_stopping_process_tells_its_viewers_to_reconnect_and_ends_their_streams(live_app: Flask) -> None:
    """The server stops or restarts (see referee.server): every waiting stream says ``restart`` and ends at once,
    and a stream opened meanwhile still gets the board it missed, then the same."""
    game = new_game(live_app)
    assert game.id is not None
    got: list[list[Event]] = []
    waiting = [threading.Thread(target=lambda: got.append(
        read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=restarted))) for _ in range(3)]
    for thread in waiting:
        thread.start()
    watcher = changes.watcher_for(live_app.extensions["referee.db"])
    deadline = time.monotonic() + 10
    while watcher.waiting() < 3 and time.monotonic() < deadline:
        time.sleep(0.02)
    assert watcher.waiting() == 3
    started = time.monotonic()
    watcher.stop_waiting()
    for thread in waiting:
        thread.join(10)
    assert time.monotonic() - started < 2.0  # not the heartbeat, nor the stream's lifetime
    assert [[e["event"] for e in events] for events in got] == [["latest", "restart"]] * 3
    seq = record(live_app, game.id, Buy(deal=1, player="Dario"))
    late = read_events(live_app, f"/v/{game.view_token}/live?seq=1", until=restarted, timeout=5)
    assert [(e["event"], e["id"]) for e in late] == [("board", str(seq)), ("latest", ""), ("restart", "")]


def test_live_says_when_the_link_stopped_working(live_app: Flask) -> None:
    game = new_game(live_app)
    assert live_app.test_client().get(f"/v/{game.view_token}/live?seq=x").status_code == 400
    assert live_app.test_client().get(f"/v/{game.view_token}/live?seq=1", buffered=False).status_code == 200
    assert live_app.test_client().get(f"/v/{game.edit_token}/live?seq=1").status_code == 404


def test_a_stream_beyond_its_addresss_cap_says_busy_at_once_and_others_still_stream(tmp_path: Path) -> None:
    """Two streams per address here: the third from that address is told ``busy`` at once (the page then
    refreshes itself instead), another address still gets its stream, and a closed stream frees its place."""
    app = make_live_app(tmp_path, LIVE_STREAMS_PER_ADDRESS=2)
    game = new_game(app)
    url = f"/v/{game.view_token}/live?seq=0"
    held = [app.test_client().get(url, buffered=False) for _ in range(2)]
    try:
        assert [r.status_code for r in held] == [200, 200]
        started = time.monotonic()
        refused = app.test_client().get(url)
        assert time.monotonic() - started < 2.0
        assert refused.status_code == 200
        assert refused.mimetype == "text/event-stream"
        assert [parse(block) for block in refused.data.split(b"\n\n") if parse(block)] == [
            {"event": "busy", "id": "", "data": ""}]
        (other,) = read_events(app, url, until=boards(1), environ_overrides={"REMOTE_ADDR": "198.51.100.9"})
        assert other["event"] == "board"
    finally:
        held.pop().close()
    (again,) = read_events(app, url, until=boards(1))  # the closed stream gave its place back
    assert again["event"] == "board"
    for response in held:
        response.close()
    changes.watcher_for(app.extensions["referee.db"]).stop()
    app.extensions["referee.db"].dispose()


# ---- the page, rendered once per change ---------------------------------------------------------------


def test_the_viewer_answers_304_while_nothing_changed(live_app: Flask) -> None:
    game = new_game(live_app)
    assert game.id is not None
    client = live_app.test_client()
    rendered = board.pages(live_app).pages
    first = client.get(f"/v/{game.view_token}")
    etag = first.headers["ETag"]
    assert first.status_code == 200
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = client.get(f"/v/{game.view_token}", headers={"If-None-Match": etag})
    assert again.status_code == 304
    assert again.get_data() == b""
    # A proxy may weaken the tag (W/"..."): If-None-Match compares weakly.
    assert client.get(f"/v/{game.view_token}", headers={"If-None-Match": f"W/{etag}"}).status_code == 304
    builds = rendered.builds
    assert client.get(f"/v/{game.view_token}").get_data() == first.get_data()
    assert rendered.builds == builds  # from memory
    record(live_app, game.id, Buy(deal=1, player="Bruno"))
    changed = client.get(f"/v/{game.view_token}", headers={"If-None-Match": etag})
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert 'data-testid="chips-Bruno">6<' in changed.get_data(as_text=True)


def test_every_kind_of_change_makes_a_new_page(live_app: Flask) -> None:
    """Save, undo, correction, rename: each is a new seq, so a new page (the old one is never served)."""
    game = new_game(live_app)
    assert game.id is not None
    client = live_app.test_client()

    def page() -> tuple[str, str]:
        response = client.get(f"/v/{game.view_token}")
        return response.headers["ETag"], response.get_data(as_text=True)

    etags = [page()[0]]
    seq = record(live_app, game.id, ended(1, "Ana", Bruno=32, Carla=25, Dario=7))
    etag, html = page()
    etags.append(etag)
    assert 'data-testid="total-points-Bruno">32<' in html
    record(live_app, game.id, DealCorrected(deal=1, went_out="Ana", hands={"Bruno": 30, "Carla": 25, "Dario": 7}))
    etag, html = page()
    etags.append(etag)
    assert 'data-testid="total-points-Bruno">30<' in html
    seq = record(live_app, game.id, PlayerRenamed(old="Bruno", new="Bea"))
    etag, html = page()
    etags.append(etag)
    assert 'data-testid="total-points-Bea">30<' in html
    record(live_app, game.id, Undone(seq=seq))
    etag, html = page()
    etags.append(etag)
    assert 'data-testid="total-points-Bruno">30<' in html
    assert "Bea" not in html.split('id="board"')[1]
    assert len(set(etags)) == len(etags)


def test_one_page_per_language_and_this_is_me(live_app: Flask) -> None:
    game = new_game(live_app)
    client = live_app.test_client()
    url = f"/v/{game.view_token}"
    english = client.get(url, headers={"Accept-Language": "en"}).headers["ETag"]
    spanish = client.get(url, headers={"Accept-Language": "es"}).headers["ETag"]
    assert english != spanish
    assert client.get(url, headers={"Accept-Language": "es"}).headers["ETag"] == spanish
    client.get(f"{url}?me=Carla")
    me = client.get(url, headers={"Accept-Language": "en"})
    assert me.headers["ETag"] != english
    assert 'class="me" data-testid="total-Carla"' in me.get_data(as_text=True)


def test_the_page_still_refreshes_itself_without_javascript(live_app: Flask) -> None:
    game = new_game(live_app)
    html = live_app.test_client().get(f"/v/{game.view_token}").get_data(as_text=True)
    assert '<noscript><meta http-equiv="refresh" content="15"></noscript>' in html
    assert f'data-live-url="/v/{game.view_token}/live"' in html


def test_a_save_and_its_redirect_replay_no_log(tmp_path: Path) -> None:
    app = make_test_app(tmp_path)
    try:
        client = app.test_client()
        table: Table = new_table(client, app)
        table.get()
        states = cache.cache_for(app.extensions["referee.db"])
        replays = states.replays
        response = table.act("/buy", player="Beto")
        assert response.status_code == 303
        assert 'data-testid="chips-Beto">6<' in table.get()
        assert states.replays == replays
        # My games: every game's state is kept, so the list folds no log either.
        others = [new_table(client, app) for _ in range(3)]
        for other in others:
            other.get()
        replays = states.replays
        assert client.get("/games").status_code == 200
        assert states.replays == replays
        # Cold (a restarted process): each game is folded once, never once per page element.
        states.clear()
        assert client.get("/games").status_code == 200
        assert states.replays - replays <= 4
    finally:
        app.extensions["referee.db"].dispose()


def test_a_save_through_the_web_wakes_the_viewer_once_its_response_is_out(tmp_path: Path) -> None:
    app = make_live_app(tmp_path)
    try:
        client = app.test_client()
        table: Table = new_table(client, app)
        view = view_token_of(client, table)
        got: list[list[Event]] = []
        waiting = threading.Thread(target=lambda: got.append(
            read_events(app, f"/v/{view}/live?seq=1", until=boards(1))))
        waiting.start()
        watcher = changes.watcher_for(app.extensions["referee.db"])
        deadline = time.monotonic() + 10
        while watcher.waiting() < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        assert table.act("/buy", player="Beto").status_code == 303
        waiting.join(30)
        (events,) = got
        assert [e["id"] for e in events if e["event"] == "board"] == ["2"]
    finally:
        changes.watcher_for(app.extensions["referee.db"]).stop()
        app.extensions["referee.db"].dispose()


def view_token_of(client: Any, table: Table) -> str:
    """The view token the share page shows."""
    import re

    html = client.get(f"/g/{table.token}/share").get_data(as_text=True)
    match = re.search(r"/v/([A-Za-z0-9_-]{16,128})", html)
    assert match, html[-2000:]
    return match.group(1)


def test_a_message_for_one_phone_is_shown_to_it_and_never_kept_for_others(live_app: Flask) -> None:
    game = new_game(live_app)
    url = f"/v/{game.view_token}"
    others = live_app.test_client()
    others.get(url)  # the page is kept
    mine = live_app.test_client()
    with mine.session_transaction() as session:
        session["_flashes"] = [("success", "Only for this phone")]
    assert "Only for this phone" in mine.get(url).get_data(as_text=True)
    assert "Only for this phone" not in others.get(url).get_data(as_text=True)
    assert "Only for this phone" not in mine.get(url).get_data(as_text=True)  # shown once
