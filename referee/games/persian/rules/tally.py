"""Shaytan (شیطان, Old Maid) and Bluff (بلف): tally games, one name a hand (docs/table-games.md §6).

Each hand has one loser (Shaytan: the player left holding the joker) or one winner (Bluff: the first to empty
their hand); the sheet counts them per player for as long as the table plays. There is no target: the game ends
when the scorekeeper ends it, and the fewest losses (Shaytan) or the most wins (Bluff) lead
(docs/table-games.md §6.3, T31, T32).

>>> table = Table("bluff", ("Ana", "Bahram", "Cyrus"))
>>> score = Score.start(table).play(Hand(1)).play(Hand(1)).play(Hand(0))
>>> score.totals, score.leaders, score.is_over
((1, 2, 0), (1,), False)
>>> score.end().winners
(1,)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Self

from referee.games.persian.rules.base import (
    BaseScore,
    GameRules,
    HandRefused,
    JsonValue,
    Problem,
    Table,
    check_fields,
    read_int,
)

__all__ = ["Tally", "TALLIES", "Hand", "Row", "Score", "GAMES", "PLAYERS", "leaders"]

#: The players a tally game seats: three or more, at most twelve (docs/table-games.md §6.1, T30).
PLAYERS = tuple(range(3, 13))


@dataclass(frozen=True, slots=True)
class Tally:
    """What a tally game counts: the name a hand records (``loser`` or ``winner``) and whether the fewest or
    the most of them lead."""

    id: str
    counts: str
    fewest_lead: bool


#: The tally games by id (docs/table-games.md §6.1).
TALLIES = {
    "shaytan": Tally("shaytan", counts="loser", fewest_lead=True),
    "bluff": Tally("bluff", counts="winner", fewest_lead=False),
}


def leaders(counts: tuple[int, ...], *, fewest_lead: bool) -> tuple[int, ...]:
    """The seats that lead: the fewest losses or the most wins, every seat that shares them.

    >>> leaders((2, 0, 0, 3), fewest_lead=True), leaders((2, 0, 0, 3), fewest_lead=False)
    ((1, 2), (3,))
    """
    best = min(counts) if fewest_lead else max(counts)
    return tuple(seat for seat, count in enumerate(counts) if count == best)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: the seat of its one loser (Shaytan) or one winner (Bluff)."""

    player: int

    FIELDS = ("player",)

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form.

        >>> Hand(2).to_dict()
        {'player': 2}
        """
        return {"player": self.player}

    @classmethod
    def from_dict(cls, data: Mapping[str, object], *, game: str = "shaytan") -> Hand:
        """Read a hand's file form of ``game``; :class:`~.base.HandError` quotes a missing, unknown or ill-typed
        field."""
        check_fields(data, game, cls.FIELDS)
        return cls(read_int(data, "player"))


@dataclass(frozen=True, slots=True)
class Row:
    """One line of a tally sheet: the hand, who dealt, whose name it records and the counts after it."""

    hand: int
    dealer: int
    player: int
    totals: tuple[int, ...]
    line_after: bool = False


@dataclass(frozen=True, slots=True)
class Score(BaseScore[Hand]):
    """A tally game between hands: the counts, the sheet, and whether the scorekeeper has ended it. A tally game
    has no ruler and no bidding; the source names no dealer, so the sheet suggests the deal going to the right
    from the table's ``first`` seat (docs/table-games.md §6.1, T33)."""

    table: Table
    totals: tuple[int, ...]
    rows: tuple[Row, ...] = ()
    ended: bool = False

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat deals it."""
        _rules(table.game).check_table(table)
        return cls(table, totals=(0,) * table.count)

    @property
    def tally(self) -> Tally:
        """What this game counts."""
        return TALLIES[self.table.game]

    @property
    def leaders(self) -> tuple[int, ...]:
        """The seats that lead now (none before the first hand)."""
        return leaders(self.totals, fewest_lead=self.tally.fewest_lead) if self.rows else ()

    @property
    def is_over(self) -> bool:
        """Only the scorekeeper ends a tally game: it has no target."""
        return self.ended

    @property
    def winners(self) -> tuple[int, ...]:
        """Once the game is ended, the seats that lead (none when it ended before any hand)."""
        return self.leaders if self.ended else ()

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §6.2)."""
        if not 0 <= hand.player < self.table.count:
            return (Problem.of("no-such-player", seat=hand.player + 1, count=self.table.count),)
        return ()

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: one more loss or win for its player."""
        totals = tuple(count + (seat == hand.player) for seat, count in enumerate(self.totals))
        row = Row(hand=self.hand_number, dealer=self.dealer, player=hand.player, totals=totals)
        return replace(self, totals=totals, rows=(*self.rows, row))

    def end_problems(self) -> tuple[Problem, ...]:
        """Why the game cannot be ended now: only when it already is."""
        return (Problem.of("game-over"),) if self.ended else ()

    def end(self) -> Self:
        """The game ended by the scorekeeper: no more hands; the leaders win (:class:`HandRefused` when it is
        already over)."""
        problems = self.end_problems()
        if problems:
            raise HandRefused(problems)
        rows = self.rows
        if rows:
            rows = (*rows[:-1], replace(rows[-1], line_after=True))
        return replace(self, ended=True, rows=rows)


def _game(tally: Tally) -> GameRules[Hand, Score]:
    def read_hand(data: Mapping[str, object]) -> Hand:
        """A hand of this tally game from its file form (:class:`~.base.HandError` when it is bad)."""
        return Hand.from_dict(data, game=tally.id)

    return GameRules(id=tally.id, players=PLAYERS, teams=False, options=(), section="docs/table-games.md §6",
                     read_hand=read_hand, start=Score.start)


GAMES = tuple(_game(tally) for tally in TALLIES.values())


def _rules(game_id: str) -> GameRules[Hand, Score]:
    """The tally game called ``game_id`` (a table of another game is refused as :meth:`GameRules.check_table`
    refuses it)."""
    return next((rules for rules in GAMES if rules.id == game_id), GAMES[0])

