"""The events of a Persian table game, one module each, and the registry that reads them back by type.

Adding an event is its module: :data:`EVENTS` finds it there (:func:`referee.ledger.kinds.kinds_in`); the fold,
the checks, the log and the stored form ask the event itself (:class:`~.base.Event`). A kind whose keys a
``referee-table-game/1`` file holds says how, as its ``file_part`` (:mod:`.filing`); one that owns no key says why.

>>> event = HandPlayed(hand_number=2, hand={"winner": "A", "losers_tricks": 3})
>>> event.to_dict()
{'type': 'hand-played', 'hand_number': 2, 'hand': {'winner': 'A', 'losers_tricks': 3}}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping

from referee.games.persian.ledger.events.base import Event, EventFormatError
from referee.games.persian.ledger.events.created import GameCreated
from referee.games.persian.ledger.events.game_ended import GameEnded
from referee.games.persian.ledger.events.hand_corrected import HandCorrected
from referee.games.persian.ledger.events.hand_played import HandPlayed
from referee.games.persian.ledger.events.player_renamed import PlayerRenamed
from referee.games.persian.ledger.events.redeal import Redeal
from referee.games.persian.ledger.events.undone import Undone
from referee.games.persian.rules.base import quote
from referee.ledger.kinds import kinds_in

__all__ = [
    "Event",
    "EventFormatError",
    "GameCreated",
    "HandPlayed",
    "HandCorrected",
    "Redeal",
    "PlayerRenamed",
    "GameEnded",
    "Undone",
    "EVENTS",
    "event_from_dict",
]

#: Every event by its type: every kind defined in this package's modules.
EVENTS: dict[str, type[Event]] = kinds_in(__name__, __path__, Event)


def event_from_dict(data: Mapping[str, object]) -> Event:
    """The event stored as ``data``; :class:`EventFormatError` (a ValueError) quotes what is wrong."""
    if not isinstance(data, Mapping):
        raise EventFormatError.of("event-not-object", value=quote(data))
    kind = data.get("type")
    cls = EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise EventFormatError.of("event-unknown-type", value=quote(kind), known=", ".join(EVENTS))
    return cls.from_dict(data)
