"""Hokm (حکم): the hand's points, kot and ruler's kot, the ruler passing, the dealer, rounds, the match and the bam
(docs/table-games.md §1).

The scorekeeper enters, for each hand, the team that took 7 tricks first and the losing team's tricks at that
moment (0–6), and whether the winners pressed on and took all 13 (a bam). Everything else is derived.

>>> table = Table("hokm", ("Ana", "Bahram", "Cyrus", "Dara"), first=0)
>>> score = Score.start(table)
>>> score.ruler, score.dealer
(0, 1)
>>> score = score.play(Hand(winner=1, losers_tricks=0))  # the other team wins 7-0: ruler's kot
>>> score.rows[0].kind, score.totals, score.ruler
(<Outcome.RULER_KOT: 'ruler-kot'>, (0, 3), 1)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Self

from referee.games.persian.rules.base import (
    TEAM_NAMES,
    GameRules,
    JsonValue,
    Option,
    Problem,
    Table,
    TeamScore,
    check_fields,
    quote,
    read_bool,
    read_int,
    read_team,
    right_of,
    team_of,
)

__all__ = ["Hand", "Outcome", "Row", "Score", "ROUNDS", "GAMES", "hand_points"]

#: A hand is won by the first team to 7 tricks; a round by the first team to 7 hand points (§1.2, §1.4).
TRICKS_TO_WIN = 7
POINTS_TO_WIN_ROUND = 7
ALL_TRICKS = 13
#: The match: the first team to this many rounds (docs/table-games.md §1.4).
ROUNDS = Option("rounds", (1, 2, 3), 2)


class Outcome(StrEnum):
    """How a hand was won, which fixes its points (docs/table-games.md §1.2)."""

    WON = "won"  # 1 point
    KOT = "kot"  # the ruler's team 7-0: 2 points
    RULER_KOT = "ruler-kot"  # the other team 7-0 (حاکم کوت): 3 points


POINTS = {Outcome.WON: 1, Outcome.KOT: 2, Outcome.RULER_KOT: 3}


def hand_points(winner: int, losers_tricks: int, ruler_team: int) -> tuple[Outcome, int]:
    """The outcome and the points of a hand won by team ``winner`` (docs/table-games.md §1.2).

    >>> hand_points(0, 3, ruler_team=0), hand_points(0, 0, ruler_team=0), hand_points(1, 0, ruler_team=0)
    ((<Outcome.WON: 'won'>, 1), (<Outcome.KOT: 'kot'>, 2), (<Outcome.RULER_KOT: 'ruler-kot'>, 3))
    """
    if losers_tricks:
        return Outcome.WON, POINTS[Outcome.WON]
    outcome = Outcome.KOT if winner == ruler_team else Outcome.RULER_KOT
    return outcome, POINTS[outcome]


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: the winning team (0 = A, 1 = B), the losing team's tricks when the
    winners took their seventh, and whether the winners went on to take all 13 (a bam)."""

    winner: int
    losers_tricks: int
    bam: bool = False

    FIELDS = ("winner", "losers_tricks", "bam")

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form: the team by its letter.

        >>> Hand(1, 4).to_dict()
        {'winner': 'B', 'losers_tricks': 4, 'bam': False}
        """
        winner: JsonValue = TEAM_NAMES[self.winner] if self.winner in (0, 1) else self.winner
        return {"winner": winner, "losers_tricks": self.losers_tricks, "bam": self.bam}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Hand:
        """Read a hand's file form; :class:`HandError` quotes a missing, unknown or ill-typed field."""
        check_fields(data, "hokm", cls.FIELDS)
        return cls(read_team(data, "winner"), read_int(data, "losers_tricks"), read_bool(data, "bam"))


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the Hokm sheet: the hand, who ruled and dealt, who won it how, and the score after it."""

    hand: int
    round: int
    dealer: int
    ruler: int
    winner: int
    losers_tricks: int
    kind: Outcome
    points: int
    bam: bool
    totals: tuple[int, ...]  # the round's hand points after this hand (0, 0 once the round is won)
    rounds: tuple[int, ...]  # rounds won by each team after this hand
    line_after: bool  # the hand ended a round (or the match): docs/table-games.md, T13


@dataclass(frozen=True, slots=True)
class Score(TeamScore[Hand]):
    """A game of Hokm between hands: the ruler, the round's points, the rounds won, the sheet, and the team that
    won the match. Hokm has no bidding: the ruler names trump."""

    table: Table
    ruler: int
    totals: tuple[int, ...] = (0, 0)
    rounds_won: tuple[int, ...] = (0, 0)
    rows: tuple[Row, ...] = ()
    winning_team: int | None = None

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat drew the highest card and rules first."""
        HOKM.check_table(table)
        return cls(table, ruler=table.first)

    @property
    def rounds_to_win(self) -> int:
        """The rounds a team needs to win the match (house rule, docs/table-games.md §1.4)."""
        return int(self.table.option(ROUNDS))

    @property
    def dealer(self) -> int:
        """The ruler's right deals (docs/table-games.md §1.3, T3)."""
        return right_of(self.ruler, self.table.count)

    @property
    def round_number(self) -> int:
        """The round the next hand belongs to, from 1."""
        return sum(self.rounds_won) + 1

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §1.6)."""
        found: list[Problem] = []
        if hand.winner not in (0, 1):
            found.append(Problem.of("no-such-team", team=quote(hand.winner)))
        if not 0 <= hand.losers_tricks < TRICKS_TO_WIN:
            found.append(Problem.of("hokm-tricks", tricks=hand.losers_tricks))
        elif hand.bam and hand.losers_tricks:
            found.append(Problem.of("hokm-bam-needs-seven-nil", tricks=hand.losers_tricks))
        return tuple(found)

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: its points, the ruler passing on a loss, a round or the match won."""
        ruler_team = team_of(self.ruler)
        kind, points = hand_points(hand.winner, hand.losers_tricks, ruler_team)
        totals = tuple(total + (points if team == hand.winner else 0) for team, total in enumerate(self.totals))
        rounds = self.rounds_won
        round_won = totals[hand.winner] >= POINTS_TO_WIN_ROUND
        if round_won:  # an overshoot (a kot at 6) just wins the round; the next starts at 0 (§1.4, T5)
            rounds = tuple(won + (1 if team == hand.winner else 0) for team, won in enumerate(rounds))
            totals = (0, 0)
        winning_team = None
        if hand.bam or rounds[hand.winner] >= self.rounds_to_win:  # a bam ends the whole match (§1.5, T4)
            winning_team = hand.winner
        row = Row(hand=self.hand_number, round=self.round_number, dealer=self.dealer, ruler=self.ruler,
                  winner=hand.winner, losers_tricks=hand.losers_tricks, kind=kind, points=points, bam=hand.bam,
                  totals=totals, rounds=rounds, line_after=round_won or winning_team is not None)
        # The ruler stays while the ruler's team wins, else passes to the old ruler's right, who is on the
        # winning team; no new draw at a round's start (docs/table-games.md §1.3, T2).
        ruler = self.ruler if hand.winner == ruler_team else right_of(self.ruler, self.table.count)
        return replace(self, ruler=ruler, totals=totals, rounds_won=rounds, rows=(*self.rows, row),
                       winning_team=winning_team)


def read_hand(data: Mapping[str, object]) -> Hand:
    """A Hokm hand from its file form (:class:`~referee.games.persian.rules.base.HandError` when it is bad)."""
    return Hand.from_dict(data)


HOKM: GameRules[Hand, Score] = GameRules(
    id="hokm", players=(4,), teams=True, options=(ROUNDS,), section="docs/table-games.md §1",
    read_hand=read_hand, start=Score.start,
)
GAMES = (HOKM,)
