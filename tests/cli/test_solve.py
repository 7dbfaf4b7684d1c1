"""``referee solve VARIANT DEAL HAND [--json] [--players N]``: output, JSON and exit statuses."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from referee.cli import main
from referee.rules.cards import full_deck
from referee.rules.contracts import check_contract


def run(*args: str) -> Result:
    return CliRunner().invoke(main, ["solve", *args])


def test_solve_is_listed() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "solve" in result.output


def test_the_contract_is_there() -> None:
    result = run("telefunken", "2", "7H 7S JK 9C 9D 9H 4C")
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    assert lines[0] == "Telefunken (Venezuela), deal 2 (2 tríos): the contract is there"
    assert "  trío: set of 7s with one joker: 7♠ 7♥ JK" in lines
    assert "  trío: set of 9s: 9♥ 9♦ 9♣" in lines
    assert lines[-1] == "  left: 4♣"


def test_a_go_out_deal_shows_every_meld_and_the_discard() -> None:
    result = run("telefunken", "7", "4H 4S 4D 3C 4C 5C 6C 7C 8C 9C KD KS KH QC")
    assert result.exit_code == 0, result.output
    assert "the whole hand goes down in one turn" in result.stdout.splitlines()[0]
    assert "  further meld: set of kings: K♠ K♥ K♦" in result.stdout
    assert result.stdout.splitlines()[-1] == "  discard: Q♣"


def test_the_contract_is_not_there() -> None:
    result = run("telefunken", "2", "7H 7S 9C 9D 4C")
    assert result.exit_code == 1
    assert result.stderr == ""
    assert result.stdout.splitlines() == [
        "Telefunken (Venezuela), deal 2 (2 tríos): the contract is not there",
        "  left: 4♣ 7♠ 7♥ 9♦ 9♣",
        "  - the trío needs one more 9 or a joker",
        "  - the trío needs one more 7 or a joker",
    ]


def test_how_close_lists_the_partial_arrangement() -> None:
    result = run("shanghai", "5", "7S 7D 7H 9S 9D 9C 3H 4H 8C")
    assert result.exit_code == 1
    assert "closest arrangement:" in result.stdout
    assert "  - the run of 4 needs" in result.stdout


def test_json_when_possible() -> None:
    result = run("telefunken", "7", "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert set(payload) == {"possible", "melds", "left", "missing"}
    assert payload["possible"] is True
    assert payload["left"] == []
    assert payload["missing"] == []
    assert payload["melds"][0] == {"kind": "set", "cards": ["4S", "4H", "4D"], "wilds": {}}
    assert payload["melds"][1] == {
        "kind": "run",
        "cards": ["3C", "4C", "JK", "6C", "7C", "8C", "9C", "10C"],
        "wilds": {"2": "5C"},
    }
    # the melds are a contract check accepts
    assert check_contract("telefunken", 7, [" ".join(m["cards"]) for m in payload["melds"]]).valid


def test_json_same_meld_shape_as_check() -> None:
    solved = json.loads(run("telefunken", "3", "QH QS QD JK 5C", "--json").stdout)
    checked = json.loads(CliRunner().invoke(main, ["check", "telefunken", "3", "QH QS QD JK", "--json"]).stdout)
    assert solved["melds"] == checked["melds"]
    assert solved["melds"][0]["wilds"] == {"3": "Q"}


def test_json_when_not_possible() -> None:
    result = run("telefunken", "2", "7H 7S 9C 9D 4C", "--json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload == {
        "possible": False,
        "melds": [],
        "left": ["4C", "7S", "7H", "9D", "9C"],
        "missing": ["the trío needs one more 9 or a joker", "the trío needs one more 7 or a joker"],
    }


def test_players_sets_the_decks() -> None:
    assert run("farmers-rummy", "1", "9S 9S 9S").exit_code == 0  # 4 decks for 6 to 8 players
    result = run("farmers-rummy", "1", "9S 9S 9S", "--players", "4")
    assert result.exit_code == 2
    assert result.stdout == ""


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("nope", "1", "7H 7S 7D"), id="unknown variant"),
        pytest.param(("telefunken", "9", "7H 7S 7D"), id="deal out of range"),
        pytest.param(("telefunken", "one", "7H 7S 7D"), id="deal not a number"),
        pytest.param(("telefunken", "1", "7H 7X 7D"), id="bad card"),
        pytest.param(("telefunken", "1", ""), id="no cards"),
        pytest.param(("telefunken", "1", " ".join(str(c) for c in full_deck()[:32])), id="32 cards"),
        pytest.param(("telefunken", "1", "7H 7H 7H"), id="three 7H"),
        pytest.param(("telefunken", "1"), id="no hand"),
        pytest.param(("telefunken", "1", "7H 7S 7D", "--players", "9"), id="9 players"),
    ],
)
def test_bad_input_is_one_line_on_stderr(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stderr.startswith("referee: error: ")
