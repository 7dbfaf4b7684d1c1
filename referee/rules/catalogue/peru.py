"""Telefunken in Peru: version 1 and its family, Wittig's three decks, Delifante and Super Deli (docs/rules.md §5),
and version 2, Oscar Carrillo's (§6), each derived from Venezuela's game."""

from __future__ import annotations

import math
from dataclasses import replace

from referee.rules.catalogue.blocks import (
    CONTRACT_RUMMY_CUT,
    CONTRACT_RUMMY_LAYOFF,
    TRIO,
    card_values,
    face_value,
    one_contract,
    renumbered,
    run_of,
    sets_only,
)
from referee.rules.catalogue.house_rules import (
    table_rules,
    third_deck_rule,
)
from referee.rules.catalogue.telefunken import TELEFUNKEN
from referee.rules.variants import (
    AceRule,
    BuyRules,
    Contract,
    CutReward,
    Deal,
    DeckRow,
    Direction,
    Discard,
    FirstPlayer,
    MeldKind,
    MeldRules,
    PlayerRange,
    Requirement,
    RunJokerSwap,
    StockRule,
    SwapReuse,
    WildLimit,
)

__all__ = [
    "TELEFUNKEN_PERU",
    "TELEFUNKEN_PERU_WITTIG",
    "TELEFUNKEN_DELIFANTE",
    "SUPER_DELI",
    "TELEFUNKEN_PERU_CARRILLO",
]


# ---- Telefunken, Peru version 1 (docs/rules.md §5) and its family: Wittig, Delifante, Super Deli ----

_PERU_DEALS = sets_only((2, 3), (1, 4), (2, 4), (1, 5), (2, 5), (1, 6))

_PERU_DECISIONS = (
    "The dealer gets one more card and opens by discarding; that discard may be bought (1 chip + 1 card) "
    "and there is no free take.",
    "The cutter keeps jokers; an exact cut, (cards dealt × players) + 1 less the jokers taken, earns a chip.",
    "2s and jokers are wild; a 2 in its own place and suit in a run counts as a natural card.",
    "A run holds no more wilds than naturals; the ace may sit high, low or in the middle (K-A-2); "
    "a run is at most 13 cards and never repeats a rank.",
    "Two contract sets may be of the same rank; contract melds are exactly the size stated.",
    "If the stock runs out the deal ends with no winner: everyone scores the cards in hand.",
    "Each unused chip takes 10 points off at the end; totals may go below zero.",
    "A buy may be claimed until the next player has drawn; priority goes to the player next after the discarder.",
)

_PERU_SWAP_DECISION = (
    "A wild is exchanged for the natural it stands for and must go at once into a new run of yours; "
    "this may be done on the contract turn once the contract is down, or later."
)

TELEFUNKEN_PERU = replace(
    TELEFUNKEN,
    id="telefunken-peru",
    name="Telefunken (Peru, version 1)",
    description="Sets-only contracts over 6 deals, 2s and jokers wild in runs only, "
    "the dealer opens with a 12th card, 6 chips.",
    deals=_PERU_DEALS,
    meld_rules=MeldRules(
        twos_wild=True, set_wilds=WildLimit.NONE, run_wilds=WildLimit.AT_MOST_NATURALS, ace=AceRule.WRAP
    ),
    card_values=card_values(two=20, low=face_value, ace=15, joker=20),
    buy=replace(TELEFUNKEN.buy, per_game=6),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,
        set_joker_swap=None,  # no wild is ever in a set
        run_joker_swap=RunJokerSwap.REPLACE,
        swap_reuse=SwapReuse.NEW_RUN,  # at once into a new run of the swapper's
        swap_on_contract_turn=True,
    ),
    first_player=FirstPlayer.DEALER,
    final_discard=Discard.REQUIRED,
    stock_exhausted=StockRule.DEAL_ENDS,
    unused_chip_points=-10,
    house_rules=(
        *table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
        third_deck_rule(),
    ),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default; with 6 or more a third deck with 2 jokers may be added "
        "(house rule).",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)


TELEFUNKEN_PERU_WITTIG = replace(
    TELEFUNKEN_PERU,
    id="telefunken-peru-wittig",
    name="Telefunken (Peru, Wittig's three decks)",
    description="Peru version 1 for up to 6 players on 3 decks and 6 jokers, with any number of wilds in a set.",
    players=replace(TELEFUNKEN_PERU.players, max=6),
    decks=(DeckRow(6, 3, 6),),
    meld_rules=replace(TELEFUNKEN_PERU.meld_rules, set_wilds=WildLimit.ANY),
    layoff=replace(
        TELEFUNKEN_PERU.layoff,
        set_joker_swap=1,
        swap_reuse=SwapReuse.HAND,
        swap_on_contract_turn=False,
    ),
    house_rules=table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
    decisions=(
        "3 to 6 players, always 3 decks with 6 jokers.",
        *_PERU_DECISIONS,
        "A set takes any number of wilds but needs a natural card; a run keeps Peru's rule.",
        "A melded wild, in a set or a run, is exchanged for just one natural of the card it stands for, "
        "in a turn after the swapper laid their contract; the wild goes to the swapper's hand.",
    ),
)

_DELIFANTE_PLAYERS = PlayerRange(2, 4, 6)

