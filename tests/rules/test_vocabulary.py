"""The words variants are written in (referee/rules/vocabulary.py): what an exact cut's reward is worth in points,
the words a table plays with by default, the codes the export format stores, and the names referee.rules.variants
re-exports.
"""

from __future__ import annotations

import pytest

from referee.rules import variants, vocabulary
from referee.rules.vocabulary import AceRule, BuyCall, CutReward, MeldKind, RunWord, SetWord, Terms, WildLimit


@pytest.mark.parametrize(
    ("reward", "points"),
    [
        (CutReward.MINUS_25, -25),
        (CutReward.MINUS_50, -50),
        (CutReward.CHIP, 0),  # a chip, not points
        (CutReward.ERASE_PREVIOUS, 0),  # the previous deal's points erased: no fixed number
        (CutReward.NONE, 0),
    ],
)
def test_an_exact_cuts_reward_in_points(reward: CutReward, points: int) -> None:
    assert reward.points == points


def test_a_table_speaks_telefunken_by_default() -> None:
    """The Telefunken family's tríos, escaleras and ¡Compro! (docs/rules.md §2.5)."""
    assert Terms() == Terms(SetWord.TRIO, RunWord.ESCALERA, BuyCall.COMPRO)
    assert (Terms().sets, Terms().runs, Terms().buy_call) == ("trío", "escalera", "¡Compro!")


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (MeldKind.COLOUR_RUN, "colour-run"),
        (AceRule.LOW_OR_HIGH, "low-or-high"),
        (AceRule.NOT_IN_RUNS, "not-in-runs"),
        (WildLimit.AT_MOST_NATURALS, "at-most-naturals"),
        (CutReward.MINUS_25, "minus-25"),
        (BuyCall.MAY_I, "May I"),
    ],
)
def test_a_code_is_its_stored_text(code: str, text: str) -> None:
    """The export format stores these values: a code compares equal to its text and is read back from it."""
    assert code == text
    assert type(code)(text) is code


def test_variants_re_exports_every_word() -> None:
    assert all(getattr(variants, name) is getattr(vocabulary, name) for name in vocabulary.__all__)
