"""One meld, per variant: tables straight from docs/rules.md §2–§11, with the card notation as the test id.

A valid meld is given by its description (which checks the arrangement: where the ace sits, what each wild card
stands for); an invalid one by the set of problem codes the referee must give, no more and no fewer.
"""

from __future__ import annotations

import pytest

from referee.rules.cards import JOKER, Card, CardError, Rank, Suit, TooManyCopiesError, parse_cards
from referee.rules.catalogue import find_variant, variant_ids
from referee.rules.melds import classify, explain, readings
from referee.rules.melds.codes import ANY_RANK, check_codes, decode, encode, wilds_allowed
from referee.rules.melds.explanations import plausible_kinds
from referee.rules.melds.readings import colour_order, meld_readings
from referee.rules.melds.values import Meld
from referee.rules.problems import RulesError
from referee.rules.variants import AceRule, MeldKind, MeldRules, UnknownVariantError, WildLimit

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.rules.melds.codes",
    "referee.rules.melds.explanations",
    "referee.rules.melds.readings",
    "referee.rules.melds.values",
)

P = pytest.param


def check(variant: str, cards: str, expected: str | set[str]) -> None:
    verdict = classify(cards, variant)
    if isinstance(expected, str):
        assert verdict.valid, [str(p) for p in verdict.problems]
        assert verdict.meld is not None
        assert verdict.meld.describe() == expected
        assert verdict.problems == ()
    else:
        assert not verdict.valid
        assert verdict.meld is None
        assert {p.code for p in verdict.problems} == expected, [str(p) for p in verdict.problems]
        for problem in verdict.problems:
            assert problem.message  # every template formats with its own params


# ---- Telefunken, Venezuela (§3): jokers only, at most one per set or run, ace low or high ------------------

