"""An undo folds the log again: :func:`undo_outcome` is its check and its effect in one (the fold and the undo
event both ask it)."""

from __future__ import annotations

import dataclasses
from datetime import datetime

from referee.games.persian.ledger.state import Facts, LogEntry, LoggedEvent, TableState
from referee.games.persian.ledger.wording import LedgerProblem
from referee.games.persian.rules.base import Problem

__all__ = ["undo_outcome"]


def undo_outcome(state: TableState, event: LoggedEvent,
                 *, at: datetime | None = None) -> tuple[list[Problem], TableState | None]:
    """Why the undo ``event`` is refused, or the state after it: the check and the effect are one fold.

    The log is folded again from the first entry whose effect changes (an undo cancels an event; a redo, by
    cancelling an undo, brings one back); the facts before it are kept from ``state.folds``.
    """
    target = event.undoes
    assert target is not None
    if not 1 <= target <= state.seq:
        return [LedgerProblem.of("no-such-event", seq=target)], None
    if target == 1:
        return [LedgerProblem.of("cannot-undo-creation")], None
    if target in state.marks.cancelled:
        return [LedgerProblem.of("already-undone", seq=target)], None
    seq = state.seq + 1
    log = (*state.log, LogEntry(seq, event, at, event.words(state)))
    marks = state.marks.after_undo(log, seq)
    first = min(marks.cancelled ^ state.marks.cancelled)  # never the creation: it is never cancelled
    folds: list[Facts] = list(state.folds[: first - 1])
    facts = folds[-1]
    for entry in log[first - 1:]:
        if entry.seq not in marks.cancelled and entry.event.undoes is None:
            here = dataclasses.replace(state, facts=facts)  # events read the facts, never the log
            problems = entry.event.problems(here)
            if problems:
                return [LedgerProblem.of("undo-breaks-later", seq=target), *problems], None
            facts = entry.event.apply(here)
        folds.append(facts)
    return [], TableState(state.rules, facts, log, marks, tuple(folds))
