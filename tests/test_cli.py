"""The ``referee`` command."""

from __future__ import annotations

from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask

import referee
from referee.cli import main


def test_help_lists_serve() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0, result.output
    assert "serve" in result.output


def test_serve_help_shows_host_and_port() -> None:
    result = CliRunner().invoke(main, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    assert "--host" in result.output
    assert "--port" in result.output


def test_serve_runs_the_app(app: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[dict[str, Any]] = []
    monkeypatch.setattr(referee, "create_app", lambda: app)
    monkeypatch.setattr(app, "run", lambda **options: calls.append(options))
    result = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "8123"])
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "0.0.0.0", "port": 8123, "debug": False, "use_reloader": False, "threaded": True}]


def test_serve_rejects_a_bad_port() -> None:
    result = CliRunner().invoke(main, ["serve", "--port", "99999"])
    assert result.exit_code == 2
