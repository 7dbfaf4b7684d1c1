"""Schema changes go through Alembic: a database made before migrations upgrades in place, data intact.

``before-migrations.*.sql`` is the schema ``init_db`` made (SQLModel's ``create_all``) on 2026-11-23, frozen: the
data below is written with plain SQL, as that version of the app wrote it, and must read back the same after the
upgrade. Each test runs on a SQLite file and on the throwaway PostgreSQL server.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from click.testing import CliRunner
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, SQLModel

from referee import create_app
from referee.cli import main
from referee.db import head_revisions, make_engine, schema_revisions, upgrade
from referee.games.rummy.ledger.events import PlayerRenamed
from referee.ledger import store

HERE = Path(__file__).resolve().parent
TOKEN_EDIT = "e" * 43
TOKEN_VIEW = "v" * 43
#: A game of three as the app stored it then: created, one deal ended, a player renamed.
EVENTS = [
    ("game-created", '{"first_dealer":"Ana","house_rules":{},"players":["Ana","Beto","Cora"],"settings":{},'
                     '"type":"game-created","variant":"telefunken"}'),
    ("deal-ended", '{"deal":1,"hands":{"Beto":25,"Cora":"KH 3C"},"type":"deal-ended","went_out":"Ana"}'),
    ("player-renamed", '{"new":"Roberto","old":"Beto","type":"player-renamed"}'),
]


@pytest.fixture(params=["sqlite", "postgresql"])
def empty_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Engine]:
    """An engine on an empty database (the PostgreSQL one is emptied before and after)."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres_url")
    engine = make_engine(url)
    _drop_everything(engine)
    yield engine
    _drop_everything(engine)
    engine.dispose()


def _drop_everything(engine: Engine) -> None:
    with engine.begin() as connection:
        for table in ("alembic_version", "retired_token", "game_link", "game_event", "game_player", "game"):
            connection.exec_driver_sql(f"DROP TABLE IF EXISTS {table}")


def _make_old_database(engine: Engine) -> None:
    ddl = (HERE / f"before-migrations.{engine.dialect.name}.sql").read_text(encoding="utf-8")
    statements = [part.strip() for part in ddl.split(";")]
    with engine.begin() as connection:
        for statement in statements:
            lines = [line for line in statement.splitlines() if not line.startswith("--")]
            if "".join(lines).strip():
                connection.exec_driver_sql("\n".join(lines))
        connection.execute(
            text("INSERT INTO game (id, public_id, variant, title, created_at, updated_at, seq, edit_token, "
                 "view_token) VALUES (7, :public_id, 'telefunken', 'Friday', :at, :at, 3, :edit, :view)"),
            {"public_id": "a" * 32, "at": "2026-11-20 21:00:00", "edit": TOKEN_EDIT, "view": TOKEN_VIEW},
        )
        for seat, name in enumerate(("Ana", "Roberto", "Cora")):
            connection.execute(text("INSERT INTO game_player (game_id, seat, name) VALUES (7, :seat, :name)"),
                               {"seat": seat, "name": name})
        for seq, (kind, payload) in enumerate(EVENTS, start=1):
            connection.execute(
                text("INSERT INTO game_event (game_id, seq, type, payload, created_at, idempotency_key) "
                     "VALUES (7, :seq, :type, :payload, :at, :key)"),
                {"seq": seq, "type": kind, "payload": payload, "at": f"2026-11-20 21:0{seq}:00",
                 "key": f"key-{seq}"},
            )
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql("SELECT setval('game_id_seq', 7)")


def test_a_database_from_before_migrations_upgrades_in_place(empty_database: Engine) -> None:
    engine = empty_database
    _make_old_database(engine)
    with engine.connect() as connection:
        assert schema_revisions(connection) == set()

    assert upgrade(engine) is True

    with engine.connect() as connection:
        assert schema_revisions(connection) == head_revisions()
    with Session(engine) as session:
        game = store.get_game(session, public_id="a" * 32)
        assert (game.id, game.title, game.seq, game.edit_token, game.view_token) == (7, "Friday", 3,
                                                                                     TOKEN_EDIT, TOKEN_VIEW)
        state = store.load_state(session, 7)
        assert state.players == ("Ana", "Roberto", "Cora")
        assert state.sheet.totals == {"Ana": 0, "Roberto": 25, "Cora": 13}
        assert store.players_of(session, 7) == ["Ana", "Roberto", "Cora"]
    # The upgraded database takes new saves, and a retried old one is still recognised by its key.
    with Session(engine) as session:
        result = store.append(session, game_id=7, event=PlayerRenamed(old="Roberto", new="Beto"), expected_seq=3)
        assert result.seq == 4
    with Session(engine) as session:
        retried = store.append(session, game_id=7, event=PlayerRenamed(old="Beto", new="Roberto"), expected_seq=2,
                               idempotency_key="key-3")
        assert retried.replayed
        assert retried.seq == 3
    assert upgrade(engine) is False


def test_migrations_make_exactly_the_models_schema(empty_database: Engine) -> None:
    """A model change without its revision fails here: write one with ``referee db revision -m '…'``."""
    upgrade(empty_database)
    with empty_database.connect() as connection:
        differences = compare_metadata(MigrationContext.configure(connection, opts={"compare_type": True}),
                                       SQLModel.metadata)
    assert differences == []


def test_referee_db_upgrade_upgrades_the_configured_database(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'cli.sqlite3'}"
    engine = make_engine(url)
    _make_old_database(engine)
    monkeypatch.setenv("REFEREE_DATABASE_URL", url)
    monkeypatch.setenv("REFEREE_SECRET_KEY", "test-only")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert "at revision" in result.output
    with engine.connect() as connection:
        assert schema_revisions(connection) == head_revisions()
    engine.dispose()


def test_flask_db_upgrade_says_what_it_did(tmp_path: Path) -> None:
    settings = {"DATABASE_URL": f"sqlite:///{tmp_path / 'app.sqlite3'}"}
    first = create_app(settings, instance_path=tmp_path / "i")  # a new database: the start made the tables
    result = first.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Upgraded")
    first.extensions["referee.db"].dispose()
    again = create_app(settings, instance_path=tmp_path / "i")
    result = again.test_cli_runner().invoke(args=["db", "upgrade"])
    assert result.output.startswith("Already up to date")
    again.extensions["referee.db"].dispose()


UPGRADER = """
import sys
from referee.db import make_engine, upgrade
print(upgrade(make_engine(sys.argv[1])))
"""


def test_processes_starting_together_upgrade_once(empty_database: Engine) -> None:
    """Workers (or servers) starting at the same moment: one upgrades, the others wait and find it done."""
    url = empty_database.url.render_as_string(hide_password=False)
    _make_old_database(empty_database)
    empty_database.dispose()
    starters = [subprocess.Popen([sys.executable, "-c", UPGRADER, url], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True) for _ in range(3)]
    outcomes = []
    for starter in starters:
        out, err = starter.communicate(timeout=120)
        assert starter.returncode == 0, err
        outcomes.append(out.strip())
    assert sorted(outcomes) == ["False", "False", "True"]
    with empty_database.connect() as connection:
        assert schema_revisions(connection) == head_revisions()
    with Session(empty_database) as session:
        assert store.load_state(session, 7).sheet.totals == {"Ana": 0, "Roberto": 25, "Cora": 13}
