"""Replaced links and rematches: the digests of tokens that were replaced, and which game a rematch follows.

Revision ID: 0002_links
Revises: 0001_baseline
Create Date: 2026-11-23
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_links"
down_revision = "0001_baseline"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create ``retired_token`` (the digests of replaced links) and ``game_link`` (the game a rematch follows)."""
    op.create_table(
        "retired_token",
        sa.Column("digest", sa.String(length=64), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("role", sa.String(length=8), nullable=False),
        sa.Column("retired_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("digest"),
    )
    op.create_index("ix_retired_token_game_id", "retired_token", ["game_id"], unique=False)

    op.create_table(
        "game_link",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("previous_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["game_id"], ["game.id"]),
        sa.ForeignKeyConstraint(["previous_id"], ["game.id"]),
        sa.PrimaryKeyConstraint("game_id"),
    )
    op.create_index("ix_game_link_previous_id", "game_link", ["previous_id"], unique=False)


def downgrade() -> None:
    """Drop the two tables."""
    op.drop_table("game_link")
    op.drop_table("retired_token")
