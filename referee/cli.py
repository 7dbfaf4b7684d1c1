"""The ``referee`` command."""

from __future__ import annotations

import click

from referee.cli_ledger import tally_command
from referee.cli_rules import COMMANDS
from referee.cli_solve import solve_command


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """referee: score-keeper and referee for contract-rummy card games."""


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (0.0.0.0: local network).")
@click.option("--port", default=5000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--workers", default=2, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (each answers many requests at once).")
@click.option("--debug", is_flag=True,
              help="Flask's development server instead: reloads on code changes, shows tracebacks. Never in public.")
def serve(host: str, port: int, workers: int, debug: bool) -> None:
    """Serve the referee web app (gunicorn; the development server with --debug)."""
    if debug:
        from referee import create_app

        create_app().run(host=host, port=port, debug=True, use_reloader=True, threaded=True)
        return
    from referee.server import Server

    Server({"bind": f"{host}:{port}", "workers": workers}).run()


for _command in COMMANDS:  # the rules engine's commands: variants, check, meld, points
    main.add_command(_command)
main.add_command(tally_command)
main.add_command(solve_command)


@main.group("db")
def db_group() -> None:
    """The database's schema: ``referee db upgrade`` (the settings as for ``referee serve``)."""


@db_group.command("upgrade")
@click.pass_context
def db_upgrade(ctx: click.Context) -> None:
    """Bring the database's schema up to date (the app also does so when it starts)."""
    from referee import create_app, db

    with create_app().app_context():
        ctx.invoke(db.upgrade_command)
