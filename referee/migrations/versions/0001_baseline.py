"""Baseline: the schema as it was before migrations (games, their players and their event logs).

A database made before migrations existed already has exactly these tables: ``referee.db.upgrade`` records it
as at this revision without running it.

Revision ID: 0001_baseline
Revises:
Create Date: 2026-11-23
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001_baseline"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the ``game`` table and its players' and events' tables."""
    op.create_table(
        "game",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("public_id", sa.String(length=32), nullable=False),
        sa.Column("variant", sa.String(length=64), nullable=False),
        sa.Column("title", sa.String(length=200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("edit_token", sa.String(length=64), nullable=False),
        sa.Column("view_token", sa.String(length=64), nullable=False),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_game_edit_token", "game", ["edit_token"], unique=False)
    op.create_index("ix_game_public_id", "game", ["public_id"], unique=True)
    op.create_index("ix_game_view_token", "game", ["view_token"], unique=False)

    _create_game_rows(
        "game_event",
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(length=32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("idempotency_key", sa.String(length=200), nullable=True),
        unique_in_game=("idempotency_key", "seq"),
    )

    _create_game_rows(
        "game_player",
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        unique_in_game=("seat",),
    )


def _create_game_rows(name: str, *columns: sa.Column[Any], unique_in_game: tuple[str, ...]) -> None:
    """Create a table of rows that belong to one game: its own ``id``, then ``game_id`` (indexed), then ``columns``.

    Each name in ``unique_in_game`` is a column whose value is unique within a game (a unique constraint on
    ``game_id`` and that column).
    """
    op.create_table(
        name,
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        *columns,
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("id"),
        *(sa.UniqueConstraint("game_id", column) for column in unique_in_game),
    )
    op.create_index(f"ix_{name}_game_id", name, ["game_id"], unique=False)


def downgrade() -> None:
    """Drop the three tables, the ones that point at ``game`` first."""
    op.drop_table("game_player")
    op.drop_table("game_event")
    op.drop_table("game")
