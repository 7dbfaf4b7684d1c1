"""Wild-card exchanges: may a player take the wild card out of meld M by giving natural card(s), and where
does the wild go?"""

from __future__ import annotations

from referee.rules.cards import Card, CardsLike, to_cards
from referee.rules.catalogue import to_variant
from referee.rules.layoffs.table import Run, TableFacts, range_problems, run_from_meld, table_meld
from referee.rules.layoffs.values import UNKNOWN_CONTEXT, LayoffContext, LayoffInputError, SwapDestination, SwapVerdict
from referee.rules.melds import Meld, classify
from referee.rules.problems import Problem
from referee.rules.variants import MeldKind, RunJokerSwap, SwapReuse, Variant
from referee.rules.wording import Plural

# --------------------------------------------------------------------------------------------------
# Wild-card exchanges
# --------------------------------------------------------------------------------------------------


def check_joker_swap(
    variant: Variant | str,
    meld: CardsLike | Meld,
    natural: CardsLike,
    *,
    context: LayoffContext = UNKNOWN_CONTEXT,
) -> SwapVerdict:
    """May the player take a wild card from ``meld`` by giving ``natural`` card(s)? Where does it go?

    >>> v = check_joker_swap("telefunken", "5C 6C 7C JK", "8C")
    >>> v.allowed, [m.describe() for m in v.options], v.destination
    (True, ['run 4♣–8♣, joker as 4♣', 'run 5♣–9♣, joker as 9♣'], <SwapDestination.RUN_END: 'run-end'>)
    """
    var = to_variant(variant)
    facts = TableFacts(var, context)
    table = table_meld(var, meld, facts)
    given = to_cards(natural)
    if not given:
        raise LayoffInputError("swap-no-natural")
    var.check_copies((*table.cards, *given), context.players)
    rules = var.layoff

    never = _swap_never(var, table)
    if never is not None:
        return _swap_verdict([never], (), None, facts)
    problems = _swap_timing(var, facts)
    wilds = [c for c, s in zip(table.cards, table.stands_for, strict=True) if s is not None]
    if not wilds:
        problems.append(Problem.of("no-wild-in-meld", meld=table))
        return _swap_verdict(problems, (), None, facts)

    if table.kind is MeldKind.RUN:
        card_problems, options = _swap_in_run(var, table, given)
        destination = SwapDestination.RUN_END if rules.run_joker_swap is RunJokerSwap.END_MOVE else _reuse(var)
    else:
        card_problems, options = _swap_in_set(var, table, given, facts)
        destination = _reuse(var)
    problems.extend(card_problems)
    return _swap_verdict(problems, options, destination, facts)


_SwapOptions = tuple[tuple[Meld, Card], ...]  # each meld the exchange can make, with the wild it takes


def _swap_verdict(
    problems: list[Problem],
    options: _SwapOptions,
    destination: SwapDestination | None,
    facts: TableFacts,
) -> SwapVerdict:
    allowed = not problems and bool(options)
    return SwapVerdict(
        allowed=allowed,
        problems=tuple(problems),
        meld=options[0][0] if allowed else None,
        wild=options[0][1] if allowed else None,
        destination=destination if allowed else None,
        options=tuple(m for m, _ in options) if allowed else (),
        taken=tuple(w for _, w in options) if allowed else (),
        assumptions=tuple(facts.assumed),
    )


def _reuse(variant: Variant) -> SwapDestination:
    return {
        SwapReuse.HAND: SwapDestination.HAND,
        SwapReuse.OWN_CONTRACT: SwapDestination.OWN_CONTRACT,
        SwapReuse.NEW_RUN: SwapDestination.NEW_RUN,
    }[variant.layoff.swap_reuse]


def _swap_never(variant: Variant, table: Meld) -> Problem | None:
    """The variants where this meld's wild can never be taken, whoever asks and whenever."""
    rules = variant.layoff
    if not rules.wilds_movable:
        return Problem.of(
            "wilds-immovable",
            variant=variant.named,
        )
    if table.kind is MeldKind.RUN and rules.run_joker_swap in (RunJokerSwap.NONE, RunJokerSwap.SLIDE):
        if rules.run_joker_swap is RunJokerSwap.SLIDE:
            return Problem.of(
                "no-run-wild-swap-slide",
                variant=variant.named,
            )
        return Problem.of(
            "no-run-wild-swap",
            variant=variant.named,
        )
    if table.kind is not MeldKind.RUN and rules.set_joker_swap is None:
        return Problem.of(
            "no-set-wild-swap",
            variant=variant.named,
        )
    return None


