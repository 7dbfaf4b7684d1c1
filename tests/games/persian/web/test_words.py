"""What the Persian games' screens say (referee/games/persian/web/words.py), in English and in Persian: the games'
names, the teams, the passes, what ends each game, who won, and the rules' and the ledger's refusals."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask

from referee.games.persian.ledger import GameCreated, HandPlayed, apply, start
from referee.games.persian.ledger.wording import LedgerProblem
from referee.games.persian.rules.base import Problem
from referee.games.persian.web import words

#: The modules of referee/ this file tests (tests/test_layout.py).
TESTED = ("referee.games.persian.web.words",)

FOUR = ("Ana", "Bahram", "Cyrus", "Dara")


def score(variant: str, players: tuple[str, ...] = FOUR, **options: Any) -> Any:
    return start(GameCreated(variant=variant, players=players, first=players[0], options=options)).score


@pytest.mark.usefixtures("english")
def test_the_games_names_and_the_teams() -> None:
    assert [words.game_name(g) for g in ("hokm", "bi-del", "shaytan", "poker")] == [
        "Hokm", "Hearts (Bi-del)", "Old Maid (Shaytan)", "poker"]
    assert words.game_blurb("rim") == "2 players; the winner scores the loser’s unmatched cards."
    assert words.game_blurb("poker") == ""
    assert words.team_name(["Ana", "Cyrus"]) == "Ana & Cyrus"
    assert (words.team_letter(0), words.team_letter(1)) == ("A", "B")


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(("variant", "dealer", "lowest", "first"), [
    ("hokm", True, False, "First ruler"), ("shelem", True, False, "First dealer"),
    ("bi-del", False, True, "First dealer"), ("shaytan", False, True, "First dealer"),
    ("bluff", False, False, "First dealer"),
])
def test_who_deals_and_which_total_leads(variant: str, dealer: bool, lowest: bool, first: str) -> None:
    assert (words.keeps_dealer(variant), words.lowest_wins(variant), words.first_title(variant)) == (
        dealer, lowest, first)


@pytest.mark.usefixtures("english")
def test_the_passes_in_words_and_arrows() -> None:
    assert [words.pass_words(d) for d in ("right", "left", "across", "none")] == [
        "3 cards to the right", "3 cards to the left", "3 cards across", "no passing this hand"]
    assert [words.pass_arrow(d) for d in ("right", "left", "across", "none", "up")] == ["→", "←", "↕", "·", ""]
    assert words.pass_words("up") == "up"


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(("variant", "players", "options", "goal"), [
    ("hokm", FOUR, {"rounds": 1}, "A hand is won at 7 tricks, a round at 7 points; the first team to win 1 round "
                                  "wins the match."),
    ("hokm", FOUR, {}, "A hand is won at 7 tricks, a round at 7 points; the first team to win 2 rounds wins the "
                       "match."),
    ("shelem", FOUR, {"target": 660}, "The first to 660 wins."),
    ("bi-del", FOUR[:3], {"limit": 100}, "Whoever reaches 100 loses; the lowest total wins."),
    ("shaytan", FOUR[:3], {}, "The sheet counts each player’s hands."),
], ids=["hokm one round", "hokm", "shelem", "bi-del", "shaytan"])
def test_what_ends_each_game(variant: str, players: tuple[str, ...], options: dict[str, Any], goal: str) -> None:
    assert words.goal_words(score(variant, players, **options)) == goal


@pytest.mark.usefixtures("english")
def test_hokms_rounds_are_counted_and_named() -> None:
    hokm = score("hokm")
    assert words.round_words(hokm) == "Round 1"
    assert (words.total_detail(hokm, 0), words.total_detail(score("shelem"), 0)) == ("0 rounds", "")


@pytest.mark.usefixtures("english")
@pytest.mark.parametrize(("winners", "teams", "ended", "said"), [
    (("Ana", "Cyrus"), True, None, "Ana & Cyrus won the game."),
    (("Cyrus",), False, None, "Cyrus won the game."),
    (("Ana", "Cyrus"), False, None, "Ana, Cyrus share the win."),
    ((), False, None, ""),
    ((), False, "rain", "The game was ended before anyone won it: rain"),
    ((), True, "", "The game was ended before anyone won it."),
])
def test_who_won_in_words(winners: tuple[str, ...], teams: bool, ended: str | None, said: str) -> None:
    assert words.winner_words("hokm", winners, teams, ended) == said


@pytest.mark.usefixtures("english")
def test_each_games_own_lines() -> None:
    assert words.tally_question("bluff") == "Who emptied their hand first?"
    assert words.tally_question("shaytan") == "Who was left with the joker?"
    assert words.rim_help(score("rim", FOUR[:2], jack=11)).startswith("A 14, K 13, Q 12, J 11,")
    assert words.rim_help(score("rim", FOUR[:2])).startswith("A 14, K 13, Q 12, J 10,")
    assert len(words.reminders("qahve")) == 2
    assert words.reminders("hokm") == ()
    assert [words.outcome_words(k) for k in ("won", "kot", "ruler-kot")] == ["", "kot", "ruler’s kot"]
    assert words.outcome_words("won", bam=True) == "bam"
    assert [words.bid_outcome_words(o) for o in ("made", "failed", "yasa", "shelem")] == ["", "failed", "yasa",
                                                                                          "shelem"]
    assert [words.option_value("rounds", v) for v in (3, True, False)] == ["3", "on", "off"]
    assert (words.option_title("hokm", "rounds"), words.option_title("hokm", "colour")) == (
        "Rounds to win the match", "colour")


@pytest.mark.usefixtures("english")
def test_refusals_of_the_rules_and_the_ledger_in_words_each_once() -> None:
    stale = LedgerProblem.of("stale-hand", given=4, expected=5)
    assert words.problem_words(stale) == "this entry was for hand 4, but hand 5 is being played now"
    over = Problem.of("game-over")
    assert words.problems_words([over, stale, over]) == ["the game is over: no more hands",
                                                         "this entry was for hand 4, but hand 5 is being played now"]
    assert words.refusal_words(ValueError("not a number")) == ["not a number"]


@pytest.mark.usefixtures("english")
def test_the_history_says_what_undo_takes_back() -> None:
    state = start(GameCreated(variant="hokm", players=FOUR, first="Ana"))
    state = apply(state, HandPlayed(hand_number=1, hand={"winner": "A", "losers_tricks": 3}))
    assert state.history.undo_target is not None
    assert words.event_words(state, state.history.undo_target) == "hand 1 entered"
    assert words.event_words(state, object()) == "the last entry"


def test_a_persian_page_says_the_games_own_words(app: Flask) -> None:
    with app.test_request_context("/", headers={"Cookie": "lang=fa"}):
        assert words.game_name("hokm") == "حکم"
        assert words.team_letter(0) == "الف"
        assert words.option_value("rounds", 3) == "۳"
