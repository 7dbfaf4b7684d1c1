"""referee-game/1 import and export, the CSV sheet, and `referee tally`'s exit codes."""

from __future__ import annotations

import csv
import importlib.util
import io
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings

from referee.cli import main
from referee.games.rummy.ledger import gamefile
from referee.games.rummy.ledger.events import Buy, ContractChosen, DealEnded, Event, ExactCut, GameCreated, LaidDown
from referee.games.rummy.ledger.exchange import (
    GameFileError,
    export_game,
    import_game,
    score_sheet_csv,
    sheet_json,
    tally,
)
from referee.games.rummy.ledger.state import EventRefused, GameState, replay
from tests.properties import examples

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.gamefile",
)

_spec = importlib.util.spec_from_file_location("ledger_strategies", Path(__file__).with_name("strategies.py"))
assert _spec
assert _spec.loader
strategies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strategies)

GAMES = Path(__file__).parents[2]
SCHEMA = Path(__file__).parents[4] / "docs" / "referee-game-1.schema.json"
P4 = ["Ana", "Beto", "Caro", "Dani"]


def game(**changes: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "referee-game/1",
        "variant": "telefunken-bolivia",
        "house_rules": {"streak_multiplier": True},
        "players": P4,
        "first_dealer": "Ana",
        "deals": [{"exact_cut": False, "buys": {"Beto": 1}, "went_out": "Ana",
                   "hands": {"Beto": "KH 7S", "Caro": "JK", "Dani": 12}}],
    }
    data.update(changes)
    return data


def run(tmp_path: Path, data: object, *args: str) -> Any:
    path = tmp_path / "game.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return CliRunner().invoke(main, ["tally", str(path), *args])


def test_the_issues_example(tmp_path: Path) -> None:
    result = run(tmp_path, game(), "--json")
    assert result.exit_code == 0, result.stderr
    sheet = json.loads(result.stdout)
    assert set(sheet) == {"players", "standings", "finished", "errors"}
    beto = sheet["players"][1]
    assert set(beto) == {"name", "total", "deal_points", "shanghai_calls", "adjustments", "rank", "chips_left",
                         "payout"}
    # Bolivia: K 10 + 7 = 17; joker 30; Dani typed 12; Beto bought once of his 7 buys
    assert beto == {"name": "Beto", "total": 17, "deal_points": [17], "shanghai_calls": [0], "adjustments": [],
                    "rank": 3, "chips_left": 6, "payout": None}
    assert sheet["standings"] == ["Ana", "Dani", "Beto", "Caro"]
    assert (sheet["finished"], sheet["errors"]) == (False, [])


def test_import_gives_the_events() -> None:
    events = import_game(game(deals=[
        {"contract": 2, "exact_cut": True, "cutter_jokers": 1, "buys": {"Beto": 2}, "laid_down": {"Caro": []},
         "went_out": "Ana", "hands": {"Beto": 1, "Caro": 2, "Dani": 3}, "override": "ok"},
    ]))
    assert events == [
        GameCreated(variant="telefunken-bolivia", players=tuple(P4), first_dealer="Ana",
                    house_rules={"streak_multiplier": True}),
        ContractChosen(deal=1, contract_index=1, override="ok"),
        ExactCut(deal=1, cutter_jokers=1, override="ok"),
        Buy(deal=1, player="Beto", override="ok"),
        Buy(deal=1, player="Beto", override="ok"),
        LaidDown(deal=1, player="Caro", override="ok"),
        DealEnded(deal=1, went_out="Ana", hands={"Beto": 1, "Caro": 2, "Dani": 3}, override="ok"),
    ]


UNREADABLE = [
    ("not json", "{nope", "is not JSON"),
    ("not an object", [1, 2], "must be a JSON object"),
    ("wrong format", game(format="referee-game/2"), "not a referee-game/1 file"),
    ("no format", {k: v for k, v in game().items() if k != "format"}, "not a referee-game/1 file"),
    ("unknown variant", game(variant="canasta"), "unknown variant 'canasta'"),
    ("unknown house rule", game(house_rules={"jokers_wild": True}), "unknown house rule 'jokers_wild'"),
    ("bad house rule value", game(house_rules={"streak_multiplier": "yes"}), "cannot be 'yes'"),
    ("players not a list", game(players="Ana Beto"), '"players" must be a list of names'),
    ("deals not a list", game(deals={}), '"deals" must be a list'),
    ("unparseable card", game(deals=[{"went_out": "Ana", "hands": {"Beto": "KH ZZ"}}]), "'ZZ' is not a card"),
    ("negative points", game(deals=[{"went_out": "Ana", "hands": {"Beto": -3}}]), "cards or points from 0"),
    ("points as text of a float", game(deals=[{"went_out": "Ana", "hands": {"Beto": 2.5}}]), "cards or points"),
    ("buys not counts", game(deals=[{"buys": {"Beto": "one"}, "went_out": "Ana", "hands": {}}]), "whole number"),
    ("exact_cut not a bool", game(deals=[{"exact_cut": 1, "went_out": "Ana", "hands": {}}]), "true or false"),
    ("no went_out", game(deals=[{"hands": {}}]), 'has no "went_out"'),
    ("open deal not last", game(deals=[{"ended": False}, {"went_out": "Ana", "hands": {}}]), "only the last"),
    ("unknown contract", game(deals=[{"contract": "a sena of jokers", "went_out": "Ana", "hands": {}}]),
     "is not a contract"),
]


@pytest.mark.parametrize(("data", "message"), [u[1:] for u in UNREADABLE], ids=[u[0] for u in UNREADABLE])
@pytest.mark.parametrize("as_json", [False, True], ids=["text", "json"])
def test_unreadable_files_exit_2(tmp_path: Path, data: object, message: str, as_json: bool) -> None:
    result = run(tmp_path, data, *(["--json"] if as_json else []))
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1
    assert message in result.stderr


