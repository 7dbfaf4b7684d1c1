"""Cards typed on contract rummy's pages are read in the page's language (docs/rules.md 2.1): Spanish suit letters
``P C D T``, Persian suit words; a hand's cards are stored as ranks only where the page has its own letters; a token
that is no card is refused with an example in the page's own letters."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.ctx import RequestContext

from referee.games.rummy.web import notation
from referee.rules.cards import CardError


def in_language(app: Flask, language: str) -> RequestContext:
    """A request whose page speaks ``language``."""
    return app.test_request_context("/", headers={"Accept-Language": language})


@pytest.mark.parametrize(
    ("language", "typed", "stored"),
    [
        ("en", "7h 8H jk", "7H 8H JK"),  # case does not matter; output uses the first form
        ("en", "10♠ T♥", "10S 10H"),  # the symbols and T for 10 are accepted
        ("es", "7C 7T", "7H 7C"),  # in Spanish C is hearts and T clubs
        ("es", "TT QP", "10C QS"),  # T alone is a ten, TT the ten of clubs; P is spades
        ("fa", "7 دل", "7H"),  # Persian names the suit in words, after the rank
    ],
)
def test_cards_are_read_in_the_pages_language(app: Flask, language: str, typed: str, stored: str) -> None:
    with in_language(app, language):
        assert notation.to_notation(typed) == stored


@pytest.mark.parametrize(("language", "typed"), [("en", "7X"), ("es", "7S"), ("en", "K")])
def test_what_is_no_card_in_the_pages_language_is_refused(app: Flask, language: str, typed: str) -> None:
    """S is no Spanish suit letter; a bare rank is a card only where allowed (a hand's cards)."""
    with in_language(app, language), pytest.raises(CardError):
        notation.to_notation(typed)


def test_a_bare_rank_is_read_where_allowed(app: Flask) -> None:
    with in_language(app, "en"):
        assert notation.to_notation("K 7 JK", allow_bare_rank=True) == "K 7 JK"


@pytest.mark.parametrize(
    ("language", "typed", "stored"),
    [
        ("en", "7s  k jk", "7s  k jk"),  # English is kept as typed
        ("es", "7P K JK", "7 K JK"),  # Spanish letters: the suits are dropped
        ("es", "7S QH", "7 Q"),  # the English letters are read on a Spanish page too
        ("es", "TT 10D", "10 10"),
        ("fa", "7 دل K", "7 K"),
        ("es", "7X nonsense", "7X nonsense"),  # not cards: left for the ledger to refuse in words
    ],
)
def test_a_hand_is_stored_as_ranks_where_the_page_has_its_own_letters(
    app: Flask, language: str, typed: str, stored: str
) -> None:
    with in_language(app, language):
        assert notation.hand_notation(typed) == stored


def test_no_card_is_said_with_an_example_in_english_letters(app: Flask) -> None:
    with in_language(app, "en"):
        said = notation.not_a_card("7X")
    assert said.startswith("“7X” is not a card: write it like 7H, 10♠, QD or JK. ")
    assert said.endswith("a joker is JK.")


def test_no_card_is_said_with_an_example_in_spanish_letters(app: Flask) -> None:
    """The seven of hearts is 7C in Spanish, the queen of diamonds QD."""
    with in_language(app, "es"):
        said = notation.not_a_card("7X")
    assert "7X" in said
    assert "7C" in said
    assert "QD" in said
    assert "7H" not in said


def test_a_persian_initial_two_suits_share_is_said_to_be_one(app: Flask) -> None:
    """خ begins both خشت (diamonds) and خاج (clubs): the message names both, with their symbols."""
    with in_language(app, "fa"):
        said = notation.not_a_card("7خ")
    assert "خشت ♦" in said
    assert "خاج ♣" in said
