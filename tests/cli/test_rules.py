"""The engine's commands: ``referee variants``, ``check``, ``meld`` and ``points`` (human, JSON, exit codes)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from referee.cli import main
from referee.rules.catalogue import VARIANTS


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


# --------------------------------------------------------------------------------------------------
# variants
# --------------------------------------------------------------------------------------------------


#: The Persian games as the rule book lists them (docs/table-games.md), with the players each seats.
PERSIAN = [("hokm", "Hokm, 4 players"), ("shelem", "Shelem, 4 players"), ("shelem-two", "Shelem for two, 2 players"),
           ("qahve", "Qahve, 4 players"), ("bi-del", "Hearts (Bi-del), 3 or 4 players"), ("rim", "Rim, 2 players"),
           ("shaytan", "Old Maid (Shaytan), 3 to 12 players"), ("bluff", "Bluff, 3 to 12 players")]


def test_variants_lists_every_variant() -> None:
    result = run("variants")
    assert result.exit_code == 0, result.output
    rummy, persian = result.stdout.split("\n\n")
    lines = rummy.splitlines()
    assert lines[0] == "Contract rummy"
    assert len(lines[1:]) == len(VARIANTS) == 13
    assert lines[1].split()[0] == "telefunken"
    assert lines[1].endswith("Telefunken (Venezuela), 7 deals")
    lines = persian.splitlines()
    assert lines[0] == "Persian card games"
    assert [(line.split()[0], line.split(maxsplit=1)[1]) for line in lines[1:]] == PERSIAN


def test_variants_json() -> None:
    result = run("variants", "--json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert [r["id"] for r in rows] == [*VARIANTS, *(game for game, _ in PERSIAN)]
    assert {"id": "progressive-rummy", "family": "rummy", "name": VARIANTS["progressive-rummy"].name,
            "deals": 15} in rows
    assert all(set(r) == {"id", "family", "name", "deals"} for r in rows[:len(VARIANTS)])
    assert {"id": "bi-del", "family": "persian", "name": "Hearts (Bi-del)", "players": [3, 4]} in rows
    assert all(set(r) == {"id", "family", "name", "players"} for r in rows[len(VARIANTS):])


# --------------------------------------------------------------------------------------------------
# points
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "cards", "points"),
    [
        pytest.param("telefunken-bolivia", "2H 9S 10D KC AS JK", 76, id="bolivia 2H 9S 10D KC AS JK"),
        pytest.param("telefunken", "", 0, id="telefunken empty hand"),
        pytest.param("telefunken", "K 7 JK", 32, id="telefunken K 7 JK (bare ranks)"),
        pytest.param("telefunken-ecuador", "2C 10H AS JK", 80, id="ecuador 2C 10H AS JK"),
        pytest.param("progressive-rummy", "2C 10H AS", 40, id="progressive 2C 10H AS"),
    ],
)
def test_points(variant: str, cards: str, points: int) -> None:
    result = run("points", variant, cards)
    assert result.exit_code == 0, result.output
    assert result.stdout == f"{points}\n"
    assert result.stderr == ""


def test_points_json() -> None:
    result = run("points", "telefunken-bolivia", "2H 9S 10D KC AS JK", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"points": 76, "cards": ["2H", "9S", "10D", "KC", "AS", "JK"]}


def test_points_json_empty_hand() -> None:
    result = run("points", "telefunken", "", "--json")
    assert json.loads(result.stdout) == {"points": 0, "cards": []}


# --------------------------------------------------------------------------------------------------
# meld
# --------------------------------------------------------------------------------------------------


def test_meld_valid_run() -> None:
    result = run("meld", "telefunken", "9C 3C JK 4C 6C 7C 8C")
    assert result.exit_code == 0, result.output
    assert result.stdout == "run 3♣–9♣, joker as 5♣: 3♣ 4♣ JK 6♣ 7♣ 8♣ 9♣\n"


def test_meld_valid_set() -> None:
    result = run("meld", "telefunken", "7H 7S 7D")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("set of 7s: ")


def test_meld_invalid_lists_every_reason() -> None:
    result = run("meld", "telefunken", "7H JK 8S JK")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0].startswith("not a valid meld in Telefunken")
    assert len(lines) >= 3  # two jokers, and mixed ranks
    assert all(line.startswith("  - ") for line in lines[1:])


def test_meld_json_valid() -> None:
    result = run("meld", "telefunken", "9C 3C JK 4C 6C 7C 8C", "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "valid": True,
        "melds": [{"kind": "run", "cards": ["3C", "4C", "JK", "6C", "7C", "8C", "9C"], "wilds": {"2": "5C"}}],
        "errors": [],
    }


def test_meld_json_set_wild_is_a_rank() -> None:
    result = run("meld", "telefunken", "7H JK 7S", "--json")
    payload = json.loads(result.stdout)
    assert payload["valid"] is True
    (meld,) = payload["melds"]
    assert meld["kind"] == "set"
    assert meld["wilds"] == {str(meld["cards"].index("JK")): "7"}


def test_meld_json_invalid() -> None:
    result = run("meld", "telefunken", "7H JK 7S JK", "--json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["valid"] is False
    assert payload["melds"] == []
    assert payload["errors"]
    assert all(isinstance(e, str) for e in payload["errors"])


def test_meld_colour_run_prints_kind_run() -> None:
    result = run("meld", "telefunken-peru-carrillo", "AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["melds"][0]["kind"] == "run"


# --------------------------------------------------------------------------------------------------
# check
# --------------------------------------------------------------------------------------------------


def test_check_valid_contract() -> None:
    result = run("check", "telefunken", "7", "4H 4S 4D", "3C 4C JK 6C 7C 8C 9C")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Telefunken")
    assert "deal 7" in lines[0]
    assert lines[0].endswith(": valid")
    assert lines[1] == "  set of 4s: 4♠ 4♥ 4♦"
    assert lines[2] == "  run 3♣–9♣, joker as 5♣: 3♣ 4♣ JK 6♣ 7♣ 8♣ 9♣"


def test_check_valid_contract_json() -> None:
    result = run("check", "telefunken", "7", "4H 4S 4D", "3C 4C JK 6C 7C 8C 9C", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    assert payload["valid"] is True
    assert payload["errors"] == []
    assert payload["melds"][1] == {
        "kind": "run",
        "cards": ["3C", "4C", "JK", "6C", "7C", "8C", "9C"],
        "wilds": {"2": "5C"},
    }
    assert payload["melds"][0]["kind"] == "set"
    assert sorted(payload["melds"][0]["cards"]) == ["4D", "4H", "4S"]


def test_check_joker_in_the_pure_trio() -> None:
    result = run("check", "telefunken", "1", "7H 7S JK")
    assert result.exit_code == 1
    assert "not valid" in result.stdout.splitlines()[0]
    assert any(line.startswith("  - ") for line in result.stdout.splitlines())
    assert result.stderr == ""


def test_check_joker_in_the_pure_trio_json() -> None:
    result = run("check", "telefunken", "1", "7H 7S JK", "--json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["valid"] is False
    assert payload["errors"]
    assert len(payload["melds"]) == 1


def test_check_unreadable_meld_keeps_its_cards_with_kind_null() -> None:
    result = run("check", "telefunken", "2", "7H 7S 7D", "8H 9S KD", "--json")
    assert result.exit_code == 1
    payload = json.loads(result.stdout)
    assert payload["melds"][1] == {"kind": None, "cards": ["8H", "9S", "KD"], "wilds": {}}


def test_check_wrong_number_of_melds() -> None:
    result = run("check", "telefunken", "2", "7H 7S 7D")
    assert result.exit_code == 1
    assert result.stdout.count("\n") >= 2


def test_check_with_players() -> None:
    result = run("check", "telefunken-bolivia", "2", "7H 7S 7D", "9C 9C 9C", "--players", "6")
    assert result.exit_code == 0, result.output


# --------------------------------------------------------------------------------------------------
# bad input: exit 2, one line on stderr, nothing on stdout
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        pytest.param(("check", "no-such-game", "1", "7H 7S 7D"), id="check unknown variant"),
        pytest.param(("meld", "no-such-game", "7H 7S 7D"), id="meld unknown variant"),
        pytest.param(("points", "no-such-game", "7H"), id="points unknown variant"),
        pytest.param(("check", "telefunken", "0", "7H 7S 7D"), id="deal 0"),
        pytest.param(("check", "telefunken", "99", "7H 7S 7D"), id="deal 99"),
        pytest.param(("check", "telefunken", "seven", "7H 7S 7D"), id="deal not a number"),
        pytest.param(("meld", "telefunken", "7X 7S 7D"), id="meld bad token 7X"),
        pytest.param(("check", "telefunken", "1", "7X 7S 7D"), id="check bad token 7X"),
        pytest.param(("points", "telefunken", "7X"), id="points bad token 7X"),
        pytest.param(("meld", "telefunken", "9C 9C 9C"), id="meld three 9C"),
        pytest.param(("check", "telefunken", "2", "9C 9C 9D", "9C 9S 9H"), id="check three 9C across melds"),
        pytest.param(("points", "telefunken", "9C 9C 9C"), id="points three 9C"),
        pytest.param(("points", "telefunken", "JK JK JK JK JK"), id="points five jokers"),
        pytest.param(("meld", "telefunken", ""), id="meld no cards"),
        pytest.param(("check",), id="check missing args"),
        pytest.param(("check", "telefunken", "1"), id="check missing meld"),
        pytest.param(("meld", "telefunken"), id="meld missing args"),
        pytest.param(("points",), id="points missing args"),
        pytest.param(("points", "telefunken", "7H", "--players", "0"), id="players 0"),
        pytest.param(("points", "telefunken", "7H", "--players", "40"), id="players 40"),
        pytest.param(("variants", "--bogus"), id="variants unknown option"),
        pytest.param(("meld", "telefunken", "7H 7S 7D", "extra"), id="meld extra argument"),
    ],
)
def test_bad_input_exits_2_with_one_line(args: tuple[str, ...]) -> None:
    result = run(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr)
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("referee: error: ")
    assert len(result.stderr.strip()) > len("referee: error: ")


def test_bad_input_quotes_the_card() -> None:
    result = run("meld", "telefunken", "7X 7S 7D")
    assert "7X" in result.stderr


def test_help_still_works() -> None:
    result = run("check", "--help")
    assert result.exit_code == 0
    assert "kind" in result.stdout
    assert "null" in result.stdout


# --------------------------------------------------------------------------------------------------
# the installed console script
# --------------------------------------------------------------------------------------------------

SCRIPT = Path(sys.executable).parent / "referee"


def script(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed ``referee`` script in a bare C locale."""
    env = {"PATH": str(SCRIPT.parent), "LANG": "C", "LC_ALL": "C"}
    return subprocess.run(
        [str(SCRIPT), *args], capture_output=True, text=True, encoding="utf-8", env=env, check=False, timeout=60
    )


@pytest.mark.skipif(not SCRIPT.exists(), reason="the referee console script is not installed in this environment")
def test_installed_script_points_and_bad_input() -> None:
    done = script("points", "telefunken-bolivia", "2H 9S 10D KC AS JK")
    assert (done.returncode, done.stdout, done.stderr) == (0, "76\n", "")
    done = script("check", "telefunken", "7", "4H 4S 4D", "3C 4C JK 6C 7C 8C 9C")
    assert done.returncode == 0, done.stderr
    assert "run 3♣–9♣, joker as 5♣" in done.stdout
    done = script("check", "telefunken", "99", "7H 7S 7D")
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1
