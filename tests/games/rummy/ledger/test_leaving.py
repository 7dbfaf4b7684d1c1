"""A player leaves mid-game (docs/rules.md D68): points stay, the rotation skips them, they rank last."""

from __future__ import annotations

import json

import pytest

from referee.games.rummy.ledger import exchange
from referee.games.rummy.ledger.events import (
    Buy,
    DealCorrected,
    DealEnded,
    Event,
    ExactCut,
    GameCreated,
    LaidDown,
    Undone,
)
from referee.games.rummy.ledger.events.player_left import PlayerLeft
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, check, replay, start

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events.player_left",
)

FIVE = ("Ana", "Beto", "Caro", "Dani", "Eva")


def new(players: tuple[str, ...] = FIVE) -> GameState:
    return start(GameCreated(variant="telefunken", players=players, first_dealer="Ana"))


def codes(state: GameState, event: Event) -> set[str]:
    with pytest.raises(EventRefused) as info:
        apply(state, event)
    assert {p.code for p in info.value.problems} == {p.code for p in check(state, event)}
    assert not info.value.forcible or event.override is None
    return {p.code for p in info.value.problems}


def ended(state: GameState, went_out: str, **points: int) -> GameState:
    return apply(state, DealEnded(deal=state.deal_number, went_out=went_out, hands=dict(points)))


def roles(state: GameState) -> tuple[str, str, str]:
    return state.seating.dealer, state.seating.cutter, state.seating.first_player


def test_the_deal_and_the_cut_go_round_without_the_player_who_left() -> None:
    s = new()
    assert roles(s) == ("Ana", "Eva", "Beto")
    s = ended(s, "Ana", Beto=5, Caro=10, Dani=20, Eva=1)
    # Deal 2 would be Beto's to deal; Beto leaves before it starts.
    assert roles(s) == ("Beto", "Ana", "Caro")
    s = apply(s, PlayerLeft(player="Beto"))
    assert roles(s) == ("Caro", "Ana", "Dani")
    assert s.seating.playing == ("Ana", "Caro", "Dani", "Eva")
    assert s.seating.left == {"Beto": 1}
    s = ended(s, "Caro", Ana=7, Dani=3, Eva=2)
    assert roles(s) == ("Dani", "Caro", "Eva")
    s = ended(s, "Eva", Ana=1, Caro=1, Dani=1)
    assert roles(s) == ("Eva", "Dani", "Ana")
    s = ended(s, "Eva", Ana=4, Caro=4, Dani=4)
    # Wrapping round: after Eva comes Ana, and Ana's cutter is Eva (Beto is skipped both ways).
    assert roles(s) == ("Ana", "Eva", "Caro")
    # Worked out by hand: Ana 0+7+1+4, Beto 5, Caro 10+0+1+4, Dani 20+3+1+4, Eva 1+2+0+0 (no streak multiplier).
    assert s.sheet.totals == {"Ana": 12, "Beto": 5, "Caro": 15, "Dani": 28, "Eva": 3}
    # Beto's 5 is the second-lowest total, but a player who left ranks after everyone still playing.
    assert s.sheet.standings == ("Eva", "Ana", "Caro", "Dani", "Beto")
    assert s.sheet.ranks == {"Eva": 1, "Ana": 2, "Caro": 3, "Dani": 4, "Beto": 5}
    assert s.sheet.leaders == ("Eva",)
    assert [(d.number, d.dealer, d.cutter, d.away) for d in s.sheet.deals] == [
        (1, "Ana", "Eva", ()), (2, "Caro", "Ana", ("Beto",)), (3, "Dani", "Caro", ("Beto",)),
        (4, "Eva", "Dani", ("Beto",))]
    assert [d.points["Beto"] for d in s.sheet.deals] == [5, 0, 0, 0]


