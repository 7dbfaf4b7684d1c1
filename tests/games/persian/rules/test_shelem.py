"""Shelem for four and for two (docs/table-games.md §2): bids, points, made / failed / yasa / shelem, the dealer,
the sheet's lines and the end, with the source's worked sheet replayed to the rules' totals."""

from __future__ import annotations

import pytest

from referee.games.persian.rules.base import HandError, HandRefused, Table
from referee.games.persian.rules.shelem import (
    Call,
    Hand,
    Outcome,
    Score,
    bid_problems,
    end_winner,
    hand_scores,
    read_bidding,
)

# The source's four players, each on the right of the one before: A and C play B and D (§7.1).
BOOK = ("A", "B", "C", "D")
A, B, C, D = range(4)


def start(players: tuple[str, ...] = BOOK, first: int = 0, game: str = "shelem", **options: int | bool) -> Score:
    return Score.start(Table(game, players, first, options))


def bids(*calls: tuple[int, int | None]) -> tuple[Call, ...]:
    return tuple(Call(seat, bid) for seat, bid in calls)


@pytest.mark.parametrize(
    ("bid", "points", "outcome", "ruler_score", "other_score"),
    [
        (135, 130, Outcome.FAILED, -135, 35),  # the source's hand 1
        (125, 150, Outcome.MADE, 150, 15),  # hand 2: the ruler's team scores what it took
        (150, 165, Outcome.SHELEM, 330, 0),  # hand 3
        (135, 135, Outcome.MADE, 135, 30),  # hand 4
        (100, 100, Outcome.MADE, 100, 65),
        (165, 165, Outcome.SHELEM, 330, 0),
        (160, 155, Outcome.FAILED, -160, 10),
        (100, 85, Outcome.FAILED, -100, 80),  # 85 is more than the other team's 80: not yasa
        (100, 80, Outcome.YASA, -165, 85),  # yasa at exactly 80
        (120, 5, Outcome.YASA, -165, 160),
    ],
)
def test_hand_scores(bid: int, points: int, outcome: Outcome, ruler_score: int, other_score: int) -> None:
    assert hand_scores(bid, points) == (outcome, ruler_score, other_score)


@pytest.mark.parametrize(
    ("bid", "last", "codes"),
    [
        (100, None, []),
        (165, 160, []),
        (95, None, ["shelem-bid-range"]),
        (170, 165, ["shelem-bid-range"]),
        (112, None, ["shelem-bid-step"]),
        (125, 125, ["shelem-bid-not-higher"]),
        (120, 125, ["shelem-bid-not-higher"]),
        (97, 100, ["shelem-bid-range", "shelem-bid-step", "shelem-bid-not-higher"]),
    ],
)
def test_bid_problems(bid: int, last: int | None, codes: list[str]) -> None:
    assert [p.code for p in bid_problems(bid, last, "A")] == codes


#: The source's worked sheet: each hand's bidding as the source tells it, the ruler, the points the ruler's team
#: took, and the rules' totals (the source's own sheet slips twice, in hands 3 and 4).
WORKED = [
    # hand 1: A deals, B bids first
    (bids((B, 110), (C, 115), (D, None), (A, 125), (B, 130), (C, None), (A, 135), (B, None)), A, 135, 130,
     Outcome.FAILED, (-135, 35)),
    # hand 2: B deals
    (bids((C, None), (D, 125), (A, None), (B, None)), D, 125, 150, Outcome.MADE, (-120, 185)),
    # hand 3: C deals
    (bids((D, 100), (A, 120), (B, 125), (C, None), (D, 130), (A, 135), (B, 140), (D, None), (A, 150), (B, None)),
     A, 150, 165, Outcome.SHELEM, (210, 185)),
    # hand 4: D deals
    (bids((A, 130), (B, None), (C, None), (D, 135), (A, None)), D, 135, 135, Outcome.MADE, (240, 320)),
]


