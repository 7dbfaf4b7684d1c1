"""Properties of the Persian games' scores over random games (Hypothesis).

- Hokm: the ruler passes exactly when the ruler's team loses; a round ends exactly when a team reaches 7; the
  match ends at the agreed rounds or a bam, and nothing is played after it.
- Shelem: every total is the sum of the sheet's scores; a made, failed, yasa or shelem hand scores as the table
  says; the deal turns right every hand and the line falls every 4 deals.
- Qahve: the deal passes exactly when the dealer's team leads after the hand; totals are the sums of the scores.
- Any hand's file form reads back to the same hand, and any dict either reads or raises a RulesError.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from referee.games.persian.rules import find_game
from referee.games.persian.rules.base import RulesError, Table, team_of
from referee.games.persian.rules.hokm import Hand as HokmHand
from referee.games.persian.rules.qahve import Hand as QahveHand
from referee.games.persian.rules.shelem import Hand as ShelemHand
from referee.games.persian.rules.shelem import Outcome
from tests.properties import examples

PLAYERS = ("Ana", "Bahram", "Cyrus", "Dara")
FEW = settings(max_examples=examples(40), deadline=None)

hokm_hands = st.builds(HokmHand, st.integers(0, 1), st.integers(0, 6), st.just(False))
shelem_hands = st.builds(lambda ruler, bid, points: ShelemHand(ruler=ruler, bid=bid * 5, points=points * 5),
                         st.integers(0, 3), st.integers(20, 33), st.integers(1, 33))


@st.composite
def qahve_hands(draw: st.DrawFn) -> QahveHand:
    bids = tuple(draw(st.integers(2, 6)) for _ in range(4))
    team_a = draw(st.integers(0, 13))
    return QahveHand(bids, (team_a, 13 - team_a))


@FEW
@given(st.lists(hokm_hands, max_size=60), st.integers(0, 3), st.sampled_from([1, 2, 3]))
def test_hokm(hands: list[HokmHand], first: int, rounds: int) -> None:
    score = find_game("hokm").start(Table("hokm", PLAYERS, first, {"rounds": rounds}))
    for hand in hands:
        if score.is_over:
            assert [p.code for p in score.problems(hand)] == ["game-over"]
            break
        before = score
        score = score.play(hand)
        row = score.rows[-1]
        ruler_lost = hand.winner != team_of(before.ruler)
        assert (score.ruler != before.ruler) == ruler_lost
        assert score.dealer == (score.ruler + 1) % 4
        assert row.points == (1 if hand.losers_tricks else 3 if ruler_lost else 2)
        assert row.line_after == (before.totals[hand.winner] + row.points >= 7)
        assert max(score.rounds_won) <= rounds
        assert score.is_over == (max(score.rounds_won) == rounds)


@FEW
@given(st.lists(shelem_hands, max_size=40), st.integers(0, 3))
def test_shelem(hands: list[ShelemHand], first: int) -> None:
    score = find_game("shelem").start(Table("shelem", PLAYERS, first, {"target": 1200}))
    for number, hand in enumerate(hands):
        if score.is_over:
            break
        assert score.dealer == (first + number) % 4
        assert hand.bid is not None
        assert hand.points is not None
        assert hand.ruler is not None
        score = score.play(hand)
        row = score.rows[-1]
        mine, theirs = row.scores[team_of(hand.ruler)], row.scores[1 - team_of(hand.ruler)]
        expected = {Outcome.SHELEM: 330, Outcome.MADE: hand.points, Outcome.FAILED: -hand.bid, Outcome.YASA: -165}
        assert mine == expected[row.outcome]
        assert theirs == 165 - hand.points
        assert (row.outcome == Outcome.YASA) == (hand.points <= 80)
        assert row.line_after == (number % 4 == 3)
        assert score.totals == tuple(sum(r.scores[team] for r in score.rows) for team in (0, 1))
    if score.is_over:
        assert max(score.totals) >= 1200


@FEW
@given(st.lists(qahve_hands(), max_size=40), st.integers(0, 3))
def test_qahve(hands: list[QahveHand], first: int) -> None:
    score = find_game("qahve").start(Table("qahve", PLAYERS, first))
    for hand in hands:
        if score.is_over:
            break
        before = score
        score = score.play(hand)
        own = team_of(before.dealer)
        leads = score.totals[own] > score.totals[1 - own]
        assert score.dealer == ((before.dealer + 1) % 4 if leads else before.dealer)
        assert score.totals == tuple(sum(r.scores[team] for r in score.rows) for team in (0, 1))
        assert score.is_over == (max(score.totals) >= 501 and score.totals[0] != score.totals[1])


@FEW
@given(st.one_of(hokm_hands.map(lambda h: ("hokm", h)), shelem_hands.map(lambda h: ("shelem", h)),
                 qahve_hands().map(lambda h: ("qahve", h))))
def test_a_hand_reads_back(pair: tuple[str, Any]) -> None:
    game, hand = pair
    assert find_game(game).read_hand(hand.to_dict()) == hand


json_values = st.recursive(st.none() | st.booleans() | st.integers(-5, 200) | st.text(max_size=3),
                           lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=12)
fields = st.sampled_from(["winner", "losers_tricks", "bam", "ruler", "bid", "points", "bidding", "bids", "tricks",
                          "seat", "x"])


@FEW
@given(st.sampled_from(["hokm", "shelem", "qahve"]), st.dictionaries(fields, json_values, max_size=5))
def test_any_dict_reads_or_is_refused(game: str, data: dict[str, Any]) -> None:
    rules = find_game(game)
    try:
        hand = rules.read_hand(data)
    except RulesError:
        return
    score = rules.start(Table(game, PLAYERS))
    score.problems(hand)  # any hand that reads can be checked without raising
