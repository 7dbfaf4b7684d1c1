"""``referee tally GAME.json [--json]`` (referee/cli/tally.py): its exit statuses (0 allowed, 1 forbidden,
2 unreadable), what goes to stdout and to stderr, and nothing from the file reaching the terminal raw.
The sheets themselves are the families' (tests/games/)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from referee.cli import main
from referee.cli.tally import tally_command, terminal_safe
from referee.ledger.files import MAX_FILE_BYTES

GAMES = Path(__file__).resolve().parent.parent / "games"


def tally(*args: str | Path) -> Result:
    return CliRunner().invoke(tally_command, [str(arg) for arg in args])


def test_tally_is_the_referee_commands() -> None:
    assert main.commands["tally"] is tally_command


def test_an_allowed_game_prints_its_sheet_and_exits_0() -> None:
    result = tally(GAMES / "telefunken.json")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "Telefunken (Venezuela): 4 players, finished"
    assert result.stderr == ""


def test_the_json_sheet_is_json_with_the_players_in_their_order() -> None:
    result = tally("--json", GAMES / "telefunken.json")
    assert result.exit_code == 0, result.output
    sheet = json.loads(result.stdout)
    assert [player["name"] for player in sheet["players"]] == ["Ana", "Beto", "Caro", "Dani"]
    assert sheet["errors"] == []


def test_a_forbidden_game_gives_every_reason_on_stderr_and_exits_1() -> None:
    result = tally(GAMES / "forbidden-players.json")  # two players called Ana; the first dealer Zoe is not one
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        "The rules forbid this game:",
        "  players: two players are called ana: give them different names",
        "  players: the first dealer Zoe is not one of the players",
    ]


def test_a_forbidden_game_in_json_lists_the_reasons_and_exits_1() -> None:
    result = tally("--json", GAMES / "forbidden-players.json")
    assert result.exit_code == 1
    assert len(json.loads(result.stdout)["errors"]) == 2


def unreadable_files(folder: Path) -> dict[str, tuple[Path, str]]:
    """Files ``referee tally`` cannot read, each with the start of what it says about them."""
    files = {"not json": ("{", "the file is not JSON"), "no known format": ('{"format": "x"}', "not a referee-game/1"),
             "too big": (" " * (MAX_FILE_BYTES + 1), "the file is larger than 1 MB")}
    found = {"missing": (folder / "missing.json", "cannot read")}
    for name, (text, said) in files.items():
        path = folder / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        found[name] = (path, said)
    return found


@pytest.mark.parametrize("name", ["missing", "not json", "no known format", "too big"])
@pytest.mark.parametrize("as_json", [False, True])
def test_an_unreadable_file_is_one_line_on_stderr_and_exit_2(tmp_path: Path, name: str, as_json: bool) -> None:
    path, said = unreadable_files(tmp_path)[name]
    result = tally(*(["--json"] if as_json else []), path)
    assert result.exit_code == 2
    assert result.stdout == ""
    assert len(result.stderr.splitlines()) == 1
    assert said in result.stderr
    assert str(path) in result.stderr


#: (text from a file, as the terminal is shown it): what could move the cursor, recolour or reorder is escaped.
SHOWN = [
    ("Ana", "Ana"),
    ("Zoë نازنین 太郎", "Zoë نازنین 太郎"),
    ("two\nlines", "two\nlines"),
    ("\x1b[31mred", "\\x1b[31mred"),
    ("tab\there", "tab\\there"),
    ("Ana\u202e", "Ana\\u202e"),  # right-to-left override
    ("zero\u200bwidth", "zero\\u200bwidth"),
    ("line\u2028separator", "line\\u2028separator"),
    ("private\ue000", "private\\ue000"),
]


@pytest.mark.parametrize(("text", "shown"), SHOWN)
def test_what_could_act_on_a_terminal_is_shown_escaped(text: str, shown: str) -> None:
    assert terminal_safe(text) == shown


def forbidden_with_dealer(tmp_path: Path, dealer: str) -> Path:
    data = json.loads((GAMES / "telefunken.json").read_text(encoding="utf-8"))
    data["first_dealer"] = dealer
    path = tmp_path / "dealer.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_name_from_the_file_reaches_the_terminal_escaped(tmp_path: Path) -> None:
    result = tally(forbidden_with_dealer(tmp_path, "Zoe\x1b[31m\u202e"))
    assert result.exit_code == 1
    assert "  players: the first dealer Zoe\\x1b[31m\\u202e is not one of the players" in result.stderr.splitlines()
    assert "\x1b" not in result.stderr
    assert "\u202e" not in result.stderr


def test_the_json_sheet_escapes_them_and_still_reads_back_the_same(tmp_path: Path) -> None:
    dealer = "Zoe\x1b[31m\u202e\U000e0001"  # U+E0001 (a tag) is written as the pair \udb40\udc01
    result = tally("--json", forbidden_with_dealer(tmp_path, dealer))
    assert result.exit_code == 1
    assert "\\u001b[31m\\u202e\\udb40\\udc01" in result.stdout
    assert not any(char in result.stdout for char in "\x1b\u202e\U000e0001")
    assert json.loads(result.stdout)["errors"] == [f"players: the first dealer {dealer} is not one of the players"]
