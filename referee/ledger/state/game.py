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
from dataclasses import dataclass, field
from datetime import datetime
from functools import cached_property
from typing import Any

from referee.ledger import events as ev
from referee.ledger.names import name_problems
from referee.ledger.state.calls import ShanghaiCalls, call_problems
from referee.ledger.state.checks import (
    _absent,
    _announced,
    _buy_problems,
    _choice_problems,
    _contract_problems,
    _correction_problems,
    _cut_problems,
    _deal_problems,
    _hand_problems,
    _leave_problems,
    _no_chips,
    _rename_problems,
)
from referee.ledger.state.chips import ChipsAndBuys, CutEarnings, exact_cut_reward
from referee.ledger.state.history import History, cancelled
from referee.ledger.state.one_turn import bonus_problems, second_laydown_problems, went_out_problems
from referee.ledger.state.records import (
    HARD_CODES,
    DealRecord,
    EventRefused,
    _amount,
    _Fold,
    _LogEntry,
    _rules_number,
)
from referee.ledger.state.seating import Seating
from referee.ledger.state.sheet import Sheet
from referee.ledger.state.steps import _step
from referee.rules.catalogue import find_variant
from referee.rules.problems import Problem
from referee.rules.variants import Contract, Deal, Variant
from referee.rules.wording import Setting

__all__ = ["GameState", "start", "apply", "check", "replay"]


def _p(code: str, form: str = "", /, **params: object) -> Problem:
    return Problem.of(code, form, **params)


