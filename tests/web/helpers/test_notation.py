"""Cards typed on a page (referee/web/helpers/notation.py): read in the page's language and stored in the notation,
the keypad's suit keys and the help under a card field, language by language (docs/rules.md §2.1: S H D C, and the
Spanish letters P C D T for picas, corazones, diamantes, tréboles)."""

from __future__ import annotations

import pytest
from flask import Flask

from referee.web.helpers.notation import RANK_KEYS, keypad_suits, read_cards, suit_help

#: (language, typed, stored): what each page reads as which card; what is no card comes back as it was typed.
READ = [
    ("en", "7H", "7H"),
    ("en", "7♠", "7S"),
    ("en", "KC 10S", "KC 10S"),
    ("en", "JK", "JK"),
    ("en", "7دل", "7دل"),  # Persian words are read on a Persian page only
    ("en", "hello", "hello"),
    ("es", "7P", "7S"),  # picas
    ("es", "7C", "7H"),  # corazones
    ("es", "7D", "7D"),  # diamantes
    ("es", "7T", "7C"),  # tréboles
    ("fa", "7دل", "7H"),
    ("fa", "7 پیک", "7S"),
    ("fa", "7♠", "7S"),
    ("fa", "7P", "7P"),
    ("ja", "10ス", "10S"),
    ("ja", "7P", "7P"),
]

#: (language, what each suit key types, spades then hearts, diamonds, clubs): the letters, or the symbols where
#: the language names the suits in words.
KEYS = [("en", "SHDC"), ("es", "PCDT"), ("fa", "♠♥♦♣"), ("ja", "♠♥♦♣")]

#: (language, the help under a card field).
HELP = [
    ("en", "Suits: S spades, H hearts, D diamonds, C clubs (or ♠ ♥ ♦ ♣); a joker is JK."),
    ("es", "Palos: P picas, C corazones, D diamantes, T tréboles (o ♠ ♥ ♦ ♣); el comodín es JK."),
]


@pytest.mark.parametrize(("language", "typed", "stored"), READ)
def test_cards_are_read_in_the_pages_language_and_stored_in_the_notation(app: Flask, language: str, typed: str,
                                                                        stored: str) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        assert read_cards(typed) == stored


@pytest.mark.parametrize(("language", "typed"), KEYS)
def test_the_keypad_types_the_languages_letters_and_shows_the_symbols(app: Flask, language: str, typed: str) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        keys = keypad_suits()
        assert [key["id"] for key in keys] == ["S", "H", "D", "C"]
        assert [key["symbol"] for key in keys] == ["♠", "♥", "♦", "♣"]
        assert "".join(str(key["letter"]) for key in keys) == typed
        assert [key["red"] for key in keys] == [False, True, True, False]
        assert keypad_suits() is keys  # worked out once per language


def test_the_keypad_names_the_suits_in_the_pages_language(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=es"}):
        assert [key["name"] for key in keypad_suits()] == ["picas", "corazones", "diamantes", "tréboles"]
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        assert [key["name"] for key in keypad_suits()] == ["پیک", "دل", "خشت", "خاج"]


@pytest.mark.parametrize(("language", "said"), HELP)
def test_the_help_names_the_letters(app: Flask, language: str, said: str) -> None:
    with app.test_request_context("/", headers={"Cookie": f"lang={language}"}):
        assert suit_help() == said


def test_where_suits_are_words_the_help_names_each_with_its_other_words(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=ja"}):
        said = suit_help()
    for words in ("♠ スペード (ス)", "♥ ハート (ハ)", "♦ ダイヤ (ダイア、ダイヤモンド、ダ)", "♣ クラブ (ク)",
                  "S H D C", "JK"):
        assert words in said


def test_the_templates_have_the_keypad(app: Flask) -> None:
    assert app.jinja_env.globals["keypad_ranks"] == RANK_KEYS
    assert RANK_KEYS == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
    assert app.jinja_env.globals["suit_help"] is suit_help
