"""A deal gone out in one turn has one lay-down, and its maker went out (docs/rules.md, D35).

The table of deals comes from the variant data: every variant's deals with ``go_out_in_one_turn``, and the one
house rule that moves the rule to another deal.
"""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, Event, GameCreated, LaidDown
from referee.games.rummy.ledger.state import HARD_CODES, EventRefused, GameState, apply, check, start
from referee.games.rummy.ledger.state.one_turn import one_turn_deal
from referee.rules.catalogue import find_variant, variant_ids

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.state.one_turn",
)

P3 = ("Ana", "Beto", "Caro")
HOUSE_RULES: tuple[dict[str, object], ...] = ({}, {"telefunque_regulations": True})


def _cases() -> list[tuple[str, dict[str, object], int]]:
    cases = []
    for variant_id in variant_ids():
        for house in HOUSE_RULES:
            variant = find_variant(variant_id)
            if not set(house) <= {rule.id for rule in variant.house_rules}:
                continue
            for deal in variant.with_house_rules(house).deals:
                if deal.go_out_in_one_turn:
                    cases.append((variant_id, house, deal.number))
    return cases


CASES = _cases()
IDS = [f"{v}{'+' + '+'.join(h) if h else ''}-deal{d}" for v, h, d in CASES]


def test_the_table_holds_every_deal_the_rule_book_names() -> None:
    named = {(v, d) for v, _, d in CASES}
    assert {("telefunken", 7), ("telefunken-ecuador", 7), ("telefunken-ecuador", 6),
            ("telefunken-peru-carrillo", 7), ("shanghai", 7), ("shanghai-deb-kolsov", 10)} <= named


def at_deal(variant: str, house: dict[str, object], number: int) -> GameState:
    """A three-player game whose deals before ``number`` ended with Ana out and the others on 5 points."""
    state = start(GameCreated(variant=variant, players=P3, first_dealer="Ana", house_rules=house))
    while state.deal_number < number:
        state = apply(state, DealEnded(deal=state.deal_number, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    assert state.deal_number == number
    assert state.deal.go_out_in_one_turn
    assert one_turn_deal(state.variant, state.current)
    return state


def codes(state: GameState, event: Event) -> set[str]:
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert info.value.forcible  # an override gets past it, as for every refusal of the rules
    return {p.code for p in info.value.problems}


@pytest.mark.parametrize(("variant", "house", "number"), CASES, ids=IDS)
def test_a_second_laydown_is_refused(variant: str, house: dict[str, object], number: int) -> None:
    state = apply(at_deal(variant, house, number), LaidDown(deal=number, player="Beto"))
    event = LaidDown(deal=number, player="Caro")
    assert codes(state, event) == {"one-turn-second-laydown"}
    (problem,) = check(state, event)
    assert problem.as_dict() == {"player": "Caro", "first": "Beto", "deal": number}
    forced = apply(state, event.with_override("the table saw it"))
    assert forced.current.melded == (1, 2)


@pytest.mark.parametrize(("variant", "house", "number"), CASES, ids=IDS)
def test_someone_else_going_out_after_a_laydown_is_refused(variant: str, house: dict[str, object],
                                                           number: int) -> None:
    state = apply(at_deal(variant, house, number), LaidDown(deal=number, player="Beto"))
    event = DealEnded(deal=number, went_out="Caro", hands={"Ana": 5, "Beto": 5})
    assert codes(state, event) == {"one-turn-other-went-out"}
    (problem,) = check(state, event)
    assert problem.as_dict() == {"player": "Caro", "first": "Beto", "deal": number}
    assert not check(state, DealEnded(deal=number, went_out="Beto", hands={"Ana": 5, "Caro": 5}))
    forced = apply(state, event.with_override("the table saw it"))
    assert forced.sheet.deals[-1].went_out == "Caro"


@pytest.mark.parametrize(("variant", "house", "number"), CASES, ids=IDS)
def test_nobody_out_after_a_laydown_is_refused(variant: str, house: dict[str, object], number: int) -> None:
    state = apply(at_deal(variant, house, number), LaidDown(deal=number, player="Beto"))
    problems = check(state, DealEnded(deal=number, went_out=None, hands={"Ana": 5, "Beto": 5, "Caro": 5}))
    ours = [p for p in problems if p.code == "one-turn-other-went-out"]
    assert [(p.form, p.as_dict()) for p in ours] == [("nobody", {"first": "Beto", "deal": number})]


@pytest.mark.parametrize(("variant", "house", "number"), CASES, ids=IDS)
def test_a_correction_keeps_the_maker_of_the_laydown_out(variant: str, house: dict[str, object],
                                                         number: int) -> None:
    state = apply(at_deal(variant, house, number), LaidDown(deal=number, player="Beto"))
    state = apply(state, DealEnded(deal=number, went_out="Beto", hands={"Ana": 5, "Caro": 5}))
    event = DealCorrected(deal=number, went_out="Ana", hands={"Beto": 5, "Caro": 5})
    assert "one-turn-other-went-out" in {p.code for p in check(state, event)}


@pytest.mark.parametrize("variant", sorted({v for v, _, _ in CASES}))
def test_an_ordinary_deal_keeps_every_laydown(variant: str) -> None:
    # Deal 1 is never gone out in one turn: two lay-downs and a third player going out are all allowed.
    state = at_deal_one(variant)
    state = apply(state, LaidDown(deal=1, player="Beto"))
    assert not check(state, LaidDown(deal=1, player="Caro"))
    state = apply(state, LaidDown(deal=1, player="Caro"))
    assert not check(state, DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))


def at_deal_one(variant: str) -> GameState:
    state = start(GameCreated(variant=variant, players=P3, first_dealer="Ana"))
    assert not state.deal.go_out_in_one_turn
    assert not one_turn_deal(state.variant, state.current)
    return state


def test_the_one_turn_refusals_are_not_hard() -> None:
    assert not {"one-turn-second-laydown", "one-turn-other-went-out"} & HARD_CODES


def test_buys_before_the_laydown_are_not_affected() -> None:
    state = apply(at_deal("shanghai", {}, 7), Buy(deal=7, player="Caro"))
    assert not check(state, LaidDown(deal=7, player="Caro"))
