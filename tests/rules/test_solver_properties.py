"""Properties of the contract solver (Hypothesis).

- Ordinary deals: every arrangement the solver returns passes ``check_contract``, and every card of the hand is
  laid down or left exactly once; a hand built from a random valid contract plus random other cards is always
  found solvable.
- Small hands: the solver finds the contract exactly when a brute force over every choice of cards for the
  requirements, judged by ``check_contract``, does (near-misses included).
- Small go-out hands (at most two cards beyond the contract, so no further meld fits) agree with a brute force
  too.
- Go-out deals: a hand built from a random complete lay-down (the contract, further melds where the variant
  allows them, and one card to discard where a final discard is allowed or required) is always found solvable,
  and every lay-down returned uses the whole hand but at most that one card.

The hands are built from each variant's own definition (its requirements and meld rules), drawing cards from its
decks, so no copy limit is ever broken.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from referee.rules.cards import JOKER, Card, Rank, Suit
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.contracts import check_contract
from referee.rules.melds import classify
from referee.rules.solver import Solution, solve
from referee.rules.variants import AceRule, Contract, Discard, MeldKind, Requirement, Variant, WildLimit
from tests.properties import examples

from .strategies import BLACK, RED, SEEDS, deck_pool, most_wilds, position_rank, run_start

SETTINGS = settings(max_examples=examples(200), deadline=None, suppress_health_check=[HealthCheck.too_slow])
ORDINARY = [(v.id, d.number) for v in VARIANTS.values() for d in v.deals if not d.go_out_in_one_turn]
GO_OUT = [(v.id, d.number) for v in VARIANTS.values() for d in v.deals if d.go_out_in_one_turn]


class Redraw(Exception):
    """The random choices do not make a meld here (copies, contract rules): draw again."""


class Table:
    """The decks of a variant, and random melds taken from them."""

    def __init__(self, variant: Variant, rng: random.Random) -> None:
        self.variant = variant
        self.rules = variant.meld_rules
        self.rng = rng
        self.pool = deck_pool(variant)

    def take(self, card: Card) -> Card:
        if self.pool[card] <= 0:
            raise Redraw
        self.pool[card] -= 1
        return card

    def wilds(self, count: int) -> list[Card]:
        kinds = [JOKER] + ([Card(Rank.TWO, s) for s in Suit] if self.rules.twos_wild else [])
        return [self.take(self.rng.choice(kinds)) for _ in range(count)]

    def any_cards(self, count: int) -> list[Card]:
        cards = [card for card, n in self.pool.items() for _ in range(n)]
        picked = self.rng.sample(cards, min(count, len(cards)))
        return [self.take(c) for c in picked]

    def meld(self, req: Requirement, limit: WildLimit, budget: int) -> tuple[list[Card], int]:
        """A random meld filling ``req`` with at most ``budget`` wild cards; and how many it holds."""
        size = req.size
        if req.or_more:
            size += self.rng.choice((0, 0, 1, 2, 3))
        cap = min(most_wilds(limit, size), budget)
        if req.wilds is not None:
            cap = min(cap, most_wilds(req.wilds, size))
        if req.wild_cap is not None:
            cap = min(cap, req.wild_cap)
        wild_count = self.rng.randint(0, cap) if cap > 0 and self.rng.random() < 0.7 else 0
        if req.kind in (MeldKind.SET, MeldKind.PAIR):
            wild_only = req.kind is MeldKind.SET and self.rules.wild_only_sets and req.wilds is None
            if wild_only and budget >= size and self.rng.random() < 0.15:
                return [self.take(JOKER) for _ in range(size)], size
            ranks = [r for r in Rank if not (self.rules.twos_wild and r is Rank.TWO)]
            rank = self.rng.choice(ranks)
            naturals = size - wild_count
            if req.distinct_suits:
                suits = self.rng.sample(list(Suit), naturals)
            else:
                suits = [self.rng.choice(list(Suit)) for _ in range(naturals)]
            return [self.take(Card(rank, s)) for s in suits] + self.wilds(wild_count), wild_count
        if req.kind is MeldKind.COLOUR_RUN:
            start = self.rng.randint(1, 13)
            colours = [RED, BLACK]
            self.rng.shuffle(colours)
            return [
                self.take(Card(Rank((start + i - 1) % 13 + 1), self.rng.choice(colours[i % 2]))) for i in range(12)
            ], 0
        ace = self.rules.ace
        size = min(size, 12 if ace is AceRule.NOT_IN_RUNS else 13)
        first = run_start(ace, size, self.rng)
        suit = self.rng.choice(list(Suit))
        wild_at = set(self.rng.sample(range(size), min(wild_count, size - 1)))
        cards: list[Card] = []
        for offset in range(size):
            if offset in wild_at:
                cards.extend(self.wilds(1))
            else:
                cards.append(self.take(Card(position_rank(first + offset), suit)))
        return cards, len(wild_at)

    def contract(self, contract: Contract) -> list[list[Card]]:
        """A random laying-down of the contract (it may break a rule between melds: the caller checks)."""
        budget = contract.max_wilds if contract.max_wilds is not None else 99
        melds = []
        for req in contract.melds:
            limit = {
                MeldKind.SET: self.rules.set_wilds,
                MeldKind.PAIR: self.rules.set_wilds,
                MeldKind.RUN: self.rules.run_wilds,
                MeldKind.COLOUR_RUN: WildLimit.NONE,
            }[req.kind]
            meld, used = self.meld(req, limit, budget)
            budget -= used
            melds.append(meld)
        return melds

    def extra(self) -> list[Card]:
        """A random valid meld under the variant's meld rules alone."""
        rules = self.rules
        kinds = [MeldKind.SET] + ([MeldKind.RUN] if rules.runs else [])
        kind = self.rng.choice(kinds)
        if kind is MeldKind.SET:
            req = Requirement(MeldKind.SET, rules.min_set, or_more=True)
            return self.meld(req, rules.set_wilds, 99)[0]
        req = Requirement(MeldKind.RUN, rules.min_run, or_more=True)
        return self.meld(req, rules.run_wilds, 99)[0]


