"""Shaytan and Bluff (docs/table-games.md §6): the counts per player, the leaders, the end by the scorekeeper,
and the checks, with whole sessions replayed to counts worked out by hand."""

from __future__ import annotations

import pytest

from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import HandError, HandRefused, Problem, Table, TableError
from referee.games.persian.rules.tally import Hand, Score, leaders

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def start(game: str, players: tuple[str, ...] = FOUR, first: int = 0) -> Score:
    return Score.start(Table(game, players, first))


def replay(score: Score, seats: list[int]) -> Score:
    for seat in seats:
        score = score.play(Hand(seat))
    return score


def codes(problems: tuple[Problem, ...]) -> list[str]:
    return [problem.code for problem in problems]


@pytest.mark.parametrize(
    ("counts", "fewest_lead", "expected"),
    [
        ((1, 1, 3, 1), True, (0, 1, 3)),
        ((1, 1, 3, 1), False, (2,)),
        ((0, 0, 0), True, (0, 1, 2)),
        ((3, 1, 3), False, (0, 2)),
    ],
    ids=lambda v: str(v),
)
def test_leaders(counts: tuple[int, ...], fewest_lead: bool, expected: tuple[int, ...]) -> None:
    assert leaders(counts, fewest_lead=fewest_lead) == expected


def test_a_shaytan_session_counts_losses_and_the_fewest_win() -> None:
    score = replay(start("shaytan"), [2, 0, 2, 3, 2, 1])  # Cyrus is left with the joker three times
    assert score.totals == (1, 1, 3, 1)
    assert score.leaders == (0, 1, 3)
    assert not score.is_over
    assert score.winners == ()
    score = score.play(Hand(0))  # Ana: 2 1 3 1
    assert score.totals == (2, 1, 3, 1)
    assert score.leaders == (1, 3)
    assert [row.player for row in score.rows] == [2, 0, 2, 3, 2, 1, 0]
    assert [row.dealer for row in score.rows] == [0, 1, 2, 3, 0, 1, 2]
    ended = score.end()
    assert ended.is_over
    assert ended.winners == (1, 3)
    assert ended.totals == (2, 1, 3, 1)
    assert [row.line_after for row in ended.rows] == [False] * 6 + [True]
    with pytest.raises(HandRefused) as refused:
        ended.play(Hand(0))
    assert codes(refused.value.problems) == ["game-over"]
    with pytest.raises(HandRefused):
        ended.end()


def test_a_bluff_session_counts_wins_and_the_most_win() -> None:
    score = replay(start("bluff", FOUR[:3]), [0, 0, 1, 2, 0])
    assert score.totals == (3, 1, 1)
    assert score.leaders == (0,)
    assert not score.is_over  # no target: a session goes on until the table stops
    score = replay(score, [1, 1])
    assert score.totals == (3, 3, 1)
    assert score.leaders == (0, 1)
    assert score.end().winners == (0, 1)  # a tie shares the win


def test_a_long_session_has_no_target() -> None:
    score = replay(start("bluff"), [3] * 500)
    assert score.totals == (0, 0, 0, 500)
    assert not score.is_over
    assert score.hand_number == 501


def test_a_session_ended_before_any_hand_has_no_winner() -> None:
    ended = start("shaytan").end()
    assert ended.is_over
    assert ended.winners == ()
    assert ended.rows == ()


@pytest.mark.parametrize("game", ["shaytan", "bluff"])
@pytest.mark.parametrize(
    ("seat", "expected"),
    [(0, []), (3, []), (4, ["no-such-player"]), (-1, ["no-such-player"])],
    ids=lambda v: str(v),
)
def test_what_the_referee_refuses(game: str, seat: int, expected: list[str]) -> None:
    assert codes(start(game).problems(Hand(seat))) == expected


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"player": "Ana"}, ["field-number"]),
        ({"player": True}, ["field-number"]),
        ({}, ["field-missing"]),
        ({"player": 1, "forfeit": "sing"}, ["field-unknown"]),
    ],
    ids=lambda v: str(v),
)
def test_a_bad_file_form_is_refused_in_words(data: dict[str, object], expected: list[str]) -> None:
    with pytest.raises(HandError) as error:
        find_game("shaytan").read_hand(data)
    assert codes(error.value.problems) == expected


def test_a_hand_round_trips_and_an_unknown_field_names_the_game() -> None:
    assert Hand.from_dict(Hand(2).to_dict()) == Hand(2)
    with pytest.raises(HandError, match="a hand of bluff has no 'loser'"):
        find_game("bluff").read_hand({"player": 1, "loser": 1})


@pytest.mark.parametrize("game", ["shaytan", "bluff"])
@pytest.mark.parametrize(("count", "seated"), [(2, False), (3, True), (8, True), (12, True), (13, False)])
def test_three_to_twelve_players(game: str, count: int, seated: bool) -> None:
    table = Table(game, tuple(f"P{n}" for n in range(count)))
    if seated:
        assert Score.start(table).totals == (0,) * count
    else:
        with pytest.raises(TableError) as error:
            Score.start(table)
        assert codes(error.value.problems) == ["player-count"]


def test_the_tally_games_are_in_the_registry() -> None:
    for game in ("shaytan", "bluff"):
        rules = find_game(game)
        assert rules.options == ()
        assert not rules.teams
        assert rules.section == "docs/table-games.md §6"
        assert rules.start(Table(game, FOUR, first=2)).dealer == 2
    assert start("shaytan").tally.fewest_lead
    assert not start("bluff").tally.fewest_lead
