"""Contract rummy as a family of games: an adapter over :mod:`referee.ledger` and the screens of :mod:`referee.web`.

The rummy code stays where it is (its rules in :mod:`referee.rules`, its events, fold and file in
:mod:`referee.ledger`, its screens in :mod:`referee.web.table` and :mod:`referee.web.board`); this package only
tells :mod:`referee.families` where each part is. Its screens are described in :mod:`referee.games.rummy.web`.
"""

from __future__ import annotations

from typing import Any

from referee.families import Family, register
from referee.ledger import exchange
from referee.ledger.events import Event, GameCreated, event_from_dict
from referee.ledger.gamefile import FORMAT, GameFileError
from referee.ledger.state import EventRefused, GameState, apply, check, replay, start
from referee.rules.catalogue import VARIANTS

__all__ = ["RUMMY"]


def _with_override(event: Event, reason: str) -> Event:
    return event.with_override(reason)


def _with_device(event: Event, label: str) -> Event:
    return event.with_device(label)


def _winners(state: GameState) -> tuple[str, ...]:
    """The players ranked first of a game played to its end (none for a game under way or ended early)."""
    if not state.finished or state.abandoned is not None:
        return ()
    return tuple(state.sheet.leaders)


def _read_file(data: object) -> dict[str, Any]:
    """A referee-game/1 file's dict, every check of :func:`referee.ledger.exchange.read_game_file` passed."""
    exchange.import_game(data)
    assert isinstance(data, dict)
    return data


def _sheet_json(state: Any, errors: Any) -> dict[str, Any]:
    return exchange.sheet_json(state, tuple(errors))


RUMMY = register(
    Family(
        id="rummy",
        name="Contract rummy",
        variant_ids=tuple(VARIANTS),
        created_types=(GameCreated.type,),
        event_from_dict=event_from_dict,
        start=start,
        apply=apply,
        replay=replay,
        check=check,
        event_refused=EventRefused,
        file_format=FORMAT,
        file_error=GameFileError,
        read_file=_read_file,
        export_game=exchange.export_game,
        import_game=exchange.import_game,
        tally=exchange.tally,
        sheet_text=exchange.sheet_text,
        sheet_json=_sheet_json,
        winners=_winners,
        with_override=_with_override,
        with_device=_with_device,
        web="referee.games.rummy.web",
    )
)
