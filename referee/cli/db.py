"""``referee db upgrade`` and ``referee init-db``: the database's schema, with the settings as for ``referee serve``.

Each runs the Flask command of the same name (:mod:`referee.db`, also ``flask --app referee …``) inside the app
that the environment and the instance folder configure.
"""

from __future__ import annotations

import click

__all__ = ["db_group", "init_db_command"]


def _invoke_in_app(ctx: click.Context, command: click.Command) -> None:
    # Imported here: the rules commands start without Flask or the database.
    from referee import create_app

    with create_app().app_context():
        ctx.invoke(command)


@click.group("db")
def db_group() -> None:
    """The database's schema: ``referee db upgrade`` (the settings as for ``referee serve``)."""


@db_group.command("upgrade")
@click.pass_context
def db_upgrade(ctx: click.Context) -> None:
    """Bring the database's schema up to date (the app also does so when it starts)."""
    from referee import db

    _invoke_in_app(ctx, db.upgrade_command)


@click.command("init-db")
@click.pass_context
def init_db_command(ctx: click.Context) -> None:
    """Create the database tables that do not exist yet (the same as ``db upgrade``)."""
    from referee import db

    _invoke_in_app(ctx, db.init_db_command)
