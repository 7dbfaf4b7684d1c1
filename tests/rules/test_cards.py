"""The card notation (docs/rules.md §2.1): parsing, formatting, round trips and impossible copies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import (
    JOKER,
    SUIT_LETTERS,
    Card,
    CardError,
    Rank,
    Suit,
    TooManyCopiesError,
    check_copies,
    format_cards,
    full_deck,
    letter_for,
    parse_card,
    parse_cards,
    to_cards,
    to_notation,
)
from referee.rules.problems import RulesError
from tests.properties import examples

# (token as typed, the card it is, written back in the notation)
SPELLINGS = [
    ("7H", "7H"),
    ("7h", "7H"),
    ("7♥", "7H"),
    ("7♡", "7H"),
    ("10S", "10S"),
    ("10s", "10S"),
    ("TS", "10S"),
    ("t♠", "10S"),
    ("10♠", "10S"),
    ("10♠\ufe0f", "10S"),
    ("A♠\ufe0f", "AS"),
    ("QD", "QD"),
    ("q♦", "QD"),
    ("Q♢", "QD"),
    ("KC", "KC"),
    ("k♣", "KC"),
    ("K♧", "KC"),
    ("J♤", "JS"),
    ("AC", "AC"),
    ("a♣", "AC"),
    ("2d", "2D"),
    ("JK", "JK"),
    ("jk", "JK"),
    ("Jk", "JK"),
    ("*", "JK"),
    ("🃏", "JK"),
    ("joker", "JK"),
]


@pytest.mark.parametrize(("token", "written"), SPELLINGS, ids=[t for t, _ in SPELLINGS])
def test_every_spelling_parses_to_its_card(token: str, written: str) -> None:
    card = parse_card(token)
    assert str(card) == written
    assert Card.parse(written) == card


def test_jokers_have_no_rank_nor_suit() -> None:
    assert parse_card("*") == JOKER
    assert JOKER.is_joker
    assert JOKER.rank is None
    assert JOKER.suit is None
    with pytest.raises(CardError):
        Card(None, Suit.HEARTS)


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("7H 8H JK", "7H 8H JK"),
        ("7H,8H,JK", "7H 8H JK"),
        ("7H, 8H ,JK", "7H 8H JK"),
        ("  10♠,J♠,Q♠  ", "10S JS QS"),
        ("7h\t8H\nJk", "7H 8H JK"),
        ("t♠ j♠ 🃏", "10S JS JK"),
        ("3♣️ 4♣", "3C 4C"),
        ("", ""),
        (" , ,", ""),
    ],
)
def test_cards_are_separated_by_spaces_or_commas(text: str, written: str) -> None:
    assert format_cards(parse_cards(text)) == written


def test_pretty_uses_the_suit_symbols() -> None:
    assert format_cards("3C 10h JK qs", pretty=True) == "3♣ 10♥ JK Q♠"
    assert format_cards("3C 4C", sep=", ") == "3C, 4C"
    assert parse_card("10H").pretty() == "10♥"


@pytest.mark.parametrize("token", ["1H", "11S", "7X", "XX", "JKK", "10", "7", "H", "♠", "AH7", "0S", "10♠♠"])
def test_a_bad_token_is_quoted_in_the_error(token: str) -> None:
    with pytest.raises(CardError) as caught:
        parse_cards(f"7H {token} 8H")
    assert repr(token) in str(caught.value)
    assert caught.value.token == token
    assert isinstance(caught.value, RulesError)
    assert isinstance(caught.value, ValueError)


def test_a_rank_alone_needs_permission() -> None:
    with pytest.raises(CardError, match="needs a suit"):
        parse_cards("K 7 JK")
    assert parse_cards("K 7 JK t", allow_bare_rank=True) == (
        Card(Rank.KING, None),
        Card(Rank.SEVEN, None),
        JOKER,
        Card(Rank.TEN, None),
    )
    assert format_cards(parse_cards("k 10", allow_bare_rank=True)) == "K 10"


def test_to_cards_takes_text_or_cards() -> None:
    cards = parse_cards("7H 8H")
    assert to_cards(cards) == cards
    assert to_cards(list(cards)) == cards
    assert to_cards("7h,8h") == cards
    with pytest.raises(CardError, match="needs a suit"):
        to_cards([Card(Rank.KING, None)])
    with pytest.raises(CardError, match="is not a card"):
        to_cards(["7H"])  # type: ignore[list-item]


@pytest.mark.parametrize(
    ("text", "decks", "jokers"),
    [
        ("9C 9C 9C", 2, 4),
        ("JK JK JK JK JK", 2, 4),
        ("9C 9C", 1, 2),
        ("9 9 9 9 9 9 9 9 9", 2, 4),  # a rank alone counts against all four suits of its rank
        ("9C 9C 9H 9H 9S 9S 9D 9D 9", 2, 4),
        ("JK JK JK", 1, 2),
    ],
)
def test_impossible_copies_are_refused(text: str, decks: int, jokers: int) -> None:
    cards = parse_cards(text, allow_bare_rank=True)
    with pytest.raises(TooManyCopiesError, match="cannot happen at the table") as caught:
        check_copies(cards, decks=decks, jokers=jokers)
    assert caught.value.count > caught.value.available


@pytest.mark.parametrize(
    ("text", "decks", "jokers"),
    [
        ("9C 9C", 2, 4),
        ("JK JK JK JK", 2, 4),
        ("9 9 9 9 9 9 9 9", 2, 4),
        ("9C 9C 9 9 9 9 9 9", 2, 4),
        ("9C 9C 9C", 3, 6),
        ("", 1, 0),
    ],
)
def test_possible_copies_pass(text: str, decks: int, jokers: int) -> None:
    check_copies(parse_cards(text, allow_bare_rank=True), decks=decks, jokers=jokers)


def test_full_deck_is_52_different_cards() -> None:
    deck = full_deck()
    assert len(deck) == len(set(deck)) == 52
    check_copies(deck, decks=1, jokers=0)


SUITED = st.builds(Card, st.sampled_from(list(Rank)), st.sampled_from(list(Suit)))
ANY_CARD = st.one_of(SUITED, st.just(JOKER), st.builds(Card, st.sampled_from(list(Rank)), st.none()))


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(ANY_CARD, max_size=20))
def test_parse_format_round_trip(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards), allow_bare_rank=True) == tuple(cards)
    assert parse_cards(format_cards(cards, pretty=True), allow_bare_rank=True) == tuple(cards)
    assert parse_cards(format_cards(cards, sep=","), allow_bare_rank=True) == tuple(cards)


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.tuples(SUITED, st.booleans(), st.sampled_from([" ", ",", ", ", "  ", "\t"])), max_size=15))
def test_case_and_separators_do_not_matter(items: list[tuple[Card, bool, str]]) -> None:
    text = "".join((str(card).lower() if lower else str(card)) + sep for card, lower, sep in items)
    assert parse_cards(text) == tuple(card for card, _, _ in items)


@settings(max_examples=examples(200), deadline=None)
@given(ANY_CARD)
def test_repr_names_the_card(card: Card) -> None:
    assert repr(card) == f"Card.parse({str(card)!r})"
    assert Card.parse(str(card), allow_bare_rank=True) == card


# ---- suit letters by language -------------------------------------------------------------------------------

# (language, token as typed, the card in the notation): Spanish writes the suits P C D T (picas, corazones,
# diamantes, tréboles); T is also the ten, read as a rank before a suit and as a suit after one.
LANGUAGE_SPELLINGS = [
    ("es", "7P", "7S"),
    ("es", "7p", "7S"),
    ("es", "7C", "7H"),
    ("es", "7D", "7D"),
    ("es", "7T", "7C"),
    ("es", "7t", "7C"),
    ("es", "TT", "10C"),
    ("es", "10T", "10C"),
    ("es", "TC", "10H"),
    ("es", "TP", "10S"),
    ("es", "T♣", "10C"),
    ("es", "AT", "AC"),
    ("es", "JT", "JC"),
    ("es", "QC", "QH"),
    ("es", "KP", "KS"),
    ("es", "7♥", "7H"),
    ("es", "7♠", "7S"),
    ("es", "JK", "JK"),
    ("es-EC", "5C", "5H"),
    ("es_PE", "5T", "5C"),
    ("en", "7C", "7C"),
    ("en", "TC", "10C"),
    ("en-GB", "7S", "7S"),
    ("fr", "7H", "7H"),  # a language without its own letters uses the notation's
]


@pytest.mark.parametrize(("language", "token", "written"), LANGUAGE_SPELLINGS,
                         ids=[f"{lang}:{t}" for lang, t, _ in LANGUAGE_SPELLINGS])
def test_suit_letters_follow_the_language(language: str, token: str, written: str) -> None:
    assert str(parse_card(token, language=language)) == written


# (language, bare token, the rank it is) — a single character is a rank, never a suit
BARE_RANKS = [("es", "T", "10"), ("es", "10", "10"), ("es", "7", "7"), ("en", "T", "10"), ("es", "K", "K")]


@pytest.mark.parametrize(("language", "token", "written"), BARE_RANKS, ids=[f"{lang}:{t}" for lang, t, _ in BARE_RANKS])
def test_a_lone_t_is_a_ten_in_every_language(language: str, token: str, written: str) -> None:
    assert str(parse_card(token, allow_bare_rank=True, language=language)) == written


# (language, token): refused, the token quoted — the other language's letters are not mixed in
REFUSED_BY_LANGUAGE = [("es", "7S"), ("es", "7H"), ("en", "7P"), ("en", "7T"), ("es", "PP"), ("es", "CT"), ("es", "1T")]


@pytest.mark.parametrize(("language", "token"), REFUSED_BY_LANGUAGE,
                         ids=[f"{lang}:{t}" for lang, t in REFUSED_BY_LANGUAGE])
def test_other_letters_are_refused_and_quoted(language: str, token: str) -> None:
    with pytest.raises(CardError) as error:
        parse_card(token, language=language)
    assert error.value.token == token
    assert repr(token) in str(error.value)


def test_the_spanish_refusal_names_the_spanish_letters() -> None:
    with pytest.raises(CardError, match="P C D T"):
        parse_card("7S", language="es")
    with pytest.raises(CardError, match="write it like 7C, 10♠, QD or JK"):
        parse_card("7X", language="es")


def test_a_spanish_rank_without_suit_is_shown_with_a_spanish_letter() -> None:
    with pytest.raises(CardError, match="7C or 7♥"):
        parse_card("7", language="es")


def test_to_notation_writes_spanish_input_in_the_notation() -> None:
    assert to_notation("7c 7p, 7t 🃏 TT", language="es") == "7H 7S 7C JK 10C"
    assert to_notation("K 7 T", language="es", allow_bare_rank=True) == "K 7 10"
    assert to_notation("7C 7S", language="en") == "7C 7S"


def test_suit_letters_name_each_suit_once() -> None:
    for language, letters in SUIT_LETTERS.items():
        assert sorted(letters.values()) == sorted(Suit), language
        for letter, suit in letters.items():
            assert letter_for(suit, language) == letter


@given(st.lists(st.sampled_from(full_deck()), max_size=12))
def test_spanish_notation_round_trips(cards: list[Card]) -> None:
    spanish = " ".join(c.rank.label + letter_for(c.suit, "es") for c in cards if c.rank and c.suit)
    assert parse_cards(spanish, language="es") == tuple(cards)
