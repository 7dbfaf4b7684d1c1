"""Undo walks back through the actions in order; undoing an undo is Redo, a separate step. Totals by hand."""

from __future__ import annotations

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.events import Buy, DealCorrected, DealEnded, GameCreated
from referee.games.rummy.ledger.events.undone import Undone
from referee.games.rummy.ledger.state import GameState, apply, replay, start
from referee.games.rummy.ledger.state.history import cancelled

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.undone",
    "referee.games.rummy.ledger.state.history",
)

P4 = ("Ana", "Beto", "Caro", "Dani")


def new() -> GameState:
    return start(GameCreated(variant="telefunken", players=P4, first_dealer="Ana"))


def undo(state: GameState) -> GameState:
    target = state.history.undo_target
    assert target is not None
    return apply(state, Undone(seq=target.seq))


def redo(state: GameState) -> GameState:
    target = state.history.redo_target
    assert target is not None
    return apply(state, Undone(seq=target.seq))


def played() -> GameState:
    """Deal 1: Beto out, Ana 5, Caro 6, Dani 7 (seq 2); deal 2: Ana buys (3), Caro buys (4)."""
    s = apply(new(), DealEnded(deal=1, went_out="Beto", hands={"Ana": 5, "Caro": 6, "Dani": 7}))
    s = apply(s, Buy(deal=2, player="Ana"))
    return apply(s, Buy(deal=2, player="Caro"))


def test_undo_walks_back_step_by_step() -> None:
    s = played()
    assert s.history.undo_target is not None
    assert s.history.undo_target.seq == 4
    assert s.history.redo_target is None
    s = undo(s)  # Caro's buy
    assert s.chips.buys_this_deal == {"Ana": 1, "Beto": 0, "Caro": 0, "Dani": 0}
    s = undo(s)  # then Ana's buy — not the undo just made
    assert s.chips.buys_this_deal == dict.fromkeys(P4, 0)
    assert s.deal_number == 2
    s = undo(s)  # then the end of deal 1
    assert s.deal_number == 1
    assert s.sheet.totals == dict.fromkeys(P4, 0)
    assert s.history.undo_target is None  # nothing left: the creation is never undone


def test_redo_brings_back_the_latest_undo_first() -> None:
    s = undo(undo(undo(played())))
    s = redo(s)  # the end of deal 1
    assert s.deal_number == 2
    assert s.sheet.totals == {"Ana": 5, "Beto": 0, "Caro": 6, "Dani": 7}
    s = redo(s)  # Ana's buy
    assert s.chips.buys_this_deal["Ana"] == 1
    assert s.chips.buys_this_deal["Caro"] == 0
    s = redo(s)  # Caro's buy
    assert s.chips.buys_this_deal["Caro"] == 1
    assert s.history.redo_target is None
    # Undo after redo takes back the action redone last.
    s = undo(s)
    assert s.chips.buys_this_deal["Caro"] == 0
    assert s.history.redo_target is not None


def test_a_new_action_ends_what_can_be_redone() -> None:
    s = undo(played())  # Caro's buy undone
    assert s.history.redo_target is not None
    s = apply(s, Buy(deal=2, player="Dani"))
    assert s.history.redo_target is None
    assert s.history.undo_target is not None
    assert s.history.undo_target.event == Buy(deal=2, player="Dani")


def test_undoing_a_correction_from_the_sheet_can_be_redone() -> None:
    s = apply(played(), DealCorrected(deal=1, went_out="Beto", hands={"Ana": 15, "Caro": 6, "Dani": 7}))
    s = apply(s, Undone(seq=5))
    assert s.sheet.totals["Ana"] == 5
    s = redo(s)
    assert s.sheet.totals["Ana"] == 15


def test_undo_and_redo_keep_the_exchange_format_and_the_tally() -> None:
    s = redo(undo(undo(played())))  # Caro's buy stays undone, Ana's is back
    # Seq 5 undid Caro's buy (4), seq 6 Ana's (3), seq 7 undid seq 6: 4 and 6 are cancelled, 3 is not.
    assert cancelled(s.log) == {4, 6}
    data = exchange.export_game(s)
    assert data["deals"][1]["buys"] == {"Ana": 1}
    again = replay(exchange.import_game(data))
    assert exchange.export_game(again) == data
    tally = exchange.tally(data)
    assert tally.allowed
    assert tally.state is not None
    # By hand: deal 1 only — Ana 5, Beto 0, Caro 6, Dani 7.
    assert tally.state.sheet.totals == s.sheet.totals == {"Ana": 5, "Beto": 0, "Caro": 6, "Dani": 7}