@dataclass(frozen=True)
class GameState:
    """Everything the table argues about, at one point of the log. Treat it as immutable."""

    created: ev.GameCreated
    variant: Variant
    names: tuple[str, ...]
    first_dealer_seat: int
    records: tuple[DealRecord, ...]
    abandoned: str | None = None
    log: tuple[_LogEntry, ...] = field(default=(), repr=False)
    #: The effective fold after each entry of ``log`` (``folds[i]`` after the entry of seq i + 1), so that an
    #: undo refolds only from the first entry whose effect it changes. Derived data: not compared.
    folds: tuple[_Fold, ...] = field(default=(), repr=False, compare=False)

    # ---- the read-models the screens use ---------------------------------------------------------

    @cached_property
    def seating(self) -> Seating:
        """Who sits where, deals, cuts and plays first, and who is still playing."""
        return Seating(self.variant, self.names, self.first_dealer_seat, self.records)

    @cached_property
    def chips(self) -> ChipsAndBuys:
        """Chips and buys: what each player has left, what is shown, whether anyone may buy now."""
        return ChipsAndBuys(self.variant, self.seating, self.records)

    @cached_property
    def calls(self) -> ShanghaiCalls:
        """Shanghai calls: who called in each deal, and whether the deal screen offers to record one."""
        return ShanghaiCalls(self.variant, self.seating, self.records)

    @cached_property
    def sheet(self) -> Sheet:
        """The score sheet: deals, adjustments, totals, standings and money."""
        return Sheet(self.variant, self.seating, self.chips, self.records, dict(self.created.settings),
                     self.finished)

    @cached_property
    def history(self) -> History:
        """The log as the screens show it (its entries), and what Undo and Redo take back now."""
        return History(self.log)

    # ---- players and the table -----------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        """Names in turn order."""
        return self.names

    @property
    def settings(self) -> dict[str, Any]:
        """The free-form settings of the game (stake amounts…)."""
        return dict(self.created.settings)

    # ---- the deal ----------------------------------------------------------------------------

    @property
    def current(self) -> DealRecord:
        """The record of the current deal (the last one when the game is finished)."""
        return self.records[-1]

    @property
    def deal_number(self) -> int:
        """The current deal, 1-based (the last deal once the game is finished)."""
        return self.current.number

    @property
    def deal(self) -> Deal:
        """The rules of the current deal (under dealer's choice: the announced one, once announced)."""
        return self._deal_of(self.current)

    def _deal_of(self, record: DealRecord) -> Deal:
        return self.variant.deal(_rules_number(record))

    @property
    def contracts(self) -> tuple[Contract, ...]:
        """The contract alternatives in force this deal (none while the dealer has not announced)."""
        if self.variant.dealer_chooses_contract and self.current.contract_index is None:
            return ()
        return self.deal.contracts

    @property
    def contract(self) -> Contract | None:
        """The one contract in force, or None (alternatives to choose from, or not announced yet)."""
        return self.contracts[0] if len(self.contracts) == 1 else None

    @property
    def available_contracts(self) -> tuple[tuple[int, Contract], ...]:
        """Dealer's choice: (index, contract) not played yet in this game; () otherwise."""
        if not self.variant.dealer_chooses_contract:
            return ()
        used = {r.contract_index for r in self.records if r.contract_index is not None and r is not self.current}
        return tuple((i, d.contracts[0]) for i, d in enumerate(self.variant.deals) if i not in used)

    @property
    def deals_played(self) -> int:
        """Deals ended so far."""
        return sum(1 for r in self.records if r.ended)

    @property
    def deals_left(self) -> int:
        """Deals not ended yet, the current one included."""
        return len(self.variant.deals) - self.deals_played

    @property
    def finished(self) -> bool:
        """Every deal has ended."""
        return self.deals_left == 0

    @property
    def over(self) -> bool:
        """Finished or abandoned: nothing more can be recorded (but undone or corrected)."""
        return self.finished or self.abandoned is not None

    @property
    def seq(self) -> int:
        """The sequence number of the last event (GameCreated is 1)."""
        return len(self.log)

    @property
    def events(self) -> tuple[ev.Event, ...]:
        """The whole log, undone events and Undone events included."""
        return tuple(e.event for e in self.log)

    # ---- the exact cut -------------------------------------------------------------------------

    def exact_cut_counts_for(self, jokers: int = 0) -> tuple[int, ...]:
        """Card counts that make an exact cut this deal when the cutter took ``jokers`` jokers."""
        return self.variant.exact_cut_counts(len(self.names), jokers_taken=jokers)

    @property
    def exact_cut_counts(self) -> tuple[int, ...]:
        """Card counts that make an exact cut this deal (less the jokers of a recorded exact cut)."""
        return self.exact_cut_counts_for(self.current.cutter_jokers if self.current.exact_cut else 0)

    @property
    def cut_this_deal(self) -> bool:
        """An exact cut is recorded for the current deal."""
        return self.current.exact_cut

    @property
    def exact_cut_earns(self) -> bool:
        """An exact cut earns something in this game (else it is not recorded, and the screens offer none)."""
        return exact_cut_reward(self.variant, deal=self.deal_number) is not None

    @property
    def exact_cut_earnings(self) -> CutEarnings | None:
        """What an exact cut in the current deal earns its cutter (Carrillo's erases the cutter's points of the deal
        before: nothing in deal 1, or after a deal they scored nothing in)."""
        before = next((d for d in self.sheet.deals if d.number == self.deal_number - 1), None)
        previous = before.points.get(self.seating.cutter, 0) if before is not None else 0
        return exact_cut_reward(self.variant, deal=self.deal_number, previous_points=previous)

    @property
    def may_record_cut(self) -> bool:
        """The deal screen offers the exact cut: it earns something and none is recorded this deal yet."""
        return self.exact_cut_earns and not self.cut_this_deal

    # ---- lay-downs -----------------------------------------------------------------------------

    @property
    def melded(self) -> tuple[str, ...]:
        """Players who laid down in the current deal, in turn order."""
        seats = set(self.current.melded)
        return tuple(name for seat, name in enumerate(self.names) if seat in seats)

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
        return [], _refold(state, (*state.log, _LogEntry(len(state.log) + 1, event, at, ())))
    except EventRefused as refused:
        return [_p("undo-breaks-later", seq=event.seq, reasons=tuple(refused.problems))], None


