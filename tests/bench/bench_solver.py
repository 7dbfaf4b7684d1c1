"""How fast the solver finds the contract in a hand: process time per hand, garbage collection off.

- 10,000 random 12-card hands with up to 4 wild cards, spread evenly over every contract of every variant (each
  of a deal's alternatives counts as a contract): median ≤ 5 ms, worst ≤ 50 ms; p90 and p99 reported.
- 1,000 random 19-card Super Deli hands (the dealer's hand of 18 + 1) over its 12 deals: worst ≤ 200 ms.

Each benchmark runs 3 times on fresh hands (seeds 1, 2, 3); the distribution of every run is printed whatever
pytest's capture setting. Run with ``make bench`` (``pytest tests/bench``).
"""

from __future__ import annotations

import gc
import random
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from referee.rules.cards import JOKER, Card, full_deck
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.solver import solve
from referee.rules.variants import Variant

RUNS = 3
HANDS = 10_000
SUPER_DELI_HANDS = 1_000
MEDIAN_MS = 5.0
WORST_MS = 50.0
SUPER_DELI_WORST_MS = 200.0

JOBS = [
    (variant, deal.number, index)
    for variant in VARIANTS.values()
    for deal in variant.deals
    for index in range(len(deal.contracts))
]


def random_hand(variant: Variant, size: int, wilds: int, rng: random.Random) -> list[Card]:
    """``size`` cards from the variant's largest decks, ``wilds`` of them wild (jokers, or 2s where wild)."""
    row = variant.deck_row()
    rules = variant.meld_rules
    deck = [card for card in full_deck() for _ in range(row.decks)]
    wild_pool = [JOKER] * row.jokers + [c for c in deck if rules.is_wild(c)]
    natural_pool = [c for c in deck if not rules.is_wild(c)]
    return rng.sample(wild_pool, wilds) + rng.sample(natural_pool, size - wilds)


@contextmanager
def no_gc() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def timed(cases: list[tuple[Variant, int, int | None, list[Card]]]) -> list[float]:
    """Milliseconds of process time each case takes."""
    times: list[float] = []
    clock = time.process_time_ns
    with no_gc():
        for variant, deal, contract, hand in cases:
            start = clock()
            solve(variant, deal, hand, contract=contract)
            times.append((clock() - start) / 1e6)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summary(times: list[float]) -> str:
    return (
        f"median {statistics.median(times):.3f} ms, p90 {percentile(times, 0.9):.3f} ms, "
        f"p99 {percentile(times, 0.99):.3f} ms, max {max(times):.3f} ms"
    )


def report(capsys: pytest.CaptureFixture[str], lines: list[str]) -> None:
    with capsys.disabled():
        print()
        for line in lines:
            print(line)


def test_twelve_card_hands_over_every_contract(capsys: pytest.CaptureFixture[str]) -> None:
    lines = [f"solve: {HANDS} random 12-card hands, up to 4 wild cards, over {len(JOBS)} contracts × {RUNS} runs"]
    failures: list[str] = []
    for run in range(1, RUNS + 1):
        rng = random.Random(run)
        cases: list[tuple[Variant, int, int | None, list[Card]]] = []
        for i in range(HANDS):
            variant, deal, index = JOBS[i % len(JOBS)]
            hand = random_hand(variant, 12, rng.randint(0, 4), rng)
            cases.append((variant, deal, index, hand))
        times = timed(cases)
        worst = max(range(len(times)), key=times.__getitem__)
        variant, deal, _, hand = cases[worst]
        lines.append(f"  run {run}: {summary(times)} (slowest: {variant.id} deal {deal}, {' '.join(map(str, hand))})")
        if statistics.median(times) > MEDIAN_MS or max(times) > WORST_MS:
            failures.append(f"run {run}: {summary(times)}")
    report(capsys, lines)
    assert not failures, failures


def test_nineteen_card_super_deli_hands(capsys: pytest.CaptureFixture[str]) -> None:
    variant = find_variant("super-deli")
    lines = [
        f"solve: {SUPER_DELI_HANDS} random 19-card Super Deli hands over its {len(variant.deals)} deals × {RUNS} runs"
    ]
    failures: list[str] = []
    wild_cards = variant.deck_row().jokers + 4 * variant.deck_row().decks
    for run in range(1, RUNS + 1):
        rng = random.Random(run)
        cases: list[tuple[Variant, int, int | None, list[Card]]] = []
        for i in range(SUPER_DELI_HANDS):
            deal = i % len(variant.deals) + 1
            # as dealt: the wild cards come in the proportion the decks hold them
            hand = rng.sample(
                [JOKER] * variant.deck_row().jokers + [c for c in full_deck() for _ in range(variant.deck_row().decks)],
                19,
            )
            cases.append((variant, deal, None, hand))
        times = timed(cases)
        lines.append(f"  run {run}: {summary(times)}")
        if max(times) > SUPER_DELI_WORST_MS:
            failures.append(f"run {run}: {summary(times)}")
    lines.append(f"  ({wild_cards} wild cards in {variant.deck_row().decks} decks; 2s and jokers are wild)")
    report(capsys, lines)
    assert not failures, failures
