"""Properties of the meld and contract referee (Hypothesis).

- A valid meld stays valid, and reads the same, in any entry order.
- No input (random card lists, random notation-ish text) makes classify or check_contract raise anything but a
  RulesError subclass, and every verdict is consistent.
- For every variant and deal, a contract built at random FROM THE VARIANT'S OWN DEFINITION (each Requirement with a
  random rank or suit and a random number of the wild cards it allows) is accepted by check_contract.

The generator :func:`random_contract` is shared with ``tests/bench/bench_rules.py``.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.rules.cards import JOKER, Card, Rank, Suit, full_deck
from referee.rules.contracts import check_contract
from referee.rules.melds import classify, readings
from referee.rules.problems import RulesError
from referee.rules.variants import (
    VARIANTS,
    AceRule,
    Contract,
    MeldKind,
    MeldRules,
    Requirement,
    Variant,
    WildLimit,
    find_variant,
)

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RED = (Suit.HEARTS, Suit.DIAMONDS)
BLACK = (Suit.SPADES, Suit.CLUBS)


# --------------------------------------------------------------------------------------------------
# The generator: melds built from a variant's own definition
# --------------------------------------------------------------------------------------------------


class _OutOfCards(Exception):
    """The random choices asked for more copies than the decks hold: try again."""


def _most_wilds(limit: WildLimit, size: int) -> int:
    """The most wild cards a meld of ``size`` may hold under ``limit`` (always with one natural card)."""
    return {
        WildLimit.NONE: 0,
        WildLimit.ONE: 1,
        WildLimit.AT_MOST_NATURALS: size // 2,
        WildLimit.FEWER_THAN_NATURALS: (size - 1) // 2,
        WildLimit.ANY: size - 1,
    }[limit]


def _position_rank(position: int) -> Rank:
    """A run position (ace low 1 … ace high 14, around the corner 15 = 2 …) as a rank."""
    return Rank((position - 1) % 13 + 1)


class _Builder:
    """Builds one contract's melds, taking cards from the decks of the variant."""

    def __init__(self, variant: Variant, contract: Contract, rng: random.Random) -> None:
        self.rules: MeldRules = variant.meld_rules
        self.contract = contract
        self.rng = rng
        row = variant.deck_row()
        self.pool: Counter[Card] = Counter({card: row.decks for card in full_deck()})
        self.pool[JOKER] = row.jokers
        self.wild_budget = contract.max_wilds if contract.max_wilds is not None else 99
        self.set_ranks: set[Rank] = set()
        self.run_suits: set[Suit] = set()
        self.runs: list[tuple[Suit, int, int]] = []  # suit, first and last position

    def take(self, card: Card) -> Card:
        if self.pool[card] <= 0:
            raise _OutOfCards
        self.pool[card] -= 1
        return card

    def wild_cards(self, count: int) -> list[Card]:
        """``count`` wild cards: jokers, or 2s where 2s are wild."""
        choices = [JOKER] + ([Card(Rank.TWO, s) for s in Suit] if self.rules.twos_wild else [])
        return [self.take(self.rng.choice([c for c in choices if self.pool[c] > 0] or [JOKER])) for _ in range(count)]

    def wild_count(self, req: Requirement, size: int, limit: WildLimit) -> int:
        most = _most_wilds(limit, size)
        if req.wilds is not None:
            most = min(most, _most_wilds(req.wilds, size))
        most = min(most, self.wild_budget)
        count = self.rng.randint(0, most) if most > 0 and self.rng.random() < 0.7 else 0
        self.wild_budget -= count
        return count

    def size(self, req: Requirement) -> int:
        if not req.or_more:
            return req.size
        return min(req.size + self.rng.choice((0, 0, 1, 2)), 13 if self.rules.ace is not AceRule.NOT_IN_RUNS else 12)

    def meld(self, req: Requirement) -> list[Card]:
        if req.kind is MeldKind.SET:
            return self.set(req)
        if req.kind is MeldKind.PAIR:
            return self.group(req, 2)
        if req.kind is MeldKind.RUN:
            return self.run(req)
        return self.colour_run()

    def set(self, req: Requirement) -> list[Card]:
        rules = self.rules
        size = self.size(req)
        if (
            rules.wild_only_sets
            and req.wilds is None
            and not req.distinct_suits
            and self.wild_budget >= size
            and self.rng.random() < 0.2
        ):
            self.wild_budget -= size
            return [self.take(JOKER) for _ in range(size)]
        return self.group(req, size)

    def group(self, req: Requirement, size: int) -> list[Card]:
        rules = self.rules
        ranks = [r for r in Rank if not (rules.twos_wild and r is Rank.TWO)]
        if not self.contract.sets_share_rank and req.kind is MeldKind.SET:
            ranks = [r for r in ranks if r not in self.set_ranks]
        rank = self.rng.choice(ranks)
        self.set_ranks.add(rank)
        wilds = self.wild_count(req, size, rules.set_wilds)
        naturals = size - wilds
        if req.distinct_suits:
            suits = self.rng.sample(list(Suit), naturals)
        else:
            suits = [self.rng.choice(list(Suit)) for _ in range(naturals)]
        return [self.take(Card(rank, s)) for s in suits] + self.wild_cards(wilds)

    def run(self, req: Requirement) -> list[Card]:
        rules = self.rules
        size = self.size(req)
        suits = list(Suit)
        if not self.contract.runs_share_suit:
            suits = [s for s in suits if s not in self.run_suits]
        suit = self.rng.choice(suits)
        if rules.ace is AceRule.WRAP:
            first = self.rng.randint(1, 13)
        elif rules.ace is AceRule.LOW_OR_HIGH:
            first = self.rng.randint(1, 15 - size)
        elif rules.ace is AceRule.HIGH_ONLY:
            first = self.rng.randint(2, 15 - size)
        else:
            first = self.rng.randint(2, 14 - size)
        last = first + size - 1
        if not self.contract.runs_adjacent:
            for other_suit, lo, hi in self.runs:
                if other_suit is suit and (lo == last + 1 or hi + 1 == first):
                    raise _OutOfCards  # consecutive runs of one suit: choose again
        self.run_suits.add(suit)
        self.runs.append((suit, first, last))
        wilds = self.wild_count(req, size, rules.run_wilds)
        wild_at = set(self.rng.sample(range(size), wilds))
        cards: list[Card] = []
        for offset in range(size):
            if offset in wild_at:
                cards.extend(self.wild_cards(1))
            else:
                cards.append(self.take(Card(_position_rank(first + offset), suit)))
        return cards

    def colour_run(self) -> list[Card]:
        missing = self.rng.randint(1, 13)
        colours = [RED, BLACK]
        self.rng.shuffle(colours)
        cards = []
        for offset in range(12):
            rank = Rank((missing + offset) % 13 + 1)
            cards.append(self.take(Card(rank, self.rng.choice(colours[offset % 2]))))
        return cards


