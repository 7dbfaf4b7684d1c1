"""``player-renamed``: a player's name changed (a typo, a nickname); the seat and everything recorded stay."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import Event, Words
from referee.games.rummy.ledger.state.checks import unknown
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State
from referee.ledger.names import name_problems
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["PlayerRenamed"]


@dataclass(frozen=True, kw_only=True)
class PlayerRenamed(Event):
    """A player's name changed (a typo, a nickname); the seat stays."""

    type: ClassVar[str] = "player-renamed"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = "in no deal entry: the file writes the names as they are now"
    old: str
    new: str

    @property
    def words(self) -> Words:
        """"Ana renamed Anita"."""
        return Words(N_("%(old)s renamed %(new)s"), {"old": self.old, "new": self.new})

    def problems(self, state: GameFacts) -> list[Problem]:
        """No player called ``old``, or a new name that is not clean or looks like another player's."""
        if self.old not in state.names:
            return [unknown(state, self.old)]
        seat = state.names.index(self.old)
        after = (*state.names[:seat], self.new.strip(), *state.names[seat + 1 :])
        return name_problems(after, changed=seat)

    def step(self, state: State) -> State:
        """The same seat under the new name."""
        names = state.names
        seat = names.index(self.old)
        return dataclasses.replace(state, names=(*names[:seat], self.new.strip(), *names[seat + 1 :]))
