"""Seats before play: the turn order, who plays and the first dealer may change until deal 1 ends."""

from __future__ import annotations

import pytest

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.events import Buy, DealEnded, Event, ExactCut, GameCreated, Undone
from referee.games.rummy.ledger.events.seats_changed import SeatsChanged
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, check, replay, start

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.seats_changed",
)


def new() -> GameState:
    return start(GameCreated(variant="telefunken", players=("Ana", "Beto", "Caro", "Dani"), first_dealer="Ana"))


def codes(state: GameState, event: Event) -> set[str]:
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert {p.code for p in info.value.problems} == {p.code for p in check(state, event)}
    return {p.code for p in info.value.problems}


def test_reorder_add_and_remove_before_deal_1_ends() -> None:
    s = apply(new(), SeatsChanged(players=("Beto", "Ana", "Dani", "Caro", "Eva"), first_dealer="Ana"))
    # Turn order Beto → Ana → Dani → Caro → Eva; Ana deals, Beto (before her) cuts, Dani plays first.
    assert (s.players, s.seating.dealer, s.seating.cutter, s.seating.first_player) == (
        ("Beto", "Ana", "Dani", "Caro", "Eva"), "Ana", "Beto", "Dani")
    s = apply(s, SeatsChanged(players=("Beto", "Ana", "Dani", "Caro"), first_dealer="Caro"))
    assert (s.seating.dealer, s.seating.cutter) == ("Caro", "Dani")
    s = apply(s, DealEnded(deal=1, went_out="Beto", hands={"Ana": 5, "Caro": 6, "Dani": 7}))
    # Deal 2: the next player after Caro (wrapping round) deals: Beto.
    assert s.seating.dealer == "Beto"
    assert s.sheet.totals == {"Beto": 0, "Ana": 5, "Dani": 7, "Caro": 6}
    assert codes(s, SeatsChanged(players=("Ana", "Beto", "Caro", "Dani"), first_dealer="Ana")) == {
        "seats-after-play"}


def test_deal_1_records_stay_with_their_players() -> None:
    s = apply(new(), Buy(deal=1, player="Caro"))
    s = apply(s, SeatsChanged(players=("Caro", "Ana", "Beto", "Dani"), first_dealer="Ana"))
    assert s.chips.buys_this_deal == {"Caro": 1, "Ana": 0, "Beto": 0, "Dani": 0}
    assert s.chips.chips_left["Caro"] == 6
    assert s.chips.chips_left["Ana"] == 7
    assert codes(s, SeatsChanged(players=("Ana", "Beto", "Dani"), first_dealer="Ana")) == {"seat-has-actions"}


@pytest.mark.parametrize(
    ("players", "first", "code"),
    [(("Ana", "ana", "Caro"), "Ana", "duplicate-player"), (("Ana",), "Ana", "too-few-players"),
     (("Ana", "Beto", "Caro"), "Zoe", "unknown-first-dealer"), (("Ana", " ", "Caro"), "Ana", "empty-name")],
    ids=["duplicate", "too-few", "dealer-not-playing", "blank"],
)
def test_bad_seats_are_refused(players: tuple[str, ...], first: str, code: str) -> None:
    assert code in codes(new(), SeatsChanged(players=players, first_dealer=first))


def test_an_exact_cut_keeps_deal_1s_dealer_and_cutter() -> None:
    s = apply(new(), ExactCut(deal=1))  # Dani cut exactly with Ana dealing
    assert codes(s, SeatsChanged(players=("Beto", "Ana", "Caro", "Dani"), first_dealer="Ana")) == {
        "seats-change-roles"}
    s = apply(s, SeatsChanged(players=("Ana", "Caro", "Beto", "Dani"), first_dealer="Ana"))  # same roles
    assert (s.seating.dealer, s.seating.cutter) == ("Ana", "Dani")


def test_seats_are_undone_and_the_file_round_trips_with_the_tally() -> None:
    s = apply(new(), SeatsChanged(players=("Dani", "Caro", "Beto", "Ana"), first_dealer="Beto"))
    s = apply(s, DealEnded(deal=1, went_out="Ana", hands={"Dani": 1, "Caro": 2, "Beto": 3}))
    data = exchange.export_game(s)
    assert data["players"] == ["Dani", "Caro", "Beto", "Ana"]
    assert data["first_dealer"] == "Beto"
    assert exchange.export_game(replay(exchange.import_game(data))) == data
    tally = exchange.tally(data)
    assert tally.allowed
    assert tally.state is not None
    assert tally.state.sheet.totals == {"Dani": 1, "Caro": 2, "Beto": 3, "Ana": 0}
    s = apply(apply(s, Undone(seq=3)), Undone(seq=2))
    assert s.players == ("Ana", "Beto", "Caro", "Dani")
    assert s.seating.dealer == "Ana"