TELEFUNKEN = [
    P("7H 7S 7D", "set of 7s", id="7H 7S 7D"),
    P("7H 7H 7S", "set of 7s", id="7H 7H 7S"),  # duplicate suits are allowed outside the pure trío
    P("7H 7S JK", "set of 7s with one joker", id="7H 7S JK"),
    P("JK 7S 7H", "set of 7s with one joker", id="JK 7S 7H"),
    P("7H 7S 7D 7C 7H 7S JK", "set of 7s with one joker", id="7H 7S 7D 7C 7H 7S JK"),
    P("2H 2S 2C", "set of 2s", id="2H 2S 2C"),  # 2s are natural in Venezuela
    P("3C 4C JK 6C 7C 8C 9C", "run 3♣–9♣, joker as 5♣", id="3C 4C JK 6C 7C 8C 9C"),
    P("9C 3C JK 4C 6C 7C 8C", "run 3♣–9♣, joker as 5♣", id="9C 3C JK 4C 6C 7C 8C"),
    P("AH 2H 3H", "run A♥–3♥", id="AH 2H 3H"),
    P("QH KH AH", "run Q♥–A♥", id="QH KH AH"),
    P("AH KH QH", "run Q♥–A♥", id="AH KH QH"),
    P("5H 6H JK", "run 5♥–7♥, joker as 7♥", id="5H 6H JK"),  # the wild stands as high as it can
    P("5H JK 7H", "run 5♥–7♥, joker as 6♥", id="5H JK 7H"),
    P("QS KS JK", "run Q♠–A♠, joker as A♠", id="QS KS JK"),
    P("AD JK 3D", "run A♦–3♦, joker as 2♦", id="AD JK 3D"),
    P("2H 3H 4H", "run 2♥–4♥", id="2H 3H 4H"),
    # all thirteen ranks: the ace may be low or high; as high as possible comes first
    P("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "run 2♥–A♥", id="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
    P("2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "run 2♥–A♥", id="2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    P("7H JK 7S JK", {"too-many-wilds"}, id="7H JK 7S JK"),
    P("7H 8H JK JK", {"too-many-wilds"}, id="7H 8H JK JK"),
    P("KH AH 2H", {"ace-in-middle"}, id="KH AH 2H"),
    P("10H JH QH KH AH 2H", {"ace-in-middle"}, id="10H JH QH KH AH 2H"),
    P("7H 8S 9H", {"mixed-ranks", "mixed-suits"}, id="7H 8S 9H"),
    P("7H 7S 7D 8H", {"mixed-ranks"}, id="7H 7S 7D 8H"),
    P("3H 5H 9H", {"not-consecutive"}, id="3H 5H 9H"),
    P("3H 5H 9H JK", {"not-consecutive"}, id="3H 5H 9H JK"),
    P("7H 7H 8H", {"duplicate-rank-in-run"}, id="7H 7H 8H"),
    P("7H 7S", {"too-few-cards"}, id="7H 7S"),
    P("5H 6H", {"too-few-cards"}, id="5H 6H"),
    P("7H", {"too-few-cards"}, id="7H"),
    P("", {"too-few-cards"}, id="(no cards)"),
    P("JK JK JK", {"no-natural"}, id="JK JK JK"),
    P(
        "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
        {"run-too-long", "duplicate-rank-in-run"},
        id="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH",
    ),
]


@pytest.mark.parametrize(("cards", "expected"), TELEFUNKEN)
def test_telefunken(cards: str, expected: str | set[str]) -> None:
    check("telefunken", cards, expected)


# ---- Ecuador (§4) and Bolivia (§7) inherit Venezuela's meld rules ----------------------------------------

INHERITED = [
    P("QD QS JK", "set of queens with one joker", id="QD QS JK"),
    P("10S JS QS KS AS", "run 10♠–A♠", id="10S JS QS KS AS"),
    P("4C JK 6C 7C 8C 9C JK", {"too-many-wilds"}, id="4C JK 6C 7C 8C 9C JK"),
    P("KC AC 2C 3C", {"ace-in-middle"}, id="KC AC 2C 3C"),
]


@pytest.mark.parametrize(("cards", "expected"), INHERITED)
def test_ecuador(cards: str, expected: str | set[str]) -> None:
    check("telefunken-ecuador", cards, expected)


@pytest.mark.parametrize(("cards", "expected"), INHERITED)
def test_bolivia(cards: str, expected: str | set[str]) -> None:
    check("telefunken-bolivia", cards, expected)


# ---- Peru v1 (§5): 2s and jokers wild, none in sets, wilds ≤ naturals in runs, ace around the corner --------

PERU = [
    P("7H 7S 7D", "set of 7s", id="7H 7S 7D"),
    P("KH AH 2H", "run K♥–2♥", id="KH AH 2H"),  # the 2 stands in its own place: natural
    P("QH KH AH 2H 3H", "run Q♥–3♥", id="QH KH AH 2H 3H"),
    P("2H 3H 4H", "run 2♥–4♥", id="2H 3H 4H"),
    P("2C 5H 6H", "run 5♥–7♥, 2♣ as 7♥", id="2C 5H 6H"),
    P("5H 6H JK JK", "run 5♥–8♥, joker as 7♥, joker as 8♥", id="5H 6H JK JK"),
    P("5H JK 7H", "run 5♥–7♥, joker as 6♥", id="5H JK 7H"),
    P("2H 2S 4H", "run 2♥–4♥, 2♠ as 3♥", id="2H 2S 4H"),
    P("JK 2H 3H 4H JK", "run 2♥–6♥, joker as 5♥, joker as 6♥", id="JK 2H 3H 4H JK"),
    P("5H 5S 2C", {"wilds-in-sets-not-allowed"}, id="5H 5S 2C"),
    P("5H 5S JK", {"wilds-in-sets-not-allowed"}, id="5H 5S JK"),
    P("2H 2S 2C", {"no-natural"}, id="2H 2S 2C"),  # docs/rules.md, D4: a set of 2s is a set of wilds
    # as a set and as a run alike: both reasons
    P("5H JK JK", {"wilds-in-sets-not-allowed", "too-many-wilds"}, id="5H JK JK"),
    P("5H 2C 2D JK", {"wilds-in-sets-not-allowed", "too-many-wilds"}, id="5H 2C 2D JK"),
    P("5H 6H JK JK JK", {"too-many-wilds"}, id="5H 6H JK JK JK"),
    P("5H 6S 7H", {"mixed-ranks", "mixed-suits"}, id="5H 6S 7H"),
]


@pytest.mark.parametrize(("cards", "expected"), PERU)
def test_peru(cards: str, expected: str | set[str]) -> None:
    check("telefunken-peru", cards, expected)


# ---- Wittig (§5): any number of wilds in a set with at least one natural; runs as Peru v1 ------------------

WITTIG = [
    P("5H 5S 2C", "set of 5s with one wild card", id="5H 5S 2C"),
    P("5H JK JK 2C", "set of 5s with three wild cards", id="5H JK JK 2C"),
    P("5H JK JK", "set of 5s with two jokers", id="5H JK JK"),  # a set before a run
    P("KH AH 2H", "run K♥–2♥", id="KH AH 2H"),
    P("9C 9C 9C", "set of 9s", id="9C 9C 9C"),  # three decks
    P("2H 2S 2C", {"no-natural"}, id="2H 2S 2C"),
    P("2H 2S 2C JK", {"no-natural"}, id="2H 2S 2C JK"),
    P("5H 6H JK JK JK", {"too-many-wilds"}, id="5H 6H JK JK JK"),
]


@pytest.mark.parametrize(("cards", "expected"), WITTIG)
def test_wittig(cards: str, expected: str | set[str]) -> None:
    check("telefunken-peru-wittig", cards, expected)


# ---- Delifante and Super Deli (§5): Peru v1 with no aces in runs ---------------------------------------------

DELIFANTE = [
    P("AS AH AD", "set of aces", id="AS AH AD"),
    P("QH KH JK", "run J♥–K♥, joker as J♥", id="QH KH JK"),  # the joker cannot be an ace
    P("2H 3H 4H", "run 2♥–4♥", id="2H 3H 4H"),
    P(
        "2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
        "run 2♥–K♥",
        id="2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH",
    ),
    P("AH 2H 3H", {"ace-not-allowed"}, id="AH 2H 3H"),
    P("KH AH 2H", {"ace-not-allowed"}, id="KH AH 2H"),
    P("QH KH AH", {"ace-not-allowed"}, id="QH KH AH"),
    P("5H 5S 2C", {"wilds-in-sets-not-allowed"}, id="5H 5S 2C"),
]


@pytest.mark.parametrize(("cards", "expected"), DELIFANTE)
def test_delifante(cards: str, expected: str | set[str]) -> None:
    check("delifante", cards, expected)


@pytest.mark.parametrize(("cards", "expected"), [*DELIFANTE, P("9C 9C 9C 9C 9C 9C", "set of 9s", id="9C×6")])
def test_super_deli(cards: str, expected: str | set[str]) -> None:
    check("super-deli", cards, expected)


# ---- Peru v2, Carrillo (§6): jokers only as a trío of jokers in sets, unlimited in runs, runs of 4+, wrap ----

COLOUR_RUN = "AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS"
CARRILLO = [
    P("7H 7S 7D", "set of 7s", id="7H 7S 7D"),
    P("JK JK JK", "set of three jokers", id="JK JK JK"),
    P("JK JK JK JK", "set of four jokers", id="JK JK JK JK"),
    P("4C JK JK JK", "run 4♣–7♣, joker as 5♣, joker as 6♣, joker as 7♣", id="4C JK JK JK"),
    P("KH AH 2H 3H", "run K♥–3♥", id="KH AH 2H 3H"),
    P("JK JK 4C 5C", "run 4♣–7♣, joker as 6♣, joker as 7♣", id="JK JK 4C 5C"),
    P(COLOUR_RUN, "colour run A♥–Q♠", id=COLOUR_RUN),
    P("KC AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH", "colour run K♣–J♥", id="KC AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH"),
    P(COLOUR_RUN + " KH", "colour run A♥–K♥", id=COLOUR_RUN + " KH"),
    P("7H 7S JK", {"wilds-mixed-in-set"}, id="7H 7S JK"),
    P("5H 6H 7H", {"too-few-cards"}, id="5H 6H 7H"),
    P("AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QH", {"colour-not-alternating"}, id="AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QH"),
    P("AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH JK", {"wilds-in-colour-run"}, id="AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH JK"),
    P("AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH JS", {"duplicate-rank-in-run"}, id="AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH JS"),
]


@pytest.mark.parametrize(("cards", "expected"), CARRILLO)
def test_carrillo(cards: str, expected: str | set[str]) -> None:
    check("telefunken-peru-carrillo", cards, expected)


# ---- Farmer's Rummy (§8): no runs; 2s and jokers wild, naturals strictly outnumber wilds -------------------

FARMERS = [
    P("5H 5S 2C", "set of 5s with one wild card", id="5H 5S 2C"),
    P("5H 5S JK", "set of 5s with one joker", id="5H 5S JK"),
    P("5H 5S 5D 2C 2D", "set of 5s with two wild cards", id="5H 5S 5D 2C 2D"),
    P("5H 5S 5D 5C JK JK", "set of 5s with two jokers", id="5H 5S 5D 5C JK JK"),
    P("5H 6H 7H", {"no-runs-in-variant"}, id="5H 6H 7H"),
    P("5H 5S 2C 2D", {"too-many-wilds"}, id="5H 5S 2C 2D"),
    P("5H 2S JK", {"too-many-wilds"}, id="5H 2S JK"),
    P("2H 2S 2C", {"no-natural"}, id="2H 2S 2C"),
    P("5H 5S 6D", {"mixed-ranks"}, id="5H 5S 6D"),
]


@pytest.mark.parametrize(("cards", "expected"), FARMERS)
def test_farmers(cards: str, expected: str | set[str]) -> None:
    check("farmers-rummy", cards, expected)


# ---- Shanghai and its versions (§9): runs of 4+, ace high only, one joker per book or run ------------------

SHANGHAI = [
    P("JH QH KH AH", "run J♥–A♥", id="JH QH KH AH"),
    P("5H 6H JK 8H", "run 5♥–8♥, joker as 7♥", id="5H 6H JK 8H"),
    P("2H 3H 4H 5H", "run 2♥–5♥", id="2H 3H 4H 5H"),  # 2s are natural
    P("QH KH JK 10H", "run 10♥–K♥, joker as J♥", id="QH KH JK 10H"),
    P("JK 2S 3S 4S", "run 2♠–5♠, joker as 5♠", id="JK 2S 3S 4S"),  # the joker is never a low ace
    P("KD KD KS", "set of kings", id="KD KD KS"),
    P("AH 2H 3H 4H", {"ace-high-only"}, id="AH 2H 3H 4H"),
    P("KH AH 2H 3H", {"ace-in-middle"}, id="KH AH 2H 3H"),
    P("5H 6H 7H", {"too-few-cards"}, id="5H 6H 7H"),
    P("5H 6H JK JK", {"too-many-wilds"}, id="5H 6H JK JK"),
    P("KD KS JK JK", {"too-many-wilds"}, id="KD KS JK JK"),
]


@pytest.mark.parametrize(("cards", "expected"), SHANGHAI)
@pytest.mark.parametrize("variant", ["shanghai", "shanghai-tahelia-powe", "shanghai-deb-kolsov"])
def test_shanghai(variant: str, cards: str, expected: str | set[str]) -> None:
    check(variant, cards, expected)


# ---- Progressive Rummy (§10): 2s and jokers wild without limit but one natural, runs of 3+, pairs ----------

PROGRESSIVE = [
    P("7H 7S", "pair of 7s", id="7H 7S"),
    P("7H JK", "pair of 7s with one joker", id="7H JK"),
    P("7H 2C", "pair of 7s with one wild card", id="7H 2C"),
    P("5H JK JK JK", "set of 5s with three jokers", id="5H JK JK JK"),
    P("5H 6H JK JK", "run 5♥–8♥, joker as 7♥, joker as 8♥", id="5H 6H JK JK"),
    P("AH 2H 3H", "run A♥–3♥", id="AH 2H 3H"),
    P("KH AH 2H", "run Q♥–A♥, 2♥ as Q♥", id="KH AH 2H"),  # K-A-2 is no run, but the 2 is wild
    P("2H JK JK", "run 2♥–4♥, joker as 3♥, joker as 4♥", id="2H JK JK"),  # the natural 2 in its place
    P("JH QH KH AH", "run J♥–A♥", id="JH QH KH AH"),
    P("JK JK", {"no-natural"}, id="JK JK"),
    P("2H JK", {"no-natural"}, id="2H JK"),
    P("JK JK JK", {"no-natural"}, id="JK JK JK"),
    P("7H 8S", {"mixed-ranks"}, id="7H 8S"),
    P("KH AH 2S", "run Q♥–A♥, 2♠ as Q♥", id="KH AH 2S"),
    P("KH AH 2H 3H", {"ace-in-middle"}, id="KH AH 2H 3H"),
]


@pytest.mark.parametrize(("cards", "expected"), PROGRESSIVE)
def test_progressive(cards: str, expected: str | set[str]) -> None:
    check("progressive-rummy", cards, expected)


def test_progressive_twos_read_as_a_run_with_a_natural_2() -> None:
    """docs/rules.md, D4 and D5 both ways: as a set, 2♥ 2♠ 2♣ are all wild; as a run the 2♠ stands in its place."""
    assert classify("2H 2S 2C", "progressive-rummy", kind=MeldKind.SET).problems[0].code == "no-natural"
    meld = classify("2H 2S 2C", "progressive-rummy").meld
    assert meld is not None
    assert meld.describe() == "run 2♠–4♠, 2♥ as 3♠, 2♣ as 4♠"


# ---- Every variant: bad input is an error, never a verdict ---------------------------------------------------

ALL = variant_ids()  # the registry's own list is checked against the rule book in test_variants.py


@pytest.mark.parametrize("variant", ALL)
def test_bad_notation_raises(variant: str) -> None:
    with pytest.raises(CardError, match="7X"):
        classify("7X 8H 9H", variant)


@pytest.mark.parametrize("variant", ALL)
def test_too_many_jokers_raise(variant: str) -> None:
    jokers = find_variant(variant).deck_row().jokers
    with pytest.raises(TooManyCopiesError):
        classify(" ".join(["JK"] * (jokers + 1)), variant)


@pytest.mark.parametrize(
    ("variant", "players", "cards"),
    [
        P("telefunken", None, "9C 9C 9C", id="telefunken 9C 9C 9C"),
        P("telefunken-bolivia", 4, "9C 9C 9C", id="bolivia, 4 players: 9C 9C 9C"),
        P("farmers-rummy", 5, "9C 9C 9C 9C", id="farmers, 5 players: 9C×4"),
        P("delifante", 2, "9C 9C JK", id="delifante, 2 players: 9C 9C JK"),
        P("delifante", 2, "9C JK JK JK", id="delifante, 2 players: 3 jokers"),
    ],
)
def test_more_copies_than_the_decks_hold(variant: str, players: int | None, cards: str) -> None:
    with pytest.raises(TooManyCopiesError):
        classify(cards, variant, players=players)


@pytest.mark.parametrize(
    ("variant", "players", "cards"),
    [
        P("telefunken-bolivia", 6, "9C 9C 9C", id="bolivia, 6 players: 9C 9C 9C"),
        P("telefunken-bolivia", None, "9C 9C 9C", id="bolivia, any players: 9C 9C 9C"),
        P("farmers-rummy", 8, "9C 9C 9C 9C", id="farmers, 8 players: 9C×4"),
        P("delifante", 3, "9C 9C 9S", id="delifante, 3 players: 9C 9C 9S"),
    ],
)
def test_copies_the_decks_do_hold(variant: str, players: int | None, cards: str) -> None:
    assert classify(cards, variant, players=players).valid


def test_bad_input_errors_are_rules_errors() -> None:
    with pytest.raises(RulesError):
        classify("7H 8H 9H", "no-such-game")
    with pytest.raises(UnknownVariantError):
        classify("7H 8H 9H", "no-such-game")
    with pytest.raises(CardError):
        classify([Card(Rank.SEVEN, None), Card(Rank.SEVEN, Suit.HEARTS)], "telefunken")  # a bare rank


# ---- kind= ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "cards", "kind", "codes"),
    [
        P("telefunken", "7H 8H 9H", MeldKind.SET, {"mixed-ranks"}, id="telefunken set? 7H 8H 9H"),
        P("telefunken", "7H 7S 7D", MeldKind.RUN, {"mixed-suits", "duplicate-rank-in-run"}, id="run? 7H 7S 7D"),
        P("telefunken", "7H 7S", MeldKind.PAIR, {"no-pairs-in-variant"}, id="telefunken pair? 7H 7S"),
        P("telefunken", COLOUR_RUN, MeldKind.COLOUR_RUN, {"no-colour-runs-in-variant"}, id="telefunken colour run?"),
        P("farmers-rummy", "5H 6H 7H", MeldKind.RUN, {"no-runs-in-variant"}, id="farmers run? 5H 6H 7H"),
        P("progressive-rummy", "7H 7S 7D", MeldKind.PAIR, {"too-many-cards"}, id="pair? 7H 7S 7D"),
        P("telefunken-peru-carrillo", "5H 6H 7H 8H", MeldKind.COLOUR_RUN, {"too-few-cards"}, id="colour run? 4 cards"),
    ],
)
def test_classify_as_one_kind(variant: str, cards: str, kind: MeldKind, codes: set[str]) -> None:
    verdict = classify(cards, variant, kind=kind)
    assert not verdict.valid
    assert {p.code for p in verdict.problems} == codes


def test_kind_set_finds_the_set() -> None:
    meld = classify("7H 7S JK", "telefunken", kind=MeldKind.SET).meld
    assert meld is not None
    assert meld.kind is MeldKind.SET
    assert meld.rank is Rank.SEVEN


# ---- messages ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "cards", "message"),
    [
        P(
            "telefunken",
            "7H JK 7S JK",
            "two jokers in one set: Telefunken (Venezuela) allows one per set or run",
            id="7H JK 7S JK",
        ),
        P(
            "telefunken",
            "KH AH 2H",
            "K-A-2: the ace goes at either end of a run (A-2-3 or Q-K-A), never in the middle (K-A-2)",
            id="KH AH 2H",
        ),
        P(
            "telefunken-peru",
            "2H 2S 2C",
            "2♠ 2♥ 2♣: 2s are wild in Telefunken (Peru, version 1), so a set of 2s is a set of wild cards, "
            "and a set needs at least one natural card",
            id="2H 2S 2C",
        ),
        P("farmers-rummy", "5H 6H 7H", "Farmer's Rummy has no runs", id="5H 6H 7H"),
        P(
            "telefunken",
            "3H 5H JK 9H",
            "not consecutive: 4♥, 6♥, 7♥ and 8♥ missing, and only one wild card to stand in",
            id="3H 5H JK 9H",
        ),
    ],
)
def test_messages(variant: str, cards: str, message: str) -> None:
    assert [str(p) for p in classify(cards, variant).problems] == [message]


