"""``shanghai-called``: a player called "Shanghai!" on a discard that could be laid off (docs/rules.md §9.1, D39):
for the record; it changes no score (:mod:`referee.games.rummy.ledger.state.calls` counts the calls)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import PlayerAction, Words
from referee.games.rummy.ledger.state.calls import call_problems
from referee.games.rummy.ledger.state.checks import action_problems, announced
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.steps import State, bump, with_record
from referee.rules.problems import Problem
from referee.rules.wording import N_

__all__ = ["ShanghaiCalled"]


@dataclass(frozen=True, kw_only=True)
class ShanghaiCalled(PlayerAction):
    """A player called "Shanghai!" on a discard that could be laid off (docs/rules.md §9.1, D39): for the record."""

    type: ClassVar[str] = "shanghai-called"

    @property
    def words(self) -> Words:
        """"Deal 3: Ana called Shanghai"."""
        return Words(N_("Deal %(num)d: %(player)s called Shanghai"), {"num": self.deal, "player": self.player})

    def problems(self, state: GameFacts) -> list[Problem]:
        """Not the deal under way, a player who is not playing, the contract not announced, or a call the game does
        not take (:func:`referee.games.rummy.ledger.state.calls.call_problems`)."""
        found = action_problems(state, self)
        if found:
            return found
        return announced(state) + call_problems(state.variant, state.current, state.seating.seat_of(self.player),
                                                self.player)

    def step(self, state: State) -> State:
        """One more call for the player in the deal under way."""
        record = state.current
        calls = bump(record.shanghai_calls, state.names.index(self.player), len(state.names))
        return with_record(state, dataclasses.replace(record, shanghai_calls=calls), self.override)
