"""The cards of one 52-card pack, as the Persian games write them: ranks, suits and the notation, read and
written back (docs/table-games.md §4 and §5, T35).

The notation is the project's own (docs/rules.md §2.1): a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (also ``T`` for
10) followed by a suit ``S H D C`` (also ``♠ ♥ ♦ ♣``), case-insensitive, cards separated by spaces or commas.
Output uses the first form, so the notation round-trips.

>>> parse_cards("kh, a♦ 5d t♥")
(Card.parse('KH'), Card.parse('AD'), Card.parse('5D'), Card.parse('10H'))
>>> format_cards(parse_cards("kh a♦")), format_cards(parse_cards("kh a♦"), pretty=True)
('KH AD', 'K♥ A♦')

Why a module of its own rather than the rummy engine's card module: that one reads jokers, bare ranks, two
packs and every language's suit letters, and comes with the rummy engine's sentences and errors; these games
play one pack of 52 with no joker, and their errors are :class:`~.base.RulesError` problems with this family's
sentences. A joker is read only to be refused by name:

>>> parse_cards("KH JK 1X")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
referee.games.persian.rules.cards.CardError: 'JK' is a joker: ...; '1X' is not a card ...
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from referee.games.persian.rules.base import HandError, Problem, quote

__all__ = ["Suit", "Rank", "Card", "CardError", "CardsLike", "parse_card", "parse_cards", "format_cards",
           "to_cards", "full_deck", "repeated"]


class Suit(StrEnum):
    """A suit, valued by its notation letter."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's symbol for people: ♠ ♥ ♦ ♣."""
        return _SYMBOLS[self]


_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUITS_TYPED = {suit.value: suit for suit in Suit} | {symbol: suit for suit, symbol in _SYMBOLS.items()}


class Rank(IntEnum):
    """A rank; the value is its place with the ace low (A=1 … K=13)."""

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
        return {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(self), str(int(self)))


_RANKS_TYPED = {rank.label: rank for rank in Rank} | {"T": Rank.TEN}
_JOKERS = {"JK", "*", "🃏", "JOKER"}
_SEPARATORS = re.compile(r"[\s,،]+")


class CardError(HandError):
    """Cards that cannot be read: each token that is no card of one 52-card pack, quoted."""


@dataclass(frozen=True, slots=True)
class Card:
    """A card of one 52-card pack."""

    rank: Rank
    suit: Suit

    def __str__(self) -> str:
        return self.rank.label + self.suit.value

    def pretty(self) -> str:
        """The card for people: ``Q♠``."""
        return self.rank.label + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, token: str) -> Card:
        """One card from its notation; see :func:`parse_card`."""
        return parse_card(token)


CardsLike = str | Iterable[Card]
"""Every public function takes cards as notation text or as Card objects."""


def _token_problem(token: str) -> Problem | None:
    """Why ``token`` is no card, or None when it is one."""
    text = token.strip().upper().replace("\ufe0f", "")
    if text in _JOKERS:
        return Problem.of("card-joker", card=quote(token))
    if text[-1:] in _SUITS_TYPED and text[:-1] in _RANKS_TYPED:
        return None
    return Problem.of("card-unknown", card=quote(token))


def parse_card(token: str) -> Card:
    """One card: ``QS``, ``q♠``, ``10h``, ``TH``; :class:`CardError` for anything else.

    >>> parse_card("q♠"), parse_card("T♥")
    (Card.parse('QS'), Card.parse('10H'))
    """
    problem = _token_problem(token)
    if problem is not None:
        raise CardError((problem,))
    text = token.strip().upper().replace("\ufe0f", "")
    return Card(_RANKS_TYPED[text[:-1]], _SUITS_TYPED[text[-1]])


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas (an empty text is no cards); :class:`CardError` names every token
    that is no card."""
    tokens = [token for token in _SEPARATORS.split(text) if token]
    problems = tuple(p for p in (_token_problem(token) for token in tokens) if p is not None)
    if problems:
        raise CardError(problems)
    return tuple(parse_card(token) for token in tokens)


def to_cards(cards: CardsLike) -> tuple[Card, ...]:
    """Notation text or Card objects, as a tuple of cards."""
    if isinstance(cards, str):
        return parse_cards(cards)
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise CardError((Problem.of("card-unknown", card=quote(card)),))
    return result


def format_cards(cards: CardsLike, *, pretty: bool = False) -> str:
    """Cards in the notation (``QS 10H``), or for people (``Q♠ 10♥``) with ``pretty``."""
    return " ".join(card.pretty() if pretty else str(card) for card in to_cards(cards))


def repeated(cards: Iterable[Card]) -> tuple[Card, ...]:
    """The cards that appear more than once, each once, in the order first seen: one pack has none.

    >>> repeated(parse_cards("KH 5D KH 5D KH 2C"))
    (Card.parse('KH'), Card.parse('5D'))
    """
    return tuple(card for card, count in Counter(cards).items() if count > 1)


def full_deck() -> tuple[Card, ...]:
    """One 52-card pack, in suit then rank order."""
    return tuple(Card(rank, suit) for suit in Suit for rank in Rank)
