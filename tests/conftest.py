"""Fixtures shared by every test: an app on a temporary instance folder and database, and its clients."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from referee import create_app


def make_test_app(root: Path, **config: object) -> Flask:
    """Make an app whose instance folder and SQLite file live under ``root``.

    CSRF protection stays on unless a test passes WTF_CSRF_ENABLED=False.
    """
    settings: dict[str, object] = {"TESTING": True, "DATABASE_URL": f"sqlite:///{root / 'test.sqlite3'}"}
    settings.update(config)
    return create_app(settings, instance_path=root / "instance")


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    app = make_test_app(tmp_path)
    yield app
    app.extensions["referee.db"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()
