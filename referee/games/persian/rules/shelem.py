"""Shelem (شلم) for four, and for two (``shelem-two``): the bidding, the hand's points, made / failed / yasa /
shelem, the dealer turning right, the sheet's lines and the end (docs/table-games.md §2).

The scorekeeper enters the ruler and the winning bid (or the whole bidding, which the sheet keeps) and the points
the ruler's team took; the other team took the rest of the hand's 165.

>>> hand_scores(bid=135, points=130)
(<Outcome.FAILED: 'failed'>, -135, 35)
>>> hand_scores(bid=100, points=80)
(<Outcome.YASA: 'yasa'>, -165, 85)
>>> table = Table("shelem", ("Ana", "Bahram", "Cyrus", "Dara"))
>>> score = Score.start(table).play(Hand(ruler=0, bid=135, points=130))
>>> score.totals, score.dealer, score.first_bidder
((-135, 35), 1, 2)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Self

from referee.games.persian.rules.base import (
    GameRules,
    HandError,
    JsonValue,
    Option,
    Problem,
    Table,
    TeamScore,
    check_fields,
    quote,
    read_int,
    right_of,
    seats_from,
    team_of,
)

__all__ = ["Call", "Hand", "Outcome", "Row", "Score", "Bidding", "TARGET", "ALL_PASS_REDEAL", "GAMES",
           "hand_scores", "bid_problems", "read_bidding", "end_winner"]

#: Bids: 100 to 165 in fives; the hand holds 165 points, a shelem scores 330 (docs/table-games.md §2.2–§2.4).
LEAST_BID = 100
MOST_BID = 165
STEP = 5
HAND_POINTS = 165
LEAST_POINTS = 5
SHELEM_SCORE = 330
YASA_SCORE = -165

#: What ends the game (docs/table-games.md §2.5) and what an all-pass does (§2.2, T6).
TARGET = Option("target", (1200, 660, 330), 1200)
ALL_PASS_REDEAL = Option("all_pass_redeal", (True, False), True)


class Outcome(StrEnum):
    """What became of the ruler's team's bid (docs/table-games.md §2.4)."""

    MADE = "made"
    FAILED = "failed"
    YASA = "yasa"  # یاسا: it took less than the other team
    SHELEM = "shelem"  # شلم: every trick
    ALL_PASSED = "all-passed"  # nobody bid: nothing is scored


def hand_scores(bid: int, points: int) -> tuple[Outcome, int, int]:
    """The outcome and what the ruler's team and the other team score when the ruler's team bid ``bid`` and took
    ``points`` of the hand's 165 (docs/table-games.md §2.4).

    >>> hand_scores(125, 150), hand_scores(150, 165), hand_scores(135, 85)
    ((<Outcome.MADE: 'made'>, 150, 15), (<Outcome.SHELEM: 'shelem'>, 330, 0), (<Outcome.FAILED: 'failed'>, -135, 80))
    """
    other = HAND_POINTS - points
    if points == HAND_POINTS:
        return Outcome.SHELEM, SHELEM_SCORE, 0
    if points >= bid:
        return Outcome.MADE, points, other
    if points < other:
        return Outcome.YASA, YASA_SCORE, other
    return Outcome.FAILED, -bid, other


def bid_problems(bid: int, last: int | None = None, name: str = "") -> tuple[Problem, ...]:
    """Every reason ``bid`` cannot be bid after ``last`` (None: it opens), ``name`` bidding.

    >>> [p.code for p in bid_problems(172, 135, "Ana")], [p.code for p in bid_problems(130, 135, "Ana")]
    (['shelem-bid-range', 'shelem-bid-step'], ['shelem-bid-not-higher'])
    """
    found: list[Problem] = []
    if not LEAST_BID <= bid <= MOST_BID:
        found.append(Problem.of("shelem-bid-range", bid=bid, least=LEAST_BID, most=MOST_BID))
    if bid % STEP:
        found.append(Problem.of("shelem-bid-step", bid=bid))
    if last is not None and bid <= last:
        found.append(Problem.of("shelem-bid-not-higher", name=name, bid=bid, last=last))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class Call:
    """One call of the bidding: a seat and its bid, or None for a pass."""

    seat: int
    bid: int | None = None

    def to_dict(self) -> dict[str, JsonValue]:
        """The call's file form."""
        return {"seat": self.seat, "bid": self.bid}

    @classmethod
    def from_dict(cls, data: object) -> Call:
        """Read a call's file form."""
        if not isinstance(data, Mapping):
            raise HandError.of("field-call", value=quote(data))
        check_fields(data, "shelem", ("seat", "bid"))
        bid = None if data.get("bid") is None else read_int(data, "bid")
        return cls(read_int(data, "seat"), bid)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: the ruler (a seat) and the winning bid, or the whole bidding (from
    which both follow), and the points the ruler's team took. All four passing is a bidding of passes only."""

    ruler: int | None = None
    bid: int | None = None
    points: int | None = None
    bidding: tuple[Call, ...] = ()

    FIELDS = ("ruler", "bid", "points", "bidding")

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form.

        >>> Hand(ruler=3, bid=125, points=150).to_dict()
        {'ruler': 3, 'bid': 125, 'points': 150, 'bidding': []}
        """
        return {"ruler": self.ruler, "bid": self.bid, "points": self.points,
                "bidding": [call.to_dict() for call in self.bidding]}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Hand:
        """Read a hand's file form; :class:`HandError` quotes a missing, unknown or ill-typed field."""
        check_fields(data, "shelem", cls.FIELDS)
        calls = data.get("bidding") or []
        if not isinstance(calls, list):
            raise HandError.of("field-list", field="bidding", value=quote(calls))
        numbers = {name: None if data.get(name) is None else read_int(data, name)
                   for name in ("ruler", "bid", "points")}
        return cls(numbers["ruler"], numbers["bid"], numbers["points"], tuple(Call.from_dict(c) for c in calls))


