"""Database fixtures for the ledger: SQLite files, and the throwaway PostgreSQL server (:mod:`tests.pg`) when one
can be started.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.engine import Engine

from referee.db import init_db, make_engine
from tests.pg import postgres_url, pytest_terminal_summary

__all__ = ["engine", "postgres_url", "pytest_terminal_summary"]


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine with the tables created: a SQLite file, then the throwaway PostgreSQL server."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'ledger.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    made = make_engine(url)
    init_db(made)
    yield made
    made.dispose()