def random_contract(variant: Variant, deal: int, rng: random.Random) -> tuple[Contract, list[list[Card]]]:
    """A random valid laying-down of deal ``deal``'s contract (an alternative chosen at random), shuffled."""
    contracts = variant.deal(deal).contracts
    for _ in range(200):
        contract = rng.choice(contracts)
        builder = _Builder(variant, contract, rng)
        try:
            melds = [builder.meld(req) for req in contract.melds]
        except _OutOfCards:
            continue
        for meld in melds:
            rng.shuffle(meld)
        rng.shuffle(melds)
        return contract, melds
    raise AssertionError(f"could not build deal {deal} of {variant.id}")


def random_meld(variant: Variant, rng: random.Random) -> list[Card]:
    """One random valid meld of the variant: a contract meld of a random deal."""
    deal = rng.randint(1, len(variant.deals))
    _, melds = random_contract(variant, deal, rng)
    return rng.choice(melds)


# The generator draws from random.Random(seed): Hypothesis's own random shrinks to "always the first choice",
# which asks for more copies of one card than the decks hold.
SEEDS = st.integers(min_value=0, max_value=2**32)
EVERY_DEAL = [(v.id, d.number) for v in VARIANTS.values() for d in v.deals]


# --------------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant_id", "deal"), EVERY_DEAL, ids=[f"{v} {d}" for v, d in EVERY_DEAL])
@settings(max_examples=15, deadline=None)
@given(seed=SEEDS)
def test_a_contract_built_from_the_definition_is_accepted(variant_id: str, deal: int, seed: int) -> None:
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    contract, melds = random_contract(variant, deal, rng)
    verdict = check_contract(variant, deal, melds, contract=contract)
    assert verdict.valid, ([" ".join(map(str, m)) for m in melds], [str(p) for p in verdict.problems])
    if len(variant.deal(deal).contracts) == 1:
        assert check_contract(variant, deal, melds).valid
    for given_cards, meld in zip(melds, verdict.melds, strict=True):
        assert meld is not None and Counter(meld.cards) == Counter(given_cards)


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), seed=SEEDS, data=st.data())
def test_a_valid_meld_stays_valid_in_any_order(variant_id: str, seed: int, data: st.DataObject) -> None:
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    cards = random_meld(variant, rng)
    first = classify(cards, variant)
    assert first.valid, (" ".join(map(str, cards)), [str(p) for p in first.problems])
    shuffled = data.draw(st.permutations(cards))
    again = classify(shuffled, variant)
    assert again.valid and again.meld == first.meld
    assert first.meld is not None
    assert Counter(first.meld.cards) == Counter(cards)
    assert first.meld in readings(cards, variant, first.meld.kind)


