"""Numbers typed in any digits referee's languages write: Persian (۰–۹), Arabic-Indic (٠–٩), full-width (０–９) and
ASCII, with the minus signs and the invisible direction marks phones put beside right-to-left text.

Each kind of number field gets them once (the new game's house rules and stakes, the exact cut, the points typed
at the end of a deal, a correction's buys and jokers, the hidden numbers a page sends back, the Referee screen's
and the rules card's addresses) and the recorded value is checked against the number written out by hand; junk
in those digits is refused in words and changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, ExactCut, GameCreated, Undone
from referee.games.rummy.web.forms import SeatsForm
from referee.web.helpers.numbers import whole_number
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms

LRM, RLM, ALM = "\u200e", "\u200f", "\u061c"


# ---- the one reader ------------------------------------------------------------------------------------------

# (typed, bounds, the number by hand)
READ = [
    ("۲۵", {}, 25),
    ("٢٥", {}, 25),
    ("２５", {}, 25),
    ("25", {}, 25),
    ("۱۰۰۰۰۰۰", {}, 1_000_000),
    (f"{RLM}۷{RLM}", {}, 7),
    (f"{LRM}۱۲{LRM}", {}, 12),
    (f"{ALM}٣{ALM}", {}, 3),
    (" ۰ ", {}, 0),
    ("۰۰۷", {}, 7),
    (f"{LRM}−۲۵", {"minimum": -99}, -25),  # as Babel writes -25 in Persian (the num filter's output)
    ("-٥", {"minimum": -99}, -5),
    ("－５", {"minimum": -99}, -5),
    ("−3", {"minimum": -99}, -3),
]


@pytest.mark.parametrize(("typed", "bounds", "number"), READ, ids=[repr(t) for t, _, _ in READ])
def test_whole_number_reads_every_script(typed: str, bounds: dict[str, int], number: int) -> None:
    assert whole_number(typed, **bounds) == number


# (typed, bounds): refused
REFUSED = [
    ("۲x", {}), ("x۲", {}), ("۲.۵", {}), ("٢٫٥", {}), ("١٬٠٠٠", {}), ("۱,۰۰۰", {}), ("۱ ۲", {}), ("²", {}),
    ("१२", {}), ("①", {}), ("-۵", {}), ("۱۰۰۰۰۰۱", {}), ("۱" * 10, {}), ("", {}), (LRM, {}), ("−", {"minimum": -9}),
    ("--۵", {"minimum": -9}), ("+۵", {}), ("۵-", {"minimum": -9}),
]


@pytest.mark.parametrize(("typed", "bounds"), REFUSED, ids=[repr(t) for t, _ in REFUSED])
def test_whole_number_refuses_what_is_not_one(typed: str, bounds: dict[str, int]) -> None:
    assert whole_number(typed, **bounds) is None


def test_a_seat_button_in_persian_digits_is_the_seat(app: Flask) -> None:
    with app.test_request_context():
        form = SeatsForm(formdata=None, meta={"csrf": False})
        form.seat_action.data = "up:۲"
        assert form.move() == ("up", 2)
        form.seat_action.data = "up:۲x"
        assert form.move() == ("", None)


# ---- the forms ------------------------------------------------------------------------------------------------


def test_a_new_game_takes_house_rules_and_stakes_in_persian_and_arabic_digits(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, hr__telefunken__chips="۵", small_stake="٢", large_stake=f"{LRM}۱۰{LRM}")
    state = table.state()
    created = state.history.entries[0].event
    assert isinstance(created, GameCreated)
    assert created.house_rules == {"chips": 5}
    assert created.settings["small_stake"] == 2
    assert created.settings["large_stake"] == 10
    assert state.chips.chips_left == {"Ana": 5, "Beto": 5, "Caro": 5, "Dani": 5}


@pytest.mark.usefixtures("app")
@pytest.mark.parametrize("typed", ["۵x", "٢٫٥", "²", "۱" * 10])
def test_a_new_game_with_junk_in_persian_digits_is_refused(client: FlaskClient, typed: str) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    csrf = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html)
    assert csrf
    response = client.post("/games/new", data={
        "csrf_token": csrf.group(1), "variant": "telefunken", "first_dealer": "0", "create": "1",
        "players-0": "Ana", "players-1": "Beto", "players-2": "Caro", "hr__telefunken__chips": typed})
    assert response.status_code == 422
    assert "Type a whole number from 0 to 99, in the digits 0–9." in text_of(response)
    assert client.get_cookie("referee_games") is None  # no game was made


def test_an_exact_cut_takes_the_jokers_in_persian_digits(table: Table) -> None:
    assert table.act("/cut", cutter_jokers="۱").status_code == 303
    state = table.state()
    event = state.history.entries[-1].event
    assert isinstance(event, ExactCut)
    assert event.cutter_jokers == 1
    assert state.chips.chips_left["Dani"] == 8  # the cutter's 7 chips and 1 for the exact cut


@pytest.mark.parametrize("typed", ["۱x", "٠٫٥", "-۱", "۱" * 10])
def test_an_exact_cut_with_junk_changes_nothing(table: Table, typed: str) -> None:
    response = table.act("/cut", cutter_jokers=typed)
    assert response.status_code == 303
    assert "Type a whole number from 0 to 1000000, in the digits 0–9." in table.get()
    assert table.state().seq == 1


def end_deal_typed(table: Table, went_out: str, points: dict[str, str]) -> Any:
    """End deal 1 with points typed as given (preview, then confirm the page the preview shows)."""
    data = table.form("/end", "/end")
    data["went_out"] = went_out
    for seat, name in enumerate(table.state().players):
        if name in points:
            data[f"points-{seat}"] = points[name]
    preview = table.post("/end", {**data, "preview": "1"})
    assert preview.status_code == 200, text_of(preview)[-2000:]
    return table.post("/end", {**Forms(text_of(preview)).form("/end"), "confirm": "1"})


def test_points_typed_in_persian_and_arabic_digits_are_recorded(table: Table) -> None:
    response = end_deal_typed(table, "Beto", {"Ana": "۲۵", "Caro": "٣٠", "Dani": f"{RLM}۱۵{RLM}"})
    assert response.status_code == 303
    state = table.state()
    event = state.history.entries[-1].event
    assert isinstance(event, DealEnded)
    assert event.hands == {"Ana": 25, "Caro": 30, "Dani": 15}
    assert state.sheet.totals == {"Ana": 25, "Beto": 0, "Caro": 30, "Dani": 15}


@pytest.mark.parametrize("typed", ["۲x", "٢٫٥", "-۵", "۱" * 10, "²"])
def test_points_with_junk_are_refused_and_nothing_is_recorded(table: Table, typed: str) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "points-0": typed, "points-2": "۳", "points-3": "۴", "confirm": "1"})
    response = table.post("/end", data)
    assert response.status_code == 422
    assert "Points are a whole number from 0 to 9999999." in text_of(response)
    assert table.state().seq == 1


def test_a_correction_takes_points_buys_and_jokers_in_persian_and_arabic_digits(table: Table) -> None:
    assert end_deal_typed(table, "Beto", {"Ana": "10", "Caro": "20", "Dani": "30"}).status_code == 303
    data = table.form("/deals/1/correct", "/deals/1/correct")
    data.update({"points-0": "۱۵", "buys-0": "٢", "buys-2": f"{LRM}۱{LRM}", "exact_cut": "y", "cutter_jokers": "٢"})
    preview = table.post("/deals/1/correct", {**data, "preview": "1"})
    assert preview.status_code == 200, text_of(preview)[-2000:]
    confirm = Forms(text_of(preview)).form("/deals/1/correct")
    assert table.post("/deals/1/correct", {**confirm, "confirm": "1"}).status_code == 303
    state = table.state()
    event = state.history.entries[-1].event
    assert isinstance(event, DealCorrected)
    assert event.hands == {"Ana": 15, "Caro": 20, "Dani": 30}
    assert event.buys == {"Ana": 2, "Beto": 0, "Caro": 1, "Dani": 0}
    assert event.exact_cut is True
    assert event.cutter_jokers == 2
    assert state.sheet.totals["Ana"] == 15


@pytest.mark.parametrize("field", ["points-0", "buys-0", "cutter_jokers"])
@pytest.mark.parametrize("typed", ["۲x", "٢٫٥", "-۱"])
def test_a_correction_with_junk_changes_nothing(table: Table, field: str, typed: str) -> None:
    assert end_deal_typed(table, "Beto", {"Ana": "10", "Caro": "20", "Dani": "30"}).status_code == 303
    data = {**table.form("/deals/1/correct", "/deals/1/correct"), field: typed, "exact_cut": "y", "confirm": "1"}
    response = table.post("/deals/1/correct", data)
    assert response.status_code == 422
    assert "whole number" in text_of(response)
    assert table.state().seq == 2


def test_the_numbers_a_page_sends_back_may_come_in_persian_digits(table: Table) -> None:
    """The page's own numbers (the seq it was rendered at, the event to undo) read alike in any digits: a page
    that wrote them in the language's digits still works."""
    data = table.form("", "/buy")
    assert data["expected_seq"] == "1"
    assert table.post("/buy", {**data, "player": "Beto", "expected_seq": "۱"}).status_code == 303
    assert isinstance(table.state().history.entries[-1].event, Buy)
    undo = table.form("/undo", "/undo")
    assert undo["target"] == "2"
    assert table.post("/undo", {**undo, "target": "۲", "expected_seq": "٢"}).status_code == 303
    event = table.state().history.entries[-1].event
    assert isinstance(event, Undone)
    assert event.seq == 2
    assert table.state().chips.buys_this_deal["Beto"] == 0


# ---- addresses ------------------------------------------------------------------------------------------------


def test_the_referee_screen_reads_its_deal_and_players_in_persian_digits(client: FlaskClient) -> None:
    html = text_of(client.get("/referee?variant=telefunken&deal=۳&players=٤"))
    assert re.search(r'<option value="3" selected>3\. ', html)
    assert re.search(r'name="players"[^>]*value="4"', html)
    refused = text_of(client.get("/referee?variant=telefunken&deal=۳x"))
    assert "There is no deal ۳x in Telefunken (Venezuela): showing deal 1." in refused


def test_the_rules_card_reads_a_house_rule_in_persian_digits(client: FlaskClient) -> None:
    assert "Each player has 5 chips for the whole game." in text_of(client.get("/rules/telefunken?chips=۵"))
    refused = text_of(client.get("/rules/telefunken?chips=۵x"))
    assert "Each player has 7 chips for the whole game." in refused
    assert "Some house rules in the address were not understood and show the book’s value: chips." in refused
