"""Fixtures shared by every test: an app on a temporary instance folder and database, and its clients."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from collections.abc import Hashable, Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from werkzeug.routing import Rule

from referee import create_app, db
from tests.tiers import FULL


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "full: only the full run takes it (make test FULL=1; see tests/tiers.py)")
    config.addinivalue_line("markers", "quick: a browser test the quick run takes too (see tests/tiers.py)")


def _full_only(item: pytest.Item) -> bool:
    """A cell of a sweep that only the full run takes, or a browser test not marked ``quick``."""
    if item.get_closest_marker("full"):
        return True
    return "browser" in getattr(item, "fixturenames", ()) and item.get_closest_marker("quick") is None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave out what only the full run takes; pytest's summary counts it as deselected."""
    if FULL:
        return
    kept, left_out = [], []
    for item in items:
        (left_out if _full_only(item) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def _share_url_builders() -> None:
    """Every test makes its own app, and werkzeug writes and compiles Python code to build each URL rule's address for
    each app: half the making of an app. That code follows from the rule's parts, its defaults and its converters'
    kinds alone (the rule itself is passed to it at each call), so the apps of one test process share it. Where
    werkzeug's rules no longer have that method, nothing is shared."""
    original = getattr(Rule, "_compile_builder", None)
    if original is None:
        return
    built: dict[Hashable, Any] = {}

    def compile_builder(rule: Rule, append_unknown: bool = True) -> Any:
        try:
            converters = tuple(sorted((name, type(each)) for name, each in rule._converters.items()))
            key = (tuple(rule._trace), tuple(sorted((rule.defaults or {}).items())), converters, append_unknown)
            hash(key)
        except (AttributeError, TypeError):
            return original(rule, append_unknown)
        if key not in built:
            built[key] = original(rule, append_unknown)
        return built[key]

    setattr(Rule, "_compile_builder", compile_builder)  # noqa: B010 (a method of a library class, replaced)


_share_url_builders()


@functools.cache
def _migrated_database() -> Path:
    """A SQLite database this process migrated once (made on first use): a test's new database starts as a copy."""
    folder = tempfile.mkdtemp(prefix="referee-schema-")
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    template = Path(folder) / "schema.sqlite3"
    engine = db.make_engine(f"sqlite:///{template}")
    db.upgrade(engine)
    engine.dispose()
    return template


def make_test_app(root: Path, **config: object) -> Flask:
    """Make an app whose instance folder and SQLite file live under ``root``.

    The SQLite file starts as a copy of an empty database already at the newest schema (the app's start finds
    nothing to migrate: the migrations themselves are tested in tests/ledger/test_migrations.py). CSRF protection
    stays on unless a test passes WTF_CSRF_ENABLED=False.
    """
    database = root / "test.sqlite3"
    settings: dict[str, object] = {"TESTING": True, "DATABASE_URL": f"sqlite:///{database}"}
    settings.update(config)
    if settings["DATABASE_URL"] == f"sqlite:///{database}" and not database.exists():
        root.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(_migrated_database(), database)
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
def english(app: Flask) -> Iterator[None]:
    """A request in English around the test: for what words itself in the page's language outside a page."""
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        yield


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    return app.test_cli_runner()
