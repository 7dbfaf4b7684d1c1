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
@click.option("--debug", is_flag=True, help="Reload on code changes and show tracebacks in the browser.")
def serve(host: str, port: int, debug: bool) -> None:
    """Serve the referee web app."""
    from referee import create_app

    app = create_app()
    app.run(host=host, port=port, debug=debug, use_reloader=debug, threaded=True)


for _command in COMMANDS:  # the rules engine's commands: variants, check, meld, points
    main.add_command(_command)
main.add_command(tally_command)
main.add_command(solve_command)
