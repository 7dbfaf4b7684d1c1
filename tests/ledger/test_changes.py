"""The change watcher: a save made through one server reaches the viewers waiting on another.

On PostgreSQL two apps with their own engines stand for two server instances on one database (each has its
own watcher, state cache and rendered pages; only the database links them): the save's NOTIFY travels in its
transaction. On SQLite, two engines on one file stand for two processes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from referee.db import init_db, make_engine
from referee.games.rummy.ledger.events import Buy, DealEnded, GameCreated
from referee.games.rummy.ledger.state import EventRefused
from referee.ledger import changes, store
from tests.conftest import make_test_app
from tests.web.screens.test_live import LIVE, boards, read_events

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def new_game(engine: Engine) -> store.Game:
    with Session(engine) as session:
        game = store.create_game(session, created=GameCreated(variant="telefunken", players=PLAYERS,
                                                              first_dealer="Ana"))
        session.expunge(game)
        return game


@pytest.fixture
def second_engine(engine: Engine) -> Iterator[Engine]:
    """Another engine on the same database: another process, or another server."""
    other = make_engine(engine.url.render_as_string(hide_password=False))
    yield other
    changes.watcher_for(other).stop()
    other.dispose()


def wait_for(watcher: changes.Watcher, public_id: str, seen: int, got: list[int | None]) -> threading.Thread:
    thread = threading.Thread(target=lambda: got.append(watcher.wait(public_id, seen, timeout=20)))
    thread.start()
    deadline = time.monotonic() + 10
    while watcher.waiting() < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    return thread


def test_a_save_through_one_engine_wakes_a_viewer_of_the_other(engine: Engine, second_engine: Engine) -> None:
    game = new_game(engine)
    assert game.id is not None
    watcher = changes.watcher_for(second_engine, interval=0.05)
    watcher.start()
    got: list[int | None] = []
    waiting = wait_for(watcher, game.public_id, 1, got)
    started = time.monotonic()
    with Session(engine) as session:
        store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
    waiting.join(20)
    assert got == [2]
    assert time.monotonic() - started < 5


@pytest.mark.parametrize("change", ["delete", "replace the players' link"])
def test_a_link_change_through_one_engine_wakes_the_viewers_of_the_old_link_on_the_other(
    engine: Engine, second_engine: Engine, change: str
) -> None:
    game = new_game(engine)
    assert game.id is not None
    link = changes.link_mark(game.view_token)
    watcher = changes.watcher_for(second_engine, interval=0.05)
    watcher.start()
    got: list[int | None] = []
    thread = threading.Thread(target=lambda: got.append(watcher.wait(game.public_id, 1, timeout=20, link=link)))
    thread.start()
    deadline = time.monotonic() + 10
    while watcher.waiting() < 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    started = time.monotonic()
    with Session(engine) as session:
        if change == "delete":
            store.delete_game(session, game_id=game.id)
        else:
            new_view = store.rotate_view_token(session, game_id=game.id)
    thread.join(20)
    assert got == [1]  # woken with the seq unchanged: the link is what changed
    assert time.monotonic() - started < 5
    assert not watcher.opens(game.public_id, link)
    if change != "delete":  # a viewer of the new link waits on undisturbed
        assert watcher.opens(game.public_id, changes.link_mark(new_view))
        assert watcher.wait(game.public_id, 1, timeout=0.3, link=changes.link_mark(new_view)) is None


def test_a_refused_save_wakes_nobody(engine: Engine, second_engine: Engine) -> None:
    game = new_game(engine)
    assert game.id is not None
    watcher = changes.watcher_for(second_engine, interval=0.05)
    watcher.start()
    with Session(engine) as session, pytest.raises(EventRefused):
        store.append(session, game_id=game.id, event=DealEnded(deal=3, went_out="Ana", hands={}), expected_seq=1)
    assert watcher.wait(game.public_id, 1, timeout=0.5) is None


def test_a_watcher_of_a_file_database_checks_only_when_something_committed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'watched.sqlite3'}"
    saver, viewer = make_engine(url), make_engine(url)
    init_db(saver)
    watcher = changes.watcher_for(viewer, interval=0.02)
    try:
        game = new_game(saver)
        assert game.id is not None
        got: list[int | None] = []
        waiting = wait_for(watcher, game.public_id, 1, got)
        time.sleep(0.2)
        idle = watcher.queries
        time.sleep(0.5)  # 25 ticks, nothing committed: no table read
        assert watcher.queries == idle
        with Session(saver) as session:
            store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
        waiting.join(20)
        assert got == [2]
    finally:
        watcher.stop()
        saver.dispose()
        viewer.dispose()


def test_two_servers_on_postgresql_a_viewer_of_one_sees_a_save_through_the_other(
    postgres_url: str, tmp_path: Path
) -> None:
    """Two apps on the throwaway PostgreSQL server: the viewer's stream on one, the save through the other."""
    viewer_side = make_test_app(tmp_path / "viewer", DATABASE_URL=postgres_url, **LIVE)
    scorekeeper_side = make_test_app(tmp_path / "scorekeeper", DATABASE_URL=postgres_url)
    try:
        game = new_game(scorekeeper_side.extensions["referee.db"])
        assert game.id is not None
        got: list[list[dict[str, str]]] = []
        waiting = threading.Thread(target=lambda: got.append(
            read_events(viewer_side, f"/v/{game.view_token}/live?seq=1", until=boards(1))))
        waiting.start()
        watcher = changes.watcher_for(viewer_side.extensions["referee.db"])
        deadline = time.monotonic() + 10
        while watcher.waiting() < 1 and time.monotonic() < deadline:
            time.sleep(0.02)
        saved = time.monotonic()
        with Session(scorekeeper_side.extensions["referee.db"]) as session:
            store.append(session, game_id=game.id, event=Buy(deal=1, player="Dario"), expected_seq=1)
        waiting.join(30)
        assert not waiting.is_alive()
        arrived = time.monotonic() - saved
        (events,) = got
        (shown,) = [e for e in events if e["event"] == "board"]
        assert shown["id"] == "2"
        assert 'data-testid="chips-Dario">6<' in shown["data"]
        assert arrived < 5, arrived
    finally:
        changes.watcher_for(viewer_side.extensions["referee.db"]).stop()
        viewer_side.extensions["referee.db"].dispose()
        scorekeeper_side.extensions["referee.db"].dispose()


