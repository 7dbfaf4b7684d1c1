"""Each kind of event has one home, its part of a game file included: the top-level keys it owns in a
referee-table-game/1 file, how their values' kinds are checked, how it writes them and which events it reads back are
in its own module (:mod:`referee.games.persian.ledger.events.filing`); the file's reader, checks, writer and schema
loop over the registry and name no event."""

from __future__ import annotations

import json

import pytest

from referee.games.persian.ledger import gamefile
from referee.games.persian.ledger.events import (
    EVENTS,
    GameCreated,
    GameEnded,
    HandCorrected,
    HandPlayed,
    PlayerRenamed,
    Redeal,
    Undone,
)
from referee.games.persian.ledger.events.filing import FilePart, FoldAt, TableFileError, part_of
from referee.games.persian.ledger.fold import apply, replay, start
from referee.games.persian.ledger.state import TableState
from tests.source_names import names_in

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.persian.ledger.events.filing",
)

#: The kinds a file's keys hold.
IN_KEYS = {cls.__name__ for cls in EVENTS.values() if isinstance(part_of(cls), FilePart)}
PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")


def test_the_kinds_a_file_keeps_in_its_keys() -> None:
    assert {"GameCreated", "HandPlayed", "Redeal", "GameEnded"} == IN_KEYS


def test_the_file_names_no_event() -> None:
    named = names_in(gamefile) & {cls.__name__ for cls in EVENTS.values()}
    assert not named


@pytest.mark.parametrize("kind", EVENTS)
def test_every_event_says_where_a_file_keeps_it(kind: str) -> None:
    """Its part of the file, or in words why no key holds it; said by the kind itself, not inherited."""
    said = vars(EVENTS[kind]).get("file_part")
    assert isinstance(said, FilePart) or (isinstance(said, str) and said.startswith("in no key: "))
    assert part_of(EVENTS[kind]) is said


def test_each_key_has_one_owner_and_one_place() -> None:
    keys = [key for part in gamefile.PARTS for key in part.keys]
    names = [key.name for key in keys]
    assert len(set(names)) == len(names)
    assert not set(names) & set(gamefile.OWN_KEYS)
    assert len({key.place for key in keys}) == len(keys)
    assert all(key.form.startswith("file-field-") for key in keys)
    assert [key.name for key in gamefile.KEYS] == ["variant", "players", "first", "options", "hands", "redeals",
                                                   "ended"]


def test_the_parts_are_read_in_the_order_of_their_keys() -> None:
    """A bad hand is said before a bad redeal, as the keys come."""
    firsts = [min(key.place for key in part.keys) for part in gamefile.PARTS]
    assert firsts == sorted(firsts)
    data = {"format": "referee-table-game/1", "variant": "hokm", "players": list(PLAYERS),
            "hands": [{"winner": "A"}], "redeals": [9]}
    with pytest.raises(TableFileError) as error:
        gamefile.import_game(data)
    assert error.value.problem.code == "file-hand"


def test_one_part_names_the_game() -> None:
    data = {"format": "referee-table-game/1", "variant": "hokm", "players": list(PLAYERS)}
    found = [part for part in gamefile.PARTS if part.rules_of(data) is not None]
    assert [type(part) for part in found] == [type(GameCreated.file_part)]


def test_where_events_are_folded() -> None:
    assert FoldAt.opening() < FoldAt.in_hand(1, 0) < FoldAt.in_hand(1, 1) < FoldAt.in_hand(2, 0) < FoldAt.closing()


def test_a_file_is_read_back_in_the_order_events_fold() -> None:
    """The creation first, then for each hand its redeals then the hand, then the end."""
    events = gamefile.import_game({
        "format": "referee-table-game/1", "variant": "hokm", "players": list(PLAYERS), "ended": "late",
        "redeals": [3, 1, 3], "hands": [{"winner": "A", "losers_tricks": 3}, {"winner": "B", "losers_tricks": 0}],
    })
    assert [(event.type, getattr(event, "hand_number", None)) for event in events] == [
        ("game-created", None), ("redeal", 1), ("hand-played", 1), ("hand-played", 2), ("redeal", 3), ("redeal", 3),
        ("game-ended", None)]


def a_game_with_hands_redeals_and_an_end() -> TableState:
    state = start(GameCreated(variant="shelem", players=PLAYERS, first="Cyrus", options={"target": 1200}))
    for event in (
        Redeal(hand_number=1),
        HandPlayed(hand_number=1, hand={"ruler": 0, "bid": 135, "points": 130}),
        HandPlayed(hand_number=2, hand={"ruler": 3, "bid": 125, "points": 150}),
        Redeal(hand_number=3),
        Redeal(hand_number=3),
        HandPlayed(hand_number=3, hand={"ruler": 0, "bid": 150, "points": 165}),
        HandCorrected(hand_number=2, hand={"ruler": 1, "bid": 125, "points": 150}),
        PlayerRenamed(old="Dara", new="Darius"),
        HandPlayed(hand_number=4, hand={"ruler": 3, "bid": 135, "points": 135}),
        Undone(seq=10),
        Redeal(hand_number=4),
        GameEnded(reason="time for tea"),
    ):
        state = apply(state, event)
    return state


def test_export_import_replay_export_round_trips() -> None:
    state = a_game_with_hands_redeals_and_an_end()
    exported = gamefile.export_game(state)
    assert list(exported) == ["format", "variant", "players", "first", "options", "hands", "redeals", "ended"]
    assert (exported["players"], exported["redeals"], exported["ended"]) == (
        ["Ana", "Bahram", "Cyrus", "Darius"], [1, 3, 3, 4], "time for tea")
    assert [{name: hand[name] for name in ("ruler", "bid", "points")} for hand in exported["hands"]] == [
        {"ruler": 0, "bid": 135, "points": 130}, {"ruler": 1, "bid": 125, "points": 150},
        {"ruler": 0, "bid": 150, "points": 165}]
    again = replay(gamefile.import_game(json.loads(json.dumps(exported))))
    assert gamefile.export_game(again) == exported
    assert (again.totals, again.dealer, again.redeals, again.ended) == (
        state.totals, state.dealer, state.redeals, state.ended)


def test_a_part_writes_only_its_own_keys() -> None:
    state = a_game_with_hands_redeals_and_an_end()
    for part in gamefile.PARTS:
        assert set(part.write(state)) <= {key.name for key in part.keys}
