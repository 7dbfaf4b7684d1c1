"""Typed input survives: a form kept open for hours still saves, and a form whose session was lost comes back
with everything entered, a fresh token and why — nothing saved, nothing lost."""

from __future__ import annotations

import re
import time

import itsdangerous.timed
import pytest
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import Table, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms

LOST = "Nothing was saved: this page was kept open too long"


def lose_session(client: FlaskClient) -> None:
    """What a browser that dropped its cookies (or a server whose secret changed) sends: no session."""
    client.delete_cookie("session")


def test_a_form_kept_open_for_hours_still_saves(table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    data = {**table.form("/end", "/end"), "went_out": "Beto", "points-0": "5", "points-2": "3", "points-3": "4"}
    later = time.time() + 6 * 3600
    monkeypatch.setattr(itsdangerous.timed.time, "time", lambda: later)
    assert table.post("/end", {**data, "confirm": "1"}).status_code == 303
    assert table.state().deals_played == 1


def test_ending_a_deal_after_the_session_was_lost_keeps_every_entry(table: Table) -> None:
    data = {**table.form("/end", "/end"), "went_out": "Beto", "points-0": "17", "hands-2": "K 7 JK",
            "points-3": "4"}
    lose_session(table.client)
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 400
    html = text_of(response)
    assert LOST in html
    again = Forms(html).form("/end")
    assert again["went_out"] == "Beto"
    assert again["points-0"] == "17"
    assert again["hands-2"] == "K 7 JK"
    assert again["points-3"] == "4"
    assert again["csrf_token"] != data["csrf_token"]
    assert table.state().deals_played == 0
    # The page's fresh token works: sending it again records the deal, once.
    assert table.post("/end", {**again, "confirm": "1"}).status_code == 303
    assert table.state().sheet.totals == {"Ana": 17, "Beto": 0, "Caro": 32, "Dani": 4}


def test_a_rename_after_the_session_was_lost_keeps_the_new_name(table: Table) -> None:
    form = Forms(table.get("/players"))
    data = {**next(fields for _action, fields in form.forms if fields.get("row") == "1"), "p1-new_name": "Roberto"}
    lose_session(table.client)
    response = table.post("/players", data)
    assert response.status_code == 400
    assert LOST in text_of(response)
    assert 'value="Roberto"' in text_of(response)
    assert table.state().players == ("Ana", "Beto", "Caro", "Dani")


@pytest.mark.usefixtures("app")
def test_a_new_game_after_the_session_was_lost_keeps_the_names(client: FlaskClient) -> None:
    html = client.get("/games/new").get_data(as_text=True)
    data = {**Forms(html).form("/games/new"), "players-0": "Zoë", "players-1": "Yago", "players-2": "Xime",
            "first_dealer": "0"}
    del data["players-3"]  # the form's fourth row, removed (a blank row is pointed out, not dropped)
    lose_session(client)
    response = client.post("/games/new", data=data)
    assert response.status_code == 422
    page = text_of(response)
    assert LOST in page
    again = Forms(page).form("/games/new")
    assert [again[f"players-{i}"] for i in range(3)] == ["Zoë", "Yago", "Xime"]
    created = client.post("/games/new", data={**again, "first_dealer": "0"})
    assert created.status_code == 303


def test_melds_typed_on_the_deal_screen_survive_a_lost_session(table: Table) -> None:
    data = {**table.form("", "/laid-down"), "player": "Caro", "melds": "7H 7S 7D"}
    lose_session(table.client)
    response = table.post("/laid-down", data)
    assert response.status_code == 400
    html = text_of(response)
    assert LOST in html
    assert ">7H 7S 7D</textarea>" in html
    assert re.search(r'value="Caro"\s+checked', html)
    assert table.state().seq == 1


def test_the_reason_for_ending_early_survives_a_lost_session(table: Table) -> None:
    data = {**table.form("/sheet", "/abandon"), "reason": "the café is closing"}
    lose_session(table.client)
    response = table.post("/abandon", data)
    assert response.status_code == 400
    html = text_of(response)
    assert LOST in html
    assert 'value="the café is closing"' in html
    assert not table.state().over


def test_a_correction_after_the_session_was_lost_keeps_the_entries(table: Table) -> None:
    assert table.end_deal("Beto", {"Ana": "5", "Caro": "3", "Dani": "4"}).status_code == 303
    data = {**table.form("/deals/1/correct", "/deals/1/correct"), "points-0": "50", "confirm": "1"}
    lose_session(table.client)
    response = table.post("/deals/1/correct", data)
    assert response.status_code == 422
    assert LOST in text_of(response)
    assert Forms(text_of(response)).form("/deals/1/correct")["points-0"] == "50"
    assert table.state().sheet.totals["Ana"] == 5


def test_a_button_with_nothing_typed_says_why_in_words(table: Table) -> None:
    assert table.act("/buy", player="Beto").status_code == 303
    data = table.form("/undo", "/undo")
    lose_session(table.client)
    response = table.post("/undo", data)
    assert response.status_code == 400
    html = text_of(response)
    assert "Nothing was saved" in html
    assert "reload the page" in html
    assert "CSRF" not in html
    assert table.state().seq == 2


def test_a_lost_session_on_a_link_that_opens_no_game_is_a_plain_404(client: FlaskClient) -> None:
    response = client.post("/g/" + "x" * 43 + "/end", data={"went_out": "Ana", "confirm": "1"})
    assert response.status_code == 404
    assert "This link does not work" in text_of(response)