def test_held_announcements_wake_nobody_until_released_but_are_known_at_once(tmp_path: Path) -> None:
    """A save's announcement, held while its response is made: the viewers already waiting are woken only once it
    is released, but the save is known at once (a page this process serves meanwhile shows it)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'held.sqlite3'}")
    watcher = changes.watcher_for(engine)
    try:
        changes.announce(engine, "a-game", 4)
        got: list[int | None] = []
        waiting = wait_for(watcher, "a-game", 4, got)
        held = changes.hold()
        changes.announce(engine, "a-game", 5)
        waiting.join(0.2)
        assert waiting.is_alive()  # held: the save's response is not out yet
        assert got == []
        assert watcher.wait("a-game", 4, timeout=0.05) == 5  # known: whoever asks now is told at once
        changes.release(held)
        waiting.join(5)
        assert got == [5]
        changes.announce(engine, "a-game", 6)  # no longer held: at once
        assert watcher.wait("a-game", 5, timeout=0.05) == 6
    finally:
        watcher.stop()
        engine.dispose()


def test_stop_waiting_wakes_every_waiting_viewer_at_once_and_lets_none_wait_again(tmp_path: Path) -> None:
    """A stopping process (see referee.server) must not wait for its viewers' heartbeats."""
    engine = make_engine(f"sqlite:///{tmp_path / 'stopping.sqlite3'}")
    init_db(engine)
    watcher = changes.watcher_for(engine, interval=0.02)
    try:
        got: list[int | None] = []
        threads = [threading.Thread(target=lambda game=game: got.append(watcher.wait(game, 1, timeout=20)))
                   for game in ("game-a", "game-a", "game-b")]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 10
        while watcher.waiting() < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert watcher.waiting() == 3
        assert not watcher.stopping
        started = time.monotonic()
        watcher.stop_waiting()
        for thread in threads:
            thread.join(5)
        assert got == [None, None, None]
        assert time.monotonic() - started < 1.0
        assert watcher.stopping
        assert watcher.waiting() == 0
        started = time.monotonic()
        assert watcher.wait("game-c", 1, timeout=20) is None  # nobody waits from now on
        assert time.monotonic() - started < 1.0
        changes.announce(engine, "game-c", 2)  # what is known is still answered
        assert watcher.wait("game-c", 1, timeout=20) == 2
    finally:
        watcher.stop()
        engine.dispose()


