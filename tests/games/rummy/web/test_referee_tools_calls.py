"""The Referee screen's lay-off tool answers what the engine now says: whether a "Shanghai!" call on a discard is
valid (docs/rules.md D70), whether cards may go down as a new meld (D36, D37), and Deb Kolsov's ext joker caps
(D69) in a game that has them."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from tests.games.rummy.web.test_referee_tools import get, new_game, reasons, text

VALID_CALL = "As a discard, this card fits the meld: a “Shanghai!” call on it is valid."
NO_CALL = "As a discard, this card fits no place in the meld: a “Shanghai!” call on it is not valid."


def test_a_discard_that_fits_makes_a_valid_shanghai_call(client: FlaskClient) -> None:
    # 9♣ lengthens 5♣–8♣: the player who has not melded may not lay it off, but a call on it is valid.
    html = get(client, "/referee", variant="shanghai", deal="2", table_meld="5C 6C 7C 8C", cards="9C",
               action="layoff", tool="layoff", player_has_melded="no")
    assert text(html, "table-answer-headline") == "No: the card(s) may not be laid off."
    assert reasons(html, "table-answer") == ["you have not laid your contract yet: lay-offs come after it"]
    assert VALID_CALL in text(html, "table-answer")
    html = get(client, "/referee", variant="shanghai", deal="2", table_meld="5C 6C 7C 8C", cards="9H",
               action="layoff", tool="layoff", player_has_melded="yes")
    assert NO_CALL in text(html, "table-answer")


def test_no_word_of_a_call_where_the_game_has_none(client: FlaskClient) -> None:
    for variant in ("telefunken", "shanghai-tahelia-powe"):
        html = get(client, "/referee", variant=variant, deal="3", table_meld="5C 6C 7C 8C", cards="9C",
                   action="layoff", tool="layoff", player_has_melded="yes")
        assert text(html, "table-answer-headline") == "Yes: the card(s) may be laid off."
        assert "Shanghai!" not in text(html, "table-answer")


def test_a_new_meld(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="3", cards="8H 8S 8D", action="meld", tool="layoff",
               player_has_melded="yes")
    assert 'data-testid="action-meld"' in html
    assert text(html, "table-answer-headline") == "Yes: they may go down as a new meld."
    assert "Set of rank 8" in text(html, "table-answer")
    html = get(client, "/referee", variant="shanghai", deal="3", cards="8H 8S 8D", action="meld", tool="layoff",
               player_has_melded="yes", contract_turn="no")
    assert text(html, "table-answer-headline") == "No: they may not go down as a new meld."
    assert reasons(html, "table-answer") == [
        "in Shanghai Rummy no new meld is laid after the contract: only lay-offs onto the melds on the table"
    ]
    html = get(client, "/referee", variant="telefunken", deal="3", cards="", action="meld", tool="layoff")
    assert text(html, "table-answer-headline") == "Enter the cards of the new meld."


def test_a_kolsov_ext_game_counts_its_caps(app: Flask, client: FlaskClient) -> None:
    ext = new_game(app, "shanghai-deb-kolsov", kolsov_ext=True)
    plain = new_game(app, "shanghai-deb-kolsov")
    # deal 6's run of 5 holds two jokers with the ext preset: a natural goes onto it
    asked = {"deal": "6", "table_meld": "5C 6C JK JK 9C", "cards": "10C", "action": "layoff", "tool": "layoff",
             "player_has_melded": "yes"}
    html = get(client, f"/v/{ext.view_token}/referee", **asked)
    assert text(html, "table-answer-headline") == "Yes: the card(s) may be laid off."
    html = get(client, f"/v/{plain.view_token}/referee", **asked)
    assert "allows one per set or run" in text(html, "table-answer")
    # and the contract finder lays the run of 5 down with both jokers
    html = get(client, f"/v/{ext.view_token}/referee", deal="6", hand="4H 4S 4D 7D 7S 7H 5C 6C JK JK 9C",
               tool="solve")
    assert text(html, "solve-answer-headline") == "Yes: the contract is there."
