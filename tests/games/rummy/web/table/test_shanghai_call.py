"""The deal screen records who called "Shanghai!" (docs/rules.md D70), as it records a buy: a form with the page's
seq and a fresh idempotency key, a refusal that changes nothing and that the table may record anyway, undo; the
score sheet's history says it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import new_game, text_of
from tests.html_forms import Forms


def test_a_call_is_recorded_after_a_lay_down_and_undone(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="shanghai")
    html = table.get()
    assert 'data-testid="shanghai-card"' in html
    assert 'data-testid="jump-shanghai"' in html
    assert table.act("/laid-down", player="Ana").status_code == 303
    before = table.state().seq
    response = table.act("/shanghai", player="Caro")
    assert response.status_code == 303
    assert response.headers["Location"].endswith("#shanghai-card")
    html = table.get()
    assert "Shanghai call by Caro recorded." in html
    assert 'data-testid="shanghai-calls"' in html
    assert "<bdi>Caro</bdi>" in html
    state = table.state()
    assert state.seq == before + 1
    assert state.calls.this_deal == {"Caro": 1}
    assert state.chips.buys_left_this_deal["Caro"] == 2  # no May-I spent
    assert "Deal 1: Caro called Shanghai" in table.get("/sheet")
    assert table.act("/undo", "/undo").status_code == 303
    assert table.state().calls.this_deal == {}


def test_a_refused_call_changes_nothing_and_the_table_can_allow_it(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="shanghai")
    before = table.state().seq
    response = table.act("/shanghai", player="Beto")
    assert response.status_code == 422
    html = text_of(response)
    assert "Beto’s Shanghai call cannot be recorded:" in html
    assert "nobody has laid down in deal 1 yet" in html
    assert table.state().seq == before
    override = Forms(html).form("/shanghai")
    assert override["player"] == "Beto"
    assert "nobody has laid down" in override["override"]
    assert table.post("/shanghai", override).status_code == 303
    state = table.state()
    assert state.seq == before + 1
    assert state.calls.this_deal == {"Beto": 1}
    assert state.history.entries[-1].override is not None


def test_the_same_form_sent_twice_records_one_call(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="shanghai-deb-kolsov")
    table.act("/laid-down", player="Ana")
    form = table.form("", "/shanghai")
    form["player"] = "Dani"
    assert table.post("/shanghai", form).status_code == 303
    assert table.post("/shanghai", form).status_code == 303  # the same idempotency key: nothing more
    assert table.state().calls.this_deal == {"Dani": 1}


def test_no_call_card_where_the_game_has_none(client: FlaskClient, app: Flask) -> None:
    for variant in ("telefunken", "shanghai-tahelia-powe"):
        html = new_game(client, app, variant=variant).get()
        assert 'data-testid="shanghai-card"' not in html
        assert 'data-testid="jump-shanghai"' not in html