# ---- the Meld value ------------------------------------------------------------------------------------------


def test_run_meld_fields() -> None:
    meld = classify("9C 3C JK 4C 6C 7C 8C", "telefunken").meld
    assert meld is not None
    assert meld.kind is MeldKind.RUN
    assert meld.cards == parse_cards("3C 4C JK 6C 7C 8C 9C")
    assert meld.stands_for[2] == Card.parse("5C")
    assert meld.wilds_json() == {"2": "5C"}
    assert meld.suit is Suit.CLUBS
    assert meld.rank is None
    assert meld.wild_count == 1
    assert len(meld.naturals) == 6
    assert meld.resolved == parse_cards("3C 4C 5C 6C 7C 8C 9C")
    assert meld.ace_high is None
    assert str(meld) == "3C 4C JK 6C 7C 8C 9C"


def test_set_meld_fields() -> None:
    meld = classify("JK 7D 7S", "telefunken").meld
    assert meld is not None
    assert meld.cards == parse_cards("7S 7D JK")  # naturals first, then the wild card
    assert meld.wilds_json() == {"2": "7"}
    assert meld.rank is Rank.SEVEN
    assert meld.suit is None
    assert meld.stands_for == (None, None, Card(Rank.SEVEN, None))


def test_joker_trio_fields() -> None:
    meld = classify("JK JK JK", "telefunken-peru-carrillo").meld
    assert meld is not None
    assert meld.is_wild_only
    assert meld.rank is None
    assert meld.stands_for == (JOKER, JOKER, JOKER)
    assert meld.wilds_json() == {"0": ANY_RANK, "1": ANY_RANK, "2": ANY_RANK}