@dataclass(frozen=True, slots=True)
class Bidding:
    """What a whole bidding comes to: the problems in it, whether it is over, the ruler and the winning bid."""

    problems: tuple[Problem, ...]
    finished: bool
    ruler: int | None
    bid: int | None


def read_bidding(calls: tuple[Call, ...], players: tuple[str, ...], first: int) -> Bidding:
    """Walk a bidding that starts at seat ``first`` and turns right, skipping who has passed (a pass is final),
    until every player but the last bidder has passed, or all have (docs/table-games.md §2.2). With two players
    the first call must be a bid (§2.6, T8).

    >>> calls = (Call(1, 110), Call(2, 115), Call(3), Call(0, 125), Call(1, 130), Call(2), Call(0, 135), Call(1))
    >>> result = read_bidding(calls, ("A", "B", "C", "D"), first=1)
    >>> result.finished, result.ruler, result.bid
    (True, 0, 135)
    """
    count = len(players)
    passed: set[int] = set()
    last_bid: int | None = None
    ruler: int | None = None
    turn: int | None = first
    found: list[Problem] = []
    for call in calls:
        if not 0 <= call.seat < count:
            found.append(Problem.of("no-such-player", seat=call.seat + 1, count=count))
            break
        name = players[call.seat]
        if turn is None:
            found.append(Problem.of("shelem-bidding-over", name=name))
            break
        if call.seat != turn:
            found.append(Problem.of("shelem-bid-after-pass", name=name) if call.seat in passed
                         else Problem.of("shelem-bid-out-of-turn", expected=players[turn], name=name))
            break
        if call.bid is None:
            if count == 2 and ruler is None:
                found.append(Problem.of("shelem-must-open", name=name))
            passed.add(call.seat)
        else:
            found += bid_problems(call.bid, last_bid, name)
            last_bid, ruler = call.bid, call.seat
        over = len(passed) == count or (ruler is not None and len(passed) == count - 1)
        turn = None if over else next(s for s in seats_from(right_of(call.seat, count), count) if s not in passed)
    return Bidding(tuple(found), turn is None, ruler, last_bid)


def end_winner(totals: tuple[int, ...], target: int, ruler_team: int) -> int | None:
    """The winning team once a team has reached ``target``: the higher total when both have, the ruler's team on
    equal totals (docs/table-games.md §2.5, T7); None while nobody has.

    >>> end_winner((1250, 1205), 1200, ruler_team=1), end_winner((330, 330), 330, ruler_team=0)
    (0, 0)
    """
    if max(totals) < target:
        return None
    best = max(totals)
    leaders = [team for team, total in enumerate(totals) if total == best]
    return ruler_team if len(leaders) > 1 and ruler_team in leaders else leaders[0]


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the Shelem sheet: team A's total, the bid with its ruler, team B's total; and the hand's story."""

    hand: int
    dealer: int
    ruler: int | None  # None: everybody passed
    bid: int | None
    bidding: tuple[Call, ...]
    points: int | None  # what the ruler's team took
    outcome: Outcome
    scores: tuple[int, ...]  # what each team scored in this hand
    totals: tuple[int, ...]
    line_after: bool  # a full turn of dealers ends here: the deal is back with the first dealer


