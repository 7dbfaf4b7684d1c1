"""The ``referee tally`` command: replay a referee-game/1 file and print its score sheet.

Exit 0: the rules allow the game; 1: they forbid it (every reason is given); 2: the file is not a readable
referee-game/1 file (one line on stderr, nothing on stdout).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import NoReturn

import click

from referee.ledger.exchange import GameFileError, sheet_json, sheet_text, tally


@click.command("tally")
@click.argument("game_file", metavar="GAME.json", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
def tally_command(game_file: Path, as_json: bool) -> None:
    """Replay a referee-game/1 file and print the score sheet (exit 1: the rules forbid it; 2: unreadable)."""
    try:
        text = game_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        _unreadable(f"cannot read {game_file}: {error}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        _unreadable(f"{game_file} is not JSON: {error}")
    try:
        result = tally(data)
    except GameFileError as error:
        _unreadable(f"{game_file}: {error}")
    if as_json:
        click.echo(json.dumps(sheet_json(result.state, result.errors), ensure_ascii=False, indent=2))
    else:
        if result.state is not None:
            click.echo(sheet_text(result.state), nl=False)
        if result.errors:
            click.echo("The rules forbid this game:", err=True)
            for reason in result.errors:
                click.echo(f"  {reason}", err=True)
    sys.exit(0 if result.allowed else 1)


def _unreadable(message: str) -> NoReturn:
    click.echo(" ".join(message.split()), err=True)
    sys.exit(2)
