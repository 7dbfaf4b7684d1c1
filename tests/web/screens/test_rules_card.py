"""The rules pages of every family (referee/web/screens/rules_card.py), asked of the app: ``/rules`` lists each
family's games, the page's language's own first, and ``/rules/<variant>`` is a game's card, its way back a path
of this site only."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient

from referee.web.screens.rules_card import BACK_PARAM


def cards_listed(client: FlaskClient) -> list[str]:
    html = client.get("/rules").get_data(as_text=True)
    return re.findall(r'href="/rules/([^"?#]+)"', html)


def test_the_index_links_each_game_to_its_card(client: FlaskClient) -> None:
    assert client.get("/rules").status_code == 200
    listed = cards_listed(client)
    for game in ("telefunken", "shanghai", "farmers-rummy", "progressive-rummy", "hokm", "shelem", "bluff"):
        assert game in listed
    assert len(listed) == len(set(listed))


def test_a_persian_page_lists_the_persian_games_first(client: FlaskClient) -> None:
    english = cards_listed(client)
    assert english.index("telefunken") < english.index("hokm")
    client.set_cookie("lang", "fa")
    persian = cards_listed(client)
    assert persian.index("hokm") < persian.index("telefunken")
    assert sorted(persian) == sorted(english)


@pytest.mark.parametrize(("path", "status"), [("/rules/telefunken", 200), ("/rules/Telefunken", 200),
                                              ("/rules/shanghai", 200), ("/rules/hokm", 200),
                                              ("/rules/bi-del", 200), ("/rules/canasta", 404), ("/rules/", 404)])


def test_a_games_card_is_its_familys_and_an_unknown_game_has_none(client: FlaskClient, path: str,
                                                                 status: int) -> None:
    assert client.get(path).status_code == status


def test_a_card_names_its_game(client: FlaskClient) -> None:
    assert "Telefunken" in client.get("/rules/telefunken").get_data(as_text=True)
    assert "Hokm" in client.get("/rules/hokm").get_data(as_text=True)


@pytest.mark.parametrize("variant", ["telefunken", "hokm"])


def test_the_way_back_is_the_index_or_a_path_of_this_site(client: FlaskClient, variant: str) -> None:
    assert 'href="/rules"' in client.get(f"/rules/{variant}").get_data(as_text=True)
    assert 'href="/games/new"' in client.get(f"/rules/{variant}?{BACK_PARAM}=/games/new").get_data(as_text=True)
    for elsewhere in ("https://evil.example/x", "//evil.example/x"):
        html = client.get(f"/rules/{variant}", query_string={BACK_PARAM: elsewhere}).get_data(as_text=True)
        assert f'href="{elsewhere}"' not in html
