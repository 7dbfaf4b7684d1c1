"""The players' board of a contract-rummy game, worked out from the ledger's state: each player's seat, total,
rank, chips and role at the table, "this is me", the deal-by-deal lines, the last deal in words, the winners; and a
player's name followed through the renames the game recorded (an undone rename left out)."""

from __future__ import annotations

from typing import Any

from flask import Flask

from referee.games.rummy.ledger.events import DealEnded, Event, GameAbandoned, GameCreated, PlayerRenamed, Undone
from referee.games.rummy.ledger.state import GameState, replay
from referee.games.rummy.web import viewer

FOUR = ("Ana", "Beto", "Caro", "Dani")
#: Deal 1 of Telefunken, Ana dealing: Beto went out; Dani's K 7 is 10 + 7 = 17 (docs/rules.md §11.1).
DEAL_1 = DealEnded(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20, "Dani": "K 7"})


def game(*events: Event, players: tuple[str, ...] = FOUR) -> GameState:
    return replay([GameCreated(variant="telefunken", players=players, first_dealer=players[0]), *events])


def board(app: Flask, state: GameState, me: str | None) -> dict[str, Any]:
    with app.test_request_context("/"):
        return viewer.board_context(state, me)


def test_a_new_game_shows_each_seat_its_chips_and_its_role(app: Flask) -> None:
    """Ana deals; the player before her cuts (Dani), the one after her plays first (Beto); 7 chips each."""
    context = board(app, game(), "Caro")
    rows = {row.name: row for row in context["players"]}
    assert [row.name for row in context["players"]] == list(FOUR)
    assert [rows[name].seat for name in FOUR] == [0, 1, 2, 3]
    assert {name: row.role for name, row in rows.items()} == {
        "Ana": "deals", "Beto": "plays first", "Caro": "", "Dani": "cuts"}
    assert {name: row.chips for name, row in rows.items()} == dict.fromkeys(FOUR, 7)
    assert {name: row.total for name, row in rows.items()} == dict.fromkeys(FOUR, 0)
    assert [name for name, row in rows.items() if row.me] == ["Caro"]
    assert context["me"] == "Caro"
    assert context["lines"] == []
    assert context["last_deal"] == ""
    assert context["winners"] == ()


def test_someone_not_playing_is_nobody_on_the_board(app: Flask) -> None:
    context = board(app, game(), "Mallory")
    assert context["me"] is None
    assert not any(row.me for row in context["players"])


def test_after_a_deal_the_board_has_its_line_the_standings_and_the_next_roles(app: Flask) -> None:
    context = board(app, game(DEAL_1), None)
    (line,) = context["lines"]
    assert (line.number, line.winner, line.points, line.multiplier) == (1, "Beto", (10, 0, 20, 17), 1)
    assert [(row.name, row.total, row.rank) for row in context["standings"]] == [
        ("Beto", 0, 1), ("Ana", 10, 2), ("Dani", 17, 3), ("Caro", 20, 4)]
    assert context["last_deal"] == "Last deal (1): Beto went out; Ana 10, Caro 20, Dani 17"
    # Deal 2: the deal passes to Beto; Ana, before him, cuts; Caro, after him, plays first.
    roles = {row.name: row.role for row in context["players"]}
    assert roles == {"Ana": "cuts", "Beto": "deals", "Caro": "plays first", "Dani": ""}


def test_a_game_ended_early_has_no_roles_and_names_no_winner(app: Flask) -> None:
    """Its board says the game was abandoned instead; the standings still rank everyone."""
    # Ana 10 + 0 = 10, Beto 0 + 10 = 10: a tie for the lowest; Caro 20 + 1 = 21, Dani 17 + 2 = 19.
    deal_2 = DealEnded(deal=2, went_out="Ana", hands={"Beto": 10, "Caro": 1, "Dani": 2})
    context = board(app, game(DEAL_1, deal_2, GameAbandoned(reason="late")), "Ana")
    assert [row.role for row in context["players"]] == ["", "", "", ""]
    assert [(row.name, row.rank) for row in context["standings"]] == [("Ana", 1), ("Beto", 1), ("Dani", 3),
                                                                     ("Caro", 4)]
    assert context["winners"] == ()


def test_a_finished_game_names_its_winner(app: Flask) -> None:
    # Seven deals, Ana out each time: Beto 7 × 1 = 7, Caro 7 × 2 = 14, Ana 0.
    deals = [DealEnded(deal=n, went_out="Ana", hands={"Beto": 1, "Caro": 2}) for n in range(1, 8)]
    context = board(app, game(*deals, players=("Ana", "Beto", "Caro")), None)
    assert context["winners"] == ("Ana",)
    assert [line.points for line in context["lines"]] == [(0, 1, 2)] * 7
    assert [row.role for row in context["players"]] == ["", "", ""]


def test_a_name_follows_the_renames_recorded() -> None:
    state = game(PlayerRenamed(old="Beto", new="Rob"), PlayerRenamed(old="Rob", new="Roberto"))
    assert viewer.renamed(state, "Beto") == "Roberto"
    assert viewer.VIEWER.renamed(state, "Rob") == "Roberto"
    assert viewer.renamed(state, "Ana") == "Ana"


def test_an_undone_rename_is_not_followed() -> None:
    # seq 1 is the game's creation, seq 2 the rename, seq 3 its undo.
    state = game(PlayerRenamed(old="Beto", new="Rob"), Undone(seq=2))
    assert state.players == FOUR
    assert viewer.renamed(state, "Beto") == "Beto"
