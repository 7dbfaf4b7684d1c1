"""Cards in the reader's words on the screens: a Persian or Japanese page reads its suit words (and the symbols and
the notation's letters), says which it reads, and keeps the keypad's suits as symbols; what is stored is the
notation. The engine's tables of spellings are in tests/rules/test_card_words.py."""

from __future__ import annotations

import re
from html import unescape

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.games.rummy.ledger.events import DealEnded, LaidDown
from referee.web.core.i18n import LANG_COOKIE
from tests.games.rummy.web.table.test_table import Table, new_game, text_of
from tests.games.rummy.web.table.test_table import table as table  # noqa: F401 — a fixture: one game of four, as the table tests play it
from tests.html_forms import Forms

ENGLISH_HELP = "Suits: S spades, H hearts, D diamonds, C clubs (or ♠ ♥ ♦ ♣); a joker is JK."
#: What the screens say a language reads, suit by suit: the symbol and the usual name, then the other words (the
#: words come from the engine; the sentence around them, and its commas, from the language's catalogue).
WORDS = {
    "fa": [("♠ پیک", "پ"), ("♥ دل", "د"), ("♦ خشت",), ("♣ خاج", "گشنیز", "گ")],
    "ja": [("♠ スペード", "ス"), ("♥ ハート", "ハ"), ("♦ ダイヤ", "ダイア", "ダイヤモンド", "ダ"), ("♣ クラブ", "ク")],
}


def help_text(html: str) -> str:
    """The help under a card field (the deal screen's melds, the Referee screen's hand)."""
    match = re.search(r'<p class="help" id="(?:melds|suit)-help"[^>]*>(.*?)</p>', html, re.S)
    assert match, "no help under the card field"
    return unescape(match.group(1))


def problems(html: str) -> str:
    """The refusal's reasons on a page."""
    match = re.search(r'data-testid="problems">(.*?)</div>', html, re.S)
    assert match, "no refusal on the page"
    return unescape(match.group(1))


def suit_keys(html: str) -> list[tuple[str, str, str]]:
    """The keypad's suit keys as (the suit's id, what the key types, what it shows)."""
    return re.findall(r'<button [^>]*class="key key-suit[^"]*" data-key="(\w)"\s*data-letter="([^"]+)"'
                      r'[^>]*>([^<]+)</button>', html)


@pytest.mark.parametrize("language", ["fa", "ja"])
def test_the_deal_and_referee_screens_name_the_suit_words(client: FlaskClient, table: Table, language: str) -> None:
    client.set_cookie(LANG_COOKIE, language)
    for html in (table.get(), client.get("/referee?variant=telefunken&deal=1").get_data(as_text=True)):
        said = help_text(html)
        for suit in WORDS[language]:
            name, *others = suit
            assert name in said, (language, name)
            # the other words follow the name, in brackets
            assert all(said.index(other, said.index(name)) < said.index(")", said.index(name)) for other in others)
        assert "S H D C" in said  # the notation's letters are read too
        assert "JK" in said


@pytest.mark.usefixtures("client")
def test_the_english_help_names_the_letters(table: Table) -> None:
    assert help_text(table.get()).endswith(ENGLISH_HELP)


@pytest.mark.parametrize(("language", "typed"), [("en", "SHDC"), ("es", "PCDT"), ("fa", "♠♥♦♣"), ("ja", "♠♥♦♣")])
def test_every_keypad_shows_the_suit_symbols(client: FlaskClient, table: Table, language: str, typed: str) -> None:
    client.set_cookie(LANG_COOKIE, language)
    for html in (table.get(), client.get("/referee?variant=telefunken&deal=1").get_data(as_text=True)):
        keys = suit_keys(html)
        assert keys, language
        for suit_id, letter, shown in keys:
            assert shown == {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit_id]
            assert letter == typed["SHDC".index(suit_id)]


