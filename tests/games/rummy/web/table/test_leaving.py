"""A player leaves mid-game, from the players page: the deal screen, the end of a deal, the sheet and the viewer
all go on without them, and their points stay (docs/rules.md D68)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.html_forms import Forms

FIVE = ["Ana", "Beto", "Caro", "Dani", "Eva"]


def leave(table: Table, name: str) -> object:
    page = table.get("/players")
    form = next(fields for action, fields in Forms(page).forms if action.endswith("/players#leave"))
    return table.post("/players", {**form, "leaving": name})


def test_a_player_leaves_between_deals_and_the_game_goes_on_without_them(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, FIVE)
    assert "Someone leaves the table" not in table.get("/players")  # before deal 1 ends: the seats form instead
    assert table.end_deal("Ana", {"Beto": "5", "Caro": "10", "Dani": "20", "Eva": "1"}).status_code == 303
    response = leave(table, "Beto")
    assert response.status_code == 303
    flashed = text_of(client.get(response.headers["Location"]))
    assert "Beto has left the game: their points stay; Caro deals deal 2." in flashed
    assert "Beto left the game" in table.get("/undo")  # what Undo would take back, in words
    deal = table.get()
    assert 'data-testid="left-Beto"' in deal
    assert "left after deal 1" in deal
    assert 'data-testid="buy-player-Beto"' not in deal
    assert 'data-testid="buy-player-Caro"' in deal
    end = table.get("/end")
    assert 'data-testid="away-Beto"' in end
    assert 'data-testid="out-Beto"' not in end
    # Nobody needs to enter a hand for Beto: three entries are the whole result.
    assert table.end_deal("Caro", {"Ana": "7", "Dani": "3", "Eva": "2"}).status_code == 303
    state = table.state()
    assert state.sheet.totals == {"Ana": 7, "Beto": 5, "Caro": 10, "Dani": 23, "Eva": 3}
    assert state.sheet.standings[-1] == "Beto"
    assert state.seating.dealer == "Dani"
    sheet = table.get("/sheet")
    assert 'data-testid="sheet-left-Beto"' in sheet
    cell = re.search(r'data-testid="cell-2-Beto">(.*?)</td>', sheet, re.S)
    assert cell
    assert "–" in cell.group(1)


def test_a_departure_the_ledger_refuses_says_why_and_changes_nothing(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, ["Ana", "Beto", "Caro"])
    assert table.end_deal("Ana", {"Beto": "5", "Caro": "10"}).status_code == 303
    seq = table.state().seq
    response = leave(table, "Beto")
    assert response.status_code == 422
    page = text_of(response)
    assert "Nobody was marked as having left:" in page
    assert "needs at least 3 players: with Beto gone 2 would stay" in page
    assert table.state().seq == seq
    assert table.state().seating.left == {}


def test_a_player_cannot_leave_in_the_middle_of_a_deal(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, FIVE)
    assert table.end_deal("Ana", {"Beto": "5", "Caro": "10", "Dani": "20", "Eva": "1"}).status_code == 303
    assert table.act("/buy", "", player="Dani").status_code == 303
    response = leave(table, "Beto")
    assert response.status_code == 422
    assert "deal 2 is under way (something is recorded in it): end it with Beto" in text_of(response)
    assert table.state().seating.left == {}


def test_the_viewer_marks_who_left(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, FIVE)
    table.end_deal("Ana", {"Beto": "5", "Caro": "10", "Dani": "20", "Eva": "1"})
    assert leave(table, "Eva").status_code == 303
    share = table.get("/share")
    view = re.search(r'/v/([A-Za-z0-9_-]+)', share)
    assert view
    board = text_of(client.get(f"/v/{view.group(1)}"))
    assert "left after deal 1" in board
