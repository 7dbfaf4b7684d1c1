"""The new Persian game (referee/games/persian/web/new.py): each game's house rules on the form at their defaults
(docs/table-games.md: Hokm 2 rounds, Shelem 1200 and a redeal when all pass, Bi-del's limit 300), the values chosen,
the seats a game has, and a game created with its first dealer and house rules, or refused in words."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.rules import GAMES
from referee.games.persian.web.new import chooser_games, option_rows

from .helpers import NEW, create, hidden_fields, state_of, text_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.new",)


def test_the_chooser_offers_every_game_in_the_rule_books_order() -> None:
    assert [rules.id for rules in chooser_games()] == [
        "hokm", "shelem", "shelem-two", "qahve", "bi-del", "rim", "shaytan", "bluff"]


def test_a_fresh_form_shows_the_house_rules_at_their_defaults(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        rows, chosen = option_rows(GAMES["shelem"])
        assert chosen == {}
        assert [(row.name, row.kind, row.value) for row in rows] == [
            ("option_target", "choice", 1200), ("option_all_pass_redeal", "bool", True)]
        assert rows[0].choices == (("1200", "1200"), ("660", "660"), ("330", "330"))
        assert rows[1].choices == (("True", "on"), ("False", "off"))
        hokm, _ = option_rows(GAMES["hokm"])
        assert [(row.title, row.value) for row in hokm] == [("Rounds to win the match", 2)]
        assert option_rows(GAMES["shaytan"]) == ([], {})


def test_the_values_posted_are_chosen_and_an_unknown_one_is_said(app: Flask) -> None:
    with app.test_request_context("/", method="POST", data={"option_target": "660"}):
        rows, chosen = option_rows(GAMES["shelem"])
        assert chosen == {"target": 660, "all_pass_redeal": False}  # a box not ticked is not sent: off
        assert [row.error for row in rows] == ["", ""]
    with app.test_request_context("/", method="POST", data={"option_limit": "250"},
                                  headers={"Accept-Language": "en"}):
        rows, chosen = option_rows(GAMES["bi-del"])
        assert (chosen, rows[0].value, rows[0].error) == ({}, 300, "Choose one of the options.")


def test_the_form_has_the_games_fewest_seats_and_rows_are_added_to_its_most(client: FlaskClient) -> None:
    bidel = client.get(f"{NEW}?variant=bi-del").get_data(as_text=True)
    assert len(re.findall(r'data-testid="player-\d+"', bidel)) == 3
    data = {**hidden_fields(bidel), "variant": "bi-del", "add_player": "1"}
    data.update({f"players-{i}": name for i, name in enumerate(["Ana", "Bahram", "Cyrus"])})
    four = client.post(NEW, data=data).get_data(as_text=True)
    assert len(re.findall(r'data-testid="player-\d+"', four)) == 4
    data.update({**hidden_fields(four), "players-3": "Dara"})
    five = client.post(NEW, data=data).get_data(as_text=True)  # Bi-del seats at most four
    assert len(re.findall(r'data-testid="player-\d+"', five)) == 4
    assert "Hokm" in text_of(client.get(f"{NEW}?variant=poker").get_data(as_text=True))  # the default game


def test_a_game_is_created_with_its_first_dealer_and_house_rules(client: FlaskClient, app: Flask) -> None:
    response, token = create(client, "rim", ["Ana", "Bahram"], first="1", target="50", jack="11")
    assert response.status_code == 303
    assert token
    state = state_of(app, token)
    assert (state.players, state.dealer, dict(state.options)) == (("Ana", "Bahram"), "Bahram",
                                                                  {"target": 50, "jack": 11})


def test_a_game_the_form_cannot_start_is_refused_in_words(client: FlaskClient) -> None:
    response, token = create(client, "rim", ["Ana", ""], first="0")
    assert (response.status_code, token) == (422, "")
    assert "Player 2 has no name: type it, or remove that row." in text_of(response.get_data(as_text=True))
    response, token = create(client, "rim", ["Ana", "Bahram"], first="5")
    assert (response.status_code, token) == (422, "")
    assert "Choose who goes first among the players" in text_of(response.get_data(as_text=True))
