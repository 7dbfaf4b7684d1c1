"""``game-ended``: the scorekeeper ends the game — a tally game's session is over (its leaders win), or the table
stops another game before a winner (nobody wins). No hand can be entered after it (undo it to go on)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, text
from referee.games.persian.ledger.state import Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import Problem

__all__ = ["GameEnded"]


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    """The game ends here; ``reason`` is what the scorekeeper said ("" for nothing)."""

    type: ClassVar[str] = "game-ended"
    reason: str = text(default="")

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """Already ended, or already won."""
        if state.ended is not None:
            return (LedgerProblem.of("already-ended"),)
        if state.is_over:
            return (Problem.of("game-over"),)
        return ()

    def apply(self, state: TableState) -> Facts:
        """The game ended, with its reason; a tally game's leaders win it."""
        return state.facts.closed(self.reason)

    @override
    def words(self, state: TableState) -> Words:
        """"the game was ended: we are going home"."""
        if self.reason.strip():
            return Words.of("log-game-ended", reason=self.reason)
        return Words.of("log-game-ended-silent")
