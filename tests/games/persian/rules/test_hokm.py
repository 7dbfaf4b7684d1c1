"""Hokm (docs/table-games.md §1): hand points, the ruler passing, rounds, the match and the bam, replayed."""

from __future__ import annotations

import pytest

from referee.games.persian.rules.base import HandError, HandRefused, Table
from referee.games.persian.rules.hokm import Hand, Outcome, Score, hand_points

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")  # teams: A = Ana and Cyrus, B = Bahram and Dara


def start(first: int = 0, **options: int) -> Score:
    return Score.start(Table("hokm", PLAYERS, first, options))


@pytest.mark.parametrize(
    ("winner", "losers_tricks", "ruler_team", "outcome", "points"),
    [
        (0, 3, 0, Outcome.WON, 1),
        (1, 6, 0, Outcome.WON, 1),
        (0, 0, 0, Outcome.KOT, 2),
        (1, 0, 1, Outcome.KOT, 2),
        (1, 0, 0, Outcome.RULER_KOT, 3),
        (0, 0, 1, Outcome.RULER_KOT, 3),
    ],
    ids=lambda v: str(v),
)
def test_hand_points(winner: int, losers_tricks: int, ruler_team: int, outcome: Outcome, points: int) -> None:
    assert hand_points(winner, losers_tricks, ruler_team) == (outcome, points)


@pytest.mark.parametrize(
    ("hand", "codes"),
    [
        (Hand(0, 6), []),
        (Hand(1, 0, bam=True), []),
        (Hand(0, 7), ["hokm-tricks"]),
        (Hand(0, -1), ["hokm-tricks"]),
        (Hand(1, 2, bam=True), ["hokm-bam-needs-seven-nil"]),
        (Hand(2, 3), ["no-such-team"]),
        (Hand(-1, 9, bam=True), ["no-such-team", "hokm-tricks"]),
    ],
    ids=str,
)
def test_what_the_referee_refuses(hand: Hand, codes: list[str]) -> None:
    score = start()
    assert [p.code for p in score.problems(hand)] == codes
    if codes:
        with pytest.raises(HandRefused) as refused:
            score.play(hand)
        assert [p.code for p in refused.value.problems] == codes
        assert score.rows == ()


def test_the_ruler_stays_on_a_win_and_passes_right_on_a_loss() -> None:
    score = start(first=2)  # Cyrus drew the highest card
    assert (score.ruler, score.dealer) == (2, 3)
    score = score.play(Hand(0, 4))  # Cyrus's team wins: Cyrus stays
    assert (score.ruler, score.dealer) == (2, 3)
    score = score.play(Hand(1, 4))  # the other team wins: the ruler passes to Cyrus's right, Dara
    assert (score.ruler, score.dealer) == (3, 0)
    score = score.play(Hand(0, 5))
    assert (score.ruler, score.dealer) == (0, 1)
    assert [row.ruler for row in score.rows] == [2, 2, 3]
    assert [row.dealer for row in score.rows] == [3, 3, 0]


# A whole match, best of three rounds (the default), worked out by hand:
# (winner, losers' tricks, bam) -> (ruler before, kind, points, round points after, rounds after)
MATCH = [
    # round 1: Ana rules first
    ((0, 3, False), 0, Outcome.WON, 1, (1, 0), (0, 0)),
    ((1, 0, False), 0, Outcome.RULER_KOT, 3, (1, 3), (0, 0)),  # ruler passes to Bahram
    ((1, 0, False), 1, Outcome.KOT, 2, (1, 5), (0, 0)),
    ((0, 5, False), 1, Outcome.WON, 1, (2, 5), (0, 0)),  # to Cyrus
    ((1, 2, False), 2, Outcome.WON, 1, (2, 6), (0, 0)),  # to Dara
    ((1, 0, False), 3, Outcome.KOT, 2, (0, 0), (0, 1)),  # a kot at 6: 8 just wins the round
    # round 2: Dara still rules
    ((0, 0, False), 3, Outcome.RULER_KOT, 3, (3, 0), (0, 1)),  # to Ana
    ((0, 0, False), 0, Outcome.KOT, 2, (5, 0), (0, 1)),
    ((0, 6, False), 0, Outcome.WON, 1, (6, 0), (0, 1)),
    ((0, 0, False), 0, Outcome.KOT, 2, (0, 0), (1, 1)),  # a kot on the round's last hand
    # round 3
    ((1, 1, False), 0, Outcome.WON, 1, (0, 1), (1, 1)),  # to Bahram
    ((1, 0, False), 1, Outcome.KOT, 2, (0, 3), (1, 1)),
    ((0, 4, False), 1, Outcome.WON, 1, (1, 3), (1, 1)),  # to Cyrus
    ((1, 0, False), 2, Outcome.RULER_KOT, 3, (1, 6), (1, 1)),  # to Dara
    ((1, 3, False), 3, Outcome.WON, 1, (0, 0), (1, 2)),  # team B's second round: the match
]