def laid_down(variant: Variant, deal: int, rng: random.Random) -> tuple[Contract, Table, list[list[Card]]]:
    """A valid contract of the deal, with the table it was taken from (redraws until ``check_contract`` agrees)."""
    for _ in range(100):
        contract = rng.choice(variant.deal(deal).contracts)
        table = Table(variant, rng)
        try:
            melds = table.contract(contract)
        except Redraw:
            continue
        if check_contract(variant, deal, melds, contract=contract).valid:
            return contract, table, melds
    assume(False)
    raise AssertionError("unreachable")


def accounted(solution: Solution, hand: list[Card]) -> None:
    laid = Counter(c for m in solution.melds for c in m.cards)
    assert laid + Counter(solution.left) == Counter(hand)


def assert_arrangement(variant: Variant, deal: int, hand: list[Card], solution: Solution) -> None:
    accounted(solution, hand)
    if solution.possible:
        cards = [m.cards for m in solution.contract_melds]
        verdict = check_contract(variant, deal, cards, contract=solution.contract)
        assert verdict.valid, ([str(m) for m in solution.melds], [p.message for p in verdict.problems])
        for meld, req in zip(solution.melds, solution.requirements, strict=True):
            if req is None:
                assert classify(meld.cards, variant).valid, str(meld)


@SETTINGS
@given(pick=st.sampled_from(ORDINARY), seed=SEEDS, size=st.integers(min_value=1, max_value=20))
def test_every_arrangement_returned_passes_check(pick: tuple[str, int], seed: int, size: int) -> None:
    variant_id, deal = pick
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    table = Table(variant, rng)
    hand = table.any_cards(size)
    solution = solve(variant, deal, hand)
    assert_arrangement(variant, deal, hand, solution)
    if not solution.possible:
        assert solution.missing


@SETTINGS
@given(pick=st.sampled_from(ORDINARY), seed=SEEDS, extra=st.integers(min_value=0, max_value=8))
def test_a_contract_plus_other_cards_is_found(pick: tuple[str, int], seed: int, extra: int) -> None:
    variant_id, deal = pick
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    _, table, melds = laid_down(variant, deal, rng)
    hand = [c for m in melds for c in m] + table.any_cards(min(extra, 30 - sum(map(len, melds))))
    rng.shuffle(hand)
    solution = solve(variant, deal, hand)
    assert solution.possible, (" ".join(map(str, hand)), solution.messages)
    assert_arrangement(variant, deal, hand, solution)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(pick=st.sampled_from(GO_OUT), seed=SEEDS, extras=st.integers(min_value=0, max_value=2))
