"""Cards and the card notation: ranks, suits, jokers, parsing and formatting.

The notation (docs/rules.md §2.1): a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (also ``T`` for 10)
followed by a suit ``S H D C`` (also ``♠ ♥ ♦ ♣``); a joker is ``JK`` (also ``*`` or ``🃏``).
Cards are separated by spaces or commas. Input is case-insensitive; output uses the first form.

>>> parse_cards("7H 8h,JK 10♠")
(Card.parse('7H'), Card.parse('8H'), Card.parse('JK'), Card.parse('10S'))
>>> format_cards(parse_cards("t♠ j♠ 🃏"))
'10S JS JK'
>>> format_cards(parse_cards("3C 4C"), pretty=True)
'3♣ 4♣'

Suit letters depend on the language the cards are typed in (:data:`SUIT_LETTERS`): in Spanish a suit is
written ``P C D T`` (picas, corazones, diamantes, tréboles), so ``7C`` is the seven of *hearts* and ``7T``
the seven of clubs. ``T`` is also the notation's one-letter ten; a token is read as a rank *followed by* a
suit, so ``T`` alone is a ten, ``TT`` and ``10T`` the ten of clubs and ``TC`` the ten of hearts: nothing is
ambiguous. A language's letters replace the English ones rather than adding to them (``7S`` is refused in
Spanish: mixing the two alphabets would read an English ``7C`` as hearts without a word). The symbols
``♠ ♥ ♦ ♣`` mean the same in every language. Output is always the notation (English letters), so what is
stored reads the same whatever language it was typed in.

>>> format_cards(parse_cards("7C 7P 7T TT T", language="es", allow_bare_rank=True))
'7H 7S 7C 10C 10'
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from referee.rules.problems import RulesError

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "JOKER",
    "CardError",
    "SUIT_LETTERS",
    "suit_letters",
    "letter_for",
    "TooManyCopiesError",
    "CardsLike",
    "parse_card",
    "parse_cards",
    "format_cards",
    "to_notation",
    "to_cards",
    "check_copies",
    "full_deck",
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
        return _SUIT_SYMBOLS[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}


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
        """The rank in the plural, as the referee's sentences say it: aces, 7s, jacks."""
        return _RANK_PLURALS.get(self, self.label + "s")

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Parse a rank label (``A``, ``10``, ``T``, ``q``…)."""
        try:
            return _RANKS_BY_LABEL[text.upper()]
        except KeyError:
            raise CardError(text, f"{text!r} is not a rank (use A 2 3 4 5 6 7 8 9 10 J Q K)") from None


_RANK_LABELS = {r: {1: "A", 11: "J", 12: "Q", 13: "K"}.get(int(r), str(int(r))) for r in Rank}
_RANKS_BY_LABEL = {label: r for r, label in _RANK_LABELS.items()} | {"T": Rank.TEN}
_RANK_PLURALS = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}


class CardError(RulesError):
    """Bad card notation; ``token`` is the offending text."""

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        super().__init__(message or f"{token!r} is not a card (write it like 7H, 10♠, QD or JK)")


class TooManyCopiesError(CardError):
    """More copies of one card than the decks in play hold."""

    def __init__(self, card: Card, count: int, available: int) -> None:
        self.card = card
        self.count = count
        self.available = available
        what = "jokers" if card.is_joker else f"copies of {card}"
        super().__init__(
            str(card),
            f"{count} {what}, but the cards in play hold only {available}: that cannot happen at the table",
        )


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card, a joker (rank and suit both None) or a bare rank (suit None).

    A bare rank (``K``) is accepted only for the cards left in a hand, where the suit
    changes nothing of the value.
    """

    rank: Rank | None
    suit: Suit | None

    def __post_init__(self) -> None:
        if self.rank is None and self.suit is not None:
            raise CardError(self.suit.value, "a joker has no suit")

    @property
    def is_joker(self) -> bool:
        """True for a joker."""
        return self.rank is None

    @property
    def is_bare_rank(self) -> bool:
        """True for a rank given without a suit (``K``)."""
        return self.rank is not None and self.suit is None

    def __str__(self) -> str:
        if self.rank is None:
            return "JK"
        return self.rank.label + (self.suit.value if self.suit else "")

    def pretty(self) -> str:
        """The card for people: ``3♣``, ``10♥``, ``JK``."""
        if self.rank is None:
            return "JK"
        return self.rank.label + (self.suit.symbol if self.suit else "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @classmethod
    def parse(cls, token: str, *, allow_bare_rank: bool = False) -> Card:
        """Parse one card token; see :func:`parse_card`."""
        return parse_card(token, allow_bare_rank=allow_bare_rank)

    def sort_key(self) -> tuple[int, int, str]:
        """Order: by rank (jokers last), then suit letter."""
        if self.rank is None:
            return (99, 0, "")
        return (int(self.rank), 0, self.suit.value if self.suit else "")


JOKER = Card(None, None)

_JOKER_TOKENS = {"JK", "*", "🃏", "JOKER"}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {s.symbol: s for s in Suit} | {
    "♤": Suit.SPADES,
    "♡": Suit.HEARTS,
    "♢": Suit.DIAMONDS,
    "♧": Suit.CLUBS,
}

SUIT_LETTERS: dict[str, dict[str, Suit]] = {
    "en": {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS},
    "es": {"P": Suit.SPADES, "C": Suit.HEARTS, "D": Suit.DIAMONDS, "T": Suit.CLUBS},
}
"""The letters each language writes the suits with (picas, corazones, diamantes, tréboles in Spanish).

A language not listed uses the notation's own letters, the English ones."""


def suit_letters(language: str = "en") -> dict[str, Suit]:
    """The suit letters of ``language`` (``es``, ``es-EC``, ``en_GB``…); the notation's own when it has none.

    >>> sorted(suit_letters("es_EC"))
    ['C', 'D', 'P', 'T']
    """
    primary = re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0]
    return SUIT_LETTERS.get(primary, SUIT_LETTERS["en"])


