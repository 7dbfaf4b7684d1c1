"""Correcting a past hand (referee/games/persian/web/correct.py): the hand's entry again for a hand already played,
its correction recorded and every total worked out again, a correction the rules refuse said with nothing saved,
and a page behind the game told so."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.web import correct

from .helpers import create, hidden_fields, play, state_of, text_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.correct",)

FOUR = ["Ana", "Bahram", "Cyrus", "Dara"]


def two_hands(client: FlaskClient) -> str:
    """A Hokm game with two hands played, each won by Ana's team 7–3 and 7–4: 1 point each (docs/table-games.md
    §1.2), totals 2 to 0."""
    _, token = create(client, "hokm", FOUR, first="0")
    play(client, token, {"result": "a:3"})
    play(client, token, {"result": "a:4"})
    return token


def test_only_a_hand_already_played_can_be_corrected(client: FlaskClient, app: Flask) -> None:
    token = two_hands(client)
    assert app.view_functions["persian.correct"] is correct.correct
    page = client.get(f"/g/{token}/hands/2/correct")
    assert page.status_code == 200
    assert hidden_fields(page.get_data(as_text=True))["hand"] == "2"
    for number in (0, 3, 9):  # hand 3 is the one being played
        assert client.get(f"/g/{token}/hands/{number}/correct").status_code == 404


def test_a_correction_scores_the_game_again(client: FlaskClient, app: Flask) -> None:
    token = two_hands(client)
    data = hidden_fields(client.get(f"/g/{token}/hands/1/correct").get_data(as_text=True))
    data["result"] = "a:0"  # hand 1 was a kot: 2, not 1
    response = client.post(f"/g/{token}/hands/1/correct", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{token}/scores")
    state = state_of(app, token)
    assert state.totals == (3, 0)
    assert [hand.corrected for hand in state.hands] == [True, False]
    assert "Hand 1 corrected." in text_of(client.get(f"/g/{token}/scores").get_data(as_text=True))


def test_a_correction_the_rules_refuse_is_said_and_saves_nothing(client: FlaskClient, app: Flask) -> None:
    token = two_hands(client)
    data = hidden_fields(client.get(f"/g/{token}/hands/1/correct").get_data(as_text=True))
    data["result"] = "a:7"  # the losers cannot take 7 tricks
    response = client.post(f"/g/{token}/hands/1/correct", data=data)
    assert response.status_code == 422
    assert "the losing team took 7 tricks" in text_of(response.get_data(as_text=True))
    assert state_of(app, token).seq == 3
    assert state_of(app, token).totals == (2, 0)
    data["result"] = ""
    assert client.post(f"/g/{token}/hands/1/correct", data=data).status_code == 422
    assert state_of(app, token).seq == 3


def test_a_correction_from_a_page_behind_the_game_saves_nothing(client: FlaskClient, app: Flask) -> None:
    token = two_hands(client)
    data = hidden_fields(client.get(f"/g/{token}/hands/1/correct").get_data(as_text=True))
    play(client, token, {"result": "b:0"})  # another phone enters hand 3 meanwhile
    data["result"] = "a:0"
    response = client.post(f"/g/{token}/hands/1/correct", data=data)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/g/{token}/scores")
    assert state_of(app, token).seq == 4
    assert not any(hand.corrected for hand in state_of(app, token).hands)
    assert "Someone else changed the game" in client.get(f"/g/{token}/scores").get_data(as_text=True)
