"""Farmer's Rummy (docs/rules.md §8): Telefunken's game with sets only, derived from Venezuela's."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.catalogue.blocks import (
    one_contract,
    renumbered,
    set_of,
    sets_only,
)
from referee.rules.catalogue.house_rules import (
    table_rules,
)
from referee.rules.catalogue.telefunken import TELEFUNKEN
from referee.rules.variants import (
    CardValues,
    CutReward,
    Deal,
    DeckRow,
    Direction,
    Discard,
    MeldRules,
    PlayerRange,
    RunJokerSwap,
    WildLimit,
)
from referee.rules.wording import BuyToken

__all__ = ["FARMERS_RUMMY"]


# ---- Farmer's Rummy (docs/rules.md §8) -----------------------------------------------------------

FARMERS_RUMMY = replace(
    TELEFUNKEN,
    id="farmers-rummy",
    name="Farmer's Rummy",
    description="Sets only over 8 deals up to two sets of 6, 2s and jokers wild but outnumbered, 10 coins to buy.",
    players=PlayerRange(2, 4, 8),
    decks=(DeckRow(4, 2, 4), DeckRow(5, 3, 6), DeckRow(8, 4, 8)),
    deals=renumbered(
        (
            Deal(1, one_contract(set_of(3, wilds=WildLimit.NONE))),
            *sets_only((2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6), (2, 6)),
        )
    ),
    meld_rules=MeldRules(twos_wild=True, set_wilds=WildLimit.FEWER_THAN_NATURALS, runs=False),
    card_values=CardValues.of(two=20, low=lambda rank: 5 if rank <= 7 else 10, ten=10, faces=10, ace=20, joker=50),
    buy=replace(
        TELEFUNKEN.buy, per_game=10, stock_cards=2, stock_cards_own_turn=3, token=BuyToken.COIN
    ),
    cut=replace(TELEFUNKEN.cut, reward=CutReward.NONE),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,
        wilds_onto_sets=False,
        set_joker_swap=None,
        run_joker_swap=RunJokerSwap.NONE,
    ),
    final_discard=Discard.REQUIRED,
    house_rules=table_rules(Direction.COUNTERCLOCKWISE, CutReward.NONE, chips=10, token=BuyToken.COIN),
    decisions=(
        "2 to 8 players; 2 decks with 4 jokers for 4 or fewer, 3 decks for 5, 4 decks for 6 to 8.",
        "The deal-1 set needs no wild card but may repeat suits.",
        "Contract sets are exactly the size stated; two contract sets may be of the same rank.",
        "No wild card is ever exchanged, and none is added to a set on the table.",
        "As in Telefunken the cutter keeps jokers, but an exact cut earns nothing.",
        "No free first take: the first player who wants the up-card buys it.",
        "Buying only before melding; a buy may be claimed until the next player has drawn, priority to the "
        "player next after the discarder.",
        "No card exchange before deal 6 and no deal to be gone out in one turn.",
        "When the stock runs out the whole discard pile is shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)
