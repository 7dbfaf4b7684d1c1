"""A new meld of the player's own, beside the contract: may these cards go down as one now?

The first thing a player lays down in a deal is the contract (:func:`~referee.rules.contracts.check_contract`
answers that). After it, a variant lets a player lay further melds on the contract turn, on later turns, both or
neither: the Telefunken family lays them whenever the player likes; Carrillo's game, the Shanghai family and
Progressive Rummy lay nothing but the contract, and afterwards only add to the melds on the table (docs/rules.md
D36, D37). In a deal that must be gone out in one turn the one lay-down is the whole hand (D35). A new meld fills
no contract requirement, so the variant's own limits hold (no requirement's cap, D69).
"""

from __future__ import annotations

from referee.rules.cards import CardsLike
from referee.rules.catalogue import to_variant
from referee.rules.layoffs.table import TableFacts, offered_cards
from referee.rules.layoffs.values import UNKNOWN_CONTEXT, LayoffContext, LayoffVerdict
from referee.rules.melds import classify
from referee.rules.problems import Problem
from referee.rules.variants import Variant


def check_new_meld(
    variant: Variant | str, cards: CardsLike, *, context: LayoffContext = UNKNOWN_CONTEXT
) -> LayoffVerdict:
    """May the player lay ``cards`` down as a new meld of their own now? Every reason if not, and the meld.

    The context's ``player_has_melded``, ``contract_turn`` and ``deal`` are the facts it needs (the others are not
    asked); a fact not given takes its default, named in the verdict's ``assumptions``.

    >>> check_new_meld("telefunken", "8H 8S 8D").allowed
    True
    >>> [p.code for p in check_new_meld("shanghai", "8H 8S 8D").problems]
    ['new-meld-after-contract']
    """
    var = to_variant(variant)
    facts = TableFacts(var, context)
    offered = offered_cards(cards)
    verdict = classify(offered, var, players=context.players)
    problems = _timing(var, facts)
    problems.extend(verdict.problems)
    allowed = not problems and verdict.meld is not None
    meld = verdict.meld if allowed else None
    return LayoffVerdict(allowed, tuple(problems), meld, (meld,) if meld is not None else (), tuple(facts.assumed))


def _timing(variant: Variant, facts: TableFacts) -> list[Problem]:
    """Whether the player may lay a meld apart from the contract now, whatever the cards."""
    rules = variant.layoff
    if not facts.has_melded():
        return [Problem.of("new-meld-before-contract")]
    if facts.one_turn_deal():
        return [Problem.of("new-meld-one-turn-deal", deal=facts.context.deal or 0)]
    extra, later = rules.extra_melds_on_contract_turn, rules.new_melds_after_contract
    if extra and later:
        return []
    # Which turn it is matters only where one of the two allows a new meld; otherwise it only picks the words.
    contract_turn = facts.context.contract_turn is True if extra is later else facts.contract_turn()
    if contract_turn and not extra:
        return [Problem.of("new-meld-contract-turn", variant=variant.named)]
    if not contract_turn and not later:
        return [Problem.of("new-meld-after-contract", variant=variant.named)]
    return []