def test_stop_waiting_stops_every_watcher_of_the_process_and_those_made_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # This process's own watchers (other tests') are left alone: the function sees only the ones made here.
    monkeypatch.setattr(changes, "_watchers", type(changes._watchers)())
    monkeypatch.setattr(changes, "_process_stopping", False)
    first, later = (make_engine(f"sqlite:///{tmp_path / name}") for name in ("first.sqlite3", "later.sqlite3"))
    try:
        watcher = changes.watcher_for(first)
        changes.stop_waiting()
        changes.stop_waiting()  # again: harmless
        assert watcher.stopping
        assert changes.watcher_for(later).stopping
        assert changes.watcher_for(later).wait("a-game", 1, timeout=20) is None
    finally:
        for engine in (first, later):
            changes.watcher_for(engine).stop()
            engine.dispose()


# ---- vouching for a followed game (what a viewer page asked again is answered from) ---------------------------


def vouched(watcher: changes.Watcher, public_id: str) -> tuple[int, str]:
    deadline = time.monotonic() + 10
    while (known := watcher.current(public_id)) is None:
        assert time.monotonic() < deadline, "the watcher never vouched for the game"
        time.sleep(0.005)
    return known


Said = list[tuple[float, tuple[int, str] | None]]


def said_after(watcher: changes.Watcher, public_id: str, committed: float) -> Said:
    """What the watcher says of the game, asked again and again for four ticks after ``committed`` and until it
    was asked three times more than a tick after it: each answer with when it was asked (seconds after)."""
    said: Said = []
    while ((asked := time.monotonic()) < committed + 4 * watcher.interval
           or sum(1 for answer in said if answer[0] > watcher.interval) < 3):
        said.append((asked - committed, watcher.current(public_id)))
        time.sleep(0.001)
    return said


def test_a_followed_game_is_vouched_for_once_read_and_a_save_through_the_other_engine_within_a_tick(
    engine: Engine, second_engine: Engine
) -> None:
    game = new_game(engine)
    assert game.id is not None
    watcher = changes.watcher_for(second_engine, interval=0.05)
    assert watcher.current(game.public_id) is None  # not followed: the watcher knows nothing of it
    assert watcher.follow(game.public_id)
    assert vouched(watcher, game.public_id) == (1, changes.link_mark(game.view_token))
    with Session(engine) as session:
        store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
    said = said_after(watcher, game.public_id, time.monotonic())
    late = [known for asked, known in said if asked > watcher.interval]
    assert late, said
    assert all(known is None or known[0] == 2 for known in late), said
    assert vouched(watcher, game.public_id)[0] == 2


def change_the_link(engine: Engine, game: store.Game, change: str) -> str:
    """Delete the game or replace its players' link, through ``engine``: the watcher's mark for it now."""
    assert game.id is not None
    with Session(engine) as session:
        if change == "delete":
            store.delete_game(session, game_id=game.id)
            return changes.GONE
        return changes.link_mark(store.rotate_view_token(session, game_id=game.id))