def letter_for(suit: Suit, language: str = "en") -> str:
    """The letter ``language`` writes ``suit`` with.

    >>> letter_for(Suit.HEARTS, "es"), letter_for(Suit.CLUBS, "es")
    ('C', 'T')
    """
    return next(letter for letter, s in suit_letters(language).items() if s is suit)


def _suit_of(text: str, language: str) -> Suit | None:
    """The suit a token's last character names in ``language``: its letter or a symbol (any language)."""
    if text in _SUIT_LETTER_SET:
        return suit_letters(language).get(text)
    return _SUIT_BY_TEXT.get(text)


_SUIT_LETTER_SET = frozenset(letter for letters in SUIT_LETTERS.values() for letter in letters)
_SEPARATORS = re.compile(r"[\s,]+")
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0f\ufe0e")

CardsLike = str | Iterable[Card]
"""Every public function takes cards as notation text or as Card objects."""


def parse_card(token: str, *, allow_bare_rank: bool = False, language: str = "en") -> Card:
    """Parse one card: ``7H``, ``10♠``, ``t♠``, ``JK``, ``*``; with ``allow_bare_rank`` also ``K``.

    ``language`` chooses the suit letters (:func:`suit_letters`); the symbols work in every language.

    >>> parse_card("q♥")
    Card.parse('QH')
    >>> parse_card("K", allow_bare_rank=True)
    Card.parse('K')
    >>> parse_card("7c", language="es")
    Card.parse('7H')
    """
    text = token.translate(_VARIATION_SELECTORS).strip()
    upper = text.upper()
    if upper in _JOKER_TOKENS:
        return JOKER
    if not text:
        raise CardError(token, "an empty card")
    suit = _suit_of(upper[-1], language) if len(upper) > 1 else None
    if suit is None or upper[:-1] not in _RANKS_BY_LABEL:
        if upper in _RANKS_BY_LABEL:
            if allow_bare_rank:
                return Card(_RANKS_BY_LABEL[upper], None)
            letter = letter_for(Suit.HEARTS, language)
            raise CardError(token, f"{token!r} needs a suit here (write it like {upper}{letter} or {upper}♥)")
        raise CardError(token, _not_a_card(token, language))
    return Card(_RANKS_BY_LABEL[upper[:-1]], suit)