def test_a_whole_match_replayed() -> None:
    score = start()
    for number, ((winner, tricks, bam), ruler, kind, points, totals, rounds) in enumerate(MATCH, start=1):
        assert not score.is_over
        assert score.hand_number == number
        assert score.ruler == ruler
        score = score.play(Hand(winner, tricks, bam))
        row = score.rows[-1]
        assert (row.ruler, row.kind, row.points, row.totals, row.rounds) == (ruler, kind, points, totals, rounds)
        assert (score.totals, score.rounds_won) == (totals, rounds)
    assert score.is_over
    assert score.winners == (1, 3)
    assert [row.hand for row in score.rows if row.line_after] == [6, 10, 15]
    assert [row.round for row in score.rows] == [1] * 6 + [2] * 4 + [3] * 5
    assert [p.code for p in score.problems(Hand(0, 1))] == ["game-over"]


def test_one_round_decides_a_match_of_one() -> None:
    score = start(rounds=1)
    for _ in range(3):
        score = score.play(Hand(0, 0))  # kot, kot, kot: 2 + 2 + 2
    assert (score.totals, score.is_over) == ((6, 0), False)
    score = score.play(Hand(0, 2))
    assert (score.rounds_won, score.winners) == ((1, 0), (0, 2))


def test_a_bam_ends_the_whole_match() -> None:
    score = start(rounds=3).play(Hand(0, 3))
    score = score.play(Hand(1, 0, bam=True))  # team B takes all 13 against the ruler's team
    assert score.is_over
    assert score.winners == (1, 3)
    assert score.rounds_won == (0, 0)
    row = score.rows[-1]
    assert (row.kind, row.points, row.bam, row.line_after) == (Outcome.RULER_KOT, 3, True, True)
    assert score.problems(Hand(0, 2))[0].code == "game-over"


def test_the_ruler_carries_into_the_next_round() -> None:
    score = start(first=1)
    for _ in range(7):
        score = score.play(Hand(1, 1))
    assert score.rounds_won == (0, 1)
    assert (score.ruler, score.dealer, score.round_number) == (1, 2, 2)


@pytest.mark.parametrize("hand", [Hand(0, 3), Hand(1, 0, bam=True)], ids=str)
def test_a_hand_round_trips(hand: Hand) -> None:
    assert Hand.from_dict(hand.to_dict()) == hand


@pytest.mark.parametrize(
    ("data", "code", "quoted"),
    [
        ({"losers_tricks": 3}, "field-missing", "winner"),
        ({"winner": "C", "losers_tricks": 3}, "field-choice", "'C'"),
        ({"winner": 0, "losers_tricks": 3}, "field-choice", "0"),
        ({"winner": "A", "losers_tricks": "3"}, "field-number", "'3'"),
        ({"winner": "A", "losers_tricks": 3, "bam": "yes"}, "field-switch", "'yes'"),
        ({"winner": "A", "losers_tricks": 3, "kot": True}, "field-unknown", "'kot'"),
    ],
)
def test_a_bad_hand_is_quoted(data: dict[str, object], code: str, quoted: str) -> None:
    with pytest.raises(HandError) as refused:
        Hand.from_dict(data)
    assert refused.value.problems[0].code == code
    assert quoted in str(refused.value)
