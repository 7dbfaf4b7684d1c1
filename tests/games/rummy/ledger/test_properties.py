"""Properties of the ledger over random game logs of every variant."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.rummy.ledger.events import event_from_dict
from referee.games.rummy.ledger.events.base import Event
from referee.games.rummy.ledger.state import EventRefused, GameState, apply, replay
from tests.properties import examples

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.rummy.ledger.events",
    "referee.games.rummy.ledger.events.base",
)

_spec = importlib.util.spec_from_file_location("ledger_strategies", Path(__file__).with_name("strategies.py"))
assert _spec
assert _spec.loader
strategies = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(strategies)
game_logs = strategies.game_logs
candidate = strategies.candidate

PROPERTY = settings(max_examples=examples(150), deadline=None)


@PROPERTY
@given(game_logs())
def test_replaying_any_prefix_never_fails(log: tuple[list[Event], GameState]) -> None:
    events, final = log
    for end in range(1, len(events) + 1):
        replay(events[:end])
    assert replay(events).sheet.totals == final.sheet.totals
    assert replay(events).history.entries == final.history.entries


@PROPERTY
@given(game_logs())
def test_events_round_trip_through_dicts(log: tuple[list[Event], GameState]) -> None:
    events, _ = log
    assert [event_from_dict(e.to_dict()) for e in events] == events


@PROPERTY
@given(game_logs())
def test_totals_are_deal_points_plus_adjustments(log: tuple[list[Event], GameState]) -> None:
    _, state = log
    for name in state.players:
        expected = sum(d.points[name] for d in state.sheet.deals) + sum(
            a.points for a in state.sheet.adjustments if a.player == name
        )
        assert state.sheet.totals[name] == expected
    ranks = state.sheet.ranks
    assert sorted(ranks.values())[0] == 1
    assert [state.sheet.totals[n] for n in state.sheet.standings] == sorted(state.sheet.totals.values())


@PROPERTY
@given(game_logs(), st.data())
def test_a_refused_event_leaves_the_state_unchanged(log: tuple[list[Event], GameState], data: st.DataObject) -> None:
    _, state = log

    def seen() -> tuple[object, ...]:
        return (state.sheet.totals, state.chips.chips_left, state.history.entries, state.records, state.players,
                state.sheet.deals)

    before = seen()
    event = data.draw(candidate(state))
    refused: list[EventRefused] = []
    try:
        apply(state, event)
    except EventRefused as error:
        refused.append(error)
    assert all(error.problems for error in refused)  # a refusal always says why
    assert seen() == before
