"""What several events do alike to the state (referee/games/rummy/ledger/state/steps.py): a per-seat count one
more for a seat, however short the count was, and a deal record put in place, with the reason of an override kept
on it."""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger.events import Buy, DealEnded, GameCreated
from referee.games.rummy.ledger.state import apply, start
from referee.games.rummy.ledger.state.records import DealRecord
from referee.games.rummy.ledger.state.steps import bump, with_record

P4 = ("Ana", "Beto", "Caro", "Dani")


@pytest.mark.parametrize(
    ("counts", "seat", "by", "expected"),
    [
        ((), 0, 1, (1, 0, 0, 0)),  # nobody had any: padded to the four seats
        ((), 3, 1, (0, 0, 0, 1)),  # the last seat
        ((2,), 2, 1, (2, 0, 1, 0)),  # a count shorter than the table keeps what it had
        ((1, 0, 3, 0), 2, 1, (1, 0, 4, 0)),
        ((1, 0, 3, 0), 1, 5, (1, 5, 3, 0)),  # more than one at once
        ((1, 1, 1, 1), 0, -1, (0, 1, 1, 1)),  # or one fewer
    ],
)
def test_bump_adds_to_one_seat_of_a_count_padded_to_the_table(
        counts: tuple[int, ...], seat: int, by: int, expected: tuple[int, ...]) -> None:
    assert bump(counts, seat, 4, by) == expected


def test_with_record_puts_the_record_in_place_and_keeps_an_override() -> None:
    state = apply(start(GameCreated(variant="telefunken", players=P4, first_dealer="Ana")), Buy(deal=1, player="Caro"))
    assert state.current.buys == (0, 0, 1, 0)  # Caro sits third; the buy is bumped over the four seats
    record = DealRecord(number=1, buys=(0, 0, 2, 0))
    plain = with_record(state, record, None)
    assert plain.records == (record,)
    assert plain.current.overrides == ()
    allowed = with_record(state, record, "the table allows it")
    assert allowed.current.buys == (0, 0, 2, 0)
    assert allowed.current.overrides == ("the table allows it",)
    assert state.current.buys == (0, 0, 1, 0)  # the state it was given is left as it was


def test_with_record_replaces_an_earlier_record_by_its_index() -> None:
    state = start(GameCreated(variant="telefunken", players=P4, first_dealer="Ana"))
    state = apply(state, DealEnded(deal=1, went_out="Beto", hands={"Ana": 5, "Caro": 6, "Dani": 7}))
    assert [record.number for record in state.records] == [1, 2]
    deal_two = state.records[1]
    restated = DealRecord(number=1, ended=True, went_out=2, corrected=True)
    later = with_record(state, restated, "a reason", index=0)
    assert later.records == (DealRecord(number=1, ended=True, went_out=2, corrected=True, overrides=("a reason",)),
                             deal_two)
    assert type(later) is type(state)  # a step returns the type it was given
