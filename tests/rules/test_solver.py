"""The contract solver: solvable and unsolvable hands for every variant, from docs/rules.md §3–§10.

Each row is (deal, hand, expected): ``True`` when the hand holds the contract (a go-out deal: the whole hand goes
down at once), else the set of problem codes in ``Solution.missing``. The test id is the deal and the hand in the
card notation. Every arrangement found is checked with ``check_contract`` (its contract melds) and ``classify``
(the further melds of a go-out deal), and every card is accounted for exactly once.
"""

from __future__ import annotations

from collections import Counter

import pytest

from referee.rules.cards import Card, CardError, TooManyCopiesError, full_deck, parse_cards
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.contracts import check_contract
from referee.rules.melds import classify, decode, encode
from referee.rules.problems import RulesError
from referee.rules.solver import solve
from referee.rules.solver.answer import ContractChoiceError, HandSizeError, Solution
from referee.rules.solver.closest import ClosestSearch
from referee.rules.solver.missing import Shortfall
from referee.rules.solver.search import Search
from referee.rules.solver.shapes import SLOTS
from referee.rules.variants import DealOutOfRangeError, Discard, MeldKind, PlayerCountError
from referee.rules.wording import MESSAGES

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.rules.solver.answer",
    "referee.rules.solver.closest",
    "referee.rules.solver.missing",
    "referee.rules.solver.search",
)


def row(deal: int, hand: str, expected: bool | set[str]) -> object:
    return pytest.param(deal, hand, expected, id=f"{deal}: {hand}")


def checked(variant: str, deal: int, hand: str) -> Solution:
    """Solve, and check that the answer holds together whatever it is."""
    var = find_variant(variant)
    solution = solve(var, deal, hand)
    cards = parse_cards(hand)
    laid = [c for m in solution.melds for c in m.cards]
    assert Counter(laid) + Counter(solution.left) == Counter(cards), "every card once, in a meld or left"
    assert len(solution.requirements) == len(solution.melds)
    for meld, req in zip(solution.melds, solution.requirements, strict=True):
        if req is None:
            assert solution.go_out, "further melds only in a go-out deal"
            assert classify(meld.cards, var).valid, str(meld)
    if solution.possible:
        verdict = check_contract(var, deal, [m.cards for m in solution.contract_melds], contract=solution.contract)
        assert verdict.valid, [p.message for p in verdict.problems]
        assert solution.missing == ()
        if solution.go_out:
            discard = var.final_discard_in(deal)
            most = 0 if discard is Discard.FORBIDDEN else 1
            least = 1 if discard is Discard.REQUIRED else 0
            assert least <= len(solution.left) <= most
    else:
        assert solution.missing, "an unsolvable hand says what is missing"
        assert all(p.key in MESSAGES and p.message for p in solution.missing), "a sentence the screens know"
    return solution


def check(variant: str, deal: int, hand: str, expected: bool | set[str]) -> Solution:
    solution = checked(variant, deal, hand)
    if expected is True:
        assert solution.possible, solution.messages
    else:
        assert not solution.possible, [m.describe() for m in solution.melds]
        assert {p.code for p in solution.missing} == expected, solution.messages
    return solution


TELEFUNKEN = [
    row(1, "7H 7S 7D 2C", True),
    row(1, "7H 7S JK 9C", {"needs-pure-set-cards"}),
    row(1, "7H 7H 7S 9C", {"needs-pure-set-cards"}),
    row(2, "7H 7S JK 9C 9D 9H 4C", True),
    row(2, "5H 5S 5D 5H 5S 5C", True),  # docs/rules.md, D3: two tríos of one rank
    row(2, "7H 7S 9C 9D 4C", {"needs-set-cards"}),
    row(3, "QH QS QD JK", True),
    row(4, "5S 5H 5D JK 8C 8D 8H 8S KC", True),
    row(4, "5S 5H JK JK 8C 8D 8H 8S KC", {"needs-set-cards"}),  # one joker per meld
    row(5, "KS KH KD KC JK 3C", True),
    row(5, "KS KH KD JK JK 3C", {"needs-set-cards"}),
    row(6, "8H 8S 8D 8C JK KH KS KD KC KC 2C", True),
    # deal 7: the whole hand at once — trío, run of 7 or more, further melds, at most one card discarded
    row(7, "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C", True),
    row(7, "4H 4S 4D 3C 4C 5C 6C 7C 8C 9C KD KS KH", True),
    row(7, "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C QH", True),  # QH is discarded
    row(7, "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C KD KS", {"cards-left-over"}),
    row(7, "4H 4S 3C 4C 5C 6C 7C 8C 9C", {"needs-run-cards"}),  # the trío takes the 4♣: a 4 or a joker short
    row(7, "4H 4S 4D 3C 4C 5C 7C 8C 9C 10C", {"needs-run-cards"}),
]

