"""The meld on the table as the lay-off checks read it (referee/rules/layoffs/table.py), worked out by hand: a run's
positions (1 the ace low, 14 the ace high), the ace rule and longest run of each variant over a range of positions
(docs/rules.md §2.3), the facts a context leaves out and the assumptions named for them, and the inputs read.
"""

from __future__ import annotations

import pytest

from referee.rules.cards import Card, Rank, Suit, parse_cards
from referee.rules.catalogue import find_variant
from referee.rules.layoffs.table import TableFacts, offered_cards, range_problems, rank_at, table_meld
from referee.rules.layoffs.values import LayoffContext, LayoffInputError


@pytest.mark.parametrize(
    ("position", "rank"),
    [(1, Rank.ACE), (2, Rank.TWO), (13, Rank.KING), (14, Rank.ACE), (15, Rank.TWO), (0, Rank.KING)],
)
def test_a_position_holds_its_rank(position: int, rank: Rank) -> None:
    assert rank_at(position) is rank


# (variant and its ace rule, low, high, the problem codes): 1 is A low, 14 A high, 15 a 2 after a high ace.
RANGES = [
    pytest.param("telefunken", 1, 3, [], id="low-or-high: A-2-3"),
    pytest.param("telefunken", 12, 14, [], id="low-or-high: Q-K-A"),
    pytest.param("telefunken", 13, 15, ["ace-in-middle"], id="low-or-high: K-A-2"),
    pytest.param("telefunken", 1, 14, ["run-too-long"], id="low-or-high: 14 cards A-A"),
    pytest.param("shanghai", 12, 14, [], id="high-only: Q-K-A"),
    pytest.param("shanghai", 1, 3, ["ace-high-only"], id="high-only: A-2-3"),
    pytest.param("delifante", 2, 4, [], id="not-in-runs: 2-3-4"),
    pytest.param("delifante", 12, 14, ["ace-not-allowed"], id="not-in-runs: Q-K-A"),
    pytest.param("delifante", 1, 3, ["ace-not-allowed"], id="not-in-runs: A-2-3"),
    pytest.param("telefunken-peru", 13, 15, [], id="wrap: K-A-2"),
    pytest.param("telefunken-peru", 1, 14, ["run-too-long"], id="wrap: 14 cards"),
]


@pytest.mark.parametrize(("variant", "low", "high", "codes"), RANGES)
def test_range_problems_follow_the_ace_rule_and_the_longest_run(
    variant: str, low: int, high: int, codes: list[str]
) -> None:
    assert [p.code for p in range_problems(find_variant(variant), low, high)] == codes


def test_a_fact_left_out_takes_its_default_and_names_the_assumption_once() -> None:
    facts = TableFacts(find_variant("telefunken"), LayoffContext())
    assert facts.owner() == "other"
    assert facts.owner() == "other"
    assert facts.contract_turn() is False
    assert facts.has_melded() is True
    assert [p.code for p in facts.assumed] == ["assumed-other-players-meld", "assumed-later-turn", "assumed-melded"]


def test_a_fact_given_names_no_assumption() -> None:
    facts = TableFacts(find_variant("telefunken"), LayoffContext(owner="own", contract_turn=True))
    assert facts.owner() == "own"
    assert facts.contract_turn() is True
    assert facts.assumed == []


def test_a_meld_is_a_contract_meld_where_the_variant_lays_nothing_else() -> None:
    """Shanghai lays nothing but the contract, so every meld on its table is a contract meld; in Telefunken it is
    assumed not to be one unless said."""
    shanghai = TableFacts(find_variant("shanghai"), LayoffContext())
    assert shanghai.contract_meld() is True
    assert shanghai.assumed == []
    telefunken = TableFacts(find_variant("telefunken"), LayoffContext())
    assert telefunken.contract_meld() is False
    assert [p.code for p in telefunken.assumed] == ["assumed-not-contract"]


def test_a_bad_owner_is_refused() -> None:
    with pytest.raises(LayoffInputError) as caught:
        TableFacts(find_variant("telefunken"), LayoffContext(owner="mine"))  # type: ignore[arg-type]
    assert caught.value.problem.code == "layoff-owner"


def test_the_meld_on_the_table_keeps_its_wild_where_it_lies() -> None:
    variant = find_variant("telefunken")
    meld = table_meld(variant, "5C JK 7C", TableFacts(variant, LayoffContext()))
    assert meld.describe() == "run 5♣–7♣, joker as 6♣"
    as_given = table_meld(variant, "5C 6C JK", TableFacts(variant, LayoffContext()))
    assert as_given.describe() == "run 5♣–7♣, joker as 7♣"  # read in the order given
    ordered = table_meld(variant, "5C 6C JK", TableFacts(variant, LayoffContext(run_order="JK 5C 6C")))
    assert ordered.describe() == "run 4♣–6♣, joker as 4♣"
    assert ordered.stands_for[0] == Card(Rank.FOUR, Suit.CLUBS)  # the joker lies low, as the 4♣


@pytest.mark.parametrize(
    ("meld", "context", "code"),
    [
        pytest.param("", LayoffContext(), "layoff-no-meld", id="no meld"),
        pytest.param("7H 7S JK JK", LayoffContext(), "layoff-not-a-meld", id="two jokers: not a Telefunken meld"),
        pytest.param("5C 6C 7C", LayoffContext(run_order="5C 6C 8C"), "layoff-order-not-meld", id="other cards"),
    ],
)
def test_a_table_meld_that_cannot_be_read_is_refused(meld: str, context: LayoffContext, code: str) -> None:
    variant = find_variant("telefunken")
    with pytest.raises(LayoffInputError) as caught:
        table_meld(variant, meld, TableFacts(variant, context))
    assert caught.value.problem.code == code


def test_the_cards_offered_are_read_and_none_is_refused() -> None:
    assert offered_cards("7C JK") == parse_cards("7C JK")
    with pytest.raises(LayoffInputError) as caught:
        offered_cards("")
    assert caught.value.problem.code == "layoff-no-cards"
