"""Random but valid melds and contracts built from a variant's own definition, for the property tests and the
benchmarks (``tests/bench/bench_rules.py``).

Every generator draws from a ``random.Random(seed)`` with ``seed`` from :data:`SEEDS`: Hypothesis's own random
shrinks to "always the first choice", which asks for more copies of one card than the decks hold. Cards are taken
from the variant's decks (:func:`deck_pool`), so no copy limit is ever broken.
"""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import strategies as st

from referee.rules.cards import JOKER, Card, Rank, Suit, full_deck
from referee.rules.variants import AceRule, Contract, MeldKind, MeldRules, Requirement, Variant, WildLimit

SEEDS = st.integers(min_value=0, max_value=2**32)
RED = (Suit.HEARTS, Suit.DIAMONDS)
BLACK = (Suit.SPADES, Suit.CLUBS)


class _OutOfCards(Exception):
    """The random choices asked for more copies than the decks hold: try again."""


def most_wilds(limit: WildLimit, size: int) -> int:
    """The most wild cards a meld of ``size`` may hold under ``limit`` (always with one natural card)."""
    return {
        WildLimit.NONE: 0,
        WildLimit.ONE: 1,
        WildLimit.AT_MOST_NATURALS: size // 2,
        WildLimit.FEWER_THAN_NATURALS: (size - 1) // 2,
        WildLimit.ANY: size - 1,
    }[limit]


def position_rank(position: int) -> Rank:
    """A run position (ace low 1 … ace high 14, around the corner 15 = 2 …) as a rank."""
    return Rank((position - 1) % 13 + 1)


def deck_pool(variant: Variant) -> Counter[Card]:
    """Every card of the most decks the variant uses, with its number of copies (jokers included)."""
    row = variant.deck_row()
    pool: Counter[Card] = Counter({card: row.decks for card in full_deck()})
    pool[JOKER] = row.jokers
    return pool


def run_start(ace: AceRule, size: int, rng: random.Random) -> int:
    """A random first position for a run of ``size`` cards that the ace rule allows."""
    if ace is AceRule.WRAP:
        return rng.randint(1, 13)
    if ace is AceRule.LOW_OR_HIGH:
        return rng.randint(1, 15 - size)
    if ace is AceRule.HIGH_ONLY:
        return rng.randint(2, 15 - size)
    return rng.randint(2, 14 - size)


class _Builder:
    """Builds one contract's melds, taking cards from the decks of the variant."""

    def __init__(self, variant: Variant, contract: Contract, rng: random.Random) -> None:
        self.rules: MeldRules = variant.meld_rules
        self.contract = contract
        self.rng = rng
        self.pool = deck_pool(variant)
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
        most = most_wilds(limit, size)
        if req.wilds is not None:
            most = min(most, most_wilds(req.wilds, size))
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
        first = run_start(rules.ace, size, self.rng)
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
                cards.append(self.take(Card(position_rank(first + offset), suit)))
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
