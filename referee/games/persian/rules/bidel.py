"""Bi-del (بی دل, Hearts): the penalties, shooting the moon, the pass direction, the limit and the places
(docs/table-games.md §4).

The scorekeeper enters, for each hand, the hearts each player took (adding up to 13) and who took Q♠. A heart
costs 1 and Q♠ 13, 26 a hand; a player who took all 26 has shot the moon: 0 to them, 26 to every other player.
The game ends when someone reaches the limit; that player has lost, and the lowest total wins.

>>> hand_penalties((2, 0, 11, 0), queen=1)
((2, 13, 11, 0), None)
>>> hand_penalties((0, 0, 13), queen=2)  # a moon at a table of three
((26, 26, 0), 2)
>>> table = Table("bi-del", ("Amir", "Hamid", "Amin", "Mohammad"))
>>> score = Score.start(table)
>>> score.passing
<Passing.RIGHT: 'right'>
>>> score = score.play(Hand(hearts=(9, 1, 0, 3), queen=0))  # the source's example: 22, 1, 0, 3
>>> score.totals, score.passing
((22, 1, 0, 3), <Passing.LEFT: 'left'>)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Self

from referee.games.persian.rules.base import (
    BaseScore,
    GameRules,
    HandError,
    JsonValue,
    Option,
    Problem,
    Table,
    check_fields,
    quote,
    read_int,
)
from referee.games.persian.rules.cards import Card, Rank, Suit, full_deck

__all__ = ["Passing", "Hand", "Row", "Score", "LIMIT", "GAMES", "PASSES", "hand_penalties", "passing",
           "pass_to", "deck", "places", "reminders", "QUEEN_OF_SPADES", "TWO_OF_CLUBS", "TWO_OF_DIAMONDS"]

#: A hand's hearts, and what a heart and Q♠ cost (docs/table-games.md §4.3).
HEARTS = 13
HEART_PENALTY = 1
QUEEN_PENALTY = 13
ALL_PENALTIES = HEARTS * HEART_PENALTY + QUEEN_PENALTY
QUEEN_OF_SPADES = Card(Rank.QUEEN, Suit.SPADES)
TWO_OF_CLUBS = Card(Rank.TWO, Suit.CLUBS)
TWO_OF_DIAMONDS = Card(Rank.TWO, Suit.DIAMONDS)
#: The limit that ends the game (house rule, docs/table-games.md §4.5, T21).
LIMIT = Option("limit", (100, 200, 300, 500), 300)


class Passing(StrEnum):
    """Where each player passes three cards before a hand (docs/table-games.md §4.2)."""

    RIGHT = "right"
    LEFT = "left"
    ACROSS = "across"
    NONE = "none"


#: The passes' cycle by the number of players, from the first hand; it starts again after its last.
PASSES: dict[int, tuple[Passing, ...]] = {
    4: (Passing.RIGHT, Passing.LEFT, Passing.ACROSS, Passing.NONE),
    3: (Passing.RIGHT, Passing.LEFT, Passing.NONE),
}
#: How many seats along (to the right) each pass goes.
_STEPS = {Passing.RIGHT: 1, Passing.LEFT: -1, Passing.ACROSS: 2}
#: The cards taken out of the pack by the number of players: with three, the 2♦ (docs/table-games.md §4.1, T20).
REMOVED: dict[int, tuple[Card, ...]] = {4: (), 3: (TWO_OF_DIAMONDS,)}


def passing(hand_number: int, players: int) -> Passing:
    """Which way hand ``hand_number`` (from 1) passes at a table of ``players`` (docs/table-games.md §4.2, T25).

    >>> [passing(n, 4).value for n in range(1, 6)], [passing(n, 3).value for n in range(1, 5)]
    (['right', 'left', 'across', 'none', 'right'], ['right', 'left', 'none', 'right'])
    """
    cycle = PASSES[players]
    return cycle[(hand_number - 1) % len(cycle)]


def pass_to(seat: int, direction: Passing, players: int) -> int | None:
    """The seat ``seat`` passes its three cards to (the next seat is on the right), or None in a hand without
    passing.

    >>> pass_to(0, Passing.RIGHT, 4), pass_to(0, Passing.LEFT, 4), pass_to(1, Passing.ACROSS, 4)
    (1, 3, 3)
    """
    if direction is Passing.NONE:
        return None
    return (seat + _STEPS[direction]) % players


def deck(players: int) -> tuple[Card, ...]:
    """The pack a table of ``players`` plays with: 52 cards for four, 51 for three (no 2♦).

    >>> len(deck(4)), len(deck(3)), TWO_OF_DIAMONDS in deck(3)
    (52, 51, False)
    """
    return tuple(card for card in full_deck() if card not in REMOVED[players])


def reminders(players: int) -> tuple[str, ...]:
    """The codes of the reminders the screen shows before a hand (their sentences are in ``MESSAGES``); the
    referee does not check play (docs/table-games.md §4.2, T24)."""
    own = ("bidel-reminder-three-players",) if REMOVED[players] else ()
    return (*own, "bidel-reminder-lead", "bidel-reminder-first-trick", "bidel-reminder-hearts-broken")


def hand_penalties(hearts: tuple[int, ...], queen: int) -> tuple[tuple[int, ...], int | None]:
    """Each player's penalty for a hand, and the seat that shot the moon (None when nobody did): 1 a heart and
    13 for Q♠; a player with all 13 hearts and Q♠ scores 0 and every other player 26 (docs/table-games.md §4.4,
    T23).

    >>> hand_penalties((4, 4, 4, 1), queen=3)
    ((4, 4, 4, 14), None)
    >>> hand_penalties((0, 13, 0, 0), queen=1)
    ((26, 0, 26, 26), 1)
    """
    penalties = tuple(HEART_PENALTY * taken + (QUEEN_PENALTY if seat == queen else 0)
                      for seat, taken in enumerate(hearts))
    moon = next((seat for seat, penalty in enumerate(penalties) if penalty == ALL_PENALTIES), None)
    if moon is None:
        return penalties, None
    return tuple(0 if seat == moon else ALL_PENALTIES for seat in range(len(hearts))), moon


def places(totals: tuple[int, ...]) -> tuple[int, ...]:
    """Each player's place, the lowest total first; equal totals share a place and the next place is skipped.

    >>> places((40, 12, 40, 7))
    (3, 2, 3, 1)
    """
    return tuple(1 + sum(other < total for other in totals) for total in totals)


def _read_queen(data: Mapping[str, object]) -> int:
    """Q♠'s taker from the file form: one seat; a list of several is refused in the table's words."""
    value = data.get("queen")
    if isinstance(value, list) and len(value) != 1:
        raise HandError.of("bidel-queen-count", count=len(value))
    if isinstance(value, list):
        return read_int({"queen": value[0]}, "queen")
    return read_int(data, "queen")


def _read_hearts(data: Mapping[str, object]) -> tuple[int, ...]:
    if "hearts" not in data:
        raise HandError.of("field-missing", field="hearts")
    value = data["hearts"]
    if not isinstance(value, list) or any(isinstance(v, bool) or not isinstance(v, int) for v in value):
        raise HandError.of("field-list", field="hearts", value=quote(value))
    return tuple(value)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: the hearts each player took, in seat order, and the seat that took
    Q♠."""

    hearts: tuple[int, ...]
    queen: int

    FIELDS = ("hearts", "queen")

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form.

        >>> Hand((9, 1, 0, 3), 0).to_dict()
        {'hearts': [9, 1, 0, 3], 'queen': 0}
        """
        return {"hearts": list(self.hearts), "queen": self.queen}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Hand:
        """Read a hand's file form; :class:`HandError` quotes a missing, unknown or ill-typed field."""
        check_fields(data, "bi-del", cls.FIELDS)
        return cls(_read_hearts(data), _read_queen(data))


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the Bi-del sheet: the hand, its dealer and pass, what was taken, the penalties and totals."""

    hand: int
    dealer: int
    passing: Passing
    hearts: tuple[int, ...]
    queen: int
    penalties: tuple[int, ...]
    moon: int | None  # the seat that shot the moon, if one did
    totals: tuple[int, ...]
    line_after: bool  # the hand ended the game


@dataclass(frozen=True, slots=True)
class Score(BaseScore[Hand]):
    """A game of Bi-del between hands: the totals, the next pass, the sheet, the end. Bi-del has no ruler and no
    bidding (the 2♣ leads); anyone may deal, so the sheet only suggests the deal going to the right from the
    table's ``first`` seat (docs/table-games.md §4.2, T22)."""

    table: Table
    totals: tuple[int, ...]
    rows: tuple[Row, ...] = ()

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat deals it."""
        BIDEL.check_table(table)
        return cls(table, totals=(0,) * table.count)

    @property
    def limit(self) -> int:
        """The total that ends the game: whoever reaches it has lost (house rule, docs/table-games.md §4.5)."""
        return int(self.table.option(LIMIT))

    @property
    def passing(self) -> Passing:
        """Which way the next hand passes."""
        return passing(self.hand_number, self.table.count)

    def pass_to(self, seat: int) -> int | None:
        """The seat ``seat`` passes to in the next hand (None when nobody passes)."""
        return pass_to(seat, self.passing, self.table.count)

    @property
    def deck(self) -> tuple[Card, ...]:
        """The pack this table plays with."""
        return deck(self.table.count)

    @property
    def reminders(self) -> tuple[str, ...]:
        """The codes of the reminders the screen shows before each hand."""
        return reminders(self.table.count)

    @property
    def losers(self) -> tuple[int, ...]:
        """The seats that have reached the limit: they have lost."""
        return tuple(seat for seat, total in enumerate(self.totals) if total >= self.limit)

    @property
    def is_over(self) -> bool:
        """Whether someone has reached the limit."""
        return bool(self.losers)

    @property
    def places(self) -> tuple[int, ...]:
        """Each seat's place, the lowest total first; ties share a place (docs/table-games.md §4.5)."""
        return places(self.totals)

    @property
    def winners(self) -> tuple[int, ...]:
        """Once the game is over, the seats with the lowest total (all of them when several share it)."""
        if not self.is_over:
            return ()
        return tuple(seat for seat, place in enumerate(self.places) if place == 1)

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §4.6)."""
        count = self.table.count
        found: list[Problem] = []
        if len(hand.hearts) != count:
            found.append(Problem.of("field-length", field="hearts", count=count, value=quote(list(hand.hearts))))
        else:
            out_of_range = [Problem.of("bidel-hearts-range", name=self.table.players[seat], hearts=taken)
                            for seat, taken in enumerate(hand.hearts) if not 0 <= taken <= HEARTS]
            found += out_of_range
            if not out_of_range and sum(hand.hearts) != HEARTS:
                found.append(Problem.of("bidel-hearts-total", total=sum(hand.hearts)))
        if not 0 <= hand.queen < count:
            found.append(Problem.of("no-such-player", seat=hand.queen + 1, count=count))
        return tuple(found)

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: the penalties (a moon recognised), the totals, the end."""
        penalties, moon = hand_penalties(hand.hearts, hand.queen)
        totals = tuple(total + penalty for total, penalty in zip(self.totals, penalties, strict=True))
        row = Row(hand=self.hand_number, dealer=self.dealer, passing=self.passing, hearts=hand.hearts,
                  queen=hand.queen, penalties=penalties, moon=moon, totals=totals,
                  line_after=max(totals) >= self.limit)
        return replace(self, totals=totals, rows=(*self.rows, row))


def read_hand(data: Mapping[str, object]) -> Hand:
    """A Bi-del hand from its file form (:class:`~referee.games.persian.rules.base.HandError` when it is bad)."""
    return Hand.from_dict(data)


BIDEL: GameRules[Hand, Score] = GameRules(
    id="bi-del", players=tuple(sorted(PASSES)), teams=False, options=(LIMIT,), section="docs/table-games.md §4",
    read_hand=read_hand, start=Score.start,
)
GAMES = (BIDEL,)
