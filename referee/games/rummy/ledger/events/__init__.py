"""The events of a game, as data with their whole story: what the scorekeeper recorded, in the order it happened.

One module a kind of event (:mod:`.base` says what every event is): its fields, every reason the rules refuse it
(``problems``), what it does to the state (``step``), and what the log and the history ask of it. The registry
:data:`EVENT_TYPES` finds every kind in this package's modules (no list names them) and reads them back by type;
the fold (:mod:`referee.games.rummy.ledger.state.game`), the checks and the steps ask the event itself, and know no
list of events. A kind of event that a game file's deal entry holds says how,
as its ``file_part`` (:mod:`.filing`): :data:`DEAL_PARTS` gathers them for the file's model and the exchange.

Events are frozen dataclasses taking keyword arguments. Each has a ``type`` (its kebab-case name in JSON),
``to_dict()`` for a JSON-safe dict and :func:`event_from_dict` to read one back. Any event may carry
``override``: the reason the rules gave for refusing it, kept when the table allowed it anyway; and ``device``:
the label of the phone that recorded it (the scorekeeper's choice; it changes nothing in the game).

>>> e = Buy(deal=2, player="Ana")
>>> e.to_dict()
{'type': 'buy', 'deal': 2, 'player': 'Ana'}
>>> event_from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.games.rummy.ledger.events.base import (
    ONE_TURN_OUTS,
    Event,
    EventFormatError,
    HandValue,
    InDeal,
    OneTurnOut,
    PlayerAction,
)
from referee.games.rummy.ledger.events.buy import Buy
from referee.games.rummy.ledger.events.contract_chosen import ContractChosen
from referee.games.rummy.ledger.events.created import GameCreated
from referee.games.rummy.ledger.events.deal_corrected import DealCorrected
from referee.games.rummy.ledger.events.deal_ended import DealEnded
from referee.games.rummy.ledger.events.exact_cut import ExactCut
from referee.games.rummy.ledger.events.filing import DealPart, part_of
from referee.games.rummy.ledger.events.game_abandoned import GameAbandoned
from referee.games.rummy.ledger.events.laid_down import LaidDown
from referee.games.rummy.ledger.events.player_left import PlayerLeft
from referee.games.rummy.ledger.events.player_renamed import PlayerRenamed
from referee.games.rummy.ledger.events.seats_changed import SeatsChanged
from referee.games.rummy.ledger.events.shanghai_called import ShanghaiCalled
from referee.games.rummy.ledger.events.undone import Undone
from referee.ledger.kinds import kinds_in

__all__ = [
    "Event",
    "InDeal",
    "PlayerAction",
    "GameCreated",
    "ExactCut",
    "Buy",
    "ShanghaiCalled",
    "LaidDown",
    "DealEnded",
    "DealCorrected",
    "ContractChosen",
    "PlayerRenamed",
    "SeatsChanged",
    "PlayerLeft",
    "GameAbandoned",
    "Undone",
    "EVENT_TYPES",
    "DEAL_PARTS",
    "EventFormatError",
    "event_from_dict",
    "HandValue",
    "OneTurnOut",
    "ONE_TURN_OUTS",
]

#: Every event by its type: every kind defined in this package's modules (:func:`referee.ledger.kinds.kinds_in`).
EVENT_TYPES: dict[str, type[Event]] = kinds_in(__name__, __path__, Event)

#: Every kind's part of a deal entry in a game file (:mod:`.filing`), in the order a deal's events are read back.
DEAL_PARTS: tuple[DealPart, ...] = tuple(
    sorted((part for cls in EVENT_TYPES.values() if isinstance(part := part_of(cls), DealPart)),
           key=lambda part: part.reads_at)
)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Read an event from its dict form; raises :class:`EventFormatError` quoting what is wrong."""
    if not isinstance(data, Mapping):
        raise EventFormatError(f"an event must be an object, not {data!r}")
    kind = data.get("type")
    cls = EVENT_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventFormatError(f"unknown event type {kind!r} (known: {', '.join(EVENT_TYPES)})")
    return cls.from_dict(data)
