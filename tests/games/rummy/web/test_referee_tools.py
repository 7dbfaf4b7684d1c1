"""The Referee screen through the Flask test client: the three tools (meld, hand, lay-off / joker swap), the
keypad without JavaScript, the game-scoped pages from the deal screen and the viewer, bad input, Spanish."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import db
from referee.games.rummy.ledger.events import GameCreated
from referee.games.rummy.web.referee_tools import KEYS, press
from referee.ledger import store

PLAYERS = ("Ana", "Bruno", "Carla", "Dario")


def text(html: str, testid: str) -> str:
    """The text of the element with this data-testid (tags removed); an answer box runs to its tool's end."""
    end = "</section>" if testid.endswith("-answer") else "</p>"
    match = re.search(rf'data-testid="{re.escape(testid)}"[^>]*>(.*?){end}', html, re.S)
    assert match, f"no {testid}"
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", match.group(1))).split())


def reasons(html: str, testid: str) -> list[str]:
    match = re.search(rf'data-testid="{re.escape(testid)}-reasons">(.*?)</ul>', html, re.S)
    if not match:
        return []
    return [unescape(re.sub(r"<[^>]+>", "", li)).strip() for li in re.findall(r"<li>(.*?)</li>", match.group(1), re.S)]


def field_value(html: str, name: str) -> str:
    match = re.search(rf'name="{name}" value="([^"]*)"', html)
    assert match, name
    return unescape(match.group(1))


def get(client: FlaskClient, url: str, **params: str) -> str:
    response = client.get(url, query_string=params)
    assert response.status_code == 200, response.status_code
    return response.get_data(as_text=True)


def new_game(app: Flask, variant: str = "telefunken", **house: object) -> store.Game:
    with app.app_context(), db.session() as session:
        created = GameCreated(variant=variant, players=PLAYERS, first_dealer=PLAYERS[0], house_rules=dict(house))
        game = store.create_game(session, created=created)
        session.expunge(game)
        return game


# ---- the page ------------------------------------------------------------------------------------------------


def test_the_page_shows_the_three_tools(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="7")
    assert "Telefunken (Venezuela)" in html
    assert "Deal 7:" in text(html, "referee-deal")
    for testid in ("hand", "solve", "meld", "check-meld", "table-meld", "given", "check-table"):
        assert f'data-testid="{testid}"' in html
    for key in ("A", "10", "K", "S", "H", "D", "C", "JK", "back"):
        assert f'data-testid="key-{key}"' in html
    assert 'method="post"' not in html  # every check is a GET: it changes nothing


def test_bad_setting_falls_back_and_says_so(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="nope", deal="99", players="77")
    assert "Unknown game" in unescape(html)
    assert "There is no deal 99" in unescape(html)
    assert "Deal 1:" in text(html, "referee-deal")


# ---- the contract solver ------------------------------------------------------------------------------------


def test_the_solver_finds_the_contract(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="7", hand="4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C",
               tool="solve")
    assert text(html, "solve-answer-headline") == "Yes: the whole hand goes down in one turn."
    answer = text(html, "solve-answer")
    assert "Run 3♣–10♣" in answer
    assert "JK stands for 5♣" in answer


def test_the_solver_says_what_is_missing(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="2", hand="7H 7S 9C 9D 4C", tool="solve")
    assert text(html, "solve-answer-headline") == "Not yet: the contract is not there."
    assert reasons(html, "solve-answer") == [
        "the trío needs one more 9 or a joker",
        "the trío needs one more 7 or a joker",
    ]


def test_the_solver_uses_the_greedy_trap_right(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken-peru-carrillo", deal="2", hand="7S 7D 7H 5H 6H 8H JK",
               tool="solve")
    assert text(html, "solve-answer-headline") == "Yes: the contract is there."
    assert "JK stands for 7♥" in text(html, "solve-answer")


