"""Cards typed in Persian and Japanese: the suit words and initials each language reads, as tables.

Every accepted spelling is written back in the notation by hand; every ambiguous or unknown one is refused with
its CardError and its message. The symbols and the notation's own letters are read in both languages; Spanish
keeps its own letters only (docs/rules.md §2.1).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.rules.cards import (
    AMBIGUOUS_SUIT_NAMES,
    SUIT_NAMES,
    AmbiguousSuitError,
    Card,
    CardError,
    Suit,
    full_deck,
    key_for,
    parse_card,
    parse_cards,
    reads_as_notation,
    suit_names,
    to_notation,
)

RLM, LRM, ZWNJ = "\u200f", "\u200e", "\u200c"

# (language, typed, the cards in the notation)
ACCEPTED = [
    # Persian: the names, with or without a space after the rank, in ASCII or Persian digits
    ("fa", "7دل", "7H"),
    ("fa", "7 دل", "7H"),
    ("fa", "۷ دل", "7H"),
    ("fa", "۷دل", "7H"),
    ("fa", "٧ دل", "7H"),  # Arabic-Indic digits
    ("fa", f"{RLM}۷ دل{RLM}", "7H"),  # the direction marks a phone adds
    ("fa", "Aپیک", "AS"),
    ("fa", "۱۰ پیک", "10S"),
    ("fa", "10خشت", "10D"),
    ("fa", "Q خاج", "QC"),
    ("fa", "K گشنیز", "KC"),  # clubs as the Persian Telefunken text writes it
    ("fa", "۱۰پیك", "10S"),  # an Arabic keyboard's kaf (U+0643) for the Persian one
    ("fa", "J خ" + "\u0640" + "شت", "JD"),  # a tatweel stretching the word
    # Persian: the initials only one suit has
    ("fa", "7پ", "7S"),
    ("fa", "7 د", "7H"),
    ("fa", "7گ", "7C"),
    # Persian: the symbols, the notation's letters and the joker
    ("fa", "7♥", "7H"),
    ("fa", "۷♥", "7H"),
    ("fa", "7H", "7H"),
    ("fa", "qc", "QC"),
    ("fa", "JK", "JK"),
    ("fa", "جوکر", "JK"),
    # Persian: several cards, separated by spaces, commas or the Persian comma
    ("fa", "۷ دل، ۸ دل، جوکر", "7H 8H JK"),
    ("fa", "7دل 7پیک 7خشت", "7H 7S 7D"),
    # Japanese: the names and their initials, hiragana read as katakana
    ("ja", "7ハート", "7H"),
    ("ja", "7 ハート", "7H"),
    ("ja", "10ダイヤ", "10D"),
    ("ja", "10ダイア", "10D"),
    ("ja", "Qダイヤモンド", "QD"),
    ("ja", "Aスペード", "AS"),
    ("ja", "Kクラブ", "KC"),
    ("ja", "7ス", "7S"),
    ("ja", "7ハ", "7H"),
    ("ja", "7ダ", "7D"),
    ("ja", "7ク", "7C"),
    ("ja", "7はーと", "7H"),
    ("ja", "7は", "7H"),
    ("ja", "Jすぺーど", "JS"),
    ("ja", "Aｽﾍﾟｰﾄﾞ", "AS"),  # half-width katakana
    ("ja", "７ハート", "7H"),  # a full-width digit
    ("ja", "１０Ｈ", "10H"),  # full-width notation
    ("ja", "ジョーカー", "JK"),
    ("ja", "7♥", "7H"),
    ("ja", "7S", "7S"),
    ("ja", "7ハート、8ハート　ジョーカー", "7H 8H JK"),  # the Japanese comma and the ideographic space
    # Every language: a suit alone after a rank alone is that rank's suit
    ("en", "7 H", "7H"),
    ("en", "10 ♠", "10S"),
    ("es", "7 P", "7S"),
]


@pytest.mark.parametrize(("language", "typed", "written"), ACCEPTED, ids=[f"{lang}:{t}" for lang, t, _ in ACCEPTED])
def test_each_accepted_spelling_is_the_card(language: str, typed: str, written: str) -> None:
    assert to_notation(typed, language=language) == written


# (language, typed, the offending token, the message) — refused, never read as a card
REFUSED = [
    ("fa", "7خ", "7خ", "'7خ' is not a card: خ begins both خشت (diamonds) and خاج (clubs); write the suit's whole "
                       "name, or ♦ or ♣"),
    ("fa", "7 خ", "7 خ", "'7 خ' is not a card: خ begins both خشت (diamonds) and خاج (clubs); write the suit's "
                         "whole name, or ♦ or ♣"),
    ("fa", "دل", "دل", "'دل' is not a card (write it like 7دل, 10♠, Qخشت or JK; the suits are پیک دل خشت خاج, "
                       "S H D C or ♠ ♥ ♦ ♣)"),
    ("fa", "دل 7", "دل", "'دل' is not a card (write it like 7دل, 10♠, Qخشت or JK; the suits are پیک دل خشت خاج, "
                         "S H D C or ♠ ♥ ♦ ♣)"),  # the suit comes after the rank
    ("fa", "7 دل سیاه", "سیاه", "'سیاه' is not a card (write it like 7دل, 10♠, Qخشت or JK; the suits are "
                               "پیک دل خشت خاج, S H D C or ♠ ♥ ♦ ♣)"),  # "black heart", a nickname of spades
    ("fa", "7", "7", "'7' needs a suit here (write it like 7دل or 7♥)"),
    ("fa", "7P", "7P", "'7P' is not a card (write it like 7دل, 10♠, Qخشت or JK; the suits are پیک دل خشت خاج, "
                       "S H D C or ♠ ♥ ♦ ♣)"),  # the Spanish letters are Spanish only
    ("ja", "ハート7", "ハート7", "'ハート7' is not a card (write it like 7ハート, 10♠, Qダイヤ or JK; the suits are "
                               "スペード ハート ダイヤ クラブ, S H D C or ♠ ♥ ♦ ♣)"),
    ("ja", "7ト", "7ト", "'7ト' is not a card (write it like 7ハート, 10♠, Qダイヤ or JK; the suits are "
                       "スペード ハート ダイヤ クラブ, S H D C or ♠ ♥ ♦ ♣)"),
    ("ja", "7赤", "7赤", "'7赤' is not a card (write it like 7ハート, 10♠, Qダイヤ or JK; the suits are "
                       "スペード ハート ダイヤ クラブ, S H D C or ♠ ♥ ♦ ♣)"),
    ("ja", "Q", "Q", "'Q' needs a suit here (write it like Qハート or Q♥)"),
    ("en", "7دل", "7دل", "'7دل' is not a card (write it like 7H, 10♠, QD or JK)"),  # words in their language only
    ("en", "7ハート", "7ハート", "'7ハート' is not a card (write it like 7H, 10♠, QD or JK)"),
    ("es", "7 T", "7 T", ""),  # in Spanish T alone is a ten: a 7 and a 10, and a 7 needs its suit
    ("es", "7S", "7S", "'7S' is not a card (write it like 7C, 10♠, QD or JK; the suits are P C D T or ♠ ♥ ♦ ♣)"),
]


@pytest.mark.parametrize(("language", "typed", "token", "message"), REFUSED,
                         ids=[f"{lang}:{t}" for lang, t, _, _ in REFUSED])
def test_each_ambiguous_or_unknown_spelling_is_refused_with_its_message(
    language: str, typed: str, token: str, message: str
) -> None:
    if message == "":
        assert parse_cards(typed, language=language, allow_bare_rank=True) == (Card.parse("7", allow_bare_rank=True),
                                                                               Card.parse("10", allow_bare_rank=True))
        with pytest.raises(CardError, match="'7' needs a suit here"):
            parse_cards(typed, language=language)
        return
    with pytest.raises(CardError) as error:
        parse_cards(typed, language=language)
    assert error.value.token == token
    assert str(error.value) == message


def test_the_ambiguous_initial_says_which_suits_it_could_be() -> None:
    with pytest.raises(AmbiguousSuitError) as error:
        parse_card("۷ خ", language="fa")
    assert error.value.spelling == "خ"
    assert error.value.suits == (Suit.DIAMONDS, Suit.CLUBS)
    assert AMBIGUOUS_SUIT_NAMES == {"fa": {"خ": (Suit.DIAMONDS, Suit.CLUBS)}}


def test_every_word_names_one_suit_and_every_suit_has_a_word() -> None:
    for language, words in SUIT_NAMES.items():
        names = suit_names(language)
        assert sorted(names) == sorted(Suit), language
        for word, suit in words.items():
            assert not reads_as_notation(language)
            for rank in ("A", "7", "10", "T", "K"):
                assert parse_card(rank + word, language=language) == Card.parse(rank + suit.value)
        # no accepted word is also an ambiguous initial
        assert not set(words) & set(AMBIGUOUS_SUIT_NAMES.get(language, {}))


def test_the_usual_names_come_first() -> None:
    assert {suit: words[0] for suit, words in suit_names("fa").items()} == {
        Suit.SPADES: "پیک", Suit.HEARTS: "دل", Suit.DIAMONDS: "خشت", Suit.CLUBS: "خاج"}
    assert {suit: words[0] for suit, words in suit_names("ja").items()} == {
        Suit.SPADES: "スペード", Suit.HEARTS: "ハート", Suit.DIAMONDS: "ダイヤ", Suit.CLUBS: "クラブ"}
    assert suit_names("fa-IR") == suit_names("fa")
    assert suit_names("en") == {}
    assert suit_names("es") == {}


def test_the_keypad_types_symbols_where_suits_are_words() -> None:
    assert [key_for(suit, "fa") for suit in Suit] == ["♠", "♥", "♦", "♣"]
    assert [key_for(suit, "ja_JP") for suit in Suit] == ["♠", "♥", "♦", "♣"]
    assert [key_for(suit, "es") for suit in Suit] == ["P", "C", "D", "T"]
    assert [key_for(suit, "en") for suit in Suit] == ["S", "H", "D", "C"]


@given(st.lists(st.sampled_from(full_deck()), max_size=10), st.sampled_from(["fa", "ja"]),
       st.sampled_from(["", " "]), st.booleans())
def test_words_round_trip(cards: list[Card], language: str, space: str, local_digits: bool) -> None:
    names = suit_names(language)
    digits = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹") if local_digits else {}
    typed = "، ".join(c.rank.label.translate(digits) + space + names[c.suit][0] for c in cards if c.rank and c.suit)
    assert parse_cards(typed, language=language) == tuple(cards)
