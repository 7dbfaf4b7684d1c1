"""The project's card notation, read the same by every family of games: ranks, suits and how a card is written
(docs/rules.md §2.1).

A card is its rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (also ``T`` for 10) followed by its suit ``S H D C`` (also
``♠ ♥ ♦ ♣``, and their outlines ``♤ ♡ ♢ ♧``); a joker is ``JK`` (also ``*``, ``🃏`` or ``JOKER``); cards are
separated by spaces or commas; case does not matter.

Cards are also typed in the page's language (docs/rules.md §2.1): Spanish writes the suits with its own letters
(:data:`SUIT_LETTERS`), Persian and Japanese name them in words (:data:`SUIT_NAMES`), read beside the notation's
letters; :func:`in_notation` writes what was typed in the notation, which is what every family stores.

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
import unicodedata
from collections.abc import Iterable, Mapping
from enum import IntEnum, StrEnum
from functools import cache

from referee.typed import ascii_digits

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
    "SUIT_LETTERS",
    "SUIT_NAMES",
    "AMBIGUOUS_SUIT_NAMES",
    "JOKER_WORDS",
    "primary_language",
    "suit_letters",
    "suit_names",
    "letter_for",
    "key_for",
    "reads_as_notation",
    "written_suit",
    "suit_spellings",
    "as_typed",
    "typed_tokens",
    "typed_card",
    "in_notation",
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


# ---- the notation as each language types it ------------------------------------------------------------------------

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
"""Initials two suits share: never read as either (contract rummy's engine refuses them with both names)."""

#: Words for the joker in the languages that have their own (the Persian and Japanese texts' جوکر, ジョーカー).
JOKER_WORDS = {"fa": frozenset({"جوکر"}), "ja": frozenset({"ジョーカー"})}


def primary_language(language: str) -> str:
    """A language's primary subtag, lower-case: ``es`` of ``es-EC`` and of ``es_EC``."""
    return re.split(r"[-_]", language.strip().lower(), maxsplit=1)[0]


def suit_letters(language: str = "en") -> dict[str, Suit]:
    """The suit letters of ``language`` (``es``, ``es-EC``, ``en_GB``…); the notation's own when it has none.

    >>> sorted(suit_letters("es_EC"))
    ['C', 'D', 'P', 'T']
    """
    return SUIT_LETTERS.get(primary_language(language), SUIT_LETTERS["en"])


def suit_names(language: str) -> dict[Suit, tuple[str, ...]]:
    """The words ``language`` names each suit with, its usual name first (none for a language without them).

    >>> suit_names("fa")[Suit.CLUBS]
    ('خاج', 'گشنیز', 'گ')
    """
    names: dict[Suit, tuple[str, ...]] = {}
    for word, suit in SUIT_NAMES.get(primary_language(language), {}).items():
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
    return suit.symbol if primary_language(language) in SUIT_NAMES else letter_for(suit, language)


def reads_as_notation(language: str) -> bool:
    """Whether cards typed in ``language`` are read exactly as the notation is (no letters or words of its own).

    >>> reads_as_notation("en_GB"), reads_as_notation("es"), reads_as_notation("fa")
    (True, False, False)
    """
    return suit_letters(language) is SUIT_LETTERS["en"] and primary_language(language) not in SUIT_NAMES


@cache
def suit_spellings(primary: str) -> tuple[tuple[str, Suit], ...]:
    """Every way ``primary`` writes a suit at the end of a card, the longest first (``ダイヤ`` before ``ダ``)."""
    spellings = suit_letters(primary) | dict(SYMBOLS_TYPED) | SUIT_NAMES.get(primary, {})
    return tuple(sorted(spellings.items(), key=lambda item: -len(item[0])))


@cache
def _suits_alone(primary: str) -> frozenset[str]:
    """The tokens that are a suit with no rank in ``primary``: never a rank itself (Spanish ``T`` is a ten)."""
    spellings = {spelling for spelling, _suit in suit_spellings(primary)} | set(AMBIGUOUS_SUIT_NAMES.get(primary, {}))
    return frozenset(spellings - set(RANKS_BY_LABEL))


def _is_suit_alone(upper: str, primary: str) -> bool:
    """Whether a token is a suit with no rank, so that it belongs to the rank before it (``7 دل`` is one card)."""
    return upper in _suits_alone(primary)


#: Arabic letters a Persian phone may type for the Persian ones (an Arabic keyboard's kaf and yeh), and the
#: tatweel that only stretches a word.
_PERSIAN_LETTERS = str.maketrans({"\u0643": "\u06a9", "\u064a": "\u06cc", "\u0649": "\u06cc", "\u0640": None})
_HIRAGANA = str.maketrans({chr(code): chr(code + 0x60) for code in range(0x3041, 0x3097)})


def as_typed(text: str) -> str:
    """Text as a phone may type cards, in the forms the tables above hold: no variation selectors, ASCII digits
    and no direction marks (:func:`referee.typed.ascii_digits`), full-width letters and half-width
    katakana as their usual forms (NFKC), Persian letters for their Arabic twins, katakana for hiragana."""
    text = text.translate(VARIATION_SELECTORS)
    if text.isascii():
        return text
    text = ascii_digits(unicodedata.normalize("NFKC", text))
    return text.translate(_PERSIAN_LETTERS).translate(_HIRAGANA)


def written_suit(suit: Suit, language: str = "en") -> str:
    """How ``suit`` is written in an example for ``language``: its usual name where the language names suits in
    words, else its letter.

    >>> written_suit(Suit.HEARTS), written_suit(Suit.HEARTS, "es"), written_suit(Suit.HEARTS, "fa")
    ('H', 'C', 'دل')
    """
    names = suit_names(language)
    return names[suit][0] if names else letter_for(suit, language)


def typed_tokens(text: str, language: str = "en") -> list[str]:
    """The tokens of cards typed in ``language``, one a card: a suit alone after a rank alone is that rank's suit
    (``7 ♥``, ``7 دل`` are one card), where the suit alone is no card itself (Spanish ``T`` is a ten).

    >>> typed_tokens("7 دل، 10♠ JK", "fa"), typed_tokens("7 T", "es")
    (['7 دل', '10♠', 'JK'], ['7', 'T'])
    """
    primary = primary_language(language)
    found: list[str] = []
    for token in SEPARATORS.split(text.translate(VARIATION_SELECTORS)):
        typed = as_typed(token).strip().upper()
        if not typed:
            continue
        if found and as_typed(found[-1]).upper() in RANKS_BY_LABEL and _is_suit_alone(typed, primary):
            found[-1] = f"{found[-1]} {token}"
        else:
            found.append(token)
    return found


def typed_card(token: str, language: str = "en") -> tuple[Rank | None, Suit | None] | None:
    """The rank and suit one token typed in ``language`` writes (a space may stand between them); ``(None, None)``
    for a joker, ``(rank, None)`` for a rank alone; None when it writes no card (an initial two suits share
    included).

    >>> typed_card("۱۰ خشت", "fa"), typed_card("جوکر", "fa"), typed_card("K"), typed_card("7خ", "fa")
    ((<Rank.TEN: 10>, <Suit.DIAMONDS: 'D'>), (None, None), (<Rank.KING: 13>, None), None)
    """
    primary = primary_language(language)
    text = "".join(as_typed(token).split())
    upper = text.upper()
    if upper in JOKER_TOKENS or text in JOKER_WORDS.get(primary, ()):
        return None, None
    if not text:
        return None
    read = read_card(upper, suit_spellings(primary))
    if read is not None:
        return read
    return (RANKS_BY_LABEL[upper], None) if upper in RANKS_BY_LABEL else None


def in_notation(text: str, language: str = "en", *, bare_ranks: bool = False) -> str | None:
    """Cards typed in ``language`` written in the notation (``7H 10D JK``, a rank alone as its label where
    ``bare_ranks``); None when a token writes no card (or a rank alone where none is allowed).

    >>> in_notation("7c, 7p 🃏", "es"), in_notation("7 دل K", "fa", bare_ranks=True), in_notation("7H 1X")
    ('7H 7S JK', '7H K', None)
    """
    written: list[str] = []
    for token in typed_tokens(text, language):
        card = typed_card(token, language)
        if card is None or (card[1] is None and card[0] is not None and not bare_ranks):
            return None
        rank, suit = card
        written.append("JK" if rank is None else rank.label + (suit.value if suit is not None else ""))
    return " ".join(written)
