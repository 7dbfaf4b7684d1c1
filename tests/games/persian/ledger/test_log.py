"""The log: undo and redo as events, corrections, stale forms, redeals, renames and the end, each with its words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from referee.games.persian.ledger import apply, check, replay, start
from referee.games.persian.ledger.events import Event
from referee.games.persian.ledger.events.created import GameCreated
from referee.games.persian.ledger.events.game_ended import GameEnded
from referee.games.persian.ledger.events.hand_corrected import HandCorrected
from referee.games.persian.ledger.events.hand_played import HandPlayed
from referee.games.persian.ledger.events.player_renamed import PlayerRenamed
from referee.games.persian.ledger.events.redeal import Redeal
from referee.games.persian.ledger.events.undone import Undone
from referee.games.persian.ledger.names import name_problems
from referee.games.persian.ledger.refold import undo_outcome
from referee.games.persian.ledger.state import EventRefused, TableState

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = (
    "referee.games.persian.ledger.events.created",
    "referee.games.persian.ledger.events.game_ended",
    "referee.games.persian.ledger.events.hand_corrected",
    "referee.games.persian.ledger.events.hand_played",
    "referee.games.persian.ledger.events.player_renamed",
    "referee.games.persian.ledger.events.redeal",
    "referee.games.persian.ledger.events.undone",
    "referee.games.persian.ledger.names",
    "referee.games.persian.ledger.refold",
    "referee.games.persian.ledger.state",
)

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")


def hokm(**options: Any) -> TableState:
    return start(GameCreated(variant="hokm", players=PLAYERS, first="Ana", options=options))


def hand(winner: str, losers: int) -> dict[str, Any]:
    return {"winner": winner, "losers_tricks": losers}


def played(state: TableState, *hands: dict[str, Any]) -> TableState:
    for entered in hands:
        state = apply(state, HandPlayed(hand_number=state.hand_number, hand=entered))
    return state


def codes(state: TableState, event: Event) -> list[str]:
    return [problem.code for problem in check(state, event)]


def refused(state: TableState, event: Event) -> list[str]:
    with pytest.raises(EventRefused) as error:
        apply(state, event)
    return [problem.code for problem in error.value.problems]


# ---- undo and redo -------------------------------------------------------------------------------------------


def test_undo_and_redo_walk_back_and_forth() -> None:
    state = played(hokm(), hand("A", 3), hand("B", 0))  # seqs 2 and 3: (1, 0) then (1, 3)
    assert state.history.undo_target is not None
    assert state.history.undo_target.seq == 3
    assert state.history.redo_target is None
    state = apply(state, Undone(seq=3))  # seq 4
    assert (state.totals, state.ruler, state.hand_number) == ((1, 0), "Ana", 2)
    assert state.history.undo_target is not None
    assert state.history.undo_target.seq == 2
    assert state.history.redo_target is not None
    assert state.history.redo_target.seq == 4
    state = apply(state, Undone(seq=2))  # seq 5
    assert (state.totals, state.hand_number, state.history.undo_target) == ((0, 0), 1, None)
    assert state.history.redo_target is not None
    assert state.history.redo_target.seq == 5
    state = apply(state, Undone(seq=5))  # redo: hand 1 back
    assert (state.totals, state.hand_number) == ((1, 0), 2)
    assert state.history.redo_target is not None
    assert state.history.redo_target.seq == 4
    state = apply(state, Undone(seq=4))  # redo: hand 2 back
    assert (state.totals, state.hand_number, state.ruler) == ((1, 3), 3, "Bahram")
    assert state.history.redo_target is None
    assert state.history.undo_target is not None
    assert state.history.undo_target.seq == 3
    assert [str(entry.words) for entry in state.history.entries] == [
        "hokm created for Ana, Bahram, Cyrus, Dara", "hand 1 entered", "hand 2 entered", "event 3 undone",
        "event 2 undone", "event 2 redone", "event 3 redone"]
    assert [entry.undone for entry in state.history.entries] == [False, False, False, True, True, False, False]


def test_a_new_entry_ends_what_can_be_redone() -> None:
    state = apply(played(hokm(), hand("A", 3)), Undone(seq=2))
    assert state.history.redo_target is not None
    state = played(state, hand("B", 2))
    assert state.history.redo_target is None
    assert state.totals == (0, 1)


def test_undoing_a_redo_takes_the_entry_back_again() -> None:
    state = apply(played(hokm(), hand("A", 3)), Undone(seq=2))  # seq 3
    state = apply(state, Undone(seq=3))  # seq 4: redo
    state = apply(state, Undone(seq=4))  # seq 5: undo the redo: hand 1 is gone again
    assert (state.totals, state.hand_number) == ((0, 0), 1)
    assert state.history.redo_target is not None
    assert state.history.redo_target.seq == 3
    assert replay(state.events).totals == (0, 0)


@pytest.mark.parametrize(
    ("seq", "code"),
    [(1, "cannot-undo-creation"), (9, "no-such-event"), (3, "already-undone")],
    ids=["the creation", "no such event", "already undone"],
)
def test_undos_the_log_cannot_take(seq: int, code: str) -> None:
    state = apply(played(hokm(), hand("A", 3), hand("A", 1)), Undone(seq=3))
    assert refused(state, Undone(seq=seq)) == [code]
    problems, after = undo_outcome(state, Undone(seq=seq))  # the check and the effect are one fold
    assert ([p.code for p in problems], after) == ([code], None)


def test_an_undos_outcome_is_the_state_apply_gives() -> None:
    state = played(hokm(), hand("A", 3), hand("B", 0))  # (1, 0), then a kot of the ruler's team: (1, 3)
    problems, after = undo_outcome(state, Undone(seq=3))
    assert problems == []
    assert after is not None
    assert (after.totals, after.ruler, after.hand_number, after.seq) == ((1, 0), "Ana", 2, 4)
    assert after.marks.cancelled == {3}
    assert state.seq == 3  # the state it was asked of is unchanged
    assert state.totals == (1, 3)


def test_undoing_a_hand_under_a_later_one_is_refused_and_says_why() -> None:
    state = played(hokm(), hand("A", 3), hand("A", 1))
    assert refused(state, Undone(seq=2)) == ["undo-breaks-later", "stale-hand"]
    assert state.seq == 3


def test_undo_reopens_an_ended_game_and_a_won_one() -> None:
    state = apply(played(hokm(), hand("A", 3)), GameEnded(reason="dinner"))
    assert state.is_over
    assert state.ended == "dinner"
    assert codes(state, HandPlayed(hand_number=2, hand=hand("A", 1))) == ["game-over"]
    state = apply(state, Undone(seq=3))
    assert not state.is_over
    assert state.ended is None
    won = played(hokm(), {"winner": "B", "losers_tricks": 0, "bam": True})
    assert won.is_over
    assert not apply(won, Undone(seq=2)).is_over


# ---- corrections ----------------------------------------------------------------------------------------------


def test_correcting_hand_2_during_hand_5_scores_every_later_hand_again() -> None:
    state = played(hokm(), hand("A", 3), hand("B", 0), hand("B", 0), hand("A", 5))
    assert (state.totals, state.ruler, state.hand_number) == ((2, 5), "Cyrus", 5)
    # Hand 2 was won by A, 7-2, not a ruler's kot by B: Ana keeps ruling, so hand 3 (B 7-0) is a ruler's kot
    # (3) and Bahram rules; hand 4 (A 7-5) gives 1 and Cyrus rules.
    state = apply(state, HandCorrected(hand_number=2, hand=hand("A", 2)))
    assert (state.totals, state.ruler, state.hand_number) == ((3, 3), "Cyrus", 5)
    assert [row.ruler for row in state.rows] == [0, 0, 0, 1]
    assert [h.corrected for h in state.hands] == [False, True, False, False]
    entries = state.history.entries
    assert [e.corrected for e in entries] == [False, False, True, False, False, False]
    assert str(entries[-1].words) == "hand 2 corrected"
    assert replay(state.events).totals == (3, 3)
    undone = apply(state, Undone(seq=6))
    assert undone.totals == (2, 5)
    assert not any(e.corrected for e in undone.history.entries)


def test_a_correction_that_wins_the_game_before_later_hands_is_refused() -> None:
    state = played(hokm(rounds=1), hand("A", 0), hand("A", 0), hand("A", 0), hand("B", 3))  # A 6, B 1
    # A bam in hand 1 would end the match there: hands 2 to 4 could not have been played.
    problems = refused(state, HandCorrected(hand_number=1, hand={"winner": "A", "losers_tricks": 0, "bam": True}))
    assert problems == ["correction-breaks-later", "game-over"]


@pytest.mark.parametrize(
    ("number", "entered", "code"),
    [
        (3, hand("A", 1), "no-such-hand"),
        (0, hand("A", 1), "no-such-hand"),
        (1, hand("A", 7), "hokm-tricks"),
        (1, {"winner": "C", "losers_tricks": 1}, "field-choice"),
    ],
    ids=["a hand not played", "hand 0", "seven tricks to the losers", "no team C"],
)
def test_corrections_refused(number: int, entered: dict[str, Any], code: str) -> None:
    state = played(hokm(), hand("A", 3), hand("B", 0))
    assert codes(state, HandCorrected(hand_number=number, hand=entered))[:1] == [code]


def test_a_game_can_be_corrected_after_it_is_won() -> None:
    state = played(hokm(), {"winner": "A", "losers_tricks": 0, "bam": True})
    state = apply(state, HandCorrected(hand_number=1, hand=hand("A", 0)))
    assert not state.is_over
    assert state.totals == (2, 0)


# ---- stale forms and redeals ----------------------------------------------------------------------------------


@pytest.mark.parametrize("number", [1, 3, 9], ids=["a hand already played", "a hand not yet dealt", "far ahead"])
def test_a_form_for_another_hand_is_stale(number: int) -> None:
    state = played(hokm(), hand("A", 3))
    for event in (HandPlayed(hand_number=number, hand=hand("A", 1)), Redeal(hand_number=number)):
        assert codes(state, event) == ["stale-hand"]
    problem = check(state, Redeal(hand_number=number))[0]
    assert str(problem) == f"this entry was for hand {number}, but hand 2 is being played now"


def test_a_redeal_keeps_the_dealer_and_scores_nothing() -> None:
    state = played(start(GameCreated(variant="shelem", players=PLAYERS, first="Cyrus")),
                   {"ruler": 0, "bid": 100, "points": 100})
    assert (state.dealer, state.hand_number) == ("Dara", 2)
    state = apply(state, Redeal(hand_number=2))
    state = apply(state, Redeal(hand_number=2))
    assert (state.dealer, state.hand_number, state.totals, state.redeals) == ("Dara", 2, (100, 65), (2, 2))
    assert str(state.history.entries[-1].words) == "hand 2 dealt again by Dara, nothing scored"
    state = played(state, {"ruler": 1, "bid": 100, "points": 100})
    assert (state.dealer, state.redeals) == ("Ana", (2, 2))
    assert replay(state.events).redeals == (2, 2)


# ---- renames --------------------------------------------------------------------------------------------------


def test_a_rename_keeps_the_seat_and_the_score() -> None:
    state = played(hokm(), hand("B", 0))  # Bahram rules now
    state = apply(state, PlayerRenamed(old="Bahram", new="Bahman"))
    assert state.players == ("Ana", "Bahman", "Cyrus", "Dara")
    assert (state.ruler, state.totals) == ("Bahman", (0, 3))
    assert str(state.history.entries[-1].words) == "Bahram is now called Bahman"
    assert replay(state.events).players == state.players
    state = apply(state, Undone(seq=3))
    assert state.ruler == "Bahram"


def test_the_rules_sentences_name_players_as_they_are_called_now() -> None:
    state = start(GameCreated(variant="shelem", players=PLAYERS, first="Ana"))
    state = apply(state, PlayerRenamed(old="Bahram", new="Bahman"))
    bidding = [{"seat": 2, "bid": 100}]  # Bahman bids first, not Cyrus
    problems = check(state, HandPlayed(hand_number=1, hand={"bidding": bidding, "points": 100}))
    assert any("Bahman" in str(problem) for problem in problems), [str(p) for p in problems]


@pytest.mark.parametrize(
    ("old", "new", "code"),
    [
        ("Ebi", "Ebrahim", "unknown-player"),
        ("Ana", "Ana", "same-name"),
        ("Ana", "Cyrus", "name-taken"),
        ("Ana", "CYRUS", "names-look-alike"),
        ("Ana", "Ｃｙｒｕｓ", "names-look-alike"),
        ("Ana", "Ana\u200b", "name-unclean"),
        ("Ana", " Ana", "name-unclean"),
        ("Ana", "A" * 41, "name-too-long"),
        ("Ana", "  ", "player-unnamed"),
    ],
    ids=["unknown", "same", "taken", "case", "fullwidth", "zero-width space", "leading space", "too long", "blank"],
)
def test_renames_refused(old: str, new: str, code: str) -> None:
    assert codes(hokm(), PlayerRenamed(old=old, new=new)) == [code]


def test_names_are_told_apart_as_in_every_game() -> None:
    # the project's one name check: Cyrillic С and у draw like Latin C and y, so "Суrus" is Cyrus to the table
    assert codes(hokm(), PlayerRenamed(old="Ana", new="\u0421\u0443rus")) == ["names-look-alike"]
    with pytest.raises(EventRefused) as error:
        start(GameCreated(variant="hokm", players=("Ana", "Bahram", "\u0421\u0443rus", "Cyrus"), first="Ana"))
    assert [(p.code, dict(p.params)) for p in error.value.problems] == [
        ("names-look-alike", {"name": "Cyrus", "other": "\u0421\u0443rus"})]
    # the ledger's own check: at a creation each name against the earlier ones, an exact repeat left to the rules
    assert [p.code for p in name_problems(("Ana", "Bahram", "\u0421\u0443rus", "Cyrus"))] == ["names-look-alike"]
    assert name_problems(("Ana", "Bahram", "Ana", "Dara")) == []
    assert [p.code for p in name_problems(("Ana", "Bahram", "Ana", "Dara"), changed=2)] == ["name-taken"]
    # an escape code is dropped whole, as the forms drop it: the name to write instead is "Dara", not "Dara[31m"
    [problem] = check(hokm(), PlayerRenamed(old="Dara", new="Dara\x1b[31m"))
    assert (problem.code, problem.param("clean")) == ("name-unclean", "Dara")


# ---- the creation and the end ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "players", "first", "options", "expected"),
    [
        ("hokm", (*PLAYERS, "Ebi"), "Ana", {}, ["player-count"]),
        ("hokm", PLAYERS[:3], "Ana", {}, ["player-count"]),
        ("hokm", PLAYERS, "Ebi", {}, ["unknown-first"]),
        ("hokm", ("Ana", "Bahram", "Ana", "Dara"), "Ana", {}, ["player-twice"]),
        ("hokm", ("Ana", "Bahram", "ana", "Dara"), "Ana", {}, ["names-look-alike"]),
        ("hokm", ("Ana", "", "Cyrus", "Dara"), "Ana", {}, ["player-unnamed"]),
        ("hokm", PLAYERS, "Ana", {"rounds": 5}, ["option-value"]),
        ("hokm", PLAYERS, "Ana", {"rounds": [2]}, ["option-value"]),
        ("hokm", PLAYERS, "Ana", {"target": 1200}, ["unknown-option"]),
        ("shelem", PLAYERS, "Ana", {"target": True}, ["option-value"]),
        ("poker", PLAYERS, "Ana", {}, ["unknown-game"]),
    ],
    ids=["five at hokm", "three at hokm", "unknown first", "a name twice", "look-alike names", "no name",
         "five rounds", "a list of rounds", "hokm has no target", "a switch for a target", "no such game"],
)
def test_games_that_cannot_start(variant: str, players: tuple[str, ...], first: str, options: dict[str, Any],
                                 expected: list[str]) -> None:
    with pytest.raises(EventRefused) as error:
        start(GameCreated(variant=variant, players=players, first=first, options=options))
    assert [problem.code for problem in error.value.problems] == expected
    assert not error.value.forcible


def test_a_game_is_created_once_and_ended_once() -> None:
    state = hokm()
    assert codes(state, GameCreated(variant="hokm", players=PLAYERS, first="Ana")) == ["already-created"]
    state = apply(state, GameEnded())
    assert str(state.history.entries[-1].words) == "the game was ended"
    assert codes(state, GameEnded(reason="again")) == ["already-ended"]
    assert codes(state, Redeal(hand_number=1)) == ["game-over"]
    won = played(hokm(), {"winner": "A", "losers_tricks": 0, "bam": True})
    assert codes(won, GameEnded()) == ["game-over"]


def test_a_log_starts_with_its_creation() -> None:
    with pytest.raises(EventRefused) as error:
        replay([HandPlayed(hand_number=1, hand=hand("A", 1))])
    assert [p.code for p in error.value.problems] == ["not-created"]


def _cancelled(state: TableState) -> set[int]:
    """The undone entries, the slow way: walk the log back, each undo in force cancels its target."""
    out: set[int] = set()
    for entry in reversed(state.log):
        if entry.seq not in out and entry.event.undoes is not None:
            out.add(entry.event.undoes)
    return out


def _targets(state: TableState) -> tuple[int | None, int | None]:
    """What Undo and Redo take back, the slow way (walking the whole log)."""
    gone = _cancelled(state)
    actions = [e.seq for e in state.log if e.event.undoes is None]
    undo = next((e.seq for e in reversed(state.log)
                 if e.seq > 1 and e.seq not in gone and e.event.undoes is None), None)
    redo = None
    for entry in reversed(state.log):
        if entry.seq < actions[-1]:
            break
        target = entry.event.undoes
        if target is not None and entry.seq not in gone and target in actions:
            redo = entry.seq
            break
    return undo, redo


@pytest.mark.parametrize("seed", range(6))
def test_undo_and_redo_marks_kept_entry_by_entry_agree_with_the_whole_log(seed: int) -> None:
    """Undo, Redo, undos of any entry and new hands in a random order: the marks kept entry by entry say what
    walking the whole log says, and the state is the one a replay gives."""
    rng = random.Random(seed)
    state = start(GameCreated(variant="shelem", players=PLAYERS, first="Ana", options={"target": 330}))
    for _ in range(60):
        history = state.history
        choice = rng.random()
        if choice < 0.3 and not state.is_over:
            event: Event = HandPlayed(hand_number=state.hand_number, hand={"ruler": 0, "bid": 100, "points": 100})
        elif choice < 0.55 and history.undo_target is not None:
            event = Undone(seq=history.undo_target.seq)
        elif choice < 0.8 and history.redo_target is not None:
            event = Undone(seq=history.redo_target.seq)
        else:
            event = Undone(seq=rng.randint(1, state.seq + 1))
        if check(state, event):
            continue
        state = apply(state, event)
        undo, redo = _targets(state)
        assert (history.undo_target.seq if (history := state.history).undo_target else None) == undo
        assert (history.redo_target.seq if history.redo_target else None) == redo
        assert state.marks.cancelled == _cancelled(state)
        again = replay(state.events)
        assert (again.totals, again.hand_number, again.marks) == (state.totals, state.hand_number, state.marks)


def test_an_entry_undone_twice_stays_undone_until_both_undos_are_out_of_force() -> None:
    state = played(hokm(), hand("A", 3))  # seq 2: the hand
    state = apply(state, Undone(seq=2))  # 3: undo
    state = apply(state, Undone(seq=3))  # 4: redo
    state = apply(state, Undone(seq=2))  # 5: undo again
    state = apply(state, Undone(seq=4))  # 6: undo the redo: 3 is in force again, so 2 is undone by 3 and 5
    assert state.marks.cancellers[2] == 2
    assert (state.totals, state.hand_number) == ((0, 0), 1)
    state = apply(state, Undone(seq=5))  # 7: 3 still undoes the hand
    assert (state.totals, state.hand_number) == ((0, 0), 1)
    assert state.marks.cancelled == _cancelled(state)
    state = apply(state, Undone(seq=3))  # 8: now nothing undoes it
    assert (state.totals, state.hand_number) == ((1, 0), 2)
    assert state.marks.cancelled == _cancelled(state)
    assert _targets(state) == (2, None)
