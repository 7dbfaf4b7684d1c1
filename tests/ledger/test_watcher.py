"""The watcher's own rules (referee/ledger/watcher.py): what it keeps of a link, what it knows of a game's seq and
link, and when a waiting viewer is woken. Mostly with an in-memory database, where the store's announcements are
all there is (no thread); one test has the SQLite thread read a file. tests/ledger/test_changes.py has saves
reach the viewers of other processes and of PostgreSQL."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from referee.db import init_db, make_engine
from referee.ledger.watcher import CHANNEL, GONE, Watcher, link_mark, link_payload, notify_sql


@pytest.fixture
def memory() -> Iterator[Engine]:
    made = make_engine("sqlite://")
    yield made
    made.dispose()


def test_a_link_is_kept_as_a_digest_of_its_token() -> None:
    # SHA-256 of "abc" is ba7816bf 8f01cfea 414140de ... (FIPS 180-2's first example): its first 16 hex digits
    assert link_mark("abc") == "ba7816bf8f01cfea"
    assert link_mark("abd") != link_mark("abc")
    assert "abc" not in link_mark("abc")


def test_the_notifications_say_the_game_and_its_news() -> None:
    assert link_payload("Gx7", link_mark("abc")) == "Gx7 link ba7816bf8f01cfea"
    assert notify_sql() == f"SELECT pg_notify('{CHANNEL}', :payload)"
    assert CHANNEL == "referee_game_changed"


def test_a_link_opens_the_game_until_another_is_known(memory: Engine) -> None:
    watcher = Watcher(memory)
    assert watcher.opens("g1", "any mark")  # nothing known of the game: the viewer's own read decides
    watcher.observe_link("g1", "first")
    assert watcher.opens("g1", "first")
    assert not watcher.opens("g1", "second")
    watcher.observe_link("g1", GONE)
    assert not watcher.opens("g1", "first")
    assert watcher.opens("g2", "first")


#: (seq known, seq the viewer saw, what its wait returns at once; None: it waits out its timeout).
KNOWN = [(5, 4, 5), (5, 6, 5), (5, 5, None), (None, 3, None)]


@pytest.mark.parametrize(("known", "seen", "returned"), KNOWN)
def test_a_wait_returns_at_once_when_the_known_seq_differs(memory: Engine, known: int | None, seen: int,
                                                           returned: int | None) -> None:
    watcher = Watcher(memory)
    if known is not None:
        watcher.observe("g1", known)
    started = time.monotonic()
    assert watcher.wait("g1", seen, timeout=0.1) == returned
    took = time.monotonic() - started
    assert took < 0.05 if returned is not None else took >= 0.1
    assert watcher.waiting() == 0


def test_an_older_seq_is_no_news(memory: Engine) -> None:
    watcher = Watcher(memory)
    watcher.observe("g1", 7)
    watcher.observe("g1", 3)  # a viewer's own read older than the watcher's
    assert watcher.wait("g1", 3, timeout=0) == 7


def wait_in_thread(watcher: Watcher, seen: int, **options: object) -> tuple[threading.Thread, list[int | None]]:
    """A viewer waiting on g1 from its own thread; its answer lands in the list."""
    answers: list[int | None] = []
    thread = threading.Thread(target=lambda: answers.append(watcher.wait("g1", seen, 5.0, **options)))  # type: ignore[arg-type]
    thread.start()
    deadline = time.monotonic() + 5
    while watcher.waiting() == 0 and time.monotonic() < deadline:
        time.sleep(0.005)
    assert watcher.waiting() == 1
    return thread, answers


def test_a_save_wakes_the_games_waiting_viewer(memory: Engine) -> None:
    watcher = Watcher(memory)
    thread, answers = wait_in_thread(watcher, 2)
    watcher.observe("g1", 3)
    thread.join(5)
    assert answers == [3]


def test_a_save_known_without_waking_wakes_at_its_next_observation(memory: Engine) -> None:
    watcher = Watcher(memory)
    thread, answers = wait_in_thread(watcher, 2)
    watcher.observe("g1", 3, wake=False)
    thread.join(0.2)
    assert thread.is_alive()  # known, not yet told: the save's response is not out
    assert answers == []
    watcher.observe("g1", 3)
    thread.join(5)
    assert answers == [3]


def test_a_replaced_link_wakes_the_viewers_of_the_old_one_with_the_seq_they_saw(memory: Engine) -> None:
    watcher = Watcher(memory)
    thread, answers = wait_in_thread(watcher, 2, link=link_mark("old"))
    watcher.observe_link("g1", link_mark("new"))
    thread.join(5)
    assert answers == [2]
    assert not watcher.opens("g1", link_mark("old"))


def test_stopping_wakes_every_viewer_and_lets_none_wait(memory: Engine) -> None:
    watcher = Watcher(memory)
    thread, answers = wait_in_thread(watcher, 2)
    watcher.stop_waiting()
    thread.join(5)
    assert answers == [None]
    assert watcher.stopping
    started = time.monotonic()
    assert watcher.wait("g1", 2, timeout=5) is None
    assert time.monotonic() - started < 1


def test_the_sqlite_thread_tells_a_deleted_games_viewers(tmp_path: Path) -> None:
    """A game with no row (deleted) is read as :data:`GONE`: its viewers are woken at the next tick."""
    engine = make_engine(f"sqlite:///{tmp_path / 'watched.sqlite3'}")
    init_db(engine)
    watcher = Watcher(engine, interval=0.02)
    try:
        started = time.monotonic()
        assert watcher.wait("nowhere", 4, timeout=5, link=link_mark("token")) == 4
        assert time.monotonic() - started < 2
        assert not watcher.opens("nowhere", link_mark("token"))
        assert watcher.queries >= 1
    finally:
        watcher.stop()
        engine.dispose()
