"""The ``referee tally`` command: replay a game file of any family and print its score sheet.

The file's ``format`` says its family (``referee-game/1``: contract rummy; see :mod:`referee.families`), which
replays it and writes its sheet. Exit 0: the rules allow the game; 1: they forbid it (every reason is given);
2: the file is not a readable game file, or is beyond the limits of :func:`~referee.ledger.files.read_file` (one
line on stderr, nothing on stdout), for every family alike. Nothing from the file reaches the terminal raw:
control, format and direction characters (escape codes, bidi overrides, zero-width spaces) are printed as
``\\x1b``-style escapes.
"""

from __future__ import annotations

import json
import sys
import unicodedata
from pathlib import Path
from typing import NoReturn

import click

from referee.ledger.files import MAX_FILE_BYTES, is_unreadable, read_file


def _is_shown_raw(char: str) -> bool:
    # Categories C* (controls, format characters such as bidi overrides and zero-width spaces, private use,
    # unassigned) and the line/paragraph separators can move the cursor, recolour or reorder a terminal.
    return char == "\n" or not (unicodedata.category(char).startswith("C") or unicodedata.category(char) in
                                ("Zl", "Zp"))


def terminal_safe(text: str) -> str:
    r"""``text`` with every character that could act on a terminal written as an escape.

    >>> terminal_safe("Ana\x1b[31m red\u202e")
    'Ana\\x1b[31m red\\u202e'
    """
    if all(_is_shown_raw(char) for char in text):
        return text
    return "".join(char if _is_shown_raw(char) else repr(char)[1:-1] for char in text)


def _json_safe(text: str) -> str:
    # Inside JSON strings: \uXXXX escapes keep the document valid (surrogate pairs beyond the BMP).
    def escape(char: str) -> str:
        code = ord(char)
        if code <= 0xFFFF:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

    return "".join(char if _is_shown_raw(char) else escape(char) for char in text)


@click.command("tally")
@click.argument("game_file", metavar="GAME.json", type=click.Path(path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the sheet as JSON.")
def tally_command(game_file: Path, as_json: bool) -> None:
    """Replay a game file and print the score sheet (exit 1: the rules forbid it; 2: unreadable)."""
    try:
        with game_file.open("rb") as file:
            raw = file.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        _unreadable(f"cannot read {game_file}: {error.strerror or error}")
    try:
        read = read_file(raw)
        result = read.tally()
    except ValueError as error:  # the limits' GameFileError or the family's file_error: the file is unreadable
        if is_unreadable(error):
            _unreadable(f"{game_file}: {error}")
        raise
    family = read.family
    if as_json:
        sheet = family.sheet_json(result.state, result.errors)
        click.echo(_json_safe(json.dumps(sheet, ensure_ascii=False, indent=2)))
    else:
        if result.state is not None:
            click.echo(terminal_safe(family.sheet_text(result.state)), nl=False)
        if result.errors:
            click.echo("The rules forbid this game:", err=True)
            for reason in result.errors:
                click.echo(terminal_safe(f"  {reason}"), err=True)
    sys.exit(0 if result.allowed else 1)


def _unreadable(message: str) -> NoReturn:
    click.echo(terminal_safe(" ".join(message.split())), err=True)
    sys.exit(2)