def test_a_persian_page_takes_a_contract_in_persian_words(client: FlaskClient, table: Table) -> None:
    client.set_cookie(LANG_COOKIE, "fa")
    response = table.act("/laid-down", player="Caro", melds="۷ دل، ۷ پیک، ۷خشت")
    assert response.status_code == 303, text_of(response)[-2000:]
    laid = [entry.event for entry in table.state().history.entries if isinstance(entry.event, LaidDown)]
    assert [event.melds for event in laid] == [("7H 7S 7D",)]  # deal 1's pure trío, stored in the notation


def test_an_initial_two_suits_share_is_refused_in_words_and_kept(client: FlaskClient, table: Table) -> None:
    client.set_cookie(LANG_COOKIE, "fa")
    response = table.act("/laid-down", player="Caro", melds="7دل 7پیک 7خ")
    assert response.status_code == 422
    said = problems(text_of(response))
    assert "7خ" in said  # both suits the initial could be
    assert "خشت ♦" in said
    assert "خاج ♣" in said
    assert ">7دل 7پیک 7خ</textarea>" in unescape(text_of(response))
    assert "Caro" not in table.state().melded


def test_a_japanese_page_takes_cards_in_katakana(client: FlaskClient, table: Table) -> None:
    client.set_cookie(LANG_COOKIE, "ja")
    assert table.act("/laid-down", player="Beto", melds="7ハート 7スペード 7ダイヤ").status_code == 303
    response = table.act("/laid-down", player="Caro", melds="7ハート 7ト 7ダイヤ")
    assert response.status_code == 422
    said = problems(text_of(response))
    assert "7ト" in said  # the token, and examples in Japanese words
    assert "7ハート" in said
    assert "Qダイヤ" in said


def test_hands_typed_in_persian_words_count_their_ranks(client: FlaskClient, table: Table) -> None:
    """By hand (Telefunken, Venezuela, docs/rules.md §11.1): a 7, a king and a joker are 7 + 10 + 15 = 32; an ace
    and a 2 are 11 + 2 = 13; a queen alone is 10."""
    client.set_cookie(LANG_COOKIE, "fa")
    data = table.form("/end", "/end")
    data.update({"went_out": "Beto", "hands-0": "۷ دل، K خاج، جوکر", "hands-2": "Aپیک ۲♥", "hands-3": "Q خشت"})
    preview = table.post("/end", {**data, "preview": "1"})
    assert preview.status_code == 200, text_of(preview)[-2000:]
    assert table.post("/end", {**Forms(text_of(preview)).form("/end"), "confirm": "1"}).status_code == 303
    state = table.state()
    event = state.history.entries[-1].event
    assert isinstance(event, DealEnded)
    assert event.hands == {"Ana": "7 K JK", "Caro": "A 2", "Dani": "Q"}  # ranks only: they read alike everywhere
    assert state.sheet.totals == {"Ana": 32, "Beto": 0, "Caro": 13, "Dani": 10}


@pytest.mark.usefixtures("app")
def test_the_referee_screen_reads_japanese_words_and_its_keypad_types_symbols(client: FlaskClient) -> None:
    client.set_cookie(LANG_COOKIE, "ja")
    query = {"variant": "telefunken", "deal": "1", "meld": "7ハート、7すぺーど、7ダ", "tool": "meld"}
    html = client.get("/referee", query_string=query).get_data(as_text=True)
    assert re.search(r'<div class="answer answer-yes"[^>]*data-testid="meld-answer"', html)  # deal 1's pure trío
    keyed = client.get("/referee", query_string={"variant": "telefunken", "deal": "1", "hand": "7", "key": "H"})
    assert 'name="hand" value="7♥"' in keyed.get_data(as_text=True)


def test_an_english_page_still_reads_only_the_notation(client: FlaskClient, app: Flask) -> None:
    table = new_game(client, app)
    response = table.act("/laid-down", player="Caro", melds="7دل 7پیک 7خشت")
    assert response.status_code == 422
    assert "“7دل” is not a card: write it like 7H, 10♠, QD or JK." in unescape(text_of(response))
    assert ENGLISH_HELP in problems(text_of(response))
