"""The app factory: configuration, instance folder, secret key, database, CSRF."""

from __future__ import annotations

import importlib.util
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskCliRunner
from sqlalchemy import text
from sqlalchemy.pool import StaticPool

import referee.db
from referee import ENVIRONMENT_SETTINGS, create_app, web
from referee.db import make_engine

from .conftest import make_test_app

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee", "referee.db", "referee.web")


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ENVIRONMENT_SETTINGS.values():
        monkeypatch.delenv(variable, raising=False)


def engine_of(app: Flask) -> referee.db.Engine:
    return app.extensions["referee.db"]


def test_test_config_applies(tmp_path: Path) -> None:
    app = make_test_app(tmp_path, SOMETHING="else")
    assert app.testing
    assert app.config["SOMETHING"] == "else"
    assert engine_of(app).url.database == str(tmp_path / "test.sqlite3")


def test_without_test_config_not_testing(tmp_path: Path) -> None:
    assert not create_app(instance_path=tmp_path / "instance").testing


def test_instance_config_file_applies(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    database = tmp_path / "from-file.sqlite3"
    (instance / "config.py").write_text(f"SECRET_KEY = 'from-file'\nDATABASE_URL = 'sqlite:///{database}'\n")
    app = create_app(instance_path=instance)
    assert app.config["SECRET_KEY"] == "from-file"
    assert engine_of(app).url.database == str(database)
    assert not (instance / "secret_key").exists()


def test_instance_folder_created(tmp_path: Path) -> None:
    instance = tmp_path / "deep" / "instance"
    app = make_test_app(tmp_path, DATABASE_URL="sqlite://")
    assert app.instance_path == str(tmp_path / "instance")
    create_app({"DATABASE_URL": "sqlite://"}, instance_path=instance)
    assert instance.is_dir()


def test_secret_key_generated_once_and_kept(tmp_path: Path) -> None:
    first = make_test_app(tmp_path)
    second = make_test_app(tmp_path)
    key_file = tmp_path / "instance" / "secret_key"
    assert first.config["SECRET_KEY"] == second.config["SECRET_KEY"]
    assert len(first.config["SECRET_KEY"]) == 64
    assert key_file.read_text().strip() == first.config["SECRET_KEY"]
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600


def test_secret_keys_differ_between_instances(tmp_path: Path) -> None:
    one = make_test_app(tmp_path / "one")
    two = make_test_app(tmp_path / "two")
    assert one.config["SECRET_KEY"] != two.config["SECRET_KEY"]


def test_secret_key_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_SECRET_KEY", "from-environment")
    app = make_test_app(tmp_path)
    assert app.config["SECRET_KEY"] == "from-environment"
    assert not (tmp_path / "instance" / "secret_key").exists()


def test_empty_secret_key_file_is_an_error(tmp_path: Path) -> None:
    (tmp_path / "instance").mkdir()
    (tmp_path / "instance" / "secret_key").write_text("")
    with pytest.raises(RuntimeError, match="secret_key is empty"):
        make_test_app(tmp_path)


def test_database_url_from_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    database = tmp_path / "from-environment.sqlite3"
    monkeypatch.setenv("REFEREE_DATABASE_URL", f"sqlite:///{database}")
    app = create_app(instance_path=tmp_path / "instance")
    assert engine_of(app).url.database == str(database)
    assert database.exists()
    assert not (tmp_path / "instance" / "referee.sqlite3").exists()


def test_test_config_database_url_beats_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_DATABASE_URL", f"sqlite:///{tmp_path / 'from-environment.sqlite3'}")
    app = make_test_app(tmp_path)
    assert engine_of(app).url.database == str(tmp_path / "test.sqlite3")


def test_default_database_is_sqlite_in_instance_folder_with_wal(tmp_path: Path) -> None:
    app = create_app(instance_path=tmp_path / "instance")
    database = tmp_path / "instance" / "referee.sqlite3"
    assert engine_of(app).url.database == str(database)
    assert database.exists()
    with engine_of(app).connect() as connection:
        assert connection.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert connection.execute(text("PRAGMA foreign_keys")).scalar() == 1


def test_in_memory_sqlite_shares_one_connection() -> None:
    engine = make_engine("sqlite://")
    assert isinstance(engine.pool, StaticPool)
    with engine.begin() as connection:
        connection.execute(text("CREATE TABLE t (x INTEGER)"))
        connection.execute(text("INSERT INTO t VALUES (1)"))
    with engine.connect() as connection:
        assert connection.execute(text("SELECT x FROM t")).scalar() == 1


def test_session_helper_uses_the_apps_engine(app: Flask) -> None:
    with app.app_context(), referee.db.session() as session:
        assert session.get_bind() is engine_of(app)
        assert session.exec(text("SELECT 1")).scalar() == 1  # type: ignore[call-overload]


def test_init_db_command(runner: FlaskCliRunner, app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    created = []
    monkeypatch.setattr(referee.db, "upgrade", lambda engine: created.append(engine))
    result = runner.invoke(args=["init-db"])
    assert result.exit_code == 0, result.output
    assert "Initialized the database" in result.output
    assert created == [engine_of(app)]


def test_csrf_protection_on_by_default(tmp_path: Path) -> None:
    def make(**config: object) -> Flask:
        app = make_test_app(tmp_path, **config)
        app.add_url_rule("/echo", "echo", lambda: "posted", methods=["POST"])
        return app

    app = make()
    assert app.extensions["csrf"] is web.csrf
    assert app.test_client().post("/echo").status_code == 400
    assert make(WTF_CSRF_ENABLED=False).test_client().post("/echo").status_code == 200


@pytest.mark.parametrize("module", ["referee", "referee.rules", "referee.cards", "referee.typed"])
def test_import_pulls_in_no_third_party_package(module: str) -> None:
    """The rules engine must stay importable without Flask or the database: it uses the standard library only."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} does not exist yet")
    program = (
        "import sys\n"
        "before = set(sys.modules)\n"
        f"import {module}\n"
        "new = {name.partition('.')[0] for name in set(sys.modules) - before}\n"
        "print(' '.join(sorted(new - set(sys.stdlib_module_names))))"
    )
    loaded = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    assert loaded.stdout.split() == ["referee"], loaded.stdout


def test_secret_key_file_not_world_readable_even_with_loose_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        make_test_app(tmp_path)
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "instance" / "secret_key").stat().st_mode) == 0o600