def test_missing_file_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["tally", str(tmp_path / "missing.json")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1


def test_x_house_rules_and_unknown_keys_are_ignored(tmp_path: Path) -> None:
    data = game(house_rules={"x-colour": "green"}, notes="kept by another tool")
    data["deals"][0]["photo"] = "deal1.jpg"
    assert run(tmp_path, data).exit_code == 0


def test_unknown_player_is_a_rules_error(tmp_path: Path) -> None:
    data = game()
    data["deals"][0]["buys"] = {"Zoe": 1}
    result = run(tmp_path, data, "--json")
    assert result.exit_code == 1
    assert json.loads(result.stdout)["errors"] == [
        "deal 1: Zoe is not playing in this game (the players are Ana, Beto, Caro and Dani)"]


def test_export_writes_every_house_rule_and_round_trips() -> None:
    state = replay(import_game(game()))
    exported = export_game(state)
    assert exported["house_rules"] == {
        rule.id: state.variant.house_rule_value(rule.id) for rule in state.variant.house_rules}
    assert exported["house_rules"]["streak_multiplier"] is True
    assert exported["house_rules"]["chips"] == 7
    assert exported["deals"] == [{"exact_cut": False, "buys": {"Beto": 1}, "went_out": "Ana",
                                  "hands": {"Beto": "KH 7S", "Caro": "JK", "Dani": 12}}]
    assert export_game(replay(import_game(exported))) == exported


def test_export_of_an_open_deal_contract_and_log() -> None:
    data = game(variant="telefunken-ecuador", house_rules={"dealer_chooses_contract": True},
                deals=[{"contract": "Chueca", "exact_cut": True, "buys": {"Caro": 1}, "ended": False}],
                settings={"small_stake": 1}, abandoned="rain")
    state = replay(import_game(data))
    assert state.contract is not None
    assert state.contract.name == "chueca"
    exported = export_game(state, include_log=True)
    assert exported["deals"] == [{"exact_cut": True, "buys": {"Caro": 1}, "contract": 6, "ended": False}]
    assert (exported["settings"], exported["abandoned"]) == ({"small_stake": 1}, "rain")
    assert [entry["event"]["type"] for entry in exported["log"]] == [
        "game-created", "contract-chosen", "exact-cut", "buy", "game-abandoned"]
    exported.pop("log")
    assert export_game(replay(import_game(exported))) == exported


def test_csv_score_sheet() -> None:
    state = tally(json.loads((GAMES / "telefunken-peru-carrillo.json").read_text())).state
    assert state is not None
    rows = list(csv.reader(io.StringIO(score_sheet_csv(state))))
    assert rows[0] == ["row", "deal", "dealer", "went_out", "multiplier", "note", "Ana", "Beto", "Caro", "Dani"]
    assert rows[1] == ["deal", "1", "Ana", "Beto", "1", "", "20", "0", "7", "3"]
    assert rows[8] == ["adjustment", "2", "", "", "", "exact cut: deal 1's points erased", "-20", "", "", ""]
    total = next(r for r in rows if r[0] == "total")
    assert total[6:] == [str(20 + 4 + 20 + 0 + 0 + 30 + 1 - 20), "41", str(32 - 6), str(24 - 8)]
    assert next(r for r in rows if r[0] == "rank")[6:] == ["4", "3", "2", "1"]
    assert not any(r[0] == "chips_left" for r in rows)
    progressive = tally(json.loads((GAMES / "progressive-rummy.json").read_text())).state
    assert progressive is not None
    payout = next(r for r in csv.reader(io.StringIO(score_sheet_csv(progressive))) if r[0] == "payout")
    assert payout[6:] == ["17", "-3", "-7", "-7"]


def test_sheet_json_without_a_state() -> None:
    assert sheet_json(None, ["players: bad"]) == {"players": [], "standings": [], "finished": False,
                                                  "errors": ["players: bad"]}


def test_import_errors_are_value_errors() -> None:
    with pytest.raises(ValueError, match="not a referee-game/1 file"):
        import_game({"format": "x"})
    assert issubclass(GameFileError, ValueError)
    with pytest.raises(EventRefused):
        replay(import_game(json.loads((GAMES / "forbidden-telefunken.json").read_text())))


@settings(max_examples=examples(150), deadline=None)
@given(strategies.game_logs())
def test_export_import_export_is_identical(log: tuple[list[Event], GameState]) -> None:
    _, state = log
    first = export_game(state)
    assert json.loads(json.dumps(first)) == first
    again = replay(import_game(first))
    assert export_game(again) == first
    assert again.sheet.totals == state.sheet.totals
    assert again.chips.chips_left == state.chips.chips_left
    assert again.players == state.players
    assert again.finished == state.finished


def test_the_published_schema_is_the_one_the_code_checks() -> None:
    """docs/referee-game-1.schema.json is written by the code: `python -m referee.games.rummy.ledger.gamefile >
    <it>`."""
    assert SCHEMA.read_text(encoding="utf-8") == gamefile.schema_text()


@pytest.mark.parametrize("path", sorted(GAMES.glob("*.json")), ids=lambda p: p.name)
def test_every_recorded_game_has_the_files_shape(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    model = gamefile.validate(data)
    assert model.players == data["players"]
    assert len(model.deals) == len(data.get("deals", []))


def test_an_exported_game_with_its_log_has_the_files_shape() -> None:
    exported = export_game(replay(import_game(game())), include_log=True)
    assert gamefile.validate(exported).log == exported["log"]
