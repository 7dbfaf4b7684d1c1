"""Penalty points: what the cards left in a hand cost at the end of a deal.

Card values are the variant's (docs/rules.md §11.1). A rank alone is enough where the suit changes nothing,
and the hand is checked against the cards in play: more copies of a card than the decks hold cannot
happen at the table.

>>> penalty_points("2H 9S 10D KC AS JK", "telefunken-bolivia")
76
>>> penalty_points("K 7 JK", "telefunken")
32
>>> penalty_points("", "shanghai")
0
>>> card_value("A", "farmers-rummy")
20
"""

from __future__ import annotations

from referee.rules.cards import Card, CardsLike, parse_card, to_cards
from referee.rules.catalogue import to_variant
from referee.rules.variants import Variant

__all__ = ["card_value", "penalty_points"]


def card_value(card: Card | str, variant: Variant | str) -> int:
    """The penalty value of one card (``"QH"``, ``"Q"`` or a :class:`Card`) in a variant."""
    if isinstance(card, str):
        card = parse_card(card, allow_bare_rank=True)
    return to_variant(variant).card_values.value(card)


def penalty_points(cards: CardsLike, variant: Variant | str, *, players: int | None = None) -> int:
    """The penalty points of the cards left in a hand; no cards score 0.

    ``players`` picks the decks in play for the copy check; None allows the most decks the variant uses.
    Raises :class:`~referee.rules.cards.CardError` for bad notation or impossible copies, and
    :class:`~referee.rules.variants.PlayerCountError` for a number of players the variant does not take.
    """
    rules = to_variant(variant)
    hand = to_cards(cards, allow_bare_rank=True)
    if players is not None:
        rules.check_players(players)
    rules.check_copies(hand, players)
    return sum(rules.card_values.value(card) for card in hand)