@pytest.mark.parametrize(
    ("hand", "words"),
    [
        pytest.param("7H 7H 7H", "3 × 7♥, but the cards in play hold only 2", id="copies"),
        pytest.param("7X 8H", "“7X” is not a card", id="bad card"),
        pytest.param(" ".join(["7H", "8H"] * 16), "give 1 to 30 cards", id="too many"),
        pytest.param("", "give 1 to 30 cards", id="empty"),
    ],
)
def test_the_solver_refuses_bad_hands_in_words(client: FlaskClient, hand: str, words: str) -> None:
    html = get(client, "/referee", variant="telefunken", deal="2", hand=hand, tool="solve")
    assert words in text(html, "solve-answer-headline")


def test_the_keypad_works_without_javascript(client: FlaskClient) -> None:
    hand = ""
    for key in ("7", "H", "7", "S", "9", "Q", "D", "JK", "back", "JK"):  # the 9 is replaced by the Q
        html = get(client, "/referee", variant="telefunken", deal="2", hand=hand, key=key)
        hand = field_value(html, "hand")
        assert 'data-testid="solve-answer"' not in html  # a key only types
    assert hand == "7H 7S QD JK"
    html = get(client, "/referee", variant="telefunken", deal="2", hand=hand, tool="solve")
    assert "Not yet" in text(html, "solve-answer-headline")


@pytest.mark.parametrize(
    ("before", "key", "after"),
    [
        ("", "7", "7"),
        ("7", "H", "7H"),
        ("7H", "S", "7S"),
        ("7H 8", "9", "7H 9"),
        ("7H 8", "JK", "7H JK"),
        ("7H JK", "H", "7H JK"),
        ("7H 10", "C", "7H 10C"),
        ("7H 8H", "back", "7H"),
        ("7H 8H", "clear", ""),
        ("", "back", ""),
        ("", "S", ""),
    ],
)
def test_press(before: str, key: str, after: str) -> None:
    assert key in KEYS
    assert press(before, key) == after


# ---- the meld checker ----------------------------------------------------------------------------------------


def test_the_meld_checker(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="1", meld="9C 3C JK 4C 6C 7C 8C", tool="meld")
    assert text(html, "meld-answer-headline") == "Yes: a valid meld."
    assert "Run 3♣–9♣" in text(html, "meld-answer")
    html = get(client, "/referee", variant="telefunken", deal="1", meld="7H JK 7S JK", tool="meld")
    assert text(html, "meld-answer-headline") == "No: not a valid meld."
    assert reasons(html, "meld-answer") == ["two jokers in one set: Telefunken (Venezuela) allows one per set or run"]


# ---- the lay-off and joker-swap checker ------------------------------------------------------------------------


def test_a_layoff_names_the_defaults_it_assumed(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="3", table_meld="5C 6C 7C", cards="8C",
               action="layoff", tool="layoff")
    assert text(html, "table-answer-headline") == "Yes: the card(s) may be laid off."
    answer = text(html, "table-answer")
    assert "Run 5♣–8♣" in answer
    assert "assuming" in answer  # the defaults the answer relied on are named


def test_a_layoff_refused_with_its_reason(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="3", table_meld="5C JK 7C", cards="5H",
               action="layoff", tool="layoff", player_has_melded="yes")
    assert text(html, "table-answer-headline") == "No: the card(s) may not be laid off."
    assert reasons(html, "table-answer")


def test_a_joker_swap_says_where_the_joker_goes(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="telefunken", deal="3", table_meld="5C 6C 7C JK", cards="8C",
               action="swap", tool="layoff", player_has_melded="yes", contract_turn="no")
    assert text(html, "table-answer-headline") == "Yes: the joker may be taken."
    assert "it moves to an end of the same run" in text(html, "table-answer")


def test_no_joker_swap_in_progressive(client: FlaskClient) -> None:
    html = get(client, "/referee", variant="progressive-rummy", deal="2", table_meld="5C 6C 7C JK", cards="8C",
               action="swap", tool="layoff")
    assert text(html, "table-answer-headline") == "No: the joker may not be taken."
    assert reasons(html, "table-answer")


