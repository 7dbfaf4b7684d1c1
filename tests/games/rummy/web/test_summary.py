"""The scores as a short text the phone sends: the heading (deal so far, game over, ended early), the winner or a
tie, the standings (lowest total first, docs/rules.md), one line per deal. The totals are added up by hand."""

from __future__ import annotations

from flask import Flask

from referee.games.rummy.ledger.events import DealEnded, Event, GameAbandoned, GameCreated
from referee.games.rummy.ledger.state import GameState, replay
from referee.games.rummy.web.summary import share_text

FOUR = ("Ana", "Beto", "Caro", "Dani")


def game(*events: Event, variant: str = "telefunken", players: tuple[str, ...] = FOUR) -> GameState:
    return replay([GameCreated(variant=variant, players=players, first_dealer=players[0]), *events])


def text(app: Flask, state: GameState, language: str = "en") -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return share_text(state)


#: Deal 1: Beto went out; Dani's K 7 is 10 + 7 = 17 (docs/rules.md §11.1).
DEAL_1 = DealEnded(deal=1, went_out="Beto", hands={"Ana": 10, "Caro": 20, "Dani": "K 7"})


def test_a_game_under_way_says_its_deal_standings_so_far_and_each_deal(app: Flask) -> None:
    assert text(app, game(DEAL_1)) == (
        "Telefunken (Venezuela) — deal 2 of 7\n"
        "\n"
        "Standings so far\n"
        "1. Beto 0\n"
        "2. Ana 10\n"
        "3. Dani 17\n"
        "4. Caro 20\n"
        "\n"
        "Score sheet\n"
        "Deal 1: Beto went out; Ana 10, Caro 20, Dani 17\n"
        "\n"
        "Kept with referee\n"
    )


def test_a_new_game_has_standings_and_no_score_sheet(app: Flask) -> None:
    said = text(app, game())
    assert said.startswith("Telefunken (Venezuela) — deal 1 of 7\n\nStandings so far\n1. Ana 0\n1. Beto 0\n")
    assert "Score sheet" not in said
    assert said.endswith("\n\nKept with referee\n")


def test_a_game_ended_early_names_the_winner(app: Flask) -> None:
    # Deal 2: Ana 10 + 0 = 10, Beto 0 + 5 = 5, Caro 20 + 1 = 21, Dani 17 + 2 = 19: Beto is lowest.
    deal_2 = DealEnded(deal=2, went_out="Ana", hands={"Beto": 5, "Caro": 1, "Dani": 2})
    lines = text(app, game(DEAL_1, deal_2, GameAbandoned(reason="late"))).splitlines()
    assert lines[:8] == ["Telefunken (Venezuela) — ended early", "Beto wins!", "", "Standings",
                         "1. Beto 5", "2. Ana 10", "3. Dani 19", "4. Caro 21"]
    assert "Deal 2: Ana went out; Beto 5, Caro 1, Dani 2" in lines


def test_a_tie_names_everyone_tied(app: Flask) -> None:
    # Ana 0 + 9 = 9 and Beto 9 + 0 = 9; Caro 20 + 20 = 40.
    state = game(DealEnded(deal=1, went_out="Ana", hands={"Beto": 9, "Caro": 20}),
                 DealEnded(deal=2, went_out="Beto", hands={"Ana": 9, "Caro": 20}),
                 GameAbandoned(reason=""), players=("Ana", "Beto", "Caro"))
    lines = text(app, state).splitlines()
    assert lines[1] == "A tie: Ana, Beto"
    assert lines[4:7] == ["1. Ana 9", "1. Beto 9", "3. Caro 40"]


def test_a_deal_nobody_went_out_of_says_so(app: Flask) -> None:
    """Peru lets a deal end with nobody out (the stock ran out): everyone scores their hand."""
    state = game(DealEnded(deal=1, went_out=None, hands={"Ana": 5, "Beto": 6, "Caro": 7, "Dani": 8}),
                 variant="telefunken-peru")
    assert "Deal 1: nobody went out; Ana 5, Beto 6, Caro 7, Dani 8\n" in text(app, state)


def test_the_text_is_in_the_pages_language(app: Flask) -> None:
    said = text(app, game(DEAL_1), "es")
    assert "Standings" not in said
    assert "1. Beto 0\n" in said
    assert "Ana 10, Caro 20, Dani 17" in said


def test_a_finished_game_says_game_over_and_the_winner(app: Flask) -> None:
    # Seven deals, Ana out each time: Beto 7 × 1 = 7, Caro 7 × 2 = 14 (unused chips are worth nothing, D51).
    deals = [DealEnded(deal=n, went_out="Ana", hands={"Beto": 1, "Caro": 2}) for n in range(1, 8)]
    lines = text(app, game(*deals, players=("Ana", "Beto", "Caro"))).splitlines()
    assert lines[:7] == ["Telefunken (Venezuela) — game over", "Ana wins!", "", "Standings",
                         "1. Ana 0", "2. Beto 7", "3. Caro 14"]
    assert lines[-3:] == ["Deal 7: Ana went out; Beto 1, Caro 2", "", "Kept with referee"]
