"""The Persian table games (docs/table-games.md): Hokm, Shelem, Shelem for two, Qahve, Bi-del, Rim, Shaytan and
Bluff. ``rules`` is the pure engine (standard library only); the ledger and the screens build on it."""

from __future__ import annotations

from referee.families import Family, register
from referee.games.persian import ledger, records

__all__ = ["PERSIAN"]


def _winners(state: ledger.TableState) -> tuple[str, ...]:
    # The score knows who won: a Shaytan or Bluff session ended by the scorekeeper has its leaders as winners,
    # any other game ended early has none.
    return state.winners


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
        read_file=ledger.read_file,
        export_game=ledger.export_game,
        import_game=ledger.import_game,
        tally=ledger.tally,
        sheet_text=ledger.sheet_text,
        sheet_json=ledger.sheet_json,
        winners=_winners,
        result=records.result,
        web="referee.games.persian.web",
    )
)