def _swap_timing(variant: Variant, facts: TableFacts) -> list[Problem]:
    """Who may exchange, and when: after melding, not on the contract turn, whose melds."""
    rules = variant.layoff
    problems: list[Problem] = []
    if rules.swap_needs_melded and not facts.has_melded():
        problems.append(
            Problem.of("swap-before-contract")
        )
    if rules.swap_reuse is SwapReuse.OWN_CONTRACT:
        if not facts.contract_turn():
            problems.append(
                Problem.of(
                    "swap-into-contract",
                    )
            )
    elif not rules.swap_on_contract_turn and facts.contract_turn():
        problems.append(
            Problem.of(
                "swap-contract-turn",
                )
        )
    if not rules.swap_from_own_melds and facts.owner() == "own":
        problems.append(
            Problem.of(
                "swap-own-meld",
                variant=variant.named,
            )
        )
    if rules.swap_only_from_others_contract and (facts.owner() == "own" or not facts.part_of_contract()):
        problems.append(
            Problem.of(
                "swap-only-others-contract",
                variant=variant.named,
            )
        )
    return problems


def _swap_in_set(
    variant: Variant, table: Meld, given: tuple[Card, ...], facts: TableFacts
) -> tuple[list[Problem], _SwapOptions]:
    """A set's wild for ``set_joker_swap`` natural cards of its rank; the set keeps the naturals."""
    rules = variant.meld_rules
    needed = variant.layoff.set_joker_swap or 0
    rank = table.rank
    problems: list[Problem] = []
    if rank is None:
        problems.append(Problem.of("swap-wild-set"))
        return problems, ()
    if len(given) != needed:
        problems.append(
            Problem.of(
                "swap-card-count",
                "one" if needed == 1 else "",
                needed=needed,
                variant=variant.named,
                given=len(given),
            )
        )
    for card in given:
        if rules.is_wild(card):
            problems.append(
                Problem.of(
                    "swap-with-wild", card=card.pretty()
                )
            )
        elif card.rank != rank:
            problems.append(
                Problem.of(
                    "swap-wrong-card",
                    "set",
                    card=card.pretty(),
                    rank=Plural(rank),
                )
            )
    if problems:
        return problems, ()
    # the swapper picks which wild to take where a set holds different ones: a joker first, then a 2
    options: list[tuple[Meld, Card]] = []
    failures: list[Problem] = []
    for wild in sorted(
        {c for c, s in zip(table.cards, table.stands_for, strict=True) if s is not None}, key=_wild_order
    ):
        index = table.cards.index(wild)
        remaining = (*table.cards[:index], *table.cards[index + 1 :], *given)
        verdict = classify(remaining, variant, kind=MeldKind.SET, players=facts.context.players)
        if verdict.meld is None or not verdict.valid:
            failures.extend(p for p in verdict.problems if p not in failures)
        else:
            options.append((verdict.meld, wild))
    if not options:
        return failures, ()
    return [], tuple(options)


def _wild_order(card: Card) -> tuple[int, str]:
    return (0 if card.is_joker else 1, str(card))


def _swap_in_run(variant: Variant, table: Meld, given: tuple[Card, ...]) -> tuple[list[Problem], _SwapOptions]:
    """A run's wild for the one card it stands for: moved to an end (Venezuela) or taken (Peru v1)."""
    run = run_from_meld(variant, table)
    problems: list[Problem] = []
    if len(given) != 1:
        problems.append(
            Problem.of(
                "swap-card-count",
                "run",
                given=len(given),
            )
        )
        return problems, ()
    card = given[0]
    index = next((i for i, w in enumerate(run.wild) if w and run.card_at(i) == card), None)
    if index is None:
        stands = tuple(run.card_at(i).pretty() for i, w in enumerate(run.wild) if w)
        problems.append(
            Problem.of(
                "swap-wrong-card",
                card=card.pretty(),
                stands=stands,
            )
        )
        return problems, ()
    wild = run.cards[index]
    cards = list(run.cards)
    cards[index] = card
    if variant.layoff.run_joker_swap is RunJokerSwap.REPLACE:
        replaced = Run(run.suit, run.low, tuple(cards))
        verdict = classify(cards, variant, kind=MeldKind.RUN)
        if not verdict.valid:
            return list(verdict.problems), ()
        return [], ((replaced.to_meld(), wild),)
    # END_MOVE: only a wild at an end moves, to either end of the run that now holds the natural card
    if index not in (0, len(cards) - 1):
        problems.append(
            Problem.of(
                "swap-wild-not-at-end",
                card=card.pretty(),
            )
        )
        return problems, ()
    options: list[tuple[Meld, Card]] = []
    reasons: list[Problem] = []
    for low, ordered in ((run.low - 1, (wild, *cards)), (run.low, (*cards, wild))):
        failing = range_problems(variant, low, low + len(ordered) - 1)
        if failing:
            reasons.extend(p for p in failing if p not in reasons)
            continue
        options.append((Run(run.suit, low, ordered).to_meld(), wild))
    if not options:
        problems.append(
            Problem.of(
                "swap-no-end",
                )
        )
        problems.extend(reasons)
        return problems, ()
    return [], tuple(options)
