"""How fast the referee judges: checking a contract (< 1 ms median) and classifying melds (≥ 20,000 a second).

Run with ``make bench`` (``pytest tests/bench``); the figures are printed whatever pytest's capture setting.
Every measurement is cold: the meld caches are cleared before each contract check and before each classify run,
and each classify run uses melds it has never seen.

The machine is shared (two cores, several engineers' test runs), so each figure is given twice: as CPU time of
this process (what one core does; the limits are asserted on it) and as wall-clock time (what a player waits,
which other processes slow down).
"""

from __future__ import annotations

import gc
import importlib.util
import random
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

import pytest

from referee.rules.cards import JOKER, Card, full_deck
from referee.rules.catalogue import VARIANTS
from referee.rules.contracts import check_contract
from referee.rules.melds import classify, clear_caches
from referee.rules.variants import Variant

CONTRACTS_PER_DEAL = 10
CONTRACT_ROUNDS = 5
MELDS_PER_RUN = 20_000
CLASSIFY_RUNS = 5


def _generator() -> ModuleType:
    """The meld and contract generators of tests/rules/strategies.py (one definition for tests and bench)."""
    path = Path(__file__).parents[1] / "rules" / "strategies.py"
    spec = importlib.util.spec_from_file_location("_bench_contract_generator", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _report(capsys: pytest.CaptureFixture[str], lines: list[str]) -> None:
    with capsys.disabled():
        print()
        for line in lines:
            print(line)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def test_check_contract_under_a_millisecond(capsys: pytest.CaptureFixture[str]) -> None:
    generator = _generator()
    rng = random.Random(20261122)
    cases = [
        (variant, deal.number, *generator.random_contract(variant, deal.number, rng))
        for variant in VARIANTS.values()
        for deal in variant.deals
        for _ in range(CONTRACTS_PER_DEAL)
    ]
    rounds: list[list[float]] = []
    walls: list[float] = []
    # Objects made so far (the generator, Hypothesis, the variants) need no more collecting: without this a full
    # collection of them lands inside one timed check now and then (~25 ms).
    gc.collect()
    gc.freeze()
    for _ in range(CONTRACT_ROUNDS):
        times: list[float] = []
        for variant, deal, contract, melds in cases:
            clear_caches()
            wall = time.perf_counter()
            start = time.thread_time()
            verdict = check_contract(variant, deal, melds, contract=contract)
            times.append((time.thread_time() - start) * 1000)
            walls.append((time.perf_counter() - wall) * 1000)
            assert verdict.valid
        rounds.append(times)
    gc.unfreeze()
    everything = [t for times in rounds for t in times]
    lines = [
        f"check_contract: {len(cases)} valid contracts (every deal of every variant) × {CONTRACT_ROUNDS} rounds, "
        "cold caches, CPU time"
    ]
    for number, times in enumerate(rounds, 1):
        lines.append(
            f"  round {number}: median {statistics.median(times):.3f} ms, p90 {_percentile(times, 0.9):.3f} ms, "
            f"max {max(times):.3f} ms"
        )
    lines.append(
        f"  all: median {statistics.median(everything):.3f} ms, p90 {_percentile(everything, 0.9):.3f} ms, "
        f"max {max(everything):.3f} ms"
    )
    lines.append(
        f"  wall clock: median {statistics.median(walls):.3f} ms, p90 {_percentile(walls, 0.9):.3f} ms, "
        f"max {max(walls):.3f} ms"
    )
    slowest = max(range(len(everything)), key=everything.__getitem__) % len(cases)
    variant, deal, _, melds = cases[slowest]
    lines.append(f"  slowest: {variant.id} deal {deal}: " + " | ".join(" ".join(map(str, m)) for m in melds))
    _report(capsys, lines)
    assert statistics.median(everything) < 1.0


def _random_melds(generator: ModuleType, rng: random.Random, count: int) -> list[tuple[tuple[Card, ...], Variant]]:
    """``count`` random 3–7 card melds over every variant: half valid (from the variant's contracts), half drawn
    from its decks at random (nearly all invalid)."""
    variants = list(VARIANTS.values())
    decks = {v.id: [*full_deck()] * v.deck_row().decks + [JOKER] * v.deck_row().jokers for v in variants}
    melds: list[tuple[tuple[Card, ...], Variant]] = []
    while len(melds) < count:
        variant = rng.choice(variants)
        if len(melds) % 2:
            cards = tuple(rng.sample(decks[variant.id], rng.randint(3, 7)))
        else:
            meld = generator.random_meld(variant, rng)
            if not 3 <= len(meld) <= 7:
                continue
            cards = tuple(meld)
        melds.append((cards, variant))
    return melds


def test_classify_twenty_thousand_melds_a_second(capsys: pytest.CaptureFixture[str]) -> None:
    generator = _generator()
    rng = random.Random(1122)
    rates: list[float] = []
    wall_rates: list[float] = []
    text_rates: list[float] = []
    valid_share = 0.0
    for _ in range(CLASSIFY_RUNS):
        melds = _random_melds(generator, rng, MELDS_PER_RUN)
        clear_caches()
        valid = 0
        problems = 0
        wall = time.perf_counter()
        start = time.process_time()
        for cards, variant in melds:
            verdict = classify(cards, variant)
            valid += verdict.valid
            problems += len(verdict.problems)
        rates.append(len(melds) / (time.process_time() - start))
        wall_rates.append(len(melds) / (time.perf_counter() - wall))
        valid_share = valid / len(melds)
        assert problems > 0
        texts = [(" ".join(map(str, cards)), variant) for cards, variant in melds]
        clear_caches()
        start = time.process_time()
        for text, variant in texts:
            classify(text, variant).problems  # noqa: B018 -- the problems are part of the work measured
        text_rates.append(len(texts) / (time.process_time() - start))
    lines = [
        f"classify: {MELDS_PER_RUN} random 3–7 card melds per run (about {valid_share:.0%} valid), "
        f"{CLASSIFY_RUNS} runs, one core, cold caches",
        f"  Card objects, CPU time: median {statistics.median(rates):,.0f} melds/s, "
        f"spread {min(rates):,.0f}–{max(rates):,.0f}",
        f"  Card objects, wall clock: median {statistics.median(wall_rates):,.0f} melds/s, "
        f"spread {min(wall_rates):,.0f}–{max(wall_rates):,.0f}",
        f"  notation text, CPU time: median {statistics.median(text_rates):,.0f} melds/s, "
        f"spread {min(text_rates):,.0f}–{max(text_rates):,.0f}",
    ]
    _report(capsys, lines)
    assert statistics.median(rates) >= 20_000
