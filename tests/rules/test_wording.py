"""The engine's English (referee/rules/wording.py), worked out by hand: numbers and counts in words, lists joined
with "and", each kind of parameter in words, and a problem's sentence filled in (with its meld number in front
where a contract has several melds).
"""

from __future__ import annotations

import re

import pytest

from referee.rules.cards import Rank, Suit
from referee.rules.catalogue.blocks import run_of
from referee.rules.vocabulary import MeldKind, WildLimit
from referee.rules.wording import (
    MESSAGES,
    BuyToken,
    Count,
    Noun,
    Plural,
    Setting,
    VariantName,
    and_words,
    count_words,
    english,
    english_value,
    number_word,
)


@pytest.mark.parametrize(("n", "word"), [(0, "no"), (1, "one"), (7, "seven"), (12, "twelve"), (13, "13"), (-1, "-1")])
def test_numbers_up_to_twelve_are_words(n: int, word: str) -> None:
    assert number_word(n) == word


@pytest.mark.parametrize(
    ("count", "words"),
    [
        (Count(2, Noun.JOKER), "two jokers"),
        (Count(1, Noun.JOKER), "one joker"),
        (Count(1, Noun.JOKER, article=True), "a joker"),
        (Count(2, Noun.JOKER, article=True), "two jokers"),  # the article only for one
        (Count(1, Noun.WILD_CARD), "one wild card"),
        (Count(0, Noun.MELD), "no meld"),
        (Count(3, BuyToken.CHIP), "three chips"),
        (Count(3), "three"),
        (Count(20, Noun.NATURAL_CARD), "20 natural cards"),
    ],
)
def test_counts_in_words(count: Count, words: str) -> None:
    assert count_words(count) == words


@pytest.mark.parametrize(
    ("words", "joined"), [([], ""), (["7"], "7"), (["7", "8"], "7 and 8"), (["7", "8", "9"], "7, 8 and 9")]
)
def test_lists_are_joined_with_and(words: list[str], joined: str) -> None:
    assert and_words(words) == joined


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (Count(2, Noun.JOKER), "two jokers"),
        (Plural(MeldKind.RUN), "runs"),
        (Plural(Rank.ACE), "aces"),
        (Plural(Rank.SEVEN), "7s"),
        (Plural(Suit.HEARTS), "hearts"),
        (MeldKind.COLOUR_RUN, "colour run"),
        (WildLimit.ONE, "at most one wild card"),
        (VariantName("Shanghai (Deb Kolsov)"), "Shanghai (Deb Kolsov)"),
        (Setting("small_stake"), "small stake"),
        (Setting("house_pot"), "house pot"),  # a setting without words of its own: its id, spaced
        (BuyToken.MAY_I, "May I"),
        (Suit.CLUBS, "♣"),
        (Rank.QUEEN, "Q"),
        ((Rank.SEVEN, Rank.EIGHT, Rank.TEN), "7, 8 and 10"),
        (run_of(7, or_more=True), "run of 7 or more"),
        (5, "5"),
    ],
)
def test_each_kind_of_parameter_in_words(value: object, words: str) -> None:
    assert english_value(value) == words


def test_a_problems_sentence_is_filled_in() -> None:
    assert english("no-such-deal", (("variant", "Shanghai"), ("count", 7), ("deal", 9))) == (
        "Shanghai has 7 deals: there is no deal 9"
    )
    assert english(
        "too-many-wilds", (("wilds", Count(2, Noun.JOKER)), ("kind", MeldKind.SET), ("variant", "Telefunken"))
    ) == "two jokers in one set: Telefunken allows one per set"


def test_a_numbered_sentence_says_its_meld_first() -> None:
    params = (("meld", 2), ("count", 14), ("maximum", 13))
    assert english("run-too-long", params) == "14 cards: a run holds at most 13"
    assert english("run-too-long", params, numbered=True) == "meld 2: 14 cards: a run holds at most 13"


def test_an_unknown_key_has_no_sentence() -> None:
    with pytest.raises(KeyError):
        english("no-such-code", ())


def test_every_sentences_placeholders_are_names() -> None:
    """A sentence is filled in by name, so every placeholder is a plain name (format specs like !r allowed)."""
    for key, sentence in MESSAGES.items():
        for name in re.findall(r"\{([^{}]*)\}", sentence):
            assert re.fullmatch(r"[a-z_]+(![rs])?", name), (key, name)
