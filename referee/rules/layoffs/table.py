"""The meld on the table as the checks read it: the context's facts and the assumptions made when one is not
given, a run as positions on a line, and the inputs parsed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from referee.rules.cards import Card, CardsLike, Rank, Suit, format_cards, to_cards
from referee.rules.layoffs.values import LayoffContext, LayoffInputError, Owner
from referee.rules.melds import Meld, MeldVerdict, classify
from referee.rules.problems import Problem
from referee.rules.variants import (
    AceRule,
    MeldKind,
    Variant,
    WildLimit,
)

_T = TypeVar("_T")

# --------------------------------------------------------------------------------------------------
# The context's facts, and the assumptions made when one is not given
# --------------------------------------------------------------------------------------------------


class TableFacts:
    """Reads the context; records an assumption whenever a rule needs a fact the caller left out."""

    def __init__(self, variant: Variant, context: LayoffContext) -> None:
        if context.owner not in (None, "own", "other"):
            raise LayoffInputError("layoff-owner", owner=repr(context.owner))
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

    def _given(self, fact: _T | None, default: _T, assumption: str) -> _T:
        """A fact as the context gives it; where it is left out, ``default``, naming the assumption (its code)."""
        if fact is None:
            self.assume(Problem.of(assumption))
            return default
        return fact

    def owner(self) -> Owner:
        """Whose meld it is, ``"own"`` or ``"other"`` (not given: another player's, assumed)."""
        return self._given(self.context.owner, "other", "assumed-other-players-meld")

    def part_of_contract(self) -> bool:
        """Was the meld laid to fulfil its owner's contract (not given: no, assumed)?"""
        return self._given(self.context.part_of_contract, False, "assumed-not-contract")

    def pure_trio(self) -> bool:
        """Is the meld the deal-1 pure trío (not given: no, assumed)?"""
        return self._given(self.context.pure_trio, False, "assumed-not-pure-trio")

    def has_melded(self) -> bool:
        """Has the player acting laid their contract in this deal (not given: yes, assumed)?"""
        return self._given(self.context.player_has_melded, True, "assumed-melded")

    def contract_turn(self) -> bool:
        """Is this the turn the acting player lays (or laid) their contract (not given: a later turn, assumed)?"""
        return self._given(self.context.contract_turn, False, "assumed-later-turn")

    def contract_meld(self) -> bool:
        """Was the meld laid for its owner's contract? Where a player lays nothing but the contract (no further melds
        on the contract turn nor later: the Shanghai family, Carrillo), every meld on the table was."""
        rules = self.variant.layoff
        if not rules.extra_melds_on_contract_turn and not rules.new_melds_after_contract:
            return True
        return self.part_of_contract()

    def wild_cap(self, kind: MeldKind) -> int | None:
        """The most wild cards the meld may hold where it filled a contract requirement with a cap of its own (Deb
        Kolsov's ext preset: 2 in a run of 5), and keeps as it grows (docs/rules.md, D69): the largest cap of the
        deal's requirements of its kind. None where no requirement of the deal has one, or it is no contract meld.

        Asked only when a meld holds more wild cards than the variant's own limit, so an answer that needs no cap
        names no assumption.
        """
        if self.context.deal is None:
            if any(r.wild_cap for d in self.variant.deals for c in d.contracts for r in c.melds if r.kind is kind):
                self.assume(Problem.of("assumed-no-wild-cap"))
            return None
        caps = [r.wild_cap for c in self.variant.deal(self.context.deal).contracts for r in c.melds
                if r.kind is kind and r.wild_cap is not None]
        rules = self.variant.meld_rules
        own = rules.run_wilds if kind is MeldKind.RUN else rules.set_wilds
        if not caps or (own is WildLimit.ONE and max(caps) <= 1) or not self.contract_meld():
            return None  # no cap, or one that says what the variant's own limit says
        return max(caps)

    def one_turn_deal(self) -> bool:
        """Is this a deal that must be gone out in one turn (nobody lays off)?"""
        if self.context.deal is None:
            if any(d.go_out_in_one_turn for d in self.variant.deals):
                self.assume(Problem.of("assumed-ordinary-deal"))
            return False
        return self.variant.deal(self.context.deal).go_out_in_one_turn


# --------------------------------------------------------------------------------------------------
# Runs as positions on a line: a position p holds rank ((p - 1) mod 13) + 1, so 1 is a low ace,
# 14 a high ace and 0 a king before a low ace (only where runs turn the corner).
# --------------------------------------------------------------------------------------------------


def rank_at(position: int) -> Rank:
    """The rank at ``position`` of a run (1 the ace low, 14 the ace high)."""
    return Rank((position - 1) % 13 + 1)


@dataclass(frozen=True)
class Run:
    """A run as it lies: its suit, the position of its first card and its cards. A card that is not the card
    of its place is a wild standing for it."""

    suit: Suit
    low: int
    cards: tuple[Card, ...]

    @property
    def high(self) -> int:
        """The position of the run's last card."""
        return self.low + len(self.cards) - 1

    @property
    def wild(self) -> tuple[bool, ...]:
        """Whether each card is a wild (not the card of its place)."""
        return tuple(c != self.card_at(i) for i, c in enumerate(self.cards))

    def card_at(self, index: int) -> Card:
        """The card the position stands for (the card itself for a natural)."""
        return Card(rank_at(self.low + index), self.suit)

    def to_meld(self) -> Meld:
        """The run as a meld, each wild card standing for the card of its place."""
        stands = tuple(self.card_at(i) if w else None for i, w in enumerate(self.wild))
        return Meld(kind=MeldKind.RUN, cards=self.cards, stands_for=stands)


def run_from_meld(variant: Variant, meld: Meld) -> Run:
    """The positions of a classified run (its cards low to high, or high to low)."""
    effective = [s if s is not None else c for c, s in zip(meld.cards, meld.stands_for, strict=True)]
    suits = {c.suit for c in effective}
    if len(suits) != 1 or None in suits:
        raise LayoffInputError("layoff-run-not-one-suit", cards=format_cards(meld.cards, pretty=True))
    run = _read_in_order(variant, effective)
    if run is None:
        raise LayoffInputError("layoff-run-not-in-order", cards=format_cards(meld.cards, pretty=True))
    cards = tuple(meld.cards) if run.cards == tuple(effective) else tuple(reversed(meld.cards))
    return Run(run.suit, run.low, cards)


def _read_in_order(variant: Variant, cards: Sequence[Card]) -> Run | None:
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
            run = laid_run(natural.suit, low, ordered)
            fits = all(not w or rules.is_wild(c) for c, w in zip(run.cards, run.wild, strict=True))
            if fits and not range_problems(variant, run.low, run.high):
                return Run(run.suit, (low - 1) % 13 + 1 if rules.ace is AceRule.WRAP else low, run.cards)
    return None


def laid_run(suit: Suit, low: int, cards: Sequence[Card]) -> Run:
    """A run laid from position ``low``: every card that is not the card of its place is a wild."""
    return Run(suit, low, tuple(cards))


def range_problems(variant: Variant, low: int, high: int) -> list[Problem]:
    """Why a run from position ``low`` to ``high`` breaks the variant's ace rule or longest run.

    The codes and words are those of :mod:`referee.rules.melds`, which explains the same faults in one meld.
    """
    rules = variant.meld_rules
    problems: list[Problem] = []
    length = high - low + 1
    longest = min(rules.max_run, 13)  # not longest_run: where aces are barred, the ace is the fault named below
    ranks = "-".join(rank_at(p).label for p in range(low, high + 1))
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
                variant=variant.named,
            )
        )
    elif rules.ace is AceRule.HIGH_ONLY and low <= 1:
        problems.append(
            Problem.of(
                "ace-high-only",
                cards=ranks,
                variant=variant.named,
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


def table_meld(variant: Variant, meld: CardsLike | Meld, facts: TableFacts) -> Meld:
    """The meld on the table, classified, with its wilds where they lie."""
    if isinstance(meld, Meld):
        return meld
    cards = to_cards(meld)
    if not cards:
        raise LayoffInputError("layoff-no-meld")
    order = facts.context.run_order
    verdict = classify(cards, variant, players=facts.context.players)
    for kind in (MeldKind.RUN, MeldKind.SET):  # the variant's wild limit refused it: a contract meld's cap may not
        capped = capped_verdict(variant, cards, kind, facts, verdict)
        if capped.valid:
            verdict = capped
            break
    if verdict.meld is None or not verdict.valid:
        raise LayoffInputError("layoff-not-a-meld", cards=format_cards(cards, pretty=True),
                               variant=variant.named, reasons=tuple(verdict.problems))
    found = verdict.meld
    if found.kind is not MeldKind.RUN:
        return found
    if order is not None:
        ordered = to_cards(order)
        if sorted(ordered, key=Card.sort_key) != sorted(cards, key=Card.sort_key):
            raise LayoffInputError("layoff-order-not-meld", order=format_cards(ordered, pretty=True),
                                   cards=format_cards(cards, pretty=True))
        run = _read_in_order(variant, ordered)
        if run is None:
            raise LayoffInputError("layoff-order-not-run", cards=format_cards(ordered, pretty=True))
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


def capped_verdict(
    variant: Variant, cards: Sequence[Card], kind: MeldKind, facts: TableFacts, verdict: MeldVerdict
) -> MeldVerdict:
    """``verdict`` (the variant's answer for ``cards``) unless the variant's wild limit refused them: then the answer
    as ``kind`` under the cap of the contract requirement the meld filled, where it has one (docs/rules.md, D69)."""
    if verdict.valid or not any(p.code == "too-many-wilds" for p in verdict.problems):
        return verdict
    cap = facts.wild_cap(kind)
    if cap is None:
        return verdict
    return classify(cards, variant, kind=kind, players=facts.context.players, wild_cap=cap)


def offered_cards(cards: CardsLike) -> tuple[Card, ...]:
    """The cards offered to the table; LayoffInputError when there are none."""
    result = to_cards(cards)
    if not result:
        raise LayoffInputError("layoff-no-cards")
    return result
