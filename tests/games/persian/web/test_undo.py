"""Undo and redo on a Persian game (referee/games/persian/web/undo.py): the buttons' offers, and the posts — back to
the page they came from, a refusal said with nothing saved, a broken form refused."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.ledger import GameCreated, HandPlayed, Undone, apply, start
from referee.games.persian.web.undo import redo_offer, undo_offer

from .helpers import create, hand_page, hidden_fields, play, state_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.undo",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def undo_form(page: str) -> dict[str, str]:
    return hidden_fields(page.split('data-testid="undo"')[0].rsplit("<form", 1)[1])


def test_the_offers_name_what_undo_and_redo_take_back(app: Flask) -> None:
    state = start(GameCreated(variant="hokm", players=FOUR, first="Ana"))
    state = apply(state, HandPlayed(hand_number=1, hand={"winner": "A", "losers_tricks": 3}))  # seq 2
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        offer = undo_offer(state)
        assert offer is not None
        assert (offer.form.target.data, offer.words) == ("2", "hand 1 entered")
        assert redo_offer(state) is None
        undone = apply(state, Undone(seq=2))  # seq 3
        assert undo_offer(undone) is None  # the creation cannot be undone
        redo = redo_offer(undone)
        assert redo is not None
        assert (redo.form.target.data, redo.words) == ("3", "event 2 undone")


def test_undo_goes_back_to_the_page_it_came_from(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", list(FOUR), first="0")
    play(client, token, {"result": "a:3"})
    response = client.post(f"/g/{token}/hand/undo", data=undo_form(hand_page(client, token)))
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{token}/hand")
    assert (state_of(app, token).totals, state_of(app, token).hand_number) == ((0, 0), 1)
    sheet = client.get(f"/g/{token}/scores").get_data(as_text=True)
    redo = hidden_fields(sheet.split('data-testid="redo"')[0].rsplit("<form", 1)[1])
    response = client.post(f"/g/{token}/hand/undo", data=redo, headers={"Referer": f"http://localhost/g/{token}/scores"})
    assert response.headers["Location"].endswith(f"/g/{token}/scores")
    assert state_of(app, token).totals == (1, 0)


def test_an_undo_the_log_refuses_is_said_and_saves_nothing(client: FlaskClient, app: Flask) -> None:
    _, token = create(client, "hokm", list(FOUR), first="0")
    play(client, token, {"result": "a:3"})
    play(client, token, {"result": "a:1"})
    data = undo_form(hand_page(client, token))
    seq = state_of(app, token).seq
    data["target"] = "2"  # hand 1, under hand 2
    assert client.post(f"/g/{token}/hand/undo", data=data).status_code == 303
    assert state_of(app, token).seq == seq
    assert "undoing event 2 would leave later entries against the rules" in hand_page(client, token)
    data["target"] = "two"
    assert client.post(f"/g/{token}/hand/undo", data=data).status_code == 303
    assert state_of(app, token).seq == seq
    assert "That did not work: try again." in hand_page(client, token)
