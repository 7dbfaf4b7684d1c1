"""Rim (ریم): the loser's unmatched cards, the dealer taking turns, the target, and the meld checker
(docs/table-games.md §5).

The scorekeeper enters, for each hand, who went out and the loser's unmatched cards; the winner scores them:
A 14, K 13, Q 12, J 10 (house rule: 11), 2–10 their face value. A hand in which the stock ran out scores
nothing. The first player to the target wins.

>>> unmatched_points("KH AD 5D JH")  # the source's example
42
>>> unmatched_points("KH AD 5D JH", jack=11)
43
>>> meld_kind("QH KH AH"), meld_problems("KH AH 2H")[0].code
(<MeldKind.RUN: 'run'>, 'rim-meld-corner')
>>> table = Table("rim", ("Amir", "Hamid"))
>>> score = Score.start(table).play(Hand(winner=1, cards=parse_cards("KH AD 5D JH")))
>>> score.totals, score.dealer
((0, 42), 1)
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
from referee.games.persian.rules.cards import (
    Card,
    CardsLike,
    Rank,
    format_cards,
    parse_cards,
    repeated,
    to_cards,
)

__all__ = ["MeldKind", "Hand", "Row", "Score", "TARGET", "JACK", "GAMES", "card_value", "unmatched_points",
           "meld_kind", "meld_problems", "is_meld", "HAND_SIZE"]

PLAYERS = 2
#: The cards each player holds between turns: the loser holds this many when the other goes out
#: (docs/table-games.md §5.1, T27).
HAND_SIZE = 10
#: What ends the game (house rule, docs/table-games.md §5.4, T28).
TARGET = Option("target", (50, 100, 150, 200), 100)
#: What a jack is worth: 10, or 11 by the house rule (docs/table-games.md §5.3); the queen is 12 (T26).
JACK = Option("jack", (10, 11), 10)
#: The value of each rank the jack's value aside (docs/table-games.md §5.3): the ace 14, a picture its rank.
_VALUES = {Rank.ACE: 14, Rank.QUEEN: 12, Rank.KING: 13}
#: The least cards of a meld (docs/table-games.md §5.2).
MELD_LEAST = 3


def card_value(card: Card, *, jack: int = 10) -> int:
    """What one unmatched card is worth to the winner.

    >>> [card_value(Card.parse(c)) for c in ("AS", "KS", "QS", "JS", "10S", "2S")]
    [14, 13, 12, 10, 10, 2]
    """
    if card.rank is Rank.JACK:
        return jack
    return _VALUES.get(card.rank, int(card.rank))


def unmatched_points(cards: CardsLike, *, jack: int = 10) -> int:
    """What the loser's unmatched cards are worth to the winner."""
    return sum(card_value(card, jack=jack) for card in to_cards(cards))


# ---- the meld checker (docs/table-games.md §5.2, T34) ----------------------------------------------------------


class MeldKind(StrEnum):
    """The two kinds of meld: a set of one rank, a run in one suit."""

    SET = "set"
    RUN = "run"


def _in_sequence(ranks: list[int]) -> bool:
    """Whether distinct ``ranks``, sorted, go up one at a time."""
    ranks = sorted(ranks)
    return all(b - a == 1 for a, b in zip(ranks, ranks[1:], strict=False))


def _round_the_corner(ranks: list[int]) -> bool:
    """Whether distinct ``ranks`` follow each other only when the king is followed by the ace (K-A-2)."""
    steps = len(Rank)
    return any({(start + step) % steps for step in range(len(ranks))} == {r % steps for r in ranks}
               for start in range(steps))


def _run_problem(cards: tuple[Card, ...]) -> Problem | None:
    """Why cards of one suit, all different, are no run: the ace is low (A-2-3) or high (Q-K-A), never both."""
    low = [int(card.rank) for card in cards]
    high = [14 if rank == Rank.ACE else rank for rank in low]
    if _in_sequence(low) or _in_sequence(high):
        return None
    code = "rim-meld-corner" if Rank.ACE in low and _round_the_corner(low) else "rim-meld-gap"
    return Problem.of(code, cards=format_cards(cards))


def meld_problems(cards: CardsLike) -> tuple[Problem, ...]:
    """Every reason ``cards`` are not a meld in Rim (empty when they are one), in any order the cards come.

    >>> [p.code for p in meld_problems("7H 7H")]
    ['rim-meld-short', 'card-twice']
    """
    cards = to_cards(cards)
    shown = format_cards(cards)
    found: list[Problem] = []
    if len(cards) < MELD_LEAST:
        found.append(Problem.of("rim-meld-short", cards=shown))
    found += [Problem.of("card-twice", card=str(card)) for card in repeated(cards)]
    if found:
        return tuple(found)
    if len({card.rank for card in cards}) == 1:
        return ()
    if len({card.suit for card in cards}) > 1:
        return (Problem.of("rim-meld-mixed", cards=shown),)
    problem = _run_problem(cards)
    return () if problem is None else (problem,)


def meld_kind(cards: CardsLike) -> MeldKind | None:
    """The kind of meld ``cards`` make, or None when they make none.

    >>> meld_kind("7S 7H 7D"), meld_kind("3D AD 2D"), meld_kind("7S 8H 9D")
    (<MeldKind.SET: 'set'>, <MeldKind.RUN: 'run'>, None)
    """
    cards = to_cards(cards)
    if meld_problems(cards):
        return None
    return MeldKind.SET if len({card.rank for card in cards}) == 1 else MeldKind.RUN


