"""Whole games replayed through the ledger's events, to totals, rulers, dealers and winners worked out by hand."""

from __future__ import annotations

from typing import Any

import pytest

from referee.games.persian.ledger import EventRefused, GameCreated, HandPlayed, TableState
from referee.games.persian.ledger.fold import apply, check, replay, start

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.ledger.fold",)

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")  # teams: A = Ana and Cyrus, B = Bahram and Dara


def created(variant: str, first: str = "Ana", **options: Any) -> GameCreated:
    return GameCreated(variant=variant, players=PLAYERS, first=first, options=options)


def played(state: TableState, *hands: dict[str, Any]) -> TableState:
    for hand in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


# Hokm, one round to win the match (docs/table-games.md §1): Ana drew the highest card and rules first, so
# Bahram (on her right) deals. Each line: the hand entered, then the ruler and the dealer of that hand, the
# round's points after it (A, B), worked out by hand.
HOKM = [
    ({"winner": "A", "losers_tricks": 3}, "Ana", "Bahram", (1, 0)),  # won: 1
    ({"winner": "B", "losers_tricks": 0}, "Ana", "Bahram", (1, 3)),  # ruler's kot: 3; Bahram rules
    ({"winner": "B", "losers_tricks": 0}, "Bahram", "Cyrus", (1, 5)),  # kot: 2
    ({"winner": "A", "losers_tricks": 5}, "Bahram", "Cyrus", (2, 5)),  # Cyrus rules
    ({"winner": "A", "losers_tricks": 0}, "Cyrus", "Dara", (4, 5)),  # kot: 2
    ({"winner": "A", "losers_tricks": 0}, "Cyrus", "Dara", (6, 5)),  # kot: 2
    ({"winner": "B", "losers_tricks": 4}, "Cyrus", "Dara", (6, 6)),  # Dara rules
    ({"winner": "B", "losers_tricks": 2}, "Dara", "Ana", (0, 0)),  # B reaches 7: the round and the match
]


def test_a_hokm_match_replayed() -> None:
    state = start(created("hokm", rounds=1))
    for number, (hand, ruler, dealer, totals) in enumerate(HOKM, start=1):
        assert (state.hand_number, state.ruler, state.dealer) == (number, ruler, dealer)
        assert not state.is_over
        state = apply(state, HandPlayed(hand_number=number, hand=hand))
        assert state.totals == totals
    assert state.is_over
    assert state.winners == ("Bahram", "Dara")
    assert [row.ruler for row in state.rows] == [0, 0, 1, 1, 2, 2, 2, 3]
    assert state.rows[-1].line_after
    assert state.seq == 1 + len(HOKM)
    refused = check(state, HandPlayed(hand_number=9, hand={"winner": "A", "losers_tricks": 1}))
    assert [p.code for p in refused] == ["game-over"]


def test_a_hokm_match_replayed_from_its_events_is_the_same_state() -> None:
    state = played(start(created("hokm", rounds=1)), *(hand for hand, *_ in HOKM))
    again = replay(state.events)
    assert (again.totals, again.winners, again.rows, again.seq) == (state.totals, state.winners, state.rows, 9)


def test_a_bam_ends_the_match_at_once() -> None:
    state = played(start(created("hokm")), {"winner": "A", "losers_tricks": 0, "bam": True})
    assert state.is_over
    assert state.winners == ("Ana", "Cyrus")


# Shelem (docs/table-games.md §2): the source's worked sheet, bids 135, 125, 150, 135 and points 130, 150, a
# shelem and 135; the rules' totals (the source slips twice): A/C -135, -120, 210, 240 and B/D 35, 185, 185, 320.
SHELEM = [
    ({"ruler": 0, "bid": 135, "points": 130}, "Ana", (-135, 35)),  # failed: -135; B takes 35
    ({"ruler": 3, "bid": 125, "points": 150}, "Bahram", (-120, 185)),  # made: +150; A takes 15
    ({"ruler": 0, "bid": 150, "points": 165}, "Cyrus", (210, 185)),  # shelem: +330
    ({"ruler": 3, "bid": 135, "points": 135}, "Dara", (240, 320)),  # made: +135; A takes 30
]


def test_the_sources_shelem_sheet_replayed() -> None:
    state = start(created("shelem"))
    for number, (hand, dealer, totals) in enumerate(SHELEM, start=1):
        assert (state.hand_number, state.dealer) == (number, dealer)
        state = apply(state, HandPlayed(hand_number=number, hand=hand))
        assert state.totals == totals
    assert not state.is_over
    assert (state.dealer, state.first_bidder) == ("Ana", "Bahram")
    assert state.rows[3].line_after  # a full turn of dealers


def test_shelem_to_330_is_won_in_the_fifth_hand() -> None:
    state = played(start(created("shelem", target=330)), *(hand for hand, *_ in SHELEM))
    state = played(state, {"ruler": 1, "bid": 100, "points": 100})  # B: 320 + 100; A: 240 + 65
    assert state.totals == (305, 420)
    assert state.is_over
    assert state.winners == ("Bahram", "Dara")


def test_shelem_refuses_a_hand_the_rules_refuse_and_changes_nothing() -> None:
    state = played(start(created("shelem")), SHELEM[0][0])
    with pytest.raises(EventRefused) as refused:
        apply(state, HandPlayed(hand_number=2, hand={"ruler": 1, "bid": 125, "points": 0}))
    assert [p.code for p in refused.value.problems] == ["shelem-points-range"]
    assert not refused.value.forcible
    assert (state.seq, state.totals, state.hand_number) == (2, (-135, 35), 2)


def test_a_hand_its_game_cannot_read_is_refused_with_the_rules_words() -> None:
    state = start(created("hokm"))
    problems = check(state, HandPlayed(hand_number=1, hand={"winner": "A", "tricks": 3}))
    assert [p.code for p in problems] == ["field-unknown"]


# Qahve (docs/table-games.md §3): Ana deals and keeps the deal until her team is ahead.
def test_a_qahve_game_to_its_first_hands() -> None:
    state = start(created("qahve"))
    assert state.dealer == "Ana"
    state = played(state, {"bids": [3, 2, 3, 2], "tricks": [5, 8]})  # A bid 6, took 5: -60; B bid 4, took 8: 44
    assert state.totals == (-60, 44)
    assert state.dealer == "Ana"  # her team is behind: she deals again
    state = played(state, {"bids": [4, 2, 4, 2], "tricks": [9, 4]})  # A bid 8, took 9: 81; B bid 4, took 4: 40
    assert state.totals == (21, 84)
    assert state.dealer == "Ana"
    state = played(state, {"bids": [5, 2, 5, 2], "tricks": [13, 0]})  # A bid 10, took 13: 103; B: -40
    assert state.totals == (124, 44)
    assert state.dealer == "Bahram"  # Ana's team is ahead: the deal passes to her right