def test_who_left_cannot_buy_lay_down_go_out_or_hold_a_hand() -> None:
    s = apply(ended(new(), "Ana", Beto=5, Caro=10, Dani=20, Eva=1), PlayerLeft(player="Dani"))
    assert codes(s, Buy(deal=2, player="Dani")) == {"player-left"}
    assert codes(s, LaidDown(deal=2, player="Dani", melds=("7H 7S 7D",))) == {"player-left"}
    assert codes(s, DealEnded(deal=2, went_out="Dani", hands={"Ana": 1, "Beto": 1, "Caro": 1, "Eva": 1})) == {
        "player-left"}
    assert codes(s, DealEnded(deal=2, went_out="Ana", hands={"Beto": 1, "Caro": 1, "Dani": 9, "Eva": 1})) == {
        "player-left"}
    # No hand is needed from them: the other three are enough.
    assert ended(s, "Ana", Beto=1, Caro=2, Eva=3).sheet.totals["Dani"] == 20
    # Even an override cannot make them play.
    with pytest.raises(EventRefused):
        apply(s, Buy(deal=2, player="Dani", override="the table allows it"))


def test_when_a_player_may_not_be_marked_as_having_left() -> None:
    s = new()
    assert codes(s, PlayerLeft(player="Beto")) == {"left-before-play"}  # before deal 1 ends: seats instead
    s = ended(s, "Ana", Beto=5, Caro=10, Dani=20, Eva=1)
    assert codes(s, PlayerLeft(player="Zoe")) == {"unknown-player"}
    assert codes(apply(s, Buy(deal=2, player="Caro")), PlayerLeft(player="Beto")) == {"left-mid-deal"}
    assert codes(apply(s, ExactCut(deal=2)), PlayerLeft(player="Beto")) == {"left-mid-deal"}
    s = apply(s, PlayerLeft(player="Beto"))
    assert codes(s, PlayerLeft(player="Beto")) == {"player-already-left"}
    s = apply(s, PlayerLeft(player="Caro"))
    # Telefunken needs 3 players: a third departure would leave 2.
    assert codes(s, PlayerLeft(player="Dani")) == {"too-few-stay"}


def test_undo_brings_the_player_back_unless_a_later_deal_was_played_without_them() -> None:
    s = ended(new(), "Ana", Beto=5, Caro=10, Dani=20, Eva=1)
    s = apply(s, PlayerLeft(player="Beto"))
    left_seq = s.seq
    back = apply(s, Undone(seq=left_seq))
    assert back.seating.left == {}
    assert roles(back) == ("Beto", "Ana", "Caro")
    s = ended(s, "Caro", Ana=7, Dani=3, Eva=2)
    assert codes(s, Undone(seq=left_seq)) == {"undo-breaks-later"}


def test_a_past_deal_is_corrected_with_the_players_of_that_deal() -> None:
    s = ended(new(), "Ana", Beto=5, Caro=10, Dani=20, Eva=1)
    s = ended(apply(s, PlayerLeft(player="Beto")), "Caro", Ana=7, Dani=3, Eva=2)
    # Deal 1 had Beto in it: his hand is still needed there; deal 2 had none.
    assert codes(s, DealCorrected(deal=1, went_out="Ana", hands={"Caro": 10, "Dani": 20, "Eva": 1})) == {
        "missing-hand"}
    assert codes(s, DealCorrected(deal=2, went_out="Caro", hands={"Ana": 7, "Beto": 4, "Dani": 3, "Eva": 2})) == {
        "player-left"}
    s = apply(s, DealCorrected(deal=2, went_out="Caro", hands={"Ana": 8, "Dani": 3, "Eva": 2}))
    assert s.sheet.totals["Ana"] == 8
    assert s.sheet.totals["Beto"] == 5


def test_the_game_file_round_trips_a_departure() -> None:
    s = ended(new(), "Ana", Beto=5, Caro=10, Dani=20, Eva=1)
    s = ended(apply(s, PlayerLeft(player="Beto")), "Caro", Ana=7, Dani=3, Eva=2)
    data = exchange.export_game(s)
    assert data["deals"][1]["left"] == ["Beto"]
    again = replay(exchange.import_game(exchange.read_game_file(json.dumps(data))))
    assert exchange.export_game(again) == data
    assert again.seating.left == {"Beto": 1}
    assert again.sheet.totals == s.sheet.totals
