"""The log as the screens show it: each event with whether it was an override, undone or corrected, and what
Undo and Redo take back now (a read-model of the state)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from referee.games.rummy.ledger.state.records import HistoryEntry, LogEntry

__all__ = ["History", "cancelled"]


def cancelled(log: Sequence[LogEntry]) -> set[int]:
    """Seqs cancelled by effective Undone events (an undone Undone cancels nothing)."""
    out: set[int] = set()
    for entry in reversed(log):
        if entry.seq in out:
            continue
        target = entry.event.undoes
        if target is not None:
            out.add(target)
    return out


@dataclass(frozen=True)
class History:
    """The log of one state, entry by entry."""

    log: tuple[LogEntry, ...]


    @cached_property
    def entries(self) -> tuple[HistoryEntry, ...]:
        """Every event of the log, with whether it was an override, undone, or restated by a correction."""
        undone = cancelled(self.log)
        corrected_at: dict[int, int] = {}  # deal -> seq of its last effective correction
        for entry in self.log:
            restated = entry.event.restates
            if restated is not None and entry.seq not in undone:
                corrected_at[restated] = entry.seq
        out = []
        for entry in self.log:
            deal = getattr(entry.event, "deal", None)
            corrected = deal is not None and corrected_at.get(deal, 0) > entry.seq
            override = entry.event.override if entry.problems else None
            out.append(
                HistoryEntry(entry.seq, entry.event, entry.time, entry.problems, override,
                             entry.seq in undone, corrected)
            )
        return tuple(out)

    @property
    def undo_target(self) -> HistoryEntry | None:
        """The action Undo takes back now: the latest action still in force (never an undo, never the creation).

        Undo walks back through the actions in order: after one is undone, the next Undo takes the one
        before it. Undoing an undo is Redo (:attr:`redo_target`), never Undo.
        """
        for entry in reversed(self.entries):
            if entry.seq > 1 and not entry.undone and entry.event.undoes is None:
                return entry
        return None

    @property
    def redo_target(self) -> HistoryEntry | None:
        """The undo Redo takes back now (an ``Undone`` in force), or None.

        Only undos made since the last new action can be redone, the latest first: recording a new action
        ends what can be redone, as on any undo/redo stack. Redo is recorded as an ``Undone`` of that undo.
        """
        actions = {e.seq: e for e in self.entries if e.event.undoes is None}
        last_action = max(actions)
        for entry in reversed(self.entries):
            if entry.seq < last_action:
                return None
            if entry.event.undoes in actions and not entry.undone:
                return entry
        return None