def test_a_complete_lay_down_is_found(pick: tuple[str, int], seed: int, extras: int) -> None:
    variant_id, deal = pick
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    _, table, melds = laid_down(variant, deal, rng)
    more: list[list[Card]] = []
    if variant.layoff.extra_melds_on_contract_turn:
        for _ in range(extras):
            try:
                meld = table.extra()
            except Redraw:
                continue
            if classify(meld, variant).valid:
                more.append(meld)
    discard_rule = variant.final_discard_in(deal)
    hand = [c for m in melds + more for c in m]
    if discard_rule is Discard.REQUIRED or (discard_rule is Discard.OPTIONAL and rng.random() < 0.5):
        hand += table.any_cards(1)
    assume(len(hand) <= 30)
    rng.shuffle(hand)
    solution = solve(variant, deal, hand)
    assert solution.possible, (" ".join(map(str, hand)), solution.messages)
    assert solution.go_out
    assert_arrangement(variant, deal, hand, solution)
    most = 0 if discard_rule is Discard.FORBIDDEN else 1
    least = 1 if discard_rule is Discard.REQUIRED else 0
    assert least <= len(solution.left) <= most, [str(c) for c in solution.left]


SMALL = [
    (v.id, d.number)
    for v in VARIANTS.values()
    for d in v.deals
    if not d.go_out_in_one_turn and all(c.card_count <= 7 for c in d.contracts)
]


def brute_force(variant: Variant, deal: int, hand: list[Card]) -> bool:
    """Whether some choice of disjoint cards for the requirements is a contract ``check_contract`` accepts."""
    return any(_brute_left(variant, deal, hand, contract, 0, tuple(range(len(hand))), [], 0, len(hand))
               for contract in variant.deal(deal).contracts)


@SETTINGS
@given(pick=st.sampled_from(SMALL), seed=SEEDS, extra=st.integers(min_value=0, max_value=2))
def test_the_search_agrees_with_brute_force(pick: tuple[str, int], seed: int, extra: int) -> None:
    """Near-misses and near-hits: a random contract, plus up to two cards, less one card at random."""
    variant_id, deal = pick
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    _, table, melds = laid_down(variant, deal, rng)
    hand = [c for m in melds for c in m] + table.any_cards(extra)
    rng.shuffle(hand)
    if rng.random() < 0.6:
        hand.pop()
    assume(hand)
    solution = solve(variant, deal, hand)
    expected = brute_force(variant, deal, hand)
    event("solvable" if expected else "not solvable")
    assert solution.possible == expected, (" ".join(map(str, hand)), solution.messages)


SMALL_GO_OUT = [
    (v.id, d.number)
    for v in VARIANTS.values()
    for d in v.deals
    if d.go_out_in_one_turn and all(c.card_count <= 10 for c in d.contracts)
]


@settings(max_examples=examples(60), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(pick=st.sampled_from(SMALL_GO_OUT), seed=SEEDS, extra=st.integers(min_value=0, max_value=2))
def test_a_go_out_search_agrees_with_brute_force(pick: tuple[str, int], seed: int, extra: int) -> None:
    """With at most two cards beyond the contract no further meld fits, so the whole hand goes down exactly when
    some choice of cards makes the contract and leaves no more cards than the discard rule allows."""
    variant_id, deal = pick
    variant = find_variant(variant_id)
    rng = random.Random(seed)
    contract, table, melds = laid_down(variant, deal, rng)
    hand = [c for m in melds for c in m] + table.any_cards(extra)
    rng.shuffle(hand)
    if rng.random() < 0.4:
        hand.pop()
    assume(len(hand) <= contract.card_count + 2)
    rule = variant.final_discard_in(deal)
    most = 0 if rule is Discard.FORBIDDEN else 1
    least = 1 if rule is Discard.REQUIRED else 0
    expected = any(
        _brute_left(variant, deal, hand, c, 0, tuple(range(len(hand))), [], least, most)
        for c in variant.deal(deal).contracts
    )
    event("goes out" if expected else "does not go out")
    solution = solve(variant, deal, hand)
    assert solution.possible == expected, (" ".join(map(str, hand)), solution.messages)


def _brute_left(
    variant: Variant, deal: int, hand: list[Card], contract: Contract, k: int, free: tuple[int, ...],
    chosen: list[list[Card]], least: int, most: int,
) -> bool:
    """Whether the requirements from the ``k``-th on can take disjoint cards of ``free`` so that ``check_contract``
    accepts the contract and between ``least`` and ``most`` cards stay free."""
    if k == len(contract.melds):
        return least <= len(free) <= most and check_contract(variant, deal, chosen, contract=contract).valid
    req = contract.melds[k]
    sizes = range(req.size, len(free) + 1) if req.or_more else (req.size,)
    for size in sizes:
        for combo in itertools.combinations(free, size):
            rest = tuple(i for i in free if i not in combo)
            picked = [*chosen, [hand[i] for i in combo]]
            if _brute_left(variant, deal, hand, contract, k + 1, rest, picked, least, most):
                return True
    return False