@pytest.mark.parametrize(
    ("variant", "cards", "ace_high"),
    [
        P("telefunken", "QH KH AH", True, id="QH KH AH"),
        P("telefunken", "AH 2H 3H", False, id="AH 2H 3H"),
        P("telefunken", "QH KH JK", True, id="QH KH JK"),  # the joker is the high ace
        P("telefunken-peru", "KH AH 2H", None, id="KH AH 2H"),  # around the corner
        P("telefunken", "5H 6H 7H", None, id="5H 6H 7H"),
    ],
)
def test_ace_high(variant: str, cards: str, ace_high: bool | None) -> None:
    meld = classify(cards, variant).meld
    assert meld is not None
    assert meld.ace_high is ace_high


def test_meld_is_the_same_whatever_the_entry_order() -> None:
    assert classify("JK 3C 4C", "telefunken").meld == classify("4C JK 3C", "telefunken").meld


# ---- readings: every arrangement, best first ----------------------------------------------------------------


def describe_all(melds: tuple[Meld, ...]) -> list[str]:
    return [m.describe() for m in melds]


def test_readings_of_a_run_with_a_joker_at_an_end() -> None:
    assert describe_all(readings("5H 6H JK", "telefunken", MeldKind.RUN)) == [
        "run 5♥–7♥, joker as 7♥",
        "run 4♥–6♥, joker as 4♥",
    ]


