"""Going out in one turn on the scorekeeper's screens (Deb Kolsov ext: −25, −50 with no joker): the end of a
deal asks only where the game has the bonus, the sheet scores it, and a correction keeps it unless changed."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import new_game, text_of
from tests.html_forms import Forms

PLAYERS = ["Ana", "Beto", "Caro"]
EXT = {"variant": "shanghai-deb-kolsov", "hr__shanghai_deb_kolsov__kolsov_ext": "y"}


def total(html: str, name: str) -> int:
    match = re.search(rf'data-testid="sheet-total-{name}">(-?\d+)<', html)
    assert match, name
    return int(match.group(1))


def test_the_bonus_is_recorded_scored_and_kept_by_a_correction(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, PLAYERS, **EXT)
    assert 'data-testid="one-turn-no"' in table.get("/end")
    # Deal 1: Beto goes out in one turn with no joker (−50); Ana 10, Caro 20.
    table.end_deal("Beto", {"Ana": "10", "Caro": "20"}, out_in_one_turn="without-wild")
    # Deal 2: Caro goes out in one turn with a joker (−25); the preview shows the adjustment first.
    data = table.form("/end", "/end")
    data.update({"went_out": "Caro", "points-0": "5", "points-1": "7", "out_in_one_turn": "with-wild"})
    preview = text_of(table.post("/end", {**data, "preview": "1"}))
    assert "Deal 2: went out in one turn (Caro): -25" in preview
    assert 'data-testid="preview-total-Caro">-5<' in preview  # 20 − 25
    table.post("/end", {**Forms(preview).form("/end"), "confirm": "1"})
    sheet = table.get("/sheet")
    assert "Deal 1: went out in one turn with no wild card (Beto)" in sheet
    assert "Deal 2: went out in one turn (Caro)" in sheet
    assert ">-50<" in sheet
    assert ">-25<" in sheet
    # Ana 10 + 5 = 15; Beto 0 − 50 + 7 = −43; Caro 20 + 0 − 25 = −5.
    assert (total(sheet, "Ana"), total(sheet, "Beto"), total(sheet, "Caro")) == (15, -43, -5)

    # Correcting deal 1's points only: the form comes with the bonus as recorded, and the bonus stays.
    data = table.form("/deals/1/correct", "/deals/1/correct")
    assert data["out_in_one_turn"] == "without-wild"
    data["points-0"] = "12"
    preview = text_of(table.post("/deals/1/correct", {**data, "preview": "1"}))
    assert 'data-testid="preview-total-Beto">-43<' in preview
    table.post("/deals/1/correct", {**Forms(preview).form("/deals/1/correct"), "confirm": "1"})
    sheet = table.get("/sheet")
    assert (total(sheet, "Ana"), total(sheet, "Beto"), total(sheet, "Caro")) == (17, -43, -5)
    assert table.state().sheet.deals[0].out_in_one_turn == "without-wild"

    # Taking it off in a correction is a choice on the same form.
    data = table.form("/deals/2/correct", "/deals/2/correct")
    assert data["out_in_one_turn"] == "with-wild"
    data["out_in_one_turn"] = ""
    preview = text_of(table.post("/deals/2/correct", {**data, "preview": "1"}))
    table.post("/deals/2/correct", {**Forms(preview).form("/deals/2/correct"), "confirm": "1"})
    assert total(table.get("/sheet"), "Caro") == 20


def test_a_choice_not_offered_records_nothing(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, PLAYERS, **EXT)
    data = table.form("/end", "/end")
    data.update({"went_out": "Ana", "points-1": "5", "points-2": "7", "out_in_one_turn": "sideways"})
    response = table.post("/end", {**data, "confirm": "1"})
    assert response.status_code == 422
    assert table.state().sheet.deals == ()


def test_a_game_without_the_bonus_does_not_ask(client: FlaskClient, app: Flask) -> None:
    for fields in ({"variant": "shanghai-deb-kolsov"}, {}):
        table = new_game(client, app, PLAYERS, **fields)
        assert "one-turn-" not in table.get("/end")
        table.end_deal("Beto", {"Ana": "10", "Caro": "20"})
        assert "one-turn-" not in table.get("/deals/1/correct")
        assert "in one turn" not in table.get("/sheet")
