"""Cards typed on contract rummy's pages: read in the page's language by its engine, whose refusals of what is no
card are said here in the page's language.

The notation as each language types it is every family's (:mod:`referee.cards`, and the core's keypad and
:func:`referee.web.helpers.notation.read_cards`); what this family adds is its engine's cards: jokers and bare ranks
(a hand's cards), and the refusal of a token that is no card, with an example in the page's own suit letters.
"""

from __future__ import annotations

# The engine's own readers of cards, called as cards.X: this module's functions of the same name read in the
# page's language.
from referee.rules import cards
from referee.rules.cards import AmbiguousSuitError, CardError, Suit
from referee.web.core.i18n import current_language
from referee.web.core.translate import gettext as _
from referee.web.helpers.notation import suit_help

__all__ = ["to_notation", "hand_notation", "not_a_card"]


def to_notation(text: str, *, allow_bare_rank: bool = False) -> str:
    """Cards typed on this page (its language's suit letters) in the notation; raises CardError with the token."""
    return cards.to_notation(text, allow_bare_rank=allow_bare_rank, language=current_language())


def hand_notation(text: str) -> str:
    """A hand's cards as typed on this page, ready for the ledger: on a page with its own suit letters or words,
    ranks only.

    A hand's value never depends on its suits, so either alphabet is read (``7P`` and ``7S`` are both a 7, as are
    ``7دل`` and ``7H``) and the suits are dropped: what is stored then reads the same in every language. English
    text is kept as typed.
    Text that is not cards comes back as it was, for the ledger to refuse in words.
    """
    language = current_language()
    if cards.reads_as_notation(language):
        return text
    for letters in (language, "en"):
        try:
            hand = cards.parse_cards(text, allow_bare_rank=True, language=letters)
        except CardError:
            continue
        return " ".join("JK" if card.rank is None else card.rank.label for card in hand)
    return text


def not_a_card(token: str) -> str:
    """A token that is no card, quoted, with an example in this page's letters and the letters' help; an initial
    two suits share (Persian خ) is said to be one."""
    try:
        cards.parse_card(token, language=current_language())
    except AmbiguousSuitError as error:
        names = cards.suit_names(current_language())
        first, second = (f"{names[suit][0]} {suit.symbol}" for suit in error.suits)
        said = _("“%(token)s” is not a card: %(letter)s could be %(first)s or %(second)s; write the suit’s whole "
                 "name or its symbol.", token=token, letter=error.spelling, first=first, second=second)
        return said + " " + suit_help()
    except CardError:
        pass
    language = current_language()
    said = _("“%(token)s” is not a card: write it like %(heart)s, 10♠, %(diamond)s or JK.", token=token,
             heart="7" + cards.written_suit(Suit.HEARTS, language),
             diamond="Q" + cards.written_suit(Suit.DIAMONDS, language))
    return said + " " + suit_help()
