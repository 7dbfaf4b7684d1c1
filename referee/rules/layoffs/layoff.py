"""Lay-offs: may card(s) X extend meld M, and what results?"""

from __future__ import annotations

import itertools

from referee.rules.cards import Card, CardsLike, Suit, format_cards
from referee.rules.catalogue import to_variant
from referee.rules.layoffs.table import (
    Run,
    TableFacts,
    capped_verdict,
    laid_run,
    offered_cards,
    range_problems,
    rank_at,
    run_from_meld,
    table_meld,
)
from referee.rules.layoffs.values import UNKNOWN_CONTEXT, LayoffContext, LayoffInputError, LayoffVerdict
from referee.rules.melds import Meld, MeldVerdict, classify, wilds_allowed
from referee.rules.problems import Problem
from referee.rules.variants import MeldKind, RunJokerSwap, Variant
from referee.rules.wording import Plural

#: What a lay-off comes to: the reasons it cannot be made, or each meld it can make (the cards may fit in more
#: than one way).
_Outcome = tuple[list[Problem], tuple[Meld, ...]]

# --------------------------------------------------------------------------------------------------
# Lay-offs
# --------------------------------------------------------------------------------------------------


def check_layoff(
    variant: Variant | str,
    meld: CardsLike | Meld,
    card: CardsLike | Meld,
    *,
    context: LayoffContext = UNKNOWN_CONTEXT,
) -> LayoffVerdict:
    """May ``card`` (one card or several) extend ``meld``? Every reason if not, and the meld it makes.

    ``card`` may also be a whole meld on the table: that asks whether two melds may be joined.

    >>> v = check_layoff("telefunken", "7H 7S 7D", "7C", context=LayoffContext(pure_trio=True))
    >>> v.allowed, v.meld.describe() if v.meld else None
    (True, 'set of 7s')

    In a game with the Shanghai call the verdict also says whether one card fits the meld whoever holds it, so that
    calling "Shanghai!" on it as a discard is valid (docs/rules.md D70), even where this player may not lay it off:

    >>> v = check_layoff("shanghai", "5C 6C 7C 8C", "9C", context=LayoffContext(player_has_melded=False))
    >>> v.allowed, v.shanghai_call
    (False, True)
    """
    var = to_variant(variant)
    facts = TableFacts(var, context)
    table = table_meld(var, meld, facts)
    problems: list[Problem] = _layoff_timing(var, facts)

    if isinstance(card, Meld):
        joined = _join_problem(var, table, card)
        if joined is not None:
            problems.append(joined)
            return _layoff_verdict(problems, (), facts, None)
        offered = tuple(card.cards)
    else:
        offered = offered_cards(card)
    var.check_copies((*table.cards, *offered), context.players)

    options: tuple[Meld, ...] = ()
    if table.kind is MeldKind.COLOUR_RUN:
        card_problems = [Problem.of("colour-run-closed")]
    elif table.kind is MeldKind.RUN:
        card_problems, options = _layoff_onto_run(var, table, offered, facts)
    else:
        card_problems, options = _layoff_onto_set(var, table, offered, facts)
    problems.extend(card_problems)
    # The call is on a discard: one card, onto a meld that lies on the table (none does in a deal gone out in one
    # turn), whoever holds it (docs/rules.md D70).
    call = None
    if var.shanghai_call and len(offered) == 1 and not isinstance(card, Meld):
        call = not card_problems and bool(options) and not facts.one_turn_deal()
    if problems:
        options = ()
    return _layoff_verdict(problems, options, facts, call)


def _layoff_verdict(
    problems: list[Problem], options: tuple[Meld, ...], facts: TableFacts, shanghai_call: bool | None
) -> LayoffVerdict:
    allowed = not problems and bool(options)
    return LayoffVerdict(
        allowed=allowed,
        problems=tuple(problems),
        meld=options[0] if allowed else None,
        options=options if allowed else (),
        assumptions=tuple(facts.assumed),
        shanghai_call=shanghai_call,
    )


def _layoff_timing(variant: Variant, facts: TableFacts) -> list[Problem]:
    """Whether the player may lay off onto this meld now, whatever the cards."""
    rules = variant.layoff
    problems: list[Problem] = []
    if rules.layoff_needs_melded and not facts.has_melded():
        problems.append(
            Problem.of(
                "layoff-before-contract",
                )
        )
    if facts.one_turn_deal():
        problems.append(
            Problem.of(
                "layoff-one-turn-deal",
                deal=facts.context.deal or 0,
            )
        )
    if not rules.layoff_on_contract_turn:
        if facts.contract_turn():
            problems.append(
                Problem.of(
                    "layoff-contract-turn",
                    variant=variant.named,
                )
            )
    elif (
        rules.own_contract_locked_on_contract_turn
        and facts.contract_turn()
        and facts.owner() == "own"
        and facts.part_of_contract()
    ):
        problems.append(
            Problem.of(
                "own-contract-locked",
                )
        )
    return problems


