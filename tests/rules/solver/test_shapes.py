"""The solver's small pieces (referee/rules/solver/shapes.py), worked out by hand: the cards left after a meld, every
run window of a length under each ace rule, how the cards of a set are spread over suits, what a search meld may
hold, a plan's part as a meld, and a requirement as a sentence names it.

Card codes are :func:`referee.rules.melds.encode`'s: a joker 0, any other card rank × 4 + suit (♠ 0, ♥ 1, ♦ 2,
♣ 3), so 7♠ is 28, 7♥ 29, 7♦ 30, 8♥ 33 and 9♥ 37.
"""

from __future__ import annotations

import pytest

from referee.rules.catalogue.blocks import PURE_TRIO, run_of, set_of
from referee.rules.solver.shapes import Part, Spec, meld_of, named_requirement, run_windows, spread, without_codes
from referee.rules.variants import AceRule, MeldKind, WildLimit


def test_without_codes_takes_one_card_of_each_code_given() -> None:
    assert without_codes((2, 1, 3), (0, 2, 2)) == (1, 1, 1)
    assert without_codes((1, 0), ()) == (1, 0)


# (ace rule, length, how many windows, the highest, the lowest): positions run 1 (ace low) to 14 (ace high).
WINDOWS = [
    pytest.param(AceRule.LOW_OR_HIGH, 3, 12, (12, (12, 13, 1)), (1, (1, 2, 3)), id="low-or-high: Q-K-A to A-2-3"),
    pytest.param(AceRule.HIGH_ONLY, 3, 11, (12, (12, 13, 1)), (2, (2, 3, 4)), id="high-only: Q-K-A to 2-3-4"),
    pytest.param(AceRule.NOT_IN_RUNS, 3, 10, (11, (11, 12, 13)), (2, (2, 3, 4)), id="not-in-runs: J-Q-K to 2-3-4"),
    pytest.param(AceRule.WRAP, 3, 13, (12, (12, 13, 1)), (13, (13, 1, 2)), id="wrap: Q-K-A ... then K-A-2"),
    pytest.param(AceRule.LOW_OR_HIGH, 13, 2, (2, (*range(2, 14), 1)), (1, tuple(range(1, 14))),
                 id="low-or-high: 2-A and A-K"),
    pytest.param(AceRule.WRAP, 13, 1, (1, tuple(range(1, 14))), (1, tuple(range(1, 14))), id="wrap: one run of 13"),
    pytest.param(AceRule.WRAP, 14, 0, None, None, id="wrap: no run of 14"),
]


@pytest.mark.parametrize(("ace", "length", "count", "highest", "lowest"), WINDOWS)
def test_run_windows_highest_first(
    ace: AceRule, length: int, count: int, highest: tuple[int, tuple[int, ...]] | None,
    lowest: tuple[int, tuple[int, ...]] | None,
) -> None:
    windows = run_windows(ace, length)
    assert len(windows) == count
    if count:
        assert windows[0] == highest
        assert windows[-1] == lowest
        assert all(len(ranks) == length for _, ranks in windows)


def test_spread_takes_from_the_suits_with_most_copies_first() -> None:
    sevens = [(2, 28), (1, 29), (2, 30)]  # two 7♠, one 7♥, two 7♦
    assert spread(sevens, 2) == (28, 30)  # two suits, not two 7♠
    assert spread(sevens, 3) == (28, 28, 30)  # then the lowest code of those left with most copies
    assert spread(sevens, 5) == (28, 28, 29, 30, 30)


def _spec(limits: tuple[WildLimit, ...], *, cap: int | None = None, wild_only: bool = False,
          size: int = 3, or_more: bool = False) -> Spec:
    return Spec(0, MeldKind.SET, size, or_more, limits, cap, False, wild_only, 0)


# (spec, naturals, wilds, fits)
FITS = [
    pytest.param(_spec((WildLimit.ONE,)), 2, 1, True, id="one wild: 2 + 1"),
    pytest.param(_spec((WildLimit.ONE,)), 1, 2, False, id="one wild: 1 + 2"),
    pytest.param(_spec((WildLimit.ANY, WildLimit.NONE)), 3, 1, False, id="the stricter of two limits holds"),
    pytest.param(_spec((WildLimit.ANY,), cap=2), 3, 2, True, id="cap 2: 2 wilds"),
    pytest.param(_spec((WildLimit.ANY,), cap=2), 3, 3, False, id="cap 2: 3 wilds"),
    pytest.param(_spec((WildLimit.ANY,)), 0, 3, False, id="wilds only: no natural card"),
    pytest.param(_spec((WildLimit.ANY,), wild_only=True), 0, 3, True, id="a trío of jokers where allowed"),
    pytest.param(_spec((WildLimit.ANY,), wild_only=True), 0, 2, False, id="two jokers are no trío"),
]


@pytest.mark.parametrize(("spec", "naturals", "wilds", "fits"), FITS)
def test_a_spec_fits_its_wild_limits_and_cap(spec: Spec, naturals: int, wilds: int, fits: bool) -> None:
    assert spec.fits(naturals, wilds) is fits


def test_a_spec_takes_its_size_or_more() -> None:
    exact = _spec((WildLimit.ANY,), size=7)
    more = _spec((WildLimit.ANY,), size=7, or_more=True)
    assert [exact.takes(n) for n in (6, 7, 8)] == [False, True, False]
    assert [more.takes(n) for n in (6, 7, 9)] == [False, True, True]


def test_a_part_as_a_meld_says_what_each_wild_stands_for() -> None:
    run = meld_of(Part(0, MeldKind.RUN, (29, 37), (0,), (1, 7, 8, 9)))  # hearts, 7-8-9: the joker is the 8♥
    assert [str(c) for c in run.cards] == ["7H", "JK", "9H"]
    assert run.describe() == "run 7♥–9♥, joker as 8♥"
    book = meld_of(Part(0, MeldKind.SET, (29, 28), (0,), (7,)))
    assert [str(c) for c in book.cards] == ["7S", "7H", "JK"]  # naturals by suit, then the wilds
    assert book.describe() == "set of 7s with one joker"


def test_a_requirement_is_named_without_its_wild_limit_unless_pure() -> None:
    capped = run_of(5, wilds=WildLimit.ONE)
    assert named_requirement(capped) == run_of(5)
    assert named_requirement(set_of(3, wilds=WildLimit.NONE)) == set_of(3)
    assert named_requirement(PURE_TRIO) == PURE_TRIO  # "the pure trío" says it takes no wild card
