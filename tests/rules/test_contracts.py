"""Every deal's contract of every variant, laid down right and wrong: tables from docs/rules.md §3–§10.

Each row is (deal, melds, expected): ``True`` for a valid contract, else the exact set of problem codes. The test
id is the deal and the melds in the card notation, e.g. ``7: 4H 4S 4D | 3C 4C JK 6C 7C 8C 9C``.
"""

from __future__ import annotations

import pytest

from referee.rules.cards import CardError, TooManyCopiesError, parse_cards
from referee.rules.catalogue import find_variant
from referee.rules.contracts import ContractVerdict, MeldsError, check_contract, deal_contracts, split_melds
from referee.rules.problems import RulesError
from referee.rules.variants import DealOutOfRangeError, MeldKind


def row(deal: int, melds: list[str], expected: bool | set[str]) -> object:
    return pytest.param(deal, melds, expected, id=f"{deal}: " + " | ".join(melds))


def check(variant: str, deal: int, melds: list[str], expected: bool | set[str]) -> ContractVerdict:
    verdict = check_contract(variant, deal, melds)
    messages = [str(p) for p in verdict.problems]
    if expected is True:
        assert verdict.valid, messages
        assert verdict.problems == ()
        assert all(m is not None for m in verdict.melds)
        assert len(verdict.melds) == len(melds) == len(verdict.requirements)
        assert sorted(map(id, verdict.requirements)) == sorted(map(id, verdict.contract.melds))
    else:
        assert not verdict.valid
        assert {p.code for p in verdict.problems} == expected, messages
        assert all(messages)
    return verdict


RUN7 = "3C 4C JK 6C 7C 8C 9C"

