"""Lay-offs and wild-card exchanges: may these cards go onto a meld on the table, and what results?

Two questions, both answered with every reason and the resulting meld:

- :func:`check_layoff` — may card(s) X extend meld M (docs/rules.md §3 for Venezuela,
  and each variant's own section for its differences)?
- :func:`check_joker_swap` — may a player take the wild card out of meld M by giving natural card(s),
  and where does the wild go?

The rules are data (:class:`~referee.rules.variants.LayoffRules`); the table's situation is a
:class:`LayoffContext`. A fact the caller leaves out takes a default, and the verdict's ``assumptions``
name every default a rule actually relied on ("assuming the meld is another player's…").

A run on the table keeps its wild cards where they lie: a lay-off extends it at either end, within the
variant's ace rule and longest run (Carrillo alone lets jokers slide to admit new cards, so there the
run is read afresh). A set takes cards of its rank. The variant's wild limits still hold afterwards.

>>> v = check_layoff("telefunken", "5C 6C 7C", "8C")
>>> v.allowed, v.meld.describe() if v.meld else None
(True, 'run 5♣–8♣')
>>> [p.code for p in check_layoff("telefunken", "5C JK 7C", "5H").problems]
['layoff-wrong-suit']
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from referee.rules.cards import Card, CardsLike, Rank, Suit, format_cards, to_cards
from referee.rules.melds import Meld, classify, wilds_allowed
from referee.rules.problems import Problem, RulesError
from referee.rules.variants import (
    AceRule,
    MeldKind,
    RunJokerSwap,
    SwapReuse,
    Variant,
    to_variant,
)
from referee.rules.wording import Plural

__all__ = [
    "Owner",
    "LayoffContext",
    "LayoffVerdict",
    "SwapDestination",
    "SwapVerdict",
    "LayoffInputError",
    "check_layoff",
    "check_joker_swap",
]

Owner = Literal["own", "other"]


class LayoffInputError(RulesError):
    """The meld on the table, the cards offered or the context cannot be read as given."""


@dataclass(frozen=True)
class LayoffContext:
    """What the rules need to know about the table; None means "not said" and takes the default.

    - ``owner``: whose meld it is, ``"own"`` or ``"other"`` (default: another player's).
    - ``part_of_contract``: the meld was laid to fulfil its owner's contract (default: no).
    - ``pure_trio``: the meld is the deal-1 pure trío (default: no).
    - ``player_has_melded``: the player acting has laid their contract in this deal (default: yes).
    - ``contract_turn``: this is the turn the acting player lays (or laid) their contract (default: no).
    - ``run_order``: the run as it lies on the table, low to high, which fixes where its wilds stand
      (default: the meld's cards in the order given, or else the arrangement the engine finds).
    - ``deal``: the deal number (default: not a deal that must be gone out in one turn).
    - ``players``: players at the table, for the number of decks (default: the most decks the variant uses).
    """

    owner: Owner | None = None
    part_of_contract: bool | None = None
    pure_trio: bool | None = None
    player_has_melded: bool | None = None
    contract_turn: bool | None = None
    run_order: str | tuple[Card, ...] | None = None
    deal: int | None = None
    players: int | None = None


@dataclass(frozen=True)
class LayoffVerdict:
    """The answer to "may these cards extend that meld?"."""

    allowed: bool
    problems: tuple[Problem, ...]
    meld: Meld | None  # the meld after the lay-off (the first option) when allowed
    options: tuple[Meld, ...]  # every way the cards can go (a joker at the low or the high end…)
    assumptions: tuple[Problem, ...]  # the defaults of the context that the answer relied on

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def messages(self) -> tuple[str, ...]:
        """The problems as English sentences."""
        return tuple(p.message for p in self.problems)


class SwapDestination(StrEnum):
    """Where the wild card taken from a meld goes."""

    RUN_END = "run-end"  # moved to an end of the same run (Venezuela's run joker)
    HAND = "hand"  # into the swapper's hand
    OWN_CONTRACT = "own-contract"  # straight into the contract the swapper lays this turn (Ecuador)
    NEW_RUN = "new-run"  # straight into a new run of the swapper's, this turn (Peru v1)

    def describe(self) -> str:
        """English, for the screens."""
        return _DESTINATION_TEXT[self]


_DESTINATION_TEXT = {
    SwapDestination.RUN_END: "it moves to an end of the run",
    SwapDestination.HAND: "it goes into your hand",
    SwapDestination.OWN_CONTRACT: "it must go at once into the contract you lay this turn",
    SwapDestination.NEW_RUN: "it must go at once into a new run of yours",
}


@dataclass(frozen=True)
class SwapVerdict:
    """The answer to "may I take that wild card by giving these natural cards?"."""

    allowed: bool
    problems: tuple[Problem, ...]
    meld: Meld | None  # the meld after the exchange (the first option) when allowed
    wild: Card | None  # the wild card taken out of the meld
    destination: SwapDestination | None  # where that wild goes
    options: tuple[Meld, ...]  # every resulting meld (a run joker moved to the low or the high end…)
    taken: tuple[Card, ...]  # the wild each option takes (a set holding a joker and a 2 gives a choice)
    assumptions: tuple[Problem, ...]

    def __bool__(self) -> bool:
        return self.allowed

    @property
    def messages(self) -> tuple[str, ...]:
        """The problems as English sentences."""
        return tuple(p.message for p in self.problems)


# --------------------------------------------------------------------------------------------------
# The context's facts, and the assumptions made when one is not given
# --------------------------------------------------------------------------------------------------


class _Facts:
    """Reads the context; records an assumption whenever a rule needs a fact the caller left out."""

    def __init__(self, variant: Variant, context: LayoffContext) -> None:
        if context.owner not in (None, "own", "other"):
            raise LayoffInputError(f"owner {context.owner!r} is neither 'own' nor 'other'")
        if context.deal is not None:
            variant.deal(context.deal)  # DealOutOfRangeError for a deal the variant lacks
        if context.players is not None:
            variant.check_players(context.players)  # PlayerCountError for a table the variant does not seat
        self.variant = variant
        self.context = context
        self.assumed: list[Problem] = []

    def assume(self, problem: Problem) -> None:
        """Name a default the answer relies on (once)."""
        if problem not in self.assumed:
            self.assumed.append(problem)

    def owner(self) -> Owner:
        if self.context.owner is None:
            self.assume(Problem.of("assumed-other-players-meld"))
            return "other"
        return self.context.owner

    def part_of_contract(self) -> bool:
        if self.context.part_of_contract is None:
            self.assume(Problem.of("assumed-not-contract"))
            return False
        return self.context.part_of_contract

    def pure_trio(self) -> bool:
        if self.context.pure_trio is None:
            self.assume(Problem.of("assumed-not-pure-trio"))
            return False
        return self.context.pure_trio

    def has_melded(self) -> bool:
        if self.context.player_has_melded is None:
            self.assume(Problem.of("assumed-melded"))
            return True
        return self.context.player_has_melded

    def contract_turn(self) -> bool:
        if self.context.contract_turn is None:
            self.assume(
                Problem.of("assumed-later-turn")
            )
            return False
        return self.context.contract_turn

    def one_turn_deal(self) -> bool:
        """Is this a deal that must be gone out in one turn (nobody lays off)?"""
        if self.context.deal is None:
            if any(d.go_out_in_one_turn for d in self.variant.deals):
                self.assume(
                    Problem.of("assumed-ordinary-deal")
                )
            return False
        return self.variant.deal(self.context.deal).go_out_in_one_turn


# --------------------------------------------------------------------------------------------------
# Runs as positions on a line: a position p holds rank ((p - 1) mod 13) + 1, so 1 is a low ace,
# 14 a high ace and 0 a king before a low ace (only where runs turn the corner).
# --------------------------------------------------------------------------------------------------


def _rank_at(position: int) -> Rank:
    return Rank((position - 1) % 13 + 1)


@dataclass(frozen=True)
class _Run:
    """A run as it lies: its suit, the position of its first card, the cards and what each wild stands for."""

    suit: Suit
    low: int
    cards: tuple[Card, ...]
    wild: tuple[bool, ...]

    @property
    def high(self) -> int:
        return self.low + len(self.cards) - 1

    def card_at(self, index: int) -> Card:
        """The card the position stands for (the card itself for a natural)."""
        return Card(_rank_at(self.low + index), self.suit)

    def to_meld(self) -> Meld:
        stands = tuple(self.card_at(i) if w else None for i, w in enumerate(self.wild))
        return Meld(kind=MeldKind.RUN, cards=self.cards, stands_for=stands)


def _run_from_meld(variant: Variant, meld: Meld) -> _Run:
    """The positions of a classified run (its cards low to high, or high to low)."""
    effective = [s if s is not None else c for c, s in zip(meld.cards, meld.stands_for, strict=True)]
    suits = {c.suit for c in effective}
    if len(suits) != 1 or None in suits:
        raise LayoffInputError(f"{format_cards(meld.cards)} is not a run of one suit")
    run = _read_in_order(variant, effective)
    if run is None:
        raise LayoffInputError(f"{format_cards(meld.cards)} is not laid in order, low to high")
    cards = tuple(meld.cards) if run.cards == tuple(effective) else tuple(reversed(meld.cards))
    return _Run(run.suit, run.low, cards, tuple(c != run.card_at(i) for i, c in enumerate(cards)))


def _read_in_order(variant: Variant, cards: Sequence[Card]) -> _Run | None:
    """The run these cards make in the order given (low to high, or high to low), or None.

    The first natural card fixes every position; an ace may read low (1) or high (14), and where runs
    turn the corner any position does.
    """
    rules = variant.meld_rules
    for ordered in (tuple(cards), tuple(reversed(cards))):
        anchor = next((i for i, c in enumerate(ordered) if not rules.is_wild(c)), None)
        if anchor is None:
            continue
        natural = ordered[anchor]
        if natural.rank is None or natural.suit is None:
            continue
        base = int(natural.rank) - anchor
        for low in (base, base + 13, base - 13):
            run = _laid(natural.suit, low, ordered)
            fits = all(not w or rules.is_wild(c) for c, w in zip(run.cards, run.wild, strict=True))
            if fits and not _range_problems(variant, run.low, run.high):
                return _Run(run.suit, (low - 1) % 13 + 1 if rules.ace is AceRule.WRAP else low, run.cards, run.wild)
    return None


def _range_problems(variant: Variant, low: int, high: int) -> list[Problem]:
    """Why a run from position ``low`` to ``high`` breaks the variant's ace rule or longest run.

    The codes and words are those of :mod:`referee.rules.melds`, which explains the same faults in one meld.
    """
    rules = variant.meld_rules
    problems: list[Problem] = []
    length = high - low + 1
    longest = min(rules.max_run, 13)  # not longest_run: where aces are barred, the ace is the fault named below
    ranks = "-".join(_rank_at(p).label for p in range(low, high + 1))
    if length > longest:
        problems.append(
            Problem.of("run-too-long", count=length, maximum=longest)
        )
    if rules.ace is AceRule.WRAP:
        return problems
    if rules.ace is AceRule.NOT_IN_RUNS and (low <= 1 or high >= 14):
        problems.append(
            Problem.of(
                "ace-not-allowed",
                cards=ranks,
                variant=variant.name,
            )
        )
    elif rules.ace is AceRule.HIGH_ONLY and low <= 1:
        problems.append(
            Problem.of(
                "ace-high-only",
                cards=ranks,
                variant=variant.name,
            )
        )
    elif low < 1 or high > 14:
        problems.append(
            Problem.of(
                "ace-in-middle",
                cards=ranks,
            )
        )
    return problems


# --------------------------------------------------------------------------------------------------
# Reading the inputs
# --------------------------------------------------------------------------------------------------


def _table_meld(variant: Variant, meld: CardsLike | Meld, facts: _Facts) -> Meld:
    """The meld on the table, classified, with its wilds where they lie."""
    if isinstance(meld, Meld):
        return meld
    cards = to_cards(meld)
    if not cards:
        raise LayoffInputError("no meld given: name the cards of the meld on the table")
    order = facts.context.run_order
    verdict = classify(cards, variant, players=facts.context.players)
    if verdict.meld is None or not verdict.valid:
        reasons = "; ".join(p.message for p in verdict.problems)
        raise LayoffInputError(f"{format_cards(cards)} is not a valid meld in {variant.name}: {reasons}")
    found = verdict.meld
    if found.kind is not MeldKind.RUN:
        return found
    if order is not None:
        ordered = to_cards(order)
        if sorted(ordered, key=Card.sort_key) != sorted(cards, key=Card.sort_key):
            raise LayoffInputError(f"the run order {format_cards(ordered)} is not the meld {format_cards(cards)}")
        run = _read_in_order(variant, ordered)
        if run is None:
            raise LayoffInputError(f"{format_cards(ordered)} is not a run laid in order")
        return run.to_meld()
    run = _read_in_order(variant, cards)
    if run is not None:
        return run.to_meld()
    if any(s is not None for s in found.stands_for):
        facts.assume(
            Problem.of(
                "assumed-arrangement",
                cards=found,
            )
        )
    return found


def _offered(cards: CardsLike) -> tuple[Card, ...]:
    result = to_cards(cards)
    if not result:
        raise LayoffInputError("no cards given to lay off")
    return result


# --------------------------------------------------------------------------------------------------
# Lay-offs
# --------------------------------------------------------------------------------------------------


def check_layoff(
    variant: Variant | str,
    meld: CardsLike | Meld,
    card: CardsLike | Meld,
    *,
    context: LayoffContext = LayoffContext(),
) -> LayoffVerdict:
    """May ``card`` (one card or several) extend ``meld``? Every reason if not, and the meld it makes.

    ``card`` may also be a whole meld on the table: that asks whether two melds may be joined.

    >>> v = check_layoff("telefunken", "7H 7S 7D", "7C", context=LayoffContext(pure_trio=True))
    >>> v.allowed, v.meld.describe() if v.meld else None
    (True, 'set of 7s')
    """
    var = to_variant(variant)
    facts = _Facts(var, context)
    table = _table_meld(var, meld, facts)
    problems: list[Problem] = _layoff_timing(var, table, facts)

    if isinstance(card, Meld):
        joined = _join_problem(var, table, card)
        if joined is not None:
            problems.append(joined)
            return _layoff_verdict(problems, (), facts)
        offered = tuple(card.cards)
    else:
        offered = _offered(card)
    var.check_copies((*table.cards, *offered), context.players)

    options: tuple[Meld, ...] = ()
    if table.kind is MeldKind.COLOUR_RUN:
        problems.append(
            Problem.of(
                "colour-run-closed",
                )
        )
    elif table.kind is MeldKind.RUN:
        card_problems, options = _layoff_onto_run(var, table, offered)
        problems.extend(card_problems)
    else:
        card_problems, options = _layoff_onto_set(var, table, offered, facts)
        problems.extend(card_problems)
    if problems:
        options = ()
    return _layoff_verdict(problems, options, facts)


def _layoff_verdict(problems: list[Problem], options: tuple[Meld, ...], facts: _Facts) -> LayoffVerdict:
    allowed = not problems and bool(options)
    return LayoffVerdict(
        allowed=allowed,
        problems=tuple(problems),
        meld=options[0] if allowed else None,
        options=options if allowed else (),
        assumptions=tuple(facts.assumed),
    )


def _layoff_timing(variant: Variant, table: Meld, facts: _Facts) -> list[Problem]:
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
                    variant=variant.name,
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
        variant=variant.name,
    )


def _layoff_onto_set(
    variant: Variant, table: Meld, offered: tuple[Card, ...], facts: _Facts
) -> tuple[list[Problem], tuple[Meld, ...]]:
    """Cards onto a set (or a pair): its rank, the pure trío, wilds onto the table, the wild limit."""
    rules = variant.meld_rules
    rank = table.rank
    problems: list[Problem] = []
    wilds = [c for c in offered if rules.is_wild(c)]
    naturals = [c for c in offered if not rules.is_wild(c)]

    if facts.context.pure_trio and not _could_be_pure_trio(variant, table):
        raise LayoffInputError(f"{format_cards(table.cards)} is not a pure trío (three or four suits, no wild)")
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
                variant=variant.name,
            )
        )
    if problems:
        return problems, ()
    result = classify((*table.cards, *offered), variant, kind=MeldKind.SET, players=facts.context.players)
    if result.meld is None or not result.valid:
        return list(result.problems), ()
    return [], (result.meld,)


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


def _layoff_onto_run(
    variant: Variant, table: Meld, offered: tuple[Card, ...]
) -> tuple[list[Problem], tuple[Meld, ...]]:
    """Cards onto a run: at either end, wilds staying where they lie (Carrillo: jokers slide)."""
    rules = variant.meld_rules
    run = _run_from_meld(variant, table)
    problems: list[Problem] = []
    wilds = [c for c in offered if rules.is_wild(c)]
    if wilds and not variant.layoff.wilds_onto_runs:
        problems.append(
            Problem.of(
                "wild-onto-run", variant=variant.name
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
        return _slide_layoff(variant, table, offered)
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
    return _extend_run(variant, run, offered)


def _extend_run(variant: Variant, run: _Run, offered: tuple[Card, ...]) -> tuple[list[Problem], tuple[Meld, ...]]:
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
            reasons = _range_problems(variant, run.low - below, run.high + above)
            if reasons:
                range_failures.extend(p for p in reasons if p not in range_failures)
                continue
            extended = _laid(run.suit, run.low - below, (*placed[:below], *run.cards, *placed[below:]))
            meld = extended.to_meld()
            verdict = classify(meld.cards, variant, kind=MeldKind.RUN)
            if not verdict.valid or not _wild_limit_holds(variant, extended):
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
    run: _Run, offered: tuple[Card, ...], as_wild: tuple[bool, ...], positions: list[int]
) -> tuple[Card, ...] | None:
    """The offered cards in the new positions' order: naturals in their places, wilds in the gaps."""
    slots: dict[int, Card] = {}
    for card, wild in zip(offered, as_wild, strict=True):
        if wild:
            continue
        spot = next((p for p in positions if p not in slots and Card(_rank_at(p), run.suit) == card), None)
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


def _laid(suit: Suit, low: int, cards: Sequence[Card]) -> _Run:
    """A run laid from position ``low``: every card that is not the card of its place is a wild."""
    return _Run(suit, low, tuple(cards), tuple(c != Card(_rank_at(low + i), suit) for i, c in enumerate(cards)))


def _wild_limit_holds(variant: Variant, run: _Run) -> bool:
    """The variant's limit on wilds per run, counted on the run as it lies."""
    wilds = sum(run.wild)
    naturals = len(run.cards) - wilds
    limit = variant.meld_rules.run_wilds
    return wilds_allowed(limit, naturals, wilds)


def _wild_limit_problem(variant: Variant) -> Problem:
    # only where the engine's own reading counts a 2 as natural that this arrangement makes wild
    return Problem.of(
        "too-many-wilds-as-laid",
        variant=variant.name,
    )


def _slide_layoff(variant: Variant, table: Meld, offered: tuple[Card, ...]) -> tuple[list[Problem], tuple[Meld, ...]]:
    """Carrillo: jokers slide within a run to admit new cards, so the run is read afresh."""
    verdict = classify((*table.cards, *offered), variant, kind=MeldKind.RUN)
    if verdict.meld is None or not verdict.valid:
        return list(verdict.problems), ()
    return [], (verdict.meld,)


# --------------------------------------------------------------------------------------------------
# Wild-card exchanges
# --------------------------------------------------------------------------------------------------


def check_joker_swap(
    variant: Variant | str,
    meld: CardsLike | Meld,
    natural: CardsLike,
    *,
    context: LayoffContext = LayoffContext(),
) -> SwapVerdict:
    """May the player take a wild card from ``meld`` by giving ``natural`` card(s)? Where does it go?

    >>> v = check_joker_swap("telefunken", "5C 6C 7C JK", "8C")
    >>> v.allowed, [m.describe() for m in v.options], v.destination
    (True, ['run 4♣–8♣, joker as 4♣', 'run 5♣–9♣, joker as 9♣'], <SwapDestination.RUN_END: 'run-end'>)
    """
    var = to_variant(variant)
    facts = _Facts(var, context)
    table = _table_meld(var, meld, facts)
    given = to_cards(natural)
    if not given:
        raise LayoffInputError("no natural card given for the exchange")
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
    facts: _Facts,
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
            variant=variant.name,
        )
    if table.kind is MeldKind.RUN and rules.run_joker_swap in (RunJokerSwap.NONE, RunJokerSwap.SLIDE):
        if rules.run_joker_swap is RunJokerSwap.SLIDE:
            return Problem.of(
                "no-run-wild-swap-slide",
                variant=variant.name,
            )
        return Problem.of(
            "no-run-wild-swap",
            variant=variant.name,
        )
    if table.kind is not MeldKind.RUN and rules.set_joker_swap is None:
        return Problem.of(
            "no-set-wild-swap",
            variant=variant.name,
        )
    return None


def _swap_timing(variant: Variant, facts: _Facts) -> list[Problem]:
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
                variant=variant.name,
            )
        )
    if rules.swap_only_from_others_contract and (facts.owner() == "own" or not facts.part_of_contract()):
        problems.append(
            Problem.of(
                "swap-only-others-contract",
                variant=variant.name,
            )
        )
    return problems


def _swap_in_set(
    variant: Variant, table: Meld, given: tuple[Card, ...], facts: _Facts
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
                variant=variant.name,
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
    run = _run_from_meld(variant, table)
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
        stands = ", ".join(run.card_at(i).pretty() for i, w in enumerate(run.wild) if w)
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
    flags = list(run.wild)
    flags[index] = False
    if variant.layoff.run_joker_swap is RunJokerSwap.REPLACE:
        replaced = _Run(run.suit, run.low, tuple(cards), tuple(flags))
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
    for low, ordered, wild_flags in (
        (run.low - 1, (wild, *cards), (True, *flags)),
        (run.low, (*cards, wild), (*flags, True)),
    ):
        failing = _range_problems(variant, low, low + len(ordered) - 1)
        if failing:
            reasons.extend(p for p in failing if p not in reasons)
            continue
        options.append((_Run(run.suit, low, ordered, wild_flags).to_meld(), wild))
    if not options:
        problems.append(
            Problem.of(
                "swap-no-end",
                )
        )
        problems.extend(reasons)
        return problems, ()
    return [], tuple(options)
