"""The head of the next hand (referee/games/persian/web/screens.py, ``head_of``): who deals, rules, bids first and
which way the cards pass, the running totals and who leads, and the winners once the game is over, as the rules'
score says them (docs/table-games.md §1–§6)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.persian.ledger import GameCreated, GameEnded, HandPlayed, TableState, apply, start
from referee.games.persian.rules import game_ids
from referee.games.persian.web.screens import HAND_ENTRIES, head_of

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.screens",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")

pytestmark = pytest.mark.usefixtures("english")


def game(variant: str, players: tuple[str, ...], *hands: dict[str, Any], **options: Any) -> TableState:
    state = start(GameCreated(variant=variant, players=players, first=players[0], options=options))
    for hand in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


def roles(state: TableState) -> dict[str, str]:
    return {role.testid: role.value for role in head_of(state).roles}


def totals(state: TableState) -> list[tuple[str, int, bool]]:
    return [(row.label, row.total, row.leading) for row in head_of(state).totals]


def test_every_game_has_its_hand_entry() -> None:
    assert set(HAND_ENTRIES) == set(game_ids())
    assert {HAND_ENTRIES["shelem-two"], HAND_ENTRIES["bluff"]} == {"shelem", "tally"}


def test_hokm_the_ruler_and_the_dealer_on_the_rulers_right_then_the_teams_totals() -> None:
    # Ana drew the highest card: she rules and Bahram, on her right, deals (docs/table-games.md §1.3).
    state = game("hokm", FOUR)
    head = head_of(state)
    assert (head.name, head.entry, head.hand, head.over) == ("Hokm", "hokm", 1, False)
    assert roles(state) == {"dealer": "Bahram", "ruler": "Ana"}
    assert totals(state) == [("Ana & Cyrus", 0, False), ("Bahram & Dara", 0, False)]
    assert [team.rules for team in head.teams] == [True, False]
    # Team B takes all seven tricks from the ruler's team: a ruler's kot, 3; the rule passes to Bahram.
    state = game("hokm", FOUR, {"winner": "B", "losers_tricks": 0})
    assert roles(state) == {"dealer": "Cyrus", "ruler": "Bahram"}
    assert totals(state) == [("Ana & Cyrus", 0, False), ("Bahram & Dara", 3, True)]
    assert [team.rules for team in head_of(state).teams] == [False, True]


def test_shelem_the_player_after_the_dealer_bids_first() -> None:
    state = game("shelem", FOUR)
    assert roles(state) == {"dealer": "Ana", "first-bidder": "Bahram"}
    assert head_of(state).all_pass
    assert not head_of(game("shelem-two", FOUR[:2])).all_pass  # one pass ends the bidding for two (§2.6)


def test_bi_del_names_the_pass_and_the_lowest_total_leads() -> None:
    # No turn of dealers in Bi-del (§4): the head names the pass, not a dealer. Hearts 9, 1, 0 and Q♠ to Ana.
    state = game("bi-del", FOUR[:3], {"hearts": [9, 1, 3], "queen": 0})
    assert roles(state) == {"passing": "3 cards to the left"}
    assert totals(state) == [("Ana", 22, False), ("Bahram", 1, True), ("Cyrus", 3, False)]


def test_a_game_over_names_its_winners_and_no_roles() -> None:
    state = game("hokm", FOUR, {"winner": "B", "losers_tricks": 0, "bam": True})
    head = head_of(state)
    assert head.over
    assert head.roles == ()
    assert head.winner_words == "Bahram & Dara won the game."


def test_a_tally_session_ended_by_the_scorekeeper_is_won_by_its_leader() -> None:
    state = game("shaytan", FOUR[:3], {"player": 1}, {"player": 0})
    # The fewest losses lead in Shaytan (§6.3): Cyrus, never left with the joker.
    assert totals(state) == [("Ana", 1, False), ("Bahram", 1, False), ("Cyrus", 0, True)]
    head = head_of(apply(state, GameEnded()))
    assert (head.over, head.winner_words, head.entry) == (True, "Cyrus won the game.", "tally")
    # In Bluff the most wins lead (§6.3).
    assert totals(game("bluff", FOUR[:3], {"player": 1}, {"player": 1}))[1] == ("Bahram", 2, True)
    assert head.tally_question == "Who was left with the joker?"
