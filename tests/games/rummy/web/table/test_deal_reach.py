"""The deal screen within reach, through the test client: an action lands on its own card with its message,
a refusal keeps what was typed and chosen, cards are read in the page's language (Spanish suit letters), the
family's words and the deal's reminders are said on the deal screen, the viewer and the Referee screen."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.ledger.events import LaidDown
from referee.games.rummy.web import wording
from referee.rules.catalogue import find_variant
from referee.web.core.i18n import LANG_COOKIE
from tests.games.rummy.web.table.test_table import Table, new_game
from tests.html_forms import Forms


@pytest.fixture
def table(client: FlaskClient, app: Flask) -> Table:
    return new_game(client, app)


def spanish(client: FlaskClient) -> None:
    client.set_cookie(LANG_COOKIE, "es")


def card_html(html: str, card: str) -> str:
    """The HTML of the deal screen's card with this id."""
    match = re.search(rf'<section class="card action" id="{card}".*?</section>\s*(?=<section|{{|$)', html, re.S)
    assert match, card
    return match.group(0)


# ---- landing where the scorekeeper was -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "fields", "card", "message"),
    [
        ("/buy", {"player": "Beto"}, "buy-card", "Beto bought the discard"),
        ("/laid-down", {"player": "Caro", "melds": "7H 7S 7D"}, "laid-card", "has laid down"),
        ("/cut", {}, "cut-card", "Exact cut by Dani recorded."),
    ],
    ids=["buy", "laid-down", "cut"],
)
def test_an_action_lands_on_its_card_with_its_message(
    table: Table, action: str, fields: dict[str, str], card: str, message: str
) -> None:
    response = table.act(action, **fields)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"#{card}")
    html = table.get()
    assert f'id="{card}"' in html
    shown = re.search(rf'data-testid="flash-{card}">([^<]*)<', html)
    assert shown
    assert message in unescape(shown.group(1))
    assert 'class="flashes"' not in html  # not at the top, where the page no longer is


def test_a_refused_contract_keeps_the_melds_and_the_player(table: Table) -> None:
    response = table.act("/laid-down", player="Caro", melds="7H 7S JK\n8C 8D JK")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    laid = card_html(html, "laid-card")
    assert 'data-testid="refusal"' in laid  # said in the card itself
    assert ">7H 7S JK\n8C 8D JK</textarea>" in laid
    caro = re.search(r'<input[^>]*data-testid="laid-player-Caro"[^>]*>', laid)
    assert caro
    assert "checked" in caro.group(0)
    assert Forms(html).form("/laid-down")["melds"] == "7H 7S JK\n8C 8D JK"  # the override carries them too
    # Every form of the refused page still lands on its card.
    assert any(a.endswith("/laid-down#laid-card") for a, _ in Forms(html).forms)


def test_a_refused_buy_keeps_the_buyer(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="telefunken-ecuador")  # nobody buys in Ecuador's deal 1
    response = table.act("/buy", player="Caro")
    assert response.status_code == 422
    buy = card_html(response.get_data(as_text=True), "buy-card")
    caro = re.search(r'<input[^>]*data-testid="buy-player-Caro"[^>]*>', buy)
    assert caro
    assert "checked" in caro.group(0)


# ---- cards in the page's language ------------------------------------------------------------------------------


