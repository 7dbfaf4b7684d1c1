"""No player buys more than MAX_BUYS_PER_DEAL times in a deal, override or not: a game file could not hold it."""

from __future__ import annotations

import pytest

from referee.ledger import gamefile
from referee.ledger.events import Buy, DealCorrected, DealEnded, GameCreated
from referee.ledger.exchange import export_game, import_game
from referee.ledger.state import HARD_CODES, EventRefused, GameState, apply, check, replay, start
from referee.ledger.state.records import MAX_BUYS_PER_DEAL

P3 = ("Ana", "Beto", "Caro")


def bought(variant: str, times: int) -> GameState:
    """Beto buys ``times`` times in deal 1, every buy past the rules' limit forced by an override."""
    state = start(GameCreated(variant=variant, players=P3, first_dealer="Ana"))
    for _ in range(times):
        event = Buy(deal=1, player="Beto")
        state = apply(state, event.with_override("the table allows it") if check(state, event) else event)
    return state


def test_the_game_file_reads_the_ledgers_limit() -> None:
    assert gamefile.MAX_BUYS_PER_DEAL is MAX_BUYS_PER_DEAL == 12
    assert "too-many-buys" in HARD_CODES


@pytest.mark.parametrize("variant", ["telefunken", "shanghai", "telefunken-peru-carrillo"])
def test_a_thirteenth_buy_is_refused_even_with_an_override(variant: str) -> None:
    state = bought(variant, 12)
    assert state.chips.buys_this_deal["Beto"] == 12
    event = Buy(deal=1, player="Beto", override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert not info.value.forcible
    (problem,) = [p for p in info.value.problems if p.code == "too-many-buys"]
    assert problem.as_dict() == {"player": "Beto", "limit": 12, "deal": 1}


def test_a_correction_to_thirteen_buys_is_refused_even_with_an_override() -> None:
    state = apply(bought("telefunken", 0), DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    event = DealCorrected(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}, buys={"Beto": 13},
                          override="the table allows it")
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert not info.value.forcible and "too-many-buys" in {p.code for p in info.value.problems}


def test_twelve_forced_buys_export_and_restore() -> None:
    state = apply(bought("telefunken", 12), DealEnded(deal=1, went_out="Ana", hands={"Beto": 5, "Caro": 5}))
    first = export_game(state)
    again = replay(import_game(first))
    assert export_game(again) == first and again.sheet.deals[0].buys["Beto"] == 12
