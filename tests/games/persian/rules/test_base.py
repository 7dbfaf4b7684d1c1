"""The shared types of the Persian games' engine: problems and their sentences, seats and teams, the table's
checks and the registry (docs/table-games.md §7)."""

from __future__ import annotations

import string

import pytest

from referee.games.persian.rules import GAMES, find_game, game_ids
from referee.games.persian.rules.base import (
    MESSAGES,
    HandError,
    Problem,
    Table,
    TableError,
    UnknownGame,
    read_int,
    read_team,
    right_of,
    seats_from,
    team_of,
    team_seats,
)

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")


@pytest.mark.parametrize(("seat", "count", "right"), [(0, 4, 1), (3, 4, 0), (1, 2, 0), (0, 2, 1), (2, 3, 0)])
def test_the_right_is_the_next_seat(seat: int, count: int, right: int) -> None:
    assert right_of(seat, count) == right


@pytest.mark.parametrize(("seat", "team"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_partners_sit_opposite(seat: int, team: int) -> None:
    assert team_of(seat) == team
    assert seat in team_seats(team)


def test_seats_from_go_round_to_the_right() -> None:
    assert seats_from(3, 4) == (3, 0, 1, 2)
    assert team_seats(0) == (0, 2)
    assert team_seats(1, 2) == (1,)


def test_every_sentence_names_only_its_parameters() -> None:
    for code, sentence in MESSAGES.items():
        names = {name for _, name, _, _ in string.Formatter().parse(sentence) if name}
        problem = Problem.of(code, **dict.fromkeys(names, 7))
        assert str(problem) == sentence.format(**dict.fromkeys(names, "7")), code


def test_a_problem_needs_a_sentence() -> None:
    with pytest.raises(KeyError):
        Problem.of("no-such-code")


def test_a_tuple_parameter_is_listed() -> None:
    problem = Problem.of("option-value", option="rounds", value="4", allowed=(1, 2, 3))
    assert str(problem) == "rounds cannot be 4 (one of 1, 2, 3)"


def test_the_registry_holds_the_games_of_this_module_set() -> None:
    assert {"hokm", "shelem", "shelem-two", "qahve"} <= set(game_ids())
    assert all(find_game(game_id).id == game_id for game_id in GAMES)
    with pytest.raises(UnknownGame) as refused:
        find_game("poker")
    assert refused.value.problems[0].code == "unknown-game"
    assert isinstance(refused.value, ValueError)


@pytest.mark.parametrize(
    ("game", "players", "first", "options", "codes"),
    [
        ("hokm", PLAYERS, 0, {}, []),
        ("hokm", (*PLAYERS, "Ela"), 0, {}, ["player-count"]),
        ("shelem-two", PLAYERS, 0, {}, ["player-count"]),
        ("hokm", ("Ana", "Ana", "Cyrus", " "), 0, {}, ["player-unnamed", "player-twice"]),
        ("qahve", PLAYERS, 4, {}, ["no-such-seat"]),
        ("hokm", PLAYERS, 0, {"rounds": 4}, ["option-value"]),
        ("hokm", PLAYERS, 0, {"rounds": 3}, []),
        ("shelem", PLAYERS, 0, {"target": 660, "all_pass_redeal": False}, []),
        ("shelem", PLAYERS, 0, {"all_pass_redeal": 1}, ["option-value"]),
        ("shelem", PLAYERS, 0, {"target": True}, ["option-value"]),
        ("shelem-two", ("Ana", "Bahram"), 1, {"all_pass_redeal": False}, ["unknown-option"]),
        ("qahve", PLAYERS, 0, {"target": 1001}, []),
        ("qahve", PLAYERS, 0, {"target": 1200}, ["option-value"]),
    ],
)
def test_a_table_is_checked(game: str, players: tuple[str, ...], first: int, options: dict[str, int],
                            codes: list[str]) -> None:
    table = Table(game, players, first, options)
    rules = find_game(game)
    assert [p.code for p in rules.table_problems(table)] == codes
    if codes:
        with pytest.raises(TableError):
            rules.start(table)
    else:
        score = rules.start(table)
        assert (score.hand_number, score.is_over, score.winners, score.rows) == (1, False, (), ())


def test_a_table_of_another_game_is_refused() -> None:
    with pytest.raises(TableError) as refused:
        find_game("hokm").start(Table("qahve", PLAYERS))
    assert [p.code for p in refused.value.problems] == ["unknown-game"]


def test_a_table_is_frozen_and_reads_its_defaults() -> None:
    options = {"target": 660}
    table = Table("shelem", PLAYERS, 0, options)
    options["target"] = 330
    rules = find_game("shelem")
    assert table.option(rules.option("target")) == 660
    assert table.option(rules.option("all_pass_redeal")) is True
    assert hash(table) == hash(Table("shelem", PLAYERS, 0, {"target": 660}))
    assert table.to_dict() == {"game": "shelem", "players": list(PLAYERS), "first": 0, "options": {"target": 660}}


@pytest.mark.parametrize(
    ("data", "code"),
    [({}, "field-missing"), ({"n": "3"}, "field-number"), ({"n": True}, "field-number"), ({"n": 2.5}, "field-number")],
)
def test_a_bad_number_is_quoted(data: dict[str, object], code: str) -> None:
    with pytest.raises(HandError) as refused:
        read_int(data, "n")
    assert refused.value.problems[0].code == code
    assert isinstance(refused.value, ValueError)


def test_a_team_is_read_by_its_letter() -> None:
    assert read_team({"t": "B"}, "t") == 1
    with pytest.raises(HandError, match="'C'"):
        read_team({"t": "C"}, "t")
