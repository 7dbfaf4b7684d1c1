"""Lay-offs and wild-card exchanges, variant by variant (docs/rules.md §3–§10), as tables with the notation as id."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.rules.cards import Card, Rank, Suit, TooManyCopiesError, parse_cards
from referee.rules.catalogue import VARIANTS, find_variant
from referee.rules.layoffs.layoff import check_layoff
from referee.rules.layoffs.swap import check_joker_swap
from referee.rules.layoffs.values import LayoffContext, LayoffInputError, SwapDestination
from referee.rules.melds import classify
from referee.rules.variants import DealOutOfRangeError, UnknownVariantError
from tests.properties import examples

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.rules.layoffs.layoff",
    "referee.rules.layoffs.swap",
    "referee.rules.layoffs.values",
)

PURE = {"pure_trio": True}
CONTRACT_TURN_OWN = {"contract_turn": True, "owner": "own", "part_of_contract": True}


def case(variant: str, meld: str, cards: str, expected: str, *, ctx: dict[str, Any] | None = None, id: str = "") -> Any:
    """One row: ``expected`` is the meld made (its describe()) when allowed, else a problem code."""
    label = id or f"{variant}: {meld} + {cards}"
    return pytest.param(variant, meld, cards, ctx or {}, expected, id=label)


# --------------------------------------------------------------------------------------------------
# Lay-offs
# --------------------------------------------------------------------------------------------------

LAYOFFS_ALLOWED = [
    # Venezuela: runs extend at either end, one joker per run, the ace high or low
    case("telefunken", "5C 6C 7C", "8C", "run 5♣–8♣"),
    case("telefunken", "5C 6C 7C", "4C", "run 4♣–7♣"),
    case("telefunken", "5C 6C 7C", "3C 4C", "run 3♣–7♣"),
    case("telefunken", "5C 6C 7C", "8C 4C", "run 4♣–8♣"),
    case("telefunken", "5C 6C 7C", "9C JK", "run 5♣–9♣, joker as 8♣"),
    case("telefunken", "5C 6C 7C", "JK", "run 5♣–8♣, joker as 8♣"),
    case("telefunken", "5C JK 7C", "8C 9C", "run 5♣–9♣, joker as 6♣"),
    case("telefunken", "QC KC AC", "JC 10C", "run 10♣–A♣"),
    case("telefunken", "2C 3C 4C", "AC", "run A♣–4♣"),
    case("telefunken", "7H 7S 7D", "7H", "set of 7s"),
    case("telefunken", "7H 7S 7D", "7C 7C", "set of 7s"),
    case("telefunken", "7H 7S 7D", "JK", "set of 7s with one joker"),
    # the pure trío takes its fourth suit
    case("telefunken", "7H 7S 7D", "7C", "set of 7s", ctx=PURE),
    # Venezuela, contract turn: other players' melds, and your own extra (non-contract) melds (docs/rules.md, D27)
    case("telefunken", "7H 7S 7D", "7C", "set of 7s", ctx={"contract_turn": True, "owner": "other"}),
    case(
        "telefunken",
        "7H 7S 7D",
        "7C",
        "set of 7s",
        ctx={"contract_turn": True, "owner": "own", "part_of_contract": False},
    ),
    case("telefunken", "7H 7S 7D", "7C", "set of 7s", ctx={"deal": 4}),
    # Bolivia: the trica limpia takes any suit, and stays open; own contract melds on the contract turn
    case("telefunken-bolivia", "7H 7S 7D", "7H", "set of 7s", ctx=PURE),
    case("telefunken-bolivia", "7H 7S 7D 7C", "7S", "set of 7s", ctx=PURE),
    case("telefunken-bolivia", "7H 7S 7D", "7H 7C", "set of 7s", ctx=PURE),
    case("telefunken-bolivia", "7H 7S 7D", "7C", "set of 7s", ctx=CONTRACT_TURN_OWN),
    # Bolivia's deal 7 need not be gone out at once: lay-offs happen
    case("telefunken-bolivia", "5C 6C 7C", "8C", "run 5♣–8♣", ctx={"deal": 7}),
    # Farmer's: naturals onto any set
    case("farmers-rummy", "7H 7S 7D", "7C", "set of 7s"),
    # Peru v1: a run turns the corner; wilds up to the naturals' number
    case("telefunken-peru", "QC KC AC", "2C", "run Q♣–2♣"),
    case("telefunken-peru", "5C 6C JK", "JK", "run 5♣–8♣, joker as 7♣, joker as 8♣"),
    # Carrillo: jokers slide to admit new cards (J-J-4♣-5♣ becomes 4-5-J-7-J-9♣); a 4th joker onto the joker trío
    case("telefunken-peru-carrillo", "JK JK 4C 5C", "7C 9C", "run 4♣–9♣, joker as 6♣, joker as 8♣"),
    case("telefunken-peru-carrillo", "JK JK JK", "JK", "set of four jokers"),
    case("telefunken-peru-carrillo", "QC KC AC 2C", "3C", "run Q♣–3♣"),
    # Shanghai: the ace high
    case("shanghai", "10C JC QC KC", "AC", "run 10♣–A♣"),
    case("shanghai-deb-kolsov", "JC QC KC JK", "10C", "run 10♣–A♣, joker as A♣"),
    case("super-deli", "8H 9H 10H", "2H", "run 8♥–J♥, 2♥ as J♥"),
    # Progressive: any number of wilds
    case("progressive-rummy", "4H 5H 6H", "2S JK", "run 4♥–8♥, 2♠ as 7♥, joker as 8♥"),
    case("progressive-rummy", "7H 7S", "7D", "set of 7s"),
]

LAYOFFS_REFUSED = [
    case("telefunken", "5C 6C 7C", "8H", "layoff-wrong-suit"),
    case("telefunken", "5C 6C 7C", "9C", "layoff-not-adjacent"),
    case("telefunken", "5C 6C 7C", "6C", "layoff-rank-taken"),
    case("telefunken", "5C JK 7C", "6C", "layoff-rank-held-by-wild"),
    case("telefunken", "5C JK 7C", "JK", "too-many-wilds"),
    case("telefunken", "5C 6C 7C", "9C JK JK", "too-many-wilds"),
    case("telefunken", "QC KC AC", "2C", "ace-in-middle"),
    case("telefunken", "AC 2C 3C", "KC", "ace-in-middle"),
    case("telefunken", "AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "JK", "run-too-long"),
    case("telefunken", "7H 7S 7D", "8H", "layoff-wrong-rank"),
    case("telefunken", "7H 7S JK", "JK", "too-many-wilds"),
    case("telefunken", "7H 7S 7D", "7H", "pure-trio-fourth-suit", ctx=PURE),
    case("telefunken", "7H 7S 7D 7C", "7C", "pure-trio-closed", ctx=PURE),
    case("telefunken", "7H 7S 7D", "JK", "pure-trio-no-wild", ctx=PURE),
    case("telefunken", "7H 7S 7D", "7C 7H", "pure-trio-one-card", ctx=PURE),
    case("telefunken-bolivia", "7H 7S 7D", "JK", "pure-trio-no-wild", ctx=PURE),
    # timing
    case("telefunken", "7H 7S 7D", "7C", "layoff-before-contract", ctx={"player_has_melded": False}),
    case("telefunken", "7H 7S 7D", "7C", "own-contract-locked", ctx=CONTRACT_TURN_OWN),
    case("telefunken", "5C 6C 7C", "8C", "layoff-one-turn-deal", ctx={"deal": 7}),
    case("telefunken-peru-carrillo", "7H 7S 7D", "7C", "layoff-contract-turn", ctx={"contract_turn": True}),
    # Farmer's: a wild card never goes onto a set on the table
    case("farmers-rummy", "7H 7S 7D", "JK", "wild-onto-set"),
    case("farmers-rummy", "7H 7S 7D 7C", "2H", "wild-onto-set"),
    # Carrillo: sets take no joker, only a 4th joker onto a joker trío
    case("telefunken-peru-carrillo", "7H 7S 7D", "JK", "wilds-mixed-in-set"),
    case("telefunken-peru-carrillo", "JK JK JK", "7C", "layoff-onto-wild-set"),
    # Peru v1: no more wilds than naturals; no wild in a set
    case("telefunken-peru", "5C 6C JK", "JK JK", "too-many-wilds"),
    case("telefunken-peru", "7H 7S 7D", "JK", "wilds-in-sets-not-allowed"),
    # Shanghai: the ace is high only; Delifante: no aces in runs
    case("shanghai", "2C 3C 4C 5C", "AC", "ace-high-only"),
    case("delifante", "JC QC KC", "AC", "ace-not-allowed"),
    case("shanghai-tahelia-powe", "JC QC KC AC", "2C", "ace-in-middle"),
    case("progressive-rummy", "QH KH AH", "2H 3H", "ace-in-middle"),
]


def _context(ctx: dict[str, Any]) -> LayoffContext:
    return LayoffContext(**ctx)


@pytest.mark.parametrize(("variant", "meld", "cards", "ctx", "expected"), LAYOFFS_ALLOWED)
def test_layoff_allowed(variant: str, meld: str, cards: str, ctx: dict[str, Any], expected: str) -> None:
    verdict = check_layoff(variant, meld, cards, context=_context(ctx))
    assert verdict.allowed, verdict.messages
    assert verdict.problems == ()
    assert verdict.meld is not None
    assert expected in [m.describe() for m in verdict.options]
    # the meld made holds exactly the cards that were on the table and the cards laid off
    assert Counter(verdict.meld.cards) == Counter(parse_cards(meld) + parse_cards(cards))


@pytest.mark.parametrize(("variant", "meld", "cards", "ctx", "expected"), LAYOFFS_REFUSED)
def test_layoff_refused(variant: str, meld: str, cards: str, ctx: dict[str, Any], expected: str) -> None:
    verdict = check_layoff(variant, meld, cards, context=_context(ctx))
    assert not verdict.allowed
    assert verdict.meld is None
    assert verdict.options == ()
    assert expected in [p.code for p in verdict.problems], verdict.messages
    assert all(p.message for p in verdict.problems)


def test_every_reason_is_listed() -> None:
    verdict = check_layoff(
        "telefunken",
        "7H 7S 7D",
        "8H",
        context=LayoffContext(player_has_melded=False, contract_turn=True, owner="own", part_of_contract=True),
    )
    assert [p.code for p in verdict.problems] == ["layoff-before-contract", "own-contract-locked", "layoff-wrong-rank"]


def test_a_joker_goes_to_either_end() -> None:
    verdict = check_layoff("telefunken", "5C 6C 7C", "JK")
    assert sorted(m.describe() for m in verdict.options) == ["run 4♣–7♣, joker as 4♣", "run 5♣–8♣, joker as 8♣"]


def test_a_joker_on_the_table_stays_where_it_lies() -> None:
    # 4♣ JK 6♣ holds the joker as 5♣; laying off 5♣ would need the joker to move (only Carrillo slides jokers)
    assert not check_layoff("telefunken", "4C JK 6C", "5C")
    # the order given places the joker: JK 4♣ 5♣ is 3♣-4♣-5♣, so 6♣ goes on top and 3♣ is taken
    assert check_layoff("telefunken", "JK 4C 5C", "6C").allowed
    assert [p.code for p in check_layoff("telefunken", "JK 4C 5C", "3C").problems] == ["layoff-rank-held-by-wild"]
    # so does run_order, whatever the order of the meld's cards
    ordered = LayoffContext(run_order="4C 5C JK")
    assert [p.code for p in check_layoff("telefunken", "JK 4C 5C", "6C", context=ordered).problems] == [
        "layoff-rank-held-by-wild"
    ]


def test_a_classified_meld_keeps_its_arrangement() -> None:
    meld = classify("3C 4C JK 6C", "telefunken").meld
    assert meld is not None
    verdict = check_layoff("telefunken", meld, "7C")
    assert verdict.meld is not None
    assert verdict.meld.describe() == "run 3♣–7♣, joker as 5♣"
    assert verdict.meld.wilds_json() == {"2": "5C"}


def test_melds_are_never_joined() -> None:
    other = classify("8C 9C 10C", "telefunken").meld
    assert other is not None
    verdict = check_layoff("telefunken", "5C 6C 7C", other)
    assert [p.code for p in verdict.problems] == ["melds-never-joined"]


def test_progressive_runs_are_never_joined() -> None:
    other = classify("7H 8H 9H", "progressive-rummy").meld
    assert other is not None
    verdict = check_layoff("progressive-rummy", "3H 4H 5H 6H", other)
    assert [p.code for p in verdict.problems] == ["melds-never-joined"]


# --------------------------------------------------------------------------------------------------
# Assumptions: the defaults a verdict relied on are named
# --------------------------------------------------------------------------------------------------


def test_assumptions_name_the_defaults_used() -> None:
    verdict = check_layoff("telefunken", "5C 6C 7C", "8C")
    codes = [a.code for a in verdict.assumptions]
    assert codes == ["assumed-melded", "assumed-ordinary-deal", "assumed-later-turn"]
    assert "assuming you have laid your contract in this deal" in [a.message for a in verdict.assumptions]


def test_no_assumption_when_every_fact_is_given() -> None:
    context = LayoffContext(player_has_melded=True, contract_turn=False, deal=3, owner="other", part_of_contract=True)
    assert check_layoff("telefunken", "7H 7S 7D", "7C", context=context).assumptions == (
        # the shape of a pure trío: whether it is one was not said
        check_layoff("telefunken", "7H 7S 7D", "7C", context=context).assumptions[0],
    )
    assert [a.code for a in check_layoff("telefunken", "7H 7S 7D", "7C", context=context).assumptions] == [
        "assumed-not-pure-trio"
    ]
    full = LayoffContext(player_has_melded=True, contract_turn=False, deal=3, pure_trio=False)
    assert check_layoff("telefunken", "7H 7S 7D", "7C", context=full).assumptions == ()


def test_owner_is_assumed_only_when_a_rule_asks() -> None:
    turn = LayoffContext(contract_turn=True, player_has_melded=True, deal=2)
    codes = [a.code for a in check_layoff("telefunken", "7H 7S JK", "7C", context=turn).assumptions]
    assert codes == ["assumed-other-players-meld"]


# --------------------------------------------------------------------------------------------------
# Wild-card exchanges
# --------------------------------------------------------------------------------------------------


def swap(
    variant: str,
    meld: str,
    cards: str,
    expected: str,
    destination: SwapDestination | None = None,
    *,
    ctx: dict[str, Any] | None = None,
) -> Any:
    """One row: ``expected`` is the meld made when allowed (with where the wild goes), else a problem code."""
    return pytest.param(variant, meld, cards, ctx or {}, expected, destination, id=f"{variant}: {meld} ⇄ {cards}")


ECUADOR_CONTRACT = {"owner": "other", "part_of_contract": True, "contract_turn": True, "player_has_melded": False}
LATER_TURN = {"contract_turn": False, "player_has_melded": True}

SWAPS_ALLOWED = [
    # Venezuela: a run's end joker for the card it stands for, moved to either end; a set's for two of its rank
    swap("telefunken", "5C 6C 7C JK", "8C", "run 5♣–9♣, joker as 9♣", SwapDestination.RUN_END),
    swap("telefunken", "5C 6C 7C JK", "8C", "run 4♣–8♣, joker as 4♣", SwapDestination.RUN_END),
    swap("telefunken", "JK 6C 7C 8C", "5C", "run 4♣–8♣, joker as 4♣", SwapDestination.RUN_END),
    swap("telefunken", "JK QC KC AC", "JC", "run 10♣–A♣, joker as 10♣", SwapDestination.RUN_END),
    swap("telefunken", "7H 7S JK", "7C 7D", "set of 7s", SwapDestination.HAND),
    swap("telefunken", "7H 7S JK", "7C 7D", "set of 7s", SwapDestination.HAND, ctx={"owner": "own"}),
    # Bolivia: one card of the set's rank, from another player's set
    swap("telefunken-bolivia", "7H 7S JK", "7C", "set of 7s", SwapDestination.HAND, ctx={"owner": "other"}),
    swap("telefunken-bolivia", "5C 6C 7C JK", "8C", "run 5♣–9♣, joker as 9♣", SwapDestination.RUN_END),
    # Ecuador: from another player's contract meld, straight into your own contract, for the one card
    swap("telefunken-ecuador", "7H 7S JK", "7C", "set of 7s", SwapDestination.OWN_CONTRACT, ctx=ECUADOR_CONTRACT),
    swap(
        "telefunken-ecuador",
        "3C 4C JK 6C 7C 8C 9C",
        "5C",
        "run 3♣–9♣",
        SwapDestination.OWN_CONTRACT,
        ctx=ECUADOR_CONTRACT,
    ),
    # Peru v1: the natural for the wild it stands for, the wild straight into a new run, even on the contract turn
    swap("telefunken-peru", "5C 2H 7C", "6C", "run 5♣–7♣", SwapDestination.NEW_RUN),
    swap("telefunken-peru", "5C JK 7C 8C", "6C", "run 5♣–8♣", SwapDestination.NEW_RUN, ctx={"contract_turn": True}),
    swap("super-deli", "8H 9H 2S JH", "10H", "run 8♥–J♥", SwapDestination.NEW_RUN),
    # Wittig: a melded wild for just one natural of its rank, after the contract
    swap(
        "telefunken-peru-wittig",
        "7H 7S JK 2C",
        "7D",
        "set of 7s with one wild card",
        SwapDestination.HAND,
        ctx=LATER_TURN,
    ),
    swap("telefunken-peru-wittig", "5C JK 7C", "6C", "run 5♣–7♣", SwapDestination.HAND, ctx=LATER_TURN),
]

SWAPS_REFUSED = [
    swap("telefunken", "5C JK 7C", "6C", "swap-wild-not-at-end"),
    swap("telefunken", "5C 6C 7C JK", "9C", "swap-wrong-card"),
    swap("telefunken", "5C 6C 7C JK", "8C 8C", "swap-card-count"),
    swap("telefunken", "JK 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC", "AC", "swap-no-end"),
    swap("telefunken", "7H 7S JK", "7C", "swap-card-count"),
    swap("telefunken", "7H 7S JK", "8C 8D", "swap-wrong-card"),
    swap("telefunken", "7H 7S JK", "JK 7C", "swap-with-wild"),
    swap("telefunken", "7H 7S 7D", "7C 7D", "no-wild-in-meld"),
    swap("telefunken", "7H 7S JK", "7C 7D", "swap-contract-turn", ctx={"contract_turn": True}),
    swap("telefunken", "7H 7S JK", "7C 7D", "swap-before-contract", ctx={"player_has_melded": False}),
    # Bolivia: never from your own melds
    swap("telefunken-bolivia", "7H 7S JK", "7C", "swap-own-meld", ctx={"owner": "own"}),
    # Ecuador: only another player's contract meld, only into your own contract
    swap("telefunken-ecuador", "7H 7S JK", "7C", "swap-only-others-contract", ctx={**ECUADOR_CONTRACT, "owner": "own"}),
    swap(
        "telefunken-ecuador",
        "7H 7S JK",
        "7C",
        "swap-only-others-contract",
        ctx={**ECUADOR_CONTRACT, "part_of_contract": False},
    ),
    swap(
        "telefunken-ecuador", "7H 7S JK", "7C", "swap-into-contract", ctx={**ECUADOR_CONTRACT, "contract_turn": False}
    ),
    # Peru v1: the natural must be the card the wild stands for
    swap("telefunken-peru", "5C 2H 7C", "6H", "swap-wrong-card"),
    # Wittig: only after the contract
    swap("telefunken-peru-wittig", "7H 7S JK", "7D", "swap-before-contract", ctx={"player_has_melded": False}),
    swap("telefunken-peru-wittig", "7H 7S JK", "7D", "swap-contract-turn", ctx={"contract_turn": True}),
    swap("shanghai-tahelia-powe", "5C 6C 7C JK", "8C", "no-run-wild-swap"),
    swap("shanghai-deb-kolsov", "7H 7S JK", "7C", "no-set-wild-swap"),
    # no exchange at all
    swap("shanghai", "5C 6C 7C JK", "8C", "no-run-wild-swap"),
    swap("shanghai", "7H 7S JK", "7C", "no-set-wild-swap"),
    swap("farmers-rummy", "7H 7S 7D JK", "7C", "no-set-wild-swap"),
    swap("progressive-rummy", "5C 6C 7C JK", "8C", "wilds-immovable"),
    swap("progressive-rummy", "7H 7S JK", "7C", "wilds-immovable"),
    swap("telefunken-peru-carrillo", "JK JK 4C 5C", "3C", "no-run-wild-swap-slide"),
]


@pytest.mark.parametrize(("variant", "meld", "cards", "ctx", "expected", "destination"), SWAPS_ALLOWED)
def test_swap_allowed(
    variant: str, meld: str, cards: str, ctx: dict[str, Any], expected: str, destination: SwapDestination | None
) -> None:
    verdict = check_joker_swap(variant, meld, cards, context=_context(ctx))
    assert verdict.allowed, verdict.messages
    assert verdict.meld is not None
    assert verdict.wild is not None
    assert expected in [m.describe() for m in verdict.options]
    if destination is not None:
        assert verdict.destination is destination
    # the wild left the meld and the natural cards went in
    after = Counter(verdict.meld.cards)
    if verdict.destination is not SwapDestination.RUN_END:
        after[verdict.wild] += 1
    assert after == Counter(parse_cards(meld) + parse_cards(cards))
    assert verdict.taken[0] == verdict.wild
    assert len(verdict.taken) == len(verdict.options)


@pytest.mark.parametrize(("variant", "meld", "cards", "ctx", "expected", "destination"), SWAPS_REFUSED)
def test_swap_refused(
    variant: str, meld: str, cards: str, ctx: dict[str, Any], expected: str, destination: SwapDestination | None
) -> None:
    assert destination is None, "a refused swap's row names no place for the wild card"
    verdict = check_joker_swap(variant, meld, cards, context=_context(ctx))
    assert not verdict.allowed
    assert verdict.meld is None
    assert verdict.wild is None
    assert verdict.destination is None
    assert expected in [p.code for p in verdict.problems], verdict.messages


def test_a_set_with_two_kinds_of_wild_offers_both() -> None:
    verdict = check_joker_swap("telefunken-peru-wittig", "7H 7S JK 2C", "7D", context=LayoffContext(**LATER_TURN))
    assert verdict.wild == Card(None, None)
    assert [str(w) for w in verdict.taken] == ["JK", "2C"]
    assert [m.describe() for m in verdict.options] == ["set of 7s with one wild card", "set of 7s with one joker"]


def test_swap_assumptions() -> None:
    verdict = check_joker_swap("telefunken", "7H 7S JK", "7C 7D")
    assert [a.code for a in verdict.assumptions] == ["assumed-melded", "assumed-later-turn"]
    assert verdict.destination is SwapDestination.HAND
    assert verdict.destination.describe() == "it goes into your hand"


# --------------------------------------------------------------------------------------------------
# Bad input
# --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("meld", "cards", "context", "error"),
    [
        pytest.param("5C 6C 7C", "9C 9C 9C", LayoffContext(), TooManyCopiesError, id="three 9C"),
        pytest.param("7H 7S JK JK", "7C", LayoffContext(), LayoffInputError, id="not a meld on the table"),
        pytest.param("", "7C", LayoffContext(), LayoffInputError, id="no meld"),
        pytest.param("7H 7S 7D", "", LayoffContext(), LayoffInputError, id="no cards"),
        pytest.param("7H 7S JK", "7C", LayoffContext(pure_trio=True), LayoffInputError, id="not a pure trío"),
        pytest.param("7H 7S 7D", "7C", LayoffContext(deal=99), DealOutOfRangeError, id="deal 99"),
        pytest.param("5C 6C 7C", "8C", LayoffContext(run_order="5C 6C 8C"), LayoffInputError, id="wrong run order"),
    ],
)
def test_bad_input_raises(meld: str, cards: str, context: LayoffContext, error: type[Exception]) -> None:
    with pytest.raises(error):
        check_layoff("telefunken", meld, cards, context=context)


def test_unknown_variant() -> None:
    with pytest.raises(UnknownVariantError):
        check_joker_swap("no-such-game", "7H 7S JK", "7C 7D")


def test_bad_owner() -> None:
    with pytest.raises(LayoffInputError):
        check_layoff("telefunken", "7H 7S 7D", "7C", context=LayoffContext(owner="mine"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------
# Properties
# --------------------------------------------------------------------------------------------------

SUITS = list(Suit)


@st.composite
def run_and_cards(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A natural Telefunken run and one to three cards that are its neighbours, a joker or strangers."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 9))
    low = draw(st.integers(1, 14 - length))
    run = tuple(Card(Rank((low + i - 1) % 13 + 1), suit) for i in range(length))
    pool = [Card(r, s) for r in Rank for s in Suit] + [Card(None, None)]
    extra = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=3))
    return run, tuple(extra)


@settings(max_examples=examples(200), deadline=None)
@given(run_and_cards())
def test_an_allowed_layoff_makes_a_valid_meld_in_any_order(case: tuple[tuple[Card, ...], tuple[Card, ...]]) -> None:
    run, extra = case
    try:
        verdict = check_layoff("telefunken", run, extra, context=LayoffContext(player_has_melded=True, deal=2))
    except TooManyCopiesError:
        return
    reverse = check_layoff("telefunken", run, tuple(reversed(extra)), context=LayoffContext(deal=2))
    assert verdict.allowed == reverse.allowed
    if verdict.allowed:
        assert verdict.meld is not None
        assert classify(verdict.meld.cards, "telefunken").valid
        assert Counter(verdict.meld.cards) == Counter(run + extra)
        # the run's own cards keep their order
        cards = list(verdict.meld.cards)
        positions = [cards.index(c) for c in run]
        assert positions == sorted(positions)
    else:
        assert verdict.problems


def test_every_registered_variant_answers() -> None:
    """A fourth 7, of the suit the set lacks, joins a set of three 7s in every variant (an ordinary set: no pure
    trío, no contract turn)."""
    for variant in VARIANTS.values():
        verdict = check_layoff(variant, "7H 7S 7D", "7C")
        assert verdict.allowed, (variant.id, verdict.problems)
        assert not verdict.problems
        assert find_variant(variant.id) is variant


def test_a_run_given_out_of_order_names_the_arrangement_assumed() -> None:
    verdict = check_layoff("telefunken", "JK 7C 5C", "8C")
    assert verdict.allowed
    assert "assumed-arrangement" in [a.code for a in verdict.assumptions]
    assert verdict.meld is not None
    assert verdict.meld.describe() == "run 5♣–8♣, joker as 6♣"


def test_a_layoff_result_takes_the_next_layoff() -> None:
    first = check_layoff("telefunken", "5C 6C 7C", "JK", context=LayoffContext(deal=2))
    assert first.meld is not None
    second = check_layoff("telefunken", first.meld, "9C", context=LayoffContext(deal=2))
    assert second.meld is not None
    assert second.meld.describe() == "run 5♣–9♣, joker as 8♣"


def test_nothing_goes_onto_a_colour_run() -> None:
    verdict = check_layoff("telefunken-peru-carrillo", "AH 2S 3H 4S 5H 6S 7H 8S 9H 10S JH QS", "KH")
    assert [p.code for p in verdict.problems] == ["colour-run-closed"]


def test_doctests() -> None:
    import doctest

    from referee.rules import layoffs

    assert doctest.testmod(layoffs).failed == 0


def test_bolivia_house_rule_two_cards_for_a_set_joker() -> None:
    two = find_variant("telefunken-bolivia").with_house_rules({"set_joker_swap_cards": 2})
    assert [p.code for p in check_joker_swap(two, "7H 7S JK", "7C").problems] == ["swap-card-count"]
    assert check_joker_swap(two, "7H 7S JK", "7C 7D").allowed
    assert check_joker_swap("telefunken-bolivia", "7H 7S JK", "7C").allowed


@st.composite
def run_with_joker(draw: st.DrawFn) -> tuple[tuple[Card, ...], int, Card]:
    """A Telefunken run of 3 to 12 cards with one joker, where it lies, and the card it stands for."""
    suit = draw(st.sampled_from(SUITS))
    length = draw(st.integers(3, 12))
    low = draw(st.integers(1, 14 - length))
    naturals = [Card(Rank((low + i - 1) % 13 + 1), suit) for i in range(length)]
    at = draw(st.integers(0, length - 1))
    run = tuple(Card(None, None) if i == at else c for i, c in enumerate(naturals))
    return run, at, naturals[at]


@settings(max_examples=examples(200), deadline=None)
@given(run_with_joker())
def test_a_run_joker_moves_only_from_an_end(case: tuple[tuple[Card, ...], int, Card]) -> None:
    run, at, stands_for = case
    later = LayoffContext(player_has_melded=True, contract_turn=False)
    verdict = check_joker_swap("telefunken", run, (stands_for,), context=later)
    at_end = at in (0, len(run) - 1)
    assert verdict.allowed == (at_end and len(run) < 13)
    if verdict.allowed:
        assert verdict.destination is SwapDestination.RUN_END
        for meld in verdict.options:
            assert classify(meld.cards, "telefunken").valid
            assert Counter(meld.cards) == Counter(run) + Counter([stands_for])
            # the joker now stands at an end
            assert meld.cards[0].is_joker or meld.cards[-1].is_joker
    else:
        assert verdict.problems
