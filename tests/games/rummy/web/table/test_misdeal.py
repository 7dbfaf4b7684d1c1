"""The deal screen's misdeal button (docs/rules.md D74): one tap records that the deal under way is dealt again, with
the page's seq and a fresh idempotency key like every action; the sheet's history says it; a kind of event that is no
button is no page."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.ledger.state.records import DealRecord
from tests.games.rummy.web.table.test_table import Table, new_game, text_of


@pytest.fixture
def table(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app)


def test_a_misdeal_is_one_tap_and_voids_the_deals_play(table: Table) -> None:
    html = table.get()
    assert 'data-testid="misdeal-card"' in html
    assert "Ana deals this deal again: what was recorded of it so far is void." in html
    assert table.act("/buy", player="Beto").status_code == 303
    assert table.state().chips.chips_left["Beto"] == 6
    before = table.state().seq
    response = table.act("/button/misdeal")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#misdeal-card")
    assert "Deal 1 is dealt again by Ana; what was recorded of it is void." in table.get()
    state = table.state()
    assert state.seq == before + 1
    assert state.current == DealRecord(number=1)
    assert state.chips.chips_left["Beto"] == 7
    assert state.seating.dealer == "Ana"
    assert "Deal 1: misdeal, dealt again" in table.get("/sheet")
    assert table.act("/undo", "/undo").status_code == 303
    assert table.state().chips.chips_left["Beto"] == 6


def test_the_same_form_sent_twice_deals_again_once(table: Table) -> None:
    form = table.form("", "/button/misdeal")
    assert table.post("/button/misdeal", form).status_code == 303
    seq = table.state().seq
    assert table.post("/button/misdeal", form).status_code == 303  # the same idempotency key: nothing more
    assert table.state().seq == seq


def test_a_form_opened_before_the_misdeal_records_nothing_after_it(table: Table) -> None:
    buy = table.form("", "/buy")
    assert table.act("/button/misdeal").status_code == 303
    seq = table.state().seq
    response = table.post("/buy", {**buy, "player": "Caro"}, follow=True)
    assert response.status_code == 200
    assert "changed" in text_of(response)
    assert table.state().seq == seq
    assert table.state().current == DealRecord(number=1)


def test_a_kind_that_is_no_button_is_no_page(table: Table) -> None:
    form = table.form("", "/button/misdeal")
    seq = table.state().seq
    for kind in ("buy", "exact-cut", "deal-ended", "nothing"):
        assert table.post(f"/button/{kind}", form).status_code == 404
    assert table.state().seq == seq


def test_the_button_speaks_the_pages_language(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    client.set_cookie("lang", "es")
    html = table.get()
    assert "Mal repartida: repartir otra vez" in html
    assert table.act("/button/misdeal").status_code == 303
    assert "La mano 1 la vuelve a repartir Ana; lo anotado en ella queda anulado." in table.get()