def test_readings_of_thirteen_cards() -> None:
    cards = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"
    assert describe_all(readings(cards, "telefunken", MeldKind.RUN)) == ["run 2♥–A♥", "run A♥–K♥"]
    assert describe_all(readings(cards, "shanghai", MeldKind.RUN)) == ["run 2♥–A♥"]


def test_readings_of_a_peru_two() -> None:
    """A 2 may be natural in its place or wild (docs/rules.md, D4); the natural reading comes first."""
    assert describe_all(readings("2H 3H 4H", "telefunken-peru", MeldKind.RUN)) == [
        "run 2♥–4♥",
        "run 3♥–5♥, 2♥ as 5♥",
    ]


def test_readings_around_the_corner() -> None:
    assert describe_all(readings("KH AH JK JK", "telefunken-peru-carrillo", MeldKind.RUN)) == [
        "run J♥–A♥, joker as J♥, joker as Q♥",
        "run K♥–3♥, joker as 2♥, joker as 3♥",
        "run Q♥–2♥, joker as Q♥, joker as 2♥",
    ]


def test_readings_of_every_kind() -> None:
    assert describe_all(readings("7H JK", "progressive-rummy")) == ["pair of 7s with one joker"]
    assert readings("7H 8S 9D", "telefunken") == ()
    assert describe_all(readings("7H 7S 7D", "telefunken")) == ["set of 7s"]


