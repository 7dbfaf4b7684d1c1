"""``player-renamed``: a player's name changes (a typo, a nickname); the seat, the team and the score stay."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, text
from referee.games.persian.ledger.names import name_problems
from referee.games.persian.ledger.state import EventRefused, Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import Problem

__all__ = ["PlayerRenamed"]


@dataclass(frozen=True, kw_only=True)
class PlayerRenamed(Event):
    """The player called ``old`` is called ``new`` from now on."""

    type: ClassVar[str] = "player-renamed"
    file_part: ClassVar[str] = "in no key: the file writes the players' names as they are now"
    old: str = text()
    new: str = text()

    def _names(self, state: TableState) -> tuple[str, ...]:
        seat = state.players.index(self.old)
        return (*state.players[:seat], self.new, *state.players[seat + 1:])

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """An unknown player, the same name, or a new name the table could not tell apart or the rules refuse."""
        if self.old not in state.players:
            return (LedgerProblem.of("unknown-player", name=self.old),)
        if self.new == self.old:
            return (LedgerProblem.of("same-name", name=self.old),)
        if not self.new.strip():
            return (Problem.of("player-unnamed"),)
        return tuple(name_problems(self._names(state), changed=state.players.index(self.old)))

    def apply(self, state: TableState) -> Facts:
        """The table with the new name; the hands scored again on it (the rules' sentences name the players)."""
        facts = state.facts
        table = dataclasses.replace(facts.table, players=self._names(state))
        after, problems = facts.rescored(state.rules.start(table), [(h.hand, h.corrected) for h in facts.hands])
        if after is None:
            raise EventRefused(problems, event=self)
        return dataclasses.replace(after, table=table)

    @override
    def words(self, state: TableState) -> Words:
        """"Ana is now called Anahita"."""
        return Words.of("log-player-renamed", old=self.old, new=self.new)
