"""The ``referee`` command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask
from sqlalchemy import inspect

import referee
import referee.db
from referee import server
from referee.cli import main
from referee.cli.db import db_group, init_db_command
from referee.cli.serve import serve_command
from referee.db import head_revisions, make_engine, schema_revisions

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.cli.db", "referee.cli.serve")


def test_help_lists_serve() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0, result.output
    assert "serve" in result.output


def test_serve_help_shows_host_and_port() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    assert "--host" in result.output
    assert "--port" in result.output


def test_serve_debug_runs_the_development_server(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(referee, "create_app", lambda: app)
    monkeypatch.setattr(app, "run", lambda **options: calls.append(options))
    result = CliRunner().invoke(main, ["serve", "--debug", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "0.0.0.0", "port": 8123, "debug": True, "use_reloader": True, "threaded": True}]


def test_serve_without_debug_runs_gunicorn(monkeypatch: pytest.MonkeyPatch) -> None:
    """The settings reach gunicorn (tests/test_server.py starts the real server)."""
    seen: list[dict[str, Any]] = []
    monkeypatch.setattr(server.Server, "run", lambda self: seen.append(
        {key: self.cfg.settings[key].get() for key in ("bind", "workers", "worker_class", "worker_connections")}))
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8123", "--workers", "3"])
    assert result.exit_code == 0, result.output
    assert seen == [{"bind": ["0.0.0.0:8123"], "workers": 3, "worker_class": "referee.worker.Worker",
                     "worker_connections": 8000}]


def test_serve_rejects_a_bad_port() -> None:
    assert main.commands["serve"] is serve_command
    result = CliRunner().invoke(serve_command, ["--port", "99999"])
    assert result.exit_code == 2
    assert "99999 is not in the range 0<=x<=65535" in result.output


def test_init_db_makes_the_schema_in_a_fresh_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'fresh.sqlite3'}"
    monkeypatch.setenv("REFEREE_DATABASE_URL", url)
    monkeypatch.setenv("REFEREE_SECRET_KEY", "test-only")
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["init-db"])
    assert result.exit_code == 0, result.output
    assert result.output == f"Initialized the database at {url}.\n"
    engine = make_engine(url)
    with engine.connect() as connection:
        assert schema_revisions(connection) == head_revisions()
        assert {"game", "game_player", "game_event", "game_link", "retired_token"} <= set(
            inspect(connection).get_table_names())
    engine.dispose()


def test_the_schema_commands_say_what_the_flask_commands_say() -> None:
    """``referee init-db`` and ``referee db upgrade`` run the Flask commands; their help is the same."""
    assert main.commands["db"] is db_group
    assert main.commands["init-db"] is init_db_command
    assert init_db_command.help == referee.db.init_db_command.help
    assert db_group.commands["upgrade"].help == referee.db.upgrade_command.help
