"""Contract rummy's cards: jokers, bare ranks, the suit letters and words of each language, parsing and formatting,
and the rummy engine's refusals of what is no card.

The ranks, the suits, the reading of the notation itself and how each language types it (its suit letters and
words) are every family's, in :mod:`referee.cards`; this module builds on them (and re-exports :class:`Rank`,
:class:`Suit` and the languages' suit letters and words), and says in its own words why a token is no card.

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

Persian and Japanese name the suits in words (:data:`SUIT_NAMES`): ``7دل``, ``7 دل``, ``۷ دل`` (Persian digits
are read too), ``10ダイヤ``, ``7ハート``. Their scripts share no letter with the notation, so the notation's letters
``S H D C`` are read beside the words; an initial shared by two suits (Persian ``خ``, of خشت and خاج) is refused
(:class:`AmbiguousSuitError`). A rank and its suit may be typed with a space between them (``7 دل``, ``7 ♥``)
when the suit alone is not a card itself (``T`` is a ten in Spanish, so ``7 T`` stays a 7 and a 10).

>>> format_cards(parse_cards("7دل ۷ پیک 10خشت Qخاج JK", language="fa"))
'7H 7S 10D QC JK'
>>> format_cards(parse_cards("7ハート、10ダイヤ K くらぶ", language="ja"))
'7H 10D KC'
>>> parse_cards("7خ", language="fa")  # doctest: +IGNORE_EXCEPTION_DETAIL
Traceback (most recent call last):
...
referee.rules.cards.AmbiguousSuitError: '7خ' is not a card: خ begins both خشت (diamonds) and خاج (clubs); ...
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from referee.cards import (
    AMBIGUOUS_SUIT_NAMES,
    RANKS_BY_LABEL,
    SUIT_LETTERS,
    SUIT_NAMES,
    Rank,
    Suit,
    as_typed,
    key_for,
    letter_for,
    primary_language,
    reads_as_notation,
    suit_letters,
    suit_names,
    typed_card,
    typed_tokens,
    written_suit,
)
from referee.rules.problems import RulesError

__all__ = [
    "Rank",
    "Suit",
    "Card",
    "JOKER",
    "CardError",
    "AmbiguousSuitError",
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "AMBIGUOUS_SUIT_NAMES",
    "suit_letters",
    "suit_names",
    "letter_for",
    "key_for",
    "written_suit",
    "reads_as_notation",
    "TooManyCopiesError",
    "CardsLike",
    "parse_card",
    "parse_cards",
    "format_cards",
    "to_notation",
    "to_cards",
    "check_copies",
    "full_deck",
    "parse_rank",
]


def parse_rank(text: str) -> Rank:
    """Parse a rank label (``A``, ``10``, ``T``, ``q``…); :class:`CardError` for anything else.

    >>> parse_rank("q"), parse_rank("T")
    (<Rank.QUEEN: 12>, <Rank.TEN: 10>)
    """
    try:
        return RANKS_BY_LABEL[text.upper()]
    except KeyError:
        raise CardError(text, f"{text!r} is not a rank (use A 2 3 4 5 6 7 8 9 10 J Q K)") from None


class CardError(RulesError):
    """Bad card notation; ``token`` is the offending text."""

    def __init__(self, token: str, message: str | None = None) -> None:
        self.token = token
        super().__init__(message or f"{token!r} is not a card (write it like 7H, 10♠, QD or JK)")


class AmbiguousSuitError(CardError):
    """A suit written with an initial two suits share (Persian ``خ``: خشت, diamonds, and خاج, clubs)."""

    def __init__(self, token: str, spelling: str, suits: tuple[Suit, ...], language: str) -> None:
        self.spelling = spelling
        self.suits = suits
        names = " and ".join(f"{suit_names(language)[suit][0]} ({suit.name.lower()})" for suit in suits)
        symbols = " or ".join(suit.symbol for suit in suits)
        super().__init__(token, f"{token!r} is not a card: {spelling} begins both {names}; write the suit's whole "
                                f"name, or {symbols}")


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

CardsLike = str | Iterable[Card]
"""Every public function takes cards as notation text or as Card objects."""


def parse_card(token: str, *, allow_bare_rank: bool = False, language: str = "en") -> Card:
    """Parse one card: ``7H``, ``10♠``, ``t♠``, ``JK``, ``*``; with ``allow_bare_rank`` also ``K``.

    ``language`` chooses the suit letters (:func:`suit_letters`) and words (:data:`SUIT_NAMES`); the symbols work
    in every language. A space may stand between the rank and the suit.

    >>> parse_card("q♥")
    Card.parse('QH')
    >>> parse_card("K", allow_bare_rank=True)
    Card.parse('K')
    >>> parse_card("7c", language="es")
    Card.parse('7H')
    >>> parse_card("۱۰ خشت", language="fa"), parse_card("１０だいや", language="ja")
    (Card.parse('10D'), Card.parse('10D'))
    """
    read = typed_card(token, language)
    if read is not None and (read[0] is None or read[1] is not None or allow_bare_rank):
        return JOKER if read[0] is None else Card(*read)
    text = "".join(as_typed(token).split())
    if not text:
        raise CardError(token, "an empty card")
    upper = text.upper()
    for spelling, suits in AMBIGUOUS_SUIT_NAMES.get(primary_language(language), {}).items():
        if upper.endswith(spelling) and upper[: -len(spelling)] in RANKS_BY_LABEL:
            raise AmbiguousSuitError(token, spelling, suits, language)
    if upper in RANKS_BY_LABEL:
        example = written_suit(Suit.HEARTS, language)
        raise CardError(token, f"{token!r} needs a suit here (write it like {upper}{example} or {upper}♥)")
    raise CardError(token, _not_a_card(token, language))


def _not_a_card(token: str, language: str) -> str | None:
    """The message for a token that is no card: the default one, or naming the language's own suits."""
    if reads_as_notation(language):
        return None
    hearts, diamonds = written_suit(Suit.HEARTS, language), written_suit(Suit.DIAMONDS, language)
    names = suit_names(language)
    if names:
        suits = f"{' '.join(names[suit][0] for suit in Suit)}, {' '.join(suit_letters(language))}"
    else:
        suits = " ".join(suit_letters(language))
    return (f"{token!r} is not a card (write it like 7{hearts}, 10♠, Q{diamonds} or JK; "
            f"the suits are {suits} or ♠ ♥ ♦ ♣)")


def parse_cards(text: str, *, allow_bare_rank: bool = False, language: str = "en") -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; an empty text is no cards (suit letters of ``language``).

    A suit alone after a rank alone is that rank's suit (``7 ♥`` is one card): see the module's documentation.
    """
    return tuple(parse_card(t, allow_bare_rank=allow_bare_rank, language=language)
                 for t in typed_tokens(text, language))


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
