"""``undone``: cancels the event with sequence number ``seq``; undoing an undo redoes what it undid.

Undo and redo are events in the log like any other, so two phones see the same history. The check and the
effect are one fold (:func:`referee.games.persian.ledger.refold.undo_outcome`): the entries after the one whose
effect changes are folded again, and the undo is refused when one of them would no longer hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.games.persian.ledger.events.base import Event, whole_number
from referee.games.persian.ledger.refold import undo_outcome
from referee.games.persian.ledger.state import EventRefused, Facts, TableState
from referee.games.persian.ledger.wording import Words
from referee.games.persian.rules.base import Problem

__all__ = ["Undone"]


@dataclass(frozen=True, kw_only=True)
class Undone(Event):
    """Cancels event ``seq`` (an undo of an undo is a redo)."""

    type: ClassVar[str] = "undone"
    file_part: ClassVar[str] = "in no key: the file writes what stands, without the events undone"
    seq: int = whole_number()

    @property
    def undoes(self) -> int:
        """The seq it cancels."""
        return self.seq

    def problems(self, state: TableState) -> tuple[Problem, ...]:
        """No such event, the creation, an event already undone, or later entries that would no longer hold."""
        return tuple(undo_outcome(state, self)[0])

    def apply(self, state: TableState) -> Facts:
        """The facts once the log is folded again without the event (the fold itself keeps the whole state)."""
        problems, after = undo_outcome(state, self)
        if after is None:
            raise EventRefused(problems, event=self)
        return after.facts

    def words(self, state: TableState) -> Words:
        """"event 5 undone", or "event 5 redone" for an undo of the undo of event 5."""
        target = state.log[self.seq - 1].event.undoes if 1 <= self.seq <= state.seq else None
        if target is not None:
            return Words.of("log-redone", seq=target)
        return Words.of("log-undone", seq=self.seq)
