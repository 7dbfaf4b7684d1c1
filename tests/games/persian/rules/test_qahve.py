"""Qahve (docs/table-games.md §3): bids, the teams' scores, the dealer who keeps the deal until their team leads,
and the end, replayed."""

from __future__ import annotations

import pytest

from referee.games.persian.rules.base import HandError, HandRefused, Table
from referee.games.persian.rules.qahve import Hand, Score, end_winner, team_score

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")  # teams: A = Ana and Cyrus, B = Bahram and Dara


def start(first: int = 0, **options: int) -> Score:
    return Score.start(Table("qahve", PLAYERS, first, options))


@pytest.mark.parametrize(
    ("bid", "tricks", "score"),
    [
        (6, 8, 62),  # the source's example
        (6, 5, -60),  # and its failure
        (6, 6, 60),
        (4, 0, -40),
        (4, 9, 45),
        (13, 13, 130),
        (13, 12, -130),
    ],
)
def test_team_score(bid: int, tricks: int, score: int) -> None:
    assert team_score(bid, tricks) == score


@pytest.mark.parametrize(
    ("hand", "codes"),
    [
        (Hand((2, 2, 2, 2), (6, 7)), []),
        (Hand((11, 2, 2, 11), (13, 0)), []),
        (Hand((1, 2, 0, 2), (6, 7)), ["qahve-bid-low", "qahve-bid-low"]),
        (Hand((7, 2, 7, 2), (6, 7)), ["qahve-team-bid-high"]),
        (Hand((2, 2, 2, 2), (7, 7)), ["qahve-tricks-total"]),
        (Hand((2, 2, 2, 2), (6, 6)), ["qahve-tricks-total"]),
        (Hand((2, 2, 2, 2), (-1, 14)), ["qahve-tricks-range", "qahve-tricks-range"]),
        (Hand((2, 2, 2), (6, 7)), ["field-length"]),
        (Hand((2, 2, 2, 2), (13,)), ["field-length"]),
    ],
    ids=str,
)
def test_what_the_referee_refuses(hand: Hand, codes: list[str]) -> None:
    score = start()
    assert [p.code for p in score.problems(hand)] == codes
    if codes:
        with pytest.raises(HandRefused):
            score.play(hand)


def test_a_refusal_names_the_player_and_the_team() -> None:
    messages = [str(p) for p in start().problems(Hand((1, 7, 2, 7), (6, 7)))]
    assert messages == ["Ana bid 1: each player bids at least 2 tricks",
                        "team B bid 14 tricks: a team bids at most 13"]


# A whole game to 501, worked out by hand: (dealer, bids by seat, tricks A/B, scores A/B, totals A/B)
GAME = [
    (0, (5, 4, 2, 2), (7, 6), (70, 60), (70, 60)),  # A leads: the deal passes from Ana to Bahram
    (1, (3, 4, 3, 4), (5, 8), (-60, 80), (10, 140)),  # B leads: to Cyrus
    (2, (6, 2, 5, 2), (11, 2), (110, -40), (120, 100)),  # A leads: to Dara
    (3, (2, 3, 2, 3), (6, 7), (42, 61), (162, 161)),  # B behind: Dara keeps the deal
    (3, (2, 2, 2, 3), (4, 9), (40, 54), (202, 215)),  # B leads: to Ana
    (0, (6, 2, 6, 2), (12, 1), (120, -40), (322, 175)),  # to Bahram
    (1, (6, 2, 6, 2), (13, 0), (121, -40), (443, 135)),  # Bahram keeps it
    (1, (4, 2, 4, 2), (8, 5), (80, 41), (523, 176)),  # A passes 501
]


def test_a_whole_game_replayed() -> None:
    score = start()
    for number, (dealer, bids, tricks, scores, totals) in enumerate(GAME, start=1):
        assert not score.is_over
        assert (score.hand_number, score.dealer, score.first_bidder) == (number, dealer, (dealer + 1) % 4)
        score = score.play(Hand(bids, tricks))
        row = score.rows[-1]
        assert (row.dealer, row.scores, row.totals) == (dealer, scores, totals)
    assert score.is_over
    assert score.winners == (0, 2)
    assert [row.line_after for row in score.rows] == [True, True, True, False, True, True, False, False]
    assert score.problems(Hand((2, 2, 2, 2), (6, 7)))[0].code == "game-over"


def test_the_dealer_keeps_the_deal_at_a_tie() -> None:
    score = start(first=2)  # Cyrus, team A
    score = score.play(Hand((2, 2, 2, 2), (6, 7)))  # A 42, B 43: A behind
    assert (score.totals, score.dealer) == ((42, 43), 2)
    score = score.play(Hand((2, 2, 2, 2), (7, 6)))  # 85 all: a tie is not ahead
    assert (score.totals, score.dealer) == ((85, 85), 2)
    score = score.play(Hand((2, 2, 2, 2), (8, 5)))  # A 129, B 126: A ahead, the deal passes to Dara
    assert (score.totals, score.dealer) == ((129, 126), 3)


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((500, 100), 501, None),
        ((501, 100), 501, 0),
        ((480, 512), 501, 1),
        ((530, 520), 501, 0),  # both over: the higher total
        ((505, 505), 501, None),  # equal: another hand
        ((990, 1000), 1001, None),
        ((1001, 1000), 1001, 0),
    ],
)
def test_end_winner(totals: tuple[int, int], target: int, winner: int | None) -> None:
    assert end_winner(totals, target) == winner


def test_the_target_is_a_house_rule() -> None:
    score = start(target=1001)
    for _ in range(4):
        score = score.play(Hand((6, 2, 7, 2), (13, 0)))  # A 130 a hand, B -40
    assert (score.totals, score.is_over) == ((520, -160), False)


@pytest.mark.parametrize("hand", [Hand((3, 2, 3, 2), (7, 6))], ids=str)
def test_a_hand_round_trips(hand: Hand) -> None:
    assert Hand.from_dict(hand.to_dict()) == hand


@pytest.mark.parametrize(
    ("data", "code", "quoted"),
    [
        ({"bids": [2, 2, 2], "tricks": [6, 7]}, "field-length", "[2, 2, 2]"),
        ({"bids": [2, 2, "2", 2], "tricks": [6, 7]}, "field-length", "'2'"),
        ({"bids": [2, 2, True, 2], "tricks": [6, 7]}, "field-length", "True"),
        ({"bids": [2, 2, 2, 2]}, "field-missing", "tricks"),
        ({"bids": [2, 2, 2, 2], "tricks": [6, 7], "dealer": 1}, "field-unknown", "'dealer'"),
    ],
)
def test_a_bad_hand_is_quoted(data: dict[str, object], code: str, quoted: str) -> None:
    with pytest.raises(HandError) as refused:
        Hand.from_dict(data)
    assert refused.value.problems[0].code == code
    assert quoted in str(refused.value)
