"""A lay-down in a game: the contract, and extra melds beside it where the variant allows them (docs/rules.md, D71).

Each row is (variant, deal, melds, expected): ``True`` for a lay-down the rules allow, else the exact set of problem
codes. ``check_contract`` still answers "exactly the contract?" (D1): the last tests hold the two side by side.
"""

from __future__ import annotations

import pytest

from referee.rules.catalogue import find_variant, variant_ids
from referee.rules.contracts import check_contract, check_laydown

RUN7 = "3C 4C 5C 6C 7C 8C 9C"


def row(variant: str, deal: int, melds: list[str], expected: bool | set[str]) -> object:
    return pytest.param(variant, deal, melds, expected, id=f"{variant} {deal}: " + " | ".join(melds))


LAYDOWNS = [
    # Venezuela: extra sets and runs go down with the contract (docs/rules.md §3); deal 7 needs them to go out.
    row("telefunken", 7, ["4H 4S 4D", RUN7, "KH KS KD"], True),
    row("telefunken", 7, ["KH KS KD", "4H 4S 4D", RUN7], True),  # any order
    row("telefunken", 7, ["4H 4S 4D", RUN7, "KH KS KD", "10H JH QH"], True),
    row("telefunken", 7, ["4H 4S 4D", RUN7, "KH QS KD"], {"mixed-ranks"}),  # the extra meld is no meld
    row("telefunken", 7, ["4H 4S 4D", "KH KS KD"], {"wrong-kind"}),  # an extra never stands in for the run
    row("telefunken", 1, ["7H 7S JK", "KH KS KD"], True),  # the K's are the pure trío, the 7s an extra trío
    row("telefunken", 1, ["7H 7S JK", "KH KS JK"], {"wild-in-pure-trio"}),  # no pure trío among them
    row("telefunken", 2, ["7H 7S 7D", "KH KS KD", "2C 3C 4C", "5H 6H 7H"], True),
    row("telefunken", 2, ["7H 7S 7D", "KH KS KD", "2C JK JK"], {"too-many-wilds"}),  # one joker per meld
    row("telefunken", 3, ["6H 6S 6D 6C", "6H 6S 6D"], True),  # an extra set may share the contract's rank
    row("telefunken", 3, ["6H 6S 6D", "AH AS AD"], {"size-not-exact"}),  # a cuarteto is still 4
    # Ecuador: at most one joker in the contract; an extra meld holds its own one (docs/rules.md D30).
    row("telefunken-ecuador", 2, ["7H 7S 7D", "KH KS JK", "2C JK 4C"], True),
    row("telefunken-ecuador", 1, ["7H 7S 7D", "KH KS JK"], True),
    row("telefunken-ecuador", 3, ["6H 6S 6D JK", "AH AS AD"], {"too-many-wilds-in-contract"}),
    # Peru version 1 family: no wild card in a set, extras included.
    row("telefunken-peru", 1, ["7H 7S 7D", "8H 8S 8D", "3C 2C 5C"], True),
    row("telefunken-peru", 1, ["7H 7S 7D", "8H 8S 8D", "KH KS 2C"], {"wilds-in-sets-not-allowed"}),
    row("super-deli", 2, ["9H 9S 9D 9C", "3D 4D 5D"], True),
    # Bolivia: "can then in the same turn lay down additional combinations" (docs/rules.md §7).
    row("telefunken-bolivia", 7, [RUN7, "KH KS KD", "QH QS JK"], True),
    row("telefunken-bolivia", 1, ["7H 7S 7D", "7C 7S 7D"], True),
    # Farmer's Rummy: sets only, extras included.
    row("farmers-rummy", 1, ["7H 7S 7D", "KH KS 2D"], True),
    row("farmers-rummy", 1, ["7H 7S 7D", "2H 3H 4H"], {"no-runs-in-variant"}),
    # Nothing but the contract: Carrillo (D36), the Shanghai family and Progressive Rummy (D37).
    row("telefunken-peru-carrillo", 1, ["7H 7S 7D", "KH KS KD", "2C 3C 4C 5C"], {"wrong-meld-count"}),
    row("shanghai", 1, ["4H 4S 4D", "7C 7S 7D", "KH KS KD"], {"wrong-meld-count"}),
    row("shanghai-tahelia-powe", 2, ["4H 4S 4D", "7C 8C 9C 10C", "KH KS KD"], {"wrong-meld-count"}),
    row("progressive-rummy", 1, ["4H 4S 4D", "7C 7S 7D", "KH KS KD"], {"wrong-meld-count"}),
]


@pytest.mark.parametrize(("variant", "deal", "melds", "expected"), LAYDOWNS)
def test_laydowns(variant: str, deal: int, melds: list[str], expected: bool | set[str]) -> None:
    verdict = check_laydown(variant, deal, melds)
    messages = [str(p) for p in verdict.problems]
    assert len(verdict.melds) == len(melds) == len(verdict.requirements)
    if expected is True:
        assert verdict.valid, messages
        assert verdict.problems == (), messages
        assert all(m is not None for m in verdict.melds)
        filled = [r for r in verdict.requirements if r is not None]
        assert sorted(map(id, filled)) == sorted(map(id, verdict.contract.melds))  # every requirement once
    else:
        assert not verdict.valid
        assert {p.code for p in verdict.problems} == expected, messages


def test_the_extra_meld_is_named_in_the_problem() -> None:
    verdict = check_laydown("telefunken", 7, ["4H 4S 4D", RUN7, "KH QS KD"])
    assert [str(p) for p in verdict.problems] == ["meld 3: a set needs cards of one rank, not Q and K"]
    assert [r.describe() if r else None for r in verdict.requirements] == ["trío", "run of 7 or more", None]


def test_the_contract_check_still_asks_for_exactly_the_contract() -> None:
    # docs/rules.md D1: the three-meld lay-down, which a game records, is not "exactly the contract".
    melds = ["4H 4S 4D", RUN7, "KH KS KD"]
    assert check_laydown("telefunken", 7, melds).valid
    assert [str(p) for p in check_contract("telefunken", 7, melds).problems] == [
        "three melds: deal 7 asks for exactly 1 trío and 1 run of 7 or more"]


def test_which_variants_take_extra_melds() -> None:
    takes = {v for v in variant_ids() if find_variant(v).layoff.extra_melds_on_contract_turn}
    assert takes == {"telefunken", "telefunken-ecuador", "telefunken-peru", "telefunken-peru-wittig", "delifante",
                     "super-deli", "telefunken-bolivia", "farmers-rummy"}


LAID = (["7H 7S 7D"], ["7H 7S 7D", "8H 8S 8D"], ["7H 8H 9H 10H", "7S 7D 7C"], ["KH KS KD", "QH QS QD", "AH AS AD"])


@pytest.mark.parametrize("variant", variant_ids())
def test_without_extra_melds_the_two_questions_agree(variant: str) -> None:
    # Where no extra meld may go down, or none is laid, a lay-down is exactly the contract (D1), whatever the cards.
    found = find_variant(variant)
    for deal in found.deals:
        fewest = min(len(c.melds) for c in deal.contracts)
        for melds in LAID:
            if found.layoff.extra_melds_on_contract_turn and len(melds) > fewest:
                continue
            laid = check_laydown(found, deal.number, melds)
            assert laid.problems == check_contract(found, deal.number, melds).problems