@pytest.mark.parametrize("whole_bidding", [True, False], ids=["whole bidding", "ruler and bid"])
def test_the_sources_worked_sheet(whole_bidding: bool) -> None:
    score = start()
    for number, (calls, ruler, bid, points, outcome, totals) in enumerate(WORKED, start=1):
        assert score.dealer == number - 1
        assert score.first_bidder == number % 4
        hand = Hand(bidding=calls, points=points) if whole_bidding else Hand(ruler=ruler, bid=bid, points=points)
        assert score.problems(hand) == ()
        score = score.play(hand)
        row = score.rows[-1]
        assert (row.ruler, row.bid, row.outcome, row.totals) == (ruler, bid, outcome, totals)
    assert [row.totals for row in score.rows] == [(-135, 35), (-120, 185), (210, 185), (240, 320)]
    assert [row.line_after for row in score.rows] == [False, False, False, True]  # a full turn of dealers
    assert (score.dealer, score.is_over) == (A, False)


# A whole game to 660, worked out by hand: (dealer, ruler, bid, points or None for all passing, outcome, totals)
GAME_TO_660 = [
    (A, B, 120, 125, Outcome.MADE, (40, 125)),
    (B, None, None, None, Outcome.ALL_PASSED, (40, 125)),  # B deals again
    (B, C, 140, 80, Outcome.YASA, (-125, 210)),  # 80 < 85: -165, and B/D take 85
    (C, D, 100, 165, Outcome.SHELEM, (-125, 540)),
    (D, A, 150, 145, Outcome.FAILED, (-275, 560)),  # the deal is back with A: a line
    (A, B, 100, 100, Outcome.MADE, (-210, 660)),  # B/D reach 660
]


def test_a_whole_game_to_660() -> None:
    score = start(target=660)
    for dealer, ruler, bid, points, outcome, totals in GAME_TO_660:
        assert not score.is_over
        assert score.dealer == dealer
        hand = score.all_passed() if ruler is None else Hand(ruler=ruler, bid=bid, points=points)
        score = score.play(hand)
        assert (score.rows[-1].outcome, score.totals) == (outcome, totals)
    assert [row.hand for row in score.rows if row.line_after] == [5]
    assert score.winners == (B, D)


@pytest.mark.parametrize(
    ("calls", "codes"),
    [
        (bids((C, 100)), ["shelem-bid-out-of-turn"]),  # B bids first when A deals
        (bids((B, 100), (C, None), (D, 105), (A, 110), (C, 115)), ["shelem-bid-after-pass"]),  # B's turn
        (bids((B, 100), (C, 100)), ["shelem-bid-not-higher"]),
        (bids((B, 100), (C, 103)), ["shelem-bid-step"]),
        (bids((B, 90), (C, 170)), ["shelem-bid-range", "shelem-bid-range"]),
        (bids((B, 100), (C, None), (D, None), (A, None), (B, 105)), ["shelem-bidding-over"]),
        (bids((B, 100), (C, None)), ["shelem-bidding-open"]),
        (bids((B, None), (C, None), (D, None)), ["shelem-bidding-open"]),
        (bids((7, 100)), ["no-such-player"]),
    ],
)
def test_what_the_bidding_refuses(calls: tuple[Call, ...], codes: list[str]) -> None:
    score = start()
    hand = Hand(bidding=calls, points=100)
    assert [p.code for p in score.problems(hand)] == codes
    with pytest.raises(HandRefused):
        score.play(hand)


def test_the_last_bidder_rules_even_when_others_passed_first() -> None:
    result = read_bidding(bids((B, None), (C, None), (D, None), (A, 100)), BOOK, first=B)
    assert (result.problems, result.finished, result.ruler, result.bid) == ((), True, A, 100)


