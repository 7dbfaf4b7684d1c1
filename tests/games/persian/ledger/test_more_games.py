"""Bi-del, Rim, Shaytan and Bluff replayed through the ledger's events, to totals worked out by hand."""

from __future__ import annotations

import json
from typing import Any

from referee.games.persian.ledger import (
    GameCreated,
    GameEnded,
    HandCorrected,
    HandPlayed,
    TableState,
    Undone,
    apply,
    check,
    export_game,
    import_game,
    replay,
    sheet_json,
    sheet_text,
    start,
    tally_file,
)


def game(variant: str, players: tuple[str, ...], **options: Any) -> TableState:
    return start(GameCreated(variant=variant, players=players, first=players[0], options=options))


def played(state: TableState, *hands: dict[str, Any]) -> TableState:
    for hand in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=hand))
    return state


# Bi-del to 100 (docs/table-games.md §4): each line the hearts taken, who took Q♠, the pass of that hand and the
# totals after it, worked out by hand (a heart 1, Q♠ 13; a moon gives 26 to every other player).
BIDEL = [
    ({"hearts": [9, 1, 0, 3], "queen": 0}, "right", (22, 1, 0, 3)),  # the source's example
    ({"hearts": [0, 0, 13, 0], "queen": 2}, "left", (48, 27, 0, 29)),  # Amin shoots the moon
    ({"hearts": [5, 5, 3, 0], "queen": 1}, "across", (53, 45, 3, 29)),
    ({"hearts": [4, 4, 4, 1], "queen": 0}, "none", (70, 49, 7, 30)),
    ({"hearts": [10, 0, 3, 0], "queen": 0}, "right", (93, 49, 10, 30)),
    ({"hearts": [7, 2, 2, 2], "queen": 3}, "left", (100, 51, 12, 45)),  # Amir reaches 100: the game ends
]


def test_a_bidel_game_replayed() -> None:
    state = game("bi-del", ("Amir", "Hamid", "Amin", "Mohammad"), limit=100)
    for hand, passing, totals in BIDEL:
        assert not state.is_over
        assert state.score.passing == passing
        state = played(state, hand)
        assert state.totals == totals
    assert state.is_over
    assert state.winners == ("Amin",)
    assert export_game(replay(import_game(export_game(state)))) == export_game(state)


def test_a_moon_corrected_into_a_plain_hand() -> None:
    state = played(game("bi-del", ("Amir", "Hamid", "Amin")), {"hearts": [0, 0, 13], "queen": 2})
    assert state.totals == (26, 26, 0)
    state = apply(state, HandCorrected(hand_number=1, hand={"hearts": [1, 0, 12], "queen": 2}))
    assert state.totals == (1, 0, 25)


# Rim to 50 (docs/table-games.md §5): the winner scores the loser's unmatched cards, A 14, K 13, Q 12, J 10.
def test_a_rim_game_replayed() -> None:
    state = game("rim", ("Amir", "Hamid"), target=50)
    state = played(state, {"winner": 1, "cards": "KH AD 5D JH"})  # 13 + 14 + 5 + 10: the source's 42
    assert state.totals == (0, 42)
    state = played(state, {"winner": 0, "cards": "2C 3D"}, {"winner": None, "cards": ""})  # the stock ran out
    assert (state.totals, state.is_over) == ((5, 42), False)
    state = played(state, {"winner": 1, "cards": "QS"})
    assert state.totals == (5, 54)
    assert state.is_over
    assert state.winners == ("Hamid",)


def test_rims_jack_counts_eleven_under_the_house_rule() -> None:
    state = played(game("rim", ("Amir", "Hamid"), jack=11), {"winner": 1, "cards": "KH AD 5D JH"})
    assert state.totals == (0, 43)


# Shaytan and Bluff (docs/table-games.md §6): one name a hand, counted until the scorekeeper ends the game.
def test_a_shaytan_session_ends_when_the_scorekeeper_ends_it() -> None:
    state = played(game("shaytan", ("Ana", "Bahram", "Cyrus")), {"player": 1}, {"player": 1}, {"player": 0})
    assert (state.totals, state.is_over, state.winners) == ((1, 2, 0), False, ())
    state = apply(state, GameEnded(reason="midnight"))
    assert state.is_over  # the fewest times left with the joker
    assert state.winners == ("Cyrus",)
    assert [p.code for p in check(state, HandPlayed(hand_number=4, hand={"player": 2}))] == ["game-over"]
    corrected = apply(state, HandCorrected(hand_number=3, hand={"player": 2}))  # Cyrus held it, not Ana
    assert (corrected.totals, corrected.winners) == ((0, 2, 1), ("Ana",))
    reopened = apply(corrected, Undone(seq=5))
    assert (reopened.is_over, reopened.winners, reopened.totals) == (False, (), (0, 2, 1))
    assert export_game(replay(import_game(export_game(corrected)))) == export_game(corrected)


def test_a_bluff_session_counts_wins() -> None:
    state = played(game("bluff", ("Ana", "Bahram", "Cyrus", "Dara")), {"player": 3}, {"player": 3}, {"player": 0})
    state = apply(state, GameEnded())
    assert (state.totals, state.winners) == ((1, 0, 0, 2), ("Dara",))
    assert [p.code for p in check(state, HandPlayed(hand_number=4, hand={"player": 5}))] == ["game-over"]


def test_a_tally_games_sheet_and_its_file() -> None:
    raw = json.dumps({"format": "referee-table-game/1", "variant": "shaytan", "players": ["Ana", "Bahram", "Cyrus"],
                      "hands": [{"player": 1}, {"player": 1}, {"player": 0}], "ended": "midnight"})
    result = tally_file(raw)
    assert result.allowed
    assert result.state is not None
    text = sheet_text(result.state)
    assert text.splitlines()[0] == "shaytan: Ana, Bahram, Cyrus; won by Cyrus"
    assert "totals: Ana 1, Bahram 2, Cyrus 0" in text
    document = sheet_json(result.state, result.errors)
    assert (document["winners"], document["over"], document["hands"]) == (["Cyrus"], True, 3)


def test_a_game_stopped_early_has_no_winner_on_its_sheet() -> None:
    state = apply(played(game("hokm", ("Ana", "Bahram", "Cyrus", "Dara")), {"winner": "A", "losers_tricks": 2}),
                  GameEnded(reason="rain"))
    assert sheet_text(state).splitlines()[0] == "hokm: Ana, Bahram, Cyrus, Dara; ended (rain)"
    assert state.winners == ()
