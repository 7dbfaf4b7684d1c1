"""Contract rummy's cards: jokers, bare ranks, the suit letters and words of each language, parsing and formatting,
and the rummy engine's refusals of what is no card.

The ranks, the suits and the reading of the notation itself are every family's, in :mod:`referee.cards`; this
module builds on them (and re-exports :class:`Rank` and :class:`Suit`), and says in its own words why a token is
no card.

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

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from referee.cards import (
    JOKER_TOKENS,
    NOTATION_LETTERS,
    RANKS_BY_LABEL,
    SEPARATORS,
    SYMBOLS_TYPED,
    VARIATION_SELECTORS,
    Rank,
    Suit,
    read_card,
)
from referee.rules.problems import RulesError
from referee.typed import ascii_digits

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

SUIT_LETTERS: dict[str, dict[str, Suit]] = {
    "en": dict(NOTATION_LETTERS),
    "es": {"P": Suit.SPADES, "C": Suit.HEARTS, "D": Suit.DIAMONDS, "T": Suit.CLUBS},
}
"""The letters each language writes the suits with (picas, corazones, diamantes, tréboles in Spanish).

A language not listed uses the notation's own letters, the English ones."""

SUIT_NAMES: dict[str, dict[str, Suit]] = {
    # پیک spades, دل hearts, خشت diamonds, خاج clubs (also گشنیز, as the Persian Telefunken text writes it), and
    # the initials only one suit has: پ, د, گ (خ begins both خشت and خاج: AMBIGUOUS_SUIT_NAMES).
    "fa": {"پیک": Suit.SPADES, "دل": Suit.HEARTS, "خشت": Suit.DIAMONDS, "خاج": Suit.CLUBS, "گشنیز": Suit.CLUBS,
           "پ": Suit.SPADES, "د": Suit.HEARTS, "گ": Suit.CLUBS},
    # スペード ハート ダイヤ クラブ (ダイア and ダイヤモンド too) and their initials ス ハ ダ ク;
    # hiragana is read as the same katakana (はーと, は), half-width katakana as full-width.
    "ja": {"スペード": Suit.SPADES, "ハート": Suit.HEARTS, "ダイヤ": Suit.DIAMONDS, "クラブ": Suit.CLUBS,
           "ダイア": Suit.DIAMONDS, "ダイヤモンド": Suit.DIAMONDS,
           "ス": Suit.SPADES, "ハ": Suit.HEARTS, "ダ": Suit.DIAMONDS, "ク": Suit.CLUBS},
}
"""The words (and unambiguous initials) a language names the suits with, the usual name of each suit first.

They are read beside the notation's letters ``S H D C`` (these languages' scripts share no letter with them) and
the symbols; a rank comes first, as in the notation (``7دل``, ``10ダイヤ``)."""

AMBIGUOUS_SUIT_NAMES: dict[str, dict[str, tuple[Suit, ...]]] = {"fa": {"خ": (Suit.DIAMONDS, Suit.CLUBS)}}
"""Initials two suits share: refused with both names (:class:`AmbiguousSuitError`), never read as either."""

#: Words for the joker in the languages that have their own (the Persian and Japanese texts' جوکر, ジョーカー).
_JOKER_WORDS = {"fa": frozenset({"جوکر"}), "ja": frozenset({"ジョーカー"})}


def _primary(language: str) -> str:
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0]


def suit_letters(language: str = "en") -> dict[str, Suit]:
    """The suit letters of ``language`` (``es``, ``es-EC``, ``en_GB``…); the notation's own when it has none.

    >>> sorted(suit_letters("es_EC"))
    ['C', 'D', 'P', 'T']
    """
    return SUIT_LETTERS.get(_primary(language), SUIT_LETTERS["en"])


def suit_names(language: str) -> dict[Suit, tuple[str, ...]]:
    """The words ``language`` names each suit with, its usual name first (none for a language without them).

    >>> suit_names("fa")[Suit.CLUBS]
    ('خاج', 'گشنیز', 'گ')
    """
    names: dict[Suit, tuple[str, ...]] = {}
    for word, suit in SUIT_NAMES.get(_primary(language), {}).items():
        names[suit] = (*names.get(suit, ()), word)
    return names


def letter_for(suit: Suit, language: str = "en") -> str:
    """The letter ``language`` writes ``suit`` with.

    >>> letter_for(Suit.HEARTS, "es"), letter_for(Suit.CLUBS, "es")
    ('C', 'T')
    """
    return next(letter for letter, s in suit_letters(language).items() if s is suit)


