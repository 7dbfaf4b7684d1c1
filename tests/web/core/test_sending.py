"""Forms the scorekeeper's page sends itself (referee.web.core.sending): a redirect is answered with its address and
its message left for the next page; every other answer is the page itself; a form sent twice records once."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.html_forms import Forms

SENT_BY_THE_PAGE = {"Referee-Send": "1"}


@pytest.fixture
def table(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app)


def send(table: Table, action: str, data: dict[str, Any]) -> Any:
    """Post as static/js/table.js does."""
    return table.client.post(table.base + action, data=data, headers=SENT_BY_THE_PAGE)


def test_a_recorded_action_is_answered_with_where_to_go_and_its_message_waits_there(table: Table) -> None:
    response = send(table, "/buy", {**table.form("", "/buy"), "player": "Beto"})
    assert response.status_code == 204
    assert response.headers["Referee-Location"] == f"/g/{table.token}#buy-card"
    assert "Location" not in response.headers
    assert response.get_data() == b""
    assert "Content-Security-Policy" in response.headers
    html = table.get()  # the page the phone goes to shows the message the fetch did not read
    assert "Beto bought the discard: take it and 1 from the stock." in html
    assert table.state().chips.buys_this_deal["Beto"] == 1


def test_a_form_sent_again_after_its_answer_was_lost_is_recorded_once(table: Table) -> None:
    data = {**table.form("", "/buy"), "player": "Beto"}
    assert send(table, "/buy", data).status_code == 204
    again = send(table, "/buy", data)  # the connection dropped before the answer came: the page sends it again
    assert again.status_code == 204
    assert again.headers["Referee-Location"] == f"/g/{table.token}#buy-card"
    assert table.state().chips.buys_this_deal == {"Ana": 0, "Beto": 1, "Caro": 0, "Dani": 0}


def test_a_form_overtaken_by_another_phone_gets_the_stale_answer(table: Table) -> None:
    kept = table.form("", "/buy")  # kept on a phone without a connection
    assert table.act("/buy", player="Caro").status_code == 303  # another phone
    response = send(table, "/buy", {**kept, "player": "Beto"})
    assert response.status_code == 204
    assert "Someone else changed the game" in table.get()
    assert table.state().chips.buys_this_deal == {"Ana": 0, "Beto": 0, "Caro": 1, "Dani": 0}


def test_a_kept_end_of_deal_whose_deal_another_phone_recorded_gets_that_page(table: Table) -> None:
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "points-0": "10", "points-2": "20", "points-3": "30"})
    preview = text_of(send(table, "/end", {**data, "preview": "1"}))
    assert "Result of deal 1" in preview
    kept = Forms(preview).form("/end")
    assert table.end_deal("Ana", {"Beto": "5", "Caro": "5", "Dani": "5"}).status_code == 303  # another phone
    response = send(table, "/end", {**kept, "confirm": "1"})
    assert response.status_code == 409  # a page, shown as it is: never recorded into deal 2
    assert "Deal 1 was already recorded by another phone" in text_of(response)
    state = table.state()
    assert [deal.went_out for deal in state.sheet.deals] == ["Ana"]


def test_pages_and_plain_form_posts_are_answered_as_before(table: Table) -> None:
    plain = table.post("/buy", {**table.form("", "/buy"), "player": "Beto"})
    assert plain.status_code == 303
    assert "Referee-Location" not in plain.headers
    page = table.client.get(table.base, headers=SENT_BY_THE_PAGE)
    assert page.status_code == 200
    refused = send(table, "/laid-down", {**table.form("", "/laid-down"), "player": "Caro", "melds": "7H 8H"})
    assert refused.status_code == 422
    assert "Referee-Location" not in refused.headers
