"""A Persian table game's result for the players' records, over games replayed by the Persian ledger: the totals
and places where the totals say who won, partners sharing their side's, and no total where they do not."""

from __future__ import annotations

from typing import Any

from referee.games.persian.ledger import GameCreated, GameEnded, HandPlayed, TableState, apply, start
from referee.games.persian.records import result
from referee.records import Meeting, records_of


def game(variant: str, players: tuple[str, ...], *hands: dict[str, Any], **options: Any) -> TableState:
    state = start(GameCreated(variant=variant, players=players, first=players[0], options=options))
    for hand in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


def test_a_shaytan_session_ended_by_the_scorekeeper_the_fewest_losses_first() -> None:
    # Bahram is left with the joker twice, Ana once, Cyrus never: Cyrus wins, then Ana, then Bahram.
    state = game("shaytan", ("Ana", "Bahram", "Cyrus"), {"player": 1}, {"player": 1}, {"player": 0})
    assert result(state).finished is False  # under way: the scorekeeper has not ended it
    found = result(apply(state, GameEnded(reason="midnight")))
    assert (found.finished, found.winners, found.lower_wins) == (True, ("Cyrus",), True)
    assert found.totals == {"Ana": 1, "Bahram": 2, "Cyrus": 0}
    assert found.places == {"Cyrus": 1, "Ana": 2, "Bahram": 3}


def test_a_rim_game_the_highest_total_wins() -> None:
    # Hamid 42 + 12 = 54 reaches 50; Amir 5 (docs/table-games.md §5, as tests/games/persian/ledger replays it).
    state = game("rim", ("Amir", "Hamid"), {"winner": 1, "cards": "KH AD 5D JH"}, {"winner": 0, "cards": "2C 3D"},
                 {"winner": 1, "cards": "QS"}, target=50)
    found = result(state)
    assert (found.winners, found.lower_wins, found.totals) == (("Hamid",), False, {"Amir": 5, "Hamid": 54})
    assert found.places == {"Hamid": 1, "Amir": 2}


def test_a_hokm_match_partners_share_the_win_and_no_total_counts() -> None:
    # Team A (Ana and Cyrus, sitting opposite) wins seven hands of a one-round match: its totals start again at 0.
    state = game("hokm", ("Ana", "Bahram", "Cyrus", "Dara"), *[{"winner": "A", "losers_tricks": 3}] * 7, rounds=1)
    found = result(state)
    assert (found.finished, found.winners, found.totals) == (True, ("Ana", "Cyrus"), None)
    assert found.teams == (("Ana", "Cyrus"), ("Bahram", "Dara"))
    assert found.places == {"Ana": 1, "Bahram": 3, "Cyrus": 1, "Dara": 3}
    ana = records_of([found]).player("Ana")
    assert ana is not None
    assert ana.wins == 1
    assert ana.variants[0].average is None
    assert ana.meetings == (Meeting("Bahram", 1, 1, 0), Meeting("Dara", 1, 1, 0))  # Cyrus is her partner