@pytest.mark.parametrize("change", ["delete", "replace the players' link"])
def test_a_followed_games_link_change_through_the_other_engine_is_vouched_for_within_a_tick(
    engine: Engine, second_engine: Engine, change: str
) -> None:
    game = new_game(engine)
    assert game.id is not None
    old = changes.link_mark(game.view_token)
    watcher = changes.watcher_for(second_engine, interval=0.05)
    watcher.follow(game.public_id)
    assert vouched(watcher, game.public_id) == (1, old)
    mark = change_the_link(engine, game, change)
    said = said_after(watcher, game.public_id, time.monotonic())
    late = [known for asked, known in said if asked > watcher.interval]
    assert late, said
    assert all(known is None or known[1] == mark for known in late), said
    assert vouched(watcher, game.public_id) == (1, mark)


@pytest.mark.parametrize("change", ["delete", "replace the players' link"])
def test_a_link_change_in_this_process_ends_the_vouching_at_once_though_announcements_are_held(
    engine: Engine, change: str
) -> None:
    """A replaced link or a deleted game, committed in this process during a request (whose save announcements
    are held until its response is out): the watcher never again vouches for the old link, from the moment the
    store returns; then it vouches for the new one."""
    game = new_game(engine)
    assert game.id is not None
    old = changes.link_mark(game.view_token)
    watcher = changes.watcher_for(engine, interval=0.05)
    watcher.follow(game.public_id)
    assert vouched(watcher, game.public_id) == (1, old)
    held = changes.hold()
    try:
        mark = change_the_link(engine, game, change)
        said = said_after(watcher, game.public_id, time.monotonic())
    finally:
        changes.release(held)
    assert said[0][1] is None or said[0][1][1] == mark, said
    assert all(known is None or known[1] == mark for _, known in said), said
    assert vouched(watcher, game.public_id) == (1, mark)


def test_a_look_that_read_the_game_before_this_process_replaced_its_link_vouches_for_nothing(
    tmp_path: Path,
) -> None:
    """The watcher's look reads the game, this process replaces the link and says so, then the look completes
    with what it read before: the watcher must not vouch for the old link on that read's word."""
    engine = make_engine(f"sqlite:///{tmp_path / 'race.sqlite3'}")
    init_db(engine)
    watcher = changes.watcher_for(engine, interval=0.05)
    try:
        game = new_game(engine)
        old = changes.link_mark(game.view_token)
        watcher.follow(game.public_id)
        assert vouched(watcher, game.public_id) == (1, old)
        watcher.stop()  # from here the looks are the test's own
        began = time.monotonic()
        watched = watcher._watched()  # a look begins: what is watched, then the read (the old link)
        changes.announce_link(engine, game.public_id, "the-new-link")  # the replacement commits meanwhile
        watcher._observe_rows([game.public_id], [(game.public_id, 1, game.view_token)], watched)
        watcher._looked(began)
        assert watcher.current(game.public_id) is None
        # The next look, begun after the replacement, reads the new link and vouches for it.
        began = time.monotonic()
        watched = watcher._watched()
        watcher._observe_rows([game.public_id], [(game.public_id, 1, "the-new-token")], watched)
        watcher._looked(began)
        assert watcher.current(game.public_id) == (1, changes.link_mark("the-new-token"))
    finally:
        watcher.stop()
        engine.dispose()