ECUADOR = [
    row(1, "7H 7S 7D", True),
    row(1, "7H 7S JK", {"needs-pure-set-cards"}),
    row(2, "7H 7S 7D 9C 9D JK", True),
    row(2, "7H 7S JK 9C 9D JK", {"needs-pure-set-cards"}),  # at most one joker in the whole contract
    row(4, "QH QS QD JK 3C 3C 3D 3H", True),
    row(4, "QH QS QD JK 3C 3C 3D JK", {"needs-set-cards"}),
    row(6, "7S 7D 7H 3H 4H 5H 6H", True),  # the chueca: the run must leave the 7♥ to the trío
    row(6, "7S 7D JK 3H 4H 5H 6H", {"needs-set-cards"}),  # the chueca takes no joker
    row(7, "3C 4C 5C 6C 7C 8C JK 9H 9S 9D", True),
    row(7, "3C 4C 5C 6C 7C JK JK 9H 9S 9D", {"needs-run-cards"}),
]

PERU = [
    row(1, "5S 5H 5D 8C 8C 8D 2H", True),
    row(1, "5S 5H 2D 8C 8C 8D JK", {"needs-set-cards"}),  # no wild card in a set
    row(2, "KS KH KD KC", True),
    row(6, "QS QS QH QD QC QC 3C", True),
    row(6, "QS QS QH QD QC 2C 3C", {"needs-set-cards"}),
]

WITTIG = [
    row(6, "QS 2H 2D JK JK JK", True),  # any number of wilds in a set, with a natural card
    row(1, "2H 2D JK 5S 5H 5D", True),  # the wilds spread over two sets of 5s
    row(1, "2H 2D JK 2S 9C", {"needs-meld"}),  # 2s are wild: a set of 2s is a set of wilds
]

DELIFANTE = [
    row(3, "AS AS AH AD KC KC KH KD 5C", True),
    row(3, "AS AS AH KC KC KH KD 5C JK", {"needs-set-cards"}),
    row(1, "5S 5H 5D 8C 8C 8D", True),
]

SUPER_DELI = [
    row(12, "9S 9S 9S 9H 9H 9H 9D 9D 9C 3C", True),
    row(11, "8S 8S 8S 8H 8H 8D 8D 8C KS KS KH KH KD KD KC KC 4C 5C 6C", True),
    row(12, "9S 9S 9S 9H 9H 9H 9D 9D JK 3C", {"needs-set-cards"}),
    row(9, "7S 7S 7H 7H 7D 7D 7C KS KS KH KH KD KD 4C 5C 6C 8C 9C", {"needs-set-cards"}),
]

