"""Deb Kolsov's "ext" joker caps (docs/rules.md §9.3, D69), worked out by hand, one row per cap.

With the ``kolsov_ext`` house rule a contract meld holds up to its requirement's cap of jokers: 1 in a book of 3 or a
run of 4, 2 in a run of 5, 3 in a run of 7, 4 in a run of 10. Without it Shanghai's one joker per meld holds. Each
table below is asked of the contract check, the lay-off check and the contract finder, in plain Deb Kolsov and in
the ext preset; the deal's contract is named beside each row.
"""

from __future__ import annotations

import pytest

from referee.rules.catalogue import find_variant
from referee.rules.contracts import check_contract
from referee.rules.layoffs import LayoffContext, LayoffInputError, check_layoff
from referee.rules.melds import classify
from referee.rules.solver import solve
from referee.rules.variants import Variant

PLAIN = find_variant("shanghai-deb-kolsov")
EXT = PLAIN.with_house_rules({"kolsov_ext": True})

#: The key of Shanghai's one-joker refusal, and of a cap's refusal in a contract.
ONE_PER_MELD = "too-many-wilds/sets-and-runs"
OVER_CAP = "too-many-wilds/contract-cap"


def _keys(variant: Variant, deal: int, melds: list[str]) -> list[str]:
    return [p.key for p in check_contract(variant, deal, melds).problems]


# (deal, melds, what plain Deb Kolsov answers, what the ext preset answers): [] is a valid contract.
CONTRACTS = [
    # deal 2, a book and a run of 4 (cap 1 each): one joker is fine, two are refused in both.
    pytest.param(2, ["7H 7S JK", "5C JK 7C 8C"], [], [], id="deal 2: one joker in the run of 4"),
    pytest.param(2, ["7H 7S 7D", "5C JK JK 8C"], [ONE_PER_MELD], [OVER_CAP], id="deal 2: two jokers in the run of 4"),
    pytest.param(2, ["7H JK JK", "5C 6C 7C 8C"], [ONE_PER_MELD], [OVER_CAP], id="deal 2: two jokers in the book"),
    # deal 6, two books and a run of 5 (cap 2).
    pytest.param(6, ["4H 4S 4D", "7D 7S 7H", "5C 6C JK JK 9C"], [ONE_PER_MELD], [],
                 id="deal 6: two jokers in the run of 5"),
    pytest.param(6, ["4H 4S 4D", "7D 7S 7H", "5C JK JK JK 9C"], [ONE_PER_MELD], [OVER_CAP],
                 id="deal 6: three jokers in the run of 5"),
    # deal 5, a book and a run of 7 (cap 3).
    pytest.param(5, ["KH KS KD", "3H JK JK JK 7H 8H 9H"], [ONE_PER_MELD], [],
                 id="deal 5: three jokers in the run of 7"),
    pytest.param(5, ["KH KS KD", "3H JK JK JK JK 8H 9H"], [ONE_PER_MELD], [OVER_CAP],
                 id="deal 5: four jokers in the run of 7"),
    # deal 8, a book and a run of 10 (cap 4: every joker of the two packs).
    pytest.param(8, ["KH KS KD", "2C 3C 4C JK JK 7C 8C 9C JK JK"], [ONE_PER_MELD], [],
                 id="deal 8: four jokers in the run of 10"),
    # deal 9, three books and a run of 5 (cap 2): the books keep one joker each.
    pytest.param(9, ["KH KS JK", "QH QS QD", "2H 2S 2D", "9D JK JK QD KD"], [ONE_PER_MELD], [],
                 id="deal 9: a joker in a book, two in the run of 5"),
    # deal 10, three runs of 5 or more, gone out in one turn (cap 2 each).
    pytest.param(10, ["3S 4S JK JK 7S", "9H 10H JK JK KH", "4D 5D 6D 7D 8D"], [ONE_PER_MELD, ONE_PER_MELD], [],
                 id="deal 10: two jokers in each of two runs of 5"),
]


@pytest.mark.parametrize(("deal", "melds", "plain", "ext"), CONTRACTS)
def test_the_contract_check_counts_the_requirements_cap(deal: int, melds: list[str], plain: list[str],
                                                         ext: list[str]) -> None:
    assert _keys(PLAIN, deal, melds) == plain
    assert _keys(EXT, deal, melds) == ext


def test_a_refusal_over_the_cap_says_the_cap() -> None:
    (problem,) = check_contract(EXT, 6, ["4H 4S 4D", "7D 7S 7H", "5C JK JK JK 9C"]).problems
    assert problem.message == "meld 3: three jokers in the run of 5: deal 6 allows at most two in it"
    (plain,) = check_contract(PLAIN, 6, ["4H 4S 4D", "7D 7S 7H", "5C 6C JK JK 9C"]).problems
    assert plain.message == "meld 3: two jokers in one run: Shanghai (Deb Kolsov) allows one per set or run"