@dataclass(frozen=True, slots=True)
class Score(TeamScore[Hand]):
    """A game of Shelem between hands: the totals, the dealer, the sheet. Its ruler is the bidding's winner,
    known only during the hand, so the score before a hand names none."""

    table: Table
    dealer: int
    totals: tuple[int, ...] = (0, 0)
    rows: tuple[Row, ...] = ()
    winning_team: int | None = None

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat deals first."""
        (SHELEM_TWO if table.game == SHELEM_TWO.id else SHELEM).check_table(table)
        return cls(table, dealer=table.first)

    @property
    def target(self) -> int:
        """The total that ends the game (house rule, docs/table-games.md §2.5)."""
        return int(self.table.option(TARGET))

    @property
    def redeals_on_all_pass(self) -> bool:
        """Whether the same dealer deals again when everybody passes (house rule, T6)."""
        return self.table.count > 2 and self.table.option(ALL_PASS_REDEAL) is True

    @property
    def first_bidder(self) -> int:
        """The dealer's right bids first (with two players: the non-dealer)."""
        return right_of(self.dealer, self.table.count)

    def all_passed(self) -> Hand:
        """The hand in which every player passed, in bidding order."""
        return Hand(bidding=tuple(Call(seat) for seat in seats_from(self.first_bidder, self.table.count)))

    def ruler_and_bid(self, hand: Hand) -> tuple[int | None, int | None]:
        """The hand's ruler and winning bid: from its bidding when it has one, else as entered."""
        if hand.bidding:
            result = read_bidding(hand.bidding, self.table.players, self.first_bidder)
            return result.ruler, result.bid
        return hand.ruler, hand.bid

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §2.7)."""
        found: list[Problem] = []
        if hand.bidding:
            result = read_bidding(hand.bidding, self.table.players, self.first_bidder)
            found += result.problems or (() if result.finished else (Problem.of("shelem-bidding-open"),))
            if result.finished and result.ruler is not None and result.bid is not None:
                found += _mismatch(self.table.players, result.ruler, result.bid, hand)
            elif result.finished:  # everybody passed: there are no points to enter
                return (*found, *([Problem.of("shelem-all-passed-points")] if hand.points is not None else []))
        elif hand.ruler is None or hand.bid is None:
            found.append(Problem.of("shelem-no-ruler"))
        else:
            if not 0 <= hand.ruler < self.table.count:
                found.append(Problem.of("no-such-player", seat=hand.ruler + 1, count=self.table.count))
            found += bid_problems(hand.bid)
        return (*found, *_points_problems(hand.points))

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: the teams' scores, the next dealer, the end."""
        ruler, bid = self.ruler_and_bid(hand)
        if ruler is None or bid is None or hand.points is None:  # everybody passed: nothing is scored
            outcome, scores = Outcome.ALL_PASSED, (0,) * len(self.totals)
            dealer = self.dealer if self.redeals_on_all_pass else right_of(self.dealer, self.table.count)
        else:
            outcome, ruler_score, other_score = hand_scores(bid, hand.points)
            scores = tuple(ruler_score if team == team_of(ruler) else other_score for team in range(2))
            dealer = right_of(self.dealer, self.table.count)
        totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        line_after = dealer != self.dealer and dealer == self.table.first
        row = Row(hand=self.hand_number, dealer=self.dealer, ruler=ruler, bid=bid, bidding=hand.bidding,
                  points=hand.points, outcome=outcome, scores=scores, totals=totals, line_after=line_after)
        winner = None if ruler is None else end_winner(totals, self.target, team_of(ruler))
        return replace(self, dealer=dealer, totals=totals, rows=(*self.rows, row), winning_team=winner)


def _mismatch(players: tuple[str, ...], ruler: int, bid: int, hand: Hand) -> tuple[Problem, ...]:
    """The problem of a ruler or bid entered beside a bidding that says otherwise (none when they agree or are
    left out): the bidding decides (docs/table-games.md, T8)."""
    given = ruler if hand.ruler is None else hand.ruler
    given_bid = bid if hand.bid is None else hand.bid
    if (given, given_bid) == (ruler, bid):
        return ()
    given_name = players[given] if 0 <= given < len(players) else quote(given)
    return (Problem.of("shelem-bidding-mismatch", name=players[ruler], bid=bid, given=given_name,
                       given_bid=given_bid),)


def _points_problems(points: int | None) -> tuple[Problem, ...]:
    """Every reason ``points`` cannot be what the ruler's team took (docs/table-games.md §2.3)."""
    if points is None:
        return (Problem.of("shelem-no-points"),)
    found: list[Problem] = []
    if not LEAST_POINTS <= points <= HAND_POINTS:
        found.append(Problem.of("shelem-points-range", points=points))
    if points % STEP:
        found.append(Problem.of("shelem-points-step", points=points))
    return tuple(found)


def read_hand(data: Mapping[str, object]) -> Hand:
    """A Shelem hand from its file form (:class:`~referee.games.persian.rules.base.HandError` when it is bad)."""
    return Hand.from_dict(data)


SHELEM: GameRules[Hand, Score] = GameRules(
    id="shelem", players=(4,), teams=True, options=(TARGET, ALL_PASS_REDEAL), section="docs/table-games.md §2",
    read_hand=read_hand, start=Score.start,
)
SHELEM_TWO: GameRules[Hand, Score] = GameRules(
    id="shelem-two", players=(2,), teams=False, options=(TARGET,), section="docs/table-games.md §2.6",
    read_hand=read_hand, start=Score.start,
)
GAMES = (SHELEM, SHELEM_TWO)
