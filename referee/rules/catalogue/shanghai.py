"""The Shanghai family (docs/rules.md §9): Shanghai, Tahelia Powe's version and Deb Kolsov's version, on base
Contract Rummy."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from referee.rules.catalogue.blocks import (
    CONTRACT_RUMMY_CUT,
    CONTRACT_RUMMY_DECISIONS,
    CONTRACT_RUMMY_LAYOFF,
    SHANGHAI_TERMS,
    STANDARD_DECKS,
    STANDARD_PLAYERS,
    TRIO,
    card_values,
    one_contract,
    run_of,
)
from referee.rules.catalogue.house_rules import (
    switch_rule,
    table_rules,
)
from referee.rules.variants import (
    AceRule,
    BuyRules,
    CutReward,
    Deal,
    Direction,
    Discard,
    HouseRule,
    MeldKind,
    MeldRules,
    Variant,
)
from referee.rules.wording import BuyToken

__all__ = ["SHANGHAI", "SHANGHAI_TAHELIA_POWE", "SHANGHAI_DEB_KOLSOV"]


# ---- Shanghai (docs/rules.md §9) -----------------------------------------------------------------

_BOOK = TRIO


def _shanghai_contracts(deals: Iterable[Deal], *, runs_share_suit: bool = True) -> tuple[Deal, ...]:
    """One player's contract books never share a rank nor do their runs touch in one suit."""
    return tuple(
        replace(
            deal,
            contracts=tuple(
                replace(c, sets_share_rank=False, runs_adjacent=False, runs_share_suit=runs_share_suit)
                for c in deal.contracts
            ),
        )
        for deal in deals
    )


def _last_deal(deal: Deal) -> Deal:
    """Shanghai's last deal: the whole hand goes down at once, no final discard, runs may be longer."""
    return replace(
        deal,
        contracts=tuple(
            replace(c, melds=tuple(replace(m, or_more=m.kind is MeldKind.RUN) for m in c.melds)) for c in deal.contracts
        ),
        go_out_in_one_turn=True,
        final_discard=Discard.FORBIDDEN,
    )


_SHANGHAI_DEALS = _shanghai_contracts(
    (
        Deal(1, one_contract(_BOOK, _BOOK)),
        Deal(2, one_contract(_BOOK, run_of(4))),
        Deal(3, one_contract(run_of(4), run_of(4))),
        Deal(4, one_contract(_BOOK, _BOOK, _BOOK)),
        Deal(5, one_contract(_BOOK, _BOOK, run_of(4))),
        Deal(6, one_contract(_BOOK, run_of(4), run_of(4))),
        _last_deal(Deal(7, one_contract(run_of(4), run_of(4), run_of(4)))),
    )
)

_SHANGHAI_CALL_DECISION = (
    "Saying “Shanghai” as you discard blocks every taking of that card, May-I included; a caller need not "
    "have melded, and the discarder draws one card at random from the caller's face-down hand."
)

_SHANGHAI_DECISIONS = (
    "Contract books are exactly 3 and runs exactly 4; extra cards may be laid off in the same turn.",
    "After the contract only lay-offs, onto anyone's melds: no new melds (base Contract Rummy).",
    "Jokers are never taken back from the table.",
    "The player in turn may draw the discard; only if they do not may another player May-I it, "
    "the sooner in turn order first, one player per discard. May-I is allowed after melding too.",
    *CONTRACT_RUMMY_DECISIONS,
)

SHANGHAI = Variant(
    terms=SHANGHAI_TERMS,
    id="shanghai",
    name="Shanghai Rummy",
    description="Contract Rummy's 7 deals of books and runs of 4, the ace high only, "
    "two May-I per deal and the Shanghai call.",
    players=STANDARD_PLAYERS,
    decks=STANDARD_DECKS,
    cards_dealt=11,
    deals=_SHANGHAI_DEALS,
    meld_rules=MeldRules(min_run=4, ace=AceRule.HIGH_ONLY),  # jokers only, one per meld
    card_values=card_values(two=5, low=lambda rank: 5 if rank <= 7 else 10, ace=20, joker=50),
    buy=BuyRules(
        per_game=None,
        per_deal=2,
        stock_cards=1,  # the penalty card
        stock_cards_own_turn=0,
        after_melding=True,
        token=BuyToken.MAY_I,
        on_own_turn=False,
    ),
    cut=CONTRACT_RUMMY_CUT,
    layoff=CONTRACT_RUMMY_LAYOFF,
    shanghai_call=True,
    house_rules=table_rules(Direction.CLOCKWISE, CutReward.NONE),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default.",
        *_SHANGHAI_DECISIONS,
        "Deal 7: lay down only when the whole hand goes into the three runs (longer than 4 if May-I brought "
        "cards); there is no final discard.",
        _SHANGHAI_CALL_DECISION,
    ),
)