def test_spanish_suit_letters_on_the_deal_screen(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    spanish(client)
    html = table.get()
    assert "Palos: P picas, C corazones, D diamantes, T tréboles" in unescape(html)
    # 7C 7P 7D is hearts, spades, diamonds in Spanish: deal 1's pure trío.
    response = table.act("/laid-down", player="Caro", melds="7C 7P 7D")
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    state = table.state()
    assert "Caro" in state.melded
    laid = [entry.event for entry in state.history.entries if isinstance(entry.event, LaidDown)]
    assert [event.melds for event in laid] == [("7H 7S 7D",)]  # stored in the notation


def test_an_english_letter_in_spanish_is_refused_in_words_and_kept(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    spanish(client)
    response = table.act("/laid-down", player="Caro", melds="7H 7S 7D")
    assert response.status_code == 422
    html = unescape(response.get_data(as_text=True))
    assert "«7H» no es una carta" in html
    assert "P picas" in html
    assert ">7H 7S 7D</textarea>" in html
    assert "Caro" not in table.state().melded


def test_the_english_page_reads_c_as_clubs(table: Table) -> None:
    response = table.act("/laid-down", player="Caro", melds="7C 7C 7D")  # two clubs: not the pure trío
    assert response.status_code == 422


@pytest.mark.usefixtures("app")
def test_the_referee_screen_reads_spanish_letters(client: FlaskClient) -> None:
    spanish(client)
    html = client.get("/referee", query_string={"variant": "telefunken", "deal": "1", "meld": "7C 7P 7T",
                                                "tool": "meld"}).get_data(as_text=True)
    assert "Sí: es un juego válido." in html
    html = client.get("/referee", query_string={"variant": "telefunken", "deal": "1", "hand": "7", "key": "H"})
    assert 'name="hand" value="7C"' in html.get_data(as_text=True)  # the keypad types the page's letters
    html = client.get("/referee", query_string={"variant": "telefunken", "deal": "1", "meld": "7S 7H 7D",
                                                "tool": "meld"}).get_data(as_text=True)
    assert "«7S» no es una carta: escríbela como 7C, 10♠, QD o JK." in unescape(html)


@pytest.mark.usefixtures("app")
def test_every_card_field_has_a_keypad(client: FlaskClient, table: Table) -> None:
    deal = table.get()
    assert 'data-card-keypad data-for="melds"' in deal
    tools = client.get("/referee?variant=telefunken&deal=1").get_data(as_text=True)
    for targets in ("hand-input", "meld-input", "table-meld given ctx-run-order"):
        assert f'data-card-keypad data-for="{targets}"' in tools


# ---- the family's words and the deal's reminders ------------------------------------------------------------

# (variant, deal, language, the contract as the screens say it)
CONTRACT_WORDS = [
    ("telefunken", 2, "en", "2 tríos"),
    ("telefunken", 7, "en", "1 trío and 1 escalera of 7 or more — go out in one turn"),
    ("telefunken", 7, "es", "1 trío y 1 escalera de 7 o más — salir de una sola vez"),
    ("shanghai", 1, "en", "2 books"),
    ("shanghai", 2, "en", "1 book and 1 run of 4"),
    ("shanghai", 1, "es", "2 grupos de 3"),
    ("progressive-rummy", 2, "en", "1 set of 3 and 1 run of 4"),
    ("progressive-rummy", 3, "en", "2 sets of 4"),
]


@pytest.mark.parametrize(("variant_id", "deal", "language", "words"), CONTRACT_WORDS,
                         ids=[f"{v}-{d}-{lang}" for v, d, lang, _ in CONTRACT_WORDS])
def test_contracts_speak_the_family_words(app: Flask, variant_id: str, deal: int, language: str, words: str) -> None:
    variant = find_variant(variant_id)
    with app.test_request_context("/", headers={"Accept-Language": language}):
        assert wording.deal_words(variant.deal(deal), variant.terms) == words


@pytest.mark.parametrize(("variant_id", "language", "call"), [
    ("telefunken", "en", "¡Compro!"), ("telefunken", "es", "¡Compro!"),
    ("shanghai", "en", "“May I?”"), ("shanghai", "es", "«¿Puedo?»"), ("progressive-rummy", "en", "“May I?”"),
])
def test_the_buy_card_calls_the_discard_as_the_family_does(
    client: FlaskClient, app: Flask, variant_id: str, language: str, call: str
) -> None:
    table = new_game(client, app, variant=variant_id)
    if language == "es":
        spanish(client)
    html = unescape(table.get())
    assert f"(<bdi>{call}</bdi>)</span></summary>" in html  # the call is isolated (right-to-left pages)
    assert ("¡Compro!" in html) == (call == "¡Compro!")
    # Deal 1 asks for 1 trío y 1 escalera in Telefunken (one trío, not "tríos"), and the other families name
    # their melds in their own words (books, grupos, sets): "tríos" is on none of these pages.
    assert "tríos" not in html


def test_the_reminders_are_on_the_deal_screen_and_the_viewer(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app, variant="progressive-rummy")
    html = unescape(table.get())
    assert "No buying in this deal: “May I?” is not allowed." in html
    view = re.search(r"/v/([A-Za-z0-9_-]+)", table.get("/share"))
    assert view
    board = unescape(client.get(f"/v/{view.group(1)}").get_data(as_text=True))
    assert 'data-testid="reminders"' in board
    assert "No buying in this deal" in board
    spanish(client)
    assert "En esta mano no se compra: no vale «¿Puedo?»." in unescape(table.get())


def test_no_reminder_where_the_deal_has_none(table: Table) -> None:
    assert 'data-testid="reminders"' not in table.get()


# (variant, deal, language, the reminder said)
REMINDER_WORDS = [
    ("telefunken", 6, "en", "Before play, everyone exchanges cards face down (once)."),
    ("telefunken", 7, "en", "Go out in one turn: nothing is laid down until the whole hand goes at once."),
    ("shanghai", 7, "en", "No final discard: the last cards are laid down, none is thrown."),
    ("telefunken", 6, "es", "Antes de jugar, todos intercambian cartas boca abajo (una vez)."),
    ("shanghai", 7, "es", "Sin descarte final: las últimas cartas se bajan, ninguna se descarta."),
]


@pytest.mark.parametrize(("variant_id", "deal", "language", "words"), REMINDER_WORDS,
                         ids=[f"{v}-{d}-{lang}" for v, d, lang, _ in REMINDER_WORDS])
def test_reminders_in_words(app: Flask, variant_id: str, deal: int, language: str, words: str) -> None:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        assert words in wording.reminders(find_variant(variant_id), deal)


def test_a_hand_typed_with_spanish_letters_ends_the_deal(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    spanish(client)
    # Suits change no value: 7P (siete de picas) and a stray English 7S are both a 7; T alone is a ten.
    response = table.end_deal("Beto", {"Ana": "7P KC", "Caro": "T 7S", "Dani": "5"})
    assert response.status_code == 303, response.get_data(as_text=True)[-2000:]
    assert table.state().sheet.totals == {"Ana": 17, "Beto": 0, "Caro": 17, "Dani": 5}
