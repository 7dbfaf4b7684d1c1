"""Any JSON a stored event or a file may hold as a hand is checked in words by the ledger: never an exception but
the refusal (a page shows it, nothing is saved, no 500)."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.persian.ledger import GameCreated, HandCorrected, HandPlayed, TableState, apply, check, start
from referee.games.persian.rules import GAMES
from tests.properties import examples

TABLES = {"hokm": 4, "shelem": 4, "shelem-two": 2, "qahve": 4, "bi-del": 4, "rim": 2, "shaytan": 3, "bluff": 3}
#: A hand every game takes as hand 1 (so that a correction has a hand to restate).
FIRST_HANDS: dict[str, dict[str, Any]] = {
    "hokm": {"winner": "A", "losers_tricks": 3}, "shelem": {"ruler": 0, "bid": 100, "points": 100},
    "shelem-two": {"ruler": 0, "bid": 100, "points": 100}, "qahve": {"bids": [2, 2, 2, 2], "tricks": [7, 6]},
    "bi-del": {"hearts": [4, 3, 3, 3], "queen": 1}, "rim": {"winner": 0, "cards": "KH"},
    "shaytan": {"player": 0}, "bluff": {"player": 1},
}

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.sampled_from(["A", "B", "", "KH 2C", "x"]),
                    st.integers(-3, 200))
JSON = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=3), inner,
                                                                                         max_size=3), max_leaves=12)
FIELDS = sorted({"winner", "losers_tricks", "bam", "ruler", "bid", "points", "bidding", "bids", "tricks", "hearts",
                 "queen", "cards", "player", "seat"})
HANDS = st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=5)


def test_every_game_has_a_table_here() -> None:
    assert sorted(TABLES) == sorted(GAMES) == sorted(FIRST_HANDS)


def _state(variant: str) -> TableState:
    players = tuple(f"P{n}" for n in range(TABLES[variant]))
    state = start(GameCreated(variant=variant, players=players, first="P0"))
    return apply(state, HandPlayed(hand_number=1, hand=FIRST_HANDS[variant]))


STATES = {variant: _state(variant) for variant in TABLES}


@pytest.mark.parametrize("variant", sorted(TABLES))
@settings(max_examples=examples(40), deadline=None)
@given(hand=HANDS)
def test_any_hand_is_checked_in_words(variant: str, hand: dict[str, Any]) -> None:
    state = STATES[variant]
    for event in (HandPlayed(hand_number=2, hand=hand), HandCorrected(hand_number=1, hand=hand)):
        problems = check(state, event)
        assert all(str(problem) for problem in problems)
        if not problems:
            assert apply(state, event).seq == 3