SHANGHAI_TAHELIA_POWE = replace(
    SHANGHAI,
    id="shanghai-tahelia-powe",
    name="Shanghai (Tahelia Powe)",
    description="Shanghai with 10 cards and 8 deals (four books in deal 7), never a final discard, "
    "one run per suit, no Shanghai call.",
    cards_dealt=10,
    deals=_shanghai_contracts(
        (
            *_SHANGHAI_DEALS[:6],
            Deal(7, one_contract(_BOOK, _BOOK, _BOOK, _BOOK)),
            replace(_SHANGHAI_DEALS[6], number=8),
        ),
        runs_share_suit=False,  # one run per suit: a player lays runs only in the contract (docs/rules.md, D40)
    ),
    final_discard=Discard.FORBIDDEN,
    shanghai_call=False,
    decisions=(
        "3 to 5 players on 108 cards, 4 by default.",
        *_SHANGHAI_DECISIONS,
        "Deal 7 is four books of 3 (pagat; a translation's “and a run” would need 16 cards); deal 8 is "
        "three runs of 4 with Shanghai's last-deal rule: the whole hand goes down at once.",
        "Going out is always by melding every card: never with a discard.",
        "Never two runs of one suit for one player in a deal, contract and additions alike.",
        "There are no Shanghai calls.",
    ),
)


def _kolsov_ext_rule() -> HouseRule:
    """The ext 10-round Shanghai (rummyrulebook, Wikipedia) as a preset over Deb Kolsov's list."""
    caps = {3: 1, 4: 1, 5: 2, 7: 3, 10: 4}
    values = card_values(two=5, low=lambda _rank: 5, ten=5, ace=20, joker=50)

    def apply(variant: Variant, on: bool) -> Variant:
        deals = tuple(
            replace(
                deal,
                contracts=tuple(
                    replace(c, melds=tuple(replace(m, wild_cap=caps[m.size] if on else None) for m in c.melds))
                    for c in deal.contracts
                ),
                buys_per_deal=(3 if deal.number <= 8 else 4) if on else None,
            )
            for deal in variant.deals
        )
        return replace(
            variant,
            deals=deals,
            card_values=values if on else SHANGHAI.card_values,
            blind_out_bonus=(-25, -50) if on else None,
        )

    return switch_rule(
        "kolsov_ext",
        "The 10-round Shanghai of rummyrulebook: 3 buys a deal (4 in deals 9–10), up to 2 jokers in a run of 5, "
        "3 in 7, 4 in 10, number cards worth 5, −25 for going out in one turn (−50 with no joker).",
        apply,
    )


SHANGHAI_DEB_KOLSOV = replace(
    SHANGHAI,
    id="shanghai-deb-kolsov",
    name="Shanghai (Deb Kolsov)",
    description="Shanghai over 10 deals, up to three runs of 5; the last deal goes down at once with no discard.",
    deals=_shanghai_contracts(
        (
            *_SHANGHAI_DEALS[:4],
            Deal(5, one_contract(_BOOK, run_of(7))),
            Deal(6, one_contract(_BOOK, _BOOK, run_of(5))),
            Deal(7, one_contract(run_of(4), run_of(4), run_of(4))),
            Deal(8, one_contract(_BOOK, run_of(10))),
            Deal(9, one_contract(_BOOK, _BOOK, _BOOK, run_of(5))),
            _last_deal(Deal(10, one_contract(run_of(5), run_of(5), run_of(5)))),
        )
    ),
    house_rules=(*SHANGHAI.house_rules, _kolsov_ext_rule()),
    decisions=(
        "3 to 5 players on 108 cards, 4 by default; 11 cards are dealt (the book does not say).",
        *_SHANGHAI_DECISIONS,
        "Two May-I per deal and one joker per meld, as in Shanghai; the 10-round Shanghai of rummyrulebook "
        "is a preset (house rule).",
        "Deal 10 follows Shanghai's last deal: the whole hand goes down at once and there is no final discard.",
        _SHANGHAI_CALL_DECISION,
    ),
)