def _join_problem(variant: Variant, table: Meld, other: Meld) -> Problem | None:
    """Two melds on the table may be joined only where the variant says so (runs, and none does yet)."""
    if table.kind is MeldKind.RUN and other.kind is MeldKind.RUN and variant.layoff.runs_joinable:
        return None
    return Problem.of(
        "melds-never-joined",
        variant=variant.named,
    )


def _layoff_onto_set(variant: Variant, table: Meld, offered: tuple[Card, ...], facts: TableFacts) -> _Outcome:
    """Cards onto a set (or a pair): its rank, the pure trío, wilds onto the table, the wild limit."""
    rules = variant.meld_rules
    rank = table.rank
    problems: list[Problem] = []
    wilds = [c for c in offered if rules.is_wild(c)]
    naturals = [c for c in offered if not rules.is_wild(c)]

    if facts.context.pure_trio and not _could_be_pure_trio(variant, table):
        raise LayoffInputError("layoff-not-pure-trio", cards=format_cards(table.cards, pretty=True))
    if _could_be_pure_trio(variant, table) and facts.pure_trio():
        problems.extend(_pure_trio_problems(variant, table, offered))
    if rank is None:
        for card in naturals:
            problems.append(
                Problem.of(
                    "layoff-onto-wild-set",
                    card=card.pretty(),
                )
            )
    else:
        for card in naturals:
            if card.rank != rank:
                problems.append(
                    Problem.of(
                        "layoff-wrong-rank",
                        card=card.pretty(),
                        rank=Plural(rank),
                    )
                )
    if wilds and not variant.layoff.wilds_onto_sets:
        problems.append(
            Problem.of(
                "wild-onto-set",
                variant=variant.named,
            )
        )
    if problems:
        return problems, ()
    result = _classify(variant, (*table.cards, *offered), MeldKind.SET, facts)
    if result.meld is None or not result.valid:
        return list(result.problems), ()
    return [], (result.meld,)


def _classify(variant: Variant, cards: tuple[Card, ...], kind: MeldKind, facts: TableFacts) -> MeldVerdict:
    """The meld a lay-off makes; where the variant's wild limit refuses it, under the cap of the contract
    requirement the meld filled, if it has one (docs/rules.md, D69)."""
    verdict = classify(cards, variant, kind=kind, players=facts.context.players)
    return capped_verdict(variant, cards, kind, facts, verdict)


def _could_be_pure_trio(variant: Variant, table: Meld) -> bool:
    """Three or four natural cards of one rank in different suits: the shape of a pure trío."""
    rules = variant.meld_rules
    cards = table.cards
    return (
        table.kind is MeldKind.SET
        and 3 <= len(cards) <= 4
        and not any(rules.is_wild(c) for c in cards)
        and len({c.suit for c in cards}) == len(cards)
    )


def _pure_trio_problems(variant: Variant, table: Meld, offered: tuple[Card, ...]) -> list[Problem]:
    """The pure trío: never a wild; in Venezuela only its 4th suit, once, and then it is closed."""
    rules = variant.meld_rules
    problems: list[Problem] = []
    if any(rules.is_wild(c) for c in offered):
        problems.append(Problem.of("pure-trio-no-wild"))
    if not variant.layoff.pure_trio_closes:
        return problems
    missing = {s for s in Suit} - {c.suit for c in table.cards}
    if len(table.cards) >= 4:
        problems.append(Problem.of("pure-trio-closed"))
    elif len(offered) > 1:
        problems.append(
            Problem.of(
                "pure-trio-one-card",
                )
        )
    else:
        card = offered[0]
        if not rules.is_wild(card) and card.suit not in missing:
            fourth = missing.pop()
            problems.append(
                Problem.of(
                    "pure-trio-fourth-suit",
                    suit=fourth,
                    card=card.pretty(),
                )
            )
    return problems