CARD_KINDS = [*full_deck(), JOKER]
NOTATION = "AKQJT0123456789SHDCshdc♠♥♦♣*🃏 ,|;\nxX-"


def _consistent_meld_verdict(cards: object, variant: Variant) -> None:
    try:
        verdict = classify(cards, variant)  # type: ignore[arg-type]
    except RulesError:
        return
    assert verdict.valid == (verdict.meld is not None)
    assert verdict.valid == (not verdict.problems)
    for problem in verdict.problems:
        assert problem.code and problem.message


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), cards=st.lists(st.sampled_from(CARD_KINDS), max_size=15))
def test_random_card_lists_only_raise_rules_errors(variant_id: str, cards: list[Card]) -> None:
    _consistent_meld_verdict(cards, find_variant(variant_id))


JUNK = st.one_of(st.sampled_from(CARD_KINDS), st.none(), st.integers(), st.text(alphabet=NOTATION, max_size=3))


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), things=st.one_of(st.lists(JUNK, max_size=8), JUNK))
def test_anything_at_all_only_raises_rules_errors(variant_id: str, things: object) -> None:
    _consistent_meld_verdict(things, find_variant(variant_id))
    with contextlib.suppress(RulesError):
        check_contract(variant_id, 1, things)  # type: ignore[arg-type]


@SETTINGS
@given(variant_id=st.sampled_from(list(VARIANTS)), text=st.text(alphabet=NOTATION, max_size=40))
def test_random_text_only_raises_rules_errors(variant_id: str, text: str) -> None:
    _consistent_meld_verdict(text, find_variant(variant_id))


@SETTINGS
@given(
    variant_id=st.sampled_from(list(VARIANTS)),
    deal=st.integers(min_value=-1, max_value=16),
    melds=st.one_of(
        st.lists(st.lists(st.sampled_from(CARD_KINDS), max_size=8), max_size=6),
        st.lists(st.text(alphabet=NOTATION, max_size=25), max_size=6),
        st.text(alphabet=NOTATION, max_size=60),
    ),
    players=st.one_of(st.none(), st.integers(min_value=-2, max_value=12)),
)
def test_random_contracts_only_raise_rules_errors(
    variant_id: str, deal: int, melds: list[list[Card]] | list[str] | str, players: int | None
) -> None:
    try:
        verdict = check_contract(variant_id, deal, melds, players=players)
    except RulesError:
        return
    assert verdict.valid == (not verdict.problems)
    assert len(verdict.melds) == len(verdict.requirements)
    for problem in verdict.problems:
        assert problem.code and problem.message
