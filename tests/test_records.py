"""The players' records over whole replayed games, each figure worked out by hand (tests/records/games.py), and the
rules of the record as tables: who is the same player, places and partners in head-to-head."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee import families
from referee.records import Figure, GameResult, Meeting, RegularTable, game_result, player_key, records_of
from tests.families.minifamily import MINI, VARIANT, Created, Point
from tests.families.minifamily import replay as mini_replay
from tests.records.games import ANA_WINS, BETO_WINS, ENDED_EARLY, state

RUMMY = families.family_named("rummy")


def rummy_results(*games: list) -> list[GameResult]:
    return [game_result(RUMMY, state(events), "telefunken") for events in games]


def test_a_rummy_game_says_totals_places_and_its_own_figures() -> None:
    result = rummy_results(ANA_WINS)[0]
    assert (result.finished, result.winners, result.lower_wins) == (True, ("Ana",), True)
    assert result.totals == {"Ana": 25, "Beto": 40, "Caro": 100}
    assert result.places == {"Ana": 1, "Beto": 2, "Caro": 3}
    assert result.figures == (
        Figure("went-out", {"Ana": 2, "Beto": 3, "Caro": 2}),
        Figure("exact-cuts", {"Ana": 0, "Beto": 0, "Caro": 1}),
        Figure("buys", {"Ana": 0, "Beto": 1, "Caro": 2}),
    )


def test_a_game_ended_early_is_not_finished_and_has_no_winner() -> None:
    result = rummy_results(ENDED_EARLY)[0]
    assert (result.finished, result.winners) == (False, ())


def test_records_over_two_finished_games_and_one_ended_early() -> None:
    records = records_of(rummy_results(ANA_WINS, BETO_WINS, ENDED_EARLY))
    # Most finished games first, then most wins, then by name.
    assert [(p.name, p.games, p.wins, p.unfinished) for p in records.players] == [
        ("ana", 2, 1, 1), ("Beto", 2, 1, 1), ("Caro", 2, 0, 1)]
    ana = records.player("Ana")
    assert ana is not None  # the latest game's spelling
    assert ana.name == "ana"
    (telefunken,) = ana.variants
    assert (telefunken.variant_id, telefunken.games, telefunken.wins) == ("telefunken", 2, 1)
    assert telefunken.totals == (25, 100)
    assert (telefunken.average, telefunken.best) == (Fraction(125, 2), 25)
    assert telefunken.figures == (("went-out", 4), ("exact-cuts", 0), ("buys", 0))
    # Ana 25 < Beto 40, then 100 > 20; Ana 25 < Caro 100, then 100 > 50.
    assert ana.meetings == (Meeting("Beto", 2, 1, 1), Meeting("Caro", 2, 1, 1))
    caro = records.player("caro")
    assert caro is not None
    assert (caro.variants[0].average, caro.variants[0].best) == (75, 50)
    assert caro.variants[0].figures == (("went-out", 4), ("exact-cuts", 1), ("buys", 2))
    assert caro.meetings == (Meeting("ana", 2, 1, 1), Meeting("Beto", 2, 0, 2))  # most games, then by name
    assert records.tables == (RegularTable(("ana", "Beto", "Caro"), 2, (("ana", 1), ("Beto", 1), ("Caro", 0))),)


def test_one_finished_game_makes_no_regular_table_and_an_unknown_name_no_record() -> None:
    records = records_of(rummy_results(ANA_WINS))
    assert records.tables == ()
    assert records.player("Dani") is None


@pytest.mark.parametrize(
    ("one", "other", "same"),
    [
        ("Ana", "ana", True),
        ("Ana", " ANA ", True),
        ("Ana", "Ａｎａ", True),  # fullwidth letters, as a Japanese keyboard types them
        ("José", "Jose\u0301", True),  # an accent typed as a combining mark
        ("Ana", "Ana\u200b", True),  # an invisible character cleaned away
        ("Ian", "lan", False),  # look alike at one table, yet two names
        ("Ana", "Anna", False),
    ],
    ids=lambda value: repr(value) if isinstance(value, str) else str(value),
)
def test_who_is_the_same_player(one: str, other: str, same: bool) -> None:
    assert (player_key(one) == player_key(other)) is same


def result(places: dict[str, int], *, teams: tuple[tuple[str, ...], ...] = (), winners: tuple[str, ...] = (),
           totals: dict[str, int] | None = None, lower_wins: bool = True) -> GameResult:
    return GameResult(variant_id="v", players=tuple(places), finished=True, places=places, teams=teams,
                      winners=winners or tuple(n for n, p in places.items() if p == 1), totals=totals,
                      lower_wins=lower_wins)


@pytest.mark.parametrize(
    ("game", "expected"),
    [
        (result({"A": 1, "B": 2, "C": 3}), (Meeting("B", 1, 1, 0), Meeting("C", 1, 1, 0))),
        (result({"A": 1, "B": 1, "C": 3}), (Meeting("B", 1, 0, 0), Meeting("C", 1, 1, 0))),  # a tie is level
        (result({"A": 2, "B": 1, "C": 2, "D": 1}, teams=(("A", "C"), ("B", "D"))),  # partners are not opponents
         (Meeting("B", 1, 0, 1), Meeting("D", 1, 0, 1))),
    ],
    ids=["places", "tie", "teams"],
)
def test_head_to_head_by_place(game: GameResult, expected: tuple[Meeting, ...]) -> None:
    record = records_of([game]).player("A")
    assert record is not None
    assert record.meetings == expected


def test_a_tie_for_first_is_a_win_for_each_and_the_best_follows_the_direction() -> None:
    games = [result({"A": 1, "B": 1}, totals={"A": 500, "B": 500}, lower_wins=False),
             result({"A": 2, "B": 1}, totals={"A": 300, "B": 1165}, lower_wins=False)]
    records = records_of(games)
    a, b = records.player("A"), records.player("B")
    assert a is not None
    assert b is not None
    assert (a.wins, b.wins) == (1, 2)
    assert (a.variants[0].best, a.variants[0].average) == (500, 400)


def test_a_family_without_a_result_is_counted_from_its_winners() -> None:
    """The mini family gives winners only: games and wins count, the winner ahead of the rest, no totals."""
    created = Created(variant=VARIANT, players=("Ana", "Beto", "Caro"))
    won = mini_replay([created, *(Point(player="Beto") for _ in range(3))])
    under_way = mini_replay([created, Point(player="Ana")])
    records = records_of([game_result(MINI, won, VARIANT), game_result(MINI, under_way, VARIANT)])
    beto, ana = records.player("Beto"), records.player("Ana")
    assert beto is not None
    assert ana is not None
    assert (beto.games, beto.wins, beto.unfinished, ana.wins) == (1, 1, 1, 0)
    assert beto.variants[0].average is None
    assert beto.variants[0].best is None
    assert beto.meetings == (Meeting("Ana", 1, 1, 0), Meeting("Caro", 1, 1, 0))
    assert ana.meetings == (Meeting("Beto", 1, 0, 1), Meeting("Caro", 1, 0, 0))