def _check(state: GameState, event: ev.Event) -> list[Problem]:
    if isinstance(event, ev.GameCreated):
        return [_p("already-created")]
    if isinstance(event, ev.Undone):
        return _undo_problems(state, event)
    if isinstance(event, ev.PlayerRenamed):
        return _rename_problems(state, event)
    if isinstance(event, ev.SeatsChanged):
        return _seat_problems(state, event)
    if isinstance(event, ev.PlayerLeft):
        return _leave_problems(state, event)
    if isinstance(event, ev.GameAbandoned):
        if state.abandoned is not None:
            return [_p("game-over", "abandoned-again")]
        if state.finished:
            return [_p("game-over", "abandon")]
        return []
    if isinstance(event, ev.DealCorrected):
        return _correction_problems(state, event)
    if isinstance(event, ev.ExactCut | ev.Buy | ev.ShanghaiCalled | ev.LaidDown | ev.DealEnded | ev.ContractChosen):
        problems = _deal_problems(state, event.deal)
        if problems:
            return problems
    record = state.current
    if isinstance(event, ev.Buy | ev.ShanghaiCalled | ev.LaidDown):
        absent = _absent(state, event.player, record)  # an unknown player, or one who left
        if absent is not None:
            return [absent]
    if isinstance(event, ev.ExactCut):
        if record.exact_cut:
            return [_p("exact-cut-twice", deal=record.number)]
        return _cut_problems(state, event.cutter_jokers, record.number)
    if isinstance(event, ev.ContractChosen):
        return _choice_problems(state, event.contract_index, record)
    if isinstance(event, ev.ShanghaiCalled):
        return _announced(state) + call_problems(state.variant, record, state.seating.seat_of(event.player),
                                                     event.player)
    if isinstance(event, ev.Buy):
        seat = state.names.index(event.player)
        problems = _announced(state) + _buy_problems(state, seat, record)
        left = state.chips.chips_left[event.player]
        if left is not None and left <= 0 and all(p.code != "no-buying" for p in problems):
            problems.append(_no_chips(state, seat))
        if seat in record.melded and not state.variant.buy.after_melding:
            problems.append(_p("buy-after-melding", player=event.player, variant=state.variant.named))
        return problems
    if isinstance(event, ev.LaidDown):
        seat = state.names.index(event.player)
        if seat in record.melded:
            return [_p("already-laid-down", player=event.player, deal=record.number)]
        problems = _announced(state) + second_laydown_problems(state, record, event.player)
        if event.melds and not problems:
            problems += _contract_problems(state, seat, event.melds)
        return problems
    if isinstance(event, ev.DealEnded):
        problems, _ = _hand_problems(state, event.went_out, event.hands)
        return (_announced(state) + problems + went_out_problems(state, record, event.went_out)
                + bonus_problems(state, event.went_out, event.out_in_one_turn))
    raise TypeError(f"not an event: {event!r}")


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
        if value is not None and (_amount(value) is None or float(value) < 0):
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
    return dataclasses.replace(state, log=(_LogEntry(1, created, at, tuple(problems)),), folds=(_fold(state),))


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
    entry = _LogEntry(len(state.log) + 1, event, at, tuple(problems))
    if isinstance(event, ev.Undone):
        return _refold(state, (*state.log, entry))
    new = _step(state, event)
    folds = (*state.folds, _fold(new)) if len(state.folds) == len(state.log) else ()
    return dataclasses.replace(new, log=(*state.log, entry), folds=folds)


def _fold(state: GameState) -> _Fold:
    return state.names, state.first_dealer_seat, state.records, state.abandoned


def _refold(state: GameState, log: tuple[_LogEntry, ...]) -> GameState:
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
            folded = _step(folded, entry.event)
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