TELEFUNKEN = [
    row(1, ["7H 7S 7D"], True),
    row(1, ["7D 7S 7H"], True),
    row(1, ["7H 7S JK"], {"wild-in-pure-trio"}),
    row(1, ["7H 7H 7S"], {"suits-not-different"}),
    row(1, ["7H 7H JK"], {"wild-in-pure-trio", "suits-not-different"}),
    row(1, ["7H 7S 7D 7C"], {"size-not-exact"}),
    row(1, ["7H 8H 9H"], {"wrong-kind"}),
    row(1, ["7H 7S 7D", "8H 8S 8D"], {"wrong-meld-count"}),
    row(1, [], {"wrong-meld-count"}),
    row(2, ["7H 7S 7D", "9C 9C JK"], True),
    row(2, ["5H 5S 5D", "5H 5S 5C"], True),  # docs/rules.md, D3: two tríos of one rank
    row(2, ["7H 7S 7D"], {"wrong-meld-count"}),
    row(2, ["7H 7S 7D 7C", "9C 9D 9H"], {"size-not-exact"}),
    row(2, ["7H JK JK", "9C 9D 9H"], {"too-many-wilds"}),
    row(3, ["QH QS QD JK"], True),
    row(3, ["QH QS QD"], {"size-not-exact"}),
    row(4, ["QH QS QD JK", "3C 3C 3D 3H"], True),
    row(4, ["QH QS QD JK", "3C 3D 3H"], {"size-not-exact"}),
    row(5, ["8H 8S 8D 8C JK"], True),
    row(5, ["8H 8S 8D JK JK"], {"too-many-wilds"}),
    row(6, ["8H 8S 8D 8C JK", "KH KS KD KC KC"], True),
    row(6, ["8H 8S 8D 8C JK"], {"wrong-meld-count"}),
    row(7, ["4H 4S 4D", RUN7], True),
    row(7, [RUN7, "4H 4S 4D"], True),
    row(7, ["4H 4S JK", "3C 4C 5C 6C 7C 8C 9C 10C"], True),  # the run is 7 or more
    row(7, ["4H 4S 4D", "3C 4C JK 6C 7C 8C"], {"size-below-minimum"}),
    row(7, ["4H 4S 4D 4C", RUN7], {"size-not-exact"}),  # the trío is exactly 3
    row(7, ["4H 4S 4D", "3C 4C JK 6C 7C 8C JK"], {"too-many-wilds"}),
    # the closest reading: one meld too many, and the run given is short
    row(7, ["4H 4S 4D", "3C 4C 5C", "7C 8C 9C 10C"], {"wrong-meld-count", "size-below-minimum"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), TELEFUNKEN)
def test_telefunken(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("telefunken", deal, melds, expected)


ECUADOR = [
    row(1, ["7H 7S 7D"], True),
    row(1, ["7H 7S JK"], {"wild-in-pure-trio"}),  # once: the contract-wide limit says nothing more
    row(2, ["7H 7S 7D", "8H 8H JK"], True),
    row(2, ["8H 8H JK", "7H 7S 7D"], True),
    row(2, ["7H 7S JK", "8H 8S JK"], {"wild-in-pure-trio", "too-many-wilds-in-contract"}),
    row(2, ["7H 7H 7S", "8H 8H 8S"], {"suits-not-different"}),
    row(3, ["QH QS QD QC"], True),
    row(3, ["QH QS QD JK"], {"too-many-wilds-in-contract"}),
    row(4, ["QH QS QD JK", "3C 3C 3D 3H"], True),
    row(4, ["QH QS QD JK", "3C 3C 3D JK"], {"too-many-wilds-in-contract"}),
    row(5, ["8H 8S 8D 8C 8C"], True),
    row(5, ["8H 8S 8D 8C JK"], {"too-many-wilds-in-contract"}),
    row(6, ["7H 7S 7D", "3C 4C 5C 6C"], True),
    row(6, ["7H 7S 7D", "3C 4C 5C 6C 7C"], {"size-not-exact"}),
    row(6, ["7H 7S 7D", "3C JK 5C 6C"], {"too-many-wilds-in-contract"}),
    row(7, [RUN7], True),
    row(7, ["3C 4C 5C 6C 7C 8C 9C 10C"], True),
    row(7, ["3C 4C 5C 6C 7C 8C"], {"size-below-minimum"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), ECUADOR)
def test_ecuador(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("telefunken-ecuador", deal, melds, expected)


def test_ecuador_dealers_choice() -> None:
    """With the dealer's choice on, the ledger passes the contract the dealer announced."""
    escalera = deal_contracts("telefunken-ecuador", 7)[0]
    verdict = check_contract("telefunken-ecuador", 1, [RUN7], contract=escalera)
    assert verdict.valid
    assert verdict.contract is escalera
    assert not check_contract("telefunken-ecuador", 1, [RUN7]).valid


PERU = [
    row(1, ["7H 7S 7D", "7H 7S 7C"], True),
    row(1, ["7H 7S 2C", "8H 8S 8D"], {"wilds-in-sets-not-allowed"}),
    row(1, ["7H 7S JK", "8H 8S 8D"], {"wilds-in-sets-not-allowed"}),
    row(2, ["QH QS QD QC"], True),
    row(2, ["QH QS QD JK"], {"wilds-in-sets-not-allowed"}),
    row(2, ["2H 2S 2D 2C"], {"no-natural"}),
    row(3, ["QH QS QD QC", "3H 3H 3S 3S"], True),
    row(3, ["3H 4H 5H 6H", "QH QS QD QC"], {"wrong-kind"}),
    row(4, ["8H 8S 8D 8C 8C"], True),
    row(5, ["8H 8S 8D 8C 8C", "AH AS AD AC AS"], True),
    row(5, ["8H 8S 8D 8C 8C", "AH AS AD AC"], {"size-not-exact"}),
    row(6, ["9H 9S 9D 9C 9H 9S"], True),
    row(6, ["9H 9S 9D 9C 9H"], {"size-not-exact"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), PERU)
@pytest.mark.parametrize("variant", ["telefunken-peru", "delifante", "super-deli"])
def test_peru_family(variant: str, deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check(variant, deal, melds, expected)


SUPER_DELI = [
    row(7, ["6H 6S 6D 6C 6H 6S", "KH KS KD KC KH KS"], True),
    row(7, ["6H 6S 6D 6C 6H 6S", "KH KS KD KC KH JK"], {"wilds-in-sets-not-allowed"}),
    row(8, ["5H 5S 5D 5C 5H 5S 5D"], True),
    row(9, ["5H 5S 5D 5C 5H 5S 5D", "JH JS JD JC JH JS JD"], True),
    row(10, ["4H 4S 4D 4C 4H 4S 4D 4C"], True),
    row(11, ["4H 4S 4D 4C 4H 4S 4D 4C", "10H 10S 10D 10C 10H 10S 10D 10C"], True),
    row(12, ["9C 9C 9C 9S 9S 9S 9H 9H 9H"], True),  # three decks at least
    row(12, ["9C 9C 9C 9S 9S 9S 9H 9H"], {"size-not-exact"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), SUPER_DELI)
def test_super_deli(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("super-deli", deal, melds, expected)


WITTIG = [
    row(1, ["7H 7S 2C", "8H JK JK"], True),
    row(1, ["2H 2S 2C", "8H 8S 8D"], {"no-natural"}),
    row(2, ["QH 2S 2D JK"], True),
    row(3, ["QH 2S 2D JK", "3H 3H 3S 3S"], True),
    row(4, ["8H 8S 2D JK JK"], True),
    row(5, ["8H 8S 8D 8C 8C", "AH JK JK JK JK"], True),
    row(6, ["9H JK JK JK JK 2C"], True),
    row(6, ["9H 9S 9D 9C 9H"], {"size-not-exact"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), WITTIG)
def test_wittig(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("telefunken-peru-wittig", deal, melds, expected)


ROYAL = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH"
COLOUR = "AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS"
CARRILLO = [
    row(1, ["7H 7S 7D", "7H 7S 7C"], True),
    row(1, ["JK JK JK", "7H 7S 7D"], True),
    row(1, ["7H 7S JK", "8H 8S 8D"], {"wilds-mixed-in-set"}),
    row(2, ["7H 7S 7D", "3C 4C JK JK"], True),
    row(2, ["7H 7S 7D", "3C 4C 5C"], {"too-few-cards"}),
    row(3, ["3H 4H 5H 6H", "8H 9H 10H JH"], True),  # the runs may share a suit
    row(3, ["KH AH 2H 3H", "3C JK JK JK"], True),  # around the corner; one natural is enough
    row(3, ["3H 4H 5H 6H 7H", "8C 9C 10C JC"], {"size-not-exact"}),
    row(4, ["7H 7S 7D", "7H 7S 7C", "JK JK JK"], True),
    row(4, ["7H 7S 7D", "7H 7S 7C"], {"wrong-meld-count"}),
    row(5, ["7H 7S 7D", "7H 7S 7C", "3C 4C JK 6C"], True),
    row(6, ["3H 4H 5H 6H", "3H 4H 5H 6H", "QS QS QD"], True),
    row(7, ["7H 7S 7D", "8H 8S 8D", "JK JK JK", "9C 9C 9S"], True),
    row(7, ["3H 4H 5H 6H", "7H 8H 9H 10H", "JC QC KC AC"], True),
    row(7, [ROYAL], True),
    row(7, ["AH JK 3H 4H 5H JK 7H 8H 9H 10H JH QH"], True),
    row(7, [COLOUR], True),
    row(7, ["AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QH"], {"colour-not-alternating"}),
    row(7, ["AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH JK"], {"wilds-in-colour-run"}),
    row(7, [ROYAL + " KH"], {"size-not-exact"}),
    row(7, ["7H 7S 7D", "8H 8S 8D", "JK JK JK"], {"wrong-meld-count"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), CARRILLO)
def test_carrillo(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("telefunken-peru-carrillo", deal, melds, expected)


@pytest.mark.parametrize(
    ("melds", "name"),
    [
        pytest.param([ROYAL], "royal run", id=ROYAL),
        pytest.param([COLOUR], "colour run", id=COLOUR),
        pytest.param(["AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QH"], "colour run", id="closest: a colour run"),
        pytest.param(["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH"], "royal run", id="closest: a royal run"),
    ],
)
def test_carrillo_deal_7_alternative_matched(melds: list[str], name: str) -> None:
    """The player chooses: the verdict names the alternative that fits, or the closest one."""
    assert check_contract("telefunken-peru-carrillo", 7, melds).contract.name == name


BOLIVIA = [
    row(1, ["7H 7S 7D"], True),
    row(1, ["7H 7S JK"], {"wild-in-pure-trio"}),
    row(2, ["7H 7S JK", "9C 9C 9S"], True),
    row(3, ["QH QS QD JK"], True),
    row(4, ["QH QS QD JK", "3C 3C 3D 3H"], True),
    row(5, ["8H 8S 8D 8C JK"], True),
    row(6, ["8H 8S 8D 8C JK", "KH KS KD KC KC"], True),
    row(7, [RUN7], True),
    row(7, ["3C 4C 5C 6C 7C 8C 9C 10C JC"], True),
    row(7, ["3C 4C JK 6C JK 8C 9C"], {"too-many-wilds"}),
    row(7, ["3C 4C 5C 6C 7C 8C"], {"size-below-minimum"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), BOLIVIA)
def test_bolivia(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("telefunken-bolivia", deal, melds, expected)


FARMERS = [
    row(1, ["5H 5S 5D"], True),
    row(1, ["5H 5H 5S"], True),  # no suit constraint (docs/rules.md, D42)
    row(1, ["5H 5S 2C"], {"wilds-not-allowed-in-contract"}),
    row(1, ["5H 6H 7H"], {"mixed-ranks"}),
    row(2, ["5H 5S 2C", "9D 9D JK"], True),
    row(2, ["5H 2S JK", "9D 9D 9C"], {"too-many-wilds"}),
    row(3, ["KH KS 2C KD"], True),
    row(3, ["KH KS 2C JK"], {"too-many-wilds"}),
    row(4, ["KH KS 2C KD", "4C 4C 4D 4H"], True),
    row(5, ["8H 8S 8D 2C JK"], True),
    row(6, ["8H 8S 8D 2C JK", "AH AS AD AC AC"], True),
    row(7, ["6H 6S 6D 6C JK JK"], True),
    row(7, ["6H 6S 6D JK JK 2C"], {"too-many-wilds"}),
    row(8, ["6H 6S 6D 6C JK JK", "QH QS QD QC 2S 2H"], True),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), FARMERS)
def test_farmers(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("farmers-rummy", deal, melds, expected)


SHANGHAI = [
    row(1, ["7H 7S 7D", "8H 8S JK"], True),
    row(1, ["7H 7S 7D", "7H 7S 7C"], {"sets-share-rank"}),  # six 7s are not two books
    row(2, ["7H 7S 7D", "JH QH KH AH"], True),
    row(2, ["7H 7S 7D", "AH 2H 3H 4H"], {"ace-high-only"}),
    row(3, ["3H 4H 5H 6H", "8H 9H 10H JH"], True),
    row(3, ["3H 4H 5H 6H", "7S 8S 9S 10S"], True),
    row(3, ["3H 4H 5H JK", "7H 8H 9H 10H"], True),  # the joker stands for 2♥: the runs do not touch
    row(3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], {"runs-adjacent"}),
    row(3, ["7H 8H 9H 10H", "3H 4H 5H 6H"], {"runs-adjacent"}),
    row(3, ["3H 4H 5H", "7H 8H 9H 10H"], {"too-few-cards"}),
    row(4, ["7H 7S 7D", "8H 8S 8D", "9C 9C JK"], True),
    row(4, ["7H 7S 7D", "8H 8S 8D", "8C 8C JK"], {"sets-share-rank"}),
    row(5, ["7H 7S 7D", "8H 8S 8D", "3C 4C JK 6C"], True),
    row(6, ["7H 7S 7D", "3H 4H 5H 6H", "3S 4S 5S 6S"], True),
    row(6, ["7H 7S 7D", "3H 4H 5H 6H", "7H 8H 9H 10H"], {"runs-adjacent"}),
    row(7, ["3H 4H 5H 6H", "8H 9H 10H JH", "3S 4S 5S 6S 7S"], True),  # longer runs allowed: no discard
    row(7, ["3H 4H 5H 6H", "8H 9H 10H JH", "3S 4S 5S"], {"too-few-cards"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), SHANGHAI)
def test_shanghai(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("shanghai", deal, melds, expected)


TAHELIA = [
    row(1, ["7H 7S 7D", "8H 8S JK"], True),
    row(2, ["7H 7S 7D", "JH QH KH AH"], True),
    row(3, ["3H 4H 5H 6H", "8S 9S 10S JS"], True),
    row(3, ["3H 4H 5H 6H", "8H 9H 10H JH"], {"runs-share-suit"}),
    row(3, ["3H 4H 5H 6H", "7H 8H 9H 10H"], {"runs-share-suit"}),
    row(4, ["7H 7S 7D", "8H 8S 8D", "9C 9C JK"], True),
    row(5, ["7H 7S 7D", "8H 8S 8D", "3C 4C JK 6C"], True),
    row(6, ["7H 7S 7D", "3H 4H 5H 6H", "3S 4S 5S 6S"], True),
    row(6, ["7H 7S 7D", "3H 4H 5H 6H", "8H 9H 10H JH"], {"runs-share-suit"}),
    row(7, ["7H 7S 7D", "8C 8C JK", "9H 9S 9D", "10H 10S 10D"], True),
    row(7, ["7H 7S 7D", "7C 7C JK", "8H 8S 8D", "9H 9S 9D"], {"sets-share-rank"}),
    row(8, ["3H 4H 5H 6H", "8S 9S 10S JS", "JD QD KD AD"], True),
    row(8, ["3H 4H 5H 6H", "8S 9S 10S JS", "JH QH KH AH"], {"runs-share-suit"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), TAHELIA)
def test_tahelia_powe(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("shanghai-tahelia-powe", deal, melds, expected)


KOLSOV = [
    row(1, ["7H 7S 7D", "8H 8S JK"], True),
    row(2, ["7H 7S 7D", "3C 4C JK 6C"], True),
    row(3, ["3H 4H 5H 6H", "8H 9H 10H JH"], True),
    row(4, ["7H 7S 7D", "8H 8S 8D", "9C 9C JK"], True),
    row(5, ["7H 7S 7D", "3C 4C 5C 6C 7C 8C JK"], True),
    row(5, ["7H 7S 7D", "3C 4C 5C 6C 7C 8C 9C 10C"], {"size-not-exact"}),
    row(6, ["7H 7S 7D", "8H 8S 8D", "3C 4C JK 6C 7C"], True),
    row(7, ["3H 4H 5H 6H", "8H 9H 10H JH", "3S 4S 5S 6S"], True),
    row(8, ["7H 7S 7D", "2C 3C 4C 5C 6C 7C 8C 9C 10C JC"], True),
    row(9, ["7H 7S 7D", "8H 8S 8D", "9H 9S 9D", "3C 4C 5C 6C 7C"], True),
    row(10, ["3H 4H 5H 6H 7H", "9H 10H JH QH KH AH", "3S 4S 5S 6S 7S"], True),
    row(10, ["3H 4H 5H 6H 7H", "8H 9H 10H JH QH", "3S 4S 5S 6S 7S"], {"runs-adjacent"}),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), KOLSOV)
def test_deb_kolsov(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("shanghai-deb-kolsov", deal, melds, expected)


PROGRESSIVE = [
    row(1, ["7H 7S 7D", "7H 7S 2C"], True),
    row(1, ["7H JK JK", "8D 2C 2S"], True),
    row(1, ["JK JK JK", "7H 7S 7D"], {"no-natural"}),
    row(2, ["7H 7S 7D", "3C 4C 5C 6C"], True),
    row(3, ["7H 7S 7D 7C", "QH QS 2D JK"], True),
    row(4, ["3H 4H 5H 6H", "7H 8H 9H 10H"], True),  # docs/rules.md, D41: consecutive runs may be separate
    row(5, ["7H 7S 7D", "8H 8S 8D", "3C 4C JK 6C"], True),
    row(6, ["7H 7S 7D 7C", "3C 4C JK JK 7C"], True),
    row(7, ["7H 7S 7D 7C 7C", "8H 8S 8D JK 2C"], True),
    row(8, ["3H JK JK JK 7H", "AS 2S 3S 4S 5S"], True),
    row(9, ["3H 3S 3D", "4S 4S JK", "8D 8D 2C", "JC JD JK"], True),
    row(10, ["3H 4H 5H 6H", "3S 4S 5S 2C", "JC QC KC AC"], True),
    row(11, ["3H 3S 3D 3C", "4S 4S JK 4D", "8D 8D 2C 8C"], True),
    row(12, ["3H 4H 5H", "3S 4S JK", "8D 9D 2C", "JC QC KC", "5S 6S 7S"], True),
    row(12, ["3H 4H 5H 6H", "3S 4S JK", "8D 9D 2C", "JC QC KC", "5S 6S 7S"], {"size-not-exact"}),
    row(13, ["3H 3S 3D", "4S 4S JK", "8D 8D 2C", "JC JD JK", "5S 5D 5C"], True),
    row(14, ["5H 5S 5D 5C JK", "3H 4H 5H 6H 7H", "9S 2C"], True),
    row(14, ["5H 5S 5D 5C JK", "3H 4H 5H 6H 7H", "9S 8C"], {"mixed-ranks"}),
    row(14, ["5H 5S 5D 5C JK", "3H 4H 5H 6H 7H", "9S 9C 9D"], {"wrong-kind"}),  # a trío is no pair
    row(15, ["7H 7S 7D", "8H 8S 8D", "3C 4C JK 6C 7C"], True),
]


@pytest.mark.parametrize(("deal", "melds", "expected"), PROGRESSIVE)
def test_progressive(deal: int, melds: list[str], expected: bool | set[str]) -> None:
    check("progressive-rummy", deal, melds, expected)


TABLES = {
    "telefunken": [TELEFUNKEN],
    "telefunken-ecuador": [ECUADOR],
    "telefunken-peru": [PERU],
    "telefunken-peru-wittig": [WITTIG],
    "delifante": [PERU],
    "super-deli": [PERU, SUPER_DELI],
    "telefunken-peru-carrillo": [CARRILLO],
    "telefunken-bolivia": [BOLIVIA],
    "farmers-rummy": [FARMERS],
    "shanghai": [SHANGHAI],
    "shanghai-tahelia-powe": [TAHELIA],
    "shanghai-deb-kolsov": [KOLSOV],
    "progressive-rummy": [PROGRESSIVE],
}


@pytest.mark.parametrize("variant", list(TABLES))
def test_every_deal_has_valid_and_invalid_rows(variant: str) -> None:
    """The tables run for each variant hold a valid contract for every deal, and invalid ones too."""
    rows = [p.values for table in TABLES[variant] for p in table]  # type: ignore[attr-defined]
    deals = {d.number for d in find_variant(variant).deals}
    assert deals <= {deal for deal, _, expected in rows if expected is True}
    assert any(expected is not True for _, _, expected in rows)


# ---- the worked examples, messages and the verdict ---------------------------------------------------------


def test_worked_examples() -> None:
    verdict = check_contract("telefunken", 7, ["4H 4S 4D", "3C 4C JK 6C 7C 8C 9C"])
    assert verdict.valid
    run = verdict.melds[1]
    assert run is not None
    assert run.wilds_json() == {"2": "5C"}
    verdict = check_contract("telefunken", 1, ["7H 7S JK"])
    assert not verdict.valid
    assert [str(p) for p in verdict.problems] == [
        "a joker in the pure trío: deal 1 needs three natural cards of different suits"
    ]


def test_verdict_follows_input_order() -> None:
    verdict = check_contract("telefunken", 7, [RUN7, "4H 4S 4D"])
    contract = deal_contracts("telefunken", 7)[0]
    assert [m.kind if m else None for m in verdict.melds] == [MeldKind.RUN, MeldKind.SET]
    assert verdict.requirements == (contract.melds[1], contract.melds[0])
    assert verdict.contract is contract


def test_problems_name_their_meld_when_there_are_several() -> None:
    verdict = check_contract("telefunken", 7, ["4H 4S 4D 4C", RUN7])
    (problem,) = verdict.problems
    assert problem.param("meld") == 1
    assert str(problem) == "meld 1: 4 cards in the trío: deal 7 needs exactly 3"
    single = check_contract("telefunken", 1, ["7H 7S JK"]).problems[0]
    assert single.param("meld") == 1
    assert not str(single).startswith("meld")


@pytest.mark.parametrize(
    ("variant", "deal", "melds", "message"),
    [
        pytest.param(
            "shanghai",
            3,
            ["3H 4H 5H 6H", "7H 8H 9H 10H"],
            "3♥–6♥ and 7♥–10♥ are consecutive runs of one suit: Shanghai Rummy does not allow them in one contract",
            id="shanghai 3: adjacent",
        ),
        pytest.param(
            "shanghai",
            1,
            ["KH KS KD", "KH KS KC"],
            "two sets of kings: Shanghai Rummy does not allow two contract sets of one rank",
            id="shanghai 1: six kings",
        ),
        pytest.param(
            "telefunken",
            2,
            ["7H 7S 7D"],
            "one meld: deal 2 asks for exactly 2 tríos",
            id="telefunken 2: one meld",
        ),
        pytest.param(
            "telefunken-ecuador",
            3,
            ["QH QS QD JK"],
            "a joker in the contract: deal 3 allows no wild card",
            id="ecuador 3: a joker",
        ),
        pytest.param(
            "telefunken",
            1,
            ["7H 8H 9H"],
            "7♥ 8♥ 9♥ is a run, but deal 1 needs a pure trío here",
            id="telefunken 1: a run",
        ),
    ],
)
def test_messages(variant: str, deal: int, melds: list[str], message: str) -> None:
    assert [str(p) for p in check_contract(variant, deal, melds).problems] == [message]


# ---- bad input -----------------------------------------------------------------------------------------------


def test_copies_are_counted_across_all_melds() -> None:
    with pytest.raises(TooManyCopiesError):
        check_contract("telefunken", 2, ["9C 9C 9D", "9C 9H 9S"])
    with pytest.raises(TooManyCopiesError):
        check_contract("telefunken-bolivia", 2, ["9C 9C 9D", "9C 9H 9S"], players=4)
    assert check_contract("telefunken-bolivia", 2, ["9C 9C 9D", "9C 9H 9S"], players=6).valid


def test_bad_input_raises_rules_errors() -> None:
    with pytest.raises(DealOutOfRangeError):
        check_contract("telefunken", 8, ["7H 7S 7D"])
    with pytest.raises(CardError):
        check_contract("telefunken", 1, ["7H 7S 7X"])
    with pytest.raises(MeldsError):
        check_contract("telefunken", 1, 7)  # type: ignore[arg-type]
    with pytest.raises(MeldsError):
        check_contract("telefunken", 1, parse_cards("7H 7S 7D"))  # type: ignore[arg-type]  # one meld, not a list
    with pytest.raises(MeldsError):
        check_contract("telefunken", 1, [7])  # type: ignore[list-item]
    with pytest.raises(MeldsError):
        check_contract("telefunken", 1, None)  # type: ignore[arg-type]
    with pytest.raises(RulesError):
        check_contract("no-such-game", 1, ["7H 7S 7D"])


def test_melds_as_text() -> None:
    assert [len(m) for m in split_melds("4H 4S 4D | 3C 4C JK 6C 7C 8C 9C")] == [3, 7]
    assert check_contract("telefunken", 7, "4H 4S 4D | 3C 4C JK 6C 7C 8C 9C").valid
    assert check_contract("telefunken", 7, "4H 4S 4D; 3C 4C JK 6C 7C 8C 9C").valid
