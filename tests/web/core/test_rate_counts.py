"""Where the rate limits count (referee/web/core/rate_counts.py): the default file beside the games' SQLite file
or in the instance folder, and the SQLite storage's fixed windows, shared by every connection to the file."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from referee.web.core.rate_counts import FILE_NAME, SQLiteStorage, default_uri, uri_for


@pytest.mark.parametrize(("database_url", "expected"), [
    ("sqlite:////srv/referee/games.sqlite3", "sqlite:////srv/referee/games.ratelimits.sqlite3"),
    ("sqlite:////srv/referee/games.db", "sqlite:////srv/referee/games.ratelimits.db"),
    ("sqlite:////srv/referee/games", "sqlite:////srv/referee/games.ratelimits.sqlite3"),
    ("sqlite://", "sqlite:////srv/instance/" + FILE_NAME),
    ("sqlite:///:memory:", "sqlite:////srv/instance/" + FILE_NAME),
    ("postgresql://referee@db/referee", "sqlite:////srv/instance/" + FILE_NAME),
])
def test_the_default_file_is_beside_the_games_sqlite_file_else_in_the_instance_folder(database_url: str,
                                                                                      expected: str) -> None:
    assert default_uri(database_url, "/srv/instance") == expected


def test_a_uri_names_its_absolute_file() -> None:
    assert uri_for(Path("/srv/instance/counts.sqlite3")) == "sqlite:////srv/instance/counts.sqlite3"
    assert SQLiteStorage(uri_for("/srv/instance/counts.sqlite3")).path == "/srv/instance/counts.sqlite3"


def test_a_storage_needs_a_file() -> None:
    with pytest.raises(ValueError, match="needs a file"):
        SQLiteStorage("sqlite:///")


def test_counts_add_up_per_key_and_are_shared_by_every_storage_on_the_file(tmp_path: Path) -> None:
    uri = uri_for(tmp_path / FILE_NAME)
    one, other = SQLiteStorage(uri), SQLiteStorage(uri)  # two worker processes' storages
    assert one.check()
    assert one.incr("new-game/192.0.2.1", 60) == 1
    assert other.incr("new-game/192.0.2.1", 60) == 2
    assert one.incr("new-game/192.0.2.1", 60, amount=3) == 5
    assert other.incr("new-game/198.51.100.9", 60) == 1
    assert (one.get("new-game/192.0.2.1"), one.get("new-game/198.51.100.9"), one.get("never")) == (5, 1, 0)
    other.clear("new-game/192.0.2.1")
    assert one.get("new-game/192.0.2.1") == 0
    assert one.reset() == 1
    assert other.get("new-game/198.51.100.9") == 0


def test_a_window_that_has_passed_starts_again(tmp_path: Path) -> None:
    storage = SQLiteStorage(uri_for(tmp_path / FILE_NAME))
    before = time.time()
    storage.incr("k", 1)
    storage.incr("k", 1)
    expiry = storage.get_expiry("k")
    assert before + 1 <= expiry <= time.time() + 1
    time.sleep(1.05)
    assert storage.get("k") == 0  # the window passed
    assert storage.incr("k", 60) == 1  # a new window, of the new expiry
    assert storage.get_expiry("k") > time.time() + 50


def test_a_file_that_cannot_be_opened_fails_the_check(tmp_path: Path) -> None:
    assert not SQLiteStorage(uri_for(tmp_path / "no-such-folder" / FILE_NAME)).check()
