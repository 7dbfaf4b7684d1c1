"""The one place that makes the database engine, and the session helpers that views use."""

from __future__ import annotations

from typing import Any

import click
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, SQLModel, create_engine

EXTENSION_KEY = "referee.db"


def make_engine(url: str) -> Engine:
    """Make the engine for a database URL; SQLite gets WAL mode and enforced foreign keys."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    options: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
    if _is_in_memory(parsed.database, parsed.query):
        # One shared connection, or every new connection would see a new, empty database.
        options["poolclass"] = StaticPool
    engine = create_engine(url, **options)
    event.listen(engine, "connect", _set_sqlite_pragmas)
    return engine


def _is_in_memory(database: str | None, query: Any) -> bool:
    return not database or database == ":memory:" or query.get("mode") == "memory"


def _set_sqlite_pragmas(dbapi_connection: Any, _connection_record: Any) -> None:
    # WAL lets the viewers' reads go on while the scorekeeper writes.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def init_app(app: Flask) -> None:
    """Make the app's engine, create missing tables and add the ``init-db`` command."""
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions[EXTENSION_KEY] = engine
    init_db(engine)
    app.cli.add_command(init_db_command)


def get_engine() -> Engine:
    """Return the current app's engine."""
    engine: Engine = current_app.extensions[EXTENSION_KEY]
    return engine


def session() -> Session:
    """Open a session on the current app's database; use it as ``with db.session() as s:``."""
    return Session(get_engine())


def init_db(engine: Engine | None = None) -> None:
    """Create every registered table that does not exist yet (existing data is kept)."""
    # Tables register with SQLModel.metadata when their module is imported: import referee.ledger.store here.
    import referee.ledger.store  # noqa: F401
    SQLModel.metadata.create_all(engine if engine is not None else get_engine())


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database tables that do not exist yet."""
    init_db()
    click.echo(f"Initialized the database at {get_engine().url.render_as_string(hide_password=True)}.")
