"""The scorekeeper's forms read what was posted as the views need it: a hand's points or cards, the melds one a
line, the seats' buttons, each seat's own field in a sparse post, nobody scoring 0 by omission, and what is
entered for the player who went out pointed out (docs/rules.md: the one who goes out holds no cards)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask

from referee.games.rummy.web.forms import (
    NOBODY,
    CorrectDealForm,
    EndDealForm,
    LaidDownForm,
    RenameForm,
    SeatsForm,
    UndoForm,
    hand_value,
)

PLAYERS = ["Ana", "Beto", "Caro", "Dani"]
NO_CSRF = {"csrf": False}


@pytest.fixture
def posted(app: Flask) -> Iterator[Any]:
    """Post ``data`` in a request of its own (English unless told), and build forms from it."""
    contexts: list[Any] = []

    def post(data: dict[str, str], language: str = "en") -> None:
        context = app.test_request_context("/", method="POST", data=data, headers={"Accept-Language": language})
        context.push()
        contexts.append(context)

    yield post
    for context in reversed(contexts):
        context.pop()


@pytest.mark.parametrize(
    ("cards", "points", "value"),
    [
        ("K 7 JK", None, "K 7 JK"),
        ("  K \n 7  ", "", "K 7"),  # spaces and line breaks between cards are one space
        ("K", "25", 25),  # points typed: they count, not the cards
        (None, "١٢", 12),  # Arabic-Indic digits are a whole number too
        ("K", "12a", "K"),  # not a whole number: the cards count (the field's own check refuses it)
        (None, None, ""),
    ],
)
def test_a_hand_is_its_typed_points_else_its_cards(
    posted: Any, cards: str | None, points: str | None, value: str | int
) -> None:
    posted({})
    assert hand_value(cards, points) == value


def test_a_hand_typed_with_spanish_letters_keeps_its_ranks(posted: Any) -> None:
    posted({}, "es")
    assert hand_value("7P KC JK") == "7 K JK"


def test_the_melds_are_one_a_line_or_split_by_a_semicolon_or_a_bar(posted: Any) -> None:
    posted({"melds": "7H 7S 7D\n\n KH KS KD ; 3C 4C 5C|9H 9S 9D\n  "})
    assert LaidDownForm(meta=NO_CSRF).meld_list() == ("7H 7S 7D", "KH KS KD", "3C 4C 5C", "9H 9S 9D")


@pytest.mark.parametrize(
    ("pressed", "move"),
    [
        ("add", ("add", None)),
        ("up:2", ("up", 2)),
        ("down:0", ("down", 0)),
        ("remove:3", ("remove", 3)),
        ("dealer:1", ("dealer", 1)),
        ("add:1", ("", None)),  # add takes no seat
        ("up:x", ("", None)),
        ("up:100", ("", None)),  # no table has a hundred seats
        ("up:-1", ("", None)),
        ("jump:1", ("", None)),
        ("", ("", None)),
    ],
)
def test_the_seats_button_pressed_is_read_or_ignored(posted: Any, pressed: str, move: tuple[str, int | None]) -> None:
    posted({"seat_action": pressed})
    assert SeatsForm(meta=NO_CSRF).move() == move


def end_form(*, nobody_allowed: bool = False, away: tuple[str, ...] = ()) -> EndDealForm:
    form = EndDealForm(meta=NO_CSRF)
    form.set_players(PLAYERS, nobody_allowed=nobody_allowed, away=away)
    return form


def test_each_seat_reads_its_own_fields_even_in_a_sparse_post(posted: Any) -> None:
    """Only Caro's points and Dani's cards were sent: they stay Caro's and Dani's, not seats 0 and 1."""
    posted({"went_out": "Beto", "points-2": "25", "hands-3": "A A"})
    form = end_form()
    assert [entry.data for entry in form.points.entries] == [None, None, "25", None]  # not sent
    assert form.hand_values(PLAYERS) == {"Ana": "", "Caro": 25, "Dani": "A A"}
    assert form.missing(PLAYERS) == ["Ana"]  # nobody scores 0 by omission


def test_what_is_entered_for_the_one_who_went_out_or_twice_is_pointed_out(posted: Any) -> None:
    posted({"went_out": "Beto", "hands-0": "K", "points-0": "10", "hands-1": "3", "points-2": "4", "hands-3": "5"})
    form = end_form()
    assert form.point_out_conflicts(PLAYERS)
    errors = [[str(error) for error in entry.errors] for entry in form.points.entries]
    assert errors[0] == ["Both cards and points for Ana: clear the one that is wrong."]
    assert errors[1] == [
        "Beto went out and holds no cards: clear what is entered for them, or tap who really went out."]
    assert errors[2] == errors[3] == []


def test_nothing_to_point_out_in_a_clean_end(posted: Any) -> None:
    posted({"went_out": "Beto", "hands-0": "K", "points-2": "4", "hands-3": "5"})
    form = end_form()
    assert not form.point_out_conflicts(PLAYERS)
    assert form.missing(PLAYERS) == []


def test_nobody_is_offered_only_where_allowed_and_means_no_one(posted: Any) -> None:
    posted({"went_out": NOBODY})
    assert [choice.value for choice in end_form().went_out.choices] == PLAYERS
    form = end_form(nobody_allowed=True)
    assert [choice.value for choice in form.went_out.choices] == [*PLAYERS, NOBODY]
    assert form.went_out_name() is None


def test_a_player_who_left_cannot_go_out_and_has_no_hand(posted: Any) -> None:
    posted({"went_out": "Beto", "hands-0": "K"})
    form = end_form(away=("Caro",))
    assert [choice.value for choice in form.went_out.choices] == ["Ana", "Beto", "Dani"]
    assert form.hand_values(PLAYERS) == {"Ana": "K", "Dani": ""}
    assert form.missing(PLAYERS) == ["Dani"]


@pytest.mark.parametrize(
    ("sent", "deal", "one_turn", "how"),
    [
        ("3", 3, "with-wild", "with-wild"),
        ("0", None, "without-wild", "without-wild"),  # deals are numbered from 1
        ("x", None, "", None),  # "No": not in one turn
        ("", None, "sideways", None),
    ],
)
def test_the_deal_and_a_one_turn_out_are_read_or_none(
    posted: Any, sent: str, deal: int | None, one_turn: str, how: str | None
) -> None:
    posted({"deal": sent, "out_in_one_turn": one_turn})
    form = end_form()
    assert form.deal_number() == deal
    assert form.one_turn_out() == how


def test_a_correction_reads_each_players_buys_blank_as_none(posted: Any) -> None:
    posted({"buys-0": "2", "buys-3": "1"})
    form = CorrectDealForm(meta=NO_CSRF)
    form.set_players(PLAYERS, nobody_allowed=False, away=("Beto",))
    assert form.buy_counts(PLAYERS) == {"Ana": 2, "Caro": 0, "Dani": 1}


@pytest.mark.parametrize(("target", "valid", "seq"), [("5", True, 5), ("abc", False, 0), ("-3", False, 0)])
def test_undo_takes_a_whole_number(posted: Any, target: str, valid: bool, seq: int) -> None:
    posted({"target": target})
    form = UndoForm(meta=NO_CSRF)
    form.validate()
    assert ("target" not in form.errors) is valid
    assert form.target_seq == seq


def test_a_new_name_is_tidied_as_on_the_new_game_page(posted: Any) -> None:
    posted({"player": "Beto", "new_name": "  Roberto   Díaz "})
    form = RenameForm(meta=NO_CSRF)
    assert (form.old_name(), form.tidy_name()) == ("Beto", "Roberto Díaz")
