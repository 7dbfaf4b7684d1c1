"""The PostgreSQL fixture's decision (tests/pg.py): skip when the server cannot start, fail when CI=true.

The start really fails here: ``REFEREE_PG_BIN`` points at an ``initdb`` that exits 1. The run's own server
(started or not) is left alone: the module's memory of it is swapped for an empty one during each test.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import pg

BROKEN_INITDB = "#!/bin/sh\necho 'initdb: this initdb is broken on purpose' >&2\nexit 1\n"


@pytest.fixture
def broken_server(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """A PostgreSQL whose initdb fails; the reasons the fixture gives for skipping are returned.

    The scripts' folder is one the ``postgres`` user can enter (the fixture runs them as that user under root),
    which pytest's tmp_path is not.
    """
    folder = Path(tempfile.mkdtemp(prefix="referee-broken-pg-"))
    folder.chmod(0o755)
    for name, text in (("initdb", BROKEN_INITDB), ("pg_ctl", "#!/bin/sh\nexit 0\n")):
        (folder / name).write_text(text)
        (folder / name).chmod(0o755)
    monkeypatch.setenv("REFEREE_PG_BIN", str(folder))
    monkeypatch.setattr(pg, "_STARTED", {})
    skipped: list[str] = []
    monkeypatch.setattr(pg, "_SKIPPED", skipped)
    yield skipped
    shutil.rmtree(folder)


def test_a_server_that_cannot_start_skips_outside_ci(pytestconfig: pytest.Config, broken_server: list[str]) -> None:
    for environ in ({}, {"CI": "false"}, {"CI": ""}):
        with pytest.raises(pytest.skip.Exception) as skipped:
            pg.url_or_skip(pytestconfig, environ)
        assert str(skipped.value).startswith("PostgreSQL tests skipped: ")
        assert "this initdb is broken on purpose" in str(skipped.value)
    # The reason is kept for the run's summary, the same one each time (the start is tried once).
    assert len(broken_server) == 3
    assert len(set(broken_server)) == 1
    assert "reason" in pg._STARTED
    assert "url" not in pg._STARTED


@pytest.mark.parametrize("ci", ["true", "TRUE", "True"])
def test_a_server_that_cannot_start_fails_in_ci(pytestconfig: pytest.Config, broken_server: list[str],
                                                ci: str) -> None:
    with pytest.raises(pytest.fail.Exception) as failed:
        pg.url_or_skip(pytestconfig, {"CI": ci})
    assert str(failed.value).startswith("PostgreSQL could not start, and CI=true requires it: ")
    assert "this initdb is broken on purpose" in str(failed.value)
    assert broken_server == []  # a failure, not a skip: the summary's skip line is not written
    # A second PostgreSQL test in the same run fails too, without trying to start the server again.
    with pytest.raises(pytest.fail.Exception):
        pg.url_or_skip(pytestconfig, {"CI": ci})


def test_a_named_database_is_used_without_starting_a_server(pytestconfig: pytest.Config,
                                                            broken_server: list[str]) -> None:
    url = "postgresql+psycopg://someone@db.example/referee"
    assert pg.url_or_skip(pytestconfig, {"REFEREE_TEST_POSTGRES_URL": url, "CI": "true"}) == url
    assert pg._STARTED == {}
    assert broken_server == []