def test_a_link_said_by_a_viewers_own_read_is_not_vouched_for_until_the_watcher_reads_it(tmp_path: Path) -> None:
    """A live stream tells the watcher the link it read itself, which may be older than the watcher's: the watcher
    vouches again only once it has read the game."""
    url = f"sqlite:///{tmp_path / 'links.sqlite3'}"
    saver, viewer = make_engine(url), make_engine(url)
    init_db(saver)
    watcher = changes.watcher_for(viewer, interval=0.02)
    try:
        game = new_game(saver)
        watcher.follow(game.public_id)
        mark = changes.link_mark(game.view_token)
        assert vouched(watcher, game.public_id) == (1, mark)
        watcher.observe_link(game.public_id, "an-older-link")
        assert watcher.current(game.public_id) is None
        assert vouched(watcher, game.public_id) == (1, mark)  # read again at the next tick: the database's
    finally:
        watcher.stop()
        saver.dispose()
        viewer.dispose()


def test_a_following_ends_after_its_time_and_then_nothing_is_vouched_for(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'following.sqlite3'}"
    saver, viewer = make_engine(url), make_engine(url)
    init_db(saver)
    watcher = changes.watcher_for(viewer, interval=0.02)
    try:
        game = new_game(saver)
        watcher.follow(game.public_id, seconds=0.3)
        vouched(watcher, game.public_id)
        assert watcher.watching() == 1
        deadline = time.monotonic() + 10
        while watcher.watching():
            assert time.monotonic() < deadline, "the following never ended"
            time.sleep(0.01)
        assert watcher.current(game.public_id) is None
        queries = watcher.queries
        assert game.id is not None
        with Session(saver) as session:  # the game is not read any more, even when something committed
            store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
        time.sleep(0.2)  # ten ticks
        assert watcher.queries == queries
        assert watcher.current(game.public_id) is None
    finally:
        watcher.stop()
        saver.dispose()
        viewer.dispose()


def test_a_stopped_watcher_vouches_for_nothing_after_a_tick(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'stopped.sqlite3'}"
    saver, viewer = make_engine(url), make_engine(url)
    init_db(saver)
    watcher = changes.watcher_for(viewer, interval=0.02)
    try:
        game = new_game(saver)
        watcher.follow(game.public_id)
        vouched(watcher, game.public_id)
        watcher.stop()  # no look any more (its last one began before this): what it knew grows old
        time.sleep(watcher.interval * 1.5)  # the time under test: one tick
        assert watcher.current(game.public_id) is None
    finally:
        watcher.stop()
        saver.dispose()
        viewer.dispose()


class HeldUpWatcher(changes.Watcher):
    """A watcher whose thread is stuck between two looks once ``held`` is set, until ``released`` (a gevent worker
    too busy to give it a turn): nothing wakes it, so only a page's own look can read the database."""

    held = False

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.released = threading.Event()

    def _pause(self) -> float:
        if self.held:
            self.released.wait(30.0)
            return 0.0
        return super()._pause()


def test_a_page_that_finds_the_watchers_look_a_tick_old_looks_itself(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'held-up.sqlite3'}"
    saver, viewer = make_engine(url), make_engine(url)
    init_db(saver)
    watcher = HeldUpWatcher(viewer, interval=0.05)
    try:
        game = new_game(saver)
        assert game.id is not None
        watcher.follow(game.public_id)
        mark = changes.link_mark(game.view_token)
        assert vouched(watcher, game.public_id) == (1, mark)
        watcher.held = True
        time.sleep(watcher.interval * 2)  # its last short pause ends, it looks once more, then is stuck
        with Session(saver) as session:
            store.append(session, game_id=game.id, event=Buy(deal=1, player="Bruno"), expected_seq=1)
        time.sleep(watcher.interval * 1.5)  # what it knows is now older than a tick
        queries = watcher.queries
        began = time.monotonic()
        assert watcher.current(game.public_id) == (2, mark)  # the page's own look read the save
        assert time.monotonic() - began < 5.0  # not the thread's: it is stuck for 30 s
        assert watcher.queries == queries + 1
        watcher.released.set()
        watcher.stop()
        time.sleep(watcher.interval * 1.5)
        assert watcher.current(game.public_id) is None  # a stopped watcher is asked for nothing
    finally:
        watcher.released.set()
        watcher.stop()
        saver.dispose()
        viewer.dispose()
