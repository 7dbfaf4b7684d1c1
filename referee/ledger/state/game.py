"""The fold: :class:`GameState` at one point of the log, and :func:`start`, :func:`apply`, :func:`check`,
:func:`replay`, the only ways to make one.

The state holds the facts (the players, the deal records, the log); what the screens read of it is in its
read-models: :attr:`GameState.seating` (who deals, cuts and plays first, who is still playing),
:attr:`GameState.chips` (chips and buys, what an exact cut earns), :attr:`GameState.calls` (Shanghai calls),
:attr:`GameState.sheet` (points, adjustments, totals, standings, money) and :attr:`GameState.history` (the
log as shown, what Undo and Redo take back). The state itself does not repeat their answers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from referee.ledger import events as ev
from referee.ledger.names import name_problems
from referee.ledger.state.checks import event_problems
from referee.ledger.state.facts import GameFacts
from referee.ledger.state.history import cancelled
from referee.ledger.state.records import HARD_CODES, DealRecord, EventRefused, Fold, LogEntry, amount
from referee.ledger.state.steps import step
from referee.rules.catalogue import find_variant
from referee.rules.problems import Problem
from referee.rules.wording import Setting

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


def _seat_problems(state: GameState, event: ev.SeatsChanged) -> list[Problem]:
    """Why the seats cannot change to ``event``'s: after deal 1, bad names, or deal 1's records in the way."""
    if state.over:
        return [_p("game-over", "seats")]
    if state.deals_played:
        return [_p("seats-after-play")]
    seated = dataclasses.replace(state.created, players=tuple(event.players), first_dealer=event.first_dealer)
    after, problems = _start_state(seated)
    if problems:
        return problems
    record = state.current
    for seat, name in enumerate(state.names):
        if name not in event.players and (record.buys_of(seat) or seat in record.melded):
            problems.append(_p("seat-has-actions", player=name))
        elif name not in event.players and record.calls_of(seat):
            problems.append(_p("seat-has-shanghai-call", player=name))
    recorded = record.exact_cut or record.contract_index is not None
    before, now = state.seating, after.seating
    if recorded and (now.dealer_of(1), now.cutter_of(1)) != (before.dealer_of(1), before.cutter_of(1)):
        problems.append(_p("seats-change-roles", dealer=before.dealer_of(1), cutter=before.cutter_of(1)))
    return problems


def _undo_problems(state: GameState, event: ev.Undone) -> list[Problem]:
    return _undo(state, event, None)[0]


def _undo(state: GameState, event: ev.Undone, at: datetime | None) -> tuple[list[Problem], GameState | None]:
    """Why the rules refuse this undo, or the state after it: the check and the fold are one refold."""
    if not 1 <= event.seq <= len(state.log):
        return [_p("no-such-event", seq=event.seq)], None
    if event.seq == 1:
        return [_p("cannot-undo-creation")], None
    if event.seq in cancelled(state.log):
        return [_p("already-undone", seq=event.seq)], None
    try:
        return [], _refold(state, (*state.log, LogEntry(len(state.log) + 1, event, at, ())))
    except EventRefused as refused:
        return [_p("undo-breaks-later", seq=event.seq, reasons=tuple(refused.problems))], None


def _check(state: GameState, event: ev.Event) -> list[Problem]:
    if isinstance(event, ev.Undone):
        return _undo_problems(state, event)
    if isinstance(event, ev.SeatsChanged):
        return _seat_problems(state, event)
    return event_problems(state, event)


# --------------------------------------------------------------------------------------------------
# Applying events
# --------------------------------------------------------------------------------------------------


def _start_state(created: ev.GameCreated) -> tuple[GameState, list[Problem]]:
    variant = find_variant(created.variant).with_house_rules(created.house_rules)
    problems: list[Problem] = []
    names = tuple(created.players)
    problems += name_problems(names)
    count = len(names)
    seated = variant.players_problem(count)
    if seated is not None:
        problems.append(seated)
    if created.first_dealer not in names:
        problems.append(_p("unknown-first-dealer", name=created.first_dealer))
    if count == 0:
        problems.append(_p("empty-name"))
    for key in ("small_stake", "large_stake"):
        value = created.settings.get(key)
        if value is not None and (amount(value) is None or float(value) < 0):
            problems.append(_p("bad-setting", key=Setting(key), value=repr(value)))
    seat = names.index(created.first_dealer) if created.first_dealer in names else 0
    state = GameState(created=created, variant=variant, names=names, first_dealer_seat=seat,
                      records=(DealRecord(1),))
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
    if isinstance(event, ev.Undone):
        problems, undone = _undo(state, event, at)
        if undone is not None:
            return undone
    else:
        problems = _check(state, event)
    refused = EventRefused(problems, event=event) if problems else None
    if refused is not None and (event.override is None or not refused.forcible):
        raise refused
    entry = LogEntry(len(state.log) + 1, event, at, tuple(problems))
    if isinstance(event, ev.Undone):
        return _refold(state, (*state.log, entry))
    new = step(state, event)
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
        if entry.seq not in gone and not isinstance(entry.event, ev.Undone):
            problems = _check(folded, entry.event)
            if problems:
                refused = EventRefused(problems, event=entry.event)
                if entry.event.override is None or not refused.forcible:
                    raise refused
            folded = step(folded, entry.event)
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
