"""The Persian games' screens as the core finds them (referee/games/persian/web/__init__.py): the blueprint
registered once, each game in the new-game chooser with its own form, the family's heading, and what My games
says of a game."""

from __future__ import annotations

from flask import Flask

from referee.games.persian.ledger import GameCreated, GameEnded, HandPlayed, apply, start
from referee.games.persian.web import WEB, chooser, heading, init_app, line

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def test_the_blueprint_is_registered_once(app: Flask) -> None:
    assert "persian" in app.blueprints
    rules = len(list(app.url_map.iter_rules()))
    init_app(app)
    assert len(list(app.url_map.iter_rules())) == rules
    assert (WEB.edit_endpoint, WEB.sheet_endpoint, WEB.export_endpoint) == (
        "persian.hand", "persian.sheet", "persian.export")


def test_the_chooser_offers_each_game_with_its_own_form(app: Flask) -> None:
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        entries = chooser()
        assert [entry.variant_id for entry in entries] == [
            "hokm", "shelem", "shelem-two", "qahve", "bi-del", "rim", "shaytan", "bluff"]
        hokm = entries[0]
        assert (hokm.name, hokm.url) == ("Hokm", "/games/persian/new?variant=hokm")
        assert hokm.note == "4 players in two teams; 7 tricks win a hand, 7 hands a round."
        assert heading() == "Persian card games"


def test_my_games_says_where_each_game_stands(app: Flask) -> None:
    state = start(GameCreated(variant="hokm", players=FOUR, first="Ana"))
    state = apply(state, HandPlayed(hand_number=1, hand={"winner": "A", "losers_tricks": 3}))
    with app.test_request_context("/", headers={"Accept-Language": "en"}):
        assert line(state) == "Hokm: Ana, Bahram, Cyrus, Dara — hand 2"
        won = apply(state, HandPlayed(hand_number=2, hand={"winner": "B", "losers_tricks": 0, "bam": True}))
        assert line(won) == "Hokm: Ana, Bahram, Cyrus, Dara — Bahram & Dara won the game."
        stopped = apply(state, GameEnded(reason="rain"))
        assert line(stopped) == "Hokm: Ana, Bahram, Cyrus, Dara — The game was ended before anyone won it: rain"