def test_the_context_fields_name_their_defaults(client: FlaskClient) -> None:
    html = unescape(get(client, "/referee", variant="telefunken", deal="3"))
    assert "Not said (another player's)" in html
    assert "Not said (yes)" in html
    assert "Not said (no: a later turn)" in html


# ---- reached from a game ----------------------------------------------------------------------------------


def test_from_the_deal_screen_and_the_viewer(app: Flask, client: FlaskClient) -> None:
    game = new_game(app, "shanghai")
    deal_screen = get(client, f"/g/{game.edit_token}")
    assert f'href="/g/{game.edit_token}/referee#referee"' in deal_screen  # it lands on the deal judged
    viewer = get(client, f"/v/{game.view_token}")
    assert f'href="/v/{game.view_token}/referee"' in viewer
    for url in (f"/g/{game.edit_token}/referee", f"/v/{game.view_token}/referee"):
        html = get(client, url)
        assert "Shanghai Rummy" in html
        assert "Deal 1:" in text(html, "referee-deal")
        assert 'data-testid="setup-variant"' not in html  # the game's variant is fixed
        # Shanghai's books may not share a rank: the game's rules are the ones judged
        html = get(client, url, hand="7S 7H 7D 7C 7S 7H", tool="solve")
        assert "Not yet" in text(html, "solve-answer-headline")


def test_a_game_keeps_its_house_rules(app: Flask, client: FlaskClient) -> None:
    game = new_game(app, "telefunken", jokers_per_meld="any")
    html = get(client, f"/v/{game.view_token}/referee", meld="7H JK 7S JK", tool="meld")
    assert text(html, "meld-answer-headline") == "Yes: a valid meld."
    html = get(client, "/referee", variant="telefunken", meld="7H JK 7S JK", tool="meld")
    assert text(html, "meld-answer-headline") == "No: not a valid meld."
    html = get(client, "/referee", variant="telefunken", jokers_per_meld="any", meld="7H JK 7S JK", tool="meld")
    assert text(html, "meld-answer-headline") == "Yes: a valid meld."


def test_a_dead_link_is_a_404(client: FlaskClient) -> None:
    assert client.get("/g/not-a-token/referee").status_code == 404
    assert client.get("/v/not-a-token/referee").status_code == 404


def test_spanish(client: FlaskClient) -> None:
    response = client.get("/referee", query_string={"variant": "telefunken", "deal": "2"},
                          headers={"Accept-Language": "es"})
    html = response.get_data(as_text=True)
    assert '<html lang="es" dir="ltr">' in html


@pytest.mark.parametrize(("language", "said"), [
    ("en", "5♣ 7♥ 9♦ is not a valid meld in Telefunken (Venezuela): a set needs cards of one rank, not 5, 7 and 9"),
    ("es", "5♣ 7♥ 9♦ no es un juego válido en Telefunken (Venezuela): un grupo: hacen falta cartas del mismo "
           "número, no 5, 7 y 9"),
    ("ja", "5♣ 7♥ 9♦ は テレフンケン（ベネズエラ） では正しいメルドではありません: "),
])
def test_a_table_meld_that_is_no_meld_is_refused_in_the_page_language(
    client: FlaskClient, language: str, said: str
) -> None:
    """The lay-off checker cannot read a table meld that is no meld: it says so, and why, in the page's language,
    with the cards as symbols (the same in every language)."""
    client.set_cookie("lang", language)
    table = {"en": "5C 7H 9D", "es": "5T 7C 9D", "ja": "5C 7H 9D"}[language]
    card = {"en": "8C", "es": "8T", "ja": "8C"}[language]
    html = get(client, "/referee", variant="telefunken", deal="3", table_meld=table, cards=card, action="layoff",
               tool="layoff")
    assert text(html, "table-answer-headline").startswith(said)
