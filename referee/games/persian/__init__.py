"""The Persian table games (docs/table-games.md): Hokm, Shelem, Shelem for two, Qahve, Bi-del, Rim, Shaytan and
Bluff. ``rules`` is the pure engine (standard library only); the ledger and the screens build on it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.families import Family, register
from referee.games.persian import ledger

__all__ = ["PERSIAN"]


def _read_file(data: object) -> dict[str, Any]:
    """A referee-table-game/1 file's dict (the core read its JSON), every check of the ledger's reader passed
    (:class:`~referee.games.persian.ledger.TableFileError` else)."""
    ledger.import_game(data)
    assert isinstance(data, dict)
    return data


def _tally(data: object) -> ledger.Tally:
    return ledger.tally(ledger.import_game(data))


def _sheet_json(state: ledger.TableState | None, errors: Sequence[str]) -> dict[str, Any]:
    """``referee tally --json``: the ledger's document, with the reasons the core was given."""
    document = ledger.sheet_json(ledger.Tally(state))
    document["errors"] = list(errors)
    return document


def _winners(state: ledger.TableState) -> tuple[str, ...]:
    return state.winners if state.ended is None else ()


PERSIAN = register(
    Family(
        id="persian",
        name="Persian card games",
        variant_ids=ledger.variant_ids,
        created_types=(ledger.GameCreated.type,),
        event_from_dict=ledger.event_from_dict,
        start=ledger.start,
        apply=ledger.apply,
        replay=ledger.replay,
        check=ledger.check,
        event_refused=ledger.EventRefused,
        file_format=ledger.FORMAT,
        file_error=ledger.TableFileError,
        read_file=_read_file,
        export_game=ledger.export_game,
        import_game=ledger.import_game,
        tally=_tally,
        sheet_text=ledger.sheet_text,
        sheet_json=_sheet_json,
        winners=_winners,
        web="referee.games.persian.web",
    )
)