@pytest.mark.parametrize(
    ("hand", "codes"),
    [
        (Hand(ruler=A, bid=100, points=100), []),
        (Hand(ruler=A, bid=100, points=165), []),
        (Hand(ruler=A, bid=100, points=0), ["shelem-points-range"]),
        (Hand(ruler=A, bid=100, points=170), ["shelem-points-range"]),
        (Hand(ruler=A, bid=100, points=132), ["shelem-points-step"]),
        (Hand(ruler=A, bid=100), ["shelem-no-points"]),
        (Hand(ruler=A, points=100), ["shelem-no-ruler"]),
        (Hand(), ["shelem-no-ruler", "shelem-no-points"]),
        (Hand(bidding=bids((C, 100)), points=132), ["shelem-bid-out-of-turn", "shelem-points-step"]),
        (Hand(bidding=bids((B, 100), (C, None)), points=100), ["shelem-bidding-open"]),
        (Hand(ruler=4, bid=97, points=3), ["no-such-player", "shelem-bid-range", "shelem-bid-step",
                                           "shelem-points-range", "shelem-points-step"]),
        (Hand(ruler=D, bid=105, bidding=bids((B, 100), (C, None), (D, None), (A, None)), points=100),
         ["shelem-bidding-mismatch"]),
        (Hand(ruler=B, bid=100, bidding=bids((B, 100), (C, None), (D, None), (A, None)), points=100), []),
    ],
)
def test_what_a_hand_refuses(hand: Hand, codes: list[str]) -> None:
    assert [p.code for p in start().problems(hand)] == codes


def test_a_mismatch_names_both_rulers() -> None:
    hand = Hand(ruler=D, bidding=bids((B, 100), (C, None), (D, None), (A, None)), points=100)
    (problem,) = start().problems(hand)
    assert str(problem) == "the bidding makes B ruler at 100, not D at 100"


def test_all_pass_redeals_by_default() -> None:
    score = start(first=C)
    hand = score.all_passed()
    assert [call.seat for call in hand.bidding] == [D, A, B, C]
    score = score.play(hand)
    assert (score.dealer, score.totals, score.hand_number) == (C, (0, 0), 2)
    row = score.rows[0]
    assert (row.outcome, row.ruler, row.bid, row.scores, row.line_after) == (Outcome.ALL_PASSED, None, None,
                                                                            (0, 0), False)
    assert [p.code for p in score.problems(Hand(bidding=hand.bidding, points=100))] == ["shelem-all-passed-points"]


def test_all_pass_passes_the_deal_on_when_the_table_says_so() -> None:
    score = start(first=D, all_pass_redeal=False)
    score = score.play(score.all_passed())
    assert (score.dealer, score.totals) == (A, (0, 0))
    assert not score.rows[0].line_after  # D dealt first: the line comes when the deal is back with D


def test_a_line_after_every_full_turn_of_dealers() -> None:
    score = start(first=B)
    for _ in range(8):
        score = score.play(Hand(ruler=score.first_bidder, bid=100, points=100))
    assert [row.dealer for row in score.rows] == [B, C, D, A, B, C, D, A]
    assert [row.hand for row in score.rows if row.line_after] == [4, 8]


def test_both_teams_cross_the_target_in_one_hand_equal_totals_go_to_the_ruler() -> None:
    score = start(target=330)
    plan = [(B, 100, 100), (C, 100, 100), (D, 100, 100), (A, 100, 100)]
    totals = []
    for ruler, bid, points in plan:
        score = score.play(Hand(ruler=ruler, bid=bid, points=points))
        totals.append(score.totals)
    # B/D 100, A/C 65; A/C 165, B/D 165; B/D 265, A/C 230; A/C 330, B/D 330
    assert totals == [(65, 100), (165, 165), (230, 265), (330, 330)]
    assert score.is_over
    assert score.winners == (A, C)  # equal totals: the ruler's team


def test_both_over_the_target_the_higher_total_wins() -> None:
    score = start(target=330)
    plan = [(A, 95), (C, 165), (B, 95), (D, 165), (A, 105)]  # every bid 100
    totals = []
    for ruler, points in plan:
        score = score.play(Hand(ruler=ruler, bid=100, points=points))
        totals.append(score.totals)
    # A/C fail (-100, B/D 70), A/C shelem (+330), B/D fail (-100, A/C 70), B/D shelem, A/C make 105 (B/D 60)
    assert totals == [(-100, 70), (230, 70), (300, -30), (300, 300), (405, 360)]
    assert [row.outcome for row in score.rows] == [Outcome.FAILED, Outcome.SHELEM, Outcome.FAILED, Outcome.SHELEM,
                                                   Outcome.MADE]
    assert score.winners == (A, C)


