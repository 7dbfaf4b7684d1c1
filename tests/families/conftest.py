"""The minimal test family, registered for one test and taken away after it; an app and a database that know it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.engine import Engine

from referee import families
from referee.db import init_db, make_engine
from referee.families import Family
from tests.conftest import make_test_app
from tests.families.minifamily import MINI


@pytest.fixture
def mini() -> Iterator[Family]:
    """The mini family, registered after the known ones (which load first)."""
    families.load_families()
    families.register(MINI)
    yield MINI
    families.unregister(MINI.id)


@pytest.fixture
def engine(tmp_path: Path, mini: Family) -> Iterator[Engine]:
    """A SQLite database with the tables created."""
    del mini  # asked for to be registered while the database is used
    made = make_engine(f"sqlite:///{tmp_path / 'families.sqlite3'}")
    init_db(made)
    yield made
    made.dispose()


@pytest.fixture
def app(tmp_path: Path, mini: Family) -> Iterator[Flask]:
    """An app made with the mini family registered (its screens are registered when the app is made)."""
    del mini  # asked for to be registered before the app is made
    made = make_test_app(tmp_path, WTF_CSRF_ENABLED=False)
    yield made
    made.extensions["referee.db"].dispose()
