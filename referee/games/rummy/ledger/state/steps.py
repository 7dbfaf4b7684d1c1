"""What several events do alike to the state, once the rules allowed them (or the table did): the helpers of
each event's own step (:meth:`referee.games.rummy.ledger.events.base.Event.step`)."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from referee.games.rummy.ledger.state.facts import GameFacts
from referee.games.rummy.ledger.state.records import DealRecord

__all__ = ["State", "with_record", "bump"]

#: The fold's own state type (a step returns the same type it was given).
State = TypeVar("State", bound=GameFacts)


def with_record(state: State, record: DealRecord, override: str | None, *, index: int = -1) -> State:
    """The state with ``record`` as its record ``index`` (default: the deal under way's), keeping the reason of
    ``override`` on it when the table allowed the event anyway."""
    if override:
        record = dataclasses.replace(record, overrides=(*record.overrides, override))
    records = list(state.records)
    records[index] = record
    return dataclasses.replace(state, records=tuple(records))


def bump(counts: tuple[int, ...], seat: int, players: int, by: int = 1) -> tuple[int, ...]:
    """Per-seat ``counts`` (buys, calls; shorter when the last seats have none) with ``by`` more for ``seat``."""
    more = list(counts) + [0] * (players - len(counts))
    more[seat] += by
    return tuple(more)
