"""Card codes: the engine counts small integers (0 a joker, rank × 4 + suit), never hashes Card objects on
the fast path; and the facts about melds every part of the meld check shares."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from referee.rules.cards import JOKER, Card, CardError, CardsLike, Rank, Suit, TooManyCopiesError, parse_card, to_cards
from referee.rules.variants import WildLimit

COLOUR_RUN_MIN = 12
"""The fewest cards of a colour run (Carrillo deal 7: 12 consecutive ranks alternating red and black)."""

ANY_RANK = "any"
"""What :meth:`Meld.wilds_json` writes for a wild card in a set of wild cards only (it stands for no rank)."""

RANK_AT = {int(r): r for r in Rank} | {14: Rank.ACE}  # position in a run (ace high = 14) -> rank


# --------------------------------------------------------------------------------------------------
# Card codes: the engine counts small integers, never hashes Card objects on the fast path
# --------------------------------------------------------------------------------------------------

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_INDEX = {id(s): i for i, s in enumerate(SUITS)}
CARD_OF: tuple[Card, ...] = (JOKER,) * 4 + tuple(Card(Rank(code >> 2), SUITS[code & 3]) for code in range(4, 56))
BARE: tuple[Card, ...] = (JOKER,) + tuple(Card(r, None) for r in Rank)
RED = (False, True, True, False)  # by suit index: ♠ ♥ ♦ ♣


def encode(cards: CardsLike) -> tuple[int, ...]:
    """Cards (notation or Card objects) as sorted small integers: 0 for a joker, else rank × 4 + suit (♠ ♥ ♦ ♣),
    so that entry order never counts. Bad notation, a non-card or a bare rank raise CardError.

    >>> encode("JK 2C AS")
    (0, 4, 11)
    """
    if isinstance(cards, str):
        return _encode_text(cards)
    if not isinstance(cards, Iterable):
        raise CardError(repr(cards), f"{cards!r} is not cards (write them like 7H 8H JK)")
    out: list[int] = []
    suit_index = _SUIT_INDEX
    card_type = Card
    for card in cards:
        if type(card) is not card_type:
            to_cards([card])  # raises the CardError that names it
        rank = card.rank
        if rank is None:
            out.append(0)
        elif card.suit is None:
            raise CardError(str(card), f"{card} needs a suit here (write it like {card}H)")
        else:
            out.append((rank << 2) | suit_index[id(card.suit)])
    out.sort()
    return tuple(out)


# The notation split as cards.parse_cards splits it; each distinct token is parsed once by cards.parse_card.
_SEPARATORS = re.compile(r"[\s,]+")
_VARIATION_SELECTORS = str.maketrans("", "", "\ufe0f\ufe0e")
_TOKEN_CODES: dict[str, int] = {}


def _encode_text(text: str) -> tuple[int, ...]:
    codes = _TOKEN_CODES
    out: list[int] = []
    for token in _SEPARATORS.split(text.translate(_VARIATION_SELECTORS)):
        if not token:
            continue
        code = codes.get(token)
        if code is None:
            (code,) = encode((parse_card(token),))
            if len(codes) >= 4096:
                codes.clear()
            codes[token] = code
        out.append(code)
    out.sort()
    return tuple(out)


def decode(codes: Iterable[int]) -> tuple[Card, ...]:
    """The cards of :func:`encode`-d codes."""
    return tuple(CARD_OF[c] for c in codes)


def check_codes(codes: Sequence[int], *, decks: int, jokers: int) -> None:
    """:func:`~referee.rules.cards.check_copies` for sorted codes (the copies of one card lie together)."""
    previous = -1
    count = 0
    for code in codes:
        if code == previous:
            count += 1
        else:
            previous = code
            count = 1
        if count > (jokers if code == 0 else decks):
            total = sum(1 for c in codes if c == code)
            raise TooManyCopiesError(CARD_OF[code], total, jokers if code == 0 else decks)


def wilds_allowed(limit: WildLimit, naturals: int, wilds: int) -> bool:
    """Whether ``wilds`` wild cards beside ``naturals`` natural cards keep within ``limit``."""
    if limit is WildLimit.NONE:
        return wilds == 0
    if limit is WildLimit.ONE:
        return wilds <= 1
    if limit is WildLimit.AT_MOST_NATURALS:
        return wilds <= naturals
    if limit is WildLimit.FEWER_THAN_NATURALS:
        return wilds < naturals
    return True