@pytest.mark.parametrize(
    ("totals", "ruler_team", "winner"),
    [
        ((1195, 1100), 0, None),
        ((1200, 1100), 1, 0),  # reaching the target is enough
        ((1250, 1205), 1, 0),
        ((1205, 1250), 0, 1),  # both over: the higher total, whoever ruled
        ((1235, 1235), 1, 1),
        ((-165, 1200), 0, 1),
    ],
)
def test_end_winner(totals: tuple[int, int], ruler_team: int, winner: int | None) -> None:
    assert end_winner(totals, 1200, ruler_team) == winner


def test_a_shelem_can_end_the_game() -> None:
    score = start(target=330).play(Hand(ruler=B, bid=165, points=165))
    assert (score.totals, score.winners, score.rows[0].outcome) == ((0, 330), (B, D), Outcome.SHELEM)
    assert [p.code for p in score.problems(Hand(ruler=A, bid=100, points=100))] == ["game-over"]


def test_yasa_at_exactly_80() -> None:
    score = start().play(Hand(ruler=C, bid=120, points=80))
    assert (score.rows[0].outcome, score.totals) == (Outcome.YASA, (-165, 85))


TWO = ("Ana", "Bahram")


def test_shelem_for_two() -> None:
    score = start(TWO, first=0, game="shelem-two")
    assert score.first_bidder == 1  # the non-dealer bids first
    score = score.play(Hand(bidding=bids((1, 100), (0, 110), (1, None)), points=120))
    assert (score.totals, score.dealer, score.rows[0].ruler) == ((120, 45), 1, 0)
    score = score.play(Hand(bidding=bids((0, 120), (1, None)), points=75))  # Ana again: 75 < 90, yasa
    assert (score.totals, score.dealer) == ((-45, 135), 0)
    score = score.play(Hand(ruler=1, bid=100, points=165))  # Bahram's shelem
    assert score.totals == (-45, 465)
    assert [row.line_after for row in score.rows] == [False, True, False]  # a line every 2 deals
    assert score.winners == ()


def test_shelem_for_two_opens_with_a_bid() -> None:
    score = start(TWO, first=1, game="shelem-two")
    hand = Hand(bidding=bids((0, None)), points=100)
    assert [p.code for p in score.problems(hand)] == ["shelem-must-open"]
    assert not score.redeals_on_all_pass


@pytest.mark.parametrize(
    "hand",
    [Hand(ruler=3, bid=125, points=150), Hand(bidding=bids((1, 100), (2, None), (3, None), (0, None)), points=5)],
    ids=["ruler and bid", "whole bidding"],
)
def test_a_hand_round_trips(hand: Hand) -> None:
    assert Hand.from_dict(hand.to_dict()) == hand


def test_a_null_bidding_is_no_bidding() -> None:
    assert Hand.from_dict({"ruler": 0, "bid": 100, "points": 100, "bidding": None}) == Hand(0, 100, 100)


@pytest.mark.parametrize(
    ("data", "code", "quoted"),
    [
        ({"ruler": 0, "bid": "135", "points": 130}, "field-number", "'135'"),
        ({"ruler": 0, "bid": 135, "points": 130, "shelem": True}, "field-unknown", "'shelem'"),
        ({"bidding": {"seat": 1}}, "field-list", "{'seat': 1}"),
        ({"bidding": [[1, 100]]}, "field-call", "[1, 100]"),
        ({"bidding": [{"seat": 1, "bid": 100, "by": "x"}]}, "field-unknown", "'by'"),
        ({"bidding": [{"bid": 100}]}, "field-missing", "seat"),
    ],
)
def test_a_bad_hand_is_quoted(data: dict[str, object], code: str, quoted: str) -> None:
    with pytest.raises(HandError) as refused:
        Hand.from_dict(data)
    assert refused.value.problems[0].code == code
    assert quoted in str(refused.value)
