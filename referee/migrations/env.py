"""Alembic's environment: run the revisions on the connection ``referee.db`` hands over."""

from __future__ import annotations

from alembic import context
from sqlmodel import SQLModel

import referee.ledger.store  # noqa: F401  (registers the tables with SQLModel.metadata)

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run migrations through referee.db (referee db upgrade), which provides the connection")

# render_as_batch: SQLite alters a table by copying it, which Alembic's batch mode does for us.
context.configure(connection=connection, target_metadata=SQLModel.metadata, render_as_batch=True,
                  compare_type=True)
with context.begin_transaction():
    context.run_migrations()
