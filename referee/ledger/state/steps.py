"""One event's effect on the state, once the rules allowed it (or the table did): the fold's step."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

from referee.ledger import events as ev
from referee.ledger.state.facts import GameFacts
from referee.ledger.state.records import DealRecord

__all__ = ["step", "corrected_record"]

#: The fold's own state type (a step returns the same type it was given).
State = TypeVar("State", bound=GameFacts)


def _reseat(state: State, event: ev.SeatsChanged) -> State:
    """The state with the new seats; deal 1's buys, calls and lay-downs stay with their players."""
    old = state.names
    new = tuple(event.players)
    moved = {seat: new.index(name) for seat, name in enumerate(old) if name in new}
    records = []
    for record in state.records:
        buys = [0] * len(new)
        calls = [0] * len(new)
        for seat, to in moved.items():
            buys[to] = record.buys_of(seat)
            calls[to] = record.calls_of(seat)
        laid = tuple((moved[seat], melds) for seat, melds in record.laid_down if seat in moved)
        records.append(dataclasses.replace(record, buys=tuple(buys), laid_down=laid,
                                           shanghai_calls=tuple(calls) if any(calls) else ()))
    return dataclasses.replace(state, names=new, first_dealer_seat=new.index(event.first_dealer),
                               records=tuple(records))


def step(state: State, event: ev.Event) -> State:
    """The state after an event already checked (or forced)."""
    names = state.names
    n = len(names)
    if isinstance(event, ev.PlayerRenamed):
        seat = names.index(event.old)
        return dataclasses.replace(state, names=(*names[:seat], event.new.strip(), *names[seat + 1 :]))
    if isinstance(event, ev.GameAbandoned):
        return dataclasses.replace(state, abandoned=event.reason)
    if isinstance(event, ev.SeatsChanged):
        return _reseat(state, event)
    records = list(state.records)
    if isinstance(event, ev.PlayerLeft):
        current = records[-1]
        records[-1] = dataclasses.replace(current, away=tuple(sorted({*current.away, names.index(event.player)})))
        return dataclasses.replace(state, records=tuple(records))
    if isinstance(event, ev.DealCorrected):
        index = event.deal - 1
        corrected = corrected_record(state, records[index], event)
        if event.override:
            corrected = dataclasses.replace(corrected, overrides=(*corrected.overrides, event.override))
        records[index] = corrected
        return dataclasses.replace(state, records=tuple(records))
    record = records[-1]
    if isinstance(event, ev.ExactCut):
        record = dataclasses.replace(record, exact_cut=True, cutter_jokers=event.cutter_jokers)
    elif isinstance(event, ev.ContractChosen):
        record = dataclasses.replace(record, contract_index=event.contract_index)
    elif isinstance(event, ev.Buy):
        record = dataclasses.replace(record, buys=_bump(record.buys, names.index(event.player), n))
    elif isinstance(event, ev.ShanghaiCalled):
        record = dataclasses.replace(record, shanghai_calls=_bump(record.shanghai_calls, names.index(event.player), n))
    elif isinstance(event, ev.LaidDown):
        seat = names.index(event.player)
        record = dataclasses.replace(record, laid_down=(*record.laid_down, (seat, tuple(event.melds))))
    elif isinstance(event, ev.DealEnded):
        winner = names.index(event.went_out) if event.went_out is not None else None
        hands = tuple(sorted((names.index(k), v) for k, v in event.hands.items()))
        record = dataclasses.replace(record, ended=True, went_out=winner, hands=hands,
                                     out_in_one_turn=event.out_in_one_turn)
    if event.override:
        record = dataclasses.replace(record, overrides=(*record.overrides, event.override))
    records[-1] = record
    if isinstance(event, ev.DealEnded) and record.number < len(state.variant.deals):
        records.append(DealRecord(record.number + 1, away=record.away))
    return dataclasses.replace(state, records=tuple(records))


def corrected_record(state: GameFacts, record: DealRecord, event: ev.DealCorrected) -> DealRecord:
    """``record`` as ``event`` corrects it (what the fold keeps, and what the refusals weigh)."""
    names = state.names
    winner = names.index(event.went_out) if event.went_out in names else None
    hands = tuple((names.index(n), v) for n, v in event.hands.items() if n in names)
    changes: dict[str, Any] = {"went_out": winner, "hands": tuple(sorted(hands)), "corrected": True,
                               "out_in_one_turn": event.out_in_one_turn}
    if event.exact_cut is not None:
        changes["exact_cut"] = event.exact_cut
        if not event.exact_cut:
            changes["cutter_jokers"] = 0
    if event.cutter_jokers is not None:
        changes["cutter_jokers"] = event.cutter_jokers
    if event.buys is not None:
        changes["buys"] = tuple(max(event.buys.get(name, 0), 0) for name in names)
    if event.contract_index is not None:
        changes["contract_index"] = event.contract_index
    return dataclasses.replace(record, **changes)


def _bump(counts: tuple[int, ...], seat: int, players: int, by: int = 1) -> tuple[int, ...]:
    """Per-seat ``counts`` (buys, calls; shorter when the last seats have none) with ``by`` more for ``seat``."""
    more = list(counts) + [0] * (players - len(counts))
    more[seat] += by
    return tuple(more)