def key_for(suit: Suit, language: str = "en") -> str:
    """What a card keypad types for ``suit`` in ``language``: its letter, or its symbol where the language names
    the suits in words (a word would read backwards beside a rank in right-to-left text; the symbol never does).

    >>> key_for(Suit.HEARTS), key_for(Suit.HEARTS, "es"), key_for(Suit.HEARTS, "fa"), key_for(Suit.HEARTS, "ja")
    ('H', 'C', '♥', '♥')
    """
    return suit.symbol if _primary(language) in SUIT_NAMES else letter_for(suit, language)


def reads_as_notation(language: str) -> bool:
    """Whether cards typed in ``language`` are read exactly as the notation is (no letters or words of its own).

    >>> reads_as_notation("en_GB"), reads_as_notation("es"), reads_as_notation("fa")
    (True, False, False)
    """
    return suit_letters(language) is SUIT_LETTERS["en"] and _primary(language) not in SUIT_NAMES


@cache
def _suit_spellings(primary: str) -> tuple[tuple[str, Suit], ...]:
    """Every way ``primary`` writes a suit at the end of a card, the longest first (``ダイヤ`` before ``ダ``)."""
    spellings = suit_letters(primary) | dict(SYMBOLS_TYPED) | SUIT_NAMES.get(primary, {})
    return tuple(sorted(spellings.items(), key=lambda item: -len(item[0])))


@cache
def _suits_alone(primary: str) -> frozenset[str]:
    """The tokens that are a suit with no rank in ``primary``: never a rank itself (Spanish ``T`` is a ten)."""
    spellings = {spelling for spelling, _suit in _suit_spellings(primary)} | set(AMBIGUOUS_SUIT_NAMES.get(primary, {}))
    return frozenset(spellings - set(RANKS_BY_LABEL))


def _is_suit_alone(upper: str, primary: str) -> bool:
    """Whether a token is a suit with no rank, so that it belongs to the rank before it (``7 دل`` is one card)."""
    return upper in _suits_alone(primary)


#: Arabic letters a Persian phone may type for the Persian ones (an Arabic keyboard's kaf and yeh), and the
#: tatweel that only stretches a word.
_PERSIAN_LETTERS = str.maketrans({"\u0643": "\u06a9", "\u064a": "\u06cc", "\u0649": "\u06cc", "\u0640": None})
_HIRAGANA = str.maketrans({chr(code): chr(code + 0x60) for code in range(0x3041, 0x3097)})


def _as_typed(text: str) -> str:
    """Text as a phone may type cards, in the forms the tables above hold: no variation selectors, ASCII digits
    and no direction marks (:func:`referee.typed.ascii_digits`), full-width letters and half-width
    katakana as their usual forms (NFKC), Persian letters for their Arabic twins, katakana for hiragana."""
    text = text.translate(VARIATION_SELECTORS)
    if text.isascii():
        return text
    text = ascii_digits(unicodedata.normalize("NFKC", text))
    return text.translate(_PERSIAN_LETTERS).translate(_HIRAGANA)


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
    primary = _primary(language)
    text = "".join(_as_typed(token).split())
    upper = text.upper()
    if upper in JOKER_TOKENS or text in _JOKER_WORDS.get(primary, ()):
        return JOKER
    if not text:
        raise CardError(token, "an empty card")
    read = read_card(upper, _suit_spellings(primary))
    if read is not None:
        return Card(*read)
    for spelling, suits in AMBIGUOUS_SUIT_NAMES.get(primary, {}).items():
        if upper.endswith(spelling) and upper[: -len(spelling)] in RANKS_BY_LABEL:
            raise AmbiguousSuitError(token, spelling, suits, language)
    if upper in RANKS_BY_LABEL:
        if allow_bare_rank:
            return Card(RANKS_BY_LABEL[upper], None)
        example = written_suit(Suit.HEARTS, language)
        raise CardError(token, f"{token!r} needs a suit here (write it like {upper}{example} or {upper}♥)")
    raise CardError(token, _not_a_card(token, language))


def written_suit(suit: Suit, language: str = "en") -> str:
    """How ``suit`` is written in an example for ``language``: its usual name where the language names suits in
    words, else its letter.

    >>> written_suit(Suit.HEARTS), written_suit(Suit.HEARTS, "es"), written_suit(Suit.HEARTS, "fa")
    ('H', 'C', 'دل')
    """
    names = suit_names(language)
    return names[suit][0] if names else letter_for(suit, language)


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
    primary = _primary(language)
    tokens: list[str] = []
    for token in SEPARATORS.split(text.translate(VARIATION_SELECTORS)):
        typed = _as_typed(token).strip().upper()
        if not typed:
            continue
        if tokens and _as_typed(tokens[-1]).upper() in RANKS_BY_LABEL and _is_suit_alone(typed, primary):
            tokens[-1] = f"{tokens[-1]} {token}"
        else:
            tokens.append(token)
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