def test_readings_take_bare_meld_rules() -> None:
    rules = MeldRules(run_wilds=WildLimit.ANY, ace=AceRule.WRAP)
    assert len(readings("KH JK JK", rules, MeldKind.RUN)) == 3


def test_explain_a_valid_meld_is_empty() -> None:
    assert explain("7H 7S 7D", "telefunken") == ()
    assert [p.code for p in explain("7H 7S 7D", "telefunken", MeldKind.RUN)] == [
        "mixed-suits",
        "duplicate-rank-in-run",
    ]


def test_caches_follow_each_rules_object() -> None:
    """Readings are cached per MeldRules object: fresh objects (ids reused, caches cleared past 256) stay right."""
    for _ in range(300):
        assert classify("5H 6H 7H", MeldRules()).valid
        assert [p.code for p in classify("5H 6H 7H", MeldRules(runs=False)).problems] == ["no-runs-in-variant"]


# ---- the engine's codes, readings and explanations, asked directly --------------------------------------------
# A card's code is 0 for a joker, else rank × 4 + suit (♠ 0, ♥ 1, ♦ 2, ♣ 3): A♣ is 7, 2♠ 8, 7♠ 28, 7♥ 29, K♦ 54.


def test_cards_encode_sorted_and_decode_back() -> None:
    assert encode("7H JK KD 2S AC 7S") == (0, 7, 8, 28, 29, 54)
    assert encode(parse_cards("7S 7H")) == encode("7H 7S")  # entry order never counts
    assert decode((0, 7, 54)) == parse_cards("JK AC KD")
    with pytest.raises(CardError):
        encode([Card(Rank.SEVEN, None)])  # a bare rank is no card of a meld


