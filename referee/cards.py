"""The project's card notation, read the same by every family of games: ranks, suits and how a card is written
(docs/rules.md §2.1).

A card is its rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (also ``T`` for 10) followed by its suit ``S H D C`` (also
``♠ ♥ ♦ ♣``, and their outlines ``♤ ♡ ♢ ♧``); a joker is ``JK`` (also ``*``, ``🃏`` or ``JOKER``); cards are
separated by spaces or commas; case does not matter.

This module reads the notation and nothing else: it knows no game, raises nothing and words no refusal. Each
family's card module builds its cards on it and says, in its own sentences, why a token is no card of its games
(a joker in a game of one 52-card pack, a bare rank where a suit is needed, a suit in a language's own letters).
It is pure (standard library only), like the rules engines that use it.

>>> read_card(normalised(" q♠\\ufe0f ")), read_card("TH"), read_card("1X")
((<Rank.QUEEN: 12>, <Suit.SPADES: 'S'>), (<Rank.TEN: 10>, <Suit.HEARTS: 'H'>), None)
>>> is_joker(normalised("jk")), tokens("7H, 8h  10♠،JK")
(True, ['7H', '8h', '10♠', 'JK'])
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from enum import IntEnum, StrEnum

__all__ = [
    "Suit",
    "Rank",
    "SUIT_SYMBOLS",
    "NOTATION_LETTERS",
    "SYMBOLS_TYPED",
    "RANKS_BY_LABEL",
    "JOKER_TOKENS",
    "VARIATION_SELECTORS",
    "SEPARATORS",
    "normalised",
    "is_joker",
    "read_card",
    "tokens",
]


class Suit(StrEnum):
    """A suit, valued by its notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol for people: ♠ ♥ ♦ ♣."""
        return SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


class Rank(IntEnum):
    """A rank; the value is its position with the ace low (A=1 … K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def label(self) -> str:
        """The rank's notation: A 2 … 10 J Q K."""
        return _RANK_LABELS[self]

    @property
    def plural(self) -> str:
        """The rank in the plural, as an English sentence says it: aces, 7s, jacks."""
        return _RANK_PLURALS.get(self, self.label + "s")


#: Each suit's symbol, as the screens show it and as it may be typed.
SUIT_SYMBOLS: Mapping[Suit, str] = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
#: The notation's own suit letters (English): the form cards are stored and exported in.
NOTATION_LETTERS: Mapping[str, Suit] = {suit.value: suit for suit in Suit}
#: The symbols a suit may be typed with in any language: the filled ones and their outlines.
SYMBOLS_TYPED: Mapping[str, Suit] = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()} | {
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}
_RANK_LABELS = {rank: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(rank), str(int(rank))) for rank in Rank}
_RANK_PLURALS = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}
#: Each rank by its label, and ``T`` for the ten.
RANKS_BY_LABEL: Mapping[str, Rank] = {label: rank for rank, label in _RANK_LABELS.items()} | {"T": Rank.TEN}
#: The ways the notation writes a joker (upper-case).
JOKER_TOKENS = frozenset({"JK", "*", "🃏", "JOKER"})
#: The variation selectors a phone may put after a symbol (``♠️``): they change nothing of the card.
VARIATION_SELECTORS = str.maketrans("", "", "\ufe0f\ufe0e")
#: What separates cards: spaces and commas (also the Persian ، and the full-width ， and 、 a phone may type).
SEPARATORS = re.compile(r"[\s,，،、]+")
#: The notation's suits as a reader tries them: letters and symbols, each one character.
_NOTATION_SPELLINGS: tuple[tuple[str, Suit], ...] = tuple({**NOTATION_LETTERS, **SYMBOLS_TYPED}.items())


def normalised(token: str) -> str:
    """A token as the readers below take it: without variation selectors or surrounding spaces, in upper case."""
    return token.translate(VARIATION_SELECTORS).strip().upper()


def is_joker(text: str) -> bool:
    """Whether a normalised token is the notation's joker."""
    return text in JOKER_TOKENS


def read_card(text: str, spellings: Iterable[tuple[str, Suit]] = _NOTATION_SPELLINGS) -> tuple[Rank, Suit] | None:
    """The rank and suit a normalised token writes, a rank followed by a suit; None when it writes no card.

    ``spellings`` are the ways a suit may be written, the longest first where one ends another: by default the
    notation's letters and the symbols; a family that reads a language's own suit letters or words passes them.

    >>> read_card("QS"), read_card("Q"), read_card("JK")
    ((<Rank.QUEEN: 12>, <Suit.SPADES: 'S'>), None, None)
    >>> read_card("7P", (("P", Suit.SPADES),))
    (<Rank.SEVEN: 7>, <Suit.SPADES: 'S'>)
    """
    for spelling, suit in spellings:
        if len(text) > len(spelling) and text.endswith(spelling):
            rank = RANKS_BY_LABEL.get(text[: -len(spelling)])
            if rank is not None:
                return rank, suit
    return None


def tokens(text: str) -> list[str]:
    """The tokens of cards written one after another, separated by spaces or commas (none in an empty text)."""
    return [token for token in SEPARATORS.split(text.translate(VARIATION_SELECTORS)) if token]
