"""``game-abandoned``: the table stopped before the last deal; nothing more can be recorded (but undone or
corrected)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import Event, Words
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["GameAbandoned"]


@dataclass(frozen=True, kw_only=True)
class GameAbandoned(Event):
    """The table stopped before the last deal."""

    type: ClassVar[str] = "game-abandoned"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = "in no deal entry: the file's top level (abandoned)"
    reason: str = ""

    @property
    def words(self) -> Words:
        """"The game was ended early"."""
        return Words(N_("The game was ended early"))

    def problems(self, state: GameFacts) -> list[Problem]:
        """The game is over already: abandoned, or every deal ended."""
        if state.abandoned is not None:
            return [Problem.of("game-over", "abandoned-again")]
        if state.finished:
            return [Problem.of("game-over", "abandon")]
        return []

    def step(self, state: State) -> State:
        """The game abandoned, for ``reason``."""
        return dataclasses.replace(state, abandoned=self.reason)