TELEFUNKEN_DELIFANTE = replace(
    TELEFUNKEN_PERU,
    id="delifante",
    name="Delifante",
    description="Peru version 1 for 2 to 6 players on half a deck each, 13 cards dealt, no aces in runs.",
    players=_DELIFANTE_PLAYERS,
    decks=tuple(DeckRow(n, math.ceil(n / 2), 2 * math.ceil(n / 2)) for n in range(2, 7)),
    cards_dealt=13,
    meld_rules=replace(TELEFUNKEN_PERU.meld_rules, ace=AceRule.NOT_IN_RUNS),
    house_rules=table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=6),
    decisions=(
        "“Half a deck per player”: ⌈players / 2⌉ decks with 2 jokers each.",
        "13 cards are dealt, the dealer gets 14; aces cannot be used in runs.",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)

SUPER_DELI = replace(
    TELEFUNKEN_DELIFANTE,
    id="super-deli",
    name="Super Deli",
    description="Delifante doubled: 12 deals up to a set of 9, 18 cards dealt, 10 buys.",
    decks=tuple(DeckRow(n, max(n, 3), 2 * max(n, 3)) for n in range(2, 7)),
    cards_dealt=18,
    deals=renumbered((*_PERU_DEALS, *sets_only((2, 6), (1, 7), (2, 7), (1, 8), (2, 8), (1, 9)))),
    buy=replace(TELEFUNKEN_DELIFANTE.buy, per_game=10),
    house_rules=table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=10),
    decisions=(
        "Double Delifante's deck: one deck with 2 jokers per player, never fewer than 3 decks "
        "(deal 12's set of 9 needs them).",
        "18 cards are dealt, the dealer gets 19; aces cannot be used in runs.",
        *_PERU_DECISIONS,
        _PERU_SWAP_DECISION,
    ),
)


# ---- Telefunken, Peru version 2: Oscar Carrillo (docs/rules.md §6) -------------------------------

_ROYAL_RUN = Contract((run_of(12),), name="royal run")
_COLOUR_RUN = Contract((Requirement(MeldKind.COLOUR_RUN, 12, wilds=WildLimit.NONE),), name="colour run")

TELEFUNKEN_PERU_CARRILLO = replace(
    TELEFUNKEN,
    id="telefunken-peru-carrillo",
    name="Telefunken (Peru, version 2)",
    description="No chips and no buying: 7 deals of sets and runs of 4, 12 cards, jokers free in runs, "
    "a royal or colour run to finish.",
    players=PlayerRange(2, 4, 8),
    decks=(DeckRow(8, 2, 4),),
    cards_dealt=12,
    deals=(
        Deal(1, one_contract(TRIO, TRIO)),
        Deal(2, one_contract(TRIO, run_of(4))),
        Deal(3, one_contract(run_of(4), run_of(4))),
        Deal(4, one_contract(TRIO, TRIO, TRIO)),
        Deal(5, one_contract(TRIO, TRIO, run_of(4))),
        Deal(6, one_contract(run_of(4), run_of(4), TRIO)),
        Deal(
            7,
            (
                Contract((TRIO,) * 4),
                Contract((run_of(4),) * 3),
                _ROYAL_RUN,
                _COLOUR_RUN,
            ),
            go_out_in_one_turn=True,
            final_discard=Discard.REQUIRED,  # the 13th card is discarded, which ends the deal
        ),
    ),
    meld_rules=MeldRules(
        set_wilds=WildLimit.NONE,
        wild_only_sets=True,  # three jokers make a trío; the fourth may be added later
        run_wilds=WildLimit.ANY,
        min_run=4,
        ace=AceRule.WRAP,
        colour_runs=True,
    ),
    card_values=card_values(two=2, low=face_value, ace=15, joker=20),
    buy=BuyRules(enabled=False, per_game=None),
    cut=replace(CONTRACT_RUMMY_CUT, reward=CutReward.ERASE_PREVIOUS),
    layoff=replace(
        CONTRACT_RUMMY_LAYOFF,
        own_contract_locked_on_contract_turn=True,  # moot: nothing is laid off on the contract turn
        layoff_on_contract_turn=False,
        run_joker_swap=RunJokerSwap.SLIDE,
    ),
    stock_exhausted=StockRule.RESHUFFLE_KEEP_TOP,
    house_rules=table_rules(Direction.COUNTERCLOCKWISE, CutReward.ERASE_PREVIOUS),
    decisions=(
        "2 to 8 players on 108 cards, 4 by default (the book says only “up to 8”).",
        "No chips and no buying: on your turn draw the stock's top card or the card just discarded.",
        "The cutter keeps no jokers; an exact cut (12 × players + 1) erases the cutter's points of the previous "
        "deal — never in deal 1, nor after the cutter went out — and never below their total before that deal.",
        "Contract melds are exact (a trío is 3, a run 4); two contract sets may share a rank and two contract "
        "runs a suit, in every deal.",
        "A royal run is exactly 12 cards of one suit, jokers allowed; a colour run is 12 consecutive ranks "
        "in any suits alternating red and black, round the corner allowed, with no joker.",
        "A run is at most 13 cards and never repeats a rank; it needs a natural card; the ace may turn the "
        "corner (K-A-2-3).",
        "Nothing but the contract on the contract turn, so only deal 7 can be won on the contract turn: "
        "the 12 cards go down and the 13th is discarded.",
        "Jokers may be slid along a run to admit cards, never taken back into a hand.",
        "When the stock runs out all discards but the top one are shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)
