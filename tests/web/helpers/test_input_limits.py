"""Hostile input through the forms: every number is bounded digits (ASCII, or a script referee's languages write),
control characters never reach the database, and long text is refused without being echoed back in full. Each
case is one the fuzzer once found."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlmodel import Session, select

from referee.ledger import store
from referee.web.helpers.forms import MAX_FIELD_TEXT
from tests.conftest import make_test_app
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.pg import fresh_database, postgres_url  # noqa: F401 — the throwaway PostgreSQL server, as a fixture
from tests.tiers import matrix

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.web.helpers.forms",)

UNICODE_DIGITS = ["²", "①", "१२"]  # digits no language referee speaks writes (Persian ones are read: test_digits.py)
HUGE = ["9" * 310, "9" * 4301]
WHOLE = "in the digits 0–9"
STALE = "This page is out of date: reload it."


#: Each route, the field it reads a number from, and what it says of a number it cannot take.
ROUTES = [
    ("/buy", "expected_seq", STALE),
    ("/end", "expected_seq", STALE),
    ("/cut", "cutter_jokers", WHOLE),
    ("/contract", "contract_index", "That contract cannot be announced"),
    ("/undo", "target", "There is nothing like that to undo."),
]


# The quick run sends each route one of the values, and each value to one of the routes (tests/tiers.py).
@pytest.mark.parametrize(("route", "value"), matrix(ROUTES, UNICODE_DIGITS + HUGE))
def test_a_number_in_other_digits_or_too_long_is_refused_in_words(
    table: Table, route: tuple[str, str, str], value: str
) -> None:
    action, field, message = route
    page, form = ("/end", "/end") if action == "/end" else ("", "/buy")
    data = {**table.form(page, form), "player": "Beto", "went_out": "Beto", "confirm": "1", "target": "1", field: value}
    response = table.post(action, data, follow=True)
    # A contract refused is shown on the deal screen at once, with what was chosen (422); the other refusals are
    # flashed on the page the view redirects to (200).
    assert response.status_code == (422 if action == "/contract" else 200)
    assert message in text_of(response)
    assert table.state().seq == 1


@pytest.mark.parametrize(("field", "value"), matrix(["points-0", "buys-0", "cutter_jokers"], UNICODE_DIGITS + HUGE))
def test_a_correction_with_a_bad_number_is_refused_in_words(table: Table, field: str, value: str) -> None:
    assert table.end_deal("Beto", {"Ana": "5", "Caro": "3", "Dani": "4"}).status_code == 303
    data = {**table.form("/deals/1/correct", "/deals/1/correct"), field: value, "exact_cut": "y", "confirm": "1"}
    response = table.post("/deals/1/correct", data)
    assert response.status_code == 422
    assert "whole number" in text_of(response)
    assert table.state().seq == 2


@pytest.mark.parametrize("value", UNICODE_DIGITS + HUGE)
def test_the_players_page_takes_only_a_row_it_shows(table: Table, value: str) -> None:
    data = {**table.form("/players", "/players"), "row": value}
    response = table.post("/players", data, follow=True)
    assert response.status_code == 200  # the players page again, with the refusal flashed
    assert table.state().players == ("Ana", "Beto", "Caro", "Dani")


@pytest.mark.usefixtures("app")
def test_a_name_far_too_long_is_refused_and_not_echoed_in_full(client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    csrf = html.split('name="csrf_token" type="hidden" value="', 1)[1].split('"', 1)[0]
    long_name = "Ana" * 100_000
    response = client.post("/games/new", data={"csrf_token": csrf, "variant": "telefunken", "first_dealer": "0",
                                               "players-0": long_name, "players-1": "Beto", "players-2": "Caro"})
    assert response.status_code == 422
    page = text_of(response)
    assert "Field cannot be longer than 40 characters." in page
    assert len(page) < 100_000
    assert "Ana" * (MAX_FIELD_TEXT // 3 + 1) not in page


def stored_names(app: Flask) -> list[str]:
    with Session(app.extensions["referee.db"]) as session:
        return sorted(row.name for row in session.exec(select(store.GamePlayer)))


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Flask]:
    config: dict[str, object] = {}
    if request.param == "postgresql":
        # A database of its own: the server is shared by the whole run, and other tests leave games in theirs.
        config["DATABASE_URL"] = fresh_database(request.getfixturevalue("postgres_url"), "referee_input_limits")
    app = make_test_app(tmp_path, **config)
    yield app
    app.extensions["referee.db"].dispose()


def test_control_characters_never_reach_the_database(any_app: Flask) -> None:
    """A NUL byte in a name was a 500 on PostgreSQL (which refuses it in text): it is dropped with the others.
    A terminal escape sequence goes whole, not just its ESC (no "[31m" left in a name)."""
    client = any_app.test_client()
    table = new_game(client, any_app, ["A\x00na", "Be\x1b[31mto", "Caro\x7f", "Dani\u0085"])
    assert table.state().players == ("Ana", "Beto", "Caro", "Dani")
    data = {**table.form("/players", "/players"), "row": "0", "p0-new_name": "An\x00i\x1b]0;owned\x07ta\x1b[0m\x07"}
    assert table.post("/players", data).status_code == 303
    assert stored_names(any_app) == ["Anita", "Beto", "Caro", "Dani"]