def test_a_meld_outside_the_contract_keeps_one_joker() -> None:
    # The cap belongs to a contract requirement: the meld check on its own knows only Shanghai's one joker.
    assert [p.key for p in classify("5C 6C JK JK 9C", EXT).problems] == [ONE_PER_MELD]
    assert classify("5C 6C JK JK 9C", EXT, wild_cap=2).valid
    assert [str(p) for p in classify("5C JK JK JK 9C", EXT, wild_cap=2).problems] == [
        "three jokers in one run: this contract run takes at most two"
    ]


# (deal, meld on the table, cards laid off, ext answer): the meld after the lay-off, or the refusal's key. Plain
# Deb Kolsov refuses a meld with two jokers as no meld at all, and a second joker onto a run.
LAYOFFS = [
    pytest.param(6, "5C 6C JK JK 9C", "10C", "run 5♣–10♣, joker as 7♣, joker as 8♣",
                 id="deal 6: a natural onto two jokers"),
    pytest.param(6, "5C 6C 7C JK 9C", "JK", "run 5♣–10♣, joker as 8♣, joker as 10♣", id="deal 6: a second joker"),
    pytest.param(6, "5C 6C JK JK 9C", "JK", "too-many-wilds/cap", id="deal 6: a third joker"),
    pytest.param(7, "5C 6C 7C JK", "JK", ONE_PER_MELD, id="deal 7: runs of 4 keep one joker"),
    pytest.param(5, "3H JK JK JK 7H 8H 9H", "10H", "run 3♥–10♥, joker as 4♥, joker as 5♥, joker as 6♥",
                 id="deal 5: a natural onto three jokers"),
    pytest.param(8, "2C 3C 4C JK JK 7C 8C 9C JK JC", "QC",
                 "run 2♣–Q♣, joker as 5♣, joker as 6♣, joker as 10♣", id="deal 8: a natural onto the run of 10"),
]


@pytest.mark.parametrize(("deal", "table", "cards", "ext"), LAYOFFS)
def test_the_layoff_check_keeps_the_cap_a_contract_meld_was_laid_under(deal: int, table: str, cards: str,
                                                                        ext: str) -> None:
    context = LayoffContext(deal=deal, player_has_melded=True)
    verdict = check_layoff(EXT, table, cards, context=context)
    assert verdict.assumptions == ()  # every meld on a Shanghai table is a contract meld: nothing to assume
    if " " in ext:
        assert verdict.allowed
        assert verdict.meld is not None
        assert verdict.meld.describe() == ext
    else:
        assert [p.key for p in verdict.problems] == [ext]
    plain_table = classify(table, PLAIN)
    if plain_table.valid:
        assert [p.key for p in check_layoff(PLAIN, table, cards, context=context).problems] == [ONE_PER_MELD]
    else:
        with pytest.raises(LayoffInputError, match="allows one per set or run"):
            check_layoff(PLAIN, table, cards, context=context)


def test_without_the_deal_the_layoff_check_assumes_no_cap() -> None:
    verdict = check_layoff(EXT, "5C 6C 7C JK 9C", "JK", context=LayoffContext(player_has_melded=True))
    assert [p.key for p in verdict.problems] == [ONE_PER_MELD]
    assert "assumed-no-wild-cap" in [p.code for p in verdict.assumptions]


# (deal, hand, plain finds the contract, ext finds it)
HANDS = [
    # books of 4s and 7s; the run of 5 is 5♣ 6♣ _ _ 9♣: it needs the two jokers (no 7♣ or 8♣ in the hand).
    pytest.param(6, "4H 4S 4D 7D 7S 7H 5C 6C JK JK 9C", False, True, id="deal 6: two jokers in the run of 5"),
    # three jokers for the run of 5: one too many even with the cap.
    pytest.param(6, "4H 4S 4D 7D 7S 7H 5C JK JK JK 9C", False, False, id="deal 6: three jokers short of naturals"),
    # a book of kings and 2♣ 3♣ 4♣ _ _ 7♣ 8♣ 9♣ _ _: four jokers in the run of 10.
    pytest.param(8, "KH KS KD 2C 3C 4C 7C 8C 9C JK JK JK JK", False, True, id="deal 8: four jokers in the run of 10"),
]


@pytest.mark.parametrize(("deal", "hand", "plain", "ext"), HANDS)
def test_the_contract_finder_counts_the_same_caps(deal: int, hand: str, plain: bool, ext: bool) -> None:
    assert solve(PLAIN, deal, hand).possible is plain
    found = solve(EXT, deal, hand)
    assert found.possible is ext
    if ext:  # what the finder lays down, the contract check accepts
        assert check_contract(EXT, deal, [" ".join(str(c) for c in m.cards) for m in found.melds]).valid
