"""The Telefunken family as the rule book tells it: Venezuela, the base game (docs/rules.md §3), Ecuador (§4)
and Bolivia (§7), each derived from Venezuela."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.catalogue.blocks import (
    MAX_PLAYERS_THREE_DECKS,
    PURE_TRIO,
    STANDARD_DECKS,
    STANDARD_PLAYERS,
    TRIO,
    card_values,
    face_value,
    one_contract,
    run_of,
    set_of,
    with_deals,
)
from referee.rules.catalogue.house_rules import (
    deal6_exchange_rule,
    jokers_per_meld_rule,
    switch_rule,
    table_rules,
    third_deck_rule,
    whole_or_none,
)
from referee.rules.variants import (
    BuyRules,
    CutReward,
    CutRules,
    Deal,
    DeckRow,
    Direction,
    HouseRule,
    LayoffRules,
    MeldKind,
    MeldRules,
    PlayerRange,
    Requirement,
    RunJokerSwap,
    SwapReuse,
    Variant,
    WildLimit,
)
from referee.rules.wording import BuyToken

__all__ = ["TELEFUNKEN", "TELEFUNKEN_ECUADOR", "TELEFUNKEN_BOLIVIA", "DEALER_CHOOSES_CONTRACT"]


# ---- Telefunken, Venezuela (docs/rules.md §3) ----------------------------------------------------

_TELEFUNKEN_DECISIONS = (
    "3 to 5 players on 108 cards, 4 by default; with 6 or more a third deck with 2 jokers may be added (house rule).",
    "An exact cut leaves 11 × players + 1 cards for the deal and the up-card, less the jokers the cutter took.",
    "Contract melds are exactly the size stated, except a run marked “or more”.",
    "Two contract sets may be of the same rank (six of a rank make two tríos with two decks).",
    "A run is at most 13 cards, so the ace is never at both ends.",
    "On the contract turn you may extend your own extra melds, but not your own contract sets.",
    "Only the first player may take the up-card, free; nobody may buy it.",
    "A buy may be claimed until the next player has drawn; priority goes to the player next after the "
    "discarder, then on in turn order.",
    "When the stock runs out the whole discard pile is shuffled into a new stock.",
    "Deal 6 exchange: give 0 to 11 cards face down and get as many back from the shuffled pool, in turn order.",
    "Unused chips are worth nothing at the end.",
    "A deal that ends without anyone going out has no winner; totals may go below zero.",
)

TELEFUNKEN = Variant(
    id="telefunken",
    name="Telefunken (Venezuela)",
    description="The base game: 7 deals from a pure trío to a trío and a run of 7, "
    "one joker per meld, 7 chips to buy discards.",
    players=STANDARD_PLAYERS,
    decks=STANDARD_DECKS,
    cards_dealt=11,
    deals=(
        Deal(1, one_contract(PURE_TRIO)),
        Deal(2, one_contract(TRIO, TRIO)),
        Deal(3, one_contract(set_of(4))),
        Deal(4, one_contract(set_of(4), set_of(4))),
        Deal(5, one_contract(set_of(5))),
        Deal(6, one_contract(set_of(5), set_of(5)), exchanges=1),
        Deal(7, one_contract(TRIO, run_of(7, or_more=True)), go_out_in_one_turn=True),
    ),
    meld_rules=MeldRules(),  # jokers only, one per meld; sets of 3+, runs of 3 to 13, ace low or high
    card_values=card_values(two=2, low=face_value, ace=11, joker=15),
    buy=BuyRules(per_game=7),  # 1 chip: the discard + 1 stock card (2 on your own turn)
    cut=CutRules(),  # the cutter keeps jokers; 11n + 1 − jokers earns a chip
    layoff=LayoffRules(),  # pure trío closes at 4; set joker for 2 cards; run joker moves to an end
    house_rules=(
        *table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=7),
        jokers_per_meld_rule(),
        deal6_exchange_rule(),
        third_deck_rule(),
    ),
    decisions=(
        *_TELEFUNKEN_DECISIONS,
        "At most one joker in any set or run, as pagat says; a Venezuelan account allows any number (house rule).",
        "Jokers are exchanged only after you have melded, in a later turn; a run joker moves to either end, "
        "and where there is no free end the exchange is not possible.",
    ),
)


# ---- Telefunken, Ecuador (docs/rules.md §4) ------------------------------------------------------

_ECUADOR_DEALS = (
    Deal(1, one_contract(PURE_TRIO, max_wilds=0), buying=False),
    Deal(2, one_contract(PURE_TRIO, TRIO, max_wilds=1)),
    Deal(3, one_contract(set_of(4), max_wilds=0)),
    Deal(4, one_contract(set_of(4), set_of(4), max_wilds=1)),
    Deal(5, one_contract(set_of(5), max_wilds=0)),
    Deal(6, one_contract(TRIO, run_of(4), max_wilds=0, name="chueca"), exchanges=1),
    Deal(7, one_contract(run_of(7, or_more=True), max_wilds=1, name="escalera"), go_out_in_one_turn=True),
)


def _telefunque_rule() -> HouseRule:
    """The Scribd "Telefunque Regulations": deal 3 pure with four suits, go out at once on the chueca."""
    pure_four = Requirement(MeldKind.SET, 4, wilds=WildLimit.NONE, distinct_suits=True)

    def apply(variant: Variant, on: bool) -> Variant:
        book = {deal.number: deal for deal in _ECUADOR_DEALS}

        def change(deal: Deal) -> Deal:
            if deal.number == 3:
                return replace(deal, contracts=one_contract(pure_four, max_wilds=0) if on else book[3].contracts)
            if deal.number in (6, 7):
                return replace(deal, go_out_in_one_turn=(deal.number == 6) == on)
            return deal

        return with_deals(variant, change)

    return switch_rule(
        "telefunque_regulations",
        "Tournament rules: deal 3's four must be pure (four suits, no joker), and the chueca of deal 6, "
        "not deal 7, must be gone out in one turn.",
        apply,
    )


DEALER_CHOOSES_CONTRACT = switch_rule(
    "dealer_chooses_contract",
    "The dealer looks at their hand and announces the deal's contract; each contract is played once.",
    lambda v, on: replace(v, dealer_chooses_contract=on),
)

TELEFUNKEN_ECUADOR = replace(
    TELEFUNKEN,
    id="telefunken-ecuador",
    name="Telefunken (Ecuador)",
    description="Venezuela's game with contract joker limits, a chueca and an escalera, "
    "12 chips, a buy brings 2 stock cards.",
    deals=_ECUADOR_DEALS,
    card_values=card_values(two=5, low=lambda _rank: 5, ace=15, joker=50),
    buy=replace(TELEFUNKEN.buy, per_game=12, stock_cards=2, stock_cards_own_turn=3),
    layoff=replace(
        TELEFUNKEN.layoff,
        set_joker_swap=1,
        run_joker_swap=RunJokerSwap.REPLACE,
        swap_only_from_others_contract=True,
        swap_reuse=SwapReuse.OWN_CONTRACT,  # at once into the contract laid that turn
        swap_needs_melded=False,
        swap_on_contract_turn=True,
    ),
    house_rules=(
        *table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=12),
        DEALER_CHOOSES_CONTRACT,
        _telefunque_rule(),
        jokers_per_meld_rule(),
        deal6_exchange_rule(),
        third_deck_rule(),
    ),
    decisions=(
        *_TELEFUNKEN_DECISIONS,
        "“Pure” means what it means in Venezuela: no joker and three different suits.",
        "“Only one joker as part of the contract” means one in the whole contract (deals 2, 4 and 7).",
        "The chueca's run is exactly 4; the escalera of deal 7 is 7 or more.",
        "As in Venezuela: the cutter keeps jokers and an exact cut earns a chip; cards are exchanged before "
        "deal 6; deal 7 must be gone out in one turn.",
        "Melds outside the contract hold at most one joker (house rule: any number).",
        "A joker is taken only from another player's contract meld, for the one card it stands for, "
        "and goes straight into your own contract.",
        "The dealer's choice of contract (David Dawson) and the Telefunque Regulations are off unless "
        "the table switches them on.",
    ),
)


# ---- Telefunken, Bolivia (docs/rules.md §7) ------------------------------------------------------

_BOLIVIA_PLAYERS = PlayerRange(3, 4, MAX_PLAYERS_THREE_DECKS)


def _set_joker_swap_rule() -> HouseRule:
    return HouseRule(
        "set_joker_swap_cards",
        "int",
        1,
        "Cards of a set's rank you give to take its joker: most play 1, some 2 as in Venezuela.",
        apply=lambda v, value: replace(v, layoff=replace(v.layoff, set_joker_swap=whole_or_none(value))),
        minimum=1,
        maximum=2,
    )


TELEFUNKEN_BOLIVIA = replace(
    TELEFUNKEN,
    id="telefunken-bolivia",
    name="Telefunken (Bolivia)",
    description="Venezuela's game with 7 buys kept on paper, buying after melding, a third deck for 6 or more, "
    "and no one-turn finish.",
    players=_BOLIVIA_PLAYERS,
    decks=(DeckRow(5, 2, 4), DeckRow(MAX_PLAYERS_THREE_DECKS, 3, 6)),
    deals=(
        *TELEFUNKEN.deals[:5],
        replace(TELEFUNKEN.deals[5], exchanges=0),
        Deal(7, one_contract(run_of(7, or_more=True, wilds=WildLimit.ONE), name="escalera")),
    ),
    card_values=card_values(two=2, low=face_value, ace=15, joker=30),
    buy=replace(TELEFUNKEN.buy, per_game=7, after_melding=True, token=BuyToken.BUY),
    cut=replace(TELEFUNKEN.cut, offsets=(0, 1)),
    layoff=replace(
        TELEFUNKEN.layoff,
        pure_trio_closes=False,  # a trica limpia takes cards of its rank in any suit
        own_contract_locked_on_contract_turn=False,
        set_joker_swap=1,
        swap_from_own_melds=False,
    ),
    house_rules=(
        *table_rules(Direction.COUNTERCLOCKWISE, CutReward.CHIP, chips=7, token=BuyToken.BUY),
        _set_joker_swap_rule(),
        jokers_per_meld_rule(),
    ),
    decisions=(
        f"3 to {MAX_PLAYERS_THREE_DECKS} players, 4 by default; 108 cards for up to 5, a third deck with "
        "2 jokers for more.",
        "The cutter keeps jokers (inherited); an exact cut is 11 × players or 11 × players + 1 cards, less the "
        "jokers taken, and earns one more buy.",
        "No free first take: the first player who wants the up-card buys it, with one more stock card.",
        "A buy may be claimed until the next player has drawn; in a dispute the player whose turn comes sooner "
        "wins. Buying after melding is allowed.",
        "Contract melds are exactly the size stated, except deal 7's run of 7 or more (at most one joker).",
        "Two contract sets may be of the same rank.",
        "At most one joker in any set or run (inherited); a Venezuelan account allows any number (house rule).",
        "A set's joker costs one card of its rank (house rule: two), never from your own melds; "
        "a run joker at an end moves to either end, as in Venezuela.",
        "With 6 or more players nobody melds on their first turn.",
        "No card exchange before deal 6; deal 7 need not be gone out in one turn.",
        "The streak multiplier is off unless the table switches it on: the winner's run of k wins in a row "
        "(k ≥ 2) multiplies the others' points of that deal by k; a deal with no winner ends the run.",
        "When the stock runs out the whole discard pile is shuffled into a new stock.",
        "A deal that ends without anyone going out has no winner; totals may go below zero.",
    ),
)