CARRILLO = [
    row(2, "7S 7D 7H 5H 6H 8H JK", True),  # the joker takes the 7♥'s place so the trío can have it
    row(1, "JK JK JK 5S 5H 5D", True),  # a trío of jokers
    row(1, "JK 5S 5H 9C 9D 9H", {"needs-set-cards"}),  # jokers never mix with naturals in a set
    row(3, "KH AH 2H 3H 4C 5C 6C JK", True),  # around the corner
    row(6, "4C JK JK JK 9D 10D JD QD 7S 7S 7H", True),  # 1 natural + 3 jokers is a run
    row(7, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH 4C", True),  # 4C is discarded
    row(7, "AH 2S 3D 4C 5H 6S 7D 8C 9H 10S JD QC 5D", True),  # a colour run
    row(7, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH KD 2C", True),
    row(7, "JK JK JK 5S 5H 5D 9S 9H 9D KS KH KD 2C", True),  # a trío of jokers among the four
    row(7, "JK JK JK JK 5S 5H 5D 9S 9H 9D KS KH KD", True),  # the fourth joker is the discard
    row(7, "3D 4D JK 6D 7D 8D 9D 10D JD QD KD AD 2C", True),  # a royal run with a joker
    row(7, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH", {"needs-discard"}),  # the 13th card is discarded
    row(7, "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH 5C 6C", {"needs-run-cards"}),
    row(7, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH KD 2C 4C", {"cards-left-over"}),
]

BOLIVIA = [
    row(1, "7H 7S 7D", True),
    row(7, "3C 4C 5C 6C 7C 8C JK KD", True),  # not a go-out deal in Bolivia
    row(7, "3C 4C 5C 6C 8C JK JK KD", {"needs-run-cards"}),
]

FARMERS = [
    row(1, "7H 7H 7S 2C", True),
    row(1, "7H 7S 2C JK", {"needs-set-cards"}),  # deal 1 takes no wild card
    row(6, "9S 9H 9D 2C JK KS KH KD KC 2H", True),  # naturals outnumber wilds
    row(5, "9S 9H 2D JK JK", {"needs-set-cards"}),
    row(8, "QS QS QH QD 2C JK 4S 4S 4H 4H 2D JK", True),
]

SHANGHAI = [
    row(1, "7S 7H 7D 8C 8S JK", True),
    row(1, "7S 7H 7D 7C 7S 7H", {"needs-meld", "blocked-sets-share-rank"}),  # six 7s are not two books
    row(2, "7S 7D 7H 4H 5H 6H JK", True),
    row(3, "3H 4H 5H 6H 8H 9H 10H JH", True),
    row(3, "3H 4H 5H 6H 7H 8H 9H 10H", {"needs-run-cards", "blocked-runs-adjacent"}),
    row(3, "AH 2H 3H 4H 8S 9S 10S JS", {"needs-run-cards"}),  # the ace is high only
    row(5, "7S 7D 7H 4H 5H 6H 9S 9D 9C 3H", True),  # the run must be 3–6♥, not 4–7♥
    row(7, "3H 4H 5H 6H 7H 8S 9S 10S JS QC KC AC JK", True),  # runs longer than 4, no discard
    row(7, "3H 4H 5H 6H 8S 9S 10S JS QC KC AC 2D", {"needs-run-cards"}),
    row(7, "3H 4H 5H 6H 8S 9S 10S JS JC QC KC AC 2D", {"cards-left-over"}),  # no discard in the last deal
]

TAHELIA = [
    row(2, "7S 7D 7H 4H 5H 6H JK 9C", True),
    row(7, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH KD", True),  # four books
    row(8, "3H 4H 5H 6H 8S 9S 10S JS QC KC AC JC", True),
    row(8, "3H 4H 5H 6H 8H 9H 10H JH QC KC AC JC", {"needs-meld", "blocked-runs-share-suit"}),
    row(8, "3H 4H 5H 6H 8S 9S 10S JS QC KC AC JC 2D", {"cards-left-over"}),
]

KOLSOV = [
    row(5, "5S 5H 5D 3C 4C 5C 6C 7C 8C 9C", True),
    row(8, "KS KH JK 2D 3D 4D 5D 6D 7D 8D 9D 10D JD", True),
    row(10, "3H 4H 5H 6H 7H 8S 9S 10S JS QS 9C 10C JC QC KC", True),
    row(10, "3H 4H 5H 6H 7H 8S 9S 10S JS QS 9C 10C JC QC", {"needs-run-cards"}),
]

PROGRESSIVE = [
    row(12, "3H 4H 5H 6S 7S 8S 9D 10D JD QC KC AC 9H 10H JK", True),
    row(12, "3H 4H 5H 6S 7S 9D 10D QC KC 9H", {"needs-run-cards"}),
    row(14, "8S 8H 8D 2C JK 3C 4C 5C 6C 7C KH KD", True),  # a set of 5, a run of 5 and a pair
    row(4, "2H 3H 4H 5H JK JK QS KS", True),  # 2♥ in its own place is natural; two jokers beside Q♠ K♠
    row(1, "9S 2C 2D 4H 4S 4D", True),  # a set of 9s with two wild 2s
    row(13, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH KD 2C", {"needs-meld"}),
]

TABLES = {
    "telefunken": TELEFUNKEN,
    "telefunken-ecuador": ECUADOR,
    "telefunken-peru": PERU,
    "telefunken-peru-wittig": WITTIG,
    "delifante": DELIFANTE,
    "super-deli": SUPER_DELI,
    "telefunken-peru-carrillo": CARRILLO,
    "telefunken-bolivia": BOLIVIA,
    "farmers-rummy": FARMERS,
    "shanghai": SHANGHAI,
    "shanghai-tahelia-powe": TAHELIA,
    "shanghai-deb-kolsov": KOLSOV,
    "progressive-rummy": PROGRESSIVE,
}


def test_every_variant_has_a_table() -> None:
    assert set(TABLES) == set(VARIANTS)
    for variant, rows in TABLES.items():
        outcomes = {r.values[2] is True for r in rows}  # type: ignore[attr-defined]
        assert outcomes == {True, False}, f"{variant} needs solvable and unsolvable hands"


@pytest.mark.parametrize(
    ("variant", "deal", "hand", "expected"),
    [
        pytest.param(variant, *r.values, id=f"{variant} {r.id}")  # type: ignore[attr-defined]
        for variant, rows in TABLES.items()
        for r in rows
    ],
)
def test_solve(variant: str, deal: int, hand: str, expected: bool | set[str]) -> None:
    check(variant, deal, hand, expected)


# ---- a greedy choice fails, the search does not ------------------------------------------------------


def greedy(variant: str, deal: int, hand: str) -> bool:
    """A greedy player: runs first, each the highest window of natural cards; then sets from the commonest rank.

    Wild cards fill a run's gaps or a set up to its size, within the requirement's limits as ``classify`` and
    ``check_contract`` judge them. It never reconsiders a choice.
    """
    var = find_variant(variant)
    rules = var.meld_rules
    contract = var.deal(deal).contracts[0]
    cards = list(parse_cards(hand))
    chosen: list[tuple[Card, ...]] = []
    wilds = [c for c in cards if rules.is_wild(c)]
    order = sorted(contract.melds, key=lambda r: r.kind is not MeldKind.RUN)
    for req in order:
        naturals = [c for c in cards if not rules.is_wild(c)]
        found: tuple[Card, ...] | None = None
        if req.kind is MeldKind.RUN:
            for high in range(14, req.size - 0, -1):
                for suit_cards in ({c for c in naturals if c.suit is s} for s in {c.suit for c in naturals}):
                    window = [r if r != 14 else 1 for r in range(high - req.size + 1, high + 1)]
                    have = [next((c for c in suit_cards if c.rank == r), None) for r in window]
                    present = tuple(c for c in have if c is not None)
                    gap = req.size - len(present)
                    if present and gap <= len(wilds):
                        attempt = present + tuple(wilds[:gap])
                        if check_contract(var, deal, [attempt], contract=type(contract)((req,))).valid:
                            found = attempt
                            break
                if found:
                    break
        else:
            by_rank = Counter(c.rank for c in naturals)
            for rank, _ in by_rank.most_common():
                same = tuple(c for c in naturals if c.rank is rank)[: req.size]
                attempt = same + tuple(wilds[: req.size - len(same)])
                alone = type(contract)((req,))
                if len(attempt) == req.size and check_contract(var, deal, [attempt], contract=alone).valid:
                    found = attempt
                    break
        if found is None:
            return False
        chosen.append(found)
        for card in found:
            cards.remove(card)
            if card in wilds:
                wilds.remove(card)
    return check_contract(var, deal, chosen).valid


TRAPS = [
    pytest.param("telefunken-ecuador", 6, "7S 7D 7H 3H 4H 5H 6H", id="ecuador chueca: 3-6♥, not 4-7♥"),
    pytest.param("telefunken-peru-carrillo", 2, "7S 7D 7H 5H 6H 8H JK", id="carrillo: the joker stands for 7♥"),
    pytest.param("shanghai", 5, "7S 7D 7H 4H 5H 6H 9S 9D 9C 3H", id="shanghai: the run leaves the 7♥"),
    pytest.param("shanghai-deb-kolsov", 2, "8H 9H 10H JH QH QS QD", id="kolsov: the run is 8-J♥, not 9-Q♥"),
    pytest.param("progressive-rummy", 5, "8S 8D 8H 5H 6H 7H 4H KS KS KD", id="progressive: the run is 4-7♥"),
]


@pytest.mark.parametrize(("variant", "deal", "hand"), TRAPS)
def test_a_search_finds_what_a_greedy_choice_misses(variant: str, deal: int, hand: str) -> None:
    assert not greedy(variant, deal, hand), "the hand is no trap for a greedy player"
    solution = checked(variant, deal, hand)
    assert solution.possible


def test_go_out_trap_a_card_both_the_trio_and_the_run_want() -> None:
    # 7♣ could make a trío with 7♥ 7♠, but the run of 7 needs it: 7♥ 7♠ 7♦ or the 5s make the trío
    solution = checked("telefunken", 7, "7H 7S 7C 8C 9C 10C JC QC KC 5D 5S 5H 7D")
    assert solution.possible
    assert solution.left == ()
    runs = [m for m in solution.melds if m.kind is MeldKind.RUN]
    assert [str(c) for c in runs[0].cards] == ["7C", "8C", "9C", "10C", "JC", "QC", "KC"]


# ---- what the answer says -------------------------------------------------------------------------


def test_the_arrangement_says_what_each_wild_stands_for() -> None:
    solution = solve("telefunken", 7, "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C")
    run = solution.melds[1]
    assert run.kind is MeldKind.RUN
    assert run.wilds_json() == {"2": "5C"}
    assert [str(c) for c in run.resolved] == ["3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C"]
    assert solution.left == ()


def test_an_or_more_run_is_shown_as_long_as_the_hand_allows() -> None:
    solution = solve("telefunken-bolivia", 7, "3C 4C 5C 6C 7C 8C 9C 10C JC KD")
    assert len(solution.melds[0].cards) == 9
    assert [str(c) for c in solution.left] == ["KD"]


def test_missing_in_words() -> None:
    solution = solve("telefunken", 2, "7H 7S 9C 9D 4C")
    assert solution.messages == (
        "the trío needs one more 9 or a joker",
        "the trío needs one more 7 or a joker",
    )
    run = solve("telefunken-bolivia", 7, "5H 6H 7H 9H 10H JH KD")
    assert run.messages == ("the run of 7 or more needs 8♥ or a joker to complete the run 5♥–J♥",)
    assert solve("telefunken", 1, "7H 7S JK 9C").messages == (
        "the pure trío needs one more 7 of a suit it does not have yet: ♦ ♣",
    )
    assert solve("farmers-rummy", 5, "9S 9H 2D JK JK").messages == (
        "the quinteto needs 2 more cards of rank 9 (wild cards may stand in for 1 of them)",
    )
    assert solve("telefunken", 7, "4H 4S 4D 3C 4C JK 6C 7C 8C 9C 10C KD KS").messages == (
        "K♠ K♦ cannot be laid down: in deal 7 the whole hand goes down at once, with at most one card discarded",
    )


def test_the_closest_partial_arrangement_meets_most_requirements() -> None:
    solution = solve("shanghai", 5, "7S 7D 7H 9S 9D 9C 3H 4H 8C")
    assert not solution.possible
    assert [m.describe() for m in solution.melds] == ["set of 7s", "set of 9s"]
    assert [p.code for p in solution.missing] == ["needs-run-cards"]


def _counts(hand: str) -> tuple[int, ...]:
    """The hand as the search holds it: how many of each card code."""
    counts = [0] * SLOTS
    for code in encode(hand):
        counts[code] += 1
    return tuple(counts)


def test_one_contracts_searches_asked_directly() -> None:
    """What solve does for each contract, step by step: the exact search (Search), the closest arrangement
    (ClosestSearch) and what it still misses (Shortfall), on Telefunken's deal 2 (two tríos)."""
    variant = find_variant("telefunken")
    deal = variant.deal(2)
    settings = {"go_out": False, "discard": variant.final_discard_in(2), "extras": False}
    # Card codes: rank × 4 + suit (♠ 0, ♥ 1, ♦ 2, ♣ 3), a joker 0: 7♠ 28, 7♥ 29, 7♦ 30, 9♥ 37, 9♦ 38, 9♣ 39.
    plan = Search(variant, deal, deal.contracts[0], **settings).exact(_counts("7H 7S JK 9C 9D 9H 4C"))
    assert plan is not None
    assert sorted((part.req, part.shape, part.naturals, part.wilds) for part in plan) == [
        (0, (7,), (28, 29), (0,)),
        (1, (9,), (37, 38, 39), ()),
    ]
    short = _counts("7H 7S 7D 9C 9D 4C")
    assert Search(variant, deal, deal.contracts[0], **settings).exact(short) is None
    closest = ClosestSearch(variant, deal, deal.contracts[0], **settings)
    met = [part for part in closest.closest(short) if part.req is not None]
    assert [(part.shape, part.naturals, part.wilds) for part in met] == [((7,), (28, 29, 30), ())]
    left = _counts("9C 9D 4C")
    missing = Shortfall(closest).missing(met, left, decode(c for c in range(SLOTS) for _ in range(left[c])))
    assert [p.message for p in missing] == ["the trío needs one more 9 or a joker"]
    assert tuple(missing) == solve(variant, 2, "7H 7S 7D 9C 9D 4C").missing


def test_alternatives_the_closest_one_is_reported() -> None:
    solution = solve("telefunken-peru-carrillo", 7, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH 2C 4C")
    assert not solution.possible
    assert solution.contract.describe().startswith("4 tríos")
    chosen = solve("telefunken-peru-carrillo", 7, "3S 3H 3D 5S 5H 5D 9S 9H 9D KS KH KD 2C", contract=1)
    assert not chosen.possible
    assert chosen.contract.describe().startswith("3 runs")


def test_a_solution_is_true_when_possible() -> None:
    assert solve("telefunken", 1, "7H 7S 7D")
    assert not solve("telefunken", 1, "7H 7S 8D")


# ---- bad input ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "deal", "hand", "error"),
    [
        pytest.param("telefunken", 1, "", HandSizeError, id="no cards"),
        pytest.param("telefunken", 1, " ".join(str(c) for c in full_deck()[:31]), HandSizeError, id="31 cards"),
        pytest.param("telefunken", 1, "7H 7H 7H", TooManyCopiesError, id="three 7H in two decks"),
        pytest.param("telefunken", 1, "JK JK JK JK JK", TooManyCopiesError, id="five jokers"),
        pytest.param("telefunken", 1, "7H 7X", CardError, id="bad card"),
        pytest.param("telefunken", 1, "7 7 7", CardError, id="bare ranks"),
        pytest.param("telefunken", 8, "7H 7S 7D", DealOutOfRangeError, id="deal 8"),
        pytest.param("nope", 1, "7H 7S 7D", RulesError, id="unknown variant"),
    ],
)
def test_bad_input(variant: str, deal: int, hand: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        solve(variant, deal, hand)


def test_thirty_cards_are_fine_and_copies_follow_the_players() -> None:
    hand = "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C 6S 6H 6D 6C 7S 7H 7D 7C 8S 8H"
    assert len(parse_cards(hand)) == 30
    assert solve("telefunken", 4, hand).possible
    assert not solve("telefunken", 6, hand).possible  # no quinteto without a joker
    assert solve("farmers-rummy", 1, "9S 9S 9S").possible  # 4 decks for 8 players
    with pytest.raises(TooManyCopiesError):
        solve("farmers-rummy", 1, "9S 9S 9S", players=4)
    with pytest.raises(PlayerCountError):
        solve("farmers-rummy", 1, "9S 9S 9S", players=12)


def test_a_contract_choice_must_be_the_deals() -> None:
    with pytest.raises(ContractChoiceError) as refused:
        solve("telefunken-peru-carrillo", 7, "3S 3H 3D", contract=4)
    assert str(refused.value) == (
        "4 is not a contract of deal 7: it has 4, numbered from 0 (4 tríos, 3 runs of 4, royal run: 1 run of 12 and "
        "colour run: 1 colour run of 12 with no wild card)"
    )
    with pytest.raises(HandSizeError, match="^a hand of 0 cards: give 1 to 30 cards$"):
        solve("telefunken", 1, "")
    assert issubclass(ContractChoiceError, RulesError)
    assert issubclass(HandSizeError, RulesError)

