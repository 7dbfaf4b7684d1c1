"""The ``referee`` command: one click group, a module per part.

- :mod:`referee.cli.rules`: ``variants``, ``check``, ``meld``, ``points`` (the rules engine's questions)
- :mod:`referee.cli.solve`: ``solve`` (does a hand hold the deal's contract)
- :mod:`referee.cli.tally`: ``tally`` (replay a referee-game/1 file)
- :mod:`referee.cli.serve`: ``serve`` (the web app)
- :mod:`referee.cli.db`: ``db upgrade`` and ``init-db`` (the database's schema)
"""

from __future__ import annotations

import click

from referee.cli.db import db_group, init_db_command
from referee.cli.rules import COMMANDS as RULES_COMMANDS
from referee.cli.serve import serve_command
from referee.cli.solve import solve_command
from referee.cli.tally import tally_command

__all__ = ["main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
def main() -> None:
    """referee: score-keeper and referee for table card games: contract rummy and the Persian games."""


for _command in (*RULES_COMMANDS, solve_command, tally_command, serve_command, db_group, init_db_command):
    main.add_command(_command)