def test_copies_of_encoded_cards_are_checked_against_the_decks() -> None:
    check_codes(encode("7H 7H JK JK"), decks=2, jokers=2)
    with pytest.raises(TooManyCopiesError):
        check_codes(encode("7H 7H 7H"), decks=2, jokers=4)
    with pytest.raises(TooManyCopiesError):
        check_codes(encode("JK JK JK 5C"), decks=2, jokers=2)


@pytest.mark.parametrize(
    ("limit", "naturals", "wilds", "allowed"),
    [
        (WildLimit.NONE, 3, 0, True),
        (WildLimit.NONE, 3, 1, False),
        (WildLimit.ONE, 2, 1, True),
        (WildLimit.ONE, 5, 2, False),
        (WildLimit.AT_MOST_NATURALS, 2, 2, True),
        (WildLimit.AT_MOST_NATURALS, 2, 3, False),
        (WildLimit.FEWER_THAN_NATURALS, 3, 2, True),
        (WildLimit.FEWER_THAN_NATURALS, 2, 2, False),
        (WildLimit.ANY, 1, 9, True),
    ],
)
def test_wild_limits(limit: WildLimit, naturals: int, wilds: int, allowed: bool) -> None:
    assert wilds_allowed(limit, naturals, wilds) is allowed


def test_readings_of_codes_as_one_kind() -> None:
    rules = MeldRules()
    assert describe_all(meld_readings(encode("5H 6H JK"), rules, MeldKind.RUN)) == [
        "run 5♥–7♥, joker as 7♥",
        "run 4♥–6♥, joker as 4♥",
    ]
    assert describe_all(meld_readings(encode("7S JK 7H"), rules, MeldKind.SET)) == ["set of 7s with one joker"]
    assert meld_readings(encode("7S 7H"), rules, MeldKind.PAIR) == ()  # no pairs in these rules
    assert meld_readings(encode("7S 7H 7D"), rules, MeldKind.RUN) == ()


def test_a_colour_run_is_put_in_rank_order() -> None:
    colour = MeldRules(colour_runs=True)
    cards = "QS JH 10S 9H 8S 7H 6S 5H 4S 3H 2S AH"  # A♥ to Q♠, red and black by turns
    assert decode(colour_order(encode(cards), colour) or ()) == parse_cards(
        "AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS"
    )
    assert colour_order(encode(cards), MeldRules()) is None  # the rules have no colour runs
    assert colour_order(encode("AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QH"), colour) is None  # J♥ Q♥ both red


@pytest.mark.parametrize(
    ("cards", "kinds"),
    [
        ("7H 7S 7D", {MeldKind.SET}),
        ("7H 7S", {MeldKind.SET, MeldKind.PAIR}),
        ("5H 6H 9H JK", {MeldKind.RUN}),
        ("JK JK JK", {MeldKind.SET, MeldKind.PAIR}),
        ("5H 6S 7D", set()),
        ("AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS", {MeldKind.COLOUR_RUN}),
    ],
)
def test_the_kinds_cards_look_like_are_the_ones_explained(cards: str, kinds: set[MeldKind]) -> None:
    assert plausible_kinds(encode(cards), MeldRules()) == kinds
