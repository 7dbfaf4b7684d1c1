"""Progressive Rummy (docs/rules.md §10): 15 deals on base Contract Rummy, buying for money and a payout."""

from __future__ import annotations

from dataclasses import replace

from referee.rules.catalogue.blocks import (
    CONTRACT_RUMMY_CUT,
    CONTRACT_RUMMY_DECISIONS,
    CONTRACT_RUMMY_LAYOFF,
    PROGRESSIVE_TERMS,
    STANDARD_PLAYERS,
    TRIO,
    card_values,
    one_contract,
    run_of,
    set_of,
)
from referee.rules.catalogue.house_rules import (
    table_rules,
)
from referee.rules.variants import (
    BuyRules,
    CutReward,
    Deal,
    DeckRow,
    Direction,
    MeldKind,
    MeldRules,
    Payouts,
    Requirement,
    Variant,
    WildLimit,
)
from referee.rules.wording import BuyToken

__all__ = ["PROGRESSIVE_RUMMY"]


# ---- Progressive Rummy (docs/rules.md §10) -------------------------------------------------------

PROGRESSIVE_RUMMY = Variant(
    terms=PROGRESSIVE_TERMS,
    id="progressive-rummy",
    name="Progressive Rummy",
    description="15 deals from two sets of 3 to five runs of 3, 2s and jokers wild, "
    "buying for $1 in deals 9–14, a payout at the end.",
    players=replace(STANDARD_PLAYERS, max=6),  # base Contract Rummy's 3 to 5, and a sixth
    decks=(DeckRow(6, 2, 4),),
    cards_dealt=11,
    deals=(
        Deal(1, one_contract(TRIO, TRIO), buying=False),
        Deal(2, one_contract(TRIO, run_of(4)), buying=False),
        Deal(3, one_contract(set_of(4), set_of(4)), buying=False),
        Deal(4, one_contract(run_of(4), run_of(4)), buying=False),
        Deal(5, one_contract(TRIO, TRIO, run_of(4)), buying=False),
        Deal(6, one_contract(set_of(4), run_of(5)), buying=False),
        Deal(7, one_contract(set_of(5), set_of(5)), buying=False),
        Deal(8, one_contract(run_of(5), run_of(5)), buying=False),
        Deal(9, one_contract(TRIO, TRIO, TRIO, TRIO), buys_per_deal=1),
        Deal(10, one_contract(run_of(4), run_of(4), run_of(4)), buys_per_deal=1),
        Deal(11, one_contract(set_of(4), set_of(4), set_of(4)), buys_per_deal=1),
        Deal(12, one_contract(*(run_of(3),) * 5), buys_per_deal=2, stock_cards_per_buy=1),
        Deal(13, one_contract(*(TRIO,) * 5), buys_per_deal=2, stock_cards_per_buy=1),
        Deal(14, one_contract(set_of(5), run_of(5), Requirement(MeldKind.PAIR, 2)), buys_per_deal=1),
        Deal(15, one_contract(TRIO, TRIO, run_of(5)), buying=False),
    ),
    meld_rules=MeldRules(twos_wild=True, set_wilds=WildLimit.ANY, run_wilds=WildLimit.ANY, pairs=True),
    card_values=card_values(two=20, low=lambda _rank: 5, ten=5, ace=15, joker=20),
    buy=BuyRules(
        per_game=None,
        stock_cards=0,  # the bought card alone; deals 12–13 add one "take"
        stock_cards_own_turn=1,  # then the normal draw
        after_melding=True,
        token=BuyToken.BUY,
        price=1,
        card_beneath_buyable=True,
    ),
    cut=CONTRACT_RUMMY_CUT,
    layoff=replace(CONTRACT_RUMMY_LAYOFF, wilds_movable=False),
    payouts=Payouts(step=2),
    house_rules=table_rules(Direction.CLOCKWISE, CutReward.NONE),
    decisions=(
        "3 to 6 players on 108 cards, 4 by default.",
        "Deal 10 is three runs of 4 and deals 12–13 take 2 (pagat; a translation says otherwise).",
        "Contract melds are exactly the size stated; sets are 3 or more and runs 3 or more everywhere.",
        "Two touching runs of one suit may be melded as separate runs; runs on the table never join or split; "
        "two sets may be of the same rank.",
        "Every meld, the pair included, needs a natural card; what each wild stands for is declared and fixed.",
        "After the contract only lay-offs, onto anyone's melds: no new melds.",
        "A buy costs $1 into the pot; in deals 12–13 it also takes the top stock card, with no other fee. "
        "Buying after melding is allowed; the player in turn may pre-empt a buy by taking the card.",
        "The k-th place pays 2 × (k − 1); the winner receives the sum plus all the buy money; tied players "
        "share their combined payments equally.",
        *CONTRACT_RUMMY_DECISIONS,
    ),
)