def is_meld(cards: CardsLike) -> bool:
    """Whether ``cards`` are a valid meld in Rim."""
    return not meld_problems(cards)


# ---- a hand and the score ---------------------------------------------------------------------------------------


def _read_winner(data: Mapping[str, object]) -> int | None:
    if "winner" not in data:
        raise HandError.of("field-missing", field="winner")
    return None if data["winner"] is None else read_int(data, "winner")


def _read_cards(data: Mapping[str, object]) -> tuple[Card, ...]:
    value = data.get("cards", "")
    if not isinstance(value, str):
        raise HandError.of("field-cards", field="cards", value=quote(value))
    return parse_cards(value)


@dataclass(frozen=True, slots=True)
class Hand:
    """One hand as the scorekeeper enters it: the seat that went out (None when the stock ran out first) and
    the loser's unmatched cards."""

    winner: int | None
    cards: tuple[Card, ...] = ()

    FIELDS = ("winner", "cards")

    @classmethod
    def of(cls, winner: int | None, cards: CardsLike = ()) -> Hand:
        """A hand with its cards as notation text or cards; :class:`~.cards.CardError` names any that is no
        card of the pack (a joker, a typo)."""
        return cls(winner, to_cards(cards))

    def to_dict(self) -> dict[str, JsonValue]:
        """The hand's file form, the cards in the notation.

        >>> Hand.of(0, "KH AD 5D JH").to_dict(), Hand(None).to_dict()
        ({'winner': 0, 'cards': 'KH AD 5D JH'}, {'winner': None, 'cards': ''})
        """
        return {"winner": self.winner, "cards": format_cards(self.cards)}

    @classmethod
    def from_dict(cls, data: Mapping[str, object]) -> Hand:
        """Read a hand's file form; :class:`HandError` quotes a missing, unknown or ill-typed field, and every
        token of ``cards`` that is no card."""
        check_fields(data, "rim", cls.FIELDS)
        return cls(_read_winner(data), _read_cards(data))


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the Rim sheet: the hand, its dealer, who went out, the loser's cards, the points, the totals."""

    hand: int
    dealer: int
    winner: int | None  # None: the stock ran out
    cards: tuple[Card, ...]
    points: int
    totals: tuple[int, ...]
    line_after: bool  # the hand ended the game


@dataclass(frozen=True, slots=True)
class Score(BaseScore[Hand]):
    """A game of Rim between hands: the totals, the dealer, the sheet, the end. Rim has no ruler and no bidding;
    the players deal in turn, from the table's ``first`` seat (docs/table-games.md §5.1, T29). The game is over
    once a player has reached the target."""

    table: Table
    totals: tuple[int, ...] = (0, 0)
    rows: tuple[Row, ...] = ()

    @classmethod
    def start(cls, table: Table) -> Self:
        """The game before its first hand; the table's ``first`` seat deals it."""
        RIM.check_table(table)
        return cls(table)

    @property
    def target(self) -> int:
        """The total that wins the game (house rule, docs/table-games.md §5.4)."""
        return int(self.table.option(TARGET))

    @property
    def jack(self) -> int:
        """What a jack is worth (house rule, docs/table-games.md §5.3)."""
        return int(self.table.option(JACK))

    @property
    def winners(self) -> tuple[int, ...]:
        """The seat that reached the target (only the hand's winner scores, so one at most)."""
        return tuple(seat for seat, total in enumerate(self.totals) if total >= self.target)

    def points(self, hand: Hand) -> int:
        """What ``hand`` scores for its winner: the loser's unmatched cards, nothing when the stock ran out."""
        return 0 if hand.winner is None else unmatched_points(hand.cards, jack=self.jack)

    def hand_problems(self, hand: Hand, /) -> tuple[Problem, ...]:
        """Every reason the rules refuse the hand (docs/table-games.md §5.5)."""
        found: list[Problem] = []
        if hand.winner is None:
            if hand.cards:
                found.append(Problem.of("rim-stock-out-cards"))
        elif not 0 <= hand.winner < PLAYERS:
            found.append(Problem.of("no-such-player", seat=hand.winner + 1, count=PLAYERS))
        if len(hand.cards) > HAND_SIZE:
            found.append(Problem.of("rim-too-many-cards", count=len(hand.cards)))
        found += [Problem.of("card-twice", card=str(card)) for card in repeated(hand.cards)]
        return tuple(found)

    def scored(self, hand: Hand, /) -> Self:
        """The score after ``hand``: the winner scores the loser's unmatched cards; the end at the target."""
        points = self.points(hand)
        totals = tuple(total + (points if seat == hand.winner else 0) for seat, total in enumerate(self.totals))
        row = Row(hand=self.hand_number, dealer=self.dealer, winner=hand.winner, cards=hand.cards, points=points,
                  totals=totals, line_after=max(totals) >= self.target)
        return replace(self, totals=totals, rows=(*self.rows, row))


def read_hand(data: Mapping[str, object]) -> Hand:
    """A Rim hand from its file form (:class:`~referee.games.persian.rules.base.HandError` when it is bad)."""
    return Hand.from_dict(data)


RIM: GameRules[Hand, Score] = GameRules(
    id="rim", players=(PLAYERS,), teams=False, options=(TARGET, JACK), section="docs/table-games.md §5",
    read_hand=read_hand, start=Score.start,
)
GAMES = (RIM,)
