"""Qahve (قهوه): the bids, the teams' scores, the dealer who keeps the deal until their team leads, and the end
(docs/table-games.md §3).

The scorekeeper enters each player's bid (at least 2 tricks) and each team's tricks (adding up to 13).

>>> team_score(bid=6, tricks=8), team_score(bid=6, tricks=5)
(62, -60)
>>> table = Table("qahve", ("Ana", "Bahram", "Cyrus", "Dara"))
>>> score = Score.start(table).play(Hand(bids=(3, 2, 3, 2), tricks=(7, 6)))
>>> score.totals, score.dealer  # team A (Ana's) leads: the deal passes to Ana's right
((61, 42), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Self

from referee.games.persian.rules.base import (
    TEAM_NAMES,
    GameRules,
    HandError,
    JsonValue,
    Option,
    Problem,
    Table,
    TeamScore,
    check_fields,
    quote,
    right_of,
    team_of,
)

__all__ = ["Hand", "Row", "Score", "TARGET", "GAMES", "team_score", "end_winner"]

#: A hand has 13 tricks; each player bids at least 2, a team at most 13 (docs/table-games.md §3.3, T11).
TRICKS = 13
LEAST_BID = 2
#: What ends the game (docs/table-games.md §3.5).
TARGET = Option("target", (501, 1001), 501)
PLAYERS = 4


def team_score(bid: int, tricks: int) -> int:
    """What a team that bid ``bid`` and took ``tricks`` scores: 10 a trick bid and 1 a trick over when it made
    its bid, minus 10 a trick bid when it did not (docs/table-games.md §3.4).

    >>> team_score(5, 5), team_score(4, 13), team_score(13, 12)
    (50, 49, -130)
    """
    return 10 * bid + (tricks - bid) if tricks >= bid else -10 * bid


def end_winner(totals: tuple[int, ...], target: int) -> int | None:
    """The winning team once a team has reached ``target``: the higher total; None while nobody has, or while
    the totals are equal, when another hand is played (docs/table-games.md §3.5, T10).

    >>> end_winner((512, 480), 501), end_winner((520, 530), 501), end_winner((505, 505), 501)
    (0, 1, None)
    """
    if max(totals) < target or len(set(totals)) == 1:
        return None
    return totals.index(max(totals))


def _read_numbers(data: Mapping[str, object], name: str, count: int) -> tuple[int, ...]:
    value = data.get(name)
    if name not in data:
        raise HandError.of("field-missing", field=name)
    if (not isinstance(value, list) or len(value) != count
            or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
        raise HandError.of("field-length", field=name, count=count, value=quote(value))
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: each player's bid in seat order, each team's tricks (A, B)."""

    bids: tuple[int, ...]
    tricks: tuple[int, ...]

    FIELDS = ("bids", "tricks")

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form.

        >>> Hand((3, 2, 3, 2), (7, 6)).to_dict()
        {'bids': [3, 2, 3, 2], 'tricks': [7, 6]}
        """
        return {"bids": list(self.bids), "tricks": list(self.tricks)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Hand:
        """Read a hand's file form; :class:`HandError` quotes a missing, unknown or ill-typed field."""
        check_fields(data, "qahve", cls.FIELDS)
        return cls(_read_numbers(data, "bids", PLAYERS), _read_numbers(data, "tricks", 2))

    def team_bids(self) -> tuple[int, ...]:
        """Each team's bid: its two players' bids added."""
        return tuple(sum(bid for seat, bid in enumerate(self.bids) if team_of(seat) == team) for team in range(2))


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the Qahve sheet: who dealt, the bids, the tricks, what each team scored and the totals."""

    hand: int
    dealer: int
    bids: tuple[int, ...]
    team_bids: tuple[int, ...]
    tricks: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    line_after: bool  # the deal passes on after this hand, the dealer's team leading (docs/table-games.md, T13)


@dataclass(frozen=True, slots=True)
class Score(TeamScore[Hand]):
    """A game of Qahve between hands: the totals, the dealer, the sheet. Qahve has no ruler: spades are always
    trump."""

    table: Table
    dealer: int
    totals: tuple[int, ...] = (0, 0)
    rows: tuple[Row, ...] = ()
    winning_team: int | None = None

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat drew the deal."""
        QAHVE.check_table(table)
        return cls(table, dealer=table.first)

    @property
    def target(self) -> int:
        """The total that ends the game (house rule, docs/table-games.md §3.5)."""
        return int(self.table.option(TARGET))

    @property
    def first_bidder(self) -> int:
        """The dealer's right bids and leads first."""
        return right_of(self.dealer, self.table.count)

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §3.6)."""
        found: list[Problem] = []
        if len(hand.bids) != PLAYERS:
            found.append(Problem.of("field-length", field="bids", count=PLAYERS, value=quote(list(hand.bids))))
        else:
            found += [Problem.of("qahve-bid-low", name=self.table.players[seat], bid=bid)
                      for seat, bid in enumerate(hand.bids) if bid < LEAST_BID]
            found += [Problem.of("qahve-team-bid-high", team=TEAM_NAMES[team], bid=bid)
                      for team, bid in enumerate(hand.team_bids()) if bid > TRICKS]
        if len(hand.tricks) != 2:
            found.append(Problem.of("field-length", field="tricks", count=2, value=quote(list(hand.tricks))))
            return tuple(found)
        out_of_range = [Problem.of("qahve-tricks-range", team=TEAM_NAMES[team], tricks=tricks)
                        for team, tricks in enumerate(hand.tricks) if not 0 <= tricks <= TRICKS]
        found += out_of_range
        if not out_of_range and sum(hand.tricks) != TRICKS:
            found.append(Problem.of("qahve-tricks-total", total=sum(hand.tricks)))
        return tuple(found)

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: each team's score, the dealer keeping or passing the deal, the end."""
        team_bids = hand.team_bids()
        scores = tuple(team_score(bid, tricks) for bid, tricks in zip(team_bids, hand.tricks, strict=True))
        totals = tuple(total + score for total, score in zip(self.totals, scores, strict=True))
        # The dealer keeps the deal until their team is ahead; a tie is not ahead (docs/table-games.md §3.2, T9).
        own = team_of(self.dealer)
        passes = totals[own] > totals[1 - own]
        dealer = right_of(self.dealer, self.table.count) if passes else self.dealer
        row = Row(hand=self.hand_number, dealer=self.dealer, bids=hand.bids, team_bids=team_bids,
                  tricks=hand.tricks, scores=scores, totals=totals, line_after=passes)
        return replace(self, dealer=dealer, totals=totals, rows=(*self.rows, row),
                       winning_team=end_winner(totals, self.target))


def read_hand(data: Mapping[str, object]) -> Hand:
    """A Qahve hand from its file form (:class:`~referee.games.persian.rules.base.HandError` when it is bad)."""
    return Hand.from_dict(data)


QAHVE: GameRules[Hand, Score] = GameRules(
    id="qahve", players=(PLAYERS,), teams=True, options=(TARGET,), section="docs/table-games.md §3",
    read_hand=read_hand, start=Score.start,
)
GAMES = (QAHVE,)