def _layoff_onto_run(variant: Variant, table: Meld, offered: tuple[Card, ...], facts: TableFacts) -> _Outcome:
    """Cards onto a run: at either end, wilds staying where they lie (Carrillo: jokers slide)."""
    rules = variant.meld_rules
    run = run_from_meld(variant, table)
    problems: list[Problem] = []
    wilds = [c for c in offered if rules.is_wild(c)]
    if wilds and not variant.layoff.wilds_onto_runs:
        problems.append(
            Problem.of(
                "wild-onto-run", variant=variant.named
            )
        )
    for card in offered:
        if not rules.is_wild(card) and card.suit != run.suit:
            problems.append(
                Problem.of(
                    "layoff-wrong-suit",
                    card=card.pretty(),
                    suit=Plural(run.suit),
                )
            )
    if variant.layoff.run_joker_swap is RunJokerSwap.SLIDE:
        if problems:
            return problems, ()
        return _slide_layoff(variant, table, offered, facts)
    taken = {run.card_at(i): w for i, w in enumerate(run.wild)}
    for card in offered:
        if card in taken and not rules.is_wild(card):
            if taken[card]:
                problems.append(
                    Problem.of(
                        "layoff-rank-held-by-wild",
                        card=card.pretty(),
                    )
                )
            else:
                problems.append(Problem.of("layoff-rank-taken", card=card.pretty()))
    if problems:
        return problems, ()
    return _extend_run(variant, run, offered, facts)


def _extend_run(variant: Variant, run: Run, offered: tuple[Card, ...], facts: TableFacts) -> _Outcome:
    """Every way to put the cards at the two ends of the run; the reasons when there is none."""
    rules = variant.meld_rules
    # a 2 of the run's suit may sit in its own place (natural) or anywhere as a wild where 2s are wild
    choices = [
        (True, False) if rules.is_wild(c) and not c.is_joker and c.suit == run.suit else (rules.is_wild(c),)
        for c in offered
    ]
    options: list[Meld] = []
    range_failures: list[Problem] = []
    wild_failures: list[Problem] = []
    count = len(offered)
    for as_wild in itertools.product(*choices):
        for below in range(count + 1):
            above = count - below
            positions = [*range(run.low - below, run.low), *range(run.high + 1, run.high + above + 1)]
            placed = _place(run, offered, as_wild, positions)
            if placed is None:
                continue
            reasons = range_problems(variant, run.low - below, run.high + above)
            if reasons:
                range_failures.extend(p for p in reasons if p not in range_failures)
                continue
            extended = laid_run(run.suit, run.low - below, (*placed[:below], *run.cards, *placed[below:]))
            meld = extended.to_meld()
            verdict = _classify(variant, meld.cards, MeldKind.RUN, facts)
            if not verdict.valid or not _wild_limit_holds(variant, extended, facts):
                wild_failures.extend(p for p in verdict.problems if p not in wild_failures)
                if verdict.valid:
                    wild_failures.append(_wild_limit_problem(variant))
                continue
            if meld not in options:
                options.append(meld)
    if options:
        return [], tuple(options)
    if wild_failures:
        return wild_failures, ()
    if range_failures:
        return range_failures, ()
    return [
        Problem.of(
            "layoff-not-adjacent",
            cards=format_cards(offered, pretty=True),
            run=format_cards(run.cards, pretty=True),
        )
    ], ()


def _place(
    run: Run, offered: tuple[Card, ...], as_wild: tuple[bool, ...], positions: list[int]
) -> tuple[Card, ...] | None:
    """The offered cards in the new positions' order: naturals in their places, wilds in the gaps."""
    slots: dict[int, Card] = {}
    for card, wild in zip(offered, as_wild, strict=True):
        if wild:
            continue
        spot = next((p for p in positions if p not in slots and Card(rank_at(p), run.suit) == card), None)
        if spot is None:
            return None
        slots[spot] = card
    spare = iter(c for c, wild in zip(offered, as_wild, strict=True) if wild)
    result: list[Card] = []
    for position in positions:
        if position in slots:
            result.append(slots[position])
        else:
            nxt = next(spare, None)
            if nxt is None:
                return None
            result.append(nxt)
    if next(spare, None) is not None:
        return None
    return tuple(result)


def _wild_limit_holds(variant: Variant, run: Run, facts: TableFacts) -> bool:
    """The variant's limit on wilds per run (or the cap of the contract requirement the run filled), counted on the
    run as it lies."""
    wilds = sum(run.wild)
    naturals = len(run.cards) - wilds
    if wilds_allowed(variant.meld_rules.run_wilds, naturals, wilds):
        return True
    cap = facts.wild_cap(MeldKind.RUN)
    return cap is not None and wilds <= cap


def _wild_limit_problem(variant: Variant) -> Problem:
    # only where the engine's own reading counts a 2 as natural that this arrangement makes wild
    return Problem.of(
        "too-many-wilds-as-laid",
        variant=variant.named,
    )


def _slide_layoff(variant: Variant, table: Meld, offered: tuple[Card, ...], facts: TableFacts) -> _Outcome:
    """Carrillo: jokers slide within a run to admit new cards, so the run is read afresh."""
    verdict = _classify(variant, (*table.cards, *offered), MeldKind.RUN, facts)
    if verdict.meld is None or not verdict.valid:
        return list(verdict.problems), ()
    return [], (verdict.meld,)
