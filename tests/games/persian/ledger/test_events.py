"""Each event's stored form: to_dict and back through the registry, and hostile stored forms refused in words."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.persian.ledger import (
    EVENTS,
    GameCreated,
    GameEnded,
    HandCorrected,
    HandPlayed,
    PlayerRenamed,
    Redeal,
    Undone,
    event_from_dict,
)
from referee.games.persian.ledger.events.base import Event, EventFormatError
from referee.games.persian.ledger.wording import MESSAGES
from referee.games.persian.rules.base import MESSAGES as RULES_MESSAGES

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.persian.ledger.events.base",
    "referee.games.persian.ledger.wording",
)

EVERY_EVENT = [
    GameCreated(variant="shelem", players=("Ana", "Bahram", "Cyrus", "Dara"), first="Cyrus", options={"target": 660}),
    HandPlayed(hand_number=3, hand={"bidding": [{"seat": 1, "bid": 100}, {"seat": 2, "bid": None}], "points": 5}),
    HandCorrected(hand_number=2, hand={"ruler": 0, "bid": 135, "points": 130}),
    Redeal(hand_number=4),
    PlayerRenamed(old="Ana", new="Anahita"),
    GameEnded(reason="dinner"),
    GameEnded(),
    Undone(seq=7),
]


@pytest.mark.parametrize("event", EVERY_EVENT, ids=lambda e: e.type)
def test_every_event_reads_back_from_its_stored_form(event: Event) -> None:
    stored = event.to_dict()
    assert list(stored)[0] == "type"
    assert stored["type"] == event.type
    assert event_from_dict(stored) == event


def test_the_registry_knows_every_event_once() -> None:
    assert sorted(EVENTS) == sorted({e.type for e in EVERY_EVENT})
    assert all(EVENTS[e.type] is type(e) for e in EVERY_EVENT)


def test_an_event_keeps_its_own_copy_of_a_hand() -> None:
    hand: dict[str, Any] = {"bids": [3, 2, 3, 2], "tricks": [7, 6]}
    event = HandPlayed(hand_number=1, hand=hand)
    hand["tricks"].append(0)
    stored = event.to_dict()
    stored["hand"]["bids"].append(9)  # type: ignore[index,union-attr]
    assert event.hand == {"bids": [3, 2, 3, 2], "tricks": [7, 6]}


@pytest.mark.parametrize(
    ("stored", "code"),
    [
        (["hand-played"], "event-not-object"),
        ({"type": "hand-won"}, "event-unknown-type"),
        ({"type": None}, "event-unknown-type"),
        ({"hand_number": 1}, "event-unknown-type"),
        ({"type": "redeal", "hand_number": 1, "dealer": "Ana"}, "event-unknown-field"),
        ({"type": "redeal"}, "event-missing-field"),
        ({"type": "redeal", "hand_number": "1"}, "event-field-whole-number"),
        ({"type": "redeal", "hand_number": True}, "event-field-whole-number"),
        ({"type": "redeal", "hand_number": 0}, "event-field-whole-number"),
        ({"type": "redeal", "hand_number": 1.5}, "event-field-whole-number"),
        ({"type": "undone", "seq": 10**12}, "event-field-whole-number"),
        ({"type": "player-renamed", "old": "Ana", "new": ["Anahita"]}, "event-field-text"),
        ({"type": "game-created", "variant": "hokm", "players": "Ana Bahram", "first": "Ana"}, "event-field-texts"),
        ({"type": "game-created", "variant": "hokm", "players": ["Ana", 2], "first": "Ana"}, "event-field-texts"),
        ({"type": "game-created", "variant": "hokm", "players": [], "first": "Ana", "options": [1]},
         "event-field-object"),
        ({"type": "hand-played", "hand_number": 1, "hand": [1, 2]}, "event-field-object"),
        ({"type": "hand-played", "hand_number": 1, "hand": {"points": 1.5}}, "event-field-object"),
        ({"type": "hand-played", "hand_number": 1, "hand": {"x": [[[[[[[[[1]]]]]]]]]}}, "event-field-object"),
        ({"type": "hand-played", "hand_number": 1, "hand": {"points": 10**12}}, "event-field-object"),
    ],
    ids=["a list", "unknown type", "null type", "no type", "unknown field", "missing field", "a text for a number",
         "true for a number", "hand 0", "a fraction", "a huge seq", "a list for a name", "a text for the players",
         "a number for a name", "a list for the options", "a list for a hand", "a fraction in a hand",
         "a hand nested too deep", "a huge number in a hand"],
)
def test_hostile_stored_forms_are_refused_in_words(stored: Any, code: str) -> None:
    with pytest.raises(EventFormatError) as error:
        event_from_dict(stored)
    assert error.value.problem.code == code
    assert isinstance(error.value, ValueError)
    assert str(error.value) == error.value.problem.message


def test_a_refusal_quotes_the_field_and_the_value() -> None:
    with pytest.raises(EventFormatError) as error:
        event_from_dict({"type": "redeal", "hand_number": "three"})
    assert str(error.value) == "redeal event: hand_number must be a whole number from 1, not 'three'"


def test_the_ledger_and_the_rules_never_share_a_code() -> None:
    assert not set(MESSAGES) & set(RULES_MESSAGES)
