"""The building blocks every family's data is written with: contract melds, deals, card values, the usual
players and decks, the words of the tables, and base Contract Rummy's cut, lay-off rules and decisions
(docs/rules.md §1, §2)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace

from referee.rules.variants import (
    BuyCall,
    CardValues,
    Contract,
    CutReward,
    CutRules,
    Deal,
    DeckRow,
    LayoffRules,
    MeldKind,
    PlayerRange,
    Requirement,
    RunJokerSwap,
    RunWord,
    SetWord,
    Terms,
    Variant,
    WildLimit,
)

__all__ = [
    "set_of",
    "run_of",
    "PURE_TRIO",
    "TRIO",
    "one_contract",
    "sets_only",
    "renumbered",
    "with_deals",
    "card_values",
    "face_value",
    "MAX_PLAYERS_THREE_DECKS",
    "STANDARD_PLAYERS",
    "STANDARD_DECKS",
    "SHANGHAI_TERMS",
    "PROGRESSIVE_TERMS",
    "CONTRACT_RUMMY_CUT",
    "CONTRACT_RUMMY_LAYOFF",
    "CONTRACT_RUMMY_DECISIONS",
]


def set_of(size: int, *, or_more: bool = False, wilds: WildLimit | None = None) -> Requirement:
    """A contract set of ``size`` cards (``or_more``: at least that many)."""
    return Requirement(MeldKind.SET, size, or_more=or_more, wilds=wilds)


def run_of(size: int, *, or_more: bool = False, wilds: WildLimit | None = None) -> Requirement:
    """A contract run of ``size`` cards (``or_more``: at least that many)."""
    return Requirement(MeldKind.RUN, size, or_more=or_more, wilds=wilds)


PURE_TRIO = Requirement(MeldKind.SET, 3, wilds=WildLimit.NONE, distinct_suits=True)
TRIO = set_of(3)


def one_contract(*melds: Requirement, max_wilds: int | None = None, name: str = "") -> tuple[Contract, ...]:
    """A deal's one contract."""
    return (Contract(melds, max_wilds=max_wilds, name=name),)


def sets_only(*counts_and_sizes: tuple[int, int]) -> tuple[Deal, ...]:
    """Deals whose contracts are sets only: ``(2, 3)`` is 2 sets of 3."""
    return tuple(
        Deal(number, one_contract(*(set_of(size),) * count))
        for number, (count, size) in enumerate(counts_and_sizes, start=1)
    )


def renumbered(deals: Iterable[Deal]) -> tuple[Deal, ...]:
    """The deals numbered 1, 2, 3… in the order given."""
    return tuple(replace(deal, number=number) for number, deal in enumerate(deals, start=1))


def with_deals(variant: Variant, change: Callable[[Deal], Deal]) -> Variant:
    """The variant with ``change`` applied to every deal."""
    return replace(variant, deals=tuple(change(deal) for deal in variant.deals))


def card_values(*, two: int, low: Callable[[int], int], ten: int = 10, ace: int, joker: int) -> CardValues:
    """Penalty values with J, Q, K at 10 (every variant)."""
    return CardValues.of(two=two, low=low, ten=ten, faces=10, ace=ace, joker=joker)


def face_value(rank: int) -> int:
    """A number card worth its rank (3 is 3 points … 9 is 9)."""
    return rank


MAX_PLAYERS_THREE_DECKS = 8
STANDARD_PLAYERS = PlayerRange(3, 4, 5)
STANDARD_DECKS = (DeckRow(5, 2, 4),)  # 2 × 52 + 4 jokers = 108 cards

# The words of the tables (docs/rules.md §2.5); the Telefunken family speaks the default Terms() (trío, escalera,
# "¡Compro!").
SHANGHAI_TERMS = Terms(SetWord.BOOK, RunWord.RUN, BuyCall.MAY_I)
PROGRESSIVE_TERMS = Terms(SetWord.SET, RunWord.RUN, BuyCall.MAY_I)

# Base Contract Rummy, which Shanghai and Progressive Rummy keep: the cutter keeps no jokers and an exact cut
# earns nothing; after the contract only lay-offs, onto anyone's melds; no wild card is ever taken back.
CONTRACT_RUMMY_CUT = CutRules(cutter_takes_jokers=False, reward=CutReward.NONE)
CONTRACT_RUMMY_LAYOFF = LayoffRules(
    pure_trio_closes=False,
    own_contract_locked_on_contract_turn=False,
    extra_melds_on_contract_turn=False,
    new_melds_after_contract=False,
    set_joker_swap=None,
    run_joker_swap=RunJokerSwap.NONE,
)

# The decisions Shanghai and Progressive Rummy close with: base Contract Rummy's cut, stock and direction, and a
# deal nobody goes out of.
CONTRACT_RUMMY_DECISIONS = (
    "The cutter keeps no jokers and an exact cut earns nothing.",
    "When the stock runs out the discards are shuffled into a new stock.",
    "Play and the deal go clockwise (base Contract Rummy).",
    "A deal that ends without anyone going out has no winner; totals may go below zero.",
)
