"""The one place that makes the database engine, and the session helpers that views use."""

from __future__ import annotations

from typing import Any

import click
from alembic import command
from alembic.config import Config as AlembicConfig
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from flask import Flask, current_app
from flask.cli import with_appcontext
from sqlalchemy import event, inspect
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool
from sqlmodel import Session, create_engine

EXTENSION_KEY = "referee.db"
#: Whether the app's start upgraded the schema (``db upgrade`` reports it).
UPGRADED_KEY = "referee.db.upgraded"


#: How long, in seconds, a SQLite writer waits for another's write to finish before it gives up.
SQLITE_BUSY_TIMEOUT = 30.0


def make_engine(url: str) -> Engine:
    """Make the engine for a database URL; SQLite gets WAL mode, enforced foreign keys and writers that wait.

    On a SQLite file every transaction is begun by SQLAlchemy itself (the driver's own implicit transactions are
    off), and a transaction opened with the store's write option (``store.WRITE_TRANSACTION``) begins with
    ``BEGIN IMMEDIATE``: it takes the write lock first, waiting up to :data:`SQLITE_BUSY_TIMEOUT` for it.
    A transaction that read first and wrote later would instead be refused at once ("database is locked")
    whenever another process wrote in between, whatever the timeout.
    """
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True)
    options: dict[str, Any] = {"connect_args": {"check_same_thread": False, "timeout": SQLITE_BUSY_TIMEOUT}}
    in_memory = _is_in_memory(parsed.database, parsed.query)
    if in_memory:
        # One shared connection, or every new connection would see a new, empty database.
        options["poolclass"] = StaticPool
    engine = create_engine(url, **options)
    event.listen(engine, "connect", _set_sqlite_pragmas)
    if not in_memory:
        # In memory there is one process and one connection shared by every session: nothing to wait for.
        event.listen(engine, "connect", _driver_autocommit)
        event.listen(engine, "begin", _begin)
    return engine


def _is_in_memory(database: str | None, query: Any) -> bool:
    return not database or database == ":memory:" or query.get("mode") == "memory"


def _set_sqlite_pragmas(dbapi_connection: Any, _connection_record: Any) -> None:
    # WAL lets the viewers' reads go on while the scorekeeper writes.
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def _driver_autocommit(dbapi_connection: Any, _connection_record: Any) -> None:
    # The driver must not begin transactions of its own: _begin does, as a reader's or a writer's.
    dbapi_connection.isolation_level = None


def _begin(connection: Connection) -> None:
    from referee.ledger.store import WRITE_TRANSACTION

    writes = connection.get_execution_options().get(WRITE_TRANSACTION, False)
    connection.exec_driver_sql("BEGIN IMMEDIATE" if writes else "BEGIN")


def init_app(app: Flask) -> None:
    """Make the app's engine, bring its schema up to date and add the ``db`` and ``init-db`` commands."""
    engine = make_engine(app.config["DATABASE_URL"])
    app.extensions[EXTENSION_KEY] = engine
    app.extensions[UPGRADED_KEY] = upgrade(engine)
    app.cli.add_command(db_command)
    app.cli.add_command(init_db_command)


def get_engine() -> Engine:
    """Return the current app's engine."""
    engine: Engine = current_app.extensions[EXTENSION_KEY]
    return engine


def session() -> Session:
    """Open a session on the current app's database; use it as ``with db.session() as s:``."""
    return Session(get_engine())


def init_db(engine: Engine | None = None) -> None:
    """Bring the database's schema up to date (an empty database gets every table; existing data is kept)."""
    upgrade(engine if engine is not None else get_engine())


# ---- migrations ---------------------------------------------------------------------------------------------

#: Where the Alembic revisions live (shipped inside the package).
MIGRATIONS = "referee:migrations"
#: The first revision: the schema as it was before migrations existed. A database made then (its tables are
#: there, Alembic's version table is not) is recorded as at this revision, then upgraded like any other.
BASELINE = "0001_baseline"
#: The PostgreSQL advisory lock that lets one process at a time upgrade (any other waits, then finds it done).
_UPGRADE_LOCK = 0x72656665726565


def alembic_config(connection: Connection | None = None) -> AlembicConfig:
    """Alembic's configuration for our revisions, running on ``connection``."""
    config = AlembicConfig()
    config.set_main_option("script_location", MIGRATIONS)
    if connection is not None:
        config.attributes["connection"] = connection
    return config


def head_revisions() -> set[str]:
    """The newest revision(s) the package ships."""
    return set(ScriptDirectory.from_config(alembic_config()).get_heads())


def schema_revisions(connection: Connection) -> set[str]:
    """The revision(s) the database is at (empty: never migrated)."""
    return set(MigrationContext.configure(connection).get_current_heads())


def upgrade(engine: Engine) -> bool:
    """Bring the schema to the newest revision; return whether anything had to be done.

    A database already up to date costs one read. Otherwise the upgrade runs in one transaction that first
    takes the database's write lock (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: an advisory lock), so processes
    starting together upgrade once: the others wait, then find nothing left to do.
    """
    heads = head_revisions()
    with engine.connect() as connection:
        if schema_revisions(connection) == heads:
            return False
    from referee.ledger.store import WRITE_TRANSACTION

    with engine.connect() as connection:
        connection.execution_options(**{WRITE_TRANSACTION: True})
        with connection.begin():
            if connection.dialect.name == "postgresql":
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({_UPGRADE_LOCK})")
            current = schema_revisions(connection)
            if current == heads:
                return False
            config = alembic_config(connection)
            if not current and inspect(connection).has_table("game"):
                command.stamp(config, BASELINE)
            command.upgrade(config, "head")
    return True


@click.group("db")
def db_command() -> None:
    """The database's schema (Alembic migrations)."""


@db_command.command("upgrade")
@with_appcontext
def upgrade_command() -> None:
    """Bring the database's schema up to date (the app also does so when it starts)."""
    engine = get_engine()
    changed = upgrade(engine) or bool(current_app.extensions.get(UPGRADED_KEY))
    with engine.connect() as connection:
        revisions = ", ".join(sorted(schema_revisions(connection)))
    where = engine.url.render_as_string(hide_password=True)
    click.echo(f"{'Upgraded' if changed else 'Already up to date:'} {where} at revision {revisions}.")


@db_command.command("revision")
@click.option("-m", "--message", required=True, help="What the revision changes, in a few words.")
@with_appcontext
def revision_command(message: str) -> None:
    """Write a new revision from the difference between the models and the (up-to-date) database."""
    with get_engine().connect() as connection:
        command.revision(alembic_config(connection), message=message, autogenerate=True)


@click.command("init-db")
@with_appcontext
def init_db_command() -> None:
    """Create the database tables that do not exist yet (the same as ``db upgrade``)."""
    init_db()
    click.echo(f"Initialized the database at {get_engine().url.render_as_string(hide_password=True)}.")
