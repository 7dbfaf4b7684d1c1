"""``redeal``: the hand being played is dealt again by the same dealer, and nothing is scored — a misdeal, or
whatever the table agrees calls for one.

Decision: every game allows it (a misdeal can happen at any table). A Shelem hand where all four pass is entered
as a hand (its bidding), and the game's house rule says who deals next; a redeal records the table's own call.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.persian.ledger.events.base import Event, whole_number
from referee.games.persian.ledger.events.hand_played import being_played_problems
from referee.games.persian.ledger.state import Facts, TableState
from referee.games.persian.ledger.wording import Words
from referee.games.persian.rules.base import Problem

__all__ = ["Redeal"]


@dataclass(frozen=True, kw_only=True)
class Redeal(Event):
    """Hand ``hand_number`` (the one being played) is dealt again; the dealer stays."""

    type: ClassVar[str] = "redeal"
    hand_number: int = whole_number()

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """The game over, or another hand being played (a stale form)."""
        return being_played_problems(state, self.hand_number)

    def apply(self, state: TableState) -> Facts:
        """One more redeal of this hand on the record; the score does not change."""
        return dataclasses.replace(state.facts, redeals=(*state.facts.redeals, self.hand_number))

    def words(self, state: TableState) -> Words:
        """"hand 4 dealt again by Dara, nothing scored"."""
        return Words.of("log-redeal", hand=self.hand_number, dealer=state.dealer)