def _not_a_card(token: str, language: str) -> str | None:
    """The message for a token that is no card: the default one, or naming the language's own suit letters."""
    letters = suit_letters(language)
    if letters is SUIT_LETTERS["en"]:
        return None
    hearts, diamonds = letter_for(Suit.HEARTS, language), letter_for(Suit.DIAMONDS, language)
    return (f"{token!r} is not a card (write it like 7{hearts}, 10♠, Q{diamonds} or JK; "
            f"the suits are {' '.join(letters)} or ♠ ♥ ♦ ♣)")


def parse_cards(text: str, *, allow_bare_rank: bool = False, language: str = "en") -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; an empty text is no cards (suit letters of ``language``)."""
    tokens = [t for t in _SEPARATORS.split(text.translate(_VARIATION_SELECTORS)) if t]
    return tuple(parse_card(t, allow_bare_rank=allow_bare_rank, language=language) for t in tokens)


def to_notation(text: str, *, allow_bare_rank: bool = False, language: str = "en") -> str:
    """Cards typed in ``language`` written back in the notation, the form the ledger stores.

    >>> to_notation("7c, 7p 🃏", language="es")
    '7H 7S JK'
    """
    return format_cards(parse_cards(text, allow_bare_rank=allow_bare_rank, language=language))


def to_cards(cards: CardsLike, *, allow_bare_rank: bool = False) -> tuple[Card, ...]:
    """Accept notation text or Card objects and give a tuple of cards."""
    if isinstance(cards, str):
        return parse_cards(cards, allow_bare_rank=allow_bare_rank)
    result = tuple(cards)
    for card in result:
        if not isinstance(card, Card):
            raise CardError(str(card), f"{card!r} is not a card")
        if card.is_bare_rank and not allow_bare_rank:
            raise CardError(str(card), f"{card} needs a suit here (write it like {card}H)")
    return result


def format_cards(cards: CardsLike, *, pretty: bool = False, sep: str = " ") -> str:
    """Write cards back in the notation (``3C``), or for people (``3♣``) with ``pretty``."""
    return sep.join(c.pretty() if pretty else str(c) for c in to_cards(cards, allow_bare_rank=True))


def check_copies(cards: Iterable[Card], *, decks: int, jokers: int) -> None:
    """Refuse more copies of a card than ``decks`` packs (and ``jokers`` jokers) hold.

    A bare rank counts against all four suits of its rank together.

    >>> check_copies(parse_cards("9C 9C 9C"), decks=2, jokers=4)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    ...
    referee.rules.cards.TooManyCopiesError: 3 copies of 9C, but the cards in play hold only 2: ...
    """
    counts = Counter(cards)
    by_rank: Counter[Rank] = Counter()
    for card, count in counts.items():
        if card.is_joker:
            if count > jokers:
                raise TooManyCopiesError(card, count, jokers)
        elif card.rank is not None:
            by_rank[card.rank] += count
            if card.suit is not None and count > decks:
                raise TooManyCopiesError(card, count, decks)
    for rank, count in by_rank.items():
        if count > 4 * decks:
            raise TooManyCopiesError(Card(rank, None), count, 4 * decks)


def full_deck() -> tuple[Card, ...]:
    """One 52-card pack, without jokers, in rank then suit order."""
    return tuple(Card(rank, suit) for rank in Rank for suit in Suit)
