"""The fold: :class:`GameState` at one point of the log, and :func:`start`, :func:`apply`, :func:`check`,
:func:`replay`, the only ways to make one.

The state holds the facts (the players, the deal records, the log); what the screens read of it is in its
read-models: :attr:`GameState.seating` (who deals, cuts and plays first, who is still playing),
:attr:`GameState.chips` (chips and buys, what an exact cut earns), :attr:`GameState.calls` (Shanghai calls),
:attr:`GameState.sheet` (points, adjustments, totals, standings, money) and :attr:`GameState.history` (the
log as shown, what Undo and Redo take back). The state itself does not repeat their answers.

The fold knows no event by name: it asks each event its refusals and its step (:mod:`referee.games.rummy.ledger.events`,
one module a kind). An undo (an event whose ``undoes`` is set) is the one it treats apart, since it folds the log
again; and a log starts with its creation (:func:`replay`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from referee.games.rummy.ledger import events as ev
from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.history import cancelled
from referee.games.rummy.ledger.state.records import HARD_CODES, DealRecord, EventRefused, Fold, LogEntry
from referee.rules.catalogue import find_variant
from referee.rules.problems import Problem

__all__ = ["GameState", "start", "apply", "check", "replay"]


def _p(code: str, form: str = "", /, **params: object) -> Problem:
    return Problem.of(code, form, **params)


@dataclass(frozen=True)
class GameState(GameFacts):
    """Everything the table argues about, at one point of the log (its facts and read-models), and what the
    rules allow now. Treat it as immutable; :func:`start`, :func:`apply` and :func:`replay` make one."""

    def can_buy(self, player: str) -> tuple[Problem, ...]:
        """Every reason ``player`` may not buy now (empty: they may)."""
        return check(self, ev.Buy(deal=self.deal_number, player=player))


def _undo(state: GameState, event: ev.Event, seq: int, at: datetime | None) -> tuple[list[Problem], GameState | None]:
    """Why the rules refuse ``event``, an undo of event ``seq``, or the state after it: the check and the fold are
    one refold."""
    if not 1 <= seq <= len(state.log):
        return [_p("no-such-event", seq=seq)], None
    if seq == 1:
        return [_p("cannot-undo-creation")], None
    if seq in cancelled(state.log):
        return [_p("already-undone", seq=seq)], None
    try:
        return [], _refold(state, (*state.log, LogEntry(len(state.log) + 1, event, at, ())))
    except EventRefused as refused:
        return [_p("undo-breaks-later", seq=seq, reasons=tuple(refused.problems))], None


def _check(state: GameState, event: ev.Event) -> list[Problem]:
    """Every reason the rules refuse ``event``: an undo's are the refold's, every other event says its own."""
    if event.undoes is not None:
        return _undo(state, event, event.undoes, None)[0]
    return event.problems(state)


# --------------------------------------------------------------------------------------------------
# Applying events
# --------------------------------------------------------------------------------------------------


def _start_state(created: ev.GameCreated) -> tuple[GameState, list[Problem]]:
    """The game ``created`` starts, and every reason the rules refuse to start it."""
    variant = find_variant(created.variant).with_house_rules(created.house_rules)
    problems = created.opening_problems(variant)
    state = GameState(created=created, variant=variant, names=tuple(created.players),
                      first_dealer_seat=created.first_dealer_seat, records=(DealRecord(1),))
    return state, problems


def start(created: ev.GameCreated, *, at: datetime | None = None) -> GameState:
    """A new game; raises EventRefused (players), UnknownVariantError or HouseRuleError (bad input)."""
    state, problems = _start_state(created)
    forcible = not any(p.code in HARD_CODES for p in problems)
    if problems and (created.override is None or not forcible):
        raise EventRefused(problems, event=created)
    return dataclasses.replace(state, log=(LogEntry(1, created, at, tuple(problems)),), folds=(_fold(state),))


def check(state: GameState, event: ev.Event) -> tuple[Problem, ...]:
    """Every reason the rules refuse ``event`` now (empty: it is allowed)."""
    return tuple(_check(state, event))


def apply(state: GameState, event: ev.Event, *, at: datetime | None = None) -> GameState:
    """The state after ``event``; raises EventRefused (and changes nothing) when the rules refuse it.

    An event carrying ``override`` is applied despite forcible problems and kept as an override.
    """
    if event.undoes is not None:
        problems, undone = _undo(state, event, event.undoes, at)
        if undone is not None:
            return undone
    else:
        problems = _check(state, event)
    refused = EventRefused(problems, event=event) if problems else None
    if refused is not None and (event.override is None or not refused.forcible):
        raise refused
    entry = LogEntry(len(state.log) + 1, event, at, tuple(problems))
    if event.undoes is not None:
        return _refold(state, (*state.log, entry))
    new: GameState = event.step(state)
    folds = (*state.folds, _fold(new)) if len(state.folds) == len(state.log) else ()
    return dataclasses.replace(new, log=(*state.log, entry), folds=folds)


def _fold(state: GameState) -> Fold:
    return state.names, state.first_dealer_seat, state.records, state.abandoned


def _refold(state: GameState, log: tuple[LogEntry, ...]) -> GameState:
    """Fold the effective events of ``log`` (``state.log`` and one more entry); EventRefused if one of them no
    longer holds.

    Only from the first entry whose effect changes (an undo cancels an event; a redo, by cancelling an undo,
    brings one back): the entries before it leave the same fold as before, kept in ``state.folds``.
    """
    gone = cancelled(log)
    keep = 1  # entries whose fold is kept: at least the creation
    if len(state.folds) == len(state.log) and log[: len(state.log)] == state.log:
        changed = gone ^ cancelled(state.log)
        keep = max(1, min(changed, default=len(log)) - 1)
    if keep > 1 or len(state.folds) == len(state.log) >= 1:
        names, first_dealer_seat, records, abandoned = state.folds[keep - 1]
        folded = dataclasses.replace(state, names=names, first_dealer_seat=first_dealer_seat, records=records,
                                     abandoned=abandoned, log=(), folds=())
        folds = list(state.folds[:keep])
    else:
        folded, _ = _start_state(state.created)
        folds = [_fold(folded)]
        keep = 1
    for entry in log[keep:]:
        if entry.seq not in gone and entry.event.undoes is None:
            problems = _check(folded, entry.event)
            if problems:
                refused = EventRefused(problems, event=entry.event)
                if entry.event.override is None or not refused.forcible:
                    raise refused
            folded = entry.event.step(folded)
        folds.append(_fold(folded))
    return dataclasses.replace(folded, log=log, folds=tuple(folds))


def replay(events: Iterable[ev.Event], *, times: Sequence[datetime | None] | None = None) -> GameState:
    """The state after a whole log; the first event must be GameCreated."""
    iterator = iter(events)
    first = next(iterator, None)
    if not isinstance(first, ev.GameCreated):
        raise EventRefused([_p("not-created")], event=first)
    state = start(first, at=times[0] if times else None)
    for index, event in enumerate(iterator, start=1):
        state = apply(state, event, at=times[index] if times is not None and index < len(times) else None)
    return state
