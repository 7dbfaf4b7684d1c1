"""``game-ended``: the scorekeeper ends the game — a tally game's session is over (its leaders win), or the table
stops another game before a winner (nobody wins). No hand can be entered after it (undo it to go on)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from typing_extensions import override

from referee.games.persian.ledger.events.base import Event, text
from referee.games.persian.ledger.events.filing import TEXT_SCHEMA, FileKey, FilePart, FoldAt, is_text
from referee.games.persian.ledger.state import Facts, TableState
from referee.games.persian.ledger.wording import LedgerProblem, Words
from referee.games.persian.rules.base import GameRules, JsonValue, Problem

__all__ = ["GameEnded", "EndedPart"]


class EndedPart(FilePart):
    """``ended``: the reason the scorekeeper ended the game, maybe empty (written when they did)."""

    keys = (
        FileKey("ended", place=70, kind=is_text, form="file-field-text",
                schema={**TEXT_SCHEMA,
                        "description": "the scorekeeper ended the game, for this reason (may be empty)"}),
    )

    @override
    def write(self, state: TableState) -> dict[str, JsonValue]:
        """The reason, when the scorekeeper ended the game."""
        return {} if state.ended is None else {"ended": state.ended}

    @override
    def read(self, game: Mapping[str, Any], rules: GameRules[Any, Any]) -> list[tuple[FoldAt, Event]]:
        """The end, after every hand."""
        return [(FoldAt.closing(), GameEnded(reason=game["ended"]))] if "ended" in game else []


@dataclass(frozen=True, kw_only=True)
class GameEnded(Event):
    """The game ends here; ``reason`` is what the scorekeeper said ("" for nothing)."""

    type: ClassVar[str] = "game-ended"
    file_part: ClassVar[FilePart] = EndedPart()
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
