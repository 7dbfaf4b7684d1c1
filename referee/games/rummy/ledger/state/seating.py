"""Who sits where: turn order, who deals, cuts and plays first, who is still playing (a read-model of the state).

The deal goes round the players still playing: each deal's dealer is the next one after the last dealer, the
cutter the dealer's other neighbour, the first player the one after the dealer (or the dealer, where the
dealer opens).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from referee.games.rummy.ledger.state.records import DealRecord, rules_number
from referee.rules.problems import RulesError
from referee.rules.variants import FirstPlayer, Variant

__all__ = ["Seating", "SeatedView"]


@dataclass(frozen=True)
class Seating:
    """The seats at one point of the log: names in turn order, the first dealer and each deal's absentees."""

    variant: Variant
    names: tuple[str, ...]
    first_dealer_seat: int
    records: tuple[DealRecord, ...]

    @property
    def players(self) -> tuple[str, ...]:
        """Names in turn order."""
        return self.names

    @property
    def deal_number(self) -> int:
        """The current deal, 1-based (the last deal once the game is finished)."""
        return self.records[-1].number

    def seat_of(self, name: str) -> int:
        """The seat (0-based turn order) of a player; RulesError (a ValueError) for an unknown name."""
        try:
            return self.names.index(name)
        except ValueError:
            raise RulesError(f"{name!r} is not playing in this game") from None

    def _away_in(self, number: int) -> tuple[int, ...]:
        """Seats sitting deal ``number`` out (a deal not reached yet: as the deal under way)."""
        record = self.records[number - 1] if 1 <= number <= len(self.records) else self.records[-1]
        return record.away

    def _next_seat(self, seat: int, away: tuple[int, ...], step: int = 1) -> int:
        """The next seat from ``seat`` (``step`` -1: the previous one) whose player is still playing."""
        n = len(self.names)
        for k in range(1, n + 1):
            candidate = (seat + step * k) % n
            if candidate not in away:
                return candidate
        return (seat + step) % n

    def dealer_seat(self, number: int) -> int:
        """The seat of deal ``number``'s dealer: the next player still playing after the last dealer."""
        seat = self.first_dealer_seat
        for later in range(2, number + 1):
            seat = self._next_seat(seat, self._away_in(later))
        return seat

    def cutter_seat(self, number: int) -> int:
        """The seat of deal ``number``'s cutter: the player still playing before the dealer."""
        return self._next_seat(self.dealer_seat(number), self._away_in(number), step=-1)

    def dealer_of(self, number: int) -> str:
        """The dealer of deal ``number``: the next player after the previous dealer."""
        return self.names[self.dealer_seat(number)]

    def cutter_of(self, number: int) -> str:
        """The cutter of deal ``number``: the player before the dealer in turn order."""
        return self.names[self.cutter_seat(number)]

    @property
    def dealer(self) -> str:
        """Who deals the current deal."""
        return self.dealer_of(self.deal_number)

    @property
    def cutter(self) -> str:
        """Who cuts the current deal (the dealer's other neighbour)."""
        return self.cutter_of(self.deal_number)

    @property
    def first_player(self) -> str:
        """Who plays first: the player after the dealer, or the dealer where the dealer opens."""
        seat = self.dealer_seat(self.deal_number)
        if self.variant.first_player is FirstPlayer.DEALER:
            return self.names[seat]
        return self.names[self._next_seat(seat, self.records[-1].away)]

    @property
    def playing(self) -> tuple[str, ...]:
        """Players taking part in the deal under way, in turn order (everyone but those who left)."""
        away = self.records[-1].away
        return tuple(name for seat, name in enumerate(self.names) if seat not in away)

    @property
    def left(self) -> dict[str, int]:
        """Players who left the game, with the last deal they played."""
        out: dict[str, int] = {}
        for seat in self.records[-1].away:
            first_away = next(r.number for r in self.records if seat in r.away)
            out[self.names[seat]] = first_away - 1
        return out

    def buy_priority(self, discarder: str, claimants: Iterable[str]) -> list[str]:
        """Claimants of one discard, the one whose turn comes first after the discarder first."""
        start_seat = self.seat_of(discarder)
        n = len(self.names)
        seats = {self.seat_of(c) for c in claimants} - {start_seat}
        return [self.names[s] for s in sorted(seats, key=lambda s: (s - start_seat) % n)]


@dataclass(frozen=True)
class SeatedView:
    """Base of a read-model that reads the deals' records seat by seat (the chips and buys, the Shanghai calls)."""

    variant: Variant
    seating: Seating
    records: tuple[DealRecord, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The players' names in turn order."""
        return self.seating.names

    @property
    def rules_deal(self) -> int:
        """The variant's deal whose rules the deal under way follows (dealer's choice: the announced one)."""
        return rules_number(self.records[-1])
