"""The cards of one 52-card pack, as the Persian games write them: ranks, suits and the notation, read and
written back (docs/table-games.md §4 and §5, T35).

The notation is the project's own (docs/rules.md §2.1): a rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (also ``T`` for
10) followed by a suit ``S H D C`` (also ``♠ ♥ ♦ ♣``), case-insensitive, cards separated by spaces or commas.
Output uses the first form, so the notation round-trips.

>>> parse_cards("kh, a♦ 5d t♥")
(Card.parse('KH'), Card.parse('AD'), Card.parse('5D'), Card.parse('10H'))
>>> format_cards(parse_cards("kh a♦")), format_cards(parse_cards("kh a♦"), pretty=True)
('KH AD', 'K♥ A♦')

The ranks, the suits and the reading of the notation are every family's (:mod:`referee.cards`). What is this
family's own is the card and the refusals: the rummy engine's card module reads jokers, bare ranks, two packs and
every language's suit letters, and comes with the rummy engine's sentences and errors; these games play one pack
of 52 with no joker, and their errors are :class:`~.base.RulesError` problems with this family's sentences. A
joker is read only to be refused by name:

>>> parse_cards("KH JK 1X")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
referee.games.persian.rules.cards.CardError: 'JK' is a joker: ...; '1X' is not a card ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from referee.cards import Rank, Suit, is_joker, normalised, read_card, tokens
from referee.games.persian.rules.base import HandError, Problem, quote

__all__ = ["Suit", "Rank", "Card", "CardError", "CardsLike", "parse_card", "parse_cards", "format_cards",
           "to_cards", "full_deck", "repeated"]


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


def _read(token: str) -> Card | Problem:
    """The card ``token`` writes, or why it is no card of one pack."""
    text = normalised(token)
    read = read_card(text)
    if read is not None:
        return Card(*read)
    return Problem.of("card-joker" if is_joker(text) else "card-unknown", card=quote(token))


def parse_card(token: str) -> Card:
    """One card: ``QS``, ``q♠``, ``10h``, ``TH``; :class:`CardError` for anything else.

    >>> parse_card("q♠"), parse_card("T♥")
    (Card.parse('QS'), Card.parse('10H'))
    """
    read = _read(token)
    if isinstance(read, Problem):
        raise CardError((read,))
    return read


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards separated by spaces or commas (an empty text is no cards); :class:`CardError` names every token
    that is no card."""
    read = [_read(token) for token in tokens(text)]
    problems = tuple(item for item in read if isinstance(item, Problem))
    if problems:
        raise CardError(problems)
    return tuple(item for item in read if isinstance(item, Card))


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
