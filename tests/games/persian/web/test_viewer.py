"""The players' board of a Persian game and its rules cards (referee/games/persian/web/viewer.py): the board the
core's /v/<view_token> serves, a name followed through the game's renames, and a game's card without a game."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from referee.games.persian.ledger import GameCreated, PlayerRenamed, apply, start
from referee.games.persian.web.viewer import VIEWER, rules_page

from .helpers import create, play, text_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.viewer",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def test_a_name_is_followed_through_the_games_renames() -> None:
    state = start(GameCreated(variant="hokm", players=FOUR, first="Ana"))
    state = apply(state, PlayerRenamed(old="Bahram", new="Bahman"))
    state = apply(state, PlayerRenamed(old="Bahman", new="Bahman Jan"))
    assert VIEWER.renamed(state, "Bahram") == "Bahman Jan"
    assert VIEWER.renamed(state, "Cyrus") == "Cyrus"
    assert VIEWER.renamed(state, "Ebi") == "Ebi"  # nobody by that name now: the name as it was


def test_the_board_shows_the_next_hands_roles_and_the_totals(client: FlaskClient) -> None:
    _, token = create(client, "hokm", list(FOUR), first="0")
    play(client, token, {"result": "b:0"})  # a ruler's kot: B 3, and Bahram rules; Cyrus deals
    view = re.search(r"/v/([A-Za-z0-9_-]+)", client.get(f"/g/{token}/share").get_data(as_text=True))
    assert view
    board = client.get(f"/v/{view.group(1)}").get_data(as_text=True)
    assert 'data-testid="board-total-a">0<' in board
    assert 'data-testid="board-total-b">3<' in board
    assert 'data-testid="board-ruler">Bahram<' in board
    assert 'data-testid="board-dealer">Cyrus<' in board


def test_a_games_rules_card_without_a_game_seats_the_table_closest_to_four(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        bidel = text_of(rules_page("bi-del", "/rules"))  # three or four: four, so its passes go across too
        assert "3 cards across" in bidel
        rim = text_of(rules_page("rim", "/rules"))
        assert "A 14, K 13, Q 12, J 10" in rim
        assert 'href="/rules"' in rules_page("hokm", "/rules")
