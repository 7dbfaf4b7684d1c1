"""The fold: :func:`start`, :func:`apply`, :func:`check` and :func:`replay`, the only ways to make a
:class:`~referee.games.persian.ledger.state.TableState`.

The fold knows no event by name: it asks each event its problems, what it changes and its words (the
registry in :mod:`referee.games.persian.ledger.events` reads them back by type). An undo (an event whose
``undoes`` is set) is the one thing it treats apart, since it folds the log again
(:func:`referee.games.persian.ledger.refold.undo_outcome`).

Nothing here touches a database or the web. :func:`apply` returns a new state or raises
:class:`~referee.games.persian.ledger.state.EventRefused` with every reason and changes nothing.

>>> from referee.games.persian.ledger.events import GameCreated, HandPlayed
>>> state = start(GameCreated(variant="hokm", players=("Ana", "Bahram", "Cyrus", "Dara"), first="Ana"))
>>> state.ruler, state.dealer
('Ana', 'Bahram')
>>> state = apply(state, HandPlayed(hand_number=1, hand={"winner": "B", "losers_tricks": 0}))
>>> state.totals, state.ruler, state.seq
((0, 3), 'Bahram', 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime

from referee.games.persian.ledger.events.created import GameCreated
from referee.games.persian.ledger.refold import undo_outcome
from referee.games.persian.ledger.state import EventRefused, Facts, LogEntry, LoggedEvent, TableState, UndoMarks
from referee.games.persian.ledger.wording import LedgerProblem
from referee.games.persian.rules.base import Problem

__all__ = ["start", "apply", "check", "replay"]


def start(created: GameCreated, *, at: datetime | None = None) -> TableState:
    """A new game from its creation; :class:`EventRefused` with every reason it cannot start."""
    rules, table, problems = created.opening()
    if rules is None or table is None:
        raise EventRefused(problems, event=created)
    facts = Facts(table, rules.start(table))
    return TableState(rules, facts, (LogEntry(1, created, at, created.words()),), UndoMarks(), (facts,))


def check(state: TableState, event: LoggedEvent) -> tuple[Problem, ...]:
    """Every reason ``event`` is refused now (empty: it is allowed)."""
    return event.problems(state)


def apply(state: TableState, event: LoggedEvent, *, at: datetime | None = None) -> TableState:
    """The state after ``event``; :class:`EventRefused` (and nothing changed) when it is refused."""
    if event.undoes is not None:
        refusal, after = undo_outcome(state, event, at=at)
        if after is None:
            raise EventRefused(refusal, event=event)
        return after
    problems = event.problems(state)
    if problems:
        raise EventRefused(problems, event=event)
    seq = state.seq + 1
    facts = event.apply(state)
    entry = LogEntry(seq, event, at, event.words(state))
    return TableState(state.rules, facts, (*state.log, entry), state.marks.after_action(seq),
                      (*state.folds, facts))


def replay(events: Iterable[LoggedEvent], *, times: Sequence[datetime | None] | None = None) -> TableState:
    """The state after a whole log, whose first event is the game's creation; :class:`EventRefused` at the first
    event refused. ``times`` (optional) are the events' times, in the same order."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, GameCreated):
        raise EventRefused([LedgerProblem.of("not-created")], event=first)
    times = times or ()
    state = start(first, at=times[0] if times else None)
    for index, event in enumerate(iterator, start=1):
        state = apply(state, event, at=times[index] if index < len(times) else None)
    return state
