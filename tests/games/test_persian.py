"""The Persian games as a family of referee/families.py (referee/games/persian/__init__.py): registered once under
its id with every game of docs/table-games.md and its own file format, and its winners read from the score — a
tally game's leaders once the scorekeeper ends it, nobody for another game stopped early."""

from __future__ import annotations

from typing import Any

import pytest

from referee.families import family_named, family_of, family_of_format
from referee.games.persian import PERSIAN
from referee.games.persian.ledger import GameCreated, GameEnded, HandPlayed, TableState

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian",)

GAMES = ["hokm", "shelem", "shelem-two", "qahve", "bi-del", "rim", "shaytan", "bluff"]


def played(variant: str, players: tuple[str, ...], *hands: dict[str, Any]) -> TableState:
    state = PERSIAN.start(GameCreated(variant=variant, players=players, first=players[0]))
    for hand in hands:
        state = PERSIAN.apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


def test_the_family_is_registered_under_its_id_and_its_file_format() -> None:
    assert family_named("persian") is PERSIAN
    assert family_of_format("referee-table-game/1") is PERSIAN
    assert PERSIAN.variant_ids == tuple(GAMES)
    assert PERSIAN.created_types == ("game-created",)


@pytest.mark.parametrize("variant", GAMES)
def test_each_game_belongs_to_the_family(variant: str) -> None:
    assert family_of(variant) is PERSIAN
    assert PERSIAN.plays(f" {variant.upper()} ")  # ids are read trimmed and in lower case


def test_a_shaytan_session_is_won_by_the_fewest_losses_once_it_is_ended() -> None:
    # Bahram is left with the joker twice, Ana once, Cyrus never (docs/table-games.md §6.3).
    state = played("shaytan", ("Ana", "Bahram", "Cyrus"), {"player": 1}, {"player": 1}, {"player": 0})
    assert PERSIAN.winners_of(state) == ()  # under way
    ended = PERSIAN.apply(state, GameEnded(reason="midnight"))
    assert PERSIAN.winners_of(ended) == ("Cyrus",)
    assert PERSIAN.result(ended).winners == ("Cyrus",)


def test_a_game_stopped_before_the_rules_name_a_winner_has_none() -> None:
    state = played("hokm", ("Ana", "Bahram", "Cyrus", "Dara"), {"winner": "A", "losers_tricks": 2})
    assert PERSIAN.winners_of(PERSIAN.apply(state, GameEnded(reason="rain"))) == ()


def test_a_bam_wins_the_hokm_match_for_both_partners() -> None:
    state = played("hokm", ("Ana", "Bahram", "Cyrus", "Dara"), {"winner": "B", "losers_tricks": 0, "bam": True})
    assert PERSIAN.winners_of(state) == ("Bahram", "Dara")


def test_the_family_sums_up_a_game_as_referee_variants_lists_it() -> None:
    assert PERSIAN.summary is not None
    assert PERSIAN.summary("rim") == {"name": "Rim", "players": [2]}
