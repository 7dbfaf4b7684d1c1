"""Bi-del (docs/table-games.md §4): the pass cycle, the penalties, the moon, the checks, the limit and the places,
with whole games replayed to totals worked out by hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import HandError, HandRefused, Problem, Table, TableError
from referee.games.persian.rules.bidel import (
    QUEEN_OF_SPADES,
    TWO_OF_CLUBS,
    TWO_OF_DIAMONDS,
    Hand,
    Passing,
    Score,
    deck,
    hand_penalties,
    pass_to,
    passing,
    places,
    reminders,
)
from tests.properties import examples

FOUR = ("Amir", "Hamid", "Amin", "Mohammad")
THREE = ("Amir", "Hamid", "Amin")


def start(players: tuple[str, ...] = FOUR, first: int = 0, **options: int) -> Score:
    return Score.start(Table("bi-del", players, first, options))


def replay(score: Score, hands: Sequence[tuple[tuple[int, ...], int]]) -> Score:
    for hearts, queen in hands:
        score = score.play(Hand(hearts, queen))
    return score


def codes(problems: tuple[Problem, ...]) -> list[str]:
    return [problem.code for problem in problems]


@pytest.mark.parametrize(
    ("players", "hand_number", "expected"),
    [
        (4, 1, Passing.RIGHT), (4, 2, Passing.LEFT), (4, 3, Passing.ACROSS), (4, 4, Passing.NONE),
        (4, 5, Passing.RIGHT), (4, 8, Passing.NONE), (4, 11, Passing.ACROSS),
        (3, 1, Passing.RIGHT), (3, 2, Passing.LEFT), (3, 3, Passing.NONE), (3, 4, Passing.RIGHT),
        (3, 6, Passing.NONE),
    ],
    ids=lambda v: str(v),
)
def test_the_pass_cycles_by_hand_number(players: int, hand_number: int, expected: Passing) -> None:
    assert passing(hand_number, players) is expected


@pytest.mark.parametrize(
    ("seat", "direction", "players", "to"),
    [
        (0, Passing.RIGHT, 4, 1), (3, Passing.RIGHT, 4, 0), (0, Passing.LEFT, 4, 3), (2, Passing.LEFT, 4, 1),
        (0, Passing.ACROSS, 4, 2), (3, Passing.ACROSS, 4, 1), (1, Passing.NONE, 4, None),
        (2, Passing.RIGHT, 3, 0), (0, Passing.LEFT, 3, 2), (1, Passing.NONE, 3, None),
    ],
    ids=lambda v: str(v),
)
def test_who_passes_to_whom(seat: int, direction: Passing, players: int, to: int | None) -> None:
    assert pass_to(seat, direction, players) == to


@pytest.mark.parametrize(
    ("hearts", "queen", "penalties", "moon"),
    [
        ((9, 1, 0, 3), 0, (22, 1, 0, 3), None),  # the source's example: 22, 1, 0 and 3
        ((4, 4, 4, 1), 3, (4, 4, 4, 14), None),
        ((0, 0, 0, 13), 0, (13, 0, 0, 13), None),  # all the hearts without Q♠ is no moon
        ((12, 1, 0, 0), 0, (25, 1, 0, 0), None),  # Q♠ and twelve hearts is no moon
        ((0, 13, 0, 0), 1, (26, 0, 26, 26), 1),
        ((13, 0, 0, 0), 0, (0, 26, 26, 26), 0),
        ((0, 0, 13), 2, (26, 26, 0), 2),  # a moon at a table of three
        ((6, 7, 0), 1, (6, 20, 0), None),
    ],
    ids=lambda v: str(v),
)
def test_hand_penalties(hearts: tuple[int, ...], queen: int, penalties: tuple[int, ...], moon: int | None) -> None:
    assert hand_penalties(hearts, queen) == (penalties, moon)
    assert sum(penalties) in (26, 26 * (len(hearts) - 1))


@pytest.mark.parametrize(
    ("players", "hand", "expected"),
    [
        (FOUR, Hand((9, 1, 0, 3), 0), []),
        (FOUR, Hand((0, 0, 0, 13), 3), []),
        (THREE, Hand((0, 0, 13), 2), []),
        (FOUR, Hand((9, 1, 0, 2), 0), ["bidel-hearts-total"]),  # 12 hearts
        (FOUR, Hand((9, 1, 1, 3), 0), ["bidel-hearts-total"]),  # 14 hearts
        (THREE, Hand((13, 13, 0), 1), ["bidel-hearts-total"]),
        (FOUR, Hand((14, -1, 0, 0), 0), ["bidel-hearts-range", "bidel-hearts-range"]),
        (FOUR, Hand((9, 1, 3), 0), ["field-length"]),  # three numbers at a table of four
        (THREE, Hand((9, 1, 0, 3), 0), ["field-length"]),
        (FOUR, Hand((9, 1, 0, 3), 4), ["no-such-player"]),
        (FOUR, Hand((9, 1, 0, 2), -1), ["bidel-hearts-total", "no-such-player"]),  # every reason, not the first
    ],
    ids=lambda v: str(v),
)
def test_what_the_referee_refuses(players: tuple[str, ...], hand: Hand, expected: list[str]) -> None:
    score = start(players)
    assert codes(score.problems(hand)) == expected
    if expected:
        with pytest.raises(HandRefused) as refused:
            score.play(hand)
        assert codes(refused.value.problems) == expected


def test_a_refusal_names_the_player_and_says_why() -> None:
    problems = start().problems(Hand((14, 0, 0, -1), 0))
    assert [str(p) for p in problems] == ["Amir took 14 hearts: a player takes 0 to 13",
                                          "Mohammad took -1 hearts: a player takes 0 to 13"]
    assert str(start().problems(Hand((9, 1, 0, 2), 0))[0]) == "the hearts add up to 12: a hand has 13"


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        ({"hearts": [9, 1, 0, 3], "queen": 0}, Hand((9, 1, 0, 3), 0)),
        ({"hearts": [0, 0, 13], "queen": [2]}, Hand((0, 0, 13), 2)),
    ],
    ids=lambda v: str(v),
)
def test_a_hand_is_read_from_its_file_form(data: dict[str, object], expected: Hand) -> None:
    assert Hand.from_dict(data) == expected
    assert Hand.from_dict(expected.to_dict()) == expected


@pytest.mark.parametrize(
    ("data", "code"),
    [
        ({"hearts": [9, 1, 0, 3], "queen": [1, 2]}, "bidel-queen-count"),  # two Q♠ takers
        ({"hearts": [9, 1, 0, 3], "queen": []}, "bidel-queen-count"),  # nobody took Q♠
        ({"hearts": [9, 1, 0, 3]}, "field-missing"),
        ({"queen": 1}, "field-missing"),
        ({"hearts": [9, 1, 0, 3], "queen": "2"}, "field-number"),
        ({"hearts": [9, 1, 0, 3], "queen": True}, "field-number"),
        ({"hearts": "9 1 0 3", "queen": 0}, "field-list"),
        ({"hearts": [9, 1.5, 0, 3], "queen": 0}, "field-list"),
        ({"hearts": [9, 1, 0, 3], "queen": 0, "moon": True}, "field-unknown"),
    ],
    ids=lambda v: str(v),
)
def test_a_bad_file_form_is_refused_in_words(data: dict[str, object], code: str) -> None:
    with pytest.raises(HandError) as error:
        Hand.from_dict(data)
    assert codes(error.value.problems) == [code]


def test_two_queen_takers_are_refused_in_the_tables_words() -> None:
    with pytest.raises(HandError, match=r"^2 players took Q♠: exactly one player takes it$"):
        Hand.from_dict({"hearts": [9, 1, 0, 3], "queen": [1, 2]})


def test_a_whole_game_of_four_to_a_limit_of_100() -> None:
    score = start(limit=100)
    hands = [
        ((9, 1, 0, 3), 0),  # right:  22  1  0  3  → 22   1   0   3
        ((0, 5, 4, 4), 1),  # left:    0 18  4  4  → 22  19   4   7
        ((0, 0, 13, 0), 2),  # across: Amin shoots the moon: 26 26 0 26 → 48 45 4 33
        ((2, 2, 2, 7), 3),  # none:    2  2  2 20  → 50  47   6  53
        ((6, 3, 3, 1), 0),  # right:  19  3  3  1  → 69  50   9  54
        ((0, 13, 0, 0), 3),  # left: all the hearts but not Q♠: 0 13 0 13 → 69 63 9 67
        ((5, 0, 8, 0), 0),  # across: 18  0  8  0  → 87  63  17  67
    ]
    score = replay(score, hands)
    assert score.totals == (87, 63, 17, 67)
    assert not score.is_over
    assert score.winners == ()
    assert score.losers == ()
    assert score.passing is Passing.NONE
    assert score.pass_to(0) is None
    score = score.play(Hand((3, 4, 0, 6), 0))  # none: 16 4 0 6 → 103 67 17 73: Amir passes 100
    assert score.totals == (103, 67, 17, 73)
    assert [row.passing.value for row in score.rows] == ["right", "left", "across", "none"] * 2
    assert [row.moon for row in score.rows] == [None, None, 2, None, None, None, None, None]
    assert [row.dealer for row in score.rows] == [0, 1, 2, 3, 0, 1, 2, 3]
    assert [row.line_after for row in score.rows] == [False] * 7 + [True]
    assert score.is_over
    assert score.losers == (0,)
    assert score.winners == (2,)
    assert score.places == (4, 2, 1, 3)
    with pytest.raises(HandRefused) as refused:
        score.play(Hand((3, 4, 0, 6), 0))
    assert codes(refused.value.problems) == ["game-over"]


def test_a_game_of_three_with_moons_ends_on_reaching_the_limit_exactly() -> None:
    score = start(THREE, limit=100)
    hands = [
        ((13, 0, 0), 0),  # right: Amir's moon: 0 26 26 → 0 26 26
        ((0, 0, 13), 2),  # left: Amin's moon: 26 26 0 → 26 52 26
        ((4, 9, 0), 1),  # none: 4 22 0 → 30 74 26
        ((0, 13, 0), 1),  # right: Hamid's moon: 26 0 26 → 56 74 52
        ((5, 4, 4), 2),  # left: 5 4 17 → 61 78 69
    ]
    score = replay(score, hands)
    assert score.totals == (61, 78, 69)
    assert not score.is_over
    score = score.play(Hand((0, 9, 4), 1))  # none: 0 22 4 → 61 100 73: Hamid reaches 100 exactly
    assert score.totals == (61, 100, 73)
    assert [row.moon for row in score.rows] == [0, 2, None, 1, None, None]
    assert [row.passing.value for row in score.rows] == ["right", "left", "none"] * 2
    assert score.is_over
    assert score.losers == (1,)
    assert score.winners == (0,)


def test_a_tie_for_the_lowest_total_shares_the_win() -> None:
    score = start(limit=100)
    hands = [
        ((13, 0, 0, 0), 0),  # 0 26 26 26
        ((0, 13, 0, 0), 1),  # 26 26 52 52
        ((0, 0, 13, 0), 2),  # 52 52 52 78
        ((0, 0, 0, 13), 3),  # 78 78 78 78: four moons, everybody level
        ((6, 7, 0, 0), 3),  # 6 7 0 13 → 84 85 78 91
        ((0, 0, 7, 6), 0),  # 13 0 7 6 → 97 85 85 97
    ]
    score = replay(score, hands)
    assert score.totals == (97, 85, 85, 97)
    assert score.places == (3, 1, 1, 3)
    assert not score.is_over
    score = score.play(Hand((1, 0, 0, 12), 3))  # 1 0 0 25 → 98 85 85 122
    assert score.totals == (98, 85, 85, 122)
    assert score.losers == (3,)
    assert score.winners == (1, 2)
    assert score.places == (3, 1, 1, 4)


def test_a_moon_can_put_several_players_past_the_limit() -> None:
    score = replay(start(THREE, limit=100), [((13, 0, 0), 0)] * 4)  # four moons by Amir: 0 104 104
    assert score.totals == (0, 104, 104)
    assert score.losers == (1, 2)
    assert score.winners == (0,)
    assert score.places == (1, 2, 2)


@pytest.mark.parametrize(("totals", "expected"), [
    ((40, 12, 40, 7), (3, 2, 3, 1)),
    ((10, 10, 10), (1, 1, 1)),
    ((0, 5, 5, 9), (1, 2, 2, 4)),
], ids=lambda v: str(v))
def test_places_lowest_first_ties_shared(totals: tuple[int, ...], expected: tuple[int, ...]) -> None:
    assert places(totals) == expected


def test_the_default_limit_is_300() -> None:
    score = replay(start(), [((13, 0, 0, 0), 0)] * 11)  # eleven moons by Amir: 286 each for the others
    assert score.totals == (0, 286, 286, 286)
    assert not score.is_over
    score = score.play(Hand((0, 0, 0, 13), 1))  # 13 + 13 → 0 299 286 299
    assert score.totals == (0, 299, 286, 299)
    assert not score.is_over
    score = score.play(Hand((0, 1, 12, 0), 3))  # 0 1 12 13 → 0 300 298 312
    assert score.losers == (1, 3)
    assert score.winners == (0,)


@pytest.mark.parametrize(
    ("players", "options", "expected"),
    [
        (("Amir", "Hamid"), {}, ["player-count"]),
        (("A", "B", "C", "D", "E"), {}, ["player-count"]),
        (FOUR, {"limit": 250}, ["option-value"]),
        (FOUR, {"limit": True}, ["option-value"]),
        (FOUR, {"target": 300}, ["unknown-option"]),
    ],
    ids=lambda v: str(v),
)
def test_a_table_bi_del_cannot_seat(players: tuple[str, ...], options: dict[str, int], expected: list[str]) -> None:
    with pytest.raises(TableError) as error:
        Score.start(Table("bi-del", players, 0, options))
    assert codes(error.value.problems) == expected


def test_the_deck_and_the_reminders_the_screen_shows() -> None:
    assert len(deck(4)) == 52
    assert len(set(deck(4))) == 52
    assert len(deck(3)) == 51
    assert TWO_OF_DIAMONDS not in deck(3)
    assert TWO_OF_CLUBS in deck(3)  # the lead and the queen stay
    assert QUEEN_OF_SPADES in deck(3)
    assert start(THREE).deck == deck(3)
    assert reminders(4) == ("bidel-reminder-lead", "bidel-reminder-first-trick", "bidel-reminder-hearts-broken")
    assert reminders(3) == ("bidel-reminder-three-players", *reminders(4))
    assert [str(Problem.of(code)) for code in reminders(3)] == [
        "with three players the 2♦ is taken out: 17 cards each",
        "the 2♣ leads the first trick",
        "no heart and no Q♠ on the first trick",
        "hearts are not led until a heart has been played",
    ]


def test_bi_del_is_in_the_registry() -> None:
    rules = find_game("bi-del")
    assert rules.players == (3, 4)
    assert not rules.teams
    assert rules.read_hand({"hearts": [0, 0, 13], "queen": 2}) == Hand((0, 0, 13), 2)
    score = rules.start(Table("bi-del", THREE))
    assert score.dealer == 0
    assert score.ruler is None
    assert score.first_bidder is None
    assert score.hand_number == 1


# ---- properties: every hand the referee allows costs 26, or 26 to each of the others after a moon --------------


@st.composite
def allowed_hands(draw: st.DrawFn) -> tuple[int, Hand]:
    players = draw(st.sampled_from((3, 4)))
    cuts = sorted(draw(st.lists(st.integers(0, 13), min_size=players - 1, max_size=players - 1)))
    hearts = tuple(b - a for a, b in zip((0, *cuts), (*cuts, 13), strict=True))
    return players, Hand(hearts, draw(st.integers(0, players - 1)))


@settings(max_examples=examples(200), deadline=None)
@given(allowed_hands())
def test_an_allowed_hand_costs_26(entry: tuple[int, Hand]) -> None:
    players, hand = entry
    score = start(FOUR[:players])
    assert score.problems(hand) == ()
    penalties, moon = hand_penalties(hand.hearts, hand.queen)
    if moon is None:
        assert sum(penalties) == 26
        assert penalties[hand.queen] >= 13
    else:
        assert hand.hearts[moon] == 13
        assert hand.queen == moon
        assert sorted(penalties) == [0] + [26] * (players - 1)
    assert score.play(hand).totals == penalties
