"""The rules card a game links to says how the ledger treats a player who leaves (docs/rules.md D68), in English
and in Spanish, from the scorekeeper's screens and from the viewer."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.web.core.i18n import LANG_COOKIE
from tests.games.rummy.web.table.test_table import new_game

LEAVING = {
    "en": "A player who leaves the table between deals keeps the points they have; from the next deal the deal and "
          "the cut go round without them, they enter no hand, and they rank after everyone still playing. At least "
          "3 players must stay.",
    "es": "Quien deja la mesa entre manos conserva sus puntos; desde la mano siguiente el reparto y el corte siguen "
          "la ronda sin esa persona, no anota mano y queda clasificada detrás de quienes siguen jugando. Deben quedar "
          "al menos 3 jugadores.",
}


def link(html: str, testid: str) -> str:
    """The address of the link with this test id."""
    match = re.search(rf'<a[^>]*href="([^"]+)"[^>]*data-testid="{testid}"', html, re.S)
    assert match, testid
    return unescape(match.group(1))


def said(html: str) -> str:
    """The page's text, as one line of words."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("variant", ["telefunken", "shanghai"])
def test_the_rules_card_of_a_game_says_what_happens_when_a_player_leaves(
    client: FlaskClient, app: Flask, variant: str, language: str
) -> None:
    table = new_game(client, app, variant=variant)
    if language == "es":
        client.set_cookie(LANG_COOKIE, "es")
    view = re.search(r"/v/([A-Za-z0-9_-]+)", table.get("/share"))
    assert view
    board = client.get(f"/v/{view.group(1)}").get_data(as_text=True)
    for rules in (link(table.get(), "nav-rules"), link(board, "rules-link")):
        response = client.get(rules)
        assert response.status_code == 200, rules
        assert LEAVING[language] in said(response.get_data(as_text=True)), rules
