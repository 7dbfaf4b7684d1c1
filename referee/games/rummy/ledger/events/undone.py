"""``undone``: cancels the event with sequence number ``seq``; undoing an undo redoes what it undid.

Undo and redo are events in the log like any other, so two phones see the same history. The check and the
effect are one refold of the log, the fold's own (:func:`referee.games.rummy.ledger.state.game.apply`): the entries
after the
one whose effect changes are folded again, and the undo is refused when one of them would no longer hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.games.rummy.ledger.events.base import Event

__all__ = ["Undone"]


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """Cancels the event with sequence number ``seq`` (undoing an Undone redoes)."""

    type: ClassVar[str] = "undone"
    #: Where a game file keeps it (docs/referee-game-1.schema.json).
    file_part: ClassVar[str] = "in no deal entry: the file writes what stands"
    seq: int

    @property
    def undoes(self) -> int:
        """The seq it cancels."""
        return self.seq
